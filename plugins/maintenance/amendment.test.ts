/**
 * What a card requires is fixed by its work order's approval (issue 32 point 3; plugins/maintenance/
 * amendment.ts), through the HTTP API on the seeded demo (CTA): the engineer (RU on maintenance)
 * cannot lower a card's required category or clear its RII on an approved order by any write; the
 * planner's recorded amendment changes it and sends the order back for approval; a signed card is
 * never amended. Each refusal re-reads the order and its cards unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, sqlOne } from '../../server/test/support.ts';
import { tokenIn } from '../../test/helpers/authorisation.ts';
import { todayUtc } from '../airworthiness/rules/dates.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const today = todayUtc();

type Row = Record<string, any>;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const ok = expectOk;
const refusedWith = (r: CallResult, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toBe(code);
  return r.body;
};
const act = (who: string, entity: string, name: string, body: Row) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body: signed(t, entity, name, body) });
const db = () => t.services.database.db;
const cards = async (wo: number): Promise<Row[]> => (await db().selectFrom('work_order_task').selectAll().where('work_order', '=', wo).orderBy('seq').execute()) as Row[];
const order = (wo: number) => one(`select * from work_order where wo_id = ${wo}`);
const state = async (wo: number) => ({ order: await order(wo), cards: await cards(wo) });

async function approve(wo: number): Promise<void> {
  ok(await act('planner', 'work_order', 'send_work_order', { key: wo }));
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo}' and a.completeddate is null`);
  ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Package approved' } }));
}

/** The body the form sends: the header's typed fields and version, each card's key and typed fields. */
async function formBody(who: string, wo: number): Promise<Row> {
  const read = ok(await t.call('GET', `/api/data/work_order/${wo}`, { token: tok[who] })).data;
  const typed = (entity: string, row: Row, extra: string[]) => Object.fromEntries([...t.services.reg.entity(entity).fields.filter((f) => !f.hidden && !f.readOnly && f.name !== 'work_order').map((f) => f.name), ...extra].filter((k) => row[k] !== undefined).map((k) => [k, row[k]]));
  return { ...typed('work_order', read, ['version']), tasks: read.tasks.map((x: Row) => typed('work_order_task', x, ['wo_task_id'])) };
}

