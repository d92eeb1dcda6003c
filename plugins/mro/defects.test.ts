/**
 * MRO defect quotations through the real server (plugins/mro/defects.ts, decision 0175): a finding
 * raised on a work order becomes a draft defect quotation by Raise Defect Quotation, priced by the
 * quotation's code path (quotation.ts), approved through its workflow, issued, and answered line by
 * line; approved lines add to the work order's authorised amount (invoice.ts) and become task
 * cards; refused lines are closed with the customer's reason. Statuses only through actions.
 * One server and database per file, both databases.
 *
 * Worked values (USD, GAT: tax 11 %; the customer's contract rate 60.00 per man-hour; the part's
 * posted moving-average cost set to 40.0000):
 *
 *   quotation         L1 labour 10 MH × 60.00                          = 600.00 net
 *   defect quotation  L1 labour (the finding's 3 est. MH) 3 × 60.00        = 180.00
 *                     L2 part 2 × (40.00 × 125 %) = 2 × 50.00              = 100.00
 *                     L3 NDT subcontract 1 × (30.00 × 110 %)               =  33.00
 *                     net 313.00, tax 11 % = 34.43, total 347.43
 *   customer          approves L1 and L3, refuses L2 (reason): approved 180.00 + 33.00 = 213.00
 *   authorised        600.00 + 213.00 = 813.00; one task card (L1), none for the refused part
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

const ok = expectOk;
const conflict = (r: CallResult, message: string | RegExp) => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  if (typeof message === 'string') expect(r.body.message).toBe(message);
  else expect(r.body.message).toMatch(message);
};
const invalid = (r: CallResult, path: string, message: RegExp) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  const e = (r.body.errors as Row[]).find((x) => x.path === path);
  expect(e, JSON.stringify(r.body)).toBeDefined();
  expect(e?.message).toMatch(message);
};
const act = (entity: string, name: string, key: unknown, body: Row = {}) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok.boss, body: signed(t, entity, name, { key, ...body }) });
const create = async (entity: string, body: Row): Promise<Row> => ok(await t.call('POST', `/api/data/${entity}`, { token: tok.boss, body })).data;
const get = async (entity: string, key: unknown): Promise<Row> => ok(await t.call('GET', `/api/data/${entity}/${key}`, { token: tok.boss })).data;
const num = (v: unknown) => Number(v);

/** PUT of a record as its form saves it (every field a user types, as read, lines with their keys), with `changes`. */
async function put(entity: string, key: number, changes: Row): Promise<CallResult> {
  const e = t.services.reg.entity(entity);
  const row = await get(entity, key);
  const body: Row = { version: row.version };
  for (const f of e.fields) if (!f.readOnly && !f.hidden && f.name !== e.numbering?.field && row[f.name] !== undefined) body[f.name] = row[f.name];
  for (const c of e.children) {
    const child = t.services.reg.entity(c.entity);
    const typed = new Set([child.key, ...child.fields.filter((f) => !f.readOnly && !f.hidden && f.name !== c.foreignKey).map((f) => f.name)]);
    const lines = (changes[c.name] ?? row[c.name]) as Row[] | undefined;
    if (lines) body[c.name] = lines.map((l) => Object.fromEntries(Object.entries(l).filter(([k]) => typed.has(k) || k in (changes.keep ?? {}))));
  }
  const header = Object.fromEntries(Object.entries(changes).filter(([k]) => k !== 'keep' && !e.children.some((c) => c.name === k)));
  return t.call('PUT', `/api/data/${entity}/${key}`, { token: tok.boss, body: { ...body, ...header } });
}

