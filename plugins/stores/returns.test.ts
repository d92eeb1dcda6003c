/**
 * Returns to store come back from what was issued (decision 0264), through the real server on both
 * databases: a return never brings back more than its issue (or the work order's issues of that
 * part) sent out, net of earlier posted returns, also when ten are posted at once; it is made from
 * its issue (the lookup copies the issue's store, aircraft, work order and lines) and valued at the
 * cost the parts left with; an issue with returns against it is not reversed. Every refusal
 * re-reads the ledger and the pool to show nothing was written. Values worked by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser, expectError } from '../../server/test/support.ts';

type Row = Record<string, any>;

let t: TestApp;
let sk: string;
const ids: Record<string, number> = {};
const db = () => t.services.database.db;

async function create(entity: string, body: Row): Promise<Row> {
  const r = await t.call('POST', `/api/data/${entity}`, { token: sk, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}
const act = (entity: string, action: string, key: unknown): Promise<CallResult> => t.call('POST', `/api/data/${entity}/action/${action}`, { token: sk, body: { key } });
async function ok(entity: string, action: string, key: unknown): Promise<Row> {
  const r = await act(entity, action, key);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
const get = async (entity: string, key: unknown): Promise<Row> => (await t.call('GET', `/api/data/${entity}/${key}`, { token: sk })).body.data;

async function receive(item: string, quantity: number, unit_cost: number, extra: Row = {}): Promise<void> {
  const doc = await create('inventory_receipt', { receiptdate: '2026-11-02', source: 'OTHER', lines: [{ item: ids[item], store: ids.store, quantity, unit_cost, condition: 'NE', unit: 'PCS', ...extra }] });
  await ok('inventory_receipt', 'post_inventory_receipt', doc.receiptkey);
}
async function issue(item: string, quantity: number, workorder_no: string, extra: Row = {}): Promise<Row> {
  const doc = await create('inventory_issue', { issuedate: '2026-11-10', issue_type: 'AC', store: ids.store, registration: 'PK-GTB', workorder_no, lines: [{ item: ids[item], quantity, condition: 'NE', unit: 'PCS', ...extra }] });
  await ok('inventory_issue', 'post_inventory_issue', doc.issuekey);
  return get('inventory_issue', doc.issuekey);
}
function returnBody(header: Row, lines: Row[]): Row {
  return { returndate: '2026-11-15', store: ids.store, reason: 'UNUSED', ...header, lines: lines.map((l) => ({ condition: 'NE', unit: 'PCS', ...l })) };
}
const ledgerOf = (docNo: string) => db().selectFrom('stock_ledger').select(['quantity', 'unit_cost', 'amount']).where('compcode', '=', 'GAT').where('doc_no', '=', docNo).orderBy('ledgerkey').execute();
const pool = async (item: string) => db().selectFrom('stock_valuation').select(['quantity', 'value']).where('compcode', '=', 'GAT').where('item', '=', ids[item]).executeTakeFirst();

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t, { username: 'rt.keeper', companies: { GAT: 'storekeeper' } });
  sk = (await t.signIn('rt.keeper', 'demo1234')).token;
  const d = db();
  const category = await d.selectFrom('master_item_category').select('id').where('compcode', '=', 'GAT').where('code', '=', 'EXP').executeTakeFirstOrThrow();
  for (const [pn, tracking] of [
    ['R-FLT', 'none'],
    ['R-WO', 'none'],
    ['R-BAT', 'batch'],
    ['R-CON', 'none'],
  ]) {
    const r = await d
      .insertInto('master_item')
      .values({ compcode: 'GAT', partnumber: pn, itemname: `Return test part ${pn}`, category: category.id, tracking, unit: 'PCS', reorder_min: 0, reorder_max: 0, active: true, created_by: 'test' })
      .returning('item_id')
      .executeTakeFirstOrThrow();
    ids[pn] = Number(r.item_id);
  }
  ids.store = Number((await d.selectFrom('store_warehouse').select('store_id').where('compcode', '=', 'GAT').where('store_code', '=', 'CGK-H4').executeTakeFirstOrThrow()).store_id);
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('a return never brings back more than went out', () => {
  it('refuses a return of 5 against an issue of 1 (the phantom units), then takes back the 1 at the cost it left with', async () => {
    await receive('R-FLT', 6, 20); // 6 for 120
    const iss = await issue('R-FLT', 1, 'WO-R-1'); // out at 20: 5 for 100
    const attack = await create('inventory_return', returnBody({ issue: iss.issuekey }, [{ item: ids['R-FLT'], quantity: 5 }]));
    const r = await act('inventory_return', 'post_inventory_return', attack.returnkey);
    expectError(r, 400, 'ERR_VALIDATION');
    expect(r.body.errors).toEqual([{ path: '/lines/0/quantity', message: `5 of R-FLT to come back exceeds what ${iss.issueno} sent out: 1 issued, 0 already returned, so at most 1 can come back` }]);
    // nothing written: the return unposted, no ledger row, the pool as the issue left it
    expect((await get('inventory_return', attack.returnkey)).posted).toBe(0);
    expect(await ledgerOf(attack.returnno)).toEqual([]);
    expect(await pool('R-FLT')).toEqual({ quantity: 5, value: 100 });

    // naming the issue line, the line's own cap speaks
    const line = iss.lines[0].issuedtlkey;
    const named = await create('inventory_return', returnBody({ issue: iss.issuekey }, [{ issue_line: line, item: ids['R-FLT'], quantity: 5 }]));
    const n = await act('inventory_return', 'post_inventory_return', named.returnkey);
    expectError(n, 400, 'ERR_VALIDATION');
    expect(n.body.errors).toEqual([{ path: '/lines/0/quantity', message: `5 of R-FLT to come back exceeds what that line of ${iss.issueno} sent out: 1 issued, 0 already returned, so at most 1 can come back` }]);

    const one = await create('inventory_return', returnBody({ issue: iss.issuekey }, [{ item: ids['R-FLT'], quantity: 1 }]));
    await ok('inventory_return', 'post_inventory_return', one.returnkey);
    expect(await ledgerOf(one.returnno)).toEqual([{ quantity: 1, unit_cost: 20, amount: 20 }]);
    expect(await pool('R-FLT')).toEqual({ quantity: 6, value: 120 });
    // a second one, even naming the line: 1 went out, 1 came back
    const again = await create('inventory_return', returnBody({ issue: iss.issuekey }, [{ issue_line: line, item: ids['R-FLT'], quantity: 1 }]));
    const a = await act('inventory_return', 'post_inventory_return', again.returnkey);
    expectError(a, 400, 'ERR_VALIDATION');
    expect(a.body.errors).toEqual([{ path: '/lines/0/quantity', message: `1 of R-FLT to come back exceeds what ${iss.issueno} sent out: 1 issued, 1 already returned, so at most 0 can come back` }]);
    expect(await pool('R-FLT')).toEqual({ quantity: 6, value: 120 });
  });

  it("caps a return of the work order's issues by everything issued to it, at the average those issues left with", async () => {
    await receive('R-WO', 5, 10); // 5 for 50
    const a = await issue('R-WO', 3, 'WO-R-2'); // 30 out: 2 for 20
    await receive('R-WO', 4, 16); // 6 for 84: 14 each
    const b = await issue('R-WO', 2, 'WO-R-2'); // 28 out: 4 for 56
    expect(await pool('R-WO')).toEqual({ quantity: 4, value: 56 });

    const six = await create('inventory_return', returnBody({ workorder_no: 'WO-R-2' }, [{ item: ids['R-WO'], quantity: 6 }]));
    const r6 = await act('inventory_return', 'post_inventory_return', six.returnkey);
    expectError(r6, 400, 'ERR_VALIDATION');
    expect(r6.body.errors).toEqual([{ path: '/lines/0/quantity', message: '6 of R-WO to come back exceeds what the issues to WO-R-2 sent out: 5 issued, 0 already returned, so at most 5 can come back' }]);

    // 4 back from the order: (30 + 28) / 5 = 11.60 each, 46.40
    const four = await create('inventory_return', returnBody({ workorder_no: 'WO-R-2' }, [{ item: ids['R-WO'], quantity: 4 }]));
    await ok('inventory_return', 'post_inventory_return', four.returnkey);
    expect(await ledgerOf(four.returnno)).toEqual([{ quantity: 4, unit_cost: 11.6, amount: 46.4 }]);
    expect(await pool('R-WO')).toEqual({ quantity: 8, value: 102.4 });

    // against issue A (3 out, none back from it by name) 2 would pass the issue, but not the order: 5 out, 4 back
    const fromA = await create('inventory_return', returnBody({ issue: a.issuekey, registration: 'PK-XXX', workorder_no: 'WO-OTHER' }, [{ item: ids['R-WO'], quantity: 2 }]));
    expect([fromA.registration, fromA.workorder_no]).toEqual(['PK-GTB', 'WO-R-2']); // set from the issue, never typed
    const r2 = await act('inventory_return', 'post_inventory_return', fromA.returnkey);
    expectError(r2, 400, 'ERR_VALIDATION');
    expect(r2.body.errors).toEqual([{ path: '/lines/0/quantity', message: '2 of R-WO to come back exceeds what the issues to WO-R-2 sent out: 5 issued, 4 already returned, so at most 1 can come back' }]);
    expect(await pool('R-WO')).toEqual({ quantity: 8, value: 102.4 });
    const oneA = await create('inventory_return', returnBody({ issue: a.issuekey }, [{ item: ids['R-WO'], quantity: 1 }]));
    await ok('inventory_return', 'post_inventory_return', oneA.returnkey);
    expect(await ledgerOf(oneA.returnno)).toEqual([{ quantity: 1, unit_cost: 10, amount: 10 }]); // A's 30 / 3
    expect(await pool('R-WO')).toEqual({ quantity: 9, value: 112.4 });

    // an issue parts came back from is not reversed (they would come back twice)
    expectError(await act('inventory_issue', 'reverse_inventory_issue', b.issuekey), 409, 'ERR_STOCK', `Issue ${b.issueno} has parts returned from it (${four.returnno}): reverse the returns first.`);
    expectError(await act('inventory_issue', 'reverse_inventory_issue', a.issuekey), 409, 'ERR_STOCK', `Issue ${a.issueno} has parts returned from it (${four.returnno}, ${oneA.returnno}): reverse the returns first.`);
    expect((await get('inventory_issue', a.issuekey)).reversed_by).toBeNull();
    expect(await pool('R-WO')).toEqual({ quantity: 9, value: 112.4 });
    // the returns reversed, the issue may be
    await ok('inventory_return', 'reverse_inventory_return', four.returnkey);
    await ok('inventory_return', 'reverse_inventory_return', oneA.returnkey);
    await ok('inventory_issue', 'reverse_inventory_issue', b.issuekey);
    expect(await pool('R-WO')).toEqual({ quantity: 6, value: 84 }); // 4 for 56 + B's 2 for 28
  });

  it('brings back only the part, serial and batch that went out, from a posted issue not reversed, named by the return', async () => {
    await receive('R-BAT', 3, 5, { batch_number: 'B1' });
    await receive('R-BAT', 3, 5, { batch_number: 'B2' });
    const iss = await issue('R-BAT', 2, 'WO-R-3', { batch_number: 'B1' });
    const line = iss.lines[0].issuedtlkey;
    const wrongBatch = await create('inventory_return', returnBody({ issue: iss.issuekey }, [{ item: ids['R-BAT'], batch_number: 'B2', quantity: 1 }]));
    const r1 = await act('inventory_return', 'post_inventory_return', wrongBatch.returnkey);
    expectError(r1, 400, 'ERR_VALIDATION');
    expect(r1.body.errors).toEqual([{ path: '/lines/0/batch_number', message: `R-BAT, batch B2 did not go out on ${iss.issueno}: give the serial and batch the issue line carried` }]);
    const wrongOnLine = await create('inventory_return', returnBody({ issue: iss.issuekey }, [{ issue_line: line, item: ids['R-BAT'], batch_number: 'B2', quantity: 1 }]));
    const r2 = await act('inventory_return', 'post_inventory_return', wrongOnLine.returnkey);
    expect(r2.body.errors).toEqual([{ path: '/lines/0/batch_number', message: 'must be B1, the batch that went out on that issue line' }]);
    const otherPart = await create('inventory_return', returnBody({ issue: iss.issuekey }, [{ item: ids['R-FLT'], quantity: 1 }]));
    const r3 = await act('inventory_return', 'post_inventory_return', otherPart.returnkey);
    expect(r3.body.errors).toEqual([{ path: '/lines/0/item', message: `R-FLT did not go out on ${iss.issueno}: only what was issued comes back` }]);
    const fromNothing = await create('inventory_return', returnBody({}, [{ item: ids['R-BAT'], batch_number: 'B1', quantity: 1 }]));
    const r4 = await act('inventory_return', 'post_inventory_return', fromNothing.returnkey);
    expect(r4.body.errors).toEqual([{ path: '/issue', message: 'is required: a return comes back from the issue the parts went out on (or name the work order they were issued to)' }]);
    for (const d of [wrongBatch, wrongOnLine, otherPart, fromNothing]) expect(await ledgerOf(d.returnno)).toEqual([]);
    expect(await pool('R-BAT')).toEqual({ quantity: 4, value: 20 });

    // an unposted issue is refused at the return's posting, a reversed one already when the return is saved
    const draft = await create('inventory_issue', { issuedate: '2026-11-10', issue_type: 'AC', store: ids.store, workorder_no: 'WO-R-3', lines: [{ item: ids['R-BAT'], batch_number: 'B2', quantity: 1, condition: 'NE', unit: 'PCS' }] });
    const d1 = await create('inventory_return', returnBody({ issue: draft.issuekey }, [{ item: ids['R-BAT'], batch_number: 'B2', quantity: 1 }]));
    const p1 = await act('inventory_return', 'post_inventory_return', d1.returnkey);
    expectError(p1, 400, 'ERR_VALIDATION');
    expect(p1.body.errors).toEqual([{ path: '/issue', message: `${draft.issueno} is not posted: nothing of it went out to return` }]);
    await ok('inventory_issue', 'post_inventory_issue', draft.issuekey);
    await ok('inventory_issue', 'reverse_inventory_issue', draft.issuekey);
    const d2 = await t.call('POST', '/api/data/inventory_return', { token: sk, body: returnBody({ issue: draft.issuekey }, [{ item: ids['R-BAT'], batch_number: 'B2', quantity: 1 }]) });
    expect(d2.body.errors).toEqual([{ path: '/issue', message: `${draft.issueno} is reversed: its parts are already back in stock` }]);
    expect(await pool('R-BAT')).toEqual({ quantity: 4, value: 20 });
  });
});

describe('a return is made from its issue', () => {
  it('choosing the issue copies its store, aircraft, work order and lines; only posted issues not reversed are offered', async () => {
    await receive('R-FLT', 2, 20);
    const iss = await issue('R-FLT', 2, 'WO-R-4');
    const copy = await t.call('GET', `/api/data/inventory_return/lookup/issue/copy/${iss.issuekey}`, { token: sk });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.data).toEqual({
      store: ids.store,
      registration: 'PK-GTB',
      workorder_no: 'WO-R-4',
      lines: [{ issue_line: iss.lines[0].issuedtlkey, item: ids['R-FLT'], serial_number: null, batch_number: null, condition: 'NE', quantity: 2, unit: 'PCS', certificate_type: null }],
    });
    // the copied body, as the form sends it, posts
    const doc = await create('inventory_return', { returndate: '2026-11-15', reason: 'UNUSED', issue: iss.issuekey, ...copy.body.data });
    await ok('inventory_return', 'post_inventory_return', doc.returnkey);
    expect(await ledgerOf(doc.returnno)).toEqual([{ quantity: 2, unit_cost: 20, amount: 40 }]);
    // a reversed or unposted issue is not offered, nor copied from
    const list = await t.call('GET', `/api/data/inventory_return/lookup/issue?q=${iss.issueno}`, { token: sk });
    expect(list.body.list.map((r: Row) => r.issueno)).toEqual([iss.issueno]);
    const draft = await create('inventory_issue', { issuedate: '2026-11-10', issue_type: 'AC', store: ids.store, workorder_no: 'WO-R-4', lines: [{ item: ids['R-FLT'], quantity: 1, condition: 'NE', unit: 'PCS' }] });
    expectError(await t.call('GET', `/api/data/inventory_return/lookup/issue/copy/${draft.issuekey}`, { token: sk }), 404, 'ERR_NOT_FOUND');
    const lines = await t.call('GET', `/api/data/inventory_return_line/lookup/issue_line?m.issue=${iss.issuekey}`, { token: sk });
    expect(lines.body.list.map((r: Row) => r.key)).toEqual([iss.lines[0].issuedtlkey]);
  });
});

describe('simultaneous returns', () => {
  it('10 returns of 1 against an issue of 4 posted at once: exactly 4 post, 6 refused, 4 back', async () => {
    await receive('R-CON', 10, 7); // 10 for 70
    const iss = await issue('R-CON', 4, 'WO-R-5'); // 6 for 42
    const keys: number[] = [];
    for (let i = 0; i < 10; i++) {
      const line = i % 2 ? { issue_line: iss.lines[0].issuedtlkey } : {};
      keys.push((await create('inventory_return', returnBody({ issue: iss.issuekey }, [{ item: ids['R-CON'], quantity: 1, ...line }]))).returnkey);
    }
    const results = await Promise.all(keys.map((key) => act('inventory_return', 'post_inventory_return', key)));
    const posted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(posted.length).toBe(4);
    expect(refused.length).toBe(6);
    for (const r of refused) {
      expectError(r, 400, 'ERR_VALIDATION');
      expect(r.body.errors).toHaveLength(1);
      expect(r.body.errors[0].path).toBe('/lines/0/quantity');
      expect(r.body.errors[0].message).toMatch(new RegExp(`^1 of R-CON to come back exceeds what (that line of )?${iss.issueno} sent out: 4 issued, 4 already returned, so at most 0 can come back$`));
    }
    const back = await db()
      .selectFrom('stock_ledger')
      .select([sql<number>`sum(quantity)`.as('q'), sql<number>`sum(amount)`.as('a'), sql<number>`count(*)`.as('n')])
      .where('compcode', '=', 'GAT')
      .where('item', '=', ids['R-CON'])
      .where('txn_type', '=', 'RET')
      .executeTakeFirstOrThrow();
    expect([Number(back.q), Number(back.a), Number(back.n)]).toEqual([4, 28, 4]);
    expect(await pool('R-CON')).toEqual({ quantity: 10, value: 70 });
    const flags = await db().selectFrom('inventory_return').select(['posted', sql<number>`count(*)`.as('n')]).where('returnkey', 'in', keys).groupBy('posted').orderBy('posted').execute();
    expect(flags.map((f) => [Number(f.posted), Number(f.n)])).toEqual([
      [0, 6],
      [1, 4],
    ]);
  }, 120_000);
});