let wo: Row;
beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  for (const u of ['planner', 'engineer', 'approver']) tok[u] = (await tokenIn(t, u, DEMO_PASSWORD, 'CTA')).token;
  const ac = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
  wo = ok(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Fixed by approval', tasks: [
    { seq: 1, task_source: 'ADHOC', task_code: 'AMM 34-11-00', description: 'Pitot probe heater test', cert_category: 'B2' },
    { seq: 2, task_source: 'ADHOC', task_code: 'AMM 27-10-00', description: 'Aileron cable tension check', cert_category: 'B1', rii: true },
  ] } })).data;
  await approve(wo.wo_id);
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('issue 32 bullet 2: a card is what its approval fixed', () => {
  it('the engineer refused the B2 card cannot lower it to B1 through the order, nor clear the RII, nor change the card on its own', async () => {
    const before = await state(wo.wo_id);
    expect([before.order.statuswf, before.order.wo_status]).toEqual(['111', 'RELEASED']);
    // the engineer's B1 does not cover a B2 card
    refusedWith(await act('engineer', 'work_order_task', 'sign_card_certified', { key: before.cards[0].wo_task_id }), 409, 'ERR_SIGNOFF');
    const body = await formBody('engineer', wo.wo_id);
    const b1 = structuredClone(body);
    b1.tasks[0].cert_category = 'B1';
    const r = refusedWith(await t.call('PUT', `/api/data/work_order/${wo.wo_id}`, { token: tok.engineer, body: b1 }), 409, 'ERR_AMENDMENT');
    expect(r.message).toBe(`Work order ${String(wo.wo_no)} is approved: task card 1's Certifying Category is fixed by the approval. A planner changes it with Amend Work Order (with the reason), which sends the order for approval again.`);
    const noRii = structuredClone(body);
    noRii.tasks[1].rii = false;
    expect(refusedWith(await t.call('PUT', `/api/data/work_order/${wo.wo_id}`, { token: tok.engineer, body: noRii }), 409, 'ERR_AMENDMENT').extra ?? {}).toBeDefined();
    const { wo_task_id: _key, ...card } = { ...(await formBody('engineer', wo.wo_id)).tasks[1] };
    delete card.wo_task_id;
    refusedWith(await t.call('PUT', `/api/data/work_order_task/${_key}`, { token: tok.engineer, body: { ...card, work_order: wo.wo_id, version: before.cards[1].version, rii: false } }), 409, 'ERR_AMENDMENT');
    refusedWith(await t.call('PUT', `/api/data/work_order_task/${_key}`, { token: tok.engineer, body: { ...card, work_order: wo.wo_id, version: before.cards[1].version, cert_category: 'A' } }), 409, 'ERR_AMENDMENT');
    // a new card with what nobody approved, and a card deleted
    refusedWith(await t.call('POST', '/api/data/work_order_task', { token: tok.planner, body: { work_order: wo.wo_id, seq: 3, task_source: 'ADHOC', description: 'Unapproved', cert_category: 'A' } }), 409, 'ERR_AMENDMENT');
    const fewer = structuredClone(body);
    fewer.tasks = fewer.tasks.slice(0, 1);
    // a task card is an airworthiness record: never deleted, by any path (decision 0313), before the approval's rule is asked
    refusedWith(await t.call('PUT', `/api/data/work_order/${wo.wo_id}`, { token: tok.planner, body: fewer }), 409, 'ERR_RETAINED');
    // nor the aircraft, even by the planner, through the order
    const other = await one(`select aircraft_id from aircraft where registration = 'PK-WFE' and compcode = 'CTA'`);
    refusedWith(await t.call('PUT', `/api/data/work_order/${wo.wo_id}`, { token: tok.planner, body: { ...body, aircraft: other.aircraft_id } }), 409, 'ERR_AMENDMENT');
    // the engineer has no amendment letter (O)
    refusedWith(await act('engineer', 'work_order', 'amend_work_order', { key: wo.wo_id, reason: 'B1 is enough', cards: [{ wo_task_id: before.cards[0].wo_task_id, cert_category: 'B1' }] }), 403, 'ERR_FORBIDDEN');
    expect(await state(wo.wo_id)).toEqual(before);
    // a save of the other fields still goes through
    ok(await t.call('PUT', `/api/data/work_order/${wo.wo_id}`, { token: tok.planner, body: { ...body, remark: 'Cards as approved' } }));
  });

  it("the planner's amendment needs a reason, changes the card, is in the history and sends the order back for approval", async () => {
    const before = await state(wo.wo_id);
    const asked = { key: wo.wo_id, cards: [{ wo_task_id: before.cards[0].wo_task_id, cert_category: 'B1' }] };
    refusedWith(await act('planner', 'work_order', 'amend_work_order', asked), 400, 'ERR_VALIDATION');
    expect(await state(wo.wo_id)).toEqual(before);
    const r = ok(await act('planner', 'work_order', 'amend_work_order', { ...asked, reason: 'Engineering: the heater test is a B1 task (AMM 34-11-00 rev 52)' }));
    expect(r.message).toBe(`${String(wo.wo_no)} amended (card 1 Certifying Category B2 → B1) and back to draft: send it for approval again.`);
    const after = await state(wo.wo_id);
    expect([after.order.statuswf, after.order.wo_status, after.cards[0].cert_category, after.cards[1].rii]).toEqual(['000', 'DRAFT', 'B1', true]);
    // back to draft: nobody signs until it is approved again
    refusedWith(await act('engineer', 'work_order_task', 'sign_card_performed', { key: after.cards[0].wo_task_id }), 409, 'ERR_SIGNOFF');
    const hist = ok(await t.call('GET', `/api/data/work_order/${wo.wo_id}/history`, { token: tok.planner }));
    expect(JSON.stringify(hist)).toContain('amended (card 1 Certifying Category B2 → B1): Engineering: the heater test is a B1 task (AMM 34-11-00 rev 52)');
    await approve(wo.wo_id);
    expect((await order(wo.wo_id)).wo_status).toBe('RELEASED');
  });

  it('a signed card is never amended', async () => {
    const [c1, c2] = await cards(wo.wo_id);
    ok(await act('engineer', 'work_order_task', 'sign_card_performed', { key: c2.wo_task_id }));
    const before = await state(wo.wo_id);
    const r = refusedWith(await act('planner', 'work_order', 'amend_work_order', { key: wo.wo_id, reason: 'No RII needed', cards: [{ wo_task_id: c2.wo_task_id, rii: false }] }), 409, 'ERR_AMENDMENT');
    expect(r.message).toBe(`Task card 2 of ${String(wo.wo_no)} is already signed: it is not amended (carry or defer it and add a new card).`);
    expect(await state(wo.wo_id)).toEqual(before);
    expect(c1.cert_category).toBe('B1');
  });
});
