/**
 * MRO invoicing and the customer's account through the real server (plugins/mro/invoice.ts,
 * decision 0174): an accepted quotation becomes a work order, hours are booked and parts issued,
 * the work order is released, and Create Invoice builds the draft from the actuals by the
 * quotation's basis (time and materials, not to exceed, fixed price); Post Invoice numbers it and
 * freezes it; a credit note reverses it; payments are posted; the statement ages the account on
 * a chosen date; a customer over its credit limit gets no new work order. The generic data path
 * writes no amount nor status. One server and database per file, both databases.
 *
 * Worked values (USD, GAT: tax 11 %; the customer's contract rate 50.00 per man-hour; the part, a
 * test expendable, received into stores at 40.00 a piece, so it leaves stores at 40.00; hours
 * booked on the order's labour lines, parts issued by posted stores issues, decision 0179):
 *
 *   quotation   L1 labour 10 MH × 50.00                    =   500.00
 *               L2 part 2 × (40.00 × 110 %) = 2 × 44.00      =    88.00
 *               L3 NDT subcontract 1 × (300.00 × 120 %)      =   360.00
 *               net 948.00, tax 104.28, total 1,052.28 (authorised = 948.00, no defect quotation)
 *   actuals A   card 12 MH × 50.00 = 600.00; 3 parts × 44.00 = 132.00; NDT as quoted 360.00
 *               = 1,092.00
 *   actuals B   card 8 MH = 400.00; 2 parts = 88.00; NDT 360.00 = 848.00
 *
 *   TM  (A):  billed 1,092.00, adjustment 0, tax 120.12, total 1,212.12
 *   NTE (A):  capped at 948.00, adjustment −144.00, tax 104.28, total 1,052.28
 *   FP  (B):  the quoted 948.00 although the actuals are 848.00, adjustment +100.00, total 1,052.28
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { approvedAuthorisation } from '../../test/helpers/authorisation.ts';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser, DEMO_PASSWORD, expectOk, formBody, sqlOne, sqlAll } from '../../server/test/support.ts';
import { addDays, todayUtc } from '../airworthiness/rules/dates.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';

type Row = Record<string, any>;

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const today = todayUtc();
const year = today.slice(0, 4);
const db = () => t.services.database.db;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const all = (q: string): Promise<Row[]> => sqlAll(t, q);

const ok = expectOk;
const conflict = (r: CallResult, message: string | RegExp) => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body.code).toBe('ERR_CONFLICT');
  if (typeof message === 'string') expect(r.body.message).toBe(message);
  else expect(r.body.message).toMatch(message);
};
const locked = (r: CallResult) => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body.code).toBe('ERR_LOCKED');
};
const act = (entity: string, name: string, key: unknown, body: Row = {}) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok.boss, body: signed(t, entity, name, { key, ...body }) });
const create = async (entity: string, body: Row): Promise<Row> => ok(await t.call('POST', `/api/data/${entity}`, { token: tok.boss, body })).data;
const get = async (entity: string, key: unknown): Promise<Row> => ok(await t.call('GET', `/api/data/${entity}/${key}`, { token: tok.boss })).data;
const num = (v: unknown) => Number(v);

/** The text of a PDF the server prints. */
async function pdf(url: string): Promise<string> {
  const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tok.boss}` } });
  expect(r.statusCode, r.body).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'mro-inv-'));
  writeFileSync(join(dir, 'inv.pdf'), r.rawPayload);
  return execFileSync('pdftotext', ['-layout', join(dir, 'inv.pdf'), '-'], { encoding: 'utf8' });
}

/** PUT of a record as its form saves it (every field a user types, as read, lines with their keys), with `changes`. */
async function put(entity: string, key: number, changes: Row): Promise<CallResult> {
  return t.call('PUT', `/api/data/${entity}/${key}`, { token: tok.boss, body: formBody(t, entity, await get(entity, key), changes) });
}

/** An accepted quotation of the test customer on `basis` (lines as in the header). */
async function acceptedQuotation(basis: 'TM' | 'NTE' | 'FP'): Promise<Row> {
  const q = await create('quotation', {
    quotation_date: today,
    amo_customer: ids.cust,
    customer_aircraft: ids.ac,
    subject: `${basis} check`,
    valid_until: addDays(today, 30),
    pricing_basis: basis,
    lines: [
      { line_no: 1, line_type: 'LAB', description: 'A-check tasks', skill: 'B1', manhours: 10, quantity: 1, unit: 'MH', price_source: 'FIXED' },
      { line_no: 2, line_type: 'MAT', description: 'Part', item: ids.item, partnumber: ids.pn as unknown as string, price_source: 'COST', markup_pct: 10, quantity: 2, unit: 'PCS' },
      { line_no: 3, line_type: 'SVC', description: 'NDT eddy current inspection (subcontract)', price_source: 'COST', unit_cost: 300, markup_pct: 20, quantity: 1, unit: 'LOT' },
    ],
  });
  expect(num(q.net_amount)).toBe(948);
  expect(num(q.grand_total)).toBe(1052.28);
  ok(await act('quotation', 'send_quotation', q.quotation_id));
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'quotation' and k.record_key = '${q.quotation_id}' and a.completeddate is null`);
  ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'ok' } }));
  ok(await act('quotation', 'mro_issue_quotation', q.quotation_id));
  ok(await act('quotation', 'mro_accept_quotation', q.quotation_id, { answered_by: 'Customer signatory', customer_po: `PO-${basis}` }));
  return q;
}

/** The work order of a new accepted quotation. */
async function workOrder(basis: 'TM' | 'NTE' | 'FP'): Promise<{ wo: Row; q: Row }> {
  const q = await acceptedQuotation(basis);
  const made = ok(await act('quotation', 'mro_work_order_from_quotation', q.quotation_id));
  return { wo: await get('amo_work_order', made.amo_wo_id), q };
}

/** Books `hours` on the card (two days' labour lines, the form's save: decision 0179). */
async function book(wo: Row, hours: number): Promise<void> {
  const card = wo.tasks.find((c: Row) => !c.defect_line);
  const labour = [
    { task: card.amo_task_id, person: ids.boss, work_date: addDays(today, -1), hours: hours / 2 },
    { task: card.amo_task_id, person: ids.boss, work_date: today, hours: hours / 2 },
  ];
  ok(await put('amo_work_order', wo.amo_wo_id, { labour }));
}

/** Issues `qty` of each parts requirement from stores: a stores issue naming the order and the requirement, posted. */
async function issue(wo: Row, qty: number): Promise<Row> {
  const doc = await create('inventory_issue', {
    issuedate: today,
    issue_type: 'CUST',
    store: ids.store,
    amo_work_order: wo.amo_wo_id,
    issued_to: 'Hangar 2 team',
    lines: wo.materials.map((m: Row) => ({ amo_material: m.amo_material_id, item: m.item, quantity: qty, condition: 'NE', unit: 'PCS' })),
  });
  ok(await act('inventory_issue', 'post_inventory_issue', doc.issuekey));
  return doc;
}

/** Books hours and issues parts, signs the cards and releases the work order (the actions, decision 0178). */
async function work(wo: Row, hours: number, issued: number): Promise<void> {
  await book(wo, hours);
  await issue(wo, issued);
  for (const c of wo.tasks) {
    ok(await act('amo_work_order_task', 'sign_amo_card_performed', c.amo_task_id));
    ok(await act('amo_work_order_task', 'sign_amo_card_certified', c.amo_task_id));
  }
  ok(await act('amo_work_order', 'issue_amo_crs', wo.amo_wo_id));
}

