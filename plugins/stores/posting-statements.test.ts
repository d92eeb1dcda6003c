/**
 * Round trips of a posting (issue 24 point 3, decision 0133): the statements one request sends to
 * the database, counted on the connection (BEGIN and COMMIT included), so that the number cannot
 * creep back. Both databases (TEST_DB=pglite / postgres).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser } from '../../server/test/support.ts';

let t: TestApp;
let token: string;
let item: number;
let store: number;

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t, { username: 'count.keeper', companies: { GAT: 'storekeeper' } });
  token = (await t.signIn('count.keeper', 'demo1234')).token;
  const db = t.services.database.db;
  const category = await db.selectFrom('master_item_category').select('id').where('compcode', '=', 'GAT').where('code', '=', 'EXP').executeTakeFirstOrThrow();
  item = (
    await db
      .insertInto('master_item')
      .values({ compcode: 'GAT', partnumber: 'T-COUNT', itemname: 'Statement count part', category: category.id, tracking: 'none', unit: 'PCS', active: true, created_by: 'test' })
      .returning('item_id')
      .executeTakeFirstOrThrow()
  ).item_id;
  store = (await db.selectFrom('store_warehouse').select('store_id').where('compcode', '=', 'GAT').where('store_code', '=', 'CGK-H4').executeTakeFirstOrThrow()).store_id;
  const receipt = await t.call('POST', '/api/data/inventory_receipt', { token, body: { receiptdate: '2026-11-20', source: 'OTHER', lines: [{ item, store, quantity: 10, unit_cost: 5, condition: 'NE', unit: 'PCS' }] } });
  expect((await t.call('POST', '/api/data/inventory_receipt/action/post_inventory_receipt', { token, body: { key: receipt.body.data.receiptkey } })).status).toBe(200);
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

/** The statements sent while `fn` runs. */
async function statements(fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const stop = t.services.database.writes.onStatement((text) => seen.push(text.replace(/\s+/g, ' ').slice(0, 160)));
  try {
    await fn();
  } finally {
    stop();
  }
  return seen;
}

const issue = async (workorder: string) =>
  (await t.call('POST', '/api/data/inventory_issue', { token, body: { issuedate: '2026-11-21', issue_type: 'AC', store, registration: 'PK-GTB', workorder_no: workorder, lines: [{ item, quantity: 1, condition: 'NE', unit: 'PCS' }] } })).body.data.issuekey as number;

it('a one-line issue posts with the statements it needs', async () => {
  const first = await issue('WO-COUNT-1');
  const second = await issue('WO-COUNT-2');
  // the first posting warms what a process keeps (the auth row); the second is the one counted
  expect((await t.call('POST', '/api/data/inventory_issue/action/post_inventory_issue', { token, body: { key: first } })).status).toBe(200);
  let status = 0;
  const sent = await statements(async () => {
    status = (await t.call('POST', '/api/data/inventory_issue/action/post_inventory_issue', { token, body: { key: second } })).status;
  });
  expect(status).toBe(200);
  console.log(sent.map((s, i) => `${i + 1}. ${s}`).join('\n'));
  expect(sent.length).toBeLessThanOrEqual(100);
});
