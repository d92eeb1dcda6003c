/**
 * Statements marked PREPARE (engine/src/db/prepared.ts, decision 0213): named by their text, sent
 * as named prepared statements on PostgreSQL, at most MAX_PREPARED_PER_CONNECTION per connection,
 * the rest unnamed; on PGlite the mark is a comment. Both databases (TEST_DB).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MAX_PREPARED_PER_CONNECTION, PREPARE, PREPARE_MARK, preparedName } from '../src/db/prepared.ts';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/helpers/db.ts';
import { executeReused } from '../src/query/reuse.ts';
import { CamelCasePlugin } from 'kysely';

describe('preparedName', () => {
  it('names a marked statement by its text, the same text always the same name', () => {
    const kept = new Set<string>();
    const a = preparedName(`select 1 where x = $1 ${PREPARE_MARK}`, kept);
    expect(a).toMatch(/^p_[0-9a-f]{24}$/);
    expect(preparedName(`select 1 where x = $1 ${PREPARE_MARK}`, new Set())).toBe(a);
    expect(preparedName(`select 2 where x = $1 ${PREPARE_MARK}`, kept)).not.toBe(a);
    expect([...kept]).toHaveLength(2);
  });

  it('leaves an unmarked statement unnamed and keeps the explicit name of the auth row', () => {
    const kept = new Set<string>();
    expect(preparedName('select 1 where x = $1', kept)).toBeUndefined();
    expect(preparedName('/* prepared:auth_row_ab12 */ select 1', kept)).toBe('auth_row_ab12');
    expect(kept.size).toBe(0);
  });

  it('sends marked statements unnamed once a connection holds the most names', () => {
    const kept = new Set<string>();
    for (let i = 0; i < MAX_PREPARED_PER_CONNECTION; i++) expect(preparedName(`select ${i} ${PREPARE_MARK}`, kept)).toBeDefined();
    expect(preparedName(`select 'one more' ${PREPARE_MARK}`, kept)).toBeUndefined();
    // a name the connection has already prepared is still used
    expect(preparedName(`select 0 ${PREPARE_MARK}`, kept)).toBe([...kept][0]);
    expect(kept.size).toBe(MAX_PREPARED_PER_CONNECTION);
  });
});

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await sql`create table prep_probe (id int primary key, label text not null)`.execute(t.database.db);
  await sql`insert into prep_probe select g, 'row ' || g from generate_series(1, 300) g`.execute(t.database.db);
});
afterAll(async () => t?.close());

describe(`marked statements on ${TEST_DB}`, () => {
  it('return each call its own values, prepared once per connection on PostgreSQL', async () => {
    await t.database.db.transaction().execute(async (tx) => {
      for (const id of [3, 7, 11]) {
        const r = await sql<{ label: string }>`select label from prep_probe where id = ${id} ${PREPARE}`.execute(tx);
        expect(r.rows).toEqual([{ label: `row ${id}` }]);
      }
      // an unmarked statement with a value is not prepared
      await sql`select label from prep_probe where id = ${5}`.execute(tx);
      if (t.database.kind !== 'postgres') return;
      const names = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements where name like 'p\_%'`.execute(tx);
      expect(names.rows).toHaveLength(1);
      expect(names.rows[0].statement).toContain('select label from prep_probe where id = $1 /* prepare */');
    });
  });

  it('past the most names per connection, the rest run unnamed with the right results', async () => {
    await t.database.db.transaction().execute(async (tx) => {
      for (let i = 1; i <= MAX_PREPARED_PER_CONNECTION + 20; i++) {
        const r = await sql<{ label: string }>`select label, ${sql.raw(String(i))} as n from prep_probe where id = ${i} ${PREPARE}`.execute(tx);
        expect(r.rows[0].label).toBe(`row ${i}`);
      }
      if (t.database.kind !== 'postgres') return;
      const n = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where name like 'p\_%'`.execute(tx);
      expect(n.rows[0].n).toBe(MAX_PREPARED_PER_CONNECTION);
    });
  });
});

describe(`statements reused by shape on ${TEST_DB} (executeReused)`, () => {
  const shape = `reuse-probe-${Date.now()}`;
  const read = (db: typeof t.database.db, ids: number[], built: { n: number }) =>
    executeReused<{ id: number; label: string }>(
      db,
      null,
      `${shape}\u0000${ids.length}`,
      (bind) => {
        built.n++;
        return sql`select id, label from prep_probe where id in (${sql.join(ids.map((_, i) => bind(`id${i}`)))}) and label <> ${bind('not')} order by id`;
      },
      new Map<string, unknown>([...ids.map((id, i) => [`id${i}`, id] as const), ['not', 'row 4']]),
    );

  it('builds a shape once and binds each call its own values by name', async () => {
    const built = { n: 0 };
    expect(await read(t.database.db, [2, 3], built)).toEqual([{ id: 2, label: 'row 2' }, { id: 3, label: 'row 3' }]);
    expect(await read(t.database.db, [4, 9], built)).toEqual([{ id: 9, label: 'row 9' }]);
    expect(built.n).toBe(1);
    // another number of values is another shape
    expect((await read(t.database.db, [1, 5, 7], built)).map((r) => r.id)).toEqual([1, 5, 7]);
    expect(built.n).toBe(2);
  });

  it('compiles every call with its values on a connection with Kysely plugins, and keeps nothing', async () => {
    const withPlugin = t.database.db.withPlugin(new CamelCasePlugin());
    const built = { n: 0 };
    expect((await read(withPlugin, [6, 8], built)).map((r) => r.id)).toEqual([6, 8]);
    expect((await read(withPlugin, [10, 11], built)).map((r) => r.id)).toEqual([10, 11]);
    expect(built.n).toBe(2);
  });

  it('refuses a call that lacks a value its statement has a place for', async () => {
    await expect(
      executeReused(t.database.db, null, `${shape}-missing`, (bind) => sql`select ${bind('a')}::int as a, ${bind('b')}::int as b`, new Map([['a', 1]])),
    ).rejects.toThrow(/no value for 'b'/);
  });
});
