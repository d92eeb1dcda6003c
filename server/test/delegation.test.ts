/**
 * Delegation and N-of-M approvals through HTTP (docs/workflow.md "Delegation", "N of M"): a user
 * names a delegate for a period on the Delegations screen (`/api/data/wf_delegation`); material
 * requests sent in the period reach the delegate, on behalf of the approver, in the task list, the
 * detail and the history; a step needing 2 of 3 engineers completes at the second approval and
 * fails at the first refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};
let item = 0;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function sentMr(remark: string) {
  const r = await t.call('POST', '/api/aircraft-mrequest', {
    token: tok.storekeeper,
    body: { jasa: 0, registration: 'PK-GTB', remark, lines: [{ linetype: 1, item, quantity: 1, description: 'Brake assembly' }] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const s = await t.call('POST', '/api/data/material_request/action/send_material_request', { token: tok.storekeeper, body: { key: r.body.data.requestkey } });
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  return { requestkey: r.body.data.requestkey as number, taskkey: s.body.taskkey as number };
}

const pending = async (user: string, taskkey: number) =>
  ((await t.call('GET', '/api/tasktodo', { token: tok[user] })).body as { taskkey: number; taskassignkey: number }[]).filter((x) => x.taskkey === taskkey);
const doAction = (user: string, body: Record<string, unknown>) => t.call('POST', '/api/tasktodo/doaction', { token: tok[user], body });
const mrStatus = async (requestkey: number) => (await t.call('GET', `/api/aircraft-mrequest/detail/${requestkey}`, { token: tok.storekeeper })).body[0][0].statuswf;

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['storekeeper', 'approver', 'engineer', 'purchaser']) {
    const s = await t.signIn(u, 'demo1234');
    tok[u] = s.token;
    id[u] = Number(s.user.user_id);
  }
  const admin = await t.signIn('admin', 'admin123');
  tok.admin = admin.token;
  await t.call('PUT', `/api/users/ulc/${admin.user.user_id}`, { token: admin.token, body: { compcode: 'GAT' } });
  item = (await t.call('GET', '/api/data/material_request_line/lookup/item?limit=1', { token: tok.storekeeper })).body.list[0].key;
});
afterAll(async () => t?.close());

describe('delegation through HTTP', () => {
  let delegation = 0;

  it('every role that can be given an approval holds the Delegations entry by default (fixtures/reference/10-roles.yaml); a viewer does not', async () => {
    const db = t.services.database.db;
    const menu = await db.selectFrom('menu').select('menu_id').where('modulname', '=', 'admin').where('route', '=', 'workflow-delegation').executeTakeFirstOrThrow();
    const held = await db
      .selectFrom('user_menu as p')
      .innerJoin('users as u', 'u.user_id', 'p.user_id')
      .select(['u.username', 'p.permission'])
      .where('p.menu_id', '=', menu.menu_id)
      .where('p.compcode', '=', 'GAT')
      .execute();
    const by = Object.fromEntries(held.map((h) => [h.username, h.permission]));
    for (const u of ['storekeeper', 'purchaser', 'engineer', 'approver', 'inspector']) expect(by[u], u).toBe('CRUD');
    // the planner is a viewer in GAT (a planner in CTA): no entry, and the server refuses the write
    expect(by.planner).toBeUndefined();
    const planner = await t.signIn('planner', 'demo1234');
    const moved = await t.call('PUT', `/api/users/ulc/${planner.user.user_id}`, { token: planner.token, body: { compcode: 'GAT' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await t.call('GET', '/api/users/me', { token: planner.token })).body.user.compcode).toBe('GAT');
    const refused = await t.call('POST', '/api/data/wf_delegation', { token: planner.token, body: { delegate: id.approver, valid_from: day(0), valid_to: day(1) } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    // the entry shows in the approver's admin menu (no admin letters otherwise)
    const menus = await t.call('GET', '/api/menus/modul/admin', { token: tok.approver });
    expect(menus.status, JSON.stringify(menus.body)).toBe(200);
    expect(JSON.stringify(menus.body)).toContain('workflow-delegation');
  });

  it('a user names a delegate for himself; the checks refuse the rest, writing nothing', async () => {
    const post = (user: string, body: Record<string, unknown>) => t.call('POST', '/api/data/wf_delegation', { token: tok[user], body });
    // himself as delegate, a period ending before it starts, someone else's items (no letters at all: the first test)
    const self = await post('approver', { delegate: id.approver, valid_from: day(-1), valid_to: day(1) });
    expect(self.status).toBe(400);
    expect(self.body.errors).toContainEqual({ path: '/delegate', message: 'must be someone else than the user' });
    const backwards = await post('approver', { delegate: id.engineer, valid_from: day(1), valid_to: day(-1) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toContainEqual({ path: '/valid_to', message: 'must be on or after the start (From)' });
    expect((await post('approver', { delegator: id.storekeeper, delegate: id.engineer, valid_from: day(-1), valid_to: day(1) })).status).toBe(403);
    expect((await t.call('GET', '/api/data/wf_delegation', { token: tok.approver })).body.meta.total).toBe(0);

    // the Technical Director is on training from yesterday to tomorrow: his engineer decides
    const ok = await post('approver', { delegate: id.engineer, valid_from: day(-1), valid_to: day(1), reason: 'Type training' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ delegator: id.approver, delegate: id.engineer, valid_from: day(-1), valid_to: day(1) });
    delegation = ok.body.data.id;
    // the administrator (U on Workflow Configuration) sees every delegation of the company
    const all = await t.call('GET', '/api/data/wf_delegation', { token: tok.admin });
    expect(all.body.list.map((r: { id: number }) => r.id)).toContain(delegation);
  });

  it('a request sent in the period reaches the delegate, on behalf of the approver, in list, detail and history', async () => {
    const { requestkey, taskkey } = await sentMr('delegated approval');
    expect(await pending('approver', taskkey)).toEqual([]);
    const [mine] = await pending('engineer', taskkey);
    expect(mine).toBeTruthy();
    const detail = await t.call('GET', `/api/tasktodo/detail/?key=${mine.taskassignkey}`, { token: tok.engineer });
    const [[header], history] = detail.body.data;
    expect(header).toMatchObject({ crewinfo: 'Dewi Lestari', onBehalfOf: 'Hendra Gunawan', behalfText: 'on behalf of Hendra Gunawan', canAct: 1 });
    expect(history).toEqual([expect.objectContaining({ crewname: 'Dewi Lestari', onBehalfOf: 'Hendra Gunawan', behalfText: 'on behalf of Hendra Gunawan', actiontake: null })]);
    const done = await doAction('engineer', { taskassignkey: mine.taskassignkey, actionTake: 'APPROVED', comment: 'Approved for the Technical Director' });
    expect(done.body).toMatchObject({ success: 1, statuswf: '111' });
    expect(await mrStatus(requestkey)).toBe('111');
    const hist = await t.call('GET', `/api/aircraft-mrequest/actionhistory/${requestkey}`, { token: tok.storekeeper });
    expect(hist.body.data.map((h: { actiontake: string; crewname: string; onBehalfOf: string }) => [h.actiontake, h.crewname, h.onBehalfOf])).toEqual([['APPROVED', 'Dewi Lestari', 'Hendra Gunawan']]);
  });

  it('outside the period the approver gets his own items', async () => {
    const row = (await t.call('GET', `/api/data/wf_delegation/${delegation}`, { token: tok.approver })).body.data;
    const moved = await t.call('PUT', `/api/data/wf_delegation/${delegation}`, { token: tok.approver, body: { version: row.version, delegator: row.delegator, delegate: row.delegate, reason: row.reason, valid_from: day(7), valid_to: day(14) } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const { taskkey } = await sentMr('back at work');
    expect(await pending('engineer', taskkey)).toEqual([]);
    const [mine] = await pending('approver', taskkey);
    const detail = await t.call('GET', `/api/tasktodo/detail/?key=${mine.taskassignkey}`, { token: tok.approver });
    expect(detail.body.data[0][0]).toMatchObject({ crewinfo: 'Hendra Gunawan', onBehalfOf: null, behalfText: null });
    expect((await t.call('DELETE', `/api/data/wf_delegation/${delegation}`, { token: tok.approver })).status).toBe(200);
  });
});

describe('2 of 3 engineers through HTTP', () => {
  let step = 0;
  beforeAll(async () => {
    // a third engineer of the department (TEC: the engineer and the Technical Director already)
    const third = await t.call('POST', '/api/data/users', { token: tok.admin, body: { username: 'engineer.three', full_name: 'Rudi Hartono', departkd: 'TEC', departemen: 'Line Maintenance', jabatan: 'Licensed Aircraft Engineer (B1)', usergroup: 'user', active: true } });
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    id.third = Number(third.body.data.user_id);
    const db = t.services.database.db;
    const s = await db
      .selectFrom('wf_step as s')
      .innerJoin('wf_definition as d', 'd.wftypekey', 's.wftypekey')
      .selectAll('s')
      .where('d.compcode', '=', 'GAT')
      .where('d.name', '=', 'MR-APPROVAL')
      .orderBy('s.seq')
      .executeTakeFirstOrThrow();
    step = Number(s.id);
    const put = await t.call('PUT', `/api/data/wf_step/${step}`, { token: tok.admin, body: { version: s.version, wftypekey: s.wftypekey, seq: s.seq, step_name: 'Two engineers', item_kind: s.item_kind, assign_kind: 'team', assign_value: 'TEC', required_approvals: 2, refusal: 'first' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });

  it('completes only at the second approval; the third item closes with it', async () => {
    const { requestkey, taskkey } = await sentMr('two of three');
    const [a] = await pending('engineer', taskkey);
    const [b] = await pending('approver', taskkey);
    expect(a && b).toBeTruthy();
    const first = await doAction('engineer', { taskassignkey: a.taskassignkey, actionTake: 'APPROVED', comment: 'Part number checked' });
    // 1 of 2: still on process, the Technical Director's item still open
    expect(first.body).toMatchObject({ success: 1, statuswf: '100' });
    expect(await mrStatus(requestkey)).toBe('100');
    expect(await pending('approver', taskkey)).toHaveLength(1);
    const second = await doAction('approver', { taskassignkey: b.taskassignkey, actionTake: 'APPROVED', comment: 'Agreed' });
    expect(second.body).toMatchObject({ success: 1, statuswf: '111' });
    expect(await mrStatus(requestkey)).toBe('111');
    const hist = (await t.call('GET', `/api/tasktodo/history/${taskkey}`, { token: tok.storekeeper })).body.data as { crewname: string; actiontake: string; actionBy: string | null }[];
    expect(hist.map((h) => [h.crewname, h.actiontake, h.actionBy])).toEqual([
      ['Dewi Lestari', 'APPROVED', null],
      ['Hendra Gunawan', 'APPROVED', null],
      ['Rudi Hartono', 'APPROVED', 'Hendra Gunawan'], // closed with the step
    ]);
  });

  it('fails at the first refusal, whatever was approved before', async () => {
    const { requestkey, taskkey } = await sentMr('two of three refused');
    const [a] = await pending('engineer', taskkey);
    const [b] = await pending('approver', taskkey);
    expect((await doAction('engineer', { taskassignkey: a.taskassignkey, actionTake: 'APPROVED', comment: 'ok' })).body.statuswf).toBe('100');
    const refused = await doAction('approver', { taskassignkey: b.taskassignkey, actionTake: 'REJECTED', comment: 'Use the pool unit' });
    expect(refused.body).toMatchObject({ success: 1, statuswf: '110' });
    expect(await mrStatus(requestkey)).toBe('110');
    expect(await pending('approver', taskkey)).toEqual([]);
  });
});
