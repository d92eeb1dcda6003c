/**
 * `npm run backup [-- --dir <folder>]`: a backup of DATABASE_URL (pg_dump) or of the embedded
 * database in DATA_DIR (stop the server first: the embedded database has one process) into a new
 * folder under --dir (default BACKUP_DIR or ./backups). Prints the folder and its manifest's
 * summary; docs/operations.md says where to keep copies.
 */
import { loadConfig, ROOT } from '../config.ts';
import { openDatabase } from '../../../engine/src/db/database.ts';
import { backupDatabase, BackupError } from '../ops/backup.ts';

const config = loadConfig();
const i = process.argv.indexOf('--dir');
const dir = i > 0 ? process.argv[i + 1] : (process.env.BACKUP_DIR ?? './backups');
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const started = Date.now();
  const { folder, manifest } = await backupDatabase({ database, url: config.databaseUrl, dir, root: ROOT });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`Backup written to ${folder} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${manifest.database}, migration ${manifest.migration?.id ?? '-'}, ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.file} ${manifest.bytes} bytes, sha256 ${manifest.sha256}.`);
} catch (e) {
  console.error(e instanceof BackupError ? e.message : (e as Error).stack);
  process.exitCode = 2;
} finally {
  await database.close();
}
