/**
 * Four eyes in the workflow engine through HTTP (docs/workflow.md "Four eyes", decision 0230), on
 * the seeded demo, both databases. The attacks of issue 32, each refused with the record re-read:
 *
 *   - an administrator (who may act for others) acting for two assignees of a 2-of-3 step: the
 *     second is refused, the step stays open until a second person approves;
 *   - a requester holding the step's position: never assigned its own work order; alone in the
 *     position, the send is refused;
 *   - the administrator sends a quotation and acts for the approver: refused;
 *   - ten simultaneous approvals of one 3-of-10 step by ten people: exactly three succeed, the
 *     other seven get 409 (never 500, never "deadlock detected").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, adminIn, createUser, expectOk, sqlAll, sqlOne } from './support.ts';
import { todayUtc } from '../../plugins/airworthiness/rules/dates.ts';

type Row = Record<string, any>;
let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const ok = expectOk;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const all = (q: string): Promise<Row[]> => sqlAll(t, q);
const doAction = (token: string, body: Row) => t.call('POST', '/api/tasktodo/doaction', { token, body });
const act = (token: string, entity: string, name: string, key: unknown) => t.call('POST', `/api/data/${entity}/action/${name}`, { token, body: { key } });
const fourEyes = (r: CallResult, message: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(403);
  expect(r.body).toMatchObject({ code: 'ERR_FOUR_EYES', message });
};
/** The open items of a document's task, with their assignee's user name. */
const openItems = (entity: string, key: unknown) =>
  all(`select a.taskassignkey, u.username, a.step_seq from wf_assignment a join wf_task k on k.taskkey = a.taskkey join users u on u.user_id = a.assignee
        where k.entity_name = '${entity}' and k.record_key = '${String(key)}' and a.completeddate is null order by a.taskassignkey`);
/** Everything a refusal must leave as it was: the document's status and version, its tasks and items. */
const snapshot = async (entity: string, table: string, keyField: string, key: unknown) => ({
  doc: await one(`select statuswf, version from ${table} where ${keyField} = ${Number(key)}`),
  items: await all(`select a.taskassignkey, a.assignee, a.actiontake, a.action_by, a.completeddate, a.version from wf_assignment a join wf_task k on k.taskkey = a.taskkey
                     where k.entity_name = '${entity}' and k.record_key = '${String(key)}' order by a.taskassignkey`),
  tasks: await all(`select taskkey, statuswf, version from wf_task where entity_name = '${entity}' and record_key = '${String(key)}' order by taskkey`),
});

