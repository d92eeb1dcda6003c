/**
 * `npm run restore -- <backup folder>`: restores a backup made by `npm run backup` into an EMPTY
 * database: DATABASE_URL (a new database, `createdb`), or the embedded database in a new DATA_DIR.
 * Refuses a damaged backup (SHA-256), one of another database kind and one of a newer schema than
 * this version; then migrates to this version and checks every table's rows against the manifest
 * and the records. Exit code 0 only when all of it holds.
 */
import { loadConfig } from '../config.ts';
import { loadMetadata } from '../../../engine/src/metadata/loader.ts';
import { BackupError, restoreDatabase } from '../ops/backup.ts';
import { verifyAfterRestore } from '../ops/verify-restore.ts';

const folder = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!folder) {
  console.error('Usage: npm run restore -- <backup folder>   (into DATABASE_URL, or the embedded database in DATA_DIR)');
  process.exit(2);
}
const config = loadConfig();
const reg = await loadMetadata(config.metadataDirs).catch((e: Error) => {
  console.error(e.message);
  process.exit(2);
});
try {
  const started = Date.now();
  const r = await restoreDatabase({ folder, reg, url: config.databaseUrl, dataDir: config.dataDir, verify: verifyAfterRestore });
  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  console.log(`Restored ${r.manifest.database} backup of ${r.manifest.created_at} (version ${r.manifest.product.version}, migration ${r.manifest.migration?.id ?? '-'}) into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s; ${r.migrated} migration statements to this version.`);
  for (const m of r.mismatched) console.error(`Rows differ in ${m.table}: the backup had ${m.expected}, the restore has ${m.found}.`);
  for (const b of r.broken) console.error(`Records: ${b}`);
  if (r.mismatched.length || r.broken.length) process.exitCode = 1;
  else console.log(`Every table's rows are the backup's (${Object.keys(r.manifest.tables).length} tables); the records verify.`);
} catch (e) {
  console.error(e instanceof BackupError ? e.message : (e as Error).stack);
  process.exitCode = 2;
}
