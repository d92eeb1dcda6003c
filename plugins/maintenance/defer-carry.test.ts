/**
 * Defer and Carry an open task card (issue 38 point 3, decision 0355), on both order kinds,
 * through the HTTP API on the seeded demo: the operator's work orders of CTA (planner, engineer
 * B1, approver C) and a customer work order of GAT's MRO (test users). Each refusal writes
 * nothing; the values are worked by hand in the comments.
 *
 * MEL category C: 10 consecutive calendar days, the day of discovery excluded (decision 0116), so
 * a defect found today is to be rectified by the end of today + 10 days; one found 2 days ago by
 * the end of today + 8.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { writeFileSync } from 'node:fs';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, createUser, expectOk, sqlOne } from '../../server/test/support.ts';
import { approvedAuthorisation } from '../../test/helpers/authorisation.ts';
import { addDays, todayUtc } from '../airworthiness/rules/dates.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';
import { pdfText } from '../../test/helpers/pdf.ts';

type Row = Record<string, any>;
let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const today = todayUtc();
const db = () => t.services.database.db;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const ok = expectOk;
const day = (v: unknown) => (v === null || v === undefined ? null : (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10));
const refused = (r: CallResult, status: number, code: string, message?: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toBe(code);
  if (message) expect(r.body.message).toBe(message);
};
const fieldRefused = (r: CallResult, path: string, message: string) => {
  refused(r, 400, 'ERR_VALIDATION');
  expect(r.body.errors).toEqual([{ path, message }]);
};
const act = (who: string, entity: string, name: string, key: unknown, body: Row = {}) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body: signed(t, entity, name, { key, ...body }) });
const rows = async (q: string): Promise<Row[]> => (await sql.raw<Row>(q).execute(db())).rows;
const cards = (wo: number) => rows(`select * from work_order_task where work_order = ${wo} order by seq`);
const aircraft = (reg: string) => one(`select * from aircraft where registration = '${reg}' and compcode = 'CTA'`);

const pdfWords = (buf: Buffer) => pdfText(buf, { raw: true, fold: true }).replace(/- (?=\d)/g, '-');
async function pdf(who: string, entity: string, key: number, print: string): Promise<string> {
  const r = await t.app.inject({ method: 'GET', url: `/api/data/${entity}/${key}/pdf?print=${print}`, headers: { authorization: `Bearer ${tok[who]}` } });
  expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
  const text = pdfWords(r.rawPayload);
  writeFileSync(`/tmp/progrev-${entity}-${print}.txt`, text);
  return text;
}

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  for (const u of ['planner', 'engineer', 'approver']) {
    const s = await t.signIn(u, DEMO_PASSWORD);
    tok[u] = s.token;
    ids[u] = s.user.user_id;
    if (s.user.compcode !== 'CTA') ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  }
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

/** A work order of `reg`: a draft, or sent by the planner and approved by the Technical Director. */
async function workOrder(reg: string, tasks: Row[], approve = true): Promise<Row> {
  const ac = await aircraft(reg);
  const wo = ok(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: `Package ${reg}`, tasks: tasks.map((x, i) => ({ seq: i + 1, task_source: 'ADHOC', cert_category: 'B1', ...x })) } })).data;
  if (approve) {
    ok(await act('planner', 'work_order', 'send_work_order', wo.wo_id));
    const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
    ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Package approved' } }));
  }
  return one(`select * from work_order where wo_id = ${wo.wo_id}`);
}