/**
 * A work order on `basis` whose approved defect quotation adds a service line (250.00 cost × 120 % =
 * 300.00) and a charge (50.00) the customer approved, and a 40.00 charge it refused.
 */
async function withDefectCharges(basis: 'TM' | 'NTE' | 'FP'): Promise<Row> {
  const { wo, q } = await workOrder(basis);
  const nrc = await create('amo_defect', { amo_work_order: wo.amo_wo_id, raised_date: today, ata: '52-10', description: 'Door seal worn', finding_type: 'WEAR' });
  const qd = await create('quotation_defect', {
    quotation_date: today, amo_work_order: wo.amo_wo_id, quotation: q.quotation_id, amo_customer: ids.cust, customer_aircraft: ids.ac,
    subject: 'Door seal', valid_until: addDays(today, 14),
    lines: [
      { line_no: 1, amo_defect: nrc.amo_defect_id, line_type: 'SVC', description: 'Seal bonding (subcontract)', price_source: 'COST', unit_cost: 250, markup_pct: 20, quantity: 1, unit: 'LOT' },
      { line_no: 2, amo_defect: nrc.amo_defect_id, line_type: 'OTH', description: 'Freight of the seal kit', price_source: 'FIXED', unit_price: 50, quantity: 1, unit: 'LOT' },
      { line_no: 3, amo_defect: nrc.amo_defect_id, line_type: 'OTH', description: 'Express handling', price_source: 'FIXED', unit_price: 40, quantity: 1, unit: 'LOT' },
    ],
  });
  // service 250.00 × 120 % = 300.00; charges 50.00 and 40.00: net 390.00
  expect(num(qd.net_amount)).toBe(390);
  ok(await act('quotation_defect', 'send_quotation_defect', qd.quotation_defect_id));
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'quotation_defect' and k.record_key = '${qd.quotation_defect_id}' and a.completeddate is null`);
  ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'ok' } }));
  ok(await act('quotation_defect', 'mro_issue_defect_quotation', qd.quotation_defect_id));
  ok(await act('quotation_defect', 'mro_answer_defect_quotation', qd.quotation_defect_id, { answered_by: 'Customer signatory', customer_ref: 'NRC-OK-2', lines: [{ line_no: 1, answer: 'APPROVE' }, { line_no: 2, answer: 'APPROVE' }, { line_no: 3, answer: 'REFUSE', reason: 'Standard freight only' }] }));
  return get('amo_work_order', wo.amo_wo_id);
}

const invoiceCount = async () => num((await one(`select count(*) as n from mro_invoice`)).n);

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  await createUser(t, { username: 'inv.boss', companies: { GAT: 'administrator' } });
  for (const [who, username] of [['boss', 'inv.boss'], ['approver', 'approver']]) {
    const s = await t.signIn(username, DEMO_PASSWORD);
    tok[who] = s.token;
    ids[who] = s.user.user_id;
    expect(s.user.compcode).toBe('GAT');
  }
  const type = await one(`select aircraft_type_id from aircraft_type where compcode = 'GAT' order by aircraft_type_id limit 1`);
  const c = await create('amo_customer', { customer_code: 'TIV', customer_name: 'Test Invoicing', country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'USD', labour_rate: 50, credit_limit: 100000 });
  ids.cust = c.amo_customer_id;
  ids.ac = (await create('customer_aircraft', { amo_customer: c.amo_customer_id, registration: 'PK-TIV', aircraft_type: type.aircraft_type_id, msn: 'TIV1' })).customer_aircraft_id;
  // the officer is also certifying staff for the type (B1: certifies the cards, issues the CRS; decision 0178)
  await approvedAuthorisation(t, 'GAT', { person: ids.boss, auth_no: 'GAT-TIV-B1', category: 'B1', valid_from: addDays(today, -30), valid_to: addDays(today, 365), types: [{ aircraft_type: type.aircraft_type_id }] });
  // the part: a test expendable received into the hangar store at 40.00 (its moving average)
  const category = await one(`select id from master_item_category where compcode = 'GAT' and code = 'EXP'`);
  const item = await create('master_item', { partnumber: 'T-MRO-INV', itemname: 'Test MRO part', category: category.id, tracking: 'none', unit: 'PCS', reorder_min: 0, reorder_max: 0, active: true });
  ids.item = num(item.item_id);
  (ids as Row).pn = 'T-MRO-INV';
  ids.store = num((await one(`select store_id from store_warehouse where compcode = 'GAT' and store_code = 'CGK-H4'`)).store_id);
  const receipt = await create('inventory_receipt', { receiptdate: addDays(today, -5), source: 'OTHER', lines: [{ item: ids.item, store: ids.store, quantity: 100, unit_cost: 40, condition: 'NE', unit: 'PCS' }] });
  ok(await act('inventory_receipt', 'post_inventory_receipt', receipt.receiptkey));
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('the demo', () => {
  it("invoices the released fixed-price 4A-check through the actions (fixtures): the quoted price, posted, on the work order and its request", async () => {
    const inv = await one(`select i.*, w.invoice_no as wo_invoice, r.status as request_status, q.net_amount as quoted from mro_invoice i join amo_work_order w on w.amo_wo_id = i.amo_work_order
      join quotation q on q.quotation_id = i.quotation left join customer_request r on r.request_id = w.customer_request where w.wo_no = 'AWO-2025-00002' and w.compcode = 'GAT'`);
    expect(inv).toMatchObject({ status: 'POSTED', doc_type: 'INV', pricing_basis: 'FP', currency: 'IDR', invoice_no: 'MIV-2025-00001', wo_invoice: 'MIV-2025-00001', request_status: 'INVOICED' });
    // fixed price: the net billed is the authorised amount (the quoted net, no approved defect quotation), whatever the actuals
    expect(num(inv.net_amount)).toBe(num(inv.authorised_amount));
    expect(num(inv.authorised_amount)).toBe(num(inv.quoted));
    expect(num(inv.net_amount)).toBe(num(inv.subtotal) - num(inv.discount_amount) + num(inv.adjustment));
    // the A4-check invoiced before invoices were kept here (its opening number) is not invoiced again
    const old = await one(`select amo_wo_id from amo_work_order where wo_no = 'AWO-2025-00001' and compcode = 'GAT'`);
    conflict(await act('amo_work_order', 'mro_create_invoice', old.amo_wo_id), 'Work order AWO-2025-00001 is already invoiced by INV-GAT-25-0211.');
  });
});

describe('invoice from actuals', () => {
  let tm: { wo: Row; q: Row };
  let draft: Row;

  it('refuses to invoice a work order not yet released, nothing written', async () => {
    tm = await workOrder('TM');
    const before = await invoiceCount();
    conflict(await act('amo_work_order', 'mro_create_invoice', tm.wo.amo_wo_id), `Work order ${tm.wo.wo_no} is planned (open), not released to service: it is invoiced once its CRS is issued.`);
    expect(await invoiceCount()).toBe(before);
  });

  it('time and materials: bills the actuals, line by line against the quotation', async () => {
    await work(tm.wo, 12, 3);
    const r = ok(await act('amo_work_order', 'mro_create_invoice', tm.wo.amo_wo_id));
    draft = await get('mro_invoice', r.mro_invoice_id);
    expect(draft).toMatchObject({ status: 'DRAFT', doc_type: 'INV', invoice_no: null, pricing_basis: 'TM', currency: 'USD', amo_work_order: tm.wo.amo_wo_id, quotation: tm.q.quotation_id, customer_po: 'PO-TM' });
    const lines = draft.lines.sort((a: Row, b: Row) => a.line_no - b.line_no).map((l: Row) => [l.line_type, num(l.quantity), num(l.unit_price), num(l.amount), l.quoted_amount === null ? null : num(l.quoted_amount), l.difference === null ? null : num(l.difference)]);
    expect(lines).toEqual([
      ['LAB', 12, 50, 600, 500, 100], // 12 MH × 50.00; quoted 10 MH = 500.00
      ['MAT', 3, 44, 132, 88, 44], // 3 × 40.00 × 110 %; quoted 2 = 88.00
      ['SVC', 1, 360, 360, 360, 0], // the subcontract as quoted
    ]);
    // 1,092.00 billed; tax 11 % = 120.12; total 1,212.12
    expect([draft.quoted_amount, draft.authorised_amount, draft.subtotal, draft.adjustment, draft.net_amount, draft.tax_amount, draft.total].map(num)).toEqual([948, 948, 1092, 0, 1092, 120.12, 1212.12]);
    expect(r.message).toBe(`Draft invoice for ${tm.wo.wo_no} (time and materials): actuals USD 1,092.00, billed 1,092.00 + tax 120.12 = 1,212.12.`);
  });

  it('one open draft per work order: a second is refused, nothing written', async () => {
    const before = await invoiceCount();
    conflict(await act('amo_work_order', 'mro_create_invoice', tm.wo.amo_wo_id), `Work order ${tm.wo.wo_no} already has a draft invoice: post it, or delete it to build it again.`);
    expect(await invoiceCount()).toBe(before);
  });

  it('the generic path writes no invoice, no amount, no status and no line', async () => {
    const before = await invoiceCount();
    conflict(await t.call('POST', '/api/data/mro_invoice', { token: tok.boss, body: { remark: 'typed invoice', amo_work_order: tm.wo.amo_wo_id, total: 5 } }), /built from a released work order by its action Create Invoice/);
    expect(await invoiceCount()).toBe(before);
    // an amount typed on the draft is ignored (server-set); the status is refused
    const r = ok(await put('mro_invoice', draft.mro_invoice_id, { total: 1, net_amount: 1, remark: 'checked' }));
    expect([num(r.data.total), r.data.remark]).toEqual([1212.12, 'checked']);
    conflict(await put('mro_invoice', draft.mro_invoice_id, { status: 'POSTED' }), "The MRO Invoice's Status changes only through its actions, never by editing it.");
    // lines are the actuals: not typed, on any path
    const line = draft.lines[0];
    locked(await t.call('POST', '/api/data/mro_invoice_line', { token: tok.boss, body: { mro_invoice: draft.mro_invoice_id, description: 'extra' } }));
    locked(await t.call('DELETE', `/api/data/mro_invoice_line/${line.mro_invoice_line_id}`, { token: tok.boss }));
    locked(await put('mro_invoice', draft.mro_invoice_id, { lines: draft.lines.slice(1) }));
    expect((await get('mro_invoice', draft.mro_invoice_id)).lines).toHaveLength(3);
  });

  it('posting numbers it in the gap-free series, freezes it and writes it on the work order', async () => {
    const r = ok(await act('mro_invoice', 'mro_post_invoice', draft.mro_invoice_id));
    const inv = await get('mro_invoice', draft.mro_invoice_id);
    expect(inv.invoice_no).toMatch(new RegExp(`^MIV-${year}-\\d{5}$`));
    expect(inv).toMatchObject({ status: 'POSTED', invoice_no: r.invoice_no });
    expect(String(inv.invoice_date).slice(0, 10)).toBe(today);
    expect(String(inv.due_date).slice(0, 10)).toBe(addDays(today, 30)); // NET30
    const wo = await get('amo_work_order', tm.wo.amo_wo_id);
    expect([wo.invoice_no, String(wo.invoice_date).slice(0, 10)]).toEqual([inv.invoice_no, today]);
    // frozen: the generic update, delete and lines are refused (409), nothing written
    locked(await put('mro_invoice', inv.mro_invoice_id, { remark: 'changed after posting' }));
    locked(await t.call('DELETE', `/api/data/mro_invoice/${inv.mro_invoice_id}`, { token: tok.boss }));
    locked(await t.call('DELETE', `/api/data/mro_invoice_line/${inv.lines[0].mro_invoice_line_id}`, { token: tok.boss }));
    conflict(await act('mro_invoice', 'mro_post_invoice', inv.mro_invoice_id), `Invoice ${inv.invoice_no} is already posted.`);
    conflict(await act('amo_work_order', 'mro_create_invoice', tm.wo.amo_wo_id), `Work order ${tm.wo.wo_no} is already invoiced by ${inv.invoice_no}: issue a credit note for it before invoicing again.`);
    const after = await get('mro_invoice', inv.mro_invoice_id);
    expect([after.remark, after.version, after.lines.length]).toEqual(['checked', inv.version, 3]);
  });

  it('a credit note reverses it line for line (the two sum to zero), once', async () => {
    const r = ok(await act('mro_invoice', 'mro_credit_invoice', draft.mro_invoice_id));
    const inv = await get('mro_invoice', draft.mro_invoice_id);
    const cn = await get('mro_invoice', r.mro_invoice_id);
    expect(cn).toMatchObject({ doc_type: 'CN', status: 'POSTED', credits: inv.mro_invoice_id, amo_customer: ids.cust });
    expect(cn.invoice_no).toMatch(new RegExp(`^MCN-${year}-\\d{5}$`));
    expect(inv.credited_by).toBe(cn.mro_invoice_id);
    expect(num(cn.total)).toBe(-1212.12);
    for (const f of ['subtotal', 'adjustment', 'net_amount', 'tax_amount', 'total']) expect(num(inv[f]) + num(cn[f]), f).toBe(0);
    const byNo = (x: Row) => new Map(x.lines.map((l: Row) => [l.line_no, l]));
    const cl = byNo(cn);
    for (const l of inv.lines) {
      const c = cl.get(l.line_no) as Row;
      expect([num(c.amount) + num(l.amount), num(c.quantity) + num(l.quantity), num(c.unit_price)]).toEqual([0, 0, num(l.unit_price)]);
    }
    // the work order is no longer invoiced; the invoice is credited once; a credit note is not credited
    expect((await get('amo_work_order', tm.wo.amo_wo_id)).invoice_no).toBeNull();
    conflict(await act('mro_invoice', 'mro_credit_invoice', inv.mro_invoice_id), `Invoice ${inv.invoice_no} is already credited by ${cn.invoice_no}: an invoice is credited once.`);
    conflict(await act('mro_invoice', 'mro_credit_invoice', cn.mro_invoice_id), `Credit note ${cn.invoice_no} is a credit note: only an invoice is credited.`);
    locked(await t.call('DELETE', `/api/data/mro_invoice/${cn.mro_invoice_id}`, { token: tok.boss }));
  });

  it('not to exceed: the actuals above the authorised amount are capped', async () => {
    const nte = await workOrder('NTE');
    await work(nte.wo, 12, 3);
    const r = ok(await act('amo_work_order', 'mro_create_invoice', nte.wo.amo_wo_id));
    const inv = await get('mro_invoice', r.mro_invoice_id);
    // actuals 1,092.00 > authorised 948.00: billed 948.00 (adjustment −144.00), tax 104.28, total 1,052.28
    expect([inv.authorised_amount, inv.subtotal, inv.adjustment, inv.net_amount, inv.tax_amount, inv.total].map(num)).toEqual([948, 1092, -144, 948, 104.28, 1052.28]);
    ids.nte = ok(await act('mro_invoice', 'mro_post_invoice', inv.mro_invoice_id)) && inv.mro_invoice_id;
  });

  it('not to exceed: approved defect quotation lines raise the authorised amount', async () => {
    const { wo, q } = await workOrder('NTE');
    const nrc = await create('amo_defect', { amo_work_order: wo.amo_wo_id, raised_date: today, ata: '32-11', description: 'Corroded gear fitting', finding_type: 'CORROSION' });
    const qd = await create('quotation_defect', {
      quotation_date: today, amo_work_order: wo.amo_wo_id, quotation: q.quotation_id, amo_customer: ids.cust, customer_aircraft: ids.ac,
      subject: 'Findings', valid_until: addDays(today, 14),
      lines: [
        { line_no: 1, amo_defect: nrc.amo_defect_id, line_type: 'LAB', description: 'Blend and protect', skill: 'B1', manhours: 2, quantity: 2, unit: 'MH' },
        { line_no: 2, amo_defect: nrc.amo_defect_id, line_type: 'LAB', description: 'Replace fitting', skill: 'B1', manhours: 6, quantity: 6, unit: 'MH' },
      ],
    });
    // priced as the quotation's labour (decision 0175): 2 MH × 50.00 = 100.00; 6 MH × 50.00 = 300.00
    expect(num(qd.net_amount)).toBe(400);
    ok(await act('quotation_defect', 'send_quotation_defect', qd.quotation_defect_id));
    const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'quotation_defect' and k.record_key = '${qd.quotation_defect_id}' and a.completeddate is null`);
    ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'ok' } }));
    ok(await act('quotation_defect', 'mro_issue_defect_quotation', qd.quotation_defect_id));
    ok(await act('quotation_defect', 'mro_answer_defect_quotation', qd.quotation_defect_id, { answered_by: 'Customer signatory', customer_ref: 'NRC-OK-1', lines: [{ line_no: 1, answer: 'APPROVE' }, { line_no: 2, answer: 'REFUSE', reason: 'Next check' }] }));
    // the approved line's card (no hours booked on it here) is done with the others: the actuals stay 1,092.00
    await work(await get('amo_work_order', wo.amo_wo_id), 12, 3);
    const r = ok(await act('amo_work_order', 'mro_create_invoice', wo.amo_wo_id));
    const inv = await get('mro_invoice', r.mro_invoice_id);
    // authorised 948.00 + the approved 100.00 (not the declined 300.00) = 1,048.00; actuals 1,092.00 capped:
    // adjustment −44.00, tax 11 % of 1,048.00 = 115.28, total 1,163.28
    expect([inv.authorised_amount, inv.subtotal, inv.adjustment, inv.net_amount, inv.tax_amount, inv.total].map(num)).toEqual([1048, 1092, -44, 1048, 115.28, 1163.28]);
    ok(await t.call('DELETE', `/api/data/mro_invoice/${inv.mro_invoice_id}`, { token: tok.boss })); // the account below holds the other invoices
  });

  it('fixed price: the quoted price whatever the actuals', async () => {
    const fp = await workOrder('FP');
    await work(fp.wo, 8, 2);
    const r = ok(await act('amo_work_order', 'mro_create_invoice', fp.wo.amo_wo_id));
    const inv = await get('mro_invoice', r.mro_invoice_id);
    // actuals 848.00 (8 MH × 50 + 2 × 44 + 360): billed the quoted 948.00 (adjustment +100.00), total 1,052.28
    expect([inv.subtotal, inv.adjustment, inv.net_amount, inv.tax_amount, inv.total].map(num)).toEqual([848, 100, 948, 104.28, 1052.28]);
    ok(await act('mro_invoice', 'mro_post_invoice', inv.mro_invoice_id));
    ids.fp = inv.mro_invoice_id;
    // gap-free: the three posted invoices of the series follow each other
    const nos = (await all(`select invoice_no from mro_invoice where doc_type = 'INV' and status = 'POSTED' and compcode = 'GAT' order by invoice_no`)).map((x) => Number(String(x.invoice_no).slice(-5)));
    expect(nos.slice(-3)).toEqual([nos[nos.length - 3], nos[nos.length - 3] + 1, nos[nos.length - 3] + 2]);
  });

  it('quoted work not performed and customer-furnished parts are listed at 0 against the quotation; a deleted draft is built again', async () => {
    const { wo } = await workOrder('TM');
    const materials = wo.materials.map((m: Row) => ({ ...m, supply: 'CUSTOMER', cust_qty: 2, cust_cert_no: 'EASA-F1-TEST-1' }));
    ok(await put('amo_work_order', wo.amo_wo_id, { materials }));
    for (const m of wo.materials) ok(await act('amo_work_order_material', 'mro_receive_customer_part', m.amo_material_id));
    // no action cancels a card nor releases an order over it (the release gate holds it): the
    // state is set as an order taken over would be (opening values), then invoiced
    await sql`update amo_work_order_task set status = 'CANCEL' where amo_work_order = ${wo.amo_wo_id}`.execute(db());
    await sql`update amo_work_order set status = 'RELEASED' where amo_wo_id = ${wo.amo_wo_id}`.execute(db());
    const first = ok(await act('amo_work_order', 'mro_create_invoice', wo.amo_wo_id));
    // the draft is deleted (allowed for a draft: its lines go with it) and built again
    ok(await t.call('DELETE', `/api/data/mro_invoice/${first.mro_invoice_id}`, { token: tok.boss }));
    expect(num((await one(`select count(*) as n from mro_invoice_line where mro_invoice = ${first.mro_invoice_id}`)).n)).toBe(0);
    const r = ok(await act('amo_work_order', 'mro_create_invoice', wo.amo_wo_id));
    const inv = await get('mro_invoice', r.mro_invoice_id);
    const lines = inv.lines.sort((a: Row, b: Row) => a.line_no - b.line_no).map((l: Row) => [l.line_type, num(l.amount), num(l.quoted_amount), l.description]);
    expect(lines).toEqual([
      ['MAT', 0, 88, 'Part (customer-furnished, not charged)'],
      ['LAB', 0, 500, 'A-check tasks (quoted, not performed)'],
      ['SVC', 360, 360, 'NDT eddy current inspection (subcontract)'],
    ]);
    // TM: 360.00 + 11 % = 399.60; the draft is deleted again so the account below holds the posted invoices only
    expect([inv.subtotal, inv.net_amount, inv.total].map(num)).toEqual([360, 360, 399.6]);
    ok(await t.call('DELETE', `/api/data/mro_invoice/${inv.mro_invoice_id}`, { token: tok.boss }));
  });

  it("prints the customer's invoice (named print) as PDF: lines against the quotation and the totals by the basis", async () => {
    const inv = await get('mro_invoice', ids.fp);
    const text = await pdf(`/api/data/mro_invoice/${ids.fp}/pdf?print=invoice`);
    expect(text).toContain(inv.invoice_no);
    expect(text).toContain('Bill to');
    expect(text).toContain('Test Invoicing');
    expect(text).toMatch(new RegExp(`Due date\\s+${String(inv.due_date).slice(0, 10)} \\(NET30\\)`));
    // 8 MH × 50.00 = 400.00 against 500.00 quoted
    expect(text).toMatch(/Labour\s+\S+\s+A-check tasks\s+8\s+50\.00\s+400\.00\s+500\.00/);
    expect(text).toMatch(/Actuals\s+848\.00/);
    expect(text).toMatch(/Adjustment to the Fixed price\s+100\.00\s+amount \(authorised 948\.00\)/);
    expect(text).toMatch(/Tax \(11 %\)\s+104\.28/);
    expect(text).toMatch(/Total USD\s+1,052\.28/);
    // a draft has no invoice to print yet
    const { wo } = await workOrder('TM');
    await work(wo, 1, 1);
    const draft = ok(await act('amo_work_order', 'mro_create_invoice', wo.amo_wo_id));
    const r = await t.call('GET', `/api/data/mro_invoice/${draft.mro_invoice_id}/pdf?print=invoice`, { token: tok.boss });
    expect([r.status, r.body.message]).toEqual([409, 'The invoice prints once it is posted (Post Invoice); the draft prints as a document.']);
    ok(await t.call('DELETE', `/api/data/mro_invoice/${draft.mro_invoice_id}`, { token: tok.boss }));
  });

  it('prints the invoice as a document (every field) too', async () => {
    const inv = await get('mro_invoice', ids.fp);
    const text = await pdf(`/api/data/mro_invoice/${ids.fp}/pdf`);
    expect(text).toContain('MRO Invoice');
    expect(text).toContain(inv.invoice_no);
    expect(text).toContain('Test Invoicing');
    expect(text).toMatch(/Invoice Total\s+1,052\.28/);
    expect(text).toMatch(/Basis Adjustment\s+100\.00/);
    expect(text).toMatch(/Authorised Amount\s+948\.00/);
    // each line beside the quotation: 8 MH × 50 = 400 against 500 quoted (−100)
    expect(text).toMatch(/Labour\s+\S+\s+(?:A-check tasks\s+)?8\s+50\.00\s+400\.00\s+500\.00\s+-100\.00/);
    expect(text).toContain('NDT eddy');
    expect(text).toContain('Invoice Lines');
  });

  it('exports the invoice list as xlsx for the accounting system', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/data/mro_invoice/export?route=aircraft-mro/mro-invoice&amo_customer=${ids.cust}`, headers: { authorization: `Bearer ${tok.boss}` } });
    expect(r.statusCode, r.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0] as string[];
    expect(header).toContain('Invoice No.');
    expect(header).toContain('Invoice Total');
    const totals = rows.slice(1).map((x) => Number(x[header.indexOf('Invoice Total')]));
    // TM invoice and its credit note, NTE and FP invoices
    expect(totals.sort((a, b) => a - b)).toEqual([-1212.12, 1052.28, 1052.28, 1212.12]);
  });
});

describe("the customer's account", () => {
  it('payments: posted once, in the billing currency, against an invoice of the customer', async () => {
    const wrong = await create('mro_payment', { payment_date: addDays(today, 40), amo_customer: ids.cust, amount: 500, currency: 'EUR', mro_invoice: ids.nte, reference: 'TT-1' });
    // not dated in the future (decision 0262)
    const future = await act('mro_payment', 'mro_post_payment', wrong.mro_payment_id);
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual([{ path: '/payment_date', message: `must not be after today (${today})` }]);
    ok(await put('mro_payment', wrong.mro_payment_id, { payment_date: today }));
    const r = await act('mro_payment', 'mro_post_payment', wrong.mro_payment_id);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path: '/currency', message: 'must be USD, the billing currency of Test Invoicing' }]);
    ok(await put('mro_payment', wrong.mro_payment_id, { currency: 'USD' }));
    conflict(await put('mro_payment', wrong.mro_payment_id, { status: 'POSTED' }), "The MRO Customer Payment's Status changes only through its actions, never by editing it.");
    ok(await act('mro_payment', 'mro_post_payment', wrong.mro_payment_id));
    ids.pay = wrong.mro_payment_id;
    // received 40 days later for the ageing below: its date moved for the test (a posting takes no future date)
    await sql`update mro_payment set payment_date = ${addDays(today, 40)} where mro_payment_id = ${ids.pay}`.execute(db());
    const p = await get('mro_payment', ids.pay);
    expect(p.status).toBe('POSTED');
    locked(await put('mro_payment', ids.pay, { amount: 1 }));
    locked(await t.call('DELETE', `/api/data/mro_payment/${ids.pay}`, { token: tok.boss }));
    conflict(await act('mro_payment', 'mro_post_payment', ids.pay), `Payment ${p.payment_no} is already posted.`);
  });

  it('the statement on a chosen date: invoices, credit notes, payments, balance and ageing', async () => {
    const st = (asOf: string) => act('amo_customer', 'mro_customer_statement', ids.cust, { as_of: asOf });
    // today + 20: TM 1,212.12 − its credit note 1,212.12 + NTE 1,052.28 + FP 1,052.28 = 2,104.56, all 0–30;
    // the payment dated today + 40 is not yet on the statement
    const a = ok(await st(addDays(today, 20)));
    expect(a.balance).toBe(2104.56);
    expect(a.buckets).toEqual({ d0_30: 2104.56, d31_60: 0, d61_90: 0, d90: 0 });
    expect(a.entries.map((e: Row) => [e.kind, e.debit, e.credit])).toEqual([['CN', 0, 1212.12], ['INV', 1212.12, 0], ['INV', 1052.28, 0], ['INV', 1052.28, 0]]);
    // today + 75: the invoices are 75 days old (61–90); 500.00 paid on the NTE invoice: 552.28 + 1,052.28 = 1,604.56
    const b = ok(await st(addDays(today, 75)));
    expect(b.balance).toBe(1604.56);
    expect(b.buckets).toEqual({ d0_30: 0, d31_60: 0, d61_90: 1604.56, d90: 0 });
    expect(b.open.map((o: Row) => [o.days, o.open]).sort()).toEqual([[75, 1052.28], [75, 552.28]].sort());
    // today + 91: over 90 days
    const c = ok(await st(addDays(today, 91)));
    expect(c.buckets).toEqual({ d0_30: 0, d31_60: 0, d61_90: 0, d90: 1604.56 });
    expect(c.message).toBe(`Statement of Test Invoicing on ${addDays(today, 91)}: balance USD 1,604.56 (0-30: 0.00, 31-60: 0.00, 61-90: 0.00, 90+: 1,604.56).`);
    expect((await st('31-12-2026')).status).toBe(400);
    // the Customer Account report lists the same entries up to the date (debit, credit)
    const report = async (asOf: string) =>
      ok(await t.call('GET', `/api/data/mro_account_entry?route=aircraft-mro/mro-customer-account&amo_customer=${ids.cust}&as_of=${asOf}`, { token: tok.boss })).list.map((r: Row) => [r.kind, num(r.debit), num(r.credit)]);
    expect(await report(addDays(today, 20))).toHaveLength(4);
    const rows = await report(addDays(today, 75));
    expect(rows).toContainEqual(['PAY', 0, 500]);
    expect(rows.reduce((b: number, r: [string, number, number]) => b + Math.round(r[1] * 100) - Math.round(r[2] * 100), 0)).toBe(160456); // the balance, 1,604.56
  });

  it('credit hold: a work order for a customer whose balance and the new work pass its credit limit is made on hold and waits for its credit approval', async () => {
    // balance today 2,104.56 (the payment is dated later) + the new quotation 1,052.28 = 3,156.84 > 3,000.00
    ok(await put('amo_customer', ids.cust, { credit_limit: 3000 }));
    const q = await acceptedQuotation('TM');
    const HOLD = 'Credit hold: Test Invoicing would be over its credit limit (balance USD 2,104.56 + this work 1,052.28 > credit limit 3,000.00).';
    const made = ok(await act('quotation', 'mro_work_order_from_quotation', q.quotation_id));
    expect(made.message).toContain(`${HOLD} Send it for credit approval: work starts once it is approved.`);
    const wo = await get('amo_work_order', made.amo_wo_id);
    expect(wo).toMatchObject({ credit_hold: HOLD, statuswf: '000', status: 'OPEN' });
    // held: no start, no signature
    conflict(await act('amo_work_order', 'start_amo_work_order', wo.amo_wo_id), `Work order ${String(wo.wo_no)} is not released for work yet: the work starts once it is approved.`);
    const signed = await act('amo_work_order_task', 'sign_amo_card_performed', wo.tasks[0].amo_task_id);
    expect(signed.status).toBe(409);
    // the hold is the server's: a save cannot clear it, nor set the approval
    const cleared = await put('amo_work_order', wo.amo_wo_id, { credit_hold: null, statuswf: '111' });
    expect(cleared.status).toBe(409);
    // sent for credit approval; the Finance Director approves; the work starts
    ok(await act('amo_work_order', 'send_amo_work_order', wo.amo_wo_id));
    const finance = await t.signIn('finance', DEMO_PASSWORD);
    if (finance.user.compcode !== 'GAT') ok(await t.call('PUT', `/api/users/ulc/${finance.user.user_id}`, { token: finance.token, body: { compcode: 'GAT' } }));
    const task = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'amo_work_order' and k.record_key = '${wo.amo_wo_id}' and a.completeddate is null`);
    ok(await t.call('POST', '/api/tasktodo/doaction', { token: finance.token, body: { taskassignkey: task.taskassignkey, actionTake: 'APPROVED', comment: 'Customer committed to pay the open balance on delivery.' } }));
    expect((await get('amo_work_order', wo.amo_wo_id)).statuswf).toBe('111');
    ok(await act('amo_work_order', 'start_amo_work_order', wo.amo_wo_id));
    ok(await put('amo_customer', ids.cust, { credit_limit: 10000 }));
  });

  it('credit hold: an invoice open more than 90 days holds new work until it is paid; an order not on hold needs no approval', async () => {
    // the FP invoice dated back 100 days (set for the test): 1,052.28 open in 90+ today
    await sql`update mro_invoice set invoice_date = ${addDays(today, -100)} where mro_invoice_id = ${ids.fp}`.execute(db());
    const held = ok(await act('quotation', 'mro_work_order_from_quotation', (await acceptedQuotation('TM')).quotation_id));
    expect((await get('amo_work_order', held.amo_wo_id)).credit_hold).toBe(`Credit hold: Test Invoicing has invoices open for more than 90 days (USD 1,052.28 open for more than 90 days on ${today}).`);
    // paid: the hold is lifted for new work
    const p = await create('mro_payment', { payment_date: today, amo_customer: ids.cust, amount: 1052.28, currency: 'USD', mro_invoice: ids.fp, reference: 'TT-2' });
    ok(await act('mro_payment', 'mro_post_payment', p.mro_payment_id));
    const free = ok(await act('quotation', 'mro_work_order_from_quotation', (await acceptedQuotation('TM')).quotation_id));
    const wo = await get('amo_work_order', free.amo_wo_id);
    expect(wo.credit_hold).toBeNull();
    conflict(await act('amo_work_order', 'send_amo_work_order', wo.amo_wo_id), `Work order ${String(wo.wo_no)} is not on credit hold: it needs no approval, start the work.`);
    ok(await act('amo_work_order', 'start_amo_work_order', wo.amo_wo_id));
  });
});

