/**
 * Hours, parts and customer-furnished parts of an MRO work order through the HTTP API
 * (plugins/mro/materials.ts, decision 0179). Every refusal writes nothing. One server and
 * database per file, both databases.
 *
 * Worked values: a test expendable received into CGK-H4 at 25.00 a piece (its moving average).
 * Issued 6 to requirement 1 → issued 6, value 150.00; 2 returned to store against that issue
 * line → 4, 100.00; a second issue of 3 reversed → still 4, 100.00. Customer part: 5 delivered,
 * 1 not fitted returned → 4 fitted, value 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser, DEMO_PASSWORD, expectOk, sqlOne, sqlAll } from '../../server/test/support.ts';
import { addDays, todayUtc } from '../airworthiness/rules/dates.ts';

type Row = Record<string, any>;

let t: TestApp;
let tok = '';
const ids: Record<string, number> = {};
const today = todayUtc();
const one = (q: string): Promise<Row> => sqlOne(t, q);
const all = (q: string): Promise<Row[]> => sqlAll(t, q);
const ok = expectOk;
const num = (v: unknown) => Number(v);
const act = (entity: string, name: string, key: unknown) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok, body: { key } });
const create = async (entity: string, body: Row): Promise<Row> => ok(await t.call('POST', `/api/data/${entity}`, { token: tok, body })).data;
const get = async (entity: string, key: unknown): Promise<Row> => ok(await t.call('GET', `/api/data/${entity}/${key}`, { token: tok })).data;
const fieldError = (r: CallResult, path: string, message: string | RegExp) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.errors).toContainEqual({ path, message: expect.stringMatching(message) });
};
const conflict = (r: CallResult, message: string | RegExp) => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body.message).toMatch(message);
};

/** PUT of the order as its form saves it (typed fields, lines with their keys), with `changes`. */
async function put(key: number, changes: Row): Promise<CallResult> {
  const e = t.services.reg.entity('amo_work_order');
  const row = await get('amo_work_order', key);
  const body: Row = { version: row.version };
  for (const f of e.fields) if (!f.readOnly && f.name !== 'wo_no' && row[f.name] !== undefined) body[f.name] = row[f.name];
  for (const c of e.children) {
    const child = t.services.reg.entity(c.entity);
    const typed = new Set([child.key, ...child.fields.filter((f) => !f.readOnly && f.name !== c.foreignKey).map((f) => f.name)]);
    const lines = (changes[c.name] ?? row[c.name]) as Row[] | undefined;
    if (lines) body[c.name] = lines.map((l) => Object.fromEntries(Object.entries(l).filter(([k]) => typed.has(k))));
  }
  const header = Object.fromEntries(Object.entries(changes).filter(([k]) => !e.children.some((c) => c.name === k)));
  return t.call('PUT', `/api/data/amo_work_order/${key}`, { token: tok, body: { ...body, ...header } });
}

async function workOrder(title: string): Promise<Row> {
  return create('amo_work_order', {
    wo_date: today,
    amo_customer: ids.cust,
    customer_aircraft: ids.ac,
    title,
    planned_start: today,
    planned_end: addDays(today, 3),
    tasks: [
      { seq: 10, task_card_no: 'MT-1', description: 'Wheel change', est_manhours: 4 },
      { seq: 20, task_card_no: 'MT-2', description: 'Brake check', est_manhours: 2 },
    ],
    materials: [
      { line_no: 1, task_card_no: 'MT-1', item: ids.item, partnumber: 'T-MRO-MAT', itemname: 'Test MRO part', quantity: 6, unit: 'PCS', supply: 'STOCK' },
      { line_no: 2, task_card_no: 'MT-2', partnumber: 'CF-100', itemname: 'Customer wheel assembly', quantity: 5, unit: 'PCS', supply: 'CUSTOMER' },
    ],
  });
}