async function approve(entity: string, key: unknown): Promise<void> {
  ok(await act(entity, `send_${entity}`, key));
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = '${entity}' and k.record_key = '${String(key)}' and a.completeddate is null`);
  ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'ok' } }));
}

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  await createUser(t, { username: 'dq.boss', companies: { GAT: 'administrator' } });
  for (const [who, username] of [['boss', 'dq.boss'], ['approver', 'approver']]) {
    const s = await t.signIn(username, DEMO_PASSWORD);
    tok[who] = s.token;
    ids[who] = s.user.user_id;
    expect(s.user.compcode).toBe('GAT');
  }
  const type = await one(`select aircraft_type_id from aircraft_type where compcode = 'GAT' order by aircraft_type_id limit 1`);
  // the officer is also certifying staff for the type (signs the cards and issues the CRS; decision 0178)
  await approvedAuthorisation(t, 'GAT', { person: ids.boss, auth_no: 'GAT-TDQ-B1', category: 'B1', valid_from: addDays(today, -30), valid_to: addDays(today, 365), types: [{ aircraft_type: type.aircraft_type_id }] });
  const c = await create('amo_customer', { customer_code: 'TDQ', customer_name: 'Test Defects', country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'USD', labour_rate: 60, credit_limit: 100000 });
  ids.cust = c.amo_customer_id;
  ids.ac = (await create('customer_aircraft', { amo_customer: c.amo_customer_id, registration: 'PK-TDQ', aircraft_type: type.aircraft_type_id, msn: 'TDQ1' })).customer_aircraft_id;
  // the part's posted moving-average cost: 40.0000 (set for the test)
  const v = await one(`select v.item from stock_valuation v where v.compcode = 'GAT' order by v.item limit 1`);
  ids.item = num(v.item);
  await sql`update stock_valuation set avg_cost = 40 where compcode = 'GAT' and item = ${ids.item}`.execute(db());
  // an accepted quotation (10 MH × 60.00 = 600.00 net) and its work order
  const q = await create('quotation', {
    quotation_date: today, amo_customer: ids.cust, customer_aircraft: ids.ac, subject: 'A-check', valid_until: addDays(today, 30), pricing_basis: 'TM',
    lines: [{ line_no: 1, line_type: 'LAB', description: 'A-check tasks', skill: 'B1', manhours: 10, quantity: 10, unit: 'MH' }],
  });
  expect(num(q.net_amount)).toBe(600);
  ids.q = q.quotation_id;
  await approve('quotation', q.quotation_id);
  ok(await act('quotation', 'mro_issue_quotation', q.quotation_id));
  ok(await act('quotation', 'mro_accept_quotation', q.quotation_id, { answered_by: 'Customer signatory', customer_po: 'PO-TDQ' }));
  ids.wo = ok(await act('quotation', 'mro_work_order_from_quotation', q.quotation_id)).amo_wo_id;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('the demo', () => {
  it('loads its defect quotations through the actions: amounts computed, the customer answer recorded per line', async () => {
    const qd = await one(`select * from quotation_defect where quotation_no = 'QTD-2025-00001' and compcode = 'GAT'`);
    // IDR, contract rate 850,000: 14 MH = 11,900,000; 4,800,000; 3 MH = 2,550,000; 305,000,000; 32 MH = 27,200,000; 68,500,000
    // net 419,950,000; tax 11 % = 46,194,500; approved lines 1-4 = 324,250,000
    expect(qd).toMatchObject({ currency: 'IDR', statuswf: '111', quote_status: 'PARTIAL' });
    expect([qd.total_labour, qd.total_material, qd.net_amount, qd.tax_amount, qd.grand_total, qd.approved_total].map(num)).toEqual([41650000, 378300000, 419950000, 46194500, 466144500, 324250000]);
    const lines = await all(`select line_no, amount, customer_decision, decision_reason from quotation_defect_line where quotation_defect = ${qd.quotation_defect_id} order by line_no`);
    expect(lines.map((l) => [l.line_no, num(l.amount), l.customer_decision])).toEqual([
      [1, 11900000, 'APPROVED'],
      [2, 4800000, 'APPROVED'],
      [3, 2550000, 'APPROVED'],
      [4, 305000000, 'APPROVED'],
      [5, 27200000, 'REFUSED'],
      [6, 68500000, 'REFUSED'],
    ]);
    // the approved labour lines are task cards of AWO-2025-00003
    const cards = await all(`select t.task_card_no from amo_work_order_task t join quotation_defect_line l on l.quotation_defect_line_id = t.defect_line where l.quotation_defect = ${qd.quotation_defect_id} order by t.task_card_no`);
    expect(cards.map((c) => c.task_card_no)).toEqual(['QTD-2025-00001/1', 'QTD-2025-00001/3']);
  });
});

describe('defect quotation', () => {
  let qd: Row;
  let nrc: Row;

  it('is raised from a finding on the work order: customer, aircraft, work order, quotation and currency carried, the finding a labour line', async () => {
    nrc = await create('amo_defect', { amo_work_order: ids.wo, raised_date: today, ata: '53-10', description: 'Corrosion on skin FR 20', rectification: 'Blend out per SRM', finding_type: 'CORROSION', est_manhours: 3 });
    const r = ok(await act('amo_defect', 'mro_raise_defect_quotation', nrc.amo_defect_id));
    qd = await get('quotation_defect', r.quotation_defect_id);
    expect(qd).toMatchObject({ amo_customer: ids.cust, customer_aircraft: ids.ac, amo_work_order: ids.wo, quotation: ids.q, currency: 'USD', statuswf: '000', quote_status: 'OPEN' });
    expect(qd.subject).toContain(nrc.nrc_no);
    expect(qd.lines).toHaveLength(1);
    expect((await get('amo_defect', nrc.amo_defect_id)).status).toBe('OPEN');
    // 3 MH × the contract rate 60.00 = 180.00
    expect(qd.lines[0]).toMatchObject({ amo_defect: nrc.amo_defect_id, line_type: 'LAB', skill: 'STR', description: `${nrc.nrc_no}: Blend out per SRM`, customer_decision: 'PENDING' });
    expect([qd.lines[0].manhours, qd.lines[0].sell_price, qd.lines[0].amount, qd.net_amount].map(num)).toEqual([3, 60, 180, 180]);
    // the same finding is not quoted twice; a finding not chargeable is not quoted
    conflict(await act('amo_defect', 'mro_raise_defect_quotation', nrc.amo_defect_id), `${nrc.nrc_no} is already quoted on ${qd.quotation_no}.`);
    const free = await create('amo_defect', { amo_work_order: ids.wo, raised_date: today, ata: '25-21', description: 'Loose panel', finding_type: 'OTHER', chargeable: false });
    conflict(await act('amo_defect', 'mro_raise_defect_quotation', free.amo_defect_id), /is not chargeable/);
  });

  it("quotes only findings of its work order, on every write path (400 at the line's finding)", async () => {
    const other = await one(`select amo_defect_id from amo_defect where compcode = 'GAT' and amo_work_order <> ${ids.wo} order by amo_defect_id limit 1`);
    const direct = await t.call('POST', '/api/data/quotation_defect_line', { token: tok.boss, body: { quotation_defect: qd.quotation_defect_id, line_no: 9, amo_defect: other.amo_defect_id, description: 'x', line_type: 'OTH', unit_price: 1 } });
    invalid(direct, '/amo_defect', /is a finding of another work order/);
    invalid(await put('quotation_defect', qd.quotation_defect_id, { lines: [...qd.lines, { line_no: 9, amo_defect: other.amo_defect_id, description: 'x', line_type: 'OTH', unit_price: 1 }] }), '/lines/1/amo_defect', /is a finding of another work order/);
    expect((await get('quotation_defect', qd.quotation_defect_id)).lines).toHaveLength(1);
  });

  it('prices its lines on the server like quotation lines; a typed amount is ignored', async () => {
    const lines = [
      ...qd.lines,
      { line_no: 2, amo_defect: nrc.amo_defect_id, line_type: 'MAT', description: 'Skin repair part', item: ids.item, price_source: 'COST', markup_pct: 25, quantity: 2, unit: 'PCS', amount: 999 },
      { line_no: 3, amo_defect: nrc.amo_defect_id, line_type: 'SVC', description: 'NDT eddy current (subcontract)', price_source: 'COST', unit_cost: 30, markup_pct: 10, quantity: 1, unit: 'LOT' },
    ];
    ok(await put('quotation_defect', qd.quotation_defect_id, { lines }));
    qd = await get('quotation_defect', qd.quotation_defect_id);
    const byNo = qd.lines.sort((a: Row, b: Row) => a.line_no - b.line_no);
    // 2 × (40.00 × 125 %) = 2 × 50.00 = 100.00; 1 × (30.00 × 110 %) = 33.00
    expect(byNo.map((l: Row) => [l.line_no, num(l.sell_price), num(l.amount)])).toEqual([
      [1, 60, 180],
      [2, 50, 100],
      [3, 33, 33],
    ]);
    // net 313.00, tax 11 % = 34.43, total 347.43
    expect([qd.total_manhours, qd.total_labour, qd.total_material, qd.total_services, qd.net_amount, qd.tax_pct, qd.tax_amount, qd.grand_total].map(num)).toEqual([3, 180, 100, 33, 313, 11, 34.43, 347.43]);
  });

  it('statuses only through actions: the generic path is refused, an unapproved quotation is not issued', async () => {
    conflict(await put('quotation_defect', qd.quotation_defect_id, { quote_status: 'SENT' }), "The Quotation for Defects's Customer Status changes only through its actions, never by editing it.");
    const lines = qd.lines.map((l: Row) => (l.line_no === 1 ? { ...l, customer_decision: 'APPROVED' } : l));
    conflict(await put('quotation_defect', qd.quotation_defect_id, { lines, keep: { customer_decision: true } }), "The Quoted Finding's Customer Decision changes only through its actions, never by editing it.");
    // nor is a new line created already decided
    conflict(await t.call('POST', '/api/data/quotation_defect_line', { token: tok.boss, body: { quotation_defect: qd.quotation_defect_id, line_no: 9, amo_defect: nrc.amo_defect_id, description: 'x', customer_decision: 'APPROVED' } }), /Customer Decision changes only through its actions/);
    conflict(await act('quotation_defect', 'mro_issue_defect_quotation', qd.quotation_defect_id), `${qd.quotation_no} is not approved: it is issued to the customer once its approval workflow has approved it.`);
    conflict(await act('quotation_defect', 'mro_answer_defect_quotation', qd.quotation_defect_id, { answered_by: 'X', customer_ref: 'Y' }), /has not been issued to the customer/);
    const after = await get('quotation_defect', qd.quotation_defect_id);
    expect([after.quote_status, ...after.lines.map((l: Row) => l.customer_decision)]).toEqual(['OPEN', 'PENDING', 'PENDING', 'PENDING']);
  });

  it('approved through its workflow and issued; a refused line needs the reason (400 at the line), nothing written', async () => {
    await approve('quotation_defect', qd.quotation_defect_id);
    // approved: the amounts stay as approved, whatever the part's cost now
    await sql`update stock_valuation set avg_cost = 80 where compcode = 'GAT' and item = ${ids.item}`.execute(db());
    ok(await act('quotation_defect', 'mro_issue_defect_quotation', qd.quotation_defect_id));
    // the finding is quoted to the customer
    expect((await get('amo_defect', nrc.amo_defect_id)).status).toBe('QUOTED');
    const cardsBefore = num((await one(`select count(*) as n from amo_work_order_task where amo_work_order = ${ids.wo}`)).n);
    invalid(
      await act('quotation_defect', 'mro_answer_defect_quotation', qd.quotation_defect_id, { answered_by: 'J. Customer', customer_ref: 'CUST-NRC-7', lines: [{ line_no: 1, answer: 'APPROVE' }, { line_no: 2, answer: 'REFUSE' }, { line_no: 3, answer: 'APPROVE' }] }),
      '/lines/1/decision_reason',
      /the customer's reason/,
    );
    invalid(await act('quotation_defect', 'mro_answer_defect_quotation', qd.quotation_defect_id, { answered_by: 'J. Customer', customer_ref: 'CUST-NRC-7', lines: [{ line_no: 1, answer: 'APPROVE' }] }), '/lines/1/customer_answer', /APPROVE or REFUSE/);
    invalid(await act('quotation_defect', 'mro_answer_defect_quotation', qd.quotation_defect_id, { customer_ref: 'CUST-NRC-7', lines: [] }), '/answered_by', /who answered/);
    const after = await get('quotation_defect', qd.quotation_defect_id);
    expect([after.quote_status, ...after.lines.map((l: Row) => l.customer_decision)]).toEqual(['SENT', 'PENDING', 'PENDING', 'PENDING']);
    expect(num((await one(`select count(*) as n from amo_work_order_task where amo_work_order = ${ids.wo}`)).n)).toBe(cardsBefore);
  });

  it('the answer per line: approved lines add to the authorised amount and become task cards, the refused line is closed with its reason', async () => {
    // line 2 typed on the form (the answer and reason), lines 1 and 3 given in the action's body
    const typed = qd.lines.map((l: Row) => (l.line_no === 2 ? { ...l, customer_answer: 'REFUSE', decision_reason: 'Customer supplies the part' } : l));
    ok(await put('quotation_defect', qd.quotation_defect_id, { lines: typed, answered_by: 'J. Customer', customer_ref: 'CUST-NRC-7' }));
    const r = ok(await act('quotation_defect', 'mro_answer_defect_quotation', qd.quotation_defect_id, { lines: [{ line_no: 1, answer: 'APPROVE' }, { line_no: 3, answer: 'APPROVE' }] }));
    expect(r).toMatchObject({ quote_status: 'PARTIAL', approved_total: 213 });
    const after = await get('quotation_defect', qd.quotation_defect_id);
    // 180.00 + 33.00 = 213.00; the amounts as approved (the part still 100.00 at the cost of approval)
    expect(after).toMatchObject({ quote_status: 'PARTIAL', answered_date: today, answered_by: 'J. Customer', customer_ref: 'CUST-NRC-7' });
    expect([after.approved_total, after.net_amount].map(num)).toEqual([213, 313]);
    const lines = after.lines.sort((a: Row, b: Row) => a.line_no - b.line_no);
    expect(lines.map((l: Row) => [l.line_no, num(l.amount), l.customer_decision, l.decision_reason, l.decided_by, l.decision_ref, l.decided_date])).toEqual([
      [1, 180, 'APPROVED', null, 'J. Customer', 'CUST-NRC-7', today],
      [2, 100, 'REFUSED', 'Customer supplies the part', 'J. Customer', 'CUST-NRC-7', today],
      [3, 33, 'APPROVED', null, 'J. Customer', 'CUST-NRC-7', today],
    ]);
    // one task card, for the approved labour line 1 only (the refused part makes no material requirement)
    const cards = await all(`select task_card_no, task_type, task_ref, skill, est_manhours, status, defect_line from amo_work_order_task where amo_work_order = ${ids.wo} and defect_line is not null`);
    expect(cards.map((c) => [c.task_card_no, c.task_type, c.task_ref, c.skill, num(c.est_manhours), c.status, num(c.defect_line)])).toEqual([
      [`${qd.quotation_no}/1`, 'NRC', nrc.nrc_no, 'STR', 3, 'OPEN', lines[0].quotation_defect_line_id],
    ]);
    expect(num((await one(`select count(*) as n from amo_work_order_material where amo_work_order = ${ids.wo} and amo_defect = ${nrc.amo_defect_id}`)).n)).toBe(0);
    // the finding is approved for rectification
    expect((await get('amo_defect', nrc.amo_defect_id)).status).toBe('APPROVED');
    // answered once; the answered document is frozen
    conflict(await act('quotation_defect', 'mro_answer_defect_quotation', qd.quotation_defect_id), /already recorded/);
    const locked = await put('quotation_defect', qd.quotation_defect_id, { subject: 'changed' });
    expect(locked.status, JSON.stringify(locked.body)).toBe(409);
    expect(locked.body.code).toBe('ERR_LOCKED');
  });

  it("the work order's authorised amount: the quotation's net plus the approved lines", async () => {
    const wo = await get('amo_work_order', ids.wo);
    // hours booked on the cards (labour lines, the form's save: decision 0179), the cards signed and the CRS issued by the actions
    const labour = wo.tasks.map((c: Row) => ({ task: c.amo_task_id, person: ids.boss, work_date: today, hours: c.defect_line ? 3 : 10 }));
    ok(await put('amo_work_order', ids.wo, { labour }));
    expect((await get('amo_work_order', ids.wo)).tasks.map((c: Row) => num(c.actual_manhours))).toEqual(wo.tasks.map((c: Row) => (c.defect_line ? 3 : 10)));
    for (const c of wo.tasks) {
      ok(await act('amo_work_order_task', 'sign_amo_card_performed', c.amo_task_id));
      ok(await act('amo_work_order_task', 'sign_amo_card_certified', c.amo_task_id));
    }
    ok(await act('amo_work_order', 'issue_amo_crs', ids.wo));
    const r = ok(await act('amo_work_order', 'mro_create_invoice', ids.wo));
    const inv = await get('mro_invoice', r.mro_invoice_id);
    // 600.00 + 213.00 = 813.00
    expect([inv.quoted_amount, inv.authorised_amount].map(num)).toEqual([600, 813]);
  });
});