beforeAll(async () => {
  t = await startTestApp();
  tok.admin = await adminIn(t, 'GAT');
  ids.admin = Number((await one(`select user_id from users where username = 'admin'`)).user_id);
  for (const u of ['storekeeper', 'approver', 'engineer']) {
    const s = await t.signIn(u, DEMO_PASSWORD);
    tok[u] = s.token;
    ids[u] = Number(s.user.user_id);
  }
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

async function sentMr(remark: string): Promise<number> {
  const item = (await t.call('GET', '/api/data/material_request_line/lookup/item?limit=1', { token: tok.storekeeper })).body.list[0].key;
  const r = ok(await t.call('POST', '/api/aircraft-mrequest', { token: tok.storekeeper, body: { jasa: 0, registration: 'PK-GTB', remark, lines: [{ linetype: 1, item, quantity: 1, description: 'Brake assembly' }] } }));
  const key = r.data.requestkey as number;
  ok(await act(tok.storekeeper, 'material_request', 'send_material_request', key));
  return key;
}

/** GAT's material request workflow as one step of the TEC team needing `need` approvals. */
async function mrStep(need: number) {
  const s = await one(`select s.* from wf_step s join wf_definition d on d.wftypekey = s.wftypekey where d.compcode = 'GAT' and d.name = 'MR-APPROVAL' order by s.seq limit 1`);
  ok(
    await t.call('PUT', `/api/data/wf_step/${s.id}`, {
      token: tok.admin,
      body: { version: s.version, wftypekey: s.wftypekey, seq: s.seq, step_name: `${need} engineers`, item_kind: s.item_kind, assign_kind: 'team', assign_value: 'TEC', required_approvals: need, refusal: 'first' },
    }),
  );
}

describe('N of M counts people, not the assignees one person acts for', () => {
  beforeAll(async () => {
    // a third engineer of TEC (the engineer and the Technical Director already are)
    await createUser(t, { username: 'fe.engineer3', full_name: 'Rudi Hartono', jabatan: 'Licensed Aircraft Engineer (B1)', companies: { GAT: 'engineer' } });
    await t.services.database.db.updateTable('users').set({ departkd: 'TEC', departemen: 'Line Maintenance' }).where('username', '=', 'fe.engineer3').execute();
    await mrStep(2);
  });

  it('the administrator acting for two assignees of a 2-of-3 step does not complete it; a second person does', async () => {
    const key = await sentMr('four eyes 2 of 3');
    const items = await openItems('material_request', key);
    expect(items.map((i) => i.username).sort()).toEqual(['approver', 'engineer', 'fe.engineer3']);
    const of = (u: string) => items.find((i) => i.username === u)!.taskassignkey;
    // the administrator acts for the engineer: 1 of 2, still on process
    expect(ok(await doAction(tok.admin, { taskassignkey: of('engineer'), actionTake: 'APPROVED', comment: 'For the engineer' }))).toMatchObject({ statuswf: '100' });
    // and for the third engineer: refused, one person counts once; nothing changes
    const before = await snapshot('material_request', 'material_request', 'requestkey', key);
    fourEyes(
      await doAction(tok.admin, { taskassignkey: of('fe.engineer3'), actionTake: 'APPROVED', comment: 'For Rudi too' }),
      'You have already acted on step 1 (2 engineers): each approval of a step is by another person, whomever you act for.',
    );
    expect(await snapshot('material_request', 'material_request', 'requestkey', key)).toEqual(before);
    expect(before.doc.statuswf).toBe('100');
    // the Technical Director is the second person: 2 distinct people approved → 111
    expect(ok(await doAction(tok.approver, { taskassignkey: of('approver'), actionTake: 'APPROVED', comment: 'Agreed' }))).toMatchObject({ statuswf: '111' });
    const people = await all(`select distinct a.action_by from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'material_request' and k.record_key = '${key}' and a.actiontake = 'APPROVED'`);
    expect(people.map((p) => Number(p.action_by)).sort((x, y) => x - y)).toEqual([ids.admin, ids.approver].sort((x, y) => x - y));
  });

  it('ten people approving one 3-of-10 step at the same moment: exactly three succeed, seven get 409, never a 500', async () => {
    // seven more engineers of TEC: ten assignees in all (engineer, approver, Rudi and these)
    const names = ['fe.e4', 'fe.e5', 'fe.e6', 'fe.e7', 'fe.e8', 'fe.e9', 'fe.e10'];
    for (const n of names) await createUser(t, { username: n, full_name: `Engineer ${n}`, jabatan: 'Licensed Aircraft Engineer (B1)', companies: { GAT: 'engineer' } });
    await t.services.database.db.updateTable('users').set({ departkd: 'TEC', departemen: 'Line Maintenance' }).where('username', 'in', names).execute();
    for (const n of names) tok[n] = (await t.signIn(n, DEMO_PASSWORD)).token;
    tok['fe.engineer3'] = (await t.signIn('fe.engineer3', DEMO_PASSWORD)).token;
    await mrStep(3);
    const key = await sentMr('four eyes 3 of 10');
    const items = await openItems('material_request', key);
    expect(items).toHaveLength(10);
    const results = await Promise.all(items.map((i) => doAction(tok[i.username], { taskassignkey: i.taskassignkey, actionTake: 'APPROVED', comment: `Approved by ${i.username}` })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200), JSON.stringify(results.map((r) => r.body))).toHaveLength(3);
    expect(statuses.filter((s) => s === 409), JSON.stringify(results.map((r) => r.body))).toHaveLength(7);
    for (const r of results.filter((x) => x.status === 409)) expect(['ERR_CONFLICT', 'ERR_RETRY']).toContain(r.body.code);
    // the third approval decided it: 111, once; three approvals by three people, seven items closed with the step
    expect(results.filter((r) => r.status === 200 && r.body.statuswf === '111')).toHaveLength(1);
    expect((await one(`select statuswf from material_request where requestkey = ${key}`)).statuswf).toBe('111');
    const rows = await all(`select a.action_by, a.message from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'material_request' and k.record_key = '${key}'`);
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => String(r.message).startsWith('Approved by'))).toHaveLength(3);
    expect(new Set(rows.filter((r) => String(r.message).startsWith('Approved by')).map((r) => r.action_by)).size).toBe(3);
    expect(rows.filter((r) => String(r.message).startsWith('Closed:'))).toHaveLength(7);
    await mrStep(1);
  });
});

