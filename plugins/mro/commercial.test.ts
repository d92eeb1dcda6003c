/**
 * The MRO commercial chain through the real server (plugins/mro/commercial.ts): a customer
 * request quoted in one action (lines carried and priced), the quotation approved through its
 * workflow by the Technical Director, issued, accepted by the customer (who, when, reference,
 * the signed document) and turned into a work order whose task cards are the quotation's labour
 * lines; the request's status following at every step. Refusals write nothing: a work order from
 * an unaccepted quotation, an aircraft of another customer's fleet, a status written through
 * /api/data, another company's documents. One server and database per file, both databases.
 *
 * GAT's MRO pricing (demo): B1 55.00, B2 60.00 USD per man-hour, tax 11 %; GAT's currency is USD.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { approvedAuthorisation } from '../../test/helpers/authorisation.ts';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser, DEMO_PASSWORD, expectOk, sqlOne, sqlAll } from '../../server/test/support.ts';
import { addDays, todayUtc } from '../airworthiness/rules/dates.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';

type Row = Record<string, any>;

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const today = todayUtc();
const db = () => t.services.database.db;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const all = (q: string): Promise<Row[]> => sqlAll(t, q);
const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

const ok = expectOk;
const conflict = (r: CallResult, message: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body).toMatchObject({ code: 'ERR_CONFLICT', message });
};
const act = (who: string, entity: string, name: string, key: unknown, body: Row = {}) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body: signed(t, entity, name, { key, ...body }) });
const create = async (entity: string, body: Row): Promise<Row> => ok(await t.call('POST', `/api/data/${entity}`, { token: tok.boss, body })).data;
const get = async (entity: string, key: unknown): Promise<Row> => ok(await t.call('GET', `/api/data/${entity}/${key}`, { token: tok.boss })).data;
const requestStatus = async (id: number) => (await one(`select status from customer_request where request_id = ${id}`)).status;

/** PUT of a record as its form saves it (every field a user types, as read), with `changes`. */
async function put(entity: string, key: number, changes: Row): Promise<CallResult> {
  const e = t.services.reg.entity(entity);
  const row = await get(entity, key);
  const body: Row = { version: row.version };
  for (const f of e.fields) if (!f.readOnly && !f.hidden && f.name !== e.numbering?.field && row[f.name] !== undefined) body[f.name] = row[f.name];
  return t.call('PUT', `/api/data/${entity}/${key}`, { token: tok.boss, body: { ...body, ...changes } });
}

