/**
 * `npm start`: serves the app on PORT (default 8080) with the embedded database in DATA_DIR
 * (default ./data), or PostgreSQL when DATABASE_URL is set. Seeds demo data into an empty database
 * unless SEED_DEMO=0.
 */
import { loadConfig } from './config.ts';
import { copySnapshot, demoSnapshot, emptyDataDir } from './demo-snapshot.ts';

const SEED_LOCK = 727_003; // advisory lock of the demo seeding (727_001 migrator, 727_002 menu sync)

async function main(): Promise<void> {
  const config = loadConfig();
  let services;
  // an empty embedded database with demo data asked for: the demo snapshot made at build time for
  // exactly these metadata, fixtures and code, when there is one (server/src/demo-snapshot.ts)
  const snapshot = !config.databaseUrl && config.seedDemo && emptyDataDir(config.dataDir) ? await demoSnapshot() : null;
  if (snapshot) console.log(`Opening the demo database prepared at build time (${snapshot.path})`);
  // the copy runs while the server's modules load and its metadata is validated (issue 24 point 5):
  // the modules are imported only now, after the copy has started
  const dataReady = snapshot ? copySnapshot(snapshot, config.dataDir) : undefined;
  dataReady?.catch(() => undefined); // awaited (and reported) by createServices
  const [{ sql }, { createServices, StartPhases }, { buildApp }, { seedDemo, hasUsers }, { loadProgress }, { MetadataError }, { MigrationRefusedError }] = await Promise.all([
    import('kysely'),
    import('./boot.ts'),
    import('./app.ts'),
    import('./seed/demo.ts'),
    import('./seed/progress.ts'),
    import('../../engine/src/metadata/loader.ts'),
    import('../../engine/src/db/migrate.ts'),
  ]);
  const phases = new StartPhases();
  phases.mark('modules');
  try {
    services = await createServices(config, { dataReady, phases });
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
    await phases.time('demo data', services.database.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(conn);
      try {
        if (await hasUsers(conn)) return;
        const progress = loadProgress(process.stdout);
        await seedDemo(conn, reg, progress);
        progress.done();
      } finally {
        await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(conn);
      }
    }));
  }
  const app = await phases.time('app', buildApp(services));
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`AeroERP listening on http://${shown}:${config.port}${config.host === '127.0.0.1' ? ' (this machine only; HOST=0.0.0.0 to open it)' : ''} (${services.database.kind}${services.database.kind === 'pglite' ? `, data in ${config.dataDir}` : ''})`);
  console.log(`Started in ${(performance.now() / 1000).toFixed(1)} s (from the process's start: ${phases})`);
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
