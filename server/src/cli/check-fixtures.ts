/**
 * `npm run check:fixtures`: reads every fixture file (fixtures/reference, fixtures/demo), checks it
 * against engine/src/fixtures/fixture.schema.json, then loads the demo into a new in-memory
 * database exactly as `npm run seed` does, printing the time per file. Exit code 1 on the first
 * problem, named by file, step, entity and row.
 */
import { loadConfig } from '../config.ts';
import { createServices } from '../boot.ts';
import { openDatabase } from '../../../engine/src/db/database.ts';
import { FixtureError } from '../../../engine/src/fixtures/fixture-error.ts';
import { seedDemo } from '../seed/demo.ts';

const config = { ...loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' }), jwtSecret: 'check-fixtures', dataDir: 'memory://' };
const services = await createServices(config, { database: await openDatabase({ dataDir: 'memory://' }) });
const t = Date.now();
try {
  await seedDemo(services.database.db, services.reg, { onFile: (name, ms) => console.log(`${name.padEnd(52)} ${String(ms).padStart(6)} ms`) });
  console.log(`Fixtures OK: loaded in ${((Date.now() - t) / 1000).toFixed(1)} s.`);
} catch (e) {
  console.error(e instanceof FixtureError ? `Fixture refused: ${e.message}` : e);
  process.exitCode = 1;
} finally {
  await services.database.close();
}