/** Sent by the MRO officer, approved by the Technical Director through the workflow engine. */
async function approve(quotation: number): Promise<void> {
  ok(await act('boss', 'quotation', 'send_quotation', quotation));
  expect((await one(`select statuswf from quotation where quotation_id = ${quotation}`)).statuswf).toBe('100');
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'quotation' and k.record_key = '${quotation}' and a.completeddate is null`);
  ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Price and scope checked' } }));
  expect((await one(`select statuswf from quotation where quotation_id = ${quotation}`)).statuswf).toBe('111');
}

async function upload(entity: string, recordKey: number, filename: string): Promise<number> {
  const boundary = `----mro${Date.now()}`;
  const fields = { entity, field: 'answer_document', record_key: String(recordKey) };
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: application/pdf\r\n\r\n`), Buffer.from('%PDF-1.4 signed acceptance'), Buffer.from(`\r\n--${boundary}--\r\n`));
  const r = await t.app.inject({ method: 'POST', url: '/api/attachments', headers: { authorization: `Bearer ${tok.boss}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().attachment_id;
}

const counts = async () => one(`select (select count(*) from quotation) as q, (select count(*) from amo_work_order) as w, (select count(*) from customer_request) as r, (select count(*) from sys_audit) as a`);

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  await createUser(t, { username: 'mro.boss', companies: { GAT: 'administrator' } });
  await createUser(t, { username: 'mro.other', companies: { CTA: 'administrator' } });
  for (const [who, username] of [['boss', 'mro.boss'], ['approver', 'approver'], ['other', 'mro.other']]) {
    const s = await t.signIn(username, DEMO_PASSWORD);
    tok[who] = s.token;
    ids[who] = s.user.user_id;
    expect(s.user.compcode).toBe(who === 'other' ? 'CTA' : 'GAT');
  }
  const type = await one(`select aircraft_type_id from aircraft_type where compcode = 'GAT' order by aircraft_type_id limit 1`);
  for (const code of ['TST', 'TSB']) {
    const c = await create('amo_customer', { customer_code: code, customer_name: `Test ${code}`, country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'USD' });
    ids[code] = c.amo_customer_id;
    ids[`${code}-ac`] = (await create('customer_aircraft', { amo_customer: c.amo_customer_id, registration: `PK-${code}`, aircraft_type: type.aircraft_type_id, msn: code })).customer_aircraft_id;
  }
  // the officer is also certifying staff for the type (B1: certifies the cards, issues the CRS; decision 0178)
  await approvedAuthorisation(t, 'GAT', { person: ids.boss, auth_no: 'GAT-TST-B1', category: 'B1', valid_from: addDays(today, -30), valid_to: addDays(today, 365), types: [{ aircraft_type: type.aircraft_type_id }] });
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const request = (extra: Row = {}) => ({
  request_date: today,
  amo_customer: ids.TST,
  customer_aircraft: ids['TST-ac'],
  customer_ref: 'TST-WP-1',
  request_type: 'CHECK',
  check_type: 'A1-check',
  description: 'A1-check with one tech log item',
  station: 'CGK',
  planned_input: addDays(today, 10),
  required_release: addDays(today, 12),
  fh_at_request: 60000,
  fc_at_request: 900,
  items: [
    { item_no: 1, item_type: 'SCHED', ata: '05-00', task_ref: 'A1 package', description: 'A1-check tasks' },
    { item_no: 2, item_type: 'DEFECT', ata: '33-41', task_ref: 'TLB 12/1', description: 'Landing light inoperative' },
  ],
  ...extra,
});

describe('request → quotation → approval → issue → acceptance → work order', () => {
  let req: Row;
  let q: Row;

  it("refuses an aircraft of another customer's fleet on the request, nothing written", async () => {
    const before = await counts();
    const r = await t.call('POST', '/api/data/customer_request', { token: tok.boss, body: request({ customer_aircraft: ids['TSB-ac'] }) });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors).toEqual([{ path: '/customer_aircraft', message: "PK-TSB is not an aircraft of Test TST: choose one of the customer's fleet." }]);
    expect(await counts()).toEqual(before);
  });

  it('a new request is Received whatever status the client sends', async () => {
    req = await create('customer_request', request({ status: 'CLOSED' }));
    expect(req.status).toBe('NEW');
    ids.item1 = req.items.find((i: Row) => i.item_no === 1).request_item_id;
    ids.item2 = req.items.find((i: Row) => i.item_no === 2).request_item_id;
  });

  it('the status written by PUT through /api/data is not taken: nothing changes', async () => {
    const r = await put('customer_request', req.request_id, { status: 'CLOSED' });
    // the generic path writes only the fields a user types: status is server-set (readOnly) and ignored
    ok(r);
    expect(r.body.data.status).toBe('NEW');
    expect(await requestStatus(req.request_id)).toBe('NEW');
  });

  it('quotes the request in one action: customer, aircraft and requested work carried, lines priced', async () => {
    const r = ok(await act('boss', 'customer_request', 'mro_quote_request', req.request_id, { lines: [{ item: ids.item1, manhours: 12, skill: 'B1' }, { item: ids.item2, manhours: 2.5, skill: 'B2' }] }));
    q = await get('quotation', r.quotation_id);
    // B1 55.00 × 12 = 660.00; B2 60.00 × 2.5 = 150.00; subtotal 810.00; tax 11 % = 89.10; total 899.10
    expect(r.message).toBe(`${q.quotation_no} prepared from ${req.request_no} (2 line(s), total USD 899.10).`);
    expect([q.customer_request, q.amo_customer, q.customer_aircraft, q.revision, q.quote_status, q.statuswf]).toEqual([req.request_id, ids.TST, ids['TST-ac'], 0, 'OPEN', '000']);
    expect([q.subject, day(q.quotation_date), day(q.valid_until), day(q.planned_input)]).toEqual(['A1-check PK-TST', today, addDays(today, 30), addDays(today, 10)]);
    expect(q.lines.map((l: Row) => [l.line_no, l.request_item, l.line_type, l.ata, l.description, l.skill, Number(l.manhours), Number(l.sell_price), Number(l.amount)])).toEqual([
      [1, ids.item1, 'LAB', '05-00', 'A1 package - A1-check tasks', 'B1', 12, 55, 660],
      [2, ids.item2, 'LAB', '33-41', 'TLB 12/1 - Landing light inoperative', 'B2', 2.5, 60, 150],
    ]);
    expect([Number(q.subtotal), Number(q.tax_amount), Number(q.grand_total)]).toEqual([810, 89.1, 899.1]);
    expect(await requestStatus(req.request_id)).toBe('REVIEW');
    // a parts line added by the planner: 10 × 1.60 = 16.00; subtotal 826.00; tax 90.86; total 916.86
    await create('quotation_line', { quotation: q.quotation_id, line_no: 3, line_type: 'MAT', price_source: 'FIXED', partnumber: 'MS29513-232', description: 'O-ring kit', quantity: 10, unit: 'PCS', unit_price: 1.6 });
    q = await get('quotation', q.quotation_id);
    expect([Number(q.subtotal), Number(q.tax_amount), Number(q.grand_total), Number(q.total_manhours)]).toEqual([826, 90.86, 916.86, 14.5]);
  });

  it('refuses a work order from a quotation the customer has not accepted, on the action and on the generic path', async () => {
    const before = await counts();
    conflict(await act('boss', 'quotation', 'mro_work_order_from_quotation', q.quotation_id), `${q.quotation_no} is not accepted by the customer: only an accepted quotation makes a work order.`);
    const r = await t.call('POST', '/api/data/amo_work_order', {
      token: tok.boss,
      body: { wo_date: today, amo_customer: ids.TST, customer_aircraft: ids['TST-ac'], quotation: q.quotation_id, title: 'Sneaked in', planned_start: today, planned_end: today },
    });
    conflict(r, `${q.quotation_no} is not accepted by the customer: only an accepted quotation makes a work order.`);
    conflict(await act('boss', 'quotation', 'mro_issue_quotation', q.quotation_id), `${q.quotation_no} is not approved: it is issued to the customer once its approval workflow has approved it.`);
    conflict(await act('boss', 'quotation', 'mro_accept_quotation', q.quotation_id, { answered_by: 'X', customer_po: 'Y' }), `${q.quotation_no} has not been issued to the customer: issue it before recording the customer's answer.`);
    expect(await counts()).toEqual(before);
  });

  it('is approved through its workflow by the Technical Director', async () => {
    await approve(q.quotation_id);
    expect(await requestStatus(req.request_id)).toBe('REVIEW');
  });

  it('once approved its amounts stay as approved: a rate raised later does not re-price it when the answer is typed', async () => {
    // the labour rates in force are doubled after the approval (the same pricing row, so the quotation's date still finds it)
    const pricing = await one(`select p.mro_pricing_id from mro_pricing p where p.compcode = 'GAT' and p.valid_from <= '${today}' order by p.valid_from desc limit 1`);
    await sql.raw(`update mro_labour_rate set rate = rate * 2 where mro_pricing = ${pricing.mro_pricing_id}`).execute(t.services.database.db);
    try {
      ok(await put('quotation', q.quotation_id, { answered_by: 'Budi Santoso' }));
      const stored = await one(`select subtotal, grand_total, answered_by from quotation where quotation_id = ${q.quotation_id}`);
      expect([Number(stored.subtotal), Number(stored.grand_total), stored.answered_by]).toEqual([826, 916.86, 'Budi Santoso']);
      const lines = await all(`select sell_price, amount from quotation_line where quotation = ${q.quotation_id} order by line_no`);
      expect(lines.map((l) => [Number(l.sell_price), Number(l.amount)])).toEqual([[55, 660], [60, 150], [1.6, 16]]);
    } finally {
      await sql.raw(`update mro_labour_rate set rate = rate / 2 where mro_pricing = ${pricing.mro_pricing_id}`).execute(t.services.database.db);
      // the answer is recorded below with what it requires: nothing typed yet
      ok(await put('quotation', q.quotation_id, { answered_by: null }));
    }
  });

  it('the customer status written by PUT through /api/data is not taken: nothing changes', async () => {
    const r = await put('quotation', q.quotation_id, { quote_status: 'ACCEPTED', accepted_date: today });
    ok(r);
    const stored = await one(`select quote_status, accepted_date from quotation where quotation_id = ${q.quotation_id}`);
    expect([stored.quote_status, stored.accepted_date]).toEqual(['OPEN', null]);
  });

  it('is issued to the customer once approved; the request is Quoted', async () => {
    const r = ok(await act('boss', 'quotation', 'mro_issue_quotation', q.quotation_id));
    expect(r.message).toBe(`${q.quotation_no} issued to the customer.`);
    const s = await one(`select quote_status, sent_date from quotation where quotation_id = ${q.quotation_id}`);
    expect([s.quote_status, day(s.sent_date)]).toEqual(['SENT', today]);
    expect(await requestStatus(req.request_id)).toBe('QUOTED');
    conflict(await act('boss', 'quotation', 'mro_issue_quotation', q.quotation_id), `${q.quotation_no} has already been issued to the customer.`);
  });

  it("another company's user finds none of these documents (404), nothing changes", async () => {
    const before = await counts();
    for (const [entity, name, key] of [
      ['customer_request', 'mro_quote_request', req.request_id],
      ['quotation', 'mro_accept_quotation', q.quotation_id],
      ['quotation', 'mro_refuse_quotation', q.quotation_id],
      ['quotation', 'mro_work_order_from_quotation', q.quotation_id],
    ] as const) {
      const r = await act('other', entity, name, key, { answered_by: 'Intruder', customer_po: 'X', reason: 'X' });
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(404);
    }
    expect(await counts()).toEqual(before);
    expect((await one(`select quote_status from quotation where quotation_id = ${q.quotation_id}`)).quote_status).toBe('SENT');
  });

  it("records the customer's acceptance: who, when, reference and the signed document", async () => {
    const missing = await act('boss', 'quotation', 'mro_accept_quotation', q.quotation_id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { path: '/answered_by', message: 'is required: who answered for the customer' },
      { path: '/customer_po', message: "is required: the customer's order or acceptance reference" },
    ]);
    const file = await upload('quotation', q.quotation_id, 'tst-po-1.pdf');
    const r = ok(await act('boss', 'quotation', 'mro_accept_quotation', q.quotation_id, { answered_by: 'Budi Santoso', customer_po: 'TST-PO-1', answer_document: file }));
    expect(r.message).toBe(`${q.quotation_no} accepted by Budi Santoso on ${today} (TST-PO-1).`);
    const s = await one(`select * from quotation where quotation_id = ${q.quotation_id}`);
    expect([s.quote_status, day(s.accepted_date), s.answered_by, s.customer_po, Number(s.answer_document), Number(s.answer_recorded_by)]).toEqual(['ACCEPTED', today, 'Budi Santoso', 'TST-PO-1', file, ids.boss]);
    expect(await requestStatus(req.request_id)).toBe('ACCEPTED');
    conflict(await act('boss', 'quotation', 'mro_refuse_quotation', q.quotation_id, { answered_by: 'X', reason: 'Y' }), `The customer's answer to ${q.quotation_no} is already recorded (accepted).`);
    // the request takes no further quotation, on the action and on the generic path
    conflict(await act('boss', 'customer_request', 'mro_quote_request', req.request_id), `${req.request_no} already has an accepted quotation: it takes no new quotation.`);
    const again = await t.call('POST', '/api/data/quotation', { token: tok.boss, body: { quotation_date: today, customer_request: req.request_id, amo_customer: ids.TST, customer_aircraft: ids['TST-ac'], subject: 'Second offer', valid_until: addDays(today, 30) } });
    conflict(again, `${req.request_no} already has an accepted quotation: it takes no new quotation.`);
  });

  it('makes the work order in one action: labour lines become task cards, parts lines material requirements', async () => {
    const r = ok(await act('boss', 'quotation', 'mro_work_order_from_quotation', q.quotation_id));
    const wo = await get('amo_work_order', r.amo_wo_id);
    expect(r.message).toBe(`Work order ${wo.wo_no} opened from ${q.quotation_no}: 2 task card(s), 1 material requirement(s).`);
    expect([wo.amo_customer, wo.customer_aircraft, wo.quotation, wo.customer_request, wo.customer_po, wo.wo_type, wo.check_type, wo.station, wo.status]).toEqual([
      ids.TST, ids['TST-ac'], q.quotation_id, req.request_id, 'TST-PO-1', 'CHECK', 'A1-check', 'CGK', 'OPEN',
    ]);
    // planned from the quotation's input date to the request's required release; 12 + 2.5 MH
    expect([day(wo.wo_date), day(wo.planned_start), day(wo.planned_end), Number(wo.planned_manhours), wo.fh_at_input, wo.fc_at_input]).toEqual([today, addDays(today, 10), addDays(today, 12), 14.5, 60000, 900]);
    const lines = await all(`select quotation_line_id, line_no from quotation_line where quotation = ${q.quotation_id} order by line_no`);
    expect(wo.tasks.map((c: Row) => [c.seq, c.task_card_no, c.quotation_line, c.task_type, c.ata, c.task_ref, c.description, c.skill, Number(c.est_manhours), c.status])).toEqual([
      [10, `${q.quotation_no}/1`, lines[0].quotation_line_id, 'SCHED', '05-00', 'A1 package', 'A1 package - A1-check tasks', 'B1', 12, 'OPEN'],
      [20, `${q.quotation_no}/2`, lines[1].quotation_line_id, 'DEFECT', '33-41', 'TLB 12/1', 'TLB 12/1 - Landing light inoperative', 'B2', 2.5, 'OPEN'],
    ]);
    expect(wo.materials.map((m: Row) => [m.line_no, m.quotation_line, m.partnumber, m.itemname, Number(m.quantity), m.unit, day(m.required_date)])).toEqual([[1, lines[2].quotation_line_id, 'MS29513-232', 'O-ring kit', 10, 'PCS', addDays(today, 10)]]);
    expect(await requestStatus(req.request_id)).toBe('INWORK');
    ids.wo = wo.amo_wo_id;
    conflict(await act('boss', 'quotation', 'mro_work_order_from_quotation', q.quotation_id), `Work order ${wo.wo_no} was already made from ${q.quotation_no}.`);
  });

  it('the request follows its work order: released, invoiced, closed', async () => {
    // the cards signed and the CRS issued through the work-order mechanism's actions (execution.ts)
    for (const c of (await get('amo_work_order', ids.wo)).tasks) {
      ok(await act('boss', 'amo_work_order_task', 'sign_amo_card_performed', c.amo_task_id));
      ok(await act('boss', 'amo_work_order_task', 'sign_amo_card_certified', c.amo_task_id));
    }
    ok(await act('boss', 'amo_work_order', 'issue_amo_crs', ids.wo));
    expect(await requestStatus(req.request_id)).toBe('RELEASED');
    // the invoice number is server-set (decision 0174): a typed one is ignored; Post Invoice writes it
    ok(await put('amo_work_order', ids.wo, { invoice_no: 'INV-TST-1', invoice_date: today }));
    expect((await get('amo_work_order', ids.wo)).invoice_no).toBeNull();
    expect(await requestStatus(req.request_id)).toBe('RELEASED');
    const draft = ok(await act('boss', 'amo_work_order', 'mro_create_invoice', ids.wo));
    const posted = ok(await act('boss', 'mro_invoice', 'mro_post_invoice', draft.mro_invoice_id));
    expect((await get('amo_work_order', ids.wo)).invoice_no).toBe(posted.invoice_no);
    expect(await requestStatus(req.request_id)).toBe('INVOICED');
    ok(await act('boss', 'amo_work_order', 'close_amo_work_order', ids.wo));
    expect(await requestStatus(req.request_id)).toBe('CLOSED');
  });
});

