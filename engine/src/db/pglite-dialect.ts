/**
 * Kysely dialect for PGlite (embedded PostgreSQL in WebAssembly).
 *
 * PGlite is ONE database session. If two Kysely transactions interleaved on it, a ROLLBACK issued
 * by one would undo the other's work (this is how the published kysely-pglite dialect loses data).
 * So this driver hands out its single connection to one user at a time: acquireConnection waits
 * until the previous holder released it. A transaction holds the connection from BEGIN to
 * COMMIT/ROLLBACK; a plain query holds it for that query only.
 *
 *   const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
 */
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { PARSERS } from './value-types.ts';
import type { WriteWatch } from './write-watch.ts';

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pg: PGlite,
    private readonly watch?: (text: string) => void,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.pg.query<R>(compiled.sql, compiled.parameters as unknown[], { parsers: PARSERS });
    this.watch?.(compiled.sql);
    const affected = res.affectedRows;
    const isWrite = res.command !== undefined && ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(res.command);
    return {
      rows: res.rows,
      ...(isWrite || (affected !== undefined && res.rows.length === 0) ? { numAffectedRows: BigInt(affected ?? 0) } : {}),
    };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiled);
  }
}

/** A FIFO mutex: one holder at a time. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const prev = this.#tail;
    this.#tail = prev.then(() => next);
    return prev.then(() => release);
  }
}

class PGliteDriver implements Driver {
  readonly #pg: PGlite;
  readonly #conn: PGliteConnection;
  readonly #mutex = new Mutex();
  #release: (() => void) | null = null;

  constructor(pg: PGlite, writes?: WriteWatch) {
    this.#pg = pg;
    this.#conn = new PGliteConnection(pg, writes?.connection());
  }

  async init(): Promise<void> {
    await this.#pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    this.#release = release;
    return this.#conn;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (settings.isolationLevel) {
      await conn.executeQuery(CompiledQuery.raw(`begin transaction isolation level ${settings.isolationLevel}`));
    } else {
      await conn.executeQuery(CompiledQuery.raw('begin'));
    }
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
  }

  async rollbackToSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
  }

  async releaseSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  async releaseConnection(): Promise<void> {
    const r = this.#release;
    this.#release = null;
    r?.();
  }

  async destroy(): Promise<void> {
    if (!this.#pg.closed) await this.#pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(
    private readonly pg: PGlite,
    /** Told of this process's committed writes (write-watch.ts). */
    private readonly writes?: WriteWatch,
  ) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg, this.writes);
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
