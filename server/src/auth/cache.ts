/**
 * The auth rows (user, token generation, active company, letters) cached per process
 * (docs/decisions/0132). Without it every request paid a round trip to PostgreSQL before its own
 * work; with it a user's row is read once per change.
 *
 * Correctness rests on invalidation, not on the expiry:
 * - Statement triggers on the tables the row is made of (AUTH_TABLES) send NOTIFY on the channel
 *   `aero_auth` when a transaction that changed them commits; every process LISTENs and empties its
 *   cache. They catch every writer: routes, plugins, fixtures, another process, psql.
 * - This process's own committed writes empty it at once (database.writes), before the answer of
 *   the request that made them, so the next request here never waits for the notification.
 * - A row read while a change was committed is not kept: each read remembers the cache's epoch
 *   and is stored only when no invalidation happened meanwhile.
 * - While the listening connection is down nothing is cached (notifications could be missed); when
 *   it is up again the cache starts empty.
 * - Entries expire after AUTH_CACHE_MS (default 5,000 ms) as a backstop; 0 turns the cache off.
 */
import { sql } from 'kysely';
import type { Database } from '../../../engine/src/db/database.ts';

/** The tables an auth row is read from or depends on (roles write letters into user_menu). */
const AUTH_TABLES = ['users', 'user_company', 'user_menu', 'menu', 'module', 'company', 'role', 'role_menu', 'role_user'] as const;
export const AUTH_CHANNEL = 'aero_auth';
const TRIGGER = 'aero_auth_changed';
const TRIGGER_LOCK = 727_004; // advisory lock of the trigger installation (727_001 migrator, 727_002 menu sync, 727_003 seeding)
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  at: number;
  value: T;
}

export class AuthCache<T> {
  readonly #rows = new Map<number, Entry<T>>();
  #epoch = 0;
  #heard = '';
  #up = false;
  #users = 0;
  #stop: (() => Promise<void>) | null = null;
  #unwatch: (() => void) | null = null;

  constructor(
    private readonly database: Database,
    readonly ttlMs: number,
  ) {}

  /** Whether rows are kept now (listening, and not turned off). */
  get live(): boolean {
    return this.#up && this.ttlMs > 0;
  }

  /** The cache's epoch; pass it to `set` with the row read after taking it. */
  get epoch(): number {
    return this.#epoch;
  }

  /**
   * The payload of the last notification this process's listener took. Notifications reach the
   * listener in commit order, so once a payload sent after some commit is heard, that commit's
   * notifications have been taken too (a test waits on it instead of on time).
   */
  get heard(): string {
    return this.#heard;
  }

  get(userId: number, now = Date.now()): T | undefined {
    if (!this.live) return undefined;
    const e = this.#rows.get(userId);
    if (!e) return undefined;
    if (now - e.at >= this.ttlMs) {
      this.#rows.delete(userId);
      return undefined;
    }
    return e.value;
  }

  /** Keeps a row read since `epoch`, unless something changed meanwhile. */
  set(userId: number, value: T, epoch: number, now = Date.now()): void {
    if (!this.live || epoch !== this.#epoch) return;
    if (this.#rows.size >= MAX_ENTRIES) this.#rows.delete(this.#rows.keys().next().value as number);
    this.#rows.set(userId, { at: now, value });
  }

  invalidate(): void {
    this.#epoch++;
    this.#rows.clear();
  }

  /**
   * Starts invalidation (the triggers, LISTEN, this process's writes); the cache keeps nothing
   * until it runs. Several apps over one database share one cache: each start is matched by a stop.
   */
  async start(): Promise<void> {
    this.#users++;
    if (this.#users > 1 || this.ttlMs <= 0) return;
    await installTriggers(this.database);
    this.#unwatch = this.database.writes.on((tables) => {
      if (AUTH_TABLES.some((t) => tables.has(t))) this.invalidate();
    });
    this.#stop = await this.database.listen(
      AUTH_CHANNEL,
      (payload) => {
        this.#heard = payload;
        this.invalidate();
      },
      (up) => {
        this.invalidate();
        this.#up = up;
      },
    );
  }

  async stop(): Promise<void> {
    this.#users = Math.max(0, this.#users - 1);
    if (this.#users > 0) return;
    this.#up = false;
    this.invalidate();
    this.#unwatch?.();
    this.#unwatch = null;
    const stop = this.#stop;
    this.#stop = null;
    await stop?.();
  }
}

const caches = new WeakMap<Database, AuthCache<unknown>>();

/** The process's cache of auth rows for this database (one per database, whatever the apps). */
export function authCacheOf<T>(database: Database, ttlMs: number): AuthCache<T> {
  let c = caches.get(database);
  if (!c) {
    c = new AuthCache<unknown>(database, ttlMs);
    caches.set(database, c);
  }
  return c as AuthCache<T>;
}

/**
 * A statement trigger on each auth table that sends NOTIFY aero_auth with the table's name when
 * its transaction commits (PostgreSQL sends one notification per distinct payload and transaction).
 * Installed once, under an advisory lock, by the first process that finds one missing; a table
 * dropped and created again by a migration gets its trigger at the next start.
 */
async function installTriggers(database: Database): Promise<void> {
  const db = database.db;
  const tables = (
    await sql<{ name: string; has: boolean }>`
      select c.relname as name, exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = ${TRIGGER}) as has
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname in (${sql.join(AUTH_TABLES.map((t) => sql.lit(t)))})`.execute(db)
  ).rows;
  if (tables.every((t) => t.has)) return;
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${TRIGGER_LOCK})`.execute(tx);
    await sql
      .raw(
        `create or replace function ${TRIGGER}() returns trigger language plpgsql as $$
         begin perform pg_notify('${AUTH_CHANNEL}', tg_table_name); return null; end $$`,
      )
      .execute(tx);
    for (const t of tables) {
      await sql.raw(`create or replace trigger ${TRIGGER} after insert or update or delete or truncate on "${t.name}" for each statement execute function ${TRIGGER}()`).execute(tx);
    }
  });
}
