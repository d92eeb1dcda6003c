/**
 * The README's "Things to try", walked on the demo data through the HTTP API as the demo users
 * (issue 37 point 10): each path reaches its end with the users, letters and authorisations the
 * demo gives them. Signatures are given as their dialog gives them (test/helpers/signature.ts
 * `signed`: the signer's password); the companies sign with the password only here, as the suites
 * about what a signature writes do (a demo code is spent once per 30 s; the gate and the README's
 * second-factor secrets are tested in server/test/signatures.test.ts and test/e2e/signatures.test.ts).
 *
 * 1. Citra Aviation: `planner` ticks PK-WFD's A-check on the due list and plans a work package (the
 *    A-check brings its borescope task), sends it; `approver` approves it; the borescope cannot be
 *    done: `planner` types its deferral reason and MEL category C on the Tasks line, saves, Defers
 *    it; `engineer` signs the A-check card (performed, certified under CTA-B1-0107); `approver`
 *    issues the CRS (CTA-C-0002) and prints it: it lists the deferred card.
 * 2. Citra Aviation: `inspector` accepts the repaired fuel nozzle FN-20931 (IR-2026-00003) waiting
 *    in quarantine, under CTA-INSP-007.
 * 3. Garuda Aero Technics: `admin` quotes Pelita Air's request CRQ-2025-00010 (A2-check of PK-PWB,
 *    10 h B1 at the customer's contract rate 55.00 = 550.00, tax 11 % = 60.50, total 610.50), sends
 *    it, `approver` approves it, `admin` prints it, issues it, records the customer's acceptance and
 *    makes the work order; books 4 + 6 = 10 h on the card, adds a parts requirement and issues it
 *    from stores; `engineer` signs the card (performed, certified under GAT-B1-0211); `approver`
 *    issues the CRS (GAT-C-0003); `admin` creates and posts the invoice (time and materials: 10 h ×
 *    55.00 = 550.00 plus the part at its issued cost, no markup in GAT's pricing), records a payment
 *    of 500.00 and reads the statement: balance = the invoice total − 500.00.
 * 4. Garuda Aero Technics: the AOG order AWO-2025-00005 (PK-PWA, no quotation, released on paper)
 *    is invoiced on time and materials (decision 0390): (5 + 4.5 + 13) h × 55.00 = 1,237.50 of
 *    labour, the 2 sealant cartridges at their moving-average cost.
 * 5. Garuda Aero Technics: `storekeeper` receives a serialised part with its release certificate; it
 *    waits in quarantine until `inspector` accepts it under GAT-INSP-012.
 * 6. `planner` exports PK-WFA's records (JSON); `reliability` prints the October 2026 report.
 * And every company has a certifying engineer, an inspector with an approved INSP authorisation
 * and a quality manager.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, formBody, signedInAt, sqlAll, sqlOne } from './support.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';
import { pdfText } from '../../test/helpers/pdf.ts';
import { todayUtc } from '../../plugins/airworthiness/rules/dates.ts';

type Row = Record<string, any>;
let t: TestApp;
const today = todayUtc();
const ok = expectOk;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const all = (q: string): Promise<Row[]> => sqlAll(t, q);
const num = (v: unknown) => Number(v);
const tokens = new Map<string, string>();

/** The demo user's token, working in `compcode`. */
async function as(username: string, compcode: string): Promise<string> {
  const k = `${username}@${compcode}`;
  if (!tokens.has(k)) tokens.set(k, (await signedInAt(t, username, compcode, username === 'admin' ? 'admin123' : DEMO_PASSWORD)).token);
  return tokens.get(k) as string;
}
const act = async (who: string, co: string, entity: string, name: string, key: unknown, body: Row = {}): Promise<Row> =>
  ok(await t.call('POST', `/api/data/${entity}/action/${name}`, { token: await as(who, co), body: signed(t, entity, name, { key, ...body }) }));
