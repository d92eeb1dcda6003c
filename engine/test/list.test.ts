/**
 * The list builder on large-table terms: keyset paging for exports (every row once, in order,
 * through ties and NULLs, both directions) and totals counted up to a cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildRegistry } from '../src/metadata/loader.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildAbility, type MenuGrant } from '../src/access/ability.ts';
import { allRows, countRows, listRows } from '../src/query/page.ts';
import type { ListContext } from '../src/query/plan.ts';
import { keysetPages, type Order } from '../src/query/keyset.ts';
import { bindNamed, keptShapes, slot } from '../src/query/reuse.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { loose } from '../src/db/loose.ts';

const reg = buildRegistry([
  { file: 'shell.yaml', text: 'module: shell\nmodules: [{ name: shell, title: Shell, shell: true }, { name: shop, title: Shop }]\n' },
  {
    file: 'shop.yaml',
    text: `module: shop
entities:
  - { name: company, title: Company, key: compcode, keyType: string, fields: [{ name: company, type: string, required: true }] }
  - name: batch
    title: Batch
    fields:
      - { name: code, type: string, required: true }
      - { name: opened, type: date }
  - name: reading
    title: Reading
    fields:
      - { name: batch, type: reference, entity: batch, required: true }
      - { name: label, type: string }
      - { name: amount, type: decimal, precision: 12, scale: 4 }
      - { name: taken, type: datetime }
      - { name: other, type: reference, entity: batch }
lists:
  - { route: readings, entity: reading, title: Readings, columns: [label, amount, taken, batch.code, batch.opened] }
homes:
  - { route: home, title: Shop }
menus:
  - { name: readings, title: Readings, route: readings }
`,
  },
]);

const grants: MenuGrant[] = [{ module: 'shop', menu: 'readings', route: 'readings', letters: 'RO' }];
const N = 137; // rows of A1

describe('list builder on large-table terms', () => {
  let t: TestDatabase;
  let ctx: ListContext;
  beforeAll(async () => {
    t = await createTestDatabase();
    const db = loose(t.database.db);
    await migrate(db, reg);
    await db.insertInto('company').values([{ compcode: 'A1', company: 'Alpha' }, { compcode: 'B2', company: 'Bravo' }]).execute();
    const batches = await db
      .insertInto('batch')
      .values([
        { compcode: 'A1', code: 'B-1', opened: '2026-01-01' },
        { compcode: 'A1', code: 'B-2', opened: null },
        { compcode: 'A1', code: 'B-3', opened: '2026-03-01' },
        { compcode: 'B2', code: 'X-1', opened: '2026-02-01' },
      ])
      .returning('id')
      .execute();
    const rows = [];
    for (let i = 0; i < N; i++) {
      rows.push({
        compcode: 'A1',
        batch: batches[i % 3].id,
        // ties, NULLs, markup and quotes; microseconds that a JS Date would lose
        label: i % 5 === 0 ? null : `L'${i % 7}<b>`,
        amount: i % 4 === 0 ? null : String((i % 9) / 8),
        taken: i % 6 === 0 ? null : `2026-05-0${1 + (i % 3)} 10:00:00.${String(100000 + (i % 4)).slice(1)}+00`,
        other: i % 2 ? batches[0].id : null,
      });
    }
    rows.push({ compcode: 'B2', batch: batches[3].id, label: 'other company', amount: '1', taken: null, other: null });
    await db.insertInto('reading').values(rows).execute();
    ctx = { db, reg, ability: buildAbility(reg, { compcode: 'A1', grants }) };
  });
  afterAll(async () => t?.close());

  const screen = () => {
    const s = reg.screen('shop', 'readings');
    if (s?.kind !== 'list') throw new Error('readings is a list');
    return s;
  };

  const collect = async (gen: AsyncGenerator<Record<string, unknown>[]>) => {
    const out: Record<string, unknown>[] = [];
    let pages = 0;
    for await (const rows of gen) {
      pages++;
      out.push(...rows);
    }
    return { out, pages };
  };

  for (const field of ['label', 'amount', 'taken', 'batch.code', 'batch.opened', 'id']) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`exports every row once, in the list's order, by keyset pages: ${field} ${dir}`, async () => {
        const p = { entity: 'reading', columns: screen().columns, sortBy: field, sortDir: dir };
        const expected = (await listRows(ctx, { ...p, limit: 100, page: 1 })).list.concat((await listRows(ctx, { ...p, limit: 100, page: 2 })).list);
        expect(expected).toHaveLength(N);
        const { out, pages } = await collect(allRows(ctx, p, 10));
        expect(pages).toBe(Math.ceil(N / 10));
        expect(out.map((r) => r.id)).toEqual(expected.map((r) => r.id));
        expect(new Set(out.map((r) => r.id)).size).toBe(N);
        expect(Object.keys(out[0]).some((k) => k.startsWith('__keyset'))).toBe(false);
      });
    }
  }

  it('seeks through mixed directions and nullable leading columns on any query', async () => {
    const db = loose(t.database.db);
    const base = db.selectFrom('reading as r').select(['r.id']).where('r.compcode', '=', 'A1');
    const orders: Order[] = [
      [['r.amount', 'desc'], ['r.taken', 'asc'], ['r.id', 'asc']],
      [['r.label', 'asc'], ['r.other', 'desc'], ['r.id', 'desc']],
    ];
    for (const order of orders) {
      let full = base;
      for (const [ref, dir] of order) full = full.orderBy(sql.ref(ref), dir);
      const expected = (await full.execute()).map((r) => r.id);
      const { out } = await collect(keysetPages(base, order, 4));
      expect(out.map((r) => r.id)).toEqual(expected);
    }
  });

  it('counts exactly under the cap and stops counting at the cap past the page', async () => {
    const p = { entity: 'reading', columns: screen().columns, limit: 10 };
    expect((await listRows(ctx, { ...p, page: 1 })).meta).toEqual({ total: N, page: 1, limit: 10 });
    expect((await listRows(ctx, { ...p, page: 1, totalCap: 50 })).meta).toEqual({ total: 50, page: 1, limit: 10, totalCapped: true });
    // the cap counts from the page's first row: page 10 (rows 91–100) knows of 90 + 50 rows
    expect((await listRows(ctx, { ...p, page: 10, totalCap: 50 })).meta).toEqual({ total: N, page: 10, limit: 10 });
    expect((await listRows(ctx, { ...p, page: 5, totalCap: 50 })).meta).toEqual({ total: 90, page: 5, limit: 10, totalCapped: true });
    expect((await listRows(ctx, { ...p, page: 1, totalCap: N })).meta).toEqual({ total: N, page: 1, limit: 10 });
    expect(await countRows(ctx, p)).toBe(N);
  });

  it('counts through a joined column only when a condition uses it', async () => {
    const filters = [{ field: 'batch.code', label: 'Batch', param: 'code', op: 'eq' as const }];
    const p = { entity: 'reading', columns: screen().columns, filters, values: { code: 'B-2' } };
    const page = await listRows(ctx, { ...p, limit: 100 });
    expect(page.meta.total).toBe(Math.floor((N - 2) / 3) + 1);
    expect(page.list.every((r) => r['batch.code'] === 'B-2')).toBe(true);
    expect(await countRows(ctx, p)).toBe(page.meta.total);
    // another company's rows are never counted or read, whatever the joins
    expect((await listRows(ctx, { entity: 'reading', columns: screen().columns, q: 'other company', search: ['label'] })).meta.total).toBe(0);
  });

  it('reuses a compiled statement per ability and shape, binding each call\'s values by name', async () => {
    const ability = buildAbility(reg, { compcode: 'A1', grants });
    const c = { ...ctx, ability };
    const filters = [
      { field: 'batch.code', label: 'Batch', param: 'code', op: 'eq' as const },
      { field: 'label', label: 'Label', param: 'label', op: 'contains' as const },
      { field: 'taken', label: 'Taken', param: 'taken', op: 'between' as const },
    ];
    const p = { entity: 'reading', columns: screen().columns, filters, sortBy: 'amount', sortDir: 'desc' as const, limit: 5 };
    const direct = async (code: string, page: number) => {
      const r = await loose(t.database.db)
        .selectFrom('reading as r')
        .innerJoin('batch as b', 'b.id', 'r.batch')
        .select(['r.id'])
        .where('r.compcode', '=', 'A1')
        .where('b.code', '=', code)
        .orderBy(sql`r.amount`, 'desc')
        .orderBy('r.id', 'desc')
        .execute();
      return { total: r.length, ids: r.slice((page - 1) * 5, page * 5).map((x) => x.id) };
    };
    expect(keptShapes(ability)).toBe(0);
    for (const [code, page] of [['B-1', 1], ['B-2', 3], ['B-3', 2], ['B-1', 2]] as const) {
      const got = await listRows(c, { ...p, values: { code }, page });
      const want = await direct(code, page);
      expect({ total: got.meta.total, ids: got.list.map((r) => r.id) }).toEqual(want);
      expect(got.list.every((r) => r['batch.code'] === code)).toBe(true);
    }
    expect(keptShapes(ability)).toBe(1); // one shape: four calls, one compilation
    // another filter filled is another shape; its values bound in their own places
    const both = await listRows(c, { ...p, values: { code: 'B-1', label: "L'3", taken_from: '2026-05-01', taken_to: '2026-05-02' }, limit: 100 });
    expect(keptShapes(ability)).toBe(2);
    expect(both.list.length).toBeGreaterThan(0);
    expect(both.list.every((r) => r['batch.code'] === 'B-1' && String(r.label).includes("L'3") && String(r.taken).startsWith('2026-05-01'))).toBe(true);
    // the same shape for another company's ability reads that company's rows only
    const other = buildAbility(reg, { compcode: 'B2', grants });
    const theirs = await listRows({ ...ctx, ability: other }, { ...p, values: { code: 'X-1' }, page: 1 });
    expect(theirs.meta.total).toBe(1);
    expect(theirs.list[0].label).toBe('other company');
    expect((await listRows(c, { ...p, values: { code: 'X-1' }, page: 1 })).meta.total).toBe(0);
    // a value with no place in the statement is an error, never bound by position
    expect(() => bindNamed([slot('code'), 'A1'], new Map())).toThrow(/no value for 'code'/);
    expect(bindNamed([slot('code'), 'A1', slot('limit')], new Map<string, unknown>([['limit', 5], ['code', 'B-1']]))).toEqual(['B-1', 'A1', 5]);
  });
});
