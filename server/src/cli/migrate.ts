/**
 * `npm run migrate [-- --dry-run] [-- --allow-destructive]`: applies (or shows) the schema changes
 * the metadata asks for, on DATABASE_URL or the embedded database in DATA_DIR.
 */
import { loadConfig } from '../config.ts';
import { loadMetadata } from '../../../engine/src/metadata/loader.ts';
import { openDatabase } from '../../../engine/src/db/database.ts';
import { migrate, pendingMigration } from '../../../engine/src/db/migrate.ts';

const config = loadConfig();
const reg = await loadMetadata(config.metadataDirs).catch((e: Error) => {
  console.error(e.message);
  process.exit(2);
});
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  if (process.argv.includes('--dry-run')) {
    const plan = await pendingMigration(database.db, reg);
    console.log(plan.statements.length ? plan.statements.join(';\n') + ';' : 'Nothing to migrate.');
    if (plan.destructive.length) console.log(`\nDestructive:\n  ${plan.destructive.join('\n  ')}`);
  } else {
    const r = await migrate(database.db, reg, { allowDestructive: config.allowDestructive || process.argv.includes('--allow-destructive') });
    console.log(r.applied ? `Applied migration ${r.id} (${r.statements.length} statements).` : 'Nothing to migrate.');
  }
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 2;
} finally {
  await database.close();
}
