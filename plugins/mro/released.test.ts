/**
 * Released is released, for MRO work orders too (issue 32 point 4, decision 0240): the attacks of
 * the issue on a customer work order after its CRS, each refused (409 ERR_LOCKED, the message
 * naming the order or the card) and the record read again unchanged; a signed card sealed before
 * the CRS as well; closing needs every card signed; no database error reaches the user as a 500.
 * One server and database per file, both databases.
 *
 * People (test users of GAT): boss (administrator: every letter) writes and closes; mech performs;
 * cert holds B1 for the customer aircraft's type (certifies, issues the CRS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { approvedAuthorisation, tokenIn } from '../../test/helpers/authorisation.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser, DEMO_PASSWORD, expectOk, sqlOne } from '../../server/test/support.ts';
import { addDays, todayUtc } from '../airworthiness/rules/dates.ts';

type Row = Record<string, any>;

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const today = todayUtc();
const db = () => t.services.database.db;
const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
const ok = expectOk;
const locked = (r: CallResult, message: string, code = 'ERR_LOCKED') => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body).toMatchObject({ code, message });
};
const act = (who: string, entity: string, name: string, key: unknown, body: Row = {}) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body: signed(t, entity, name, { key, ...body }) });
const sign = (who: string, name: 'performed' | 'certified', card: number) => act(who, 'amo_work_order_task', `sign_amo_card_${name}`, card);
const get = async (entity: string, key: unknown): Promise<Row> => ok(await t.call('GET', `/api/data/${entity}/${key}`, { token: tok.boss })).data;
/** The stored order and its cards, every column: what "unchanged" is compared with. */
const stored = async (wo: number) => ({
  order: await sqlOne(t, `select * from amo_work_order where amo_wo_id = ${wo}`),
  cards: (await sql.raw<Row>(`select * from amo_work_order_task where amo_work_order = ${wo} order by amo_task_id`).execute(db())).rows,
  labour: (await sql.raw<Row>(`select * from amo_work_order_labour where amo_work_order = ${wo} order by 1`).execute(db())).rows,
});
/** The header a form saves (its typed fields and version). */
const header = (read: Row) => ({ version: read.version, wo_date: day(read.wo_date), amo_customer: read.amo_customer, customer_aircraft: read.customer_aircraft, title: read.title, planned_start: day(read.planned_start), planned_end: day(read.planned_end), wo_type: read.wo_type, station: read.station });
/** A card as the form sends it back: its key and typed fields. */
const typedCard = (c: Row) => ({ amo_task_id: c.amo_task_id, ...cardBody(c) });
/** A card as its own form sends it (the key is in the address). */
const cardBody = (c: Row) => ({ seq: c.seq, task_card_no: c.task_card_no, task_type: c.task_type, ata: c.ata, task_ref: c.task_ref, description: c.description, skill: c.skill, est_manhours: Number(c.est_manhours), remark: c.remark, cert_category: c.cert_category, rii: c.rii });

async function workOrder(tasks: Row[]): Promise<Row> {
  const body = {
    wo_date: today,
    amo_customer: ids.cust,
    customer_aircraft: ids.ac,
    title: 'Released test',
    planned_start: today,
    planned_end: addDays(today, 2),
    fh_at_input: 600000,
    fc_at_input: 5000,
    tasks: tasks.map((x, i) => ({ seq: (i + 1) * 10, task_card_no: `TC-${i + 1}`, description: `Task ${i + 1}`, est_manhours: 2, cert_category: 'B1', ...x })),
  };
  return ok(await t.call('POST', '/api/data/amo_work_order', { token: tok.boss, body })).data;
}