describe('money that adds up (issue 32 point 5)', () => {
  // a new time-and-materials invoice as worked in the header (actuals A): 1,092.00 + tax 120.12 = 1,212.12
  let inv: Row;
  const cents = (v: unknown) => Math.round(num(v) * 100);
  const payment = (amount: number, invoice: number | null) => create('mro_payment', { payment_date: today, amo_customer: ids.cust, amount, currency: 'USD', mro_invoice: invoice, reference: 'TT-cap' });
  const postedPaymentsOf = async (invoice: number) => num((await one(`select count(*) as n from mro_payment where mro_invoice = ${invoice} and status = 'POSTED'`)).n);

  it("a defect quotation's approved service and other-charge lines are billed (decision 0175), its refused ones not", async () => {
    const wo = await withDefectCharges('TM');
    await work(wo, 12, 3);
    const r = ok(await act('amo_work_order', 'mro_create_invoice', wo.amo_wo_id));
    const inv = await get('mro_invoice', r.mro_invoice_id);
    const lines = inv.lines.sort((a: Row, b: Row) => a.line_no - b.line_no).map((l: Row) => [l.line_type, l.description, num(l.quantity), num(l.unit_price), num(l.amount), num(l.quoted_amount), num(l.difference)]);
    expect(lines.slice(3)).toEqual([
      ['SVC', 'Seal bonding (subcontract)', 1, 300, 300, 300, 0],
      ['OTH', 'Freight of the seal kit', 1, 50, 50, 50, 0],
    ]);
    expect(inv.lines.find((l: Row) => l.description === 'Express handling')).toBeUndefined();
    // time and materials: actuals A 1,092.00 + 300.00 + 50.00 = 1,442.00 billed; authorised 948.00 + 350.00 = 1,298.00;
    // tax 11 % of 1,442.00 = 158.62; total 1,600.62
    expect([inv.authorised_amount, inv.subtotal, inv.adjustment, inv.net_amount, inv.tax_amount, inv.total].map(num)).toEqual([1298, 1442, 0, 1442, 158.62, 1600.62]);
    ok(await t.call('DELETE', `/api/data/mro_invoice/${inv.mro_invoice_id}`, { token: tok.boss })); // the account below holds the other invoices
  });

  it('the charges are billed on not-to-exceed (raising the cap) and fixed price (inside the authorised amount) too', async () => {
    const billed = async (basis: 'NTE' | 'FP') => {
      const wo = await withDefectCharges(basis);
      await work(wo, 8, 2);
      const inv = await get('mro_invoice', ok(await act('amo_work_order', 'mro_create_invoice', wo.amo_wo_id)).mro_invoice_id);
      expect(inv.lines.filter((l: Row) => String(l.reference_no ?? '').startsWith('QTD-')).map((l: Row) => [l.description, num(l.amount)]).sort()).toEqual([
        ['Freight of the seal kit', 50],
        ['Seal bonding (subcontract)', 300],
      ]);
      ok(await t.call('DELETE', `/api/data/mro_invoice/${inv.mro_invoice_id}`, { token: tok.boss }));
      return [inv.authorised_amount, inv.subtotal, inv.adjustment, inv.net_amount, inv.tax_amount, inv.total].map(num);
    };
    // actuals 8 MH × 50.00 + 2 × 44.00 + 360.00 = 848.00, with the charges 848.00 + 300.00 + 50.00 = 1,198.00;
    // authorised 948.00 + 350.00 = 1,298.00
    // NTE: 1,198.00 is under the cap: billed as it is, tax 11 % 131.78, total 1,329.78 (without the charges it would be 848.00)
    expect(await billed('NTE')).toEqual([1298, 1198, 0, 1198, 131.78, 1329.78]);
    // FP: the authorised amount, the charges included: adjustment 1,298.00 − 1,198.00 = +100.00, tax 142.78, total 1,440.78
    expect(await billed('FP')).toEqual([1298, 1198, 100, 1298, 142.78, 1440.78]);
  });

  it('a payment three times the invoice is refused at its amount, nothing written', async () => {
    const { wo } = await workOrder('TM');
    await work(wo, 12, 3);
    const made = ok(await act('amo_work_order', 'mro_create_invoice', wo.amo_wo_id));
    // dated within the open accounting period (decision 0262): the company's books are open from today − 10 (set for the test)
    const opened = addDays(today, -10);
    await sql`update company set tglaktif = ${opened} where compcode = 'GAT'`.execute(db());
    const draft = await get('mro_invoice', made.mro_invoice_id);
    const refused = async (date: string, message: string) => {
      const r = await act('mro_invoice', 'mro_post_invoice', made.mro_invoice_id, { invoice_date: date });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors).toEqual([{ path: '/invoice_date', message }]);
    };
    await refused(addDays(today, -11), `must be in the open accounting period (from ${opened}): the books are closed before it`);
    await refused(addDays(today, 1), `must not be after today (${today})`);
    await refused('2026-02-30', 'must be a date (YYYY-MM-DD)');
    const still = await get('mro_invoice', made.mro_invoice_id);
    expect([still.status, still.invoice_no, still.version]).toEqual(['DRAFT', null, draft.version]);
    // dated three days back, inside the period: due 30 days after that date (NET30)
    ok(await act('mro_invoice', 'mro_post_invoice', made.mro_invoice_id, { invoice_date: addDays(today, -3) }));
    inv = await get('mro_invoice', made.mro_invoice_id);
    expect([String(inv.invoice_date).slice(0, 10), String(inv.due_date).slice(0, 10)]).toEqual([addDays(today, -3), addDays(today, 27)]);
    expect(num(inv.total)).toBe(1212.12);
    // a payment dated before the period is refused at its date
    const early = await create('mro_payment', { payment_date: addDays(today, -11), amo_customer: ids.cust, amount: 100, currency: 'USD', mro_invoice: inv.mro_invoice_id, reference: 'TT-early' });
    const e = await act('mro_payment', 'mro_post_payment', early.mro_payment_id);
    expect(e.status, JSON.stringify(e.body)).toBe(400);
    expect(e.body.errors).toEqual([{ path: '/payment_date', message: `must be in the open accounting period (from ${opened}): the books are closed before it` }]);
    expect((await get('mro_payment', early.mro_payment_id)).status).toBe('DRAFT');
    // 3 × 1,212.12 = 3,636.36 > 1,212.12 open
    const p = await payment(3636.36, inv.mro_invoice_id);
    const r = await act('mro_payment', 'mro_post_payment', p.mro_payment_id);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors).toEqual([{ path: '/amount', message: `must not exceed USD 1,212.12, what is still open on invoice ${inv.invoice_no}` }]);
    const after = await get('mro_payment', p.mro_payment_id);
    expect([after.status, after.version]).toEqual(['DRAFT', p.version]);
    expect(await postedPaymentsOf(inv.mro_invoice_id)).toBe(0);
  });

  it('ten simultaneous full payments of one invoice: exactly one posts, nine are refused with 409', async () => {
    const drafts = await Promise.all(Array.from({ length: 10 }, () => payment(1212.12, inv.mro_invoice_id)));
    const answers = await Promise.all(drafts.map((d) => act('mro_payment', 'mro_post_payment', d.mro_payment_id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toBe(`Invoice ${inv.invoice_no} is already settled: nothing is left to pay on it.`);
    // 1,212.12 paid once: the invoice is no longer open; nine drafts stay drafts
    expect(await postedPaymentsOf(inv.mro_invoice_id)).toBe(1);
    const states = await Promise.all(drafts.map((d) => get('mro_payment', d.mro_payment_id)));
    expect(states.filter((s) => s.status === 'DRAFT')).toHaveLength(9);
    const st = ok(await act('amo_customer', 'mro_customer_statement', ids.cust, { as_of: addDays(today, 400) }));
    expect(st.open.map((o: Row) => o.no)).not.toContain(inv.invoice_no);
    // a part payment of what is left (nothing) is refused too
    conflict(await act('mro_payment', 'mro_post_payment', (await payment(0.01, inv.mro_invoice_id)).mro_payment_id), `Invoice ${inv.invoice_no} is already settled: nothing is left to pay on it.`);
  });

  it("a payment naming no invoice never exceeds the customer's open balance", async () => {
    // the balance with every posted entry (the payment dated later included), read from the statement
    const st = ok(await act('amo_customer', 'mro_customer_statement', ids.cust, { as_of: addDays(today, 400) }));
    const balance = cents(st.balance);
    expect(balance).toBeGreaterThan(0);
    const over = await payment((balance + 1) / 100, null);
    const r = await act('mro_payment', 'mro_post_payment', over.mro_payment_id);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors[0].path).toBe('/amount');
    expect(r.body.errors[0].message).toMatch(/^must not exceed USD [\d,]+\.\d\d, the open balance of Test Invoicing$/);
    expect((await get('mro_payment', over.mro_payment_id)).status).toBe('DRAFT');
  });

  it('a credit note never exceeds what is still to credit: ten simultaneous credit notes of one invoice make one', async () => {
    const before = num((await one(`select count(*) as n from mro_invoice where credits = ${inv.mro_invoice_id}`)).n);
    expect(before).toBe(0);
    // a credit note is not dated before the invoice it credits (dated today − 3)
    const early = await act('mro_invoice', 'mro_credit_invoice', inv.mro_invoice_id, { invoice_date: addDays(today, -4) });
    expect(early.status, JSON.stringify(early.body)).toBe(400);
    expect(early.body.errors).toEqual([{ path: '/invoice_date', message: `must not be before the invoice it credits (${inv.invoice_no}, dated ${addDays(today, -3)})` }]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => act('mro_invoice', 'mro_credit_invoice', inv.mro_invoice_id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const cns = await all(`select total from mro_invoice where credits = ${inv.mro_invoice_id} and doc_type = 'CN'`);
    // one credit note of −1,212.12: invoice + credit notes = 0, never below
    expect(cns.map((c) => num(c.total))).toEqual([-1212.12]);
  });

  it('a line of a posted invoice is not written on its own (PUT of the line): refused, version unchanged', async () => {
    const line = inv.lines[0];
    const r = await t.call('PUT', `/api/data/mro_invoice_line/${line.mro_invoice_line_id}`, { token: tok.boss, body: { version: line.version, mro_invoice: inv.mro_invoice_id } });
    locked(r);
    const after = (await get('mro_invoice', inv.mro_invoice_id)).lines.find((l: Row) => l.mro_invoice_line_id === line.mro_invoice_line_id);
    expect([after.version, num(after.amount)]).toEqual([line.version, num(line.amount)]);
  });

  it('dates are calendar dates: 2026-02-30 is refused at the field (the statement, a payment date)', async () => {
    const st = (asOf: string) => act('amo_customer', 'mro_customer_statement', ids.cust, { as_of: asOf });
    for (const bad of ['2026-02-30', '2027-02-29', '2026-13-01', '2026-04-31']) {
      const r = await st(bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.errors).toEqual([{ path: '/as_of', message: 'must be a date (YYYY-MM-DD)' }]);
    }
    ok(await st('2028-02-29')); // a leap day
    const count = num((await one(`select count(*) as n from mro_payment`)).n);
    const r = await t.call('POST', '/api/data/mro_payment', { token: tok.boss, body: { payment_date: '2026-02-30', amo_customer: ids.cust, amount: 1, currency: 'USD' } });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: Row) => e.path)).toContain('/payment_date');
    expect(num((await one(`select count(*) as n from mro_payment`)).n)).toBe(count);
  });
});