const issueBody = (wo: Row, lines: Row[]) => ({ issuedate: today, issue_type: 'CUST', store: ids.store, amo_work_order: wo.amo_wo_id, issued_to: 'Hangar team', lines: lines.map((l) => ({ condition: 'NE', unit: 'PCS', item: ids.item, ...l })) });

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t, { username: 'mat.boss', companies: { GAT: 'administrator' } });
  const s = await t.signIn('mat.boss', DEMO_PASSWORD);
  tok = s.token;
  ids.boss = s.user.user_id;
  const type = await one(`select aircraft_type_id from aircraft_type where compcode = 'GAT' order by aircraft_type_id limit 1`);
  ids.cust = (await create('amo_customer', { customer_code: 'MAT', customer_name: 'Test Materials', country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'USD' })).amo_customer_id;
  ids.ac = (await create('customer_aircraft', { amo_customer: ids.cust, registration: 'PK-MAT', aircraft_type: type.aircraft_type_id, msn: 'MAT1' })).customer_aircraft_id;
  const category = await one(`select id from master_item_category where compcode = 'GAT' and code = 'EXP'`);
  ids.item = num((await create('master_item', { partnumber: 'T-MRO-MAT', itemname: 'Test MRO part', category: category.id, tracking: 'none', unit: 'PCS', reorder_min: 0, reorder_max: 0, active: true })).item_id);
  ids.other = num((await create('master_item', { partnumber: 'T-MRO-OTH', itemname: 'Other test part', category: category.id, tracking: 'none', unit: 'PCS', reorder_min: 0, reorder_max: 0, active: true })).item_id);
  ids.store = num((await one(`select store_id from store_warehouse where compcode = 'GAT' and store_code = 'CGK-H4'`)).store_id);
  const receipt = await create('inventory_receipt', { receiptdate: addDays(today, -3), source: 'OTHER', lines: [{ item: ids.item, store: ids.store, quantity: 50, unit_cost: 25, condition: 'NE', unit: 'PCS' }, { item: ids.other, store: ids.store, quantity: 5, unit_cost: 10, condition: 'NE', unit: 'PCS' }] });
  ok(await act('inventory_receipt', 'post_inventory_receipt', receipt.receiptkey));
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('hours booked on the cards', () => {
  let wo: Row;
  it("each card's booked man-hours are the sum of its labour lines, never typed", async () => {
    wo = await workOrder('Hours');
    const [c1, c2] = wo.tasks.sort((a: Row, b: Row) => a.seq - b.seq);
    ok(await put(wo.amo_wo_id, { labour: [
      { task: c1.amo_task_id, person: ids.boss, work_date: addDays(today, -1), hours: 3.25 },
      { task: c1.amo_task_id, person: ids.boss, work_date: today, hours: 1.5 },
      { task: c2.amo_task_id, person: ids.boss, work_date: today, hours: 2 },
    ] }));
    const read = await get('amo_work_order', wo.amo_wo_id);
    expect(read.tasks.sort((a: Row, b: Row) => a.seq - b.seq).map((c: Row) => num(c.actual_manhours))).toEqual([4.75, 2]);
    // the field is the server's: a card written with booked hours typed is refused, nothing changed
    const card = await t.call('PUT', `/api/data/amo_work_order_task/${c1.amo_task_id}`, { token: tok, body: { version: read.tasks.find((c: Row) => c.amo_task_id === c1.amo_task_id).version, actual_manhours: 99 } });
    expect(card.status, JSON.stringify(card.body)).toBeGreaterThanOrEqual(400);
    expect(card.status).toBeLessThan(500);
    expect((await all(`select actual_manhours from amo_work_order_task where amo_work_order = ${wo.amo_wo_id} order by seq`)).map((r) => num(r.actual_manhours))).toEqual([4.75, 2]);
    // a booking written on its own (the data API) moves the card too; its delete takes it back
    const b = await create('amo_work_order_labour', { amo_work_order: wo.amo_wo_id, task: c2.amo_task_id, person: ids.boss, work_date: today, hours: 0.5 });
    expect(num((await one(`select actual_manhours from amo_work_order_task where amo_task_id = ${c2.amo_task_id}`)).actual_manhours)).toBe(2.5);
    ok(await t.call('DELETE', `/api/data/amo_work_order_labour/${b.amo_labour_id}`, { token: tok }));
    expect(num((await one(`select actual_manhours from amo_work_order_task where amo_task_id = ${c2.amo_task_id}`)).actual_manhours)).toBe(2);
  });

  it("refuses another order's card, a day after today and more than 24 hours, at the field, nothing written", async () => {
    const other = await workOrder('Other');
    const foreign = other.tasks[0].amo_task_id;
    const before = await get('amo_work_order', wo.amo_wo_id);
    const lines = before.labour;
    fieldError(await put(wo.amo_wo_id, { labour: [...lines, { task: foreign, person: ids.boss, work_date: today, hours: 1 }] }), '/labour/3/task', /task card of this work order/);
    fieldError(await put(wo.amo_wo_id, { labour: [...lines, { task: before.tasks[0].amo_task_id, person: ids.boss, work_date: addDays(today, 1), hours: 1 }] }), '/labour/3/work_date', /must not be after today/);
    const tooLong = await put(wo.amo_wo_id, { labour: [...lines, { task: before.tasks[0].amo_task_id, person: ids.boss, work_date: today, hours: 25 }] });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body.errors)).toContain('/labour/3/hours');
    fieldError(await t.call('POST', '/api/data/amo_work_order_labour', { token: tok, body: { amo_work_order: wo.amo_wo_id, task: foreign, person: ids.boss, work_date: today, hours: 1 } }), '/task', /task card of this work order/);
    expect(num((await one(`select count(*) as n from amo_work_order_labour where amo_work_order = ${wo.amo_wo_id}`)).n)).toBe(3);
    expect(num((await one(`select sum(actual_manhours) as h from amo_work_order_task where amo_work_order = ${wo.amo_wo_id}`)).h)).toBe(6.75);
  });
});