const create = async (who: string, co: string, entity: string, body: Row): Promise<Row> => ok(await t.call('POST', `/api/data/${entity}`, { token: await as(who, co), body })).data;
const get = async (who: string, co: string, entity: string, key: unknown): Promise<Row> => ok(await t.call('GET', `/api/data/${entity}/${key}`, { token: await as(who, co) })).data;
async function pdf(who: string, co: string, url: string): Promise<string> {
  const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await as(who, co)}` } });
  expect(r.statusCode, r.body).toBe(200);
  // read in content order, words folded, a number broken at its hyphen joined again
  return pdfText(r.rawPayload, { raw: true, fold: true }).replace(/- (?=\d)/g, '-');
}

/** Approves every step of the document's workflow as the user each step is assigned to; the assignees' names. */
async function approveAll(co: string, entity: string, key: unknown): Promise<string[]> {
  const who: string[] = [];
  for (;;) {
    const open = (await all(`select a.taskassignkey, u.username from wf_assignment a join wf_task k on k.taskkey = a.taskkey join users u on u.user_id = a.assignee
      where k.entity_name = '${entity}' and k.record_key = '${key}' and a.completeddate is null order by a.taskassignkey limit 1`))[0];
    if (!open) return who;
    who.push(open.username);
    ok(await t.call('POST', '/api/tasktodo/doaction', { token: await as(open.username, co), body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Checked' } }));
  }
}

/** PUT of a record as its form saves it (the typed fields as read, lines with their keys), with `changes`. */
async function put(who: string, co: string, entity: string, key: number, changes: Row): Promise<CallResult> {
  return t.call('PUT', `/api/data/${entity}/${key}`, { token: await as(who, co), body: formBody(t, entity, await get(who, co, entity, key), changes) });
}

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('the demo has its signers in every company', () => {
  it('a certifying engineer (B1), an inspector (INSP), a release signer (C) approved, and a quality manager, in GAH, GAT and CTA', async () => {
    const held = await all(`select a.compcode, u.username, a.category from staff_authorisation a join users u on u.user_id = a.person
      where a.statuswf = '111' and not a.suspended and a.valid_from <= '${today}' and a.valid_to >= '${today}' order by 1, 2, 3`);
    for (const co of ['GAH', 'GAT', 'CTA']) {
      const mine = held.filter((h) => h.compcode === co).map((h) => `${h.username}:${h.category}`);
      expect(mine, co).toEqual(expect.arrayContaining(['engineer:B1', 'inspector:INSP', 'approver:C']));
    }
    const qm = await all(`select r.compcode from role_user ru join role r on r.id = ru.role join users u on u.user_id = ru.user_id where u.username = 'quality' and r.role_name = 'quality_manager' order by 1`);
    expect(qm.map((r) => r.compcode)).toEqual(['CTA', 'GAH', 'GAT']);
  });
});

describe('Citra Aviation: due list → work package → approval → cards → CRS', () => {
  it('planner plans and sends, approver approves, engineer signs, approver issues and prints the CRS', async () => {
    const ac = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
    const list = ok(await t.call('GET', `/api/data/due_item?route=aircraft-maintenance/due-list&aircraft_id=${ac.aircraft_id}&limit=100`, { token: await as('planner', 'CTA') }));
    const aCheck = list.list.find((r: Row) => r.item_code === 'ATR-A1');
    expect(aCheck, 'the A-check on the due list').toBeTruthy();
    const planned = await act('planner', 'CTA', 'due_item', 'plan_work_package', undefined, { keys: [aCheck.due_key] });
    const woId = planned.wo_id;
    await act('planner', 'CTA', 'work_order', 'send_work_order', woId);
    expect(await approveAll('CTA', 'work_order', woId)).toEqual(['approver']);
    const wo = await get('planner', 'CTA', 'work_order', woId);
    expect(wo.tasks.length).toBe(2); // the A-check and the borescope it brings
    const [check, borescope] = [...wo.tasks].sort((a: Row, b: Row) => a.seq - b.seq);
    // the borescope cannot be done in this check: its deferral reason and MEL category typed on the Tasks line, saved, then Defer
    const catC = await one(`select id from mel_category where compcode = 'CTA' and category = 'C'`);
    const reason = 'Borescope kit away for calibration';
    ok(await put('planner', 'CTA', 'work_order', woId, { tasks: wo.tasks.map((c: Row) => (c.wo_task_id === borescope.wo_task_id ? { ...c, deferral_reason: reason, defer_mel_category: catC.id, defer_mel_item: '72-00-01' } : c)) }));
    const deferred = await act('planner', 'CTA', 'work_order_task', 'defer_task_card', borescope.wo_task_id);
    await act('engineer', 'CTA', 'work_order_task', 'sign_card_performed', check.wo_task_id);
    await act('engineer', 'CTA', 'work_order_task', 'sign_card_certified', check.wo_task_id);
    if (check.rii) await act('inspector', 'CTA', 'work_order_task', 'sign_card_inspected', check.wo_task_id);
    expect((await one(`select certified_auth from work_order_task where wo_task_id = ${check.wo_task_id}`)).certified_auth).toBe('CTA-B1-0107');
    const crs = await act('approver', 'CTA', 'work_order', 'issue_crs', woId);
    expect(crs.message).toContain('CTA-C-0002');
    const text = await pdf('approver', 'CTA', `/api/data/work_order/${woId}/pdf?print=crs`);
    expect(text).toContain(String(crs.crs_no));
    expect(text).toContain('PK-WFD');
    // the CRS lists the deferred card (decision 0355)
    expect(text).toContain(`deferred under ${String(deferred.defect_no)}`);
    expect(text).toContain(reason);
  });
});

describe('Citra Aviation: incoming inspection', () => {
  it('inspector accepts the repaired fuel nozzle out of quarantine under CTA-INSP-007', async () => {
    const line = await one(`select l.receiptdtlkey from inventory_receipt_line l join inventory_receipt r on r.receiptkey = l.receipt where r.receiptno = 'IR-2026-00003' and r.compcode = 'CTA' and l.serial_number = 'FN-20931'`);
    const r = await act('inspector', 'CTA', 'inventory_receipt_line', 'accept_incoming_inspection', line.receiptdtlkey);
    expect(r.message).toContain('CTA-INSP-007');
  });
});

describe('Garuda Aero Technics: MRO request → quotation → work order → cards → CRS → invoice → payment → statement', () => {
  it('the whole chain, as admin, approver and engineer', async () => {
    const req = await one(`select request_id, request_no from customer_request where request_no = 'CRQ-2025-00010' and compcode = 'GAT'`);
    const item = await one(`select request_item_id from customer_request_item where request = ${req.request_id} order by item_no limit 1`);
    const quoted = await act('admin', 'GAT', 'customer_request', 'mro_quote_request', req.request_id, { lines: [{ item: item.request_item_id, manhours: 10, skill: 'B1' }] });
    const qid = quoted.quotation_id;
    let q = await get('admin', 'GAT', 'quotation', qid);
    // 10 h × 55.00 (Pelita Air's contract rate) = 550.00; tax 11 % = 60.50; total 610.50
    expect([num(q.subtotal), num(q.tax_amount), num(q.grand_total), q.currency]).toEqual([550, 60.5, 610.5, 'USD']);
    await act('admin', 'GAT', 'quotation', 'send_quotation', qid);
    expect(await approveAll('GAT', 'quotation', qid)).toContain('approver');
    expect(await pdf('admin', 'GAT', `/api/data/quotation/${qid}/pdf?print=quotation`)).toContain(String(q.quotation_no));
    await act('admin', 'GAT', 'quotation', 'mro_issue_quotation', qid);
    await act('admin', 'GAT', 'quotation', 'mro_accept_quotation', qid, { answered_by: 'Rudy Hartono', customer_po: 'PAS-PO-DEMO-1' });
    const made = await act('admin', 'GAT', 'quotation', 'mro_work_order_from_quotation', qid);
    const woId = made.amo_wo_id;
    let wo = await get('admin', 'GAT', 'amo_work_order', woId);
    expect(wo.tasks.length).toBe(1);
    const card = wo.tasks[0];
    const engineer = await one(`select user_id from users where username = 'engineer'`);
    // hours on its Labour booked lines: 4 + 6 = 10 h
    ok(await put('admin', 'GAT', 'amo_work_order', woId, { labour: [
      { task: card.amo_task_id, person: engineer.user_id, work_date: today, hours: 4 },
      { task: card.amo_task_id, person: engineer.user_id, work_date: today, hours: 6 },
    ] }));
    // a parts requirement, issued from stores: an item GAT holds in stock
    const stock = await one(`select s.item, s.store, s.batch_number, i.partnumber, i.itemname, i.unit from stock_balance s join master_item i on i.item_id = s.item join store_warehouse w on w.store_id = s.store
      where s.compcode = 'GAT' and w.store_code = 'CGK-H4' and s.quantity >= 1 and s.serial_number = '' and i.tracking <> 'serial' and s.condition = 'NE' and (s.expiry_date is null or s.expiry_date > '${today}') order by i.partnumber limit 1`);
    wo = await get('admin', 'GAT', 'amo_work_order', woId);
    ok(await put('admin', 'GAT', 'amo_work_order', woId, { materials: [{ line_no: 1, task_card_no: card.task_card_no, item: stock.item, partnumber: stock.partnumber, itemname: stock.itemname, quantity: 1, unit: stock.unit, supply: 'STOCK' }] }));
    wo = await get('admin', 'GAT', 'amo_work_order', woId);
    const issue = await create('admin', 'GAT', 'inventory_issue', {
      issuedate: today, issue_type: 'CUST', store: stock.store, amo_work_order: woId, issued_to: 'Hangar 4 team',
      lines: [{ amo_material: wo.materials[0].amo_material_id, item: stock.item, quantity: 1, condition: 'NE', unit: stock.unit, ...(stock.batch_number ? { batch_number: stock.batch_number } : {}) }],
    });
    await act('admin', 'GAT', 'inventory_issue', 'post_inventory_issue', issue.issuekey);
    // the engineer signs the card; the Technical Director releases the aircraft
    await act('engineer', 'GAT', 'amo_work_order_task', 'sign_amo_card_performed', card.amo_task_id);
    expect((await act('engineer', 'GAT', 'amo_work_order_task', 'sign_amo_card_certified', card.amo_task_id)).task_status).toBe('DONE');
    expect((await one(`select certified_auth from amo_work_order_task where amo_task_id = ${card.amo_task_id}`)).certified_auth).toBe('GAT-B1-0211');
    const crs = await act('approver', 'GAT', 'amo_work_order', 'issue_amo_crs', woId);
    expect(crs.message).toContain('GAT-C-0003');
    expect(await pdf('approver', 'GAT', `/api/data/amo_work_order/${woId}/pdf?print=crs`)).toContain(String(crs.crs_no));
    // invoice: time and materials (Pelita Air's contract), 10 h × 55.00 + the part at its issued value
    wo = await get('admin', 'GAT', 'amo_work_order', woId);
    const partValue = num(wo.materials[0].issued_value);
    expect(partValue).toBeGreaterThan(0);
    const draft = await act('admin', 'GAT', 'amo_work_order', 'mro_create_invoice', woId);
    const inv = await get('admin', 'GAT', 'mro_invoice', draft.mro_invoice_id);
    const lab = inv.lines.find((l: Row) => l.line_type === 'LAB');
    expect([num(lab.quantity), num(lab.unit_price), num(lab.amount)]).toEqual([10, 55, 550]);
    const net = Math.round((550 + partValue) * 100) / 100;
    expect(num(inv.net_amount)).toBeCloseTo(net, 2);
    const posted = await act('admin', 'GAT', 'mro_invoice', 'mro_post_invoice', inv.mro_invoice_id);
    const total = num((await get('admin', 'GAT', 'mro_invoice', inv.mro_invoice_id)).total);
    expect(await pdf('admin', 'GAT', `/api/data/mro_invoice/${inv.mro_invoice_id}/pdf?print=invoice`)).toContain(String(posted.invoice_no));
    // a part payment, and the statement
    const before = num((await act('admin', 'GAT', 'amo_customer', 'mro_customer_statement', wo.amo_customer, { as_of: today })).balance);
    const pay = await create('admin', 'GAT', 'mro_payment', { payment_date: today, amo_customer: wo.amo_customer, amount: 500, currency: 'USD', mro_invoice: inv.mro_invoice_id, reference: 'TT-DEMO-1' });
    await act('admin', 'GAT', 'mro_payment', 'mro_post_payment', pay.mro_payment_id);
    const st = await act('admin', 'GAT', 'amo_customer', 'mro_customer_statement', wo.amo_customer, { as_of: today });
    expect(num(st.balance)).toBeCloseTo(before - 500, 2);
    expect(st.entries.some((e: Row) => e.kind === 'INV' && num(e.debit) === total)).toBe(true);
    expect((await one(`select status from customer_request where request_id = ${req.request_id}`)).status).toBe('INVOICED');
  });

  it('the AOG order without a quotation is invoiced on time and materials', async () => {
    const wo = await one(`select amo_wo_id from amo_work_order where wo_no = 'AWO-2025-00005' and compcode = 'GAT'`);
    const draft = await act('admin', 'GAT', 'amo_work_order', 'mro_create_invoice', wo.amo_wo_id);
    const inv = await get('admin', 'GAT', 'mro_invoice', draft.mro_invoice_id);
    expect(inv).toMatchObject({ pricing_basis: 'TM', quotation: null, currency: 'USD' });
    const avg = await one(`select v.avg_cost from stock_valuation v join master_item i on i.item_id = v.item where v.compcode = 'GAT' and i.partnumber = 'PR1422B2-6OZ'`);
    const part = Math.round(num(avg.avg_cost) * 100) / 100;
    // (5 + 4.5 + 13) h × 55.00 = 1,237.50; 2 cartridges at the moving average (GAT's parts markup 0 %)
    expect(inv.lines.map((l: Row) => [l.line_type, l.reference_no, num(l.quantity), num(l.unit_price), num(l.amount)])).toEqual([
      ['LAB', 'AOG-001', 5, 55, 275],
      ['LAB', 'AOG-002', 4.5, 55, 247.5],
      ['LAB', 'AOG-003', 13, 55, 715],
      ['MAT', 'PR1422B2-6OZ', 2, part, Math.round(part * 200) / 100],
    ]);
    await act('admin', 'GAT', 'mro_invoice', 'mro_post_invoice', inv.mro_invoice_id);
  });
});

describe('Garuda Aero Technics: a serialised part through incoming inspection', () => {
  it('storekeeper receives it with its certificate into quarantine; inspector accepts it under GAT-INSP-012', async () => {
    const cert = await one(`select id from arc_status where compcode = 'GAT' and code = 'EASA-F1'`);
    const part = await one(`select item_id, unit from master_item where compcode = 'GAT' and tracking = 'serial' and active order by partnumber limit 1`);
    const store = await one(`select store_id from store_warehouse where compcode = 'GAT' and store_code = 'CGK-H4'`);
    const receipt = await create('storekeeper', 'GAT', 'inventory_receipt', {
      receiptdate: today, source: 'OTHER',
      lines: [{ item: part.item_id, store: store.store_id, serial_number: 'DEMO-SN-1', condition: 'SV', quantity: 1, unit: part.unit, unit_cost: 100, certificate_type: cert.id, certificate_no: 'F1-DEMO-1', certificate_date: today, certificate_issuer: 'Demo repair station' }],
    });
    await act('storekeeper', 'GAT', 'inventory_receipt', 'post_inventory_receipt', receipt.receiptkey);
    const line = (await get('storekeeper', 'GAT', 'inventory_receipt', receipt.receiptkey)).lines[0];
    const r = await act('inspector', 'GAT', 'inventory_receipt_line', 'accept_incoming_inspection', line.receiptdtlkey);
    expect(r.message).toContain('GAT-INSP-012');
  });
});

describe('records and reliability', () => {
  it("planner exports PK-WFA's records; reliability prints the October 2026 report", async () => {
    const wfa = await one(`select aircraft_id from aircraft where registration = 'PK-WFA' and compcode = 'CTA'`);
    const file = await t.app.inject({ method: 'GET', url: `/api/records-transfer/aircraft/${wfa.aircraft_id}`, headers: { authorization: `Bearer ${await as('planner', 'CTA')}` } });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain('PK-WFA');
    const report = await one(`select report_id from reliability_report where compcode = 'CTA' and period = '2026-10'`);
    expect(await pdf('reliability', 'CTA', `/api/data/reliability_report/${report.report_id}/pdf?print=monthly`)).toContain('Monthly Reliability');
  });
});
