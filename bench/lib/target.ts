/**
 * The database a benchmark runs on: PostgreSQL (a connection string) or PGlite (a folder), opened
 * with the app's own start-up code (createServices: metadata, migrations, menus) and demo-seeded
 * with the app's own seedDemo when empty.
 *
 *   const target = resolveTarget(flags, { quick: false });
 *   const services = await openServices(target);
 */
import { resolve } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig, ROOT, type Config } from '../../server/src/config.ts';
import { createServices } from '../../server/src/boot.ts';
import { hasUsers, seedDemo } from '../../server/src/seed/demo.ts';
import type { Services } from '../../server/src/services.ts';
import { flagString, log, type Flags } from './report.ts';

export type Target = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

/** Where a temporary benchmark database is created (and dropped). */
export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The kept full-scale database when nothing else is named (next to ADMIN_URL). */
export const DEFAULT_URL = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = '/aero_bench';
  return u.toString();
})();
/** The PGlite folder used when PostgreSQL is not reachable. */
export const DEFAULT_PGLITE_DIR = resolve(ROOT, '.tmp/bench-pglite');
/** A fixed signing secret shared by the generator, the benchmark server and the runner. */
export const BENCH_JWT_SECRET = 'bench-secret-0123456789abcdef';

export function describeTarget(t: Target): string {
  if (t.kind === 'pglite') return `PGlite in ${t.dir}`;
  const u = new URL(t.url);
  return `PostgreSQL ${u.host}${u.pathname}`;
}

/**
 * `--db url` / `--pglite dir` / BENCH_DATABASE_URL (and, for the generator only, DATABASE_URL),
 * else undefined (the caller picks a default). The runner never falls back to DATABASE_URL, so that
 * it cannot fill an application database with a million rows by accident.
 */
export function targetFromFlags(flags: Flags, opts: { useDatabaseUrl?: boolean } = {}): Target | undefined {
  const url = flagString(flags, 'db') ?? (process.env.BENCH_DATABASE_URL || (opts.useDatabaseUrl ? process.env.DATABASE_URL : undefined) || undefined);
  if (url) return { kind: 'postgres', url };
  const dir = flagString(flags, 'pglite');
  if (dir) return { kind: 'pglite', dir: resolve(dir) };
  return undefined;
}

export function benchConfig(t: Target): Config {
  return {
    ...loadConfig({
      ...process.env,
      DATABASE_URL: t.kind === 'postgres' ? t.url : '',
      DATA_DIR: t.kind === 'pglite' ? t.dir : resolve(ROOT, '.tmp/bench-unused'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
    }),
    jwtSecret: BENCH_JWT_SECRET,
  };
}

/** The default of both the generator and the runner: PostgreSQL aero_bench, else PGlite. */
export async function defaultTarget(): Promise<Target> {
  if (await postgresReachable(ADMIN_URL)) return { kind: 'postgres', url: DEFAULT_URL };
  log(`PostgreSQL is not reachable at ${ADMIN_URL}: using PGlite in ${DEFAULT_PGLITE_DIR}`);
  return { kind: 'pglite', dir: DEFAULT_PGLITE_DIR };
}

export async function postgresReachable(url = ADMIN_URL): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

function adminUrlFor(url: string): { admin: string; name: string } {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`benchmark database name must be a plain identifier, got '${name}'`);
  u.pathname = '/postgres';
  return { admin: u.toString(), name };
}

/** Creates the PostgreSQL database of `url` when it does not exist. Returns true when created. */
export async function ensurePgDatabase(url: string): Promise<boolean> {
  const { admin, name } = adminUrlFor(url);
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    const r = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (r.rowCount) return false;
    await c.query(`create database ${name}`);
    return true;
  } finally {
    await c.end();
  }
}

export async function dropPgDatabase(url: string): Promise<void> {
  const { admin, name } = adminUrlFor(url);
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
  } finally {
    await c.end();
  }
}

/** Opens the database through the app's start-up code and seeds the demo data when it is empty. */
export async function openServices(t: Target): Promise<Services> {
  const s = await createServices(benchConfig(t));
  if (!(await hasUsers(s.database.db))) {
    const t0 = performance.now();
    await seedDemo(s.database.db, s.reg);
    log(`demo data seeded in ${Math.round(performance.now() - t0)} ms`);
  }
  return s;
}

export async function databaseVersion(s: Services): Promise<string> {
  const r = await sql<{ v: string }>`select version() as v`.execute(s.database.db);
  const v = r.rows[0]?.v ?? '';
  const short = /PostgreSQL [0-9.]+/.exec(v)?.[0] ?? v;
  return s.database.kind === 'pglite' ? `PGlite (${short})` : short;
}