/** POSTs a CSV to the import and reads its NDJSON answer's last line. */
async function importCsv(entity: string, csv: string): Promise<{ status: number; last: Row }> {
  const boundary = '----released-test-boundary';
  const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cards.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`);
  const res = await t.app.inject({ method: 'POST', url: `/api/data/${entity}/import?policy=all`, payload, headers: { authorization: `Bearer ${tok.boss}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
  return { status: res.statusCode, last: lines.at(-1) };
}

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  for (const u of ['boss', 'mech', 'cert']) {
    await createUser(t, { username: `rel.${u}`, full_name: `Rel ${u}`, companies: { GAT: 'administrator' } });
    const s = await t.signIn(`rel.${u}`, DEMO_PASSWORD);
    tok[u] = s.token;
    ids[u] = s.user.user_id;
  }
  const type = await sqlOne(t, `select aircraft_type_id from aircraft_type where compcode = 'GAT' order by aircraft_type_id limit 1`);
  ids.type = type.aircraft_type_id;
  ids.cust = ok(await t.call('POST', '/api/data/amo_customer', { token: tok.boss, body: { customer_code: 'REL', customer_name: 'Test Released', country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'USD' } })).data.amo_customer_id;
  ids.ac = ok(await t.call('POST', '/api/data/customer_aircraft', { token: tok.boss, body: { amo_customer: ids.cust, registration: 'PK-REL', aircraft_type: ids.type, msn: 'REL1' } })).data.customer_aircraft_id;
  await approvedAuthorisation(t, 'GAT', { person: ids.cert, auth_no: 'REL-B1-01', category: 'B1', valid_from: addDays(today, -30), valid_to: addDays(today, 365), types: [{ aircraft_type: ids.type }] });
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('a signed card is sealed before the CRS too (both card entities: the lifecycle of the card)', () => {
  let wo: Row;
  let c: Row[];
  beforeAll(async () => {
    wo = await workOrder([{}, {}]);
    c = (await stored(wo.amo_wo_id)).cards;
    ok(await sign('mech', 'performed', c[0].amo_task_id));
    ok(await sign('cert', 'certified', c[0].amo_task_id));
  });

  it("a signed card's title is refused through PUT of the card and through the order's lines; nothing changes", async () => {
    const before = await stored(wo.amo_wo_id);
    const card = await get('amo_work_order_task', c[0].amo_task_id);
    locked(await t.call('PUT', `/api/data/amo_work_order_task/${card.amo_task_id}`, { token: tok.boss, body: { ...cardBody(card), version: card.version, amo_work_order: wo.amo_wo_id, description: 'Changed after signing' } }), 'AMO Work Order Task TC-1 is Completed (signed): it can no longer be changed.');
    const read = await get('amo_work_order', wo.amo_wo_id);
    const lines = read.tasks.map(typedCard);
    lines[0].description = 'Changed after signing';
    locked(await t.call('PUT', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss, body: { ...header(read), tasks: lines } }), 'AMO Work Order Task TC-1 is Completed (signed): it can no longer be changed.');
    expect(await stored(wo.amo_wo_id)).toEqual(before);
  });

  it('a signed card is not deleted (409, not a 500), on its own nor left out of the order\'s lines; nothing changes', async () => {
    const before = await stored(wo.amo_wo_id);
    locked(await t.call('DELETE', `/api/data/amo_work_order_task/${c[0].amo_task_id}`, { token: tok.boss }), 'AMO Work Order Task TC-1 is Completed (signed): it can no longer be deleted.');
    const read = await get('amo_work_order', wo.amo_wo_id);
    locked(await t.call('PUT', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss, body: { ...header(read), tasks: [typedCard(read.tasks[1])] } }), 'AMO Work Order Task TC-1 is Completed (signed): it can no longer be deleted.');
    expect(await stored(wo.amo_wo_id)).toEqual(before);
  });

  it('an unsigned card of the order in work still takes a remark, but is not deleted (its approval fixed the list: 409, not a 500); a constraint error is a 409 too', async () => {
    const card = await get('amo_work_order_task', c[1].amo_task_id);
    ok(await t.call('PUT', `/api/data/amo_work_order_task/${card.amo_task_id}`, { token: tok.boss, body: { ...cardBody(card), version: card.version, amo_work_order: wo.amo_wo_id, remark: 'access panel 192 open' } }));
    ok(await t.call('POST', '/api/data/amo_work_order_labour', { token: tok.boss, body: { amo_work_order: wo.amo_wo_id, task: card.amo_task_id, person: ids.mech, work_date: today, hours: 1.5 } }));
    const before = await stored(wo.amo_wo_id);
    locked(await t.call('DELETE', `/api/data/amo_work_order_task/${card.amo_task_id}`, { token: tok.boss }), `Work order ${String(wo.wo_no)} is approved: task card 20's Task Card is fixed by the approval. A planner changes it with Amend (with the reason), which sends the order for approval again.`, 'ERR_AMENDMENT');
    expect(await stored(wo.amo_wo_id)).toEqual(before);
    // the customer aircraft its orders name: the foreign key refuses, answered 409 ERR_IN_USE
    const r = await t.call('DELETE', `/api/data/customer_aircraft/${ids.ac}`, { token: tok.boss });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.code).toBe('ERR_IN_USE');
    expect(await sqlOne(t, `select count(*)::int as n from customer_aircraft where customer_aircraft_id = ${ids.ac}`)).toEqual({ n: 1 });
  });
});