/**
 * AOG work without a quotation (decision 0390): invoiced on time and materials at the company's
 * rates. Worked values (USD, the company currency, rate 1; MRO Pricing from today: tax 11 %, parts
 * markup 25 %, B1 60.00 and STR 50.00 per man-hour; a customer without a contract rate):
 *
 *   card AOG-1 (B1)   3 h booked × 60.00            = 180.00
 *   card AOG-2 (STR)  2.5 h booked × 50.00          = 125.00
 *   part              2 issued × (40.00 × 125 %) = 2 × 50.00 = 100.00
 *   subtotal 405.00, no discount, billed 405.00, tax 11 % = 44.55, total 449.55
 */
describe('AOG work without a quotation (time and materials)', () => {
  let wo: Row;

  it('an AOG work order with no quotation is invoiced on time and materials: hours × the skill rate, parts at cost × the parts markup, the pricing tax', async () => {
    await create('mro_pricing', { valid_from: today, tax_pct: 11, parts_markup_pct: 25, remark: 'AOG test rates', rates: [{ skill: 'B1', rate: 60 }, { skill: 'STR', rate: 50 }] });
    const type = await one(`select aircraft_type_id from aircraft_type where compcode = 'GAT' order by aircraft_type_id limit 1`);
    const c = await create('amo_customer', { customer_code: 'TAO', customer_name: 'Test AOG Operator', country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'USD', credit_limit: 100000 });
    const ac = await create('customer_aircraft', { amo_customer: c.amo_customer_id, registration: 'PK-TAO', aircraft_type: type.aircraft_type_id, msn: 'TAO1' });
    const made = await create('amo_work_order', {
      wo_date: today, amo_customer: c.amo_customer_id, customer_aircraft: ac.customer_aircraft_id, wo_type: 'AOG', customer_po: 'TAO-AOG-1',
      title: 'AOG: bird strike inspection', planned_start: today, planned_end: addDays(today, 1), fh_at_input: 100000, fc_at_input: 900,
      tasks: [
        { seq: 10, task_card_no: 'AOG-1', description: 'Bird strike inspection', skill: 'B1', est_manhours: 3 },
        { seq: 20, task_card_no: 'AOG-2', description: 'Radome repair', skill: 'STR', est_manhours: 2 },
      ],
      materials: [{ line_no: 1, task_card_no: 'AOG-2', item: ids.item, partnumber: 'T-MRO-INV', itemname: 'Test MRO part', quantity: 2, unit: 'PCS', supply: 'STOCK' }],
    });
    wo = await get('amo_work_order', made.amo_wo_id);
    const [a, b] = [...wo.tasks].sort((x: Row, y: Row) => x.seq - y.seq);
    ok(await put('amo_work_order', wo.amo_wo_id, { labour: [
      { task: a.amo_task_id, person: ids.boss, work_date: today, hours: 3 },
      { task: b.amo_task_id, person: ids.boss, work_date: today, hours: 2.5 },
    ] }));
    wo = await get('amo_work_order', wo.amo_wo_id);
    await issue(wo, 2);
    for (const card of wo.tasks) {
      ok(await act('amo_work_order_task', 'sign_amo_card_performed', card.amo_task_id));
      ok(await act('amo_work_order_task', 'sign_amo_card_certified', card.amo_task_id));
    }
    ok(await act('amo_work_order', 'issue_amo_crs', wo.amo_wo_id));

    const r = ok(await act('amo_work_order', 'mro_create_invoice', wo.amo_wo_id));
    const inv = await get('mro_invoice', r.mro_invoice_id);
    expect(inv).toMatchObject({ status: 'DRAFT', pricing_basis: 'TM', currency: 'USD', quotation: null, customer_po: 'TAO-AOG-1', payment_terms: 'NET30', remark: `From work order ${wo.wo_no} (AOG, time and materials)` });
    const lines = inv.lines.sort((x: Row, y: Row) => x.line_no - y.line_no).map((l: Row) => [l.line_type, l.reference_no, num(l.quantity), num(l.unit_price), num(l.amount), l.quoted_amount]);
    expect(lines).toEqual([
      ['LAB', 'AOG-1', 3, 60, 180, null],
      ['LAB', 'AOG-2', 2.5, 50, 125, null],
      ['MAT', 'T-MRO-INV', 2, 50, 100, null],
    ]);
    expect([inv.quoted_amount, inv.authorised_amount, inv.subtotal, inv.discount_amount, inv.adjustment, inv.net_amount, inv.tax_pct, inv.tax_amount, inv.total].map(num)).toEqual([0, 0, 405, 0, 0, 405, 11, 44.55, 449.55]);
    expect(r.message).toBe(`Draft invoice for ${wo.wo_no} (time and materials): actuals USD 405.00, billed 405.00 + tax 44.55 = 449.55.`);
    const posted = ok(await act('mro_invoice', 'mro_post_invoice', inv.mro_invoice_id));
    expect(posted.status).toBe('POSTED');
    expect((await get('amo_work_order', wo.amo_wo_id)).invoice_no).toBe(posted.invoice_no);
    // the customer's invoice names its basis where a quotation is otherwise named
    const text = await pdf(`/api/data/mro_invoice/${inv.mro_invoice_id}/pdf?print=invoice`);
    expect(text).toMatch(/Basis\s+Time and materials \(AOG, no\s+quotation\)/);
    expect(text).not.toContain('Quotation');
    expect(text).not.toContain('authorised'); // nothing was quoted or authorised: no adjustment line
    expect(text).toMatch(/Total USD\s+449\.55/);
  });

  it('a work order other than AOG without a quotation is still refused, nothing written', async () => {
    const other = await create('amo_work_order', {
      wo_date: today, amo_customer: wo.amo_customer, customer_aircraft: wo.customer_aircraft, wo_type: 'LINE', title: 'Line check',
      planned_start: today, planned_end: today, fh_at_input: 100000, fc_at_input: 900,
      tasks: [{ seq: 10, task_card_no: 'L-1', description: 'Daily check', skill: 'B1', est_manhours: 1 }],
    });
    const card = (await get('amo_work_order', other.amo_wo_id)).tasks[0];
    ok(await act('amo_work_order_task', 'sign_amo_card_performed', card.amo_task_id));
    ok(await act('amo_work_order_task', 'sign_amo_card_certified', card.amo_task_id));
    ok(await act('amo_work_order', 'issue_amo_crs', other.amo_wo_id));
    const before = await invoiceCount();
    conflict(await act('amo_work_order', 'mro_create_invoice', other.amo_wo_id), `Work order ${other.wo_no} names no quotation: its pricing basis and rates come from the accepted quotation (only AOG work is invoiced on time and materials without one).`);
    expect(await invoiceCount()).toBe(before);
  });
});
