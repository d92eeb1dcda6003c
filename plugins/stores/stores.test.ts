/**
 * Stores posting (plugins/stores) through the real server: every rule refused with a clear 4xx and
 * nothing written, values against hand-computed figures (moving average, running balance and
 * value, PO price in the company currency, reorder quantity), and the invariants (ledger sums =
 * balance rows; valuation = the ledger's values). One server and database per file, both
 * databases (TEST_DB=pglite / postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { approvedAuthorisation } from '../../test/helpers/authorisation.ts';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser, expectError } from '../../server/test/support.ts';
import { PluginHost, definePlugin } from '../../engine/src/plugins/host.ts';
import { Repository } from '../../engine/src/crud/repository.ts';
import { buildAbility } from '../../engine/src/access/ability.ts';
import { appError } from '../../engine/src/errors.ts';
import { plugins } from '../index.ts';
import { runAction } from '../../engine/src/crud/run-action.ts';
import { workflowActions } from '../../engine/src/workflow/actions.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';

type Row = Record<string, any>;

let t: TestApp;
let sk: string; // storekeeper of GAT (CRUPO on logistic)
let boss: string; // administrator of GAT (procurement too)
const ids: Record<string, number> = {};

const db = () => t.services.database.db;

async function create(entity: string, body: Row, token = sk): Promise<Row> {
  const r = await t.call('POST', `/api/data/${entity}`, { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}
const act = (entity: string, action: string, key: unknown, token = sk): Promise<CallResult> => t.call('POST', `/api/data/${entity}/action/${action}`, { token, body: signed(t, entity, action, { key }) });
async function ok(entity: string, action: string, key: unknown, token = sk): Promise<Row> {
  const r = await act(entity, action, key, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
const get = async (entity: string, key: unknown, token = sk): Promise<Row> => (await t.call('GET', `/api/data/${entity}/${key}`, { token })).body.data;

/** A receipt from another source, posted: lines [item, qty, unit cost, extra]. */
async function receive(store: string, lines: [string, number, number | null, Row?][], date = '2026-11-02', source = 'OTHER'): Promise<Row> {
  const doc = await create('inventory_receipt', {
    receiptdate: date,
    source,
    lines: lines.map(([item, quantity, unit_cost, extra]) => ({ item: ids[item], store: ids[store], quantity, unit_cost, condition: 'NE', unit: 'PCS', ...extra })),
  });
  await ok('inventory_receipt', 'post_inventory_receipt', doc.receiptkey);
  return doc;
}

function issueBody(store: string, lines: [string, number, Row?][], extra: Row = {}): Row {
  return { issuedate: '2026-11-10', issue_type: 'AC', store: ids[store], registration: 'PK-GTB', workorder_no: 'WO-T-1', ...extra, lines: lines.map(([item, quantity, l]) => ({ item: ids[item], quantity, condition: 'NE', unit: 'PCS', ...l })) };
}
const issueDoc = (store: string, lines: [string, number, Row?][], extra: Row = {}) => create('inventory_issue', issueBody(store, lines, extra));