describe('after the CRS (RELEASED) no path changes the order, its cards or its lines', () => {
  let wo: Row;
  let c: Row[];
  let no: string;
  beforeAll(async () => {
    wo = await workOrder([{}, { cert_category: 'A' }]);
    no = wo.wo_no;
    c = (await stored(wo.amo_wo_id)).cards;
    for (const card of c) {
      ok(await sign('mech', 'performed', card.amo_task_id));
      ok(await sign('cert', 'certified', card.amo_task_id));
    }
    ok(await act('cert', 'amo_work_order', 'issue_amo_crs', wo.amo_wo_id));
    expect((await stored(wo.amo_wo_id)).order.status).toBe('RELEASED');
  });

  it('a new unsigned card is refused: POST of a card, the order saved with an added line, the import; nothing is written', async () => {
    const before = await stored(wo.amo_wo_id);
    const lines = `AMO Work Order ${no} is Released to service: its lines can no longer be changed.`;
    locked(await t.call('POST', '/api/data/amo_work_order_task', { token: tok.boss, body: { amo_work_order: wo.amo_wo_id, seq: 30, task_card_no: 'TC-NEW', description: 'Added after the CRS', est_manhours: 1 } }), lines);
    const read = await get('amo_work_order', wo.amo_wo_id);
    locked(await t.call('PUT', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss, body: { ...header(read), tasks: [...read.tasks.map(typedCard), { seq: 30, task_card_no: 'TC-NEW', description: 'Added after the CRS', est_manhours: 1 }] } }), lines);
    const imp = await importCsv('amo_work_order_task', `amo_work_order,seq,task_card_no,description,est_manhours\n${wo.amo_wo_id},30,TC-NEW,Added after the CRS,1\n`);
    expect(imp.status).toBe(200);
    expect(JSON.stringify(imp.last)).toContain(lines);
    expect(imp.last.result?.imported ?? 0).toBe(0);
    expect(await stored(wo.amo_wo_id)).toEqual(before);
  });

  it("the order's title, a signed card (PUT of the card, the order's lines), the order's delete: each refused, nothing changes", async () => {
    const before = await stored(wo.amo_wo_id);
    const read = await get('amo_work_order', wo.amo_wo_id);
    locked(await t.call('PUT', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss, body: { ...header(read), title: 'Changed after the CRS' } }), `AMO Work Order ${no} is Released to service: it can no longer be changed.`);
    const lines = read.tasks.map(typedCard);
    lines[1].description = 'Changed after the CRS';
    // the lines alone (the header as stored): the order's rule on its lines
    locked(await t.call('PUT', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss, body: { ...header(read), tasks: lines } }), `AMO Work Order ${no} is Released to service: its lines can no longer be changed.`);
    const card = await get('amo_work_order_task', c[1].amo_task_id);
    locked(await t.call('PUT', `/api/data/amo_work_order_task/${card.amo_task_id}`, { token: tok.boss, body: { ...cardBody(card), version: card.version, amo_work_order: wo.amo_wo_id, remark: 'after the CRS' } }), 'AMO Work Order Task TC-2 is Completed (signed): it can no longer be changed.');
    locked(await t.call('DELETE', `/api/data/amo_work_order_task/${card.amo_task_id}`, { token: tok.boss }), 'AMO Work Order Task TC-2 is Completed (signed): it can no longer be deleted.');
    locked(await t.call('DELETE', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss }), `AMO Work Order ${no} is Released to service: it can no longer be deleted.`);
    // actions: no more signatures, no hours booked
    locked(await sign('mech', 'performed', c[0].amo_task_id), `Work order ${no} is already released to service: its cards take no more signatures.`, 'ERR_SIGNOFF');
    const booking = await t.call('POST', '/api/data/amo_work_order_labour', { token: tok.boss, body: { amo_work_order: wo.amo_wo_id, task: c[0].amo_task_id, person: ids.mech, work_date: today, hours: 1 } });
    expect(booking.status, JSON.stringify(booking.body)).toBe(409);
    expect(await stored(wo.amo_wo_id)).toEqual(before);
  });

  it('closing needs every card signed: an open card (written before the rule, by SQL here) is named and the order stays released; then it closes, and closed takes nothing', async () => {
    await sql`insert into amo_work_order_task (compcode, amo_work_order, seq, task_card_no, task_type, description, skill, est_manhours, status, cert_category, rii, created_by) values ('GAT', ${wo.amo_wo_id}, 30, 'TC-3', 'SCHED', 'Taken over open', 'B1', 1, 'OPEN', 'B1', false, 'rel.boss')`.execute(db());
    const before = await stored(wo.amo_wo_id);
    locked(await act('boss', 'amo_work_order', 'close_amo_work_order', wo.amo_wo_id), `Work order ${no} cannot be closed: Task card 30 (TC-3) is not signed or deferred.`, 'ERR_CONFLICT');
    expect(await stored(wo.amo_wo_id)).toEqual(before);
    await sql`delete from amo_work_order_task where amo_work_order = ${wo.amo_wo_id} and seq = 30`.execute(db());
    ok(await act('boss', 'amo_work_order', 'close_amo_work_order', wo.amo_wo_id));
    const closed = await stored(wo.amo_wo_id);
    expect(closed.order.status).toBe('CLOSED');
    const read = await get('amo_work_order', wo.amo_wo_id);
    locked(await t.call('PUT', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss, body: { ...header(read), remark: 'after closing' } }), `AMO Work Order ${no} is Closed (billed): it can no longer be changed.`);
    locked(await t.call('POST', '/api/data/amo_work_order_task', { token: tok.boss, body: { amo_work_order: wo.amo_wo_id, seq: 40, task_card_no: 'TC-4', description: 'After closing', est_manhours: 1 } }), `AMO Work Order ${no} is Closed (billed): its lines can no longer be changed.`);
    expect(await stored(wo.amo_wo_id)).toEqual(closed);
  });
});

