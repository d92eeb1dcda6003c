/**
 * The last units cannot be issued twice: 200 issues of 1 unit posted at the same time against 100
 * on hand, through the real server. Exactly 100 succeed, the other 100 are refused (409, nothing
 * written), the balance ends at 0 and the ledger sums equal it. On PostgreSQL the postings run on
 * parallel connections; on PGlite its single session serialises them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser } from '../../server/test/support.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t, { username: 'conc.keeper', companies: { GAT: 'storekeeper' } });
  token = (await t.signIn('conc.keeper', 'demo1234')).token;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

it('200 simultaneous issues of 1 against 100 on hand: exactly 100 succeed, balance 0', async () => {
  const db = t.services.database.db;
  const category = await db.selectFrom('master_item_category').select('id').where('compcode', '=', 'GAT').where('code', '=', 'EXP').executeTakeFirstOrThrow(); // an expendable: no incoming inspection
  const { item_id: item } = await db
    .insertInto('master_item')
    .values({ compcode: 'GAT', partnumber: 'T-LAST-UNITS', itemname: 'Concurrency test part', category: category.id, tracking: 'none', unit: 'PCS', active: true, created_by: 'test' })
    .returning('item_id')
    .executeTakeFirstOrThrow();
  const { store_id: store } = await db.selectFrom('store_warehouse').select('store_id').where('compcode', '=', 'GAT').where('store_code', '=', 'CGK-H4').executeTakeFirstOrThrow();
  const call = (method: 'POST', path: string, body: unknown) => t.call(method, path, { token, body });

  const receipt = await call('POST', '/api/data/inventory_receipt', { receiptdate: '2026-11-20', source: 'OTHER', lines: [{ item, store, quantity: 100, unit_cost: 5, condition: 'NE', unit: 'PCS' }] });
  expect((await call('POST', '/api/data/inventory_receipt/action/post_inventory_receipt', { key: receipt.body.data.receiptkey })).status).toBe(200);

  const issues: number[] = [];
  for (let i = 0; i < 200; i++) {
    const r = await call('POST', '/api/data/inventory_issue', { issuedate: '2026-11-21', issue_type: 'AC', store, registration: 'PK-GTB', workorder_no: `WO-C-${i}`, lines: [{ item, quantity: 1, condition: 'NE', unit: 'PCS' }] });
    expect(r.status).toBe(200);
    issues.push(r.body.data.issuekey);
  }

  const results = await Promise.all(issues.map((key) => call('POST', '/api/data/inventory_issue/action/post_inventory_issue', { key })));
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status !== 200);
  expect(ok.length).toBe(100);
  expect(refused.length).toBe(100);
  for (const r of refused) {
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('ERR_STOCK');
    expect(r.body.message).toBe('Not enough stock of T-LAST-UNITS in CGK-H4 (condition NE): 0 on hand, 1 to move.');
  }

  const balance = await db.selectFrom('stock_balance').select(['quantity']).where('item', '=', item).execute();
  expect(balance.map((b) => Number(b.quantity))).toEqual([0]);
  const ledger = await db.selectFrom('stock_ledger').select([sql<number>`sum(quantity)`.as('qty'), sql<number>`count(*)`.as('n'), sql<number>`sum(amount)`.as('value')]).where('item', '=', item).executeTakeFirstOrThrow();
  expect([Number(ledger.qty), Number(ledger.n), Number(ledger.value)]).toEqual([0, 101, 0]);
  const posted = await db.selectFrom('inventory_issue').select(['posted', sql<number>`count(*)`.as('n')]).where('issuekey', 'in', issues).groupBy('posted').orderBy('posted').execute();
  expect(posted.map((p) => [Number(p.posted), Number(p.n)])).toEqual([
    [0, 100],
    [1, 100],
  ]);
  const pool = await db.selectFrom('stock_valuation').select(['quantity', 'value']).where('item', '=', item).executeTakeFirstOrThrow();
  expect([Number(pool.quantity), Number(pool.value)]).toEqual([0, 0]);
}, 240_000);