describe('parts issued from stores to the requirements', () => {
  let wo: Row;
  let req: Row;
  let issue: Row;
  it("a posted issue naming the requirement sets its issued quantity and value from the ledger (150.00 for 6 at 25.00); the issue takes the order's number and aircraft", async () => {
    wo = await workOrder('Parts');
    req = wo.materials.find((m: Row) => m.line_no === 1);
    issue = await create('inventory_issue', issueBody(wo, [{ amo_material: req.amo_material_id, quantity: 6 }]));
    expect(issue).toMatchObject({ workorder_no: wo.wo_no, registration: 'PK-MAT' });
    ok(await act('inventory_issue', 'post_inventory_issue', issue.issuekey));
    const m = await one(`select issued_qty, issued_value, status from amo_work_order_material where amo_material_id = ${req.amo_material_id}`);
    expect([num(m.issued_qty), num(m.issued_value), m.status]).toEqual([6, 150, 'ISSUED']);
  });

  it('parts returned to store against the issue line and a reversed issue come off it (4, 100.00)', async () => {
    const line = (await get('inventory_issue', issue.issuekey)).lines[0];
    const ret = await create('inventory_return', { returndate: today, issue: issue.issuekey, store: ids.store, reason: 'UNUSED', lines: [{ issue_line: line.issuedtlkey, item: ids.item, quantity: 2, condition: 'NE', unit: 'PCS' }] });
    ok(await act('inventory_return', 'post_inventory_return', ret.returnkey));
    const second = await create('inventory_issue', issueBody(wo, [{ amo_material: req.amo_material_id, quantity: 3 }]));
    ok(await act('inventory_issue', 'post_inventory_issue', second.issuekey));
    expect(num((await one(`select issued_qty from amo_work_order_material where amo_material_id = ${req.amo_material_id}`)).issued_qty)).toBe(7);
    ok(await act('inventory_issue', 'reverse_inventory_issue', second.issuekey));
    const m = await one(`select issued_qty, issued_value from amo_work_order_material where amo_material_id = ${req.amo_material_id}`);
    expect([num(m.issued_qty), num(m.issued_value)]).toEqual([4, 100]);
  });

  it("refuses another order's requirement, another part, a customer-furnished requirement and an order released to service, nothing posted", async () => {
    const other = await workOrder('Other parts');
    const foreign = other.materials.find((m: Row) => m.line_no === 1);
    const cust = wo.materials.find((m: Row) => m.line_no === 2);
    const ledger = async () => num((await one(`select count(*) as n from stock_ledger where item in (${ids.item}, ${ids.other})`)).n);
    const before = await ledger();
    for (const [lines, path, message] of [
      [[{ amo_material: foreign.amo_material_id, quantity: 1 }], '/lines/0/amo_material', new RegExp(`material requirement of ${wo.wo_no}`)],
      [[{ amo_material: req.amo_material_id, item: ids.other, quantity: 1 }], '/lines/0/item', /requirement's part T-MRO-MAT/],
      [[{ amo_material: cust.amo_material_id, quantity: 1 }], '/lines/0/amo_material', /customer-furnished/],
    ] as [Row[], string, RegExp][]) {
      const doc = await create('inventory_issue', issueBody(wo, lines));
      fieldError(await act('inventory_issue', 'post_inventory_issue', doc.issuekey), path, message);
      expect(num((await get('inventory_issue', doc.issuekey)).posted)).toBe(0);
    }
    // an issue names one work order: not a maintenance one and an MRO one
    const mwo = await one(`select wo_id from work_order where compcode = 'GAT' order by wo_id limit 1`);
    const both = await t.call('POST', '/api/data/inventory_issue', { token: tok, body: { ...issueBody(wo, [{ quantity: 1 }]), work_order: mwo.wo_id } });
    expect(both.status).toBe(400);
    // released (set as an order taken over would be): no more parts
    const released = await workOrder('Released');
    const doc = await create('inventory_issue', issueBody(released, [{ amo_material: released.materials.find((m: Row) => m.line_no === 1).amo_material_id, quantity: 1 }]));
    await t.services.database.db.updateTable('amo_work_order').set({ status: 'RELEASED' }).where('amo_wo_id', '=', released.amo_wo_id).execute();
    conflict(await act('inventory_issue', 'post_inventory_issue', doc.issuekey), /released to service|is released/);
    expect(await ledger()).toBe(before);
  });
});

describe('customer-furnished parts', () => {
  it('received with its certificate at no cost, the parts not fitted returned; refused without certificate or beyond what came in', async () => {
    const wo = await workOrder('Customer parts');
    const m = wo.materials.find((x: Row) => x.line_no === 2);
    fieldError(await act('amo_work_order_material', 'mro_receive_customer_part', m.amo_material_id), '/cust_cert_no', /release certificate/);
    const stock = async () => num((await one(`select count(*) as n from stock_ledger where compcode = 'GAT'`)).n);
    const ledgerBefore = await stock();
    ok(await put(wo.amo_wo_id, { materials: wo.materials.map((x: Row) => (x.line_no === 2 ? { ...x, cust_qty: 5, cust_cert_no: 'EASA-F1-CF100-1' } : x)) }));
    const r = ok(await act('amo_work_order_material', 'mro_receive_customer_part', m.amo_material_id));
    expect(r.message).toBe('Customer-furnished CF-100 × 5 received with certificate EASA-F1-CF100-1: at no cost, not in our stock.');
    conflict(await act('amo_work_order_material', 'mro_receive_customer_part', m.amo_material_id), /was received on/);
    let row = await one(`select * from amo_work_order_material where amo_material_id = ${m.amo_material_id}`);
    expect([num(row.issued_qty), num(row.issued_value), row.status, num(row.cust_received_by)]).toEqual([5, 0, 'ISSUED', ids.boss]);
    // nothing entered our stock or its valuation
    expect(await stock()).toBe(ledgerBefore);
    // more back than came in: refused at the field
    const read = await get('amo_work_order', wo.amo_wo_id);
    ok(await put(wo.amo_wo_id, { materials: read.materials.map((x: Row) => (x.line_no === 2 ? { ...x, cust_return_qty: 6 } : x)) }));
    fieldError(await act('amo_work_order_material', 'mro_return_customer_part', m.amo_material_id), '/cust_return_qty', /must not exceed the 5 received/);
    const again = await get('amo_work_order', wo.amo_wo_id);
    ok(await put(wo.amo_wo_id, { materials: again.materials.map((x: Row) => (x.line_no === 2 ? { ...x, cust_return_qty: 1 } : x)) }));
    const back = ok(await act('amo_work_order_material', 'mro_return_customer_part', m.amo_material_id));
    expect(back.message).toBe('1 × CF-100 returned to the customer; 4 fitted.');
    row = await one(`select issued_qty, cust_returned_date from amo_work_order_material where amo_material_id = ${m.amo_material_id}`);
    expect(num(row.issued_qty)).toBe(4);
    expect(row.cust_returned_date).not.toBeNull();
    // a part from our stock is not received this way
    conflict(await act('amo_work_order_material', 'mro_receive_customer_part', wo.materials.find((x: Row) => x.line_no === 1).amo_material_id), /is not customer-furnished/);
  });
});
