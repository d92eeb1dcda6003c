/**
 * `npm run build:demo` (run by `npm run demo` after `npm run build`): the demo database prepared
 * once, as a PGlite data folder in dist/demo named by the hash of metadata, fixtures and code
 * (server/src/demo-snapshot.ts). Does nothing when the snapshot of this hash exists; removes
 * snapshots of other hashes.
 */
import { readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { createServices } from '../boot.ts';
import { openDatabase } from '../../../engine/src/db/database.ts';
import { seedDemo } from '../seed/demo.ts';
import { loadProgress } from '../seed/progress.ts';
import { snapshotHash, snapshotPath } from '../demo-snapshot.ts';

const path = snapshotPath(await snapshotHash());
if (existsSync(join(path, 'PG_VERSION'))) {
  console.log(`Demo snapshot up to date: ${path}`);
} else {
  // seeded in a scratch folder, shut down cleanly, then moved into place (never a half-written snapshot)
  const scratch = `${path}.part`;
  await rm(scratch, { recursive: true, force: true });
  // a throw-away secret: nothing of it is kept (the installation makes its own at its first start)
  const config = { ...loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' }), jwtSecret: 'demo-snapshot', dataDir: scratch };
  // a smaller folder to copy at every empty start: written-off WAL segments are removed, not kept
  // for reuse (a fresh data folder needs only the segment of its last checkpoint)
  const database = await openDatabase({ dataDir: scratch, settings: { wal_recycle: 'off', min_wal_size: '32MB' } });
  try {
    const s = await createServices(config, { database });
    const progress = loadProgress(process.stdout, 'Preparing the demo snapshot');
    await seedDemo(s.database.db, s.reg, progress);
    progress.done();
    await s.database.db.deleteFrom('sys_setting').where('setting_key', '=', 'jwt_secret').execute();
    // the rows the seed updated leave dead versions behind: compacted, the folder is smaller to copy
    await sql`vacuum full`.execute(s.database.db);
    await sql`checkpoint`.execute(s.database.db);
  } finally {
    await database.close();
  }
  await rm(path, { recursive: true, force: true });
  await rename(join(scratch, 'pglite'), path);
  await rm(scratch, { recursive: true, force: true });
  console.log(`Demo snapshot written: ${path}`);
  for (const f of await readdir(dirname(path))) {
    if (f !== basename(path) && /^pglite-[0-9a-f]+(\.tar\.gz)?(\.part)?$/.test(f)) await rm(join(dirname(path), f), { recursive: true, force: true });
  }
}