describe('what the approval fixed (issue 32 point 3, decision 0241): the same recorded amendment as the operator\'s', () => {
  let wo: Row;
  let c: Row[];
  let no: string;
  const amend = (who: string, body: Row) => act(who, 'amo_work_order', 'amend_amo_work_order', wo.amo_wo_id, body);
  beforeAll(async () => {
    // made and released for work (OPEN): its cards are what the customer accepted
    wo = await workOrder([{ cert_category: 'B2' }, { cert_category: 'B1', rii: true }]);
    no = wo.wo_no;
    c = (await stored(wo.amo_wo_id)).cards;
    const eng = await tokenIn(t, 'engineer', DEMO_PASSWORD, 'GAT');
    tok.engineer = eng.token;
    tok.approver = (await tokenIn(t, 'approver', DEMO_PASSWORD, 'GAT')).token;
  });

  it("a card's category, its RII flag, the aircraft and the list of cards are refused on every generic path (409 ERR_AMENDMENT at the field); nothing changes", async () => {
    const before = await stored(wo.amo_wo_id);
    const fixed = (field: string, seq: number) => `Work order ${no} is approved: task card ${seq}'s ${field} is fixed by the approval. A planner changes it with Amend (with the reason), which sends the order for approval again.`;
    const read = await get('amo_work_order', wo.amo_wo_id);
    const lines = read.tasks.map(typedCard);
    const b1 = lines.map((l: Row, i: number) => (i === 0 ? { ...l, cert_category: 'B1' } : l));
    const r = await t.call('PUT', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss, body: { ...header(read), tasks: b1 } });
    locked(r, fixed('Certifying Category', 10), 'ERR_AMENDMENT');
    expect(r.body.errors).toEqual([{ path: '/tasks/10/cert_category', message: 'fixed by the approval' }]);
    const card = await get('amo_work_order_task', c[1].amo_task_id);
    locked(await t.call('PUT', `/api/data/amo_work_order_task/${card.amo_task_id}`, { token: tok.boss, body: { ...cardBody(card), version: card.version, amo_work_order: wo.amo_wo_id, rii: false } }), fixed('Required Inspection (RII)', 20), 'ERR_AMENDMENT');
    const other = ok(await t.call('POST', '/api/data/customer_aircraft', { token: tok.boss, body: { amo_customer: ids.cust, registration: 'PK-REM', aircraft_type: ids.type, msn: 'REM1' } })).data.customer_aircraft_id;
    ids.other = other;
    locked(await t.call('PUT', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss, body: { ...header(read), customer_aircraft: other } }), `Work order ${no} is approved: its Aircraft is fixed by the approval. A planner changes it with Amend (with the reason), which sends the order for approval again.`, 'ERR_AMENDMENT');
    locked(await t.call('PUT', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss, body: { ...header(read), tasks: [lines[0]] } }), fixed('Task Card', 20), 'ERR_AMENDMENT');
    expect(await stored(wo.amo_wo_id)).toEqual(before);
  });

  it('the person who will sign (the engineer: MRO CRUP, no O) cannot amend; a signed card is never amended; nothing changes', async () => {
    const before = await stored(wo.amo_wo_id);
    const r = await amend('engineer', { reason: 'lower it', cards: [{ amo_task_id: c[0].amo_task_id, cert_category: 'B1' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect((await amend('boss', { cards: [{ amo_task_id: c[0].amo_task_id, cert_category: 'B1' }] })).status).toBe(400);
    expect(await stored(wo.amo_wo_id)).toEqual(before);
  });

  it('the planner\'s amendment records the reason and who, and holds the order until approved again by someone else; then it is signed as amended', async () => {
    const r = ok(await amend('boss', { reason: 'Task re-assessed: mechanical only', cards: [{ amo_task_id: c[0].amo_task_id, cert_category: 'B1' }] }));
    expect(r.message).toBe(`${no} amended (card 10 Certifying Category B2 → B1) and back to draft: send it for approval again.`);
    const now = await stored(wo.amo_wo_id);
    expect(now.order).toMatchObject({ statuswf: '000', amendment: 'amended (card 10 Certifying Category B2 → B1): Task re-assessed: mechanical only', status: 'OPEN' });
    expect(now.cards[0].cert_category).toBe('B1');
    const audit = await sqlOne(t, `select count(*)::int as n from sys_audit where entity = 'amo_work_order_task' and record_key = '${String(c[0].amo_task_id)}' and username = 'rel.boss' and changes like '%Task re-assessed: mechanical only%'`);
    expect(audit.n).toBe(1);
    // held: no signature, no start until approved
    locked(await sign('mech', 'performed', c[0].amo_task_id), `Work order ${no} is not released for work yet: its cards are signed once it is approved.`, 'ERR_SIGNOFF');
    // sent by the planner, approved by the Technical Director (step of the amended orders)
    ok(await act('boss', 'amo_work_order', 'send_amo_work_order', wo.amo_wo_id));
    // not on credit hold: the Finance Director's step does not apply, the Technical Director's (step 2) does
    const open = await sqlOne(t, `select a.taskassignkey, a.step_seq, u.username from wf_assignment a join wf_task k on k.taskkey = a.taskkey join users u on u.user_id = a.assignee where k.entity_name = 'amo_work_order' and k.record_key = '${String(wo.amo_wo_id)}' and a.completeddate is null`);
    expect([Number(open.step_seq), open.username]).toEqual([2, 'approver']);
    ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Amendment approved' } }));
    expect((await stored(wo.amo_wo_id)).order.statuswf).toBe('111');
    ok(await sign('mech', 'performed', c[0].amo_task_id));
    ok(await sign('cert', 'certified', c[0].amo_task_id));
    expect((await stored(wo.amo_wo_id)).cards[0]).toMatchObject({ status: 'DONE', certified_auth: 'REL-B1-01', cert_category: 'B1' });
  });

  it('a signed card is not amended, nor the aircraft of an order with a signed card; nothing changes', async () => {
    const before = await stored(wo.amo_wo_id);
    locked(await amend('boss', { reason: 'again', cards: [{ amo_task_id: c[0].amo_task_id, rii: true }] }), `Task card 10 of ${no} is already signed: it is not amended (carry or defer it and add a new card).`, 'ERR_AMENDMENT');
    locked(await amend('boss', { reason: 'wrong tail', aircraft: ids.other }), `Work order ${no} has signed cards: its aircraft is not amended.`, 'ERR_AMENDMENT');
    expect(await stored(wo.amo_wo_id)).toEqual(before);
  });
});
