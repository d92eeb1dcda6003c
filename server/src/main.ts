/**
 * `npm start`: serves the app on PORT (default 8080) with the embedded database in DATA_DIR
 * (default ./data), or PostgreSQL when DATABASE_URL is set. Seeds demo data into an empty database
 * unless SEED_DEMO=0.
 */
import { sql } from 'kysely';
import { loadConfig } from './config.ts';
import { createServices } from './boot.ts';
import { buildApp } from './app.ts';
import { seedDemo, hasUsers } from './seed/demo.ts';
import { loadProgress } from './seed/progress.ts';
import { copySnapshot, demoSnapshot, emptyDataDir } from './demo-snapshot.ts';
import { MetadataError } from '../../engine/src/metadata/loader.ts';
import { MigrationRefusedError } from '../../engine/src/db/migrate.ts';

const SEED_LOCK = 727_003; // advisory lock of the demo seeding (727_001 migrator, 727_002 menu sync)

async function main(): Promise<void> {
  const config = loadConfig();
  let services;
  // an empty embedded database with demo data asked for: the demo snapshot made at build time for
  // exactly these metadata, fixtures and code, when there is one (server/src/demo-snapshot.ts)
  const snapshot = !config.databaseUrl && config.seedDemo && emptyDataDir(config.dataDir) ? await demoSnapshot() : null;
  if (snapshot) console.log(`Opening the demo database prepared at build time (${snapshot.path})`);
  try {
    if (snapshot) await copySnapshot(snapshot, config.dataDir);
    services = await createServices(config);
  } catch (e) {
    if (e instanceof MetadataError || e instanceof MigrationRefusedError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  if (config.seedDemo) {
    const { reg } = services;
    // Several processes may start at once on an empty PostgreSQL database (compose.yaml): one
    // seeds under an advisory lock, the others wait for it and then find the users there.
    await services.database.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(conn);
      try {
        if (await hasUsers(conn)) return;
        const progress = loadProgress(process.stdout);
        await seedDemo(conn, reg, progress);
        progress.done();
      } finally {
        await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(conn);
      }
    });
  }
  const app = await buildApp(services);
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`AeroERP listening on http://${shown}:${config.port}${config.host === '127.0.0.1' ? ' (this machine only; HOST=0.0.0.0 to open it)' : ''} (${services.database.kind}${services.database.kind === 'pglite' ? `, data in ${config.dataDir}` : ''})`);
  const stop = async () => {
    await app.close();
    await services.database.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
