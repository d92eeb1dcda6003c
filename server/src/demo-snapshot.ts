/**
 * The demo database prepared once (issue 24 point 5): `npm run build:demo` (run by `npm run demo`
 * after the build) loads the demo fixtures into a PGlite database and keeps its data folder, shut
 * down cleanly, in dist/demo, named by a hash of everything that shapes it (metadata, fixtures, the
 * running code); a start on an empty data folder with demo data asked for copies that folder
 * (a file copy: a second, where unpacking a PGlite tarball took 8-12 s) and opens it instead of
 * loading the fixtures. A folder of another hash is never used: any change of metadata, fixtures
 * or code falls back to loading the fixtures.
 *
 * The snapshot holds no secret of the installation: the token signing secret is removed before
 * the dump, so every installation generates its own at its first start.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './config.ts';
import { todayIso } from '../../engine/src/values/dates.ts';

/** The folder of the running code: the project (sources through tsx) or dist/ (compiled). */
const CODE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DATA_INPUTS = ['metadata', 'fixtures', 'engine/core-metadata'];
/** The code that writes the seeded database (routes, the renderer and the log do not). */
const CODE_INPUTS = ['engine/src', 'plugins', 'server/src/seed', 'server/src/boot.ts', 'server/src/auth', 'server/src/realtime'];

async function filesUnder(root: string, dir: string): Promise<string[]> {
  // compiled: boot.ts is dist/server/src/boot.js
  const abs = join(root, root === ROOT || !dir.endsWith('.ts') ? dir : dir.replace(/\.ts$/, '.js'));
  if (!existsSync(abs)) return [];
  if (!abs.endsWith('/') && /\.[jt]s$/.test(abs)) return [abs];
  const entries = await readdir(abs, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && !/\.test\.[jt]s$|\.map$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** A hash of the metadata, the fixtures and the running code (tests and source maps aside). */
export async function snapshotHash(): Promise<string> {
  const h = createHash('sha256');
  // the demo's dates are moved to the day it is loaded (fixtures' asOf): another day's snapshot is stale
  h.update(todayIso());
  for (const [root, dirs] of [
    [ROOT, DATA_INPUTS],
    [CODE_ROOT, CODE_INPUTS],
  ] as const) {
    for (const d of dirs) {
      for (const f of await filesUnder(root, d)) {
        h.update(relative(root, f));
        h.update(await readFile(f));
      }
    }
  }
  return h.digest('hex').slice(0, 16);
}

/** The snapshot's folder: a PGlite data folder (PG_VERSION and the rest). */
export const snapshotPath = (hash: string): string => join(ROOT, 'dist', 'demo', `pglite-${hash}`);

/** The demo snapshot made from exactly these metadata, fixtures and code, when there is one. */
export async function demoSnapshot(): Promise<{ path: string } | null> {
  const path = snapshotPath(await snapshotHash());
  return existsSync(join(path, 'PG_VERSION')) ? { path } : null;
}

/**
 * Copies the snapshot into an empty data folder (where openDatabase looks for PGlite's files).
 * The system's `cp` runs beside the server's own start (module loading, metadata) on another core
 * and copies the 2,400 files in a fraction of Node's `fs.cp` time (0.2-0.9 s against 2.4 s for
 * 107 MB); Node's copy is the fallback where there is no `cp`.
 */
export async function copySnapshot(snapshot: { path: string }, dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const target = join(dataDir, 'pglite');
  const copied = await new Promise<boolean>((resolve, reject) => {
    execFile('cp', ['-R', snapshot.path, target], (e) => {
      if (!e) resolve(true);
      else if ((e as NodeJS.ErrnoException).code === 'ENOENT' && !existsSync(target)) resolve(false);
      else reject(new Error(`Copying the demo snapshot into ${target} failed: ${e.message}`));
    });
  });
  if (!copied) await cp(snapshot.path, target, { recursive: true });
}

/** Whether the embedded database's folder holds no database yet. */
export function emptyDataDir(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}