describe("the operator's work order: defer one card, carry another, release the rest", () => {
  let wo: Row;
  let next: Row; // the next check of PK-WFD, a draft: the carried card goes there
  let c: Row[];
  let catC: Row;
  beforeAll(async () => {
    catC = await one(`select id, interval_days, excludes_discovery_day from mel_category where compcode = 'CTA' and category = 'C'`);
    expect([catC.interval_days, catC.excludes_discovery_day]).toEqual([10, true]);
    const ata33 = (await one(`select id from ata_group where compcode = 'CTA' and ata_code = '33'`)).id;
    wo = await workOrder('PK-WFD', [
      { task_code: 'AMM 33-42-00', description: 'Taxi light replacement', ata: ata33 },
      { task_code: 'AMM 25-21-00', description: 'Seat track cover panels' },
      { task_code: 'AMM 12-13-79', description: 'Engine oil servicing', cert_category: 'A' },
      { task_code: 'AMM 30-42-00', description: 'Wiper motor check' },
    ]);
    next = await workOrder('PK-WFD', [{ task_code: 'A-CHECK', description: 'Next A check' }], false);
    c = await cards(wo.wo_id);
  });

  it('refuses a deferral with neither a defect nor a category, and one with no reason, writing nothing', async () => {
    fieldRefused(await act('planner', 'work_order_task', 'defer_task_card', c[0].wo_task_id, { reason: 'Lamp not in stock' }), '/mel_category', 'name the defect the card is deferred under, or the MEL category to defer it under');
    fieldRefused(await act('planner', 'work_order_task', 'defer_task_card', c[0].wo_task_id, { mel_category: catC.id }), '/reason', 'give the reason the card is deferred');
    expect(await cards(wo.wo_id)).toEqual(c);
    expect((await one(`select count(*)::int as n from defect where work_order = ${wo.wo_id}`)).n).toBe(0);
  });

  it('defers card 1 under a new defect of category C: raised on the order, rectify by today + 10', async () => {
    const r = ok(await act('planner', 'work_order_task', 'defer_task_card', c[0].wo_task_id, { mel_category: catC.id, mel_item: '33-42-01', reason: 'Lamp assembly not in the line store' }));
    const d = await one(`select * from defect where work_order = ${wo.wo_id}`);
    expect(r.message).toBe(`Task card 1 of ${String(wo.wo_no)} deferred under ${String(d.defect_no)}, to be rectified by ${addDays(today, 10)}.`);
    expect({ ...d, found_date: day(d.found_date), due_date: day(d.due_date) }).toMatchObject({ aircraft: wo.aircraft, source: 'WO', defect_status: 'DEFERRED', mel_category: catC.id, mel_item: '33-42-01', interval_days: 10, found_date: today, due_date: addDays(today, 10), description: 'AMM 33-42-00: Taxi light replacement', deferred_by: 'Andi Wijaya' });
    const card = (await cards(wo.wo_id))[0];
    expect({ ...card, deferral_due: day(card.deferral_due) }).toMatchObject({ task_status: 'DEFERRED', deferral_defect: d.defect_id, deferral_reason: 'Lamp assembly not in the line store', deferral_due: addDays(today, 10), defer_mel_category: catC.id, defer_mel_item: '33-42-01' });
  });

  it('defers card 4 under an open defect of the aircraft found 2 days ago: deferred now, rectify by today + 8; a defect of another aircraft is refused', async () => {
    const wfd = await aircraft('PK-WFD');
    const wfa = await aircraft('PK-WFA');
    const mine = ok(await t.call('POST', '/api/data/defect', { token: tok.planner, body: { aircraft: wfd.aircraft_id, found_date: addDays(today, -2), source: 'MAREP', description: 'Wiper slow' } })).data;
    const other = ok(await t.call('POST', '/api/data/defect', { token: tok.planner, body: { aircraft: wfa.aircraft_id, found_date: today, source: 'MAREP', description: 'Not this aircraft' } })).data;
    const before = await cards(wo.wo_id);
    fieldRefused(await act('planner', 'work_order_task', 'defer_task_card', c[3].wo_task_id, { defect: other.defect_id, mel_category: catC.id, reason: 'x' }), '/defect', `${String(other.defect_no)} is a defect of another aircraft`);
    expect(await cards(wo.wo_id)).toEqual(before);
    const r = ok(await act('planner', 'work_order_task', 'defer_task_card', c[3].wo_task_id, { defect: mine.defect_id, mel_category: catC.id, reason: 'Wiper motor on order' }));
    expect(r.message).toBe(`Task card 4 of ${String(wo.wo_no)} deferred under ${String(mine.defect_no)}, to be rectified by ${addDays(today, 8)}.`);
    const d = await one(`select defect_status, interval_days, due_date from defect where defect_id = ${mine.defect_id}`);
    expect({ ...d, due_date: day(d.due_date) }).toEqual({ defect_status: 'DEFERRED', interval_days: 10, due_date: addDays(today, 8) });
  });

  it('a deferred card is kept as deferred: a second Defer or a Carry is refused by its lifecycle', async () => {
    const before = await cards(wo.wo_id);
    const KEPT = 'This task card is deferred or carried to another work order; it is kept as it was put aside.';
    refused(await act('planner', 'work_order_task', 'defer_task_card', c[0].wo_task_id, { mel_category: catC.id, reason: 'again' }), 409, 'ERR_LOCKED', KEPT);
    refused(await act('planner', 'work_order_task', 'carry_task_card', c[0].wo_task_id, { target: next.wo_id, reason: 'again' }), 409, 'ERR_LOCKED', KEPT);
    expect(await cards(wo.wo_id)).toEqual(before);
  });

  it('refuses to carry a signed card, to another aircraft, to a withdrawn order or to its own order, writing nothing', async () => {
    ok(await act('engineer', 'work_order_task', 'sign_card_performed', c[2].wo_task_id));
    const other = await workOrder('PK-WFA', [{ description: 'Other aircraft' }], false);
    const withdrawn = await workOrder('PK-WFD', [{ description: 'Withdrawn' }], false);
    ok(await act('planner', 'work_order', 'withdraw_work_order', withdrawn.wo_id));
    const before = { src: await cards(wo.wo_id), next: await cards(next.wo_id), other: await cards(other.wo_id), withdrawn: await cards(withdrawn.wo_id) };
    // card 3 is signed as performed: its lifecycle (PERFORMED, DONE) keeps it
    refused(await act('planner', 'work_order_task', 'carry_task_card', c[2].wo_task_id, { target: next.wo_id, reason: 'No time' }), 409, 'ERR_LOCKED');
    refused(await act('planner', 'work_order_task', 'defer_task_card', c[2].wo_task_id, { mel_category: catC.id, reason: 'No time' }), 409, 'ERR_LOCKED');
    fieldRefused(await act('planner', 'work_order_task', 'carry_task_card', c[1].wo_task_id, { target: other.wo_id, reason: 'No time' }), '/target', `${String(other.wo_no)} is for another aircraft: a card is carried to a work order of the same aircraft`);
    // the withdrawn order's lifecycle (CANCELLED) takes no line
    refused(await act('planner', 'work_order_task', 'carry_task_card', c[1].wo_task_id, { target: withdrawn.wo_id, reason: 'No time' }), 409, 'ERR_LOCKED');
    fieldRefused(await act('planner', 'work_order_task', 'carry_task_card', c[1].wo_task_id, { target: wo.wo_id, reason: 'No time' }), '/target', `the card is already on ${String(wo.wo_no)}: choose another work order`);
    fieldRefused(await act('planner', 'work_order_task', 'carry_task_card', c[1].wo_task_id, { target: next.wo_id }), '/reason', 'give the reason the card is carried');
    expect({ src: await cards(wo.wo_id), next: await cards(next.wo_id), other: await cards(other.wo_id), withdrawn: await cards(withdrawn.wo_id) }).toEqual(before);
  });

  it("carries card 2 to the next check as its card 2 (typed on the card): both orders keep the card's history", async () => {
    // typed on the card, as the form's lines do, then Carry with no body
    const read = ok(await t.call('GET', `/api/data/work_order_task/${c[1].wo_task_id}`, { token: tok.planner })).data;
    const typed = Object.fromEntries(t.services.reg.entity('work_order_task').fields.filter((f) => !f.readOnly && !f.hidden && f.setBy !== 'actions').map((f) => [f.name, read[f.name]]).filter(([, v]) => v !== undefined));
    ok(await t.call('PUT', `/api/data/work_order_task/${c[1].wo_task_id}`, { token: tok.planner, body: { ...typed, version: read.version, carry_target: next.wo_id, carry_reason: 'Cover panels not delivered' } }));
    const r = ok(await act('planner', 'work_order_task', 'carry_task_card', c[1].wo_task_id));
    expect(r.message).toBe(`Task card 2 of ${String(wo.wo_no)} carried to ${String(next.wo_no)} as card 2.`);
    const src = (await cards(wo.wo_id))[1];
    expect(src).toMatchObject({ task_status: 'CARRIED', carried_to: next.wo_id, carry_reason: 'Cover panels not delivered', task_code: 'AMM 25-21-00' });
    const [, copy] = await cards(next.wo_id);
    expect(copy).toMatchObject({ seq: 2, task_status: 'OPEN', task_code: 'AMM 25-21-00', description: 'Seat track cover panels', cert_category: 'B1', carried_from: c[1].wo_task_id, carry_reason: null, performed_user: null });
    // the history: the source card's own rows (created, typed, carried) and the copy's insert, each on its order
    const audit = await rows(`select record_key, action, changes from sys_audit where entity = 'work_order_task' and record_key in ('${c[1].wo_task_id}', '${copy.wo_task_id}') order by id`);
    const of = (k: number) => audit.filter((a) => a.record_key === String(k));
    // the source card (its creation is the order's): the carry typed on it (update), the carry
    // written with its reason, and the runner's record of the action (both action rows)
    expect(of(c[1].wo_task_id).map((a) => a.action)).toEqual(['update', 'action', 'action']);
    expect(of(c[1].wo_task_id).some((a) => String(a.changes).includes(`carried to ${String(next.wo_no)} card 2: Cover panels not delivered`))).toBe(true);
    // the copy: created on the next order, then linked to the card it was carried from
    expect(of(copy.wo_task_id).map((a) => a.action)).toEqual(['insert', 'action']);
    expect(String(of(copy.wo_task_id)[1].changes)).toContain(`carried from ${String(wo.wo_no)} card 2: Cover panels not delivered`);
  });

  it('the CRS is issued with card 3 signed, cards 1 and 4 deferred and card 2 carried; the CRS and the work pack list them', async () => {
    ok(await act('engineer', 'work_order_task', 'sign_card_certified', c[2].wo_task_id));
    const r = ok(await act('approver', 'work_order', 'issue_crs', wo.wo_id));
    expect(r.message).toMatch(new RegExp(`^CRS-${String(wo.wo_no)} issued for ${String(wo.wo_no)} by Hendra Gunawan \\(CTA-C-0002\\)\\.`));
    const d1 = await one(`select defect_no from defect where work_order = ${wo.wo_id}`);
    const crs = await pdf('planner', 'work_order', wo.wo_id, 'crs');
    expect(crs).toContain(`deferred under ${String(d1.defect_no)} (MEL cat. C 33-42-01), rectify by ${addDays(today, 10)}: Lamp assembly not in the line store`);
    expect(crs).toContain(`carried to ${String(next.wo_no)}: Cover panels not delivered`);
    expect(crs).toContain(`rectify by ${addDays(today, 8)}: Wiper motor on order`);
    const pack = await pdf('planner', 'work_order', wo.wo_id, 'work_pack');
    expect(pack).toContain(`DEFERRED under ${String(d1.defect_no)}`);
    expect(pack).toContain(`CARRIED to ${String(next.wo_no)}: Cover panels not delivered`);
    const nextPack = await pdf('planner', 'work_order', next.wo_id, 'work_pack');
    expect(nextPack).toContain('CARRIED IN from another work order');
  });
});