describe('nobody approves their own document, whatever position they hold or whomever they act for', () => {
  it('a requester holding the step position is never assigned its own work order; alone in it, the send is refused', async () => {
    // CTA's work orders go to the Technical Director; a planner who is also a Technical Director
    await createUser(t, { username: 'fe.td.planner', full_name: 'Agus Salim', jabatan: 'Technical Director', companies: { CTA: 'planner' } });
    const me = await t.signIn('fe.td.planner', DEMO_PASSWORD);
    const ac = await one(`select aircraft_id from aircraft where compcode = 'CTA' and registration = 'PK-WFD'`);
    const wo = ok(await t.call('POST', '/api/data/work_order', { token: me.token, body: { wo_date: todayUtc(), aircraft: ac.aircraft_id, title: 'Own package', tasks: [{ seq: 1, task_source: 'ADHOC', description: 'Wheel change', cert_category: 'B1' }] } })).data;
    ok(await act(me.token, 'work_order', 'send_work_order', wo.wo_id));
    // assigned to the other Technical Director only (the demo's approver), never to the requester
    expect((await openItems('work_order', wo.wo_id)).map((i) => i.username)).toEqual(['approver']);
    const todo = (await t.call('GET', '/api/tasktodo', { token: me.token })).body as { taskkey: number }[];
    expect(todo).toEqual([]);
    // the requester cannot take the approver's item either (not its item, and its own document)
    const [item] = await openItems('work_order', wo.wo_id);
    const before = await snapshot('work_order', 'work_order', 'wo_id', wo.wo_id);
    expect((await doAction(me.token, { taskassignkey: item.taskassignkey, actionTake: 'APPROVED', comment: 'mine' })).status).toBe(403);
    expect(await snapshot('work_order', 'work_order', 'wo_id', wo.wo_id)).toEqual(before);

    // the demo's approver (the other Technical Director) asks for a package himself: alone in the position, refused
    const td = await t.signIn('approver', DEMO_PASSWORD);
    ok(await t.call('PUT', `/api/users/ulc/${td.user.user_id}`, { token: td.token, body: { compcode: 'CTA' } }));
    await t.services.database.db.updateTable('users').set({ jabatan: 'Maintenance Planner' }).where('username', '=', 'fe.td.planner').execute();
    const own = ok(await t.call('POST', '/api/data/work_order', { token: me.token, body: { wo_date: todayUtc(), aircraft: ac.aircraft_id, title: 'Second package', tasks: [{ seq: 1, task_source: 'ADHOC', description: 'Brake change', cert_category: 'B1' }] } })).data;
    // created by the planner, sent by the Technical Director: he is its sender, and the only Technical Director
    const stored = await snapshot('work_order', 'work_order', 'wo_id', own.wo_id);
    const refused = await act(td.token, 'work_order', 'send_work_order', own.wo_id);
    fourEyes(
      refused,
      'Step 1 (Technical Director approval) would be assigned only to the sender or creator of this document, and nobody approves their own document: another person holding position Technical Director must be in the company, or another person sends it.',
    );
    expect(await snapshot('work_order', 'work_order', 'wo_id', own.wo_id)).toEqual(stored);
    expect(stored.doc.statuswf).toBe('000');
    expect(stored.tasks).toEqual([]);
    ok(await t.call('PUT', `/api/users/ulc/${td.user.user_id}`, { token: td.token, body: { compcode: 'GAT' } }));
  });

  it('the administrator sends a quotation and cannot approve it by acting for the approver', async () => {
    const q = await one(`select quotation_id from quotation where compcode = 'GAT' and quotation_no = 'QTN-2025-00009'`);
    ok(await act(tok.admin, 'quotation', 'send_quotation', q.quotation_id));
    const [item] = await openItems('quotation', q.quotation_id);
    expect(item.username).toBe('approver');
    const before = await snapshot('quotation', 'quotation', 'quotation_id', q.quotation_id);
    fourEyes(
      await doAction(tok.admin, { taskassignkey: item.taskassignkey, actionTake: 'APPROVED', comment: 'For the Technical Director' }),
      'This is your own document: you cannot act on it for someone else; another person approves it.',
    );
    // a refusal by acting for him is refused the same way
    fourEyes(await doAction(tok.admin, { taskassignkey: item.taskassignkey, actionTake: 'REJECTED', comment: 'No' }), 'This is your own document: you cannot act on it for someone else; another person approves it.');
    expect(await snapshot('quotation', 'quotation', 'quotation_id', q.quotation_id)).toEqual(before);
    expect(before.doc.statuswf).toBe('100');
    // the detail tells the administrator he cannot act; the Technical Director approves
    const detail = await t.call('GET', `/api/tasktodo/detail/?key=${item.taskassignkey}`, { token: tok.admin });
    expect(detail.body.data[0][0]).toMatchObject({ canAct: 0 });
    expect(ok(await doAction(tok.approver, { taskassignkey: item.taskassignkey, actionTake: 'APPROVED', comment: 'Price and scope checked' }))).toMatchObject({ statuswf: '111' });
  });
});
