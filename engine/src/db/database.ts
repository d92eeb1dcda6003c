/**
 * Opens the database: PostgreSQL when a connection string is given (DATABASE_URL), otherwise an
 * embedded PGlite database kept in a data folder. Both give the same Kysely instance type and the
 * same value types (bigint and numeric as numbers, date as 'YYYY-MM-DD', timestamps as ISO text),
 * so every query runs unchanged on either.
 *
 *   const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: './data' });
 *   await database.db.selectFrom('company').selectAll().execute();
 */
import { mkdir } from 'node:fs/promises';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from './pglite-dialect.ts';
import { PARSERS } from './value-types.ts';
import { WriteWatch } from './write-watch.ts';
import { DatabaseFeatures } from './features.ts';
import { preparedName } from './prepared.ts';
import type { Database as Tables } from './schema.gen.ts';

/**
 * The database, typed from metadata (schema.gen.ts, `npm run gen:types`): a query naming a table
 * gets its table name, columns and value types checked; a table the metadata does not declare
 * does not compile. Code addressing tables named at run time goes through `loose` (loose.ts).
 */
export type DB = Kysely<Tables>;

export interface Database {
  kind: 'postgres' | 'pglite';
  db: DB;
  /**
   * Runs `fn` for every NOTIFY on the channel (PostgreSQL LISTEN, or PGlite's listen). `onState`
   * is told when the listening connection is up (true) or lost (false: notifications may be missed
   * until it is up again).
   */
  listen(channel: string, fn: (payload: string) => void, onState?: (up: boolean) => void): Promise<() => Promise<void>>;
  /** This process's committed writes by table (write-watch.ts). */
  writes: WriteWatch;
  close(): Promise<void>;
  /** PGlite only: the whole database as a gzipped tarball (loadDataDir). */
  dump?: () => Promise<Blob>;
  /** Every statement's time as it finishes (the server's metrics watch it). */
  timings: QueryTimings;
  /** PostgreSQL only: the pool's connections (all, idle, requests waiting for one). */
  pool?: () => { total: number; idle: number; waiting: number };
}

/**
 * Statement times for whoever watches (server/src/ops/metrics.ts): Kysely's log hook, which sees
 * every statement on every connection and in every transaction, calls `emit` with the
 * milliseconds it took and whether it failed. Nothing is kept here.
 */
export class QueryTimings {
  readonly #watchers = new Set<(ms: number, failed: boolean) => void>();
  watch(fn: (ms: number, failed: boolean) => void): () => void {
    this.#watchers.add(fn);
    return () => this.#watchers.delete(fn);
  }
  emit(ms: number, failed: boolean): void {
    for (const fn of this.#watchers) fn(ms, failed);
  }
  /** Kysely's `log` option emitting here. */
  readonly log = (e: LogEvent): void => this.emit(e.queryDurationMillis, e.level === 'error');
}

export interface OpenOptions {
  /** postgres://… ; when empty the embedded database is used. */
  url?: string;
  /** Folder of the embedded database; `memory://` for a throw-away one. */
  dataDir?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** An already opened PGlite. */
  pglite?: PGlite;
  /** Start the embedded database from a dump (PGlite dumpDataDir), e.g. a seeded test template. */
  loadDataDir?: Blob;
  /** Server settings added to PGlite's own start parameters (name → value, as `-c name=value`). */
  settings?: Record<string, string>;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10);
  return openPGlite(opts);
}

/**
 * A new pool connection: its errors never crash the process; a statement marked for preparing
 * (prepared.ts: a `prepared:<name>` comment at the start, or PREPARE anywhere) is sent as a named
 * prepared statement, parsed once per connection; its committed writes are watched (write-watch.ts).
 */
function onConnect(client: pg.PoolClient, writes: WriteWatch): void {
  client.on('error', () => undefined);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const kept = new Set<string>();
  const watch = writes.connection();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, values?: unknown, cb?: unknown) => {
    const name = typeof text === 'string' ? preparedName(text, kept) : undefined;
    const r = name ? query({ name, text, values }, cb) : query(text, values, cb);
    // committed writes of this process, by table (write-watch.ts); Kysely uses the promise form
    if (typeof text === 'string' && r instanceof Promise) {
      return r.then((res: unknown) => {
        watch(text);
        return res;
      });
    }
    return r;
  };
}

/** LISTEN on one dedicated connection of the pool, replaced with backoff when it drops; resolves to the function that stops. */
async function listenOn(pool: pg.Pool, channel: string, fn: (payload: string) => void, onState?: (up: boolean) => void): Promise<() => Promise<void>> {
  let client: pg.PoolClient | null = null;
  let stopped = false;
  const handler = (msg: pg.Notification) => {
    if (msg.channel === channel) fn(msg.payload ?? '');
  };
  const connect = async (delay: number): Promise<void> => {
    while (!stopped) {
      try {
        const c = await pool.connect();
        c.on('notification', handler);
        c.on('error', () => {
          if (client !== c) return;
          client = null;
          onState?.(false);
          c.release(true);
          if (!stopped) void connect(500);
        });
        await c.query(`LISTEN ${quoteIdent(channel)}`);
        client = c;
        onState?.(true);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 10_000);
      }
    }
  };
  await connect(500);
  return async () => {
    stopped = true;
    const c = client;
    client = null;
    if (!c) return;
    c.off('notification', handler);
    await c.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
    c.release();
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const writes = new WriteWatch();
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A dropped connection (e.g. PostgreSQL restarted) must not crash the process; the pool reconnects.
  // Idle clients report to the pool; clients in use report to themselves (the query fails anyway).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => onConnect(client, writes));
  const timings = new QueryTimings();
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }), log: timings.log, plugins: [new DatabaseFeatures()] }) as DB;
  await sql`select 1`.execute(db);
  return {
    kind: 'postgres',
    db,
    writes,
    timings,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // One dedicated connection LISTENs; when it drops (PostgreSQL restarted, network cut) it is
    // replaced with backoff, so notifications resume without restarting the server.
    listen: (channel, fn, onState) => listenOn(pool, channel, fn, onState),
    async close() {
      await db.destroy();
    },
  };
}

async function openPGlite(opts: OpenOptions): Promise<Database> {
  let pglite = opts.pglite;
  if (!pglite) {
    const dir = opts.dataDir ?? './data';
    if (!dir.startsWith('memory://')) await mkdir(dir, { recursive: true });
    pglite = await PGlite.create(dir.startsWith('memory://') ? undefined : `${dir}/pglite`, {
      parsers: PARSERS,
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      ...(opts.settings ? { startParams: [...PGlite.defaultStartParams, ...Object.entries(opts.settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])] } : {}),
    });
  }
  const writes = new WriteWatch();
  const timings = new QueryTimings();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite, writes), log: timings.log, plugins: [new DatabaseFeatures()] }) as DB;
  const pgl = pglite;
  return {
    kind: 'pglite',
    db,
    writes,
    timings,
    // one session in this process: a notification arrives with the answer to the COMMIT that sent it
    async listen(channel, fn, onState) {
      const unsub = await pgl.listen(channel, fn);
      onState?.(true);
      return async () => unsub();
    },
    async close() {
      await db.destroy();
    },
    dump: () => pgl.dumpDataDir('gzip'),
  };
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