describe("the MRO's customer work order: defer and carry", () => {
  const G: Record<string, string> = {};
  let wo: Row;
  let next: Row;
  let c: Row[];
  let catC: Row;
  const gact = (who: string, name: string, key: unknown, body: Row = {}) => t.call('POST', `/api/data/amo_work_order_task/action/${name}`, { token: G[who], body: signed(t, 'amo_work_order_task', name, { key, ...body }) });
  const gcards = (id: number) => rows(`select * from amo_work_order_task where amo_work_order = ${id} order by seq`);
  async function amoOrder(ac: number, tasks: Row[]): Promise<Row> {
    const body = { wo_date: today, amo_customer: ids.cust, customer_aircraft: ac, title: 'Defer test', planned_start: today, planned_end: addDays(today, 2), fh_at_input: 600000, fc_at_input: 5000, tasks: tasks.map((x, i) => ({ seq: (i + 1) * 10, task_card_no: `TC-${i + 1}`, description: `Task ${i + 1}`, est_manhours: 2, cert_category: 'B1', ...x })) };
    return ok(await t.call('POST', '/api/data/amo_work_order', { token: G.boss, body })).data;
  }
  beforeAll(async () => {
    for (const u of ['boss', 'mech', 'cert']) {
      await createUser(t, { username: `dc.${u}`, full_name: `Dc ${u}`, companies: { GAT: 'administrator' } });
      const s = await t.signIn(`dc.${u}`, DEMO_PASSWORD);
      G[u] = s.token;
      ids[`g${u}`] = s.user.user_id;
    }
    const type = await one(`select aircraft_type_id from aircraft_type where compcode = 'GAT' order by aircraft_type_id limit 1`);
    ids.cust = ok(await t.call('POST', '/api/data/amo_customer', { token: G.boss, body: { customer_code: 'DCT', customer_name: 'Defer Carry', country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'USD' } })).data.amo_customer_id;
    ids.ac1 = ok(await t.call('POST', '/api/data/customer_aircraft', { token: G.boss, body: { amo_customer: ids.cust, registration: 'PK-DCA', aircraft_type: type.aircraft_type_id, msn: 'DC1' } })).data.customer_aircraft_id;
    ids.ac2 = ok(await t.call('POST', '/api/data/customer_aircraft', { token: G.boss, body: { amo_customer: ids.cust, registration: 'PK-DCB', aircraft_type: type.aircraft_type_id, msn: 'DC2' } })).data.customer_aircraft_id;
    await approvedAuthorisation(t, 'GAT', { person: ids.gcert, auth_no: 'DC-B1-01', category: 'B1', valid_from: addDays(today, -30), valid_to: addDays(today, 365), types: [{ aircraft_type: type.aircraft_type_id }] });
    catC = await one(`select id, interval_days from mel_category where compcode = 'GAT' and category = 'C'`);
    expect(catC.interval_days).toBe(10);
    wo = await amoOrder(ids.ac1, [{ ata: '33-42' }, {}, {}]);
    next = await amoOrder(ids.ac1, [{}]);
    c = await gcards(wo.amo_wo_id);
  });

  it("defers card TC-1 under a finding (NRC) raised on the order, category C of the customer's MEL: rectify by today + 10", async () => {
    const r = ok(await gact('boss', 'defer_amo_task_card', c[0].amo_task_id, { mel_category: catC.id, mel_item: 'CDL 33-01', reason: 'Lamp not supplied by the customer' }));
    const n = await one(`select * from amo_defect where amo_work_order = ${wo.amo_wo_id}`);
    expect(r.message).toBe(`Task card 10 of ${String(wo.wo_no)} deferred under ${String(n.nrc_no)}, to be rectified by ${addDays(today, 10)}.`);
    expect({ ...n, due_date: day(n.due_date), raised_date: day(n.raised_date) }).toMatchObject({ status: 'DEFERRED', mel_category: catC.id, deferral_ref: 'CDL 33-01', due_date: addDays(today, 10), raised_date: today, ata: '33-42', found_on_task: 'TC-1', chargeable: false });
    expect((await gcards(wo.amo_wo_id))[0]).toMatchObject({ status: 'DEFER', deferral_defect: n.amo_defect_id, deferral_reason: 'Lamp not supplied by the customer' });
  });

  it('refuses a card without its ATA chapter (the finding needs one), a signed card, another aircraft and a released target; writing nothing', async () => {
    const other = await amoOrder(ids.ac2, [{}]);
    const done = await amoOrder(ids.ac1, [{}]);
    const [dc] = await gcards(done.amo_wo_id);
    ok(await gact('mech', 'sign_amo_card_performed', dc.amo_task_id));
    ok(await gact('cert', 'sign_amo_card_certified', dc.amo_task_id));
    ok(await t.call('POST', '/api/data/amo_work_order/action/issue_amo_crs', { token: G.cert, body: signed(t, 'amo_work_order', 'issue_amo_crs', { key: done.amo_wo_id }) }));
    ok(await gact('mech', 'sign_amo_card_performed', c[2].amo_task_id));
    const before = { src: await gcards(wo.amo_wo_id), other: await gcards(other.amo_wo_id), done: await gcards(done.amo_wo_id), nrc: await rows(`select * from amo_defect where amo_work_order = ${wo.amo_wo_id}`) };
    fieldRefused(await gact('boss', 'defer_amo_task_card', c[1].amo_task_id, { mel_category: catC.id, reason: 'x' }), '/ata', "type the card's ATA chapter: the finding it is deferred under is raised in it");
    refused(await gact('boss', 'carry_amo_task_card', c[2].amo_task_id, { target: next.amo_wo_id, reason: 'x' }), 409, 'ERR_LOCKED');
    fieldRefused(await gact('boss', 'carry_amo_task_card', c[1].amo_task_id, { target: other.amo_wo_id, reason: 'x' }), '/target', `${String(other.wo_no)} is for another aircraft: a card is carried to a work order of the same aircraft`);
    // released to service (RELEASED): its lifecycle takes no line
    refused(await gact('boss', 'carry_amo_task_card', c[1].amo_task_id, { target: done.amo_wo_id, reason: 'x' }), 409, 'ERR_LOCKED');
    expect({ src: await gcards(wo.amo_wo_id), other: await gcards(other.amo_wo_id), done: await gcards(done.amo_wo_id), nrc: await rows(`select * from amo_defect where amo_work_order = ${wo.amo_wo_id}`) }).toEqual(before);
  });

  it('carries TC-2 to the next order of the aircraft, then the CRS lists the deferred and the carried card', async () => {
    const r = ok(await gact('boss', 'carry_amo_task_card', c[1].amo_task_id, { target: next.amo_wo_id, reason: 'Customer asked to move it to the next visit' }));
    expect(r.message).toBe(`Task card 20 of ${String(wo.wo_no)} carried to ${String(next.wo_no)} as card 11.`);
    const copy = (await gcards(next.amo_wo_id))[1];
    expect(copy).toMatchObject({ seq: 11, status: 'OPEN', task_card_no: 'TC-2', carried_from: c[1].amo_task_id });
    expect((await gcards(wo.amo_wo_id))[1]).toMatchObject({ status: 'CARRIED', carried_to: next.amo_wo_id, carry_reason: 'Customer asked to move it to the next visit' });
    ok(await gact('cert', 'sign_amo_card_certified', c[2].amo_task_id));
    ok(await t.call('POST', '/api/data/amo_work_order/action/issue_amo_crs', { token: G.cert, body: signed(t, 'amo_work_order', 'issue_amo_crs', { key: wo.amo_wo_id }) }));
    const n = await one(`select nrc_no from amo_defect where amo_work_order = ${wo.amo_wo_id}`);
    tok.gboss = G.boss;
    const crs = await pdf('gboss', 'amo_work_order', wo.amo_wo_id, 'crs');
    expect(crs).toContain(`deferred under ${String(n.nrc_no)} (MEL cat. C CDL 33-01), rectify by ${addDays(today, 10)}: Lamp not supplied by the customer`);
    expect(crs).toContain(`carried to ${String(next.wo_no)}: Customer asked to move it to the next visit`);
  });
});
