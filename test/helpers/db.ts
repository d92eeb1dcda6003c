/**
 * Test databases: the same suite runs on PGlite (TEST_DB=pglite, default) and PostgreSQL
 * (TEST_DB=postgres). A PostgreSQL test database is created fresh per call and dropped by close().
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { readFile } from 'node:fs/promises';
import { openDatabase, type Database } from '../../engine/src/db/database.ts';

export type TestDbKind = 'pglite' | 'postgres';

export const TEST_DB: TestDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  database: Database;
  /** Connection string for PostgreSQL (for a second server process); undefined on PGlite. */
  url?: string;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file. With `template`, a copy of the migrated and demo-seeded
 * template (test/helpers/template.ts) instead of an empty one.
 */
export async function createTestDatabase(kind: TestDbKind = TEST_DB, opts: { template?: boolean } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    if (opts.template) {
      const { ensureTemplate } = await import('./template.ts');
      const path = await ensureTemplate('pglite');
      const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([await readFile(path)]) });
      return { database, close: () => database.close() };
    }
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, close: () => database.close() };
  }
  const name = `aero_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  if (opts.template) {
    const { ensureTemplate } = await import('./template.ts');
    const tpl = await ensureTemplate('postgres');
    // concurrent copies of one template can collide for a moment: retry
    for (let i = 0; ; i++) {
      try {
        await admin.query(`create database ${name} template ${tpl}`);
        break;
      } catch (e) {
        if (i >= 20 || !/being accessed by other users/.test((e as Error).message)) throw e;
        await new Promise((r) => setTimeout(r, 250 + Math.random() * 500));
      }
    }
  } else {
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  return {
    database,
    url: url.toString(),
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
