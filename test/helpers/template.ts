/**
 * A migrated, demo-seeded database built once and copied for every test file: PostgreSQL
 * `CREATE DATABASE … TEMPLATE`, PGlite a dumped data folder. Keyed by a hash of everything that
 * shapes it (metadata, seed, migrations, plugins), so a stale template is never used; kept
 * between runs to make reruns fast.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import pg from 'pg';
import { ROOT, loadConfig } from '../../server/src/config.ts';
import { createServices } from '../../server/src/boot.ts';
import { seedDemo } from '../../server/src/seed/demo.ts';
import { openDatabase } from '../../engine/src/db/database.ts';
import type { TestDbKind } from './db.ts';
import { todayIso } from '../../engine/src/values/dates.ts';

const INPUTS = ['metadata', 'fixtures', 'engine/core-metadata', 'engine/src', 'server/src/seed', 'server/src/boot.ts', 'server/src/auth', 'plugins'];
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function files(dir: string): Promise<string[]> {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  try {
    const entries = await readdir(abs, { withFileTypes: true, recursive: true });
    return entries.filter((e) => e.isFile()).map((e) => relative(ROOT, join(e.parentPath, e.name))).sort();
  } catch {
    return [dir];
  }
}

export async function templateHash(): Promise<string> {
  const h = createHash('sha256');
  // the demo is loaded as of the day it is built (fixtures' asOf): a template of another day is stale
  h.update(todayIso());
  for (const d of INPUTS) {
    for (const f of await files(d)) {
      h.update(f);
      h.update(await readFile(join(ROOT, f)));
    }
  }
  return h.digest('hex').slice(0, 16);
}

export const pgliteTemplatePath = (hash: string) => join(ROOT, '.tmp', 'templates', `pglite-${hash}.tar.gz`);
export const pgTemplateName = (hash: string) => `aero_tpl_${hash}`;

async function seeded(url?: string, dataDir?: string) {
  const config = { ...loadConfig({ ...process.env, DATABASE_URL: url ?? '', LOG_LEVEL: 'silent' }), jwtSecret: 'template', dataDir: dataDir ?? 'memory://' };
  const database = await openDatabase({ url, dataDir: 'memory://' });
  const s = await createServices(config, { database });
  await seedDemo(s.database.db, s.reg);
  return s;
}

/** Builds the template for this kind if it does not exist yet; returns its path or database name. */
export async function ensureTemplate(kind: TestDbKind): Promise<string> {
  const hash = await templateHash();
  if (kind === 'pglite') {
    const path = pgliteTemplatePath(hash);
    if (existsSync(path)) return path;
    const s = await seeded();
    const blob = await s.database.dump?.();
    if (!blob) throw new Error('PGlite dump unavailable');
    await mkdir(join(ROOT, '.tmp', 'templates'), { recursive: true });
    await writeFile(`${path}.part`, Buffer.from(await blob.arrayBuffer()));
    await rename(`${path}.part`, path);
    await s.database.close();
    return path;
  }
  const name = pgTemplateName(hash);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return name;
    // a build name of our own: concurrent runs never touch each other's build
    const building = `${name}_b${process.pid}`;
    await admin.query(`drop database if exists ${building}`);
    await admin.query(`create database ${building}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${building}`;
    const s = await seeded(url.toString());
    await s.database.close();
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (e) {
      // another run finished the same template first: use theirs
      await admin.query(`drop database if exists ${building}`);
      if (!/already exists/.test((e as Error).message)) throw e;
    }
    // older templates of this checkout are no longer needed (those in use are left alone); other
    // checkouts' templates (worktrees testing in parallel) are marked with their folder and kept
    await admin.query(`comment on database ${name} is ${pgLiteral(`aeroerp template of ${ROOT}`)}`);
    const old = await admin.query(
      "select datname from pg_database where datname like 'aero_tpl_%' and datname <> $1 and datname not like '%\\_b%' and coalesce(shobj_description(oid, 'pg_database'), $2) = $2",
      [name, `aeroerp template of ${ROOT}`],
    );
    for (const r of old.rows as { datname: string }[]) await admin.query(`drop database if exists ${r.datname}`).catch(() => undefined);
    return name;
  } finally {
    await admin.end();
  }
}

const pgLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;