describe("revisions and the customer's refusal", () => {
  it('a later revision issued supersedes the earlier one; a refusal declines the request; nothing else is made', async () => {
    const req = await create('customer_request', request({ check_type: 'A2-check', items: [{ item_no: 1, item_type: 'SCHED', ata: '05-00', description: 'A2-check tasks' }] }));
    const r0 = ok(await act('boss', 'customer_request', 'mro_quote_request', req.request_id, { lines: [{ item: req.items[0].request_item_id, manhours: 20 }] }));
    // the second quotation of the request is revision 1; skill B1 by default: 20 × 55.00 = 1,100.00
    const r1 = ok(await act('boss', 'customer_request', 'mro_quote_request', req.request_id, { lines: [{ item: req.items[0].request_item_id, manhours: 18 }] }));
    const q1 = await get('quotation', r1.quotation_id);
    expect([q1.revision, Number(q1.lines[0].amount)]).toEqual([1, 990]); // 18 × 55.00
    await approve(r0.quotation_id);
    ok(await act('boss', 'quotation', 'mro_issue_quotation', r0.quotation_id));
    await approve(r1.quotation_id);
    const issued = ok(await act('boss', 'quotation', 'mro_issue_quotation', r1.quotation_id));
    expect(issued.message).toBe(`${r1.quotation_no} issued to the customer. ${r0.quotation_no} superseded.`);
    expect((await one(`select quote_status from quotation where quotation_id = ${r0.quotation_id}`)).quote_status).toBe('SUPERSEDED');
    expect(await requestStatus(req.request_id)).toBe('QUOTED');
    conflict(await act('boss', 'quotation', 'mro_accept_quotation', r0.quotation_id, { answered_by: 'X', customer_po: 'Y' }), `${r0.quotation_no} is superseded by a later revision: the customer answers the current revision.`);

    const noReason = await act('boss', 'quotation', 'mro_refuse_quotation', r1.quotation_id, { answered_by: 'Budi Santoso' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([{ path: '/reason', message: "is required: the customer's reason for refusing" }]);
    const refused = ok(await act('boss', 'quotation', 'mro_refuse_quotation', r1.quotation_id, { answered_by: 'Budi Santoso', customer_po: 'TST-L-7', reason: 'Check moved to another station' }));
    expect(refused.message).toBe(`${r1.quotation_no} refused by Budi Santoso on ${today}.`);
    const s = await one(`select * from quotation where quotation_id = ${r1.quotation_id}`);
    expect([s.quote_status, day(s.refused_date), s.accepted_date, s.refusal_reason, s.customer_po]).toEqual(['REJECTED', today, null, 'Check moved to another station', 'TST-L-7']);
    expect(await requestStatus(req.request_id)).toBe('DECLINED');
    const before = await counts();
    conflict(await act('boss', 'quotation', 'mro_work_order_from_quotation', r1.quotation_id), `${r1.quotation_no} is not accepted by the customer: only an accepted quotation makes a work order.`);
    expect(await counts()).toEqual(before);
  });

  it("refuses to quote an aircraft no longer of the customer's fleet", async () => {
    const req = await create('customer_request', request({ items: [{ item_no: 1, item_type: 'SCHED', description: 'Weekly check' }] }));
    // the aircraft passes to the other customer (a lease return) after the request was received
    await sql`update customer_aircraft set amo_customer = ${ids.TSB} where customer_aircraft_id = ${ids['TST-ac']}`.execute(db());
    try {
      const before = await counts();
      const r = await act('boss', 'customer_request', 'mro_quote_request', req.request_id);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors).toEqual([{ path: '/customer_aircraft', message: "PK-TST is not an aircraft of Test TST: choose one of the customer's fleet." }]);
      expect(await counts()).toEqual(before);
    } finally {
      await sql`update customer_aircraft set amo_customer = ${ids.TST} where customer_aircraft_id = ${ids['TST-ac']}`.execute(db());
    }
  });
});

describe("the demo's quotations went through these steps", () => {
  it('every accepted or refused quotation was approved, issued and answered; the requests follow', async () => {
    const rows = await all(`select quotation_no, statuswf, quote_status, sent_date, accepted_date, refused_date, answered_by, customer_po from quotation where compcode = 'GAT' and quotation_no like 'QTN-2025-%' order by quotation_no`);
    expect(rows.map((r) => [r.quotation_no, r.statuswf, r.quote_status, r.sent_date !== null, r.accepted_date !== null, r.refused_date !== null])).toEqual([
      ['QTN-2025-00001', '111', 'ACCEPTED', true, true, false],
      ['QTN-2025-00002', '111', 'ACCEPTED', true, true, false],
      ['QTN-2025-00003', '111', 'REJECTED', true, false, true],
      ['QTN-2025-00004', '111', 'SUPERSEDED', true, false, false],
      ['QTN-2025-00005', '111', 'ACCEPTED', true, true, false],
      ['QTN-2025-00006', '111', 'ACCEPTED', true, true, false],
      ['QTN-2025-00007', '111', 'SENT', true, false, false],
      ['QTN-2025-00008', '100', 'OPEN', false, false, false],
      ['QTN-2025-00009', '000', 'OPEN', false, false, false],
    ]);
    // each answer is the action's, audited with its name
    const audited = await one(`select count(*) as n from sys_audit a join quotation q on a.entity = 'quotation' and a.record_key = cast(q.quotation_id as varchar) where q.compcode = 'GAT' and q.quotation_no like 'QTN-2025-%' and a.action = 'action' and a.changes like '%acceptance%'`);
    expect(Number(audited.n)).toBe(4);
    const reqs = await all(`select request_no, status from customer_request where compcode = 'GAT' and request_no like 'CRQ-2025-%' order by request_no`);
    expect(reqs.map((r) => [r.request_no, r.status])).toEqual([
      ['CRQ-2025-00001', 'CLOSED'], // AWO-2025-00001 is closed (billed)
      ['CRQ-2025-00002', 'INVOICED'], // AWO-2025-00002 released and invoiced (MIV-2025-00001, fixtures/demo/GAT/110-mro-invoicing.yaml)
      ['CRQ-2025-00003', 'DECLINED'],
      ['CRQ-2025-00004', 'INWORK'],
      ['CRQ-2025-00005', 'INWORK'],
      ['CRQ-2025-00006', 'QUOTED'],
      ['CRQ-2025-00007', 'REVIEW'],
      ['CRQ-2025-00008', 'RELEASED'],
      ['CRQ-2025-00009', 'REVIEW'],
      ['CRQ-2025-00010', 'NEW'],
    ]);
  });
});
