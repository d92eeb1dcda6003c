/**
 * Authorisations are the quality function's (issue 32 point 1, decision 0220), through the HTTP API
 * on the seeded demo (CTA): the attacks of the issue refused and the record re-read unchanged; an
 * authorisation in effect only once the quality manager approves it; a revision the next version,
 * not in effect until approved again; the signature keeps the version it was given under.
 *
 * Demo people in CTA: planner (CRUPO on maintenance, R on quality), engineer (B1 CTA-B1-0107, RU on
 * maintenance, R on quality), inspector (INSP CTA-INSP-007), approver (Technical Director, C
 * CTA-C-0002), quality (Quality Manager: the quality letters, approves AUTH-APPROVAL), admin
 * (every letter).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, sqlOne } from '../../server/test/support.ts';
import { tokenIn } from '../../test/helpers/authorisation.ts';
import { todayUtc } from '../airworthiness/rules/dates.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const today = todayUtc();

type Row = Record<string, any>;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const ok = expectOk;
const refusedWith = (r: CallResult, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toBe(code);
  return r.body;
};
const act = (who: string, entity: string, name: string, key: unknown) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body: signed(t, entity, name, { key }) });
const auth = (no: string) => one(`select * from staff_authorisation where auth_no = '${no}' and compcode = 'CTA'`);
const typesOf = async (id: number) => (await t.services.database.db.selectFrom('staff_authorisation_type').select('aircraft_type').where('authorisation', '=', id).orderBy('aircraft_type').execute()).map((r) => Number(r.aircraft_type));
const typeId = async (name: string) => Number((await one(`select aircraft_type_id from aircraft_type where compcode = 'CTA' and type_name = '${name}'`)).aircraft_type_id);
/** The stored row and its types: what every refusal must leave as it was. */
const snapshot = async (no: string): Promise<Row> => {
  const a = await auth(no);
  return { ...a, types: await typesOf(a.auth_id) };
};
/** The body a form sends: the header's typed fields and version, each type line's key and fields. */
async function formBody(who: string, id: number): Promise<Row> {
  const read = ok(await t.call('GET', `/api/data/staff_authorisation/${id}`, { token: tok[who] })).data;
  const e = t.services.reg.entity('staff_authorisation');
  const body: Row = Object.fromEntries(e.fields.filter((f) => !f.hidden && !f.readOnly).map((f) => [f.name, read[f.name]]));
  body.version = read.version;
  body.types = read.types.map((l: Row) => ({ auth_type_id: l.auth_type_id, aircraft_type: l.aircraft_type }));
  return body;
}
const put = (who: string, id: number, body: Row) => t.call('PUT', `/api/data/staff_authorisation/${id}`, { token: tok[who], body });
async function openTask(id: number): Promise<number> {
  return Number((await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'staff_authorisation' and k.record_key = '${id}' and a.completeddate is null`)).taskassignkey);
}
const decide = (who: string, taskassignkey: number) => t.call('POST', '/api/tasktodo/doaction', { token: tok[who], body: { taskassignkey, actionTake: 'APPROVED', comment: 'Approved', password: who === 'admin' ? 'admin123' : DEMO_PASSWORD } });

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  for (const u of ['planner', 'engineer', 'inspector', 'approver', 'quality']) {
    const s = await tokenIn(t, u, DEMO_PASSWORD, 'CTA');
    tok[u] = s.token;
    ids[u] = s.user_id;
  }
  const a = await tokenIn(t, 'admin', 'admin123', 'CTA');
  tok.admin = a.token;
  ids.admin = a.user_id;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('the demo: authorisations issued by the administrator, approved by the quality manager', () => {
  it('every demo authorisation of CTA is approved, version 1, by the quality manager', async () => {
    const rows = (await t.services.database.db.selectFrom('staff_authorisation').select(['auth_no', 'statuswf', 'auth_version', 'approved_version', 'approved_by']).where('compcode', '=', 'CTA').orderBy('auth_no').execute()) as Row[];
    expect(rows.map((r) => [r.auth_no, r.statuswf, Number(r.auth_version), Number(r.approved_version), Number(r.approved_by)])).toEqual([
      ['CTA-A-0031', '111', 1, 1, ids.quality],
      ['CTA-B1-0107', '111', 1, 1, ids.quality],
      ['CTA-C-0002', '111', 1, 1, ids.quality],
      ['CTA-INSP-007', '111', 1, 1, ids.quality],
    ]);
  });
});

describe('issue 32 bullet 1: nobody authorises themselves', () => {
  it('the planner (C on maintenance) cannot create a C authorisation for itself, and its CRS stays refused', async () => {
    const before = await one(`select count(*) as n from staff_authorisation`);
    const body = { person: ids.planner, auth_no: 'CTA-C-9999', category: 'C', valid_from: '2026-01-01', valid_to: '2028-12-31', suspended: false, types: [{ aircraft_type: await typeId('ATR 72-600') }] };
    // the letter is the quality function's: the maintenance letters no longer open Certifying Staff
    refusedWith(await t.call('POST', '/api/data/staff_authorisation', { token: tok.planner, body }), 403, 'ERR_FORBIDDEN');
    // a holder of the letter cannot issue one naming themselves either (the quality manager, the administrator)
    refusedWith(await t.call('POST', '/api/data/staff_authorisation', { token: tok.quality, body: { ...body, person: ids.quality } }), 403, 'ERR_OWN_WORK');
    const own = refusedWith(await t.call('POST', '/api/data/staff_authorisation', { token: tok.admin, body: { ...body, person: ids.admin } }), 403, 'ERR_OWN_WORK');
    expect(own.message).toBe('You cannot issue an authorisation of your own: authorisations are issued and changed by quality, never by the person they name.');
    expect(await one(`select count(*) as n from staff_authorisation`)).toEqual(before);
    expect(await one(`select count(*) as n from staff_authorisation where auth_no = 'CTA-C-9999'`)).toEqual({ n: 0 });
  });

  it('the engineer cannot extend its own valid_to, add a type, lift its own suspension, change its category, or take the inspector’s authorisation: each refused, nothing changed', async () => {
    const mine = await snapshot('CTA-B1-0107');
    const insp = await snapshot('CTA-INSP-007');
    const body = await formBody('engineer', mine.auth_id);
    for (const change of [{ valid_to: '2030-12-31' }, { category: 'C' }, { suspended: false, suspended_reason: null }, { types: [...body.types, { aircraft_type: await typeId('Boeing 737-800') }] }]) {
      refusedWith(await put('engineer', mine.auth_id, { ...body, ...change }), 403, 'ERR_FORBIDDEN');
    }
    refusedWith(await t.call('POST', '/api/data/staff_authorisation_type', { token: tok.engineer, body: { authorisation: mine.auth_id, aircraft_type: await typeId('Boeing 737-800') } }), 403, 'ERR_FORBIDDEN');
    const inspBody = await formBody('engineer', insp.auth_id);
    refusedWith(await put('engineer', insp.auth_id, { ...inspBody, person: ids.engineer }), 403, 'ERR_FORBIDDEN');
    refusedWith(await act('engineer', 'staff_authorisation', 'revise_staff_authorisation', mine.auth_id), 403, 'ERR_FORBIDDEN');
    expect(await snapshot('CTA-B1-0107')).toEqual(mine);
    expect(await snapshot('CTA-INSP-007')).toEqual(insp);
  });

  it('a holder of the letter named on an authorisation cannot revise, change, send or approve it, nor move another one onto themselves', async () => {
    // an authorisation naming the quality manager, issued by the administrator (a draft: not yet in effect)
    const q = ok(await t.call('POST', '/api/data/staff_authorisation', { token: tok.admin, body: { person: ids.quality, auth_no: 'CTA-INSP-0200', category: 'INSP', valid_from: '2026-01-01', valid_to: '2027-12-31', types: [{ aircraft_type: await typeId('ATR 72-600') }] } })).data;
    expect([q.statuswf, q.auth_version, q.requested_by]).toEqual(['000', 1, ids.admin]);
    const before = await snapshot('CTA-INSP-0200');
    const body = await formBody('quality', q.auth_id);
    refusedWith(await put('quality', q.auth_id, { ...body, valid_to: '2030-12-31' }), 403, 'ERR_OWN_WORK');
    refusedWith(await put('quality', q.auth_id, { ...body, types: [...body.types, { aircraft_type: await typeId('Boeing 737-800') }] }), 403, 'ERR_OWN_WORK');
    refusedWith(await t.call('POST', '/api/data/staff_authorisation_type', { token: tok.quality, body: { authorisation: q.auth_id, aircraft_type: await typeId('Boeing 737-800') } }), 403, 'ERR_OWN_WORK');
    refusedWith(await t.call('DELETE', `/api/data/staff_authorisation_type/${before.types.length ? (await one(`select auth_type_id from staff_authorisation_type where authorisation = ${q.auth_id}`)).auth_type_id : 0}`, { token: tok.quality }), 403, 'ERR_OWN_WORK');
    refusedWith(await act('quality', 'staff_authorisation', 'send_staff_authorisation', q.auth_id), 403, 'ERR_OWN_WORK');
    expect(await snapshot('CTA-INSP-0200')).toEqual(before);
    // sent by the administrator, the task reaches the quality manager, who cannot approve its own
    ok(await act('admin', 'staff_authorisation', 'send_staff_authorisation', q.auth_id));
    const task = await openTask(q.auth_id);
    refusedWith(await decide('quality', task), 403, 'ERR_OWN_WORK');
    expect((await auth('CTA-INSP-0200')).statuswf).toBe('100');
    expect((await one(`select completeddate from wf_assignment where taskassignkey = ${task}`)).completeddate).toBeNull();

    // a draft of the inspector's (issued by the administrator): the quality manager cannot move it onto itself
    const i = ok(await t.call('POST', '/api/data/staff_authorisation', { token: tok.admin, body: { person: ids.inspector, auth_no: 'CTA-INSP-0201', category: 'INSP', valid_from: '2026-01-01', valid_to: '2027-12-31', types: [] } })).data;
    const iBefore = await snapshot('CTA-INSP-0201');
    refusedWith(await put('quality', i.auth_id, { ...(await formBody('quality', i.auth_id)), person: ids.quality }), 403, 'ERR_OWN_WORK');
    expect(await snapshot('CTA-INSP-0201')).toEqual(iBefore);
  });
});

describe('an authorisation is in effect once approved; a change is the next version, approved again', () => {
  let wo: Row;
  let cards: Row[];
  beforeAll(async () => {
    const ac = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
    wo = ok(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Authorisation versions', tasks: [1, 2, 3].map((seq) => ({ seq, task_source: 'ADHOC', task_code: `AMM 12-13-0${seq}`, description: `Servicing ${seq}`, cert_category: 'B1' })) } })).data;
    ok(await act('planner', 'work_order', 'send_work_order', wo.wo_id));
    const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
    ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'ok' } }));
    cards = (await t.services.database.db.selectFrom('work_order_task').selectAll().where('work_order', '=', wo.wo_id).orderBy('seq').execute()) as Row[];
    for (const c of cards) ok(await act('engineer', 'work_order_task', 'sign_card_performed', c.wo_task_id));
  });

  it('certified under version 1; an approved authorisation is not edited in place (409), only its reason typed', async () => {
    ok(await act('engineer', 'work_order_task', 'sign_card_certified', cards[0].wo_task_id));
    expect(await one(`select certified_auth, certified_auth_version from work_order_task where wo_task_id = ${cards[0].wo_task_id}`)).toEqual({ certified_auth: 'CTA-B1-0107', certified_auth_version: 1 });
    const b1 = await snapshot('CTA-B1-0107');
    const body = await formBody('quality', b1.auth_id);
    const locked = refusedWith(await put('quality', b1.auth_id, { ...body, valid_to: '2026-12-31' }), 409, 'ERR_LOCKED');
    expect(locked.message).toBe('An approved authorisation is changed by Revise: type the reason of the change, Revise, change it, then send it for approval again.');
    expect(await snapshot('CTA-B1-0107')).toEqual(b1);
    // Revise needs the reason
    refusedWith(await act('admin', 'staff_authorisation', 'revise_staff_authorisation', b1.auth_id), 400, 'ERR_VALIDATION');
    expect(await snapshot('CTA-B1-0107')).toEqual(b1);
    ok(await put('admin', b1.auth_id, { ...(await formBody('admin', b1.auth_id)), change_reason: 'Validity shortened to the licence renewal date (AMEL 3417 renewal due 2026-12-31)' }));
  });

  it('revised by the administrator: version 2, a draft, not in effect; the engineer cannot certify until the quality manager approves it', async () => {
    const b1 = await auth('CTA-B1-0107');
    const r = ok(await act('admin', 'staff_authorisation', 'revise_staff_authorisation', b1.auth_id));
    expect(r.message).toBe('CTA-B1-0107 is version 2, a draft: it is not in effect until the quality manager approves it.');
    expect(await auth('CTA-B1-0107')).toMatchObject({ statuswf: '000', auth_version: 2, approved_version: 1, requested_by: ids.admin });
    // not in effect: what is left is the engineer's A, which does not certify a B1 card
    const no = refusedWith(await act('engineer', 'work_order_task', 'sign_card_certified', cards[1].wo_task_id), 409, 'ERR_SIGNOFF');
    expect(no.message).toBe('Your authorisation CTA-A-0031 (category A) does not allow you to certify this task: it needs category B1.');
    // the change itself, on the draft, then sent
    ok(await put('admin', b1.auth_id, { ...(await formBody('admin', b1.auth_id)), valid_to: '2026-12-31' }));
    ok(await act('admin', 'staff_authorisation', 'send_staff_authorisation', b1.auth_id));
    const task = await openTask(b1.auth_id);
    // the requester (the administrator, who may act for the assignee) is never its approver: it sent
    // the change, and the workflow's four eyes refuse a sender first (decision 0230)
    refusedWith(await decide('admin', task), 403, 'ERR_FOUR_EYES');
    expect((await auth('CTA-B1-0107')).statuswf).toBe('100');
    expect((await one(`select completeddate from wf_assignment where taskassignkey = ${task}`)).completeddate).toBeNull();
    ok(await decide('quality', task));
    expect(await auth('CTA-B1-0107')).toMatchObject({ statuswf: '111', auth_version: 2, approved_version: 2, approved_by: ids.quality, change_reason: null });
    expect(String((await auth('CTA-B1-0107')).valid_to).slice(0, 10)).toBe('2026-12-31');
  });

  it('the next signature is under version 2; the first keeps version 1', async () => {
    ok(await act('engineer', 'work_order_task', 'sign_card_certified', cards[1].wo_task_id));
    const rows = (await t.services.database.db.selectFrom('work_order_task').select(['seq', 'certified_auth', 'certified_auth_version']).where('work_order', '=', wo.wo_id).orderBy('seq').execute()) as Row[];
    expect(rows.map((r) => [r.seq, r.certified_auth, r.certified_auth_version])).toEqual([
      [1, 'CTA-B1-0107', 1],
      [2, 'CTA-B1-0107', 2],
      [3, null, null],
    ]);
  });

  it('the history shows each version with who and why', async () => {
    const b1 = await auth('CTA-B1-0107');
    const hist = ok(await t.call('GET', `/api/data/staff_authorisation/${b1.auth_id}/history`, { token: tok.quality }));
    const text = JSON.stringify(hist.data ?? hist);
    expect(text).toContain('revised to version 2: Validity shortened to the licence renewal date (AMEL 3417 renewal due 2026-12-31)');
    expect(text).toContain('version 2 approved');
  });
});