async function onHand(item: string, store?: string): Promise<number> {
  let q = db().selectFrom('stock_balance').select(sql<number>`coalesce(sum(quantity), 0)`.as('q')).where('compcode', '=', 'GAT').where('item', '=', ids[item]);
  if (store) q = q.where('store', '=', ids[store]);
  return Number((await q.executeTakeFirstOrThrow()).q);
}
const pool = async (item: string) => db().selectFrom('stock_valuation').select(['quantity', 'value', 'avg_cost']).where('compcode', '=', 'GAT').where('item', '=', ids[item]).executeTakeFirst();
const ledgerOf = (docNo: string) => db().selectFrom('stock_ledger').selectAll().where('compcode', '=', 'GAT').where('doc_no', '=', docNo).orderBy('ledgerkey').execute();
async function report(entity: string, route: string, params: Record<string, string | number>): Promise<Row[]> {
  const qs = new URLSearchParams({ route, limit: '50', ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
  const r = await t.call('GET', `/api/data/${entity}?${qs}`, { token: sk });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.list;
}

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  await createUser(t, { username: 'st.keeper', companies: { GAT: 'storekeeper' } });
  await createUser(t, { username: 'st.boss', companies: { GAT: 'administrator' } });
  sk = (await t.signIn('st.keeper', 'demo1234')).token;
  boss = (await t.signIn('st.boss', 'demo1234')).token;
  const d = db();
  // expendables: receipts go straight into stock (serialised parts go through incoming inspection, tested below)
  const category = await d.selectFrom('master_item_category').select('id').where('compcode', '=', 'GAT').where('code', '=', 'EXP').executeTakeFirstOrThrow();
  const items: [string, string, Row?][] = [
    ['T-AVG', 'none'],
    ['T-RND', 'none'],
    ['T-NEG', 'none'],
    ['T-SER', 'serial'],
    ['T-BAT', 'batch', { shelf_life_days: 365 }],
    ['T-QUA', 'none'],
    ['T-TRF', 'none'],
    ['T-PO', 'none'],
    ['T-ROB', 'serial'],
    ['T-RSV', 'none'],
    ['T-REO', 'none', { unit: 'L', reorder_min: 10, reorder_max: 25 }],
    ['T-ADJ', 'none'],
    ['T-RET', 'none'],
    ['T-REV', 'none'],
    ['T-HOOK', 'none'],
  ];
  for (const [pn, tracking, extra] of items) {
    const r = await d
      .insertInto('master_item')
      .values({ compcode: 'GAT', partnumber: pn, itemname: `Test part ${pn}`, category: category.id, tracking, unit: 'PCS', reorder_min: 0, reorder_max: 0, active: true, created_by: 'test', ...extra })
      .returning('item_id')
      .executeTakeFirstOrThrow();
    ids[pn] = Number(r.item_id);
  }
  for (const code of ['CGK-H4', 'CGK-US', 'DPS-LS', 'CGK-QT']) {
    ids[code] = Number((await d.selectFrom('store_warehouse').select('store_id').where('compcode', '=', 'GAT').where('store_code', '=', code).executeTakeFirstOrThrow()).store_id);
  }
  for (const code of ['NONE', 'COC']) ids[code] = Number((await d.selectFrom('arc_status').select('id').where('compcode', '=', 'GAT').where('code', '=', code).executeTakeFirstOrThrow()).id);
  ids.RPR = Number((await d.selectFrom('inventory_issued_kind').select('id').where('compcode', '=', 'GAT').where('code', '=', 'RPR').executeTakeFirstOrThrow()).id);
  ids.HON = Number((await d.selectFrom('vendor').select('vendor_id').where('compcode', '=', 'GAT').where('vendor_code', '=', 'HON').executeTakeFirstOrThrow()).vendor_id);
  ids.approver = Number((await d.selectFrom('users').select('user_id').where('username', '=', 'approver').executeTakeFirstOrThrow()).user_id);
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('moving average valuation, stock card and balance', () => {
  it('receive 10 @ 100 and 10 @ 130 → average 115; issue 5 → cost 575, value 1,725', async () => {
    await receive('CGK-H4', [['T-AVG', 10, 100]], '2026-11-01');
    await receive('CGK-H4', [['T-AVG', 10, 130]], '2026-11-02');
    expect(await pool('T-AVG')).toEqual({ quantity: 20, value: 2300, avg_cost: 115 });
    const doc = await issueDoc('CGK-H4', [['T-AVG', 5]]);
    const res = await ok('inventory_issue', 'post_inventory_issue', doc.issuekey);
    expect(res.message).toBe(`${doc.issueno} posted: 1 ledger row, value 575.`);
    const [row] = await ledgerOf(doc.issueno);
    expect([row.txn_type, row.quantity, row.unit_cost, row.amount]).toEqual(['ISS', -5, 115, -575]);
    expect(await pool('T-AVG')).toEqual({ quantity: 15, value: 1725, avg_cost: 115 });

    const card = await report('inventory_card', 'aircraft-logistic/report-inventory-card', { item: ids['T-AVG'], sortBy: 'txn_date' });
    expect(card.map((c) => [c.qty_in, c.qty_out, c.balance, c.amount, c.balance_value])).toEqual([
      [10, 0, 10, 1000, 1000],
      [10, 0, 20, 1300, 2300],
      [0, 5, 15, -575, 1725],
    ]);
    const balance = await report('inventory_balance', 'aircraft-logistic/report-inventory-balance', { item: ids['T-AVG'] });
    expect(balance.map((b) => [b.quantity, b.stock_value, b.serviceable])).toEqual([[15, 1725, true]]);
    // the key of a balance row is the balance row's own: the same after more movements
    const key = balance[0].balance_id;
    await ok('inventory_issue', 'post_inventory_issue', (await issueDoc('CGK-H4', [['T-AVG', 3]])).issuekey);
    const again = await report('inventory_balance', 'aircraft-logistic/report-inventory-balance', { item: ids['T-AVG'] });
    expect(again.map((b) => [b.balance_id, b.quantity, b.stock_value])).toEqual([[key, 12, 1380]]);
  });

  it('rounds each issue to the cent and gives the last unit what is left, so nothing remains', async () => {
    await receive('CGK-H4', [['T-RND', 3, 0.1]]);
    await receive('CGK-H4', [['T-RND', 1, 0.11]]); // 4 for 0.41: 0.1025 each
    const amounts: number[] = [];
    for (const q of [1, 1, 2]) {
      const doc = await issueDoc('CGK-H4', [['T-RND', q]]);
      await ok('inventory_issue', 'post_inventory_issue', doc.issuekey);
      amounts.push(Number((await ledgerOf(doc.issueno))[0].amount));
    }
    expect(amounts).toEqual([-0.1, -0.1, -0.21]); // round(0.41/4), round(0.31/3), the rest
    expect(await pool('T-RND')).toMatchObject({ quantity: 0, value: 0, avg_cost: null });
  });
});

describe('never negative; posted documents are immutable', () => {
  it('refuses an issue of 50 against 0 on hand, writing nothing', async () => {
    const doc = await issueDoc('CGK-H4', [['T-NEG', 50]]);
    const r = await act('inventory_issue', 'post_inventory_issue', doc.issuekey);
    expectError(r, 409, 'ERR_STOCK', 'Not enough stock of T-NEG in CGK-H4 (condition NE): 0 on hand, 50 to move.');
    expect(await ledgerOf(doc.issueno)).toEqual([]);
    expect((await get('inventory_issue', doc.issuekey)).posted).toBe(0);
    expect(await pool('T-NEG')).toBeUndefined();
    expect(await onHand('T-NEG')).toBe(0);
  });

  it('refuses changing, deleting or posting again a posted document', async () => {
    await receive('CGK-H4', [['T-NEG', 2, 10]]);
    const doc = await issueDoc('CGK-H4', [['T-NEG', 1]]);
    await ok('inventory_issue', 'post_inventory_issue', doc.issuekey);
    const posted = await get('inventory_issue', doc.issuekey);
    expect(posted.posted).toBe(1);
    expect(posted.posted_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const { issuekey, issueno, posted: _p, posted_date: _d, reverses: _r, reversed_by: _b, created_at: _c, created_by: _cb, updated_at: _u, updated_by: _ub, compcode: _cc, lines, ...header } = posted;
    const put = await t.call('PUT', `/api/data/inventory_issue/${issuekey}`, { token: sk, body: { ...header, remark: 'changed', lines: lines.map((l: Row) => ({ issuedtlkey: l.issuedtlkey, item: l.item, quantity: 2, condition: l.condition, unit: l.unit })) } });
    expectError(put, 409, 'ERR_LOCKED');
    expectError(await t.call('DELETE', `/api/data/inventory_issue/${issuekey}`, { token: boss }), 409, 'ERR_LOCKED');
    expectError(await act('inventory_issue', 'post_inventory_issue', issuekey), 409, 'ERR_LOCKED', `Inventory Issue ${issueno} is already posted.`);
    expect(await onHand('T-NEG')).toBe(1);
  });

  it('needs the O letter: a viewer may not post', async () => {
    await createUser(t, { username: 'st.viewer', companies: { GAT: 'viewer' } });
    const viewer = (await t.signIn('st.viewer', 'demo1234')).token;
    const doc = await issueDoc('CGK-H4', [['T-NEG', 1]]);
    expectError(await act('inventory_issue', 'post_inventory_issue', doc.issuekey, viewer), 403, 'ERR_FORBIDDEN');
    expect((await get('inventory_issue', doc.issuekey)).posted).toBe(0);
  });
});

describe('issues to a work order', () => {
  it("take the order's number and aircraft from a work order in work, and refuse one not released for work", async () => {
    const open = await db()
      .selectFrom('work_order as w')
      .innerJoin('aircraft as a', 'a.aircraft_id', 'w.aircraft')
      .select(['w.wo_id', 'w.wo_no', 'a.registration'])
      .where('w.compcode', '=', 'GAT')
      .where('w.wo_status', '=', 'INPROGRESS')
      .orderBy('w.wo_id')
      .executeTakeFirstOrThrow();
    // the registration and number typed are replaced by the order's own
    const doc = await issueDoc('CGK-H4', [['T-NEG', 1]], { work_order: open.wo_id, registration: 'PK-XXX', workorder_no: 'typed' });
    expect(doc).toMatchObject({ work_order: open.wo_id, workorder_no: open.wo_no, registration: open.registration });
    // the lookup offers only orders released for work, with their number to copy
    const offered = await t.call('GET', '/api/data/inventory_issue/lookup/work_order?limit=100', { token: sk });
    expect(offered.status).toBe(200);
    expect(offered.body.list.map((r: Row) => r.wo_status).every((st: string) => ['RELEASED', 'INPROGRESS'].includes(st))).toBe(true);
    expect(offered.body.list.some((r: Row) => r.wo_id === open.wo_id)).toBe(true);

    const draft = await db().selectFrom('work_order').select(['wo_id', 'wo_no']).where('compcode', '=', 'GAT').where('wo_status', '=', 'DRAFT').executeTakeFirstOrThrow();
    const refused = await t.call('POST', '/api/data/inventory_issue', { token: sk, body: issueBody('CGK-H4', [['T-NEG', 1]], { work_order: draft.wo_id }) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: '/work_order', message: `${draft.wo_no} is not released for work (Draft): parts are issued to a released or in-work order` }]);
    // another company's order is not one of this company
    const foreign = await db().selectFrom('work_order').select('wo_id').where('compcode', '=', 'CTA').where('wo_status', '=', 'INPROGRESS').executeTakeFirstOrThrow();
    const other = await t.call('POST', '/api/data/inventory_issue', { token: sk, body: issueBody('CGK-H4', [['T-NEG', 1]], { work_order: foreign.wo_id }) });
    expect(other.status).toBe(400);
    expect(other.body.errors[0].path).toBe('/work_order');
  });
});

describe('unserviceable, quarantined, uncertified and expired stock', () => {
  it('keeps unserviceable parts off aircraft and out of serviceable stores; lets them go out to repair at no value', async () => {
    const us = await create('unserviceable_receipt', {
      receiptdate: '2026-11-03',
      source: 'REM',
      registration: 'PK-GTD',
      workorder_no: 'WO-T-9',
      store: ids['CGK-US'],
      lines: [{ item: ids['T-SER'], serial_number: 'SER-US-1', condition: 'AR', quantity: 1, unit: 'PCS', tag_no: 'UST-T-1' }],
    });
    await ok('unserviceable_receipt', 'post_unserviceable_receipt', us.usreceiptkey);
    expect((await ledgerOf(us.usreceiptno)).map((r) => [r.txn_type, r.quantity, r.amount, r.registration])).toEqual([['USR', 1, 0, 'PK-GTD']]);

    const toAircraft = await issueDoc('CGK-US', [['T-SER', 1, { serial_number: 'SER-US-1', condition: 'AR' }]]);
    expectError(await act('inventory_issue', 'post_inventory_issue', toAircraft.issuekey), 409, 'ERR_STOCK', 'T-SER (S/N SER-US-1, condition AR) in CGK-US is unserviceable: it cannot be issued to an aircraft or work order.');

    const noKind = await issueDoc('CGK-US', [['T-SER', 1, { serial_number: 'SER-US-1', condition: 'AR' }]], { issue_type: 'DISP', registration: null, workorder_no: null });
    const r = await act('inventory_issue', 'post_inventory_issue', noKind.issuekey);
    expectError(r, 400, 'ERR_VALIDATION');
    expect(r.body.errors).toEqual([{ path: '/issued_kind', message: 'is required for an unserviceable part going out (Destroy, Repair or Sold)' }]);
    const repair = await issueDoc('CGK-US', [['T-SER', 1, { serial_number: 'SER-US-1', condition: 'AR' }]], { issue_type: 'DISP', issued_kind: ids.RPR, vendor: ids.HON, registration: null, workorder_no: null });
    await ok('inventory_issue', 'post_inventory_issue', repair.issuekey);
    expect((await ledgerOf(repair.issueno)).map((r2) => [r2.quantity, r2.amount])).toEqual([[-1, 0]]);

    const wrongStore = await create('unserviceable_receipt', { receiptdate: '2026-11-03', source: 'REM', store: ids['CGK-H4'], lines: [{ item: ids['T-SER'], serial_number: 'SER-US-2', condition: 'AR', quantity: 1, unit: 'PCS' }] });
    expectError(await act('unserviceable_receipt', 'post_unserviceable_receipt', wrongStore.usreceiptkey), 409, 'ERR_STOCK', 'Store CGK-H4 takes serviceable stock only: T-SER (S/N SER-US-2, condition AR) belongs in an unserviceable or quarantine store.');
  });

  it('keeps quarantined and uncertified stock off aircraft', async () => {
    await receive('CGK-QT', [['T-QUA', 2, 40]]);
    const q = await issueDoc('CGK-QT', [['T-QUA', 1]]);
    expectError(await act('inventory_issue', 'post_inventory_issue', q.issuekey), 409, 'ERR_STOCK', 'T-QUA (condition NE) in CGK-QT is in a quarantine store: it cannot be issued to an aircraft or work order.');
    await receive('CGK-H4', [['T-QUA', 1, 40, { certificate_type: ids.NONE }]]);
    const c = await issueDoc('CGK-H4', [['T-QUA', 1]]);
    expectError(await act('inventory_issue', 'post_inventory_issue', c.issuekey), 409, 'ERR_STOCK', 'T-QUA (condition NE) in CGK-H4 has a release certificate (No release certificate (quarantine)) not acceptable for installation: it cannot be issued to an aircraft.');
    expect(await onHand('T-QUA')).toBe(3);
  });

  it('refuses expired shelf-life stock to aircraft but lets it be destroyed; derives expiry from the cure date', async () => {
    await receive('CGK-H4', [
      ['T-BAT', 4, 8, { batch_number: 'B-OLD', expiry_date: '2026-01-31' }],
      ['T-BAT', 4, 8, { batch_number: 'B-NEW', manufacture_date: '2026-06-30' }],
    ]);
    const rows = await db().selectFrom('stock_balance').select(['batch_number', 'expiry_date']).where('item', '=', ids['T-BAT']).orderBy('batch_number').execute();
    expect(rows).toEqual([
      { batch_number: 'B-NEW', expiry_date: '2027-06-30' }, // 30 June 2026 + 365 days
      { batch_number: 'B-OLD', expiry_date: '2026-01-31' },
    ]);
    const noBatch = await issueDoc('CGK-H4', [['T-BAT', 1]]);
    const r = await act('inventory_issue', 'post_inventory_issue', noBatch.issuekey);
    expectError(r, 400, 'ERR_VALIDATION');
    expect(r.body.errors).toEqual([{ path: '/lines/0/batch_number', message: 'is required: T-BAT is batch-tracked' }]);
    const old = await issueDoc('CGK-H4', [['T-BAT', 1, { batch_number: 'B-OLD' }]]);
    expectError(await act('inventory_issue', 'post_inventory_issue', old.issuekey), 409, 'ERR_STOCK', 'T-BAT (batch B-OLD, condition NE) in CGK-H4 passed its shelf-life expiry on 2026-01-31: it cannot be issued.');
    await ok('inventory_issue', 'post_inventory_issue', (await issueDoc('CGK-H4', [['T-BAT', 1, { batch_number: 'B-NEW' }]])).issuekey);
    const destroy = await issueDoc('CGK-H4', [['T-BAT', 4, { batch_number: 'B-OLD' }]], { issue_type: 'DISP', issued_kind: ids.RPR });
    await ok('inventory_issue', 'post_inventory_issue', destroy.issuekey);
    expect(await onHand('T-BAT')).toBe(3);
    const expired = await report('inventory_expiry', 'aircraft-logistic/report-inventory-expired', { item: ids['T-BAT'] });
    expect(expired.map((e) => [e.batch_number, e.quantity, e.expiry_status])).toEqual([['B-NEW', 3, 'VALID']]);
    // a lot in stock without a shelf-life expiry does not take one later (a lot has a shelf life or not)
    await receive('CGK-H4', [['T-BAT', 2, 8, { batch_number: 'B-NONE' }]]);
    const late = await create('inventory_receipt', { receiptdate: '2026-11-05', source: 'OTHER', lines: [{ item: ids['T-BAT'], store: ids['CGK-H4'], batch_number: 'B-NONE', expiry_date: '2027-03-31', quantity: 1, unit_cost: 8, condition: 'NE', unit: 'PCS' }] });
    expectError(await act('inventory_receipt', 'post_inventory_receipt', late.receiptkey), 409, 'ERR_STOCK', 'T-BAT (batch B-NONE, condition NE) is in CGK-H4 without a shelf-life expiry: the same lot cannot come in with one (2027-03-31); receive it under its own batch number.');
  });
});

describe('serial numbers', () => {
  it('moves serial-numbered parts one by one, by a serial in that store, received once', async () => {
    // opening balances: the serial rules without incoming inspection (its own test below)
    const two = await create('inventory_receipt', { receiptdate: '2026-11-04', source: 'OPEN', lines: [{ item: ids['T-SER'], store: ids['CGK-H4'], quantity: 2, unit_cost: 500, condition: 'NE', unit: 'PCS' }] });
    const r = await act('inventory_receipt', 'post_inventory_receipt', two.receiptkey);
    expectError(r, 400, 'ERR_VALIDATION');
    expect(r.body.errors).toEqual([
      { path: '/lines/0/serial_number', message: 'is required: T-SER is serial-numbered' },
      { path: '/lines/0/quantity', message: 'must be 1: T-SER is serial-numbered (one line per serial)' },
    ]);
    await receive('CGK-H4', [['T-SER', 1, 500, { serial_number: 'S-1' }]], '2026-11-02', 'OPEN');
    const dup = await create('inventory_receipt', { receiptdate: '2026-11-04', source: 'OPEN', lines: [{ item: ids['T-SER'], store: ids['DPS-LS'], serial_number: 'S-1', quantity: 1, unit_cost: 500, condition: 'NE', unit: 'PCS' }] });
    expectError(await act('inventory_receipt', 'post_inventory_receipt', dup.receiptkey), 409, 'ERR_STOCK', 'T-SER S/N S-1 is already in stock (store CGK-H4): a serial number is received once.');
    const other = await issueDoc('CGK-H4', [['T-SER', 1, { serial_number: 'S-2' }]]);
    expectError(await act('inventory_issue', 'post_inventory_issue', other.issuekey), 409, 'ERR_STOCK', 'Not enough stock of T-SER in CGK-H4 (S/N S-2, condition NE): 0 on hand, 1 to move.');
    const elsewhere = await issueDoc('DPS-LS', [['T-SER', 1, { serial_number: 'S-1' }]]);
    expectError(await act('inventory_issue', 'post_inventory_issue', elsewhere.issuekey), 409, 'ERR_STOCK');
    await ok('inventory_issue', 'post_inventory_issue', (await issueDoc('CGK-H4', [['T-SER', 1, { serial_number: 'S-1' }]])).issuekey);
    expect(await onHand('T-SER', 'CGK-H4')).toBe(0);
  });
});

/**
 * Incoming inspection (decision 0102): a serialised part received new from a supplier needs its
 * release certificate and waits in quarantine (CGK-QT) until an inspector with an inspection
 * authorisation accepts it; then it is in its store (CGK-H4) at the value it came in at.
 */
describe('incoming inspection of serialised parts', () => {
  it('refuses a receipt without the release certificate, quarantines it, and moves it to its store when the inspector accepts it', async () => {
    const line = { item: ids['T-SER'], store: ids['CGK-H4'], serial_number: 'INC-1', quantity: 1, unit_cost: 800, condition: 'NE', unit: 'PCS' };
    const bare = await create('inventory_receipt', { receiptdate: '2026-11-05', source: 'OTHER', lines: [line] });
    const refused = await act('inventory_receipt', 'post_inventory_receipt', bare.receiptkey);
    expectError(refused, 400, 'ERR_VALIDATION');
    expect(refused.body.errors.map((e: Row) => e.path)).toEqual(['/lines/0/certificate_type', '/lines/0/certificate_no', '/lines/0/certificate_date', '/lines/0/certificate_issuer']);
    expect(await onHand('T-SER')).toBe(0);

    const cert = { certificate_type: ids.COC, certificate_no: 'F1-2026-7781', certificate_date: '2026-10-30', certificate_issuer: 'Honeywell Singapore (CAAS AWI/145/0032)' };
    const doc = await create('inventory_receipt', { receiptdate: '2026-11-05', source: 'OTHER', lines: [{ ...line, ...cert }] });
    const posted = await ok('inventory_receipt', 'post_inventory_receipt', doc.receiptkey);
    expect(posted.quarantined).toBe(1);
    // in quarantine, not in its store: it cannot be issued to an aircraft from there
    expect([await onHand('T-SER', 'CGK-QT'), await onHand('T-SER', 'CGK-H4')]).toEqual([1, 0]);
    const [stored] = (await get('inventory_receipt', doc.receiptkey)).lines;
    expect(stored).toMatchObject({ inspection: 'PENDING', certificate_no: 'F1-2026-7781', certificate_issuer: cert.certificate_issuer });
    const waiting = await report('inventory_receipt_line', 'aircraft-logistic/incoming-inspection', { q: 'INC-1' });
    expect(waiting.map((r) => r.serial_number)).toEqual(['INC-1']);

    // the storekeeper holds the screen's letters but no inspection authorisation: the letter opens the action, the authorisation decides
    expectError(await act('inventory_receipt_line', 'accept_incoming_inspection', stored.receiptdtlkey), 409, 'ERR_SIGNOFF', 'Accepting a part after incoming inspection needs an inspection authorisation (category INSP); you hold none.');
    // a reader of the screen only may not act at all
    await createUser(t, { username: 'st.reader', companies: { GAT: { 'aircraft-logistic/incoming-inspection': 'R' } } });
    expectError(await act('inventory_receipt_line', 'accept_incoming_inspection', stored.receiptdtlkey, (await t.signIn('st.reader', 'demo1234')).token), 403, 'ERR_FORBIDDEN');
    // an inspector of GAT: RU on the inspection screen, and an authorisation that expired, then a valid one
    await createUser(t, { username: 'st.inspector', companies: { GAT: { 'aircraft-logistic/incoming-inspection': 'RU' } } });
    const inspector = (await t.signIn('st.inspector', 'demo1234')).token;
    const person = Number((await db().selectFrom('users').select('user_id').where('username', '=', 'st.inspector').executeTakeFirstOrThrow()).user_id);
    await approvedAuthorisation(t, 'GAT', { person, auth_no: 'GAT-INSP-T1', category: 'INSP', valid_from: '2026-01-01', valid_to: '2026-03-31', suspended: false });
    expectError(await act('inventory_receipt_line', 'accept_incoming_inspection', stored.receiptdtlkey, inspector), 409, 'ERR_SIGNOFF', `Your inspection authorisation GAT-INSP-T1 is not valid on ${new Date().toISOString().slice(0, 10)}.`);
    expect([await onHand('T-SER', 'CGK-QT'), await onHand('T-SER', 'CGK-H4')]).toEqual([1, 0]);
    await approvedAuthorisation(t, 'GAT', { person, auth_no: 'GAT-INSP-T2', category: 'INSP', valid_from: '2026-01-01', valid_to: '2030-12-31', suspended: false });
    // what the inspector will sign (decision 0316): the part as received, where it goes, under which authorisation
    const previewOf = async (token: string) => {
      const r = await t.call('GET', `/api/data/inventory_receipt_line/action/accept_incoming_inspection/preview?key=${stored.receiptdtlkey}`, { token });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    expect((await previewOf(sk)).refusal).toBe('Accepting a part after incoming inspection needs an inspection authorisation (category INSP); you hold none.');
    const part = await db().selectFrom('master_item').select(['partnumber', 'itemname']).where('item_id', '=', ids['T-SER']).executeTakeFirstOrThrow();
    const storeText = async (code: string) => `${code} ${String((await db().selectFrom('store_warehouse').select('store_name').where('store_id', '=', ids[code]).executeTakeFirstOrThrow()).store_name)}`;
    const shown = await previewOf(inspector);
    expect(shown).toMatchObject({ document: 'Incoming inspection of S/N INC-1', authorisation: 'GAT-INSP-T2', refusal: null });
    expect(Object.fromEntries(shown.items.map((i: { label: string; value: string }) => [i.label, i.value]))).toEqual({
      Part: `${part.partnumber} ${part.itemname}`,
      'Serial or batch': 'S/N INC-1',
      Quantity: '1',
      Condition: 'NE',
      Certificate: 'F1-2026-7781',
      Receipt: String(posted.document),
      'From quarantine': await storeText('CGK-QT'),
      'Into store': await storeText('CGK-H4'),
    });

    const accepted = await ok('inventory_receipt_line', 'accept_incoming_inspection', stored.receiptdtlkey, inspector);
    expect(accepted.message).toBe(`S/N INC-1 of ${String(posted.document)} accepted under GAT-INSP-T2: now serviceable stock.`);
    expect([await onHand('T-SER', 'CGK-QT'), await onHand('T-SER', 'CGK-H4')]).toEqual([0, 1]);
    // at the value it came in at: 800.00 in and out of quarantine, 800.00 into CGK-H4
    const rows = await ledgerOf(String(posted.document));
    expect(rows.map((r) => [r.txn_type, Number(r.quantity), Number(r.amount), r.store])).toEqual([
      ['RCV', 1, 800, ids['CGK-QT']],
      ['TRO', -1, -800, ids['CGK-QT']],
      ['TRI', 1, 800, ids['CGK-H4']],
    ]);
    expect((await get('inventory_receipt', doc.receiptkey)).lines[0]).toMatchObject({ inspection: 'ACC', inspection_auth: 'GAT-INSP-T2' });
    expectError(await act('inventory_receipt_line', 'accept_incoming_inspection', stored.receiptdtlkey, inspector), 409, 'ERR_CONFLICT', 'This part was already accepted.');
    // the inspection state is never typed: a new receipt claiming an accepted line is refused
    const typed = await t.call('POST', '/api/data/inventory_receipt', { token: sk, body: { receiptdate: '2026-11-05', source: 'OTHER', lines: [{ ...line, ...cert, serial_number: 'INC-2', inspection: 'ACC' }] } });
    expect(typed.status, JSON.stringify(typed.body)).toBe(409);
    expect(typed.body.message).toBe("The Inventory Receipt Line's Incoming Inspection changes only through its actions, never by editing it.");
    // and the part goes out to an aircraft from its store
    await ok('inventory_issue', 'post_inventory_issue', (await issueDoc('CGK-H4', [['T-SER', 1, { serial_number: 'INC-1' }]])).issuekey);
  });

  it('reverses a receipt whether its part waits in quarantine or was accepted into its store', async () => {
    const cert = { certificate_type: ids.COC, certificate_no: 'F1-2026-7790', certificate_date: '2026-10-30', certificate_issuer: 'Honeywell Singapore' };
    const line = (serial: string) => ({ item: ids['T-SER'], store: ids['CGK-H4'], serial_number: serial, quantity: 1, unit_cost: 800, condition: 'NE', unit: 'PCS', ...cert });
    const waiting = await create('inventory_receipt', { receiptdate: '2026-11-06', source: 'OTHER', lines: [line('REV-Q')] });
    await ok('inventory_receipt', 'post_inventory_receipt', waiting.receiptkey);
    const accepted = await create('inventory_receipt', { receiptdate: '2026-11-06', source: 'OTHER', lines: [line('REV-A')] });
    await ok('inventory_receipt', 'post_inventory_receipt', accepted.receiptkey);
    const inspector = (await t.signIn('st.inspector', 'demo1234')).token; // GAT-INSP-T2, from the test above
    await ok('inventory_receipt_line', 'accept_incoming_inspection', (await get('inventory_receipt', accepted.receiptkey)).lines[0].receiptdtlkey, inspector);
    const lot = async (serial: string, store: string) =>
      Number((await db().selectFrom('stock_balance').select(sql<number>`coalesce(sum(quantity), 0)`.as('q')).where('compcode', '=', 'GAT').where('serial_number', '=', serial).where('store', '=', ids[store]).executeTakeFirstOrThrow()).q);
    expect([await lot('REV-Q', 'CGK-QT'), await lot('REV-A', 'CGK-H4')]).toEqual([1, 1]);
    await ok('inventory_receipt', 'reverse_inventory_receipt', waiting.receiptkey);
    await ok('inventory_receipt', 'reverse_inventory_receipt', accepted.receiptkey);
    // out of quarantine and out of the store: each receipt's rows and its reversal's sum to nothing
    expect([await lot('REV-Q', 'CGK-QT'), await lot('REV-A', 'CGK-H4'), await lot('REV-A', 'CGK-QT')]).toEqual([0, 0, 0]);
    for (const r of [waiting, accepted]) {
      const sum = await db().selectFrom('stock_ledger').select([sql<string>`sum(quantity)`.as('q'), sql<string>`sum(amount)`.as('v')]).where('compcode', '=', 'GAT').where('source', '=', 'inventory_receipt').where((eb) => eb.or([eb('source_key', '=', r.receiptkey), eb('source_key', 'in', db().selectFrom('inventory_receipt').select('receiptkey').where('reverses', '=', r.receiptkey))])).executeTakeFirstOrThrow();
      expect([Number(sum.q), Number(sum.v)]).toEqual([0, 0]);
    }
  });
});

describe('transfers', () => {
  it('puts stock in transit until the transfer in, partly and then fully received, at an unchanged average', async () => {
    await receive('CGK-H4', [['T-TRF', 10, 50]]);
    const trf = await create('stock_transfer', {
      transferdate: '2026-11-05',
      from_store: ids['CGK-H4'],
      to_store: ids['DPS-LS'],
      reason: 'REPL',
      lines: [{ item: ids['T-TRF'], quantity: 6, condition: 'NE', unit: 'PCS' }],
    });
    expectError(await act('stock_transfer', 'post_transfer_in', trf.transferkey), 409, 'ERR_STOCK', `Transfer ${trf.transferno} has not left the sending store: post the transfer out first.`);
    expect((await ok('stock_transfer', 'post_transfer_out', trf.transferkey)).message).toBe(`${trf.transferno} shipped: 1 ledger row.`);
    expect([await onHand('T-TRF', 'CGK-H4'), await onHand('T-TRF', 'DPS-LS')]).toEqual([4, 0]);
    const transit = () => report('transfer_in_transit', 'aircraft-logistic/tranfser-not-received', { item: ids['T-TRF'] });
    expect((await transit()).map((x) => [x.quantity, x.qty_received, x.outstanding])).toEqual([[6, 0, 6]]);
    expect(await pool('T-TRF')).toEqual({ quantity: 10, value: 500, avg_cost: 50 });

    // 4 of 6 arrive
    const shipped = await get('stock_transfer', trf.transferkey);
    const body = (qty: number) => ({
      received_date: '2026-11-06',
      received_by: 'Made Suarjana',
      version: undefined,
      lines: shipped.lines.map((l: Row) => ({ trfdtlkey: l.trfdtlkey, item: l.item, quantity: l.quantity, condition: l.condition, unit: l.unit, qty_received: qty })),
    });
    const put = async (qty: number) => {
      const cur = await get('stock_transfer', trf.transferkey);
      const { transferkey: _k, transferno: _n, out_posted: _o, in_posted: _i, received: _r, reverses: _v, reversed_by: _b, created_at: _c, created_by: _cb, updated_at: _u, updated_by: _ub, compcode: _cc, lines: _l, ...header } = cur;
      const res = await t.call('PUT', `/api/data/stock_transfer/${trf.transferkey}`, { token: sk, body: { ...header, ...body(qty), version: cur.version } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await put(4);
    expect((await ok('stock_transfer', 'post_transfer_in', trf.transferkey)).message).toBe(`${trf.transferno} partly received (the rest stays in transit): 1 ledger row.`);
    expect((await transit()).map((x) => [x.qty_received, x.outstanding])).toEqual([[4, 2]]);
    expect((await get('stock_transfer', trf.transferkey)).in_posted).toBe(0);
    await put(6);
    await ok('stock_transfer', 'post_transfer_in', trf.transferkey);
    expect(await transit()).toEqual([]);
    const done = await get('stock_transfer', trf.transferkey);
    expect([done.in_posted, done.received]).toEqual([1, 0]);
    expect([await onHand('T-TRF', 'CGK-H4'), await onHand('T-TRF', 'DPS-LS')]).toEqual([4, 6]);
    expect((await ledgerOf(trf.transferno)).map((r) => [r.txn_type, r.quantity, r.amount])).toEqual([
      ['TRO', -6, -300],
      ['TRI', 4, 200],
      ['TRI', 2, 100],
    ]);
    expect(await pool('T-TRF')).toEqual({ quantity: 10, value: 500, avg_cost: 50 });
    expectError(await act('stock_transfer', 'post_transfer_in', trf.transferkey), 409, 'ERR_LOCKED');
  });

  it('cancels a shipment nothing of which arrived, with a reversing transfer', async () => {
    const trf = await create('stock_transfer', { transferdate: '2026-11-07', from_store: ids['CGK-H4'], to_store: ids['DPS-LS'], reason: 'AOG', lines: [{ item: ids['T-TRF'], quantity: 3, condition: 'NE', unit: 'PCS' }] });
    await ok('stock_transfer', 'post_transfer_out', trf.transferkey);
    expect(await onHand('T-TRF', 'CGK-H4')).toBe(1);
    const rev = await ok('stock_transfer', 'reverse_stock_transfer', trf.transferkey);
    expect(await onHand('T-TRF', 'CGK-H4')).toBe(4);
    const original = await get('stock_transfer', trf.transferkey);
    expect([original.reversed_by, original.received]).toEqual([rev.transferkey, 0]);
    expect((await report('transfer_in_transit', 'aircraft-logistic/tranfser-not-received', { item: ids['T-TRF'] })).length).toBe(0);
    expectError(await act('stock_transfer', 'post_transfer_in', trf.transferkey), 409, 'ERR_STOCK', `Transfer ${trf.transferno} was cancelled: there is nothing to receive.`);
  });
});

describe('receipts against purchase orders', () => {
  let po: Row;
  beforeAll(async () => {
    const mk = async (currency: string, statuswf: string, qty: number) => {
      const doc = await create('purchase_order', { podate: '2026-10-20', vendor: ids.HON, currency, lines: [{ item: ids['T-PO'], quantity: qty, unit_price: 200, discount_pct: 5, condition: 'NE', unit: 'PCS' }] }, boss);
      await db().updateTable('purchase_order').set({ statuswf }).where('pokey', '=', doc.pokey).execute();
      return get('purchase_order', doc.pokey, boss);
    };
    po = await mk('EUR', '111', 10);
    ids.poDraft = (await mk('EUR', '000', 5)).lines[0].podtlkey;
    ids.poChf = (await mk('CHF', '111', 5)).lines[0].podtlkey;
  });
  const fromPo = (line: number, quantity: number, extra: Row = {}) =>
    create('inventory_receipt', { receiptdate: '2026-11-08', source: 'PO', lines: [{ po_line: line, item: ids['T-PO'], store: ids['CGK-H4'], quantity, condition: 'NE', unit: 'PCS', ...extra }] });
  const received = async (line: number) => Number((await db().selectFrom('purchase_order_line').select('qty_received').where('podtlkey', '=', line).executeTakeFirstOrThrow()).qty_received);

  it('receives at the PO price converted to the company currency and refuses over-receipt', async () => {
    const line = po.lines[0].podtlkey;
    expect(po.lines[0].qty_received).toBe(0);
    const first = await fromPo(line, 6);
    await ok('inventory_receipt', 'post_inventory_receipt', first.receiptkey);
    // 200 EUR less 5 % at 1.085 USD/EUR (GAT's rate from 1 January 2026)
    expect((await ledgerOf(first.receiptno)).map((r) => [r.quantity, r.unit_cost, r.amount])).toEqual([[6, 206.15, 1236.9]]);
    expect(await received(line)).toBe(6);
    const over = await fromPo(line, 5);
    const ref = po.lines[0].lineref ?? `${po.pono}/${line}`;
    expectError(await act('inventory_receipt', 'post_inventory_receipt', over.receiptkey), 409, 'ERR_STOCK', `Over-receipt on PO line ${ref}: 10 ordered, 6 already received, 5 more would exceed the order.`);
    expect(await received(line)).toBe(6);
    expect(await ledgerOf(over.receiptno)).toEqual([]);
  });

  it('posts a goods receiving: accepted lines into the store, quarantined ones into quarantine, rejected ones not at all', async () => {
    const line = po.lines[0].podtlkey;
    const rcv = await create(
      'receiving',
      {
        rcvdate: '2026-11-09',
        purchase_order: po.pokey,
        vendor: ids.HON,
        store: ids['CGK-H4'],
        lines: [
          { po_line: line, item: ids['T-PO'], quantity: 2, unit: 'PCS', condition: 'NE', inspection: 'ACC' },
          { po_line: line, item: ids['T-PO'], quantity: 1, unit: 'PCS', condition: 'NE', inspection: 'QUA' },
          { po_line: line, item: ids['T-PO'], quantity: 1, unit: 'PCS', condition: 'NE', inspection: 'REJ' },
        ],
      },
      boss,
    );
    expectError(await act('receiving', 'post_receiving', rcv.rcvkey, sk), 403, 'ERR_FORBIDDEN'); // stores reads procurement only
    // its incoming inspection approved it (plugins/procurement refuses to post a receiving its workflow has not approved)
    await db().updateTable('receiving').set({ statuswf: '111' }).where('rcvkey', '=', rcv.rcvkey).execute();
    await ok('receiving', 'post_receiving', rcv.rcvkey, boss);
    expect((await ledgerOf(rcv.rcvno)).map((r) => [r.store, r.quantity, r.amount])).toEqual([
      [ids['CGK-H4'], 2, 412.3],
      [ids['CGK-QT'], 1, 206.15],
    ]);
    expect(await received(line)).toBe(9);
    expect([await onHand('T-PO', 'CGK-H4'), await onHand('T-PO', 'CGK-QT')]).toEqual([8, 1]);
  });

  it('gives the quantity back to the PO line when a receipt is reversed', async () => {
    const line = po.lines[0].podtlkey;
    const [first] = await db().selectFrom('inventory_receipt').select(['receiptkey', 'receiptno']).where('source', '=', 'PO').where('posted', '=', 1).orderBy('receiptkey').execute();
    const rev = await ok('inventory_receipt', 'reverse_inventory_receipt', first.receiptkey);
    expect(rev.message).toMatch(new RegExp(`^IR-\\d{4}-\\d{5} reverses ${first.receiptno}: 1 ledger row, value 1,236.9\\.$`));
    expect(await received(line)).toBe(3);
    expect(await onHand('T-PO', 'CGK-H4')).toBe(2);
    const copy = await get('inventory_receipt', rev.receiptkey);
    expect([copy.reverses, copy.posted, copy.remark]).toEqual([first.receiptkey, 1, `Reversal of ${first.receiptno}`]);
    expect((await get('inventory_receipt', first.receiptkey)).reversed_by).toBe(rev.receiptkey);
    expectError(await act('inventory_receipt', 'reverse_inventory_receipt', first.receiptkey), 409, 'ERR_STOCK', `Inventory Receipt ${first.receiptno} is already reversed.`);
    expectError(await act('inventory_receipt', 'reverse_inventory_receipt', rev.receiptkey), 409, 'ERR_STOCK', `${copy.receiptno} is itself a reversal: post a new document instead of reversing it.`);
  });

  it('refuses receipts against unapproved orders, in a currency without a rate, or without PO lines', async () => {
    const draft = await fromPo(ids.poDraft, 1);
    const refused = await act('inventory_receipt', 'post_inventory_receipt', draft.receiptkey);
    expectError(refused, 409, 'ERR_STOCK');
    expect(refused.body.message).toMatch(/^Purchase order PO-\d{4}-\d{5} is not approved: goods cannot be received against it\.$/);
    const chf = await fromPo(ids.poChf, 1);
    expectError(await act('inventory_receipt', 'post_inventory_receipt', chf.receiptkey), 409, 'ERR_STOCK', 'No exchange rate from CHF to USD valid on 2026-11-08: enter it under Currency Rates before posting.');
    expect(await received(ids.poChf)).toBe(0);
    const bare = await create('inventory_receipt', { receiptdate: '2026-11-08', source: 'PO', lines: [{ item: ids['T-PO'], store: ids['CGK-H4'], quantity: 1, condition: 'NE', unit: 'PCS' }] });
    const r = await act('inventory_receipt', 'post_inventory_receipt', bare.receiptkey);
    expectError(r, 400, 'ERR_VALIDATION');
    expect(r.body.errors).toEqual([{ path: '/lines/0/po_line', message: 'is required on a receipt from a purchase order' }]);
  });
});

describe('robbing, reservations, reorder, adjustments and returns', () => {
  it('posts a robbing and raises the replacement request for the donor aircraft', async () => {
    const rob = await create('robbing_part', {
      robbingdate: '2026-11-11',
      item: ids['T-ROB'],
      serial_number: 'RB-77',
      quantity: 1,
      donor_registration: 'PK-GTA',
      donor_position: 'E&E bay',
      recipient_registration: 'PK-GTB',
      reason: 'AOG',
      authorised_by: ids.approver,
      store: ids['CGK-H4'],
    });
    const res = await ok('robbing_part', 'post_robbing', rob.robbingkey);
    expect(res.requestno).toMatch(/^MR-2026-\d{5}$/);
    expect(res.message).toBe(`${rob.robbingno} posted: replacement request ${res.requestno} raised for PK-GTA.`);
    const mr = await get('material_request', res.replacement_mr);
    expect([mr.requestno, mr.registration, mr.statuswf, mr.lines.length, mr.lines[0].item, mr.lines[0].quantity, mr.lines[0].lineref]).toEqual([res.requestno, 'PK-GTA', '000', 1, ids['T-ROB'], 1, `${res.requestno}/1`]);
    const posted = await get('robbing_part', rob.robbingkey);
    expect([posted.posted, posted.replacement_mr]).toEqual([1, res.replacement_mr]);
    expect((await ledgerOf(rob.robbingno)).map((r) => [r.txn_type, r.quantity, r.registration])).toEqual([
      ['ROB', 1, 'PK-GTA'],
      ['ROB', -1, 'PK-GTB'],
    ]);
    expect(await onHand('T-ROB')).toBe(0);
    // the robbing can still be closed when the donor is restored, not changed otherwise
    const { robbingkey, robbingno: _n, posted: _p, posted_date: _d, created_at: _c, created_by: _cb, updated_at: _u, updated_by: _ub, compcode: _cc, ...rest } = posted;
    expectError(await t.call('PUT', `/api/data/robbing_part/${robbingkey}`, { token: sk, body: { ...rest, donor_registration: 'PK-GTC' } }), 409, 'ERR_LOCKED');
    const close = await t.call('PUT', `/api/data/robbing_part/${robbingkey}`, { token: sk, body: { ...rest, status: 0, closed_date: '2026-11-20' } });
    expect(close.status, JSON.stringify(close.body)).toBe(200);
  });

  it('holds reserved stock for its work order and uses it up when issued to that work order', async () => {
    await receive('CGK-H4', [['T-RSV', 10, 7]]);
    const rsv = await create('stock_reservation', { reservedate: '2026-11-12', store: ids['CGK-H4'], workorder_no: 'WO-A', registration: 'PK-GTD', lines: [{ item: ids['T-RSV'], quantity: 8, unit: 'PCS' }] });
    const big = await create('stock_reservation', { reservedate: '2026-11-12', store: ids['CGK-H4'], workorder_no: 'WO-Z', lines: [{ item: ids['T-RSV'], quantity: 11, unit: 'PCS' }] });
    expectError(await act('stock_reservation', 'post_reservation', big.reservekey), 409, 'ERR_STOCK', 'Not enough stock to reserve: T-RSV: 10 serviceable in CGK-H4, 0 already reserved, 11 asked.');
    await ok('stock_reservation', 'post_reservation', rsv.reservekey);
    const other = await issueDoc('CGK-H4', [['T-RSV', 5]], { workorder_no: 'WO-B' });
    expectError(await act('inventory_issue', 'post_inventory_issue', other.issuekey), 409, 'ERR_STOCK', `Not enough unreserved stock of T-RSV in CGK-H4: 10 serviceable on hand, 8 reserved for other work orders (${rsv.reserveno}), 5 to move.`);
    await ok('inventory_issue', 'post_inventory_issue', (await issueDoc('CGK-H4', [['T-RSV', 2]], { workorder_no: 'WO-B' })).issuekey);
    await ok('inventory_issue', 'post_inventory_issue', (await issueDoc('CGK-H4', [['T-RSV', 8]], { workorder_no: 'WO-A' })).issuekey);
    const used = await get('stock_reservation', rsv.reservekey);
    expect([used.status, used.lines[0].qty_issued, await onHand('T-RSV')]).toEqual([0, 8, 0]);
  });

  it('orders up to the maximum from on hand + on order − reserved, rounded up', async () => {
    await receive('CGK-H4', [['T-REO', 4.5, 12]]);
    const order = await create('purchase_order', { podate: '2026-11-01', vendor: ids.HON, currency: 'USD', lines: [{ item: ids['T-REO'], quantity: 5, unit_price: 12, condition: 'NE', unit: 'L' }] }, boss);
    await db().updateTable('purchase_order').set({ statuswf: '111' }).where('pokey', '=', order.pokey).execute();
    const line = (await get('purchase_order', order.pokey, boss)).lines[0].podtlkey;
    const ir = await create('inventory_receipt', { receiptdate: '2026-11-13', source: 'PO', purchase_order: order.pokey, lines: [{ po_line: line, item: ids['T-REO'], store: ids['CGK-H4'], quantity: 3, condition: 'NE', unit: 'L' }] });
    await ok('inventory_receipt', 'post_inventory_receipt', ir.receiptkey);
    const rsv = await create('stock_reservation', { reservedate: '2026-11-13', store: ids['CGK-H4'], workorder_no: 'WO-C', lines: [{ item: ids['T-REO'], quantity: 2, unit: 'L' }] });
    await ok('stock_reservation', 'post_reservation', rsv.reservekey);
    const [row] = await report('inventory_reorder', 'aircraft-logistic/inventory-need-reorder', { item: ids['T-REO'] });
    // on hand 4.5 + 3 = 7.5, reserved 2, on order 5 − 3 = 2: position 7.5 ≤ 10; order 25 − 7.5 = 17.5 → 18
    expect([row.on_hand, row.reserved, row.on_order, row.stock_position, row.order_qty]).toEqual([7.5, 2, 2, 7.5, 18]);
  });

  it('adjusts stock: losses at the average cost, found stock at its cost, never below zero', async () => {
    await receive('CGK-H4', [['T-ADJ', 10, 20]]);
    const adj = await create('stock_adjustment', {
      adjdate: '2026-11-14',
      store: ids['CGK-H4'],
      reason: 'COUNT',
      lines: [
        { item: ids['T-ADJ'], quantity: -2, condition: 'NE', unit: 'PCS' },
        { item: ids['T-ADJ'], quantity: 1, unit_cost: 26, condition: 'NE', unit: 'PCS' },
      ],
    });
    await ok('stock_adjustment', 'post_stock_adjustment', adj.adjkey);
    expect((await ledgerOf(adj.adjno)).map((r) => [r.quantity, r.amount])).toEqual([
      [-2, -40],
      [1, 26],
    ]);
    expect(await pool('T-ADJ')).toEqual({ quantity: 9, value: 186, avg_cost: 20.6667 });
    const loss = await create('stock_adjustment', { adjdate: '2026-11-14', store: ids['CGK-H4'], reason: 'DAMAGE', lines: [{ item: ids['T-ADJ'], quantity: -20, condition: 'NE', unit: 'PCS' }] });
    expectError(await act('stock_adjustment', 'post_stock_adjustment', loss.adjkey), 409, 'ERR_STOCK', 'Not enough stock of T-ADJ in CGK-H4 (condition NE): 9 on hand, 20 to move.');
  });

  it('returns issued parts at the cost they left with, never more than issued', async () => {
    await receive('CGK-H4', [['T-RET', 10, 10]]);
    await receive('CGK-H4', [['T-RET', 10, 16]]); // 20 for 260: 13 each
    const iss = await issueDoc('CGK-H4', [['T-RET', 4]]);
    await ok('inventory_issue', 'post_inventory_issue', iss.issuekey);
    await receive('CGK-H4', [['T-RET', 10, 19]]); // 26 for 398
    const line = (await get('inventory_issue', iss.issuekey)).lines[0].issuedtlkey;
    const ret = (quantity: number) => create('inventory_return', { returndate: '2026-11-15', issue: iss.issuekey, store: ids['CGK-H4'], reason: 'UNUSED', lines: [{ issue_line: line, item: ids['T-RET'], quantity, condition: 'NE', unit: 'PCS' }] });
    const first = await ret(3);
    await ok('inventory_return', 'post_inventory_return', first.returnkey);
    expect((await ledgerOf(first.returnno)).map((r) => [r.quantity, r.unit_cost, r.amount])).toEqual([[3, 13, 39]]);
    expect(await pool('T-RET')).toMatchObject({ quantity: 29, value: 437 });
    const second = await ret(2);
    const r = await act('inventory_return', 'post_inventory_return', second.returnkey);
    expectError(r, 400, 'ERR_VALIDATION');
    expect(r.body.errors).toEqual([{ path: '/lines/0/quantity', message: `2 of T-RET to come back exceeds what that line of ${iss.issueno} sent out: 4 issued, 3 already returned, so at most 1 can come back` }]);
  });

  it('reverses an issue at the value it left with', async () => {
    await receive('CGK-H4', [['T-REV', 4, 25]]);
    const iss = await issueDoc('CGK-H4', [['T-REV', 3]]);
    await ok('inventory_issue', 'post_inventory_issue', iss.issuekey);
    await receive('CGK-H4', [['T-REV', 1, 45]]); // 2 for 70
    const rev = await ok('inventory_issue', 'reverse_inventory_issue', iss.issuekey);
    expect((await ledgerOf(rev.document)).map((r) => [r.txn_type, r.quantity, r.amount])).toEqual([['ISS', 3, 75]]);
    expect(await pool('T-REV')).toEqual({ quantity: 5, value: 145, avg_cost: 29 });
  });
});

describe('hooks of other plugins', () => {
  it('runs beforePost before anything is written (a refusal leaves nothing) and afterPost once posted', async () => {
    await receive('CGK-H4', [['T-HOOK', 5, 10]]);
    const seen: Row[] = [];
    let refuse = true;
    const other = definePlugin({
      name: 'procurement-test',
      hooks: {
        inventory_issue: {
          beforePost: async (h) => {
            if (refuse) throw appError('ERR_STOCK', { message: 'Refused by another plugin.' });
            seen.push({ hook: 'before', posted: h.row.posted, step: h.posting?.step });
          },
          afterPost: async (h) => {
            const n = await h.db.selectFrom('stock_ledger').select(sql<number>`count(*)`.as('n')).where('doc_no', '=', String(h.row.issueno)).executeTakeFirstOrThrow();
            seen.push({ hook: 'after', posted: h.row.posted, rows: Number(n.n) });
          },
        },
      },
    });
    const host = new PluginHost([...plugins, other], workflowActions(t.services.reg));
    const s = t.services;
    const user = { user_id: 1, username: 'st.keeper', compcode: 'GAT' };
    const ability = buildAbility(s.reg, { compcode: 'GAT', grants: s.reg.menus.filter((m) => m.route).map((m) => ({ module: m.module, menu: m.name, route: m.route ?? null, letters: 'RO' })) });
    const ctx = { db: s.database.db, reg: s.reg, repo: new Repository(s.reg, host), plugins: host, ability, user };
    const doc = await issueDoc('CGK-H4', [['T-HOOK', 2]]);
    await expect(runAction(ctx, { entity: 'inventory_issue', name: 'post_inventory_issue', key: doc.issuekey })).rejects.toThrow('Refused by another plugin.');
    expect([await ledgerOf(doc.issueno), await onHand('T-HOOK'), (await get('inventory_issue', doc.issuekey)).posted]).toEqual([[], 5, 0]);
    refuse = false;
    await runAction(ctx, { entity: 'inventory_issue', name: 'post_inventory_issue', key: doc.issuekey });
    expect(seen).toEqual([
      { hook: 'before', posted: 0, step: 'post' },
      { hook: 'after', posted: 1, rows: 1 },
    ]);
  });
});

describe('invariants over the demo and the tests', () => {
  it('the database itself refuses a negative balance (CHECK constraint from the field\'s min: 0), whatever path writes it', async () => {
    const row = await db().selectFrom('stock_balance').select(['balancekey', 'quantity']).where('quantity', '>', 0).orderBy('balancekey').executeTakeFirstOrThrow();
    await expect(db().updateTable('stock_balance').set({ quantity: -1 }).where('balancekey', '=', row.balancekey).execute()).rejects.toThrow(/ck_stock_balance_quantity/);
    expect((await db().selectFrom('stock_balance').select('quantity').where('balancekey', '=', row.balancekey).executeTakeFirstOrThrow()).quantity).toBe(row.quantity);
  });

  it('ledger sums equal the balance rows, and the moving-average pools equal the ledger values', async () => {
    const mismatched = await sql<Row>`
      select coalesce(l.compcode, b.compcode) as compcode, coalesce(l.item, b.item) as item, l.qty, b.quantity
        from (select compcode, store, item, coalesce(serial_number, '') as serial_number, coalesce(batch_number, '') as batch_number, condition, sum(quantity) as qty
                from stock_ledger group by 1, 2, 3, 4, 5, 6) l
        full join stock_balance b using (compcode, store, item, serial_number, batch_number, condition)
       where coalesce(l.qty, 0) <> coalesce(b.quantity, 0)`.execute(db());
    expect(mismatched.rows).toEqual([]);
    // the running balances written on the ledger rows end at the balance rows' sums
    const running = await sql<Row>`
      with last_store as (select distinct on (compcode, store, item) compcode, store, item, balance_store from stock_ledger order by compcode, store, item, ledgerkey desc),
           last_item as (select distinct on (compcode, item) compcode, item, balance_item from stock_ledger order by compcode, item, ledgerkey desc),
           bs as (select compcode, store, item, sum(quantity) as qty from stock_balance group by 1, 2, 3),
           bi as (select compcode, item, sum(quantity) as qty from stock_balance group by 1, 2)
      select 'store' as what, l.compcode, l.item, l.balance_store as ledger, bs.qty from last_store l join bs using (compcode, store, item) where l.balance_store <> bs.qty
      union all
      select 'item', l.compcode, l.item, l.balance_item, bi.qty from last_item l join bi using (compcode, item) where l.balance_item <> bi.qty`.execute(db());
    expect(running.rows).toEqual([]);
    const negative = await db().selectFrom('stock_balance').select('balancekey').where('quantity', '<', 0).execute();
    expect(negative).toEqual([]);
    const pools = await sql<Row>`
      select v.compcode, v.item, v.quantity, v.value, l.qty, l.amount
        from stock_valuation v
        left join (select compcode, item, sum(case when condition <> 'AR' then quantity else 0 end) as qty, sum(amount) as amount
                     from stock_ledger where txn_type not in ('TRO', 'TRI') group by 1, 2) l using (compcode, item)
       where v.quantity <> coalesce(l.qty, 0) or v.value <> coalesce(l.amount, 0)`.execute(db());
    expect(pools.rows).toEqual([]);
    const rows = await db().selectFrom('stock_ledger').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBeGreaterThan(150);
  });

  it('offers Post (letter O, decision 0120) on the stock forms, only while unposted, and lists the document ledger rows', async () => {
    const r = await t.call('GET', '/api/meta/screen/aircraft-logistic/issued-form', { token: sk });
    expect(r.status).toBe(200);
    expect(r.body.actions.map((a: Row) => [a.name, a.letter, a.visibleWhen])).toEqual([
      ['post_inventory_issue', 'O', { posted: 0 }],
      ['reverse_inventory_issue', 'O', { posted: 1, reversed_by: null, reverses: null }],
    ]);
    expect(r.body.related).toEqual([
      expect.objectContaining({ module: 'aircraft-logistic', route: 'stock-ledger', match: { doc_no: 'issueno' }, title: 'Stock ledger rows posted by this document' }),
    ]);
    const [doc] = await db().selectFrom('inventory_issue').select('issueno').where('compcode', '=', 'GAT').where('posted', '=', 1).orderBy('issuekey', 'desc').limit(1).execute();
    const rows = await report('stock_ledger', 'aircraft-logistic/stock-ledger', { doc_no: String(doc.issueno) });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((x) => x.doc_no === doc.issueno)).toBe(true);
  });
});
