/**
 * `npm run verify:records [-- --company CTA] [-- --json]`: walks each company's audit chain (and the
 * seals, once they exist) on DATABASE_URL or the embedded database in DATA_DIR, prints one line per
 * chain and the first broken link, and exits 1 when anything is broken (decision 0312). Read only:
 * it runs no migration.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../../../engine/src/db/database.ts';
import { formatRecordsReport, verifyRecords } from '../../../engine/src/records/verify.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const report = await verifyRecords(database.db, arg('--company'));
  console.log(process.argv.includes('--json') ? JSON.stringify(report, null, 2) : formatRecordsReport(report));
  process.exitCode = report.ok ? 0 : 1;
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 2;
} finally {
  await database.close();
}
