/**
 * Statements marked `/* prepared:<name> *\/` run as named prepared statements on PostgreSQL (parsed
 * and planned once per connection) and as ordinary statements on PGlite; either way they answer
 * the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/helpers/db.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

describe('prepared statements', () => {
  it('answers a marked statement, prepared under its name on PostgreSQL', async () => {
    const names = await t.database.db.transaction().execute(async (tx) => {
      for (const n of [1, 2, 3]) {
        const r = await sql<{ v: number }>`/* prepared:probe_double */ select ${n}::int * 2 as v`.execute(tx);
        expect(r.rows).toEqual([{ v: n * 2 }]);
      }
      // same connection (the transaction's): its prepared statements
      return (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(tx)).rows.map((r) => r.name);
    });
    if (TEST_DB === 'postgres') expect(names).toContain('probe_double');
    else expect(names).not.toContain('probe_double'); // PGlite: an ordinary statement
  });
});
