/**
 * The bell and home across companies (issue 37 point 8, decision 0256): the approver (a member of
 * GAH, GAT and CTA with open tasks in GAT and CTA) signed in to the holding sees the other
 * companies' work counted and listed with each company's name, exactly as signed in to each;
 * opening one switches company through the switcher's path; a company the user is taken out of is
 * neither counted nor listed nor heard on the socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { openSocket } from '../../test/helpers/socket.ts';
import { publish } from '../src/realtime/events.ts';
import { adminIn } from './support.ts';

let t: TestApp;
let base = '';
const db = () => t.services.database.db;

interface Entry {
  compcode: string;
  company: string;
  active: boolean;
  counts: Record<string, number>;
}
interface TodoRow {
  taskkey: number;
  taskassignkey: number;
  compcode: string;
  company: string;
  routeName: string;
  routeParam: string;
}

/** The approver's open assignments in one company, straight from the tables (the to-do rule). */
const openTasks = async (userId: number, compcode: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from wf_assignment a join wf_task t on t.taskkey = a.taskkey
        where a.assignee = ${userId} and a.compcode = ${compcode} and a.completeddate is null and t.statuswf = '100'
          and (a.postponed is not true or a.postuntil is null or a.postuntil <= (select today from company_today where compcode = ${compcode}))`.execute(db())
    ).rows[0].n,
  );

beforeAll(async () => {
  t = await startTestApp();
  base = await t.listen();
});
afterAll(async () => t?.close());

describe('the bell and home count and list the work of every company of the user', () => {
  it('signed in to the holding, the approver sees the GAT and CTA tasks counted and listed with their company, as signed in there; opening one switches company', async () => {
    const me = await t.signIn('approver', 'demo1234');
    const uid = Number(me.user.user_id);
    // the case of the issue: signed in to the holding, where nothing waits for them
    expect((await t.call('PUT', `/api/users/ulc/${uid}`, { token: me.token, body: { compcode: 'GAH' } })).status).toBe(200);
    const gat = await openTasks(uid, 'GAT');
    const cta = await openTasks(uid, 'CTA');
    // the demo (fixtures/demo): the approver's open approvals are in GAT and CTA, none in GAH
    expect(await openTasks(uid, 'GAH')).toBe(0);
    expect(gat).toBeGreaterThan(0);
    expect(cta).toBeGreaterThan(0);

    const r = await t.call('GET', '/api/notifications/counter', { token: me.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // the top level stays the active company's (the spec's Count object)
    expect(r.body.TaskCount).toBe(0);
    const companies = r.body.companies as Entry[];
    // the active company first, then the others by name
    expect(companies.map((c) => [c.compcode, c.company, c.active])).toEqual([
      ['GAH', 'Garuda Aero Holding', true],
      ['CTA', 'Citra Aviation', false],
      ['GAT', 'Garuda Aero Technics', false],
    ]);
    expect(companies.map((c) => c.counts.TaskCount)).toEqual([0, cta, gat]);
    const { companies: _c, ...top } = r.body;
    expect(top).toEqual(companies[0].counts);

    // each company's counts are exactly the ones signed in to it (its grants, its documents)
    for (const c of ['GAT', 'CTA']) {
      const other = await t.signIn('approver', 'demo1234');
      expect((await t.call('PUT', `/api/users/ulc/${uid}`, { token: other.token, body: { compcode: c } })).status).toBe(200);
      const there = await t.call('GET', '/api/notifications/counter', { token: other.token });
      const { companies: list, ...counts } = there.body;
      expect(counts).toEqual(companies.find((x) => x.compcode === c)!.counts);
      expect((list as Entry[])[0]).toMatchObject({ compcode: c, active: true });
    }
    // back in the holding for the rest
    expect((await t.call('PUT', `/api/users/ulc/${uid}`, { token: me.token, body: { compcode: 'GAH' } })).status).toBe(200);

    // home's to-do: every company's tasks with the company, the active company's first (none), then by name
    const todo = await t.call('GET', '/api/tasktodo?companies=all', { token: me.token });
    expect(todo.status, JSON.stringify(todo.body)).toBe(200);
    const rows = todo.body as TodoRow[];
    expect(rows.length).toBe(gat + cta);
    expect(rows.slice(0, cta).every((x) => x.compcode === 'CTA' && x.company === 'Citra Aviation')).toBe(true);
    expect(rows.slice(cta).every((x) => x.compcode === 'GAT' && x.company === 'Garuda Aero Technics')).toBe(true);
    // the plain call is the active company's, as before
    expect((await t.call('GET', '/api/tasktodo', { token: me.token })).body).toEqual([]);
    expect((await t.call('GET', '/api/tasktodo?companies=some', { token: me.token })).status).toBe(400);

    // a GAT task is not opened under the holding's access; after the switcher's call it is
    const row = rows.find((x) => x.compcode === 'GAT')!;
    const key = String(row.taskassignkey);
    expect((await t.call('GET', `/api/tasktodo/detail?key=${key}`, { token: me.token })).status).toBe(404);
    expect((await t.call('PUT', `/api/users/ulc/${uid}`, { token: me.token, body: { compcode: 'GAT' } })).status).toBe(200);
    const detail = await t.call('GET', `/api/tasktodo/detail?key=${key}`, { token: me.token });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    // and from GAT, the list puts GAT first
    const fromGat = (await t.call('GET', '/api/tasktodo?companies=all', { token: me.token })).body as TodoRow[];
    expect(fromGat.slice(0, gat).every((x) => x.compcode === 'GAT')).toBe(true);
    expect(fromGat.length).toBe(gat + cta);
  });

  it('a company the user is taken out of is not counted, listed or heard, though its tasks stay assigned; its other companies are heard bare', async () => {
    const me = await t.signIn('approver', 'demo1234');
    const uid = Number(me.user.user_id);
    expect((await t.call('PUT', `/api/users/ulc/${uid}`, { token: me.token, body: { compcode: 'GAH' } })).status).toBe(200);
    const ws = await openSocket(base, me.token);
    expect((await ws.next('connected')).data.compcode).toBe('GAH');

    // events of GAT (a company of the user) reach the socket with their company only, no data
    await publish(db(), { event: 'task_changed', compcode: 'GAT', user_id: uid, data: { taskkey: 1, taskname: 'secret' } });
    expect(await ws.next('task_changed')).toEqual({ event: 'task_changed', compcode: 'GAT', user_id: uid, data: {} });
    await publish(db(), { event: 'rcvnotif', compcode: 'CTA', data: { receiptno: 'RCV-1' } });
    expect(await ws.next('rcvnotif')).toEqual({ event: 'rcvnotif', compcode: 'CTA', data: {} });
    // an event that does not change counts stays in its company
    await publish(db(), { event: 'accountingperiodeclose', compcode: 'GAT', data: {} });
    // the socket's counts carry every company too
    ws.send({ event: 'notificationupdate', key: 'notifycount' });
    const counted = await ws.next('notificationcounter');
    expect((counted.data.companies as Entry[]).map((c) => c.compcode)).toEqual(['GAH', 'CTA', 'GAT']);
    expect(counted.data).toEqual((await t.call('GET', '/api/notifications/counter', { token: me.token })).body);

    // CTA's administrator takes the approver out of CTA (User per Company)
    const link = await db().selectFrom('user_company').select('id').where('user_id', '=', uid).where('compcode', '=', 'CTA').executeTakeFirstOrThrow();
    const del = await t.call('DELETE', `/api/data/user_company/${link.id}`, { token: await adminIn(t, 'CTA') });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const stillAssigned = await openTasks(uid, 'CTA');
    expect(stillAssigned).toBeGreaterThan(0);

    const r = await t.call('GET', '/api/notifications/counter', { token: me.token });
    expect((r.body.companies as Entry[]).map((c) => c.compcode)).toEqual(['GAH', 'GAT']);
    const rows = (await t.call('GET', '/api/tasktodo?companies=all', { token: me.token })).body as TodoRow[];
    expect(rows.length).toBe(await openTasks(uid, 'GAT'));
    expect(rows.some((x) => x.compcode === 'CTA')).toBe(false);
    // no switch into it either
    expect((await t.call('PUT', `/api/users/ulc/${uid}`, { token: me.token, body: { compcode: 'CTA' } })).status).toBe(403);

    // CTA's events no longer reach the socket; GAT's still do (a marker after them proves the order)
    await publish(db(), { event: 'rcvnotif', compcode: 'CTA', data: {} });
    await publish(db(), { event: 'task_changed', compcode: 'CTA', user_id: uid, data: {} });
    await publish(db(), { event: 'mrnotif', compcode: 'GAT', data: { requestno: 'MR-1' } });
    expect(await ws.next('mrnotif')).toEqual({ event: 'mrnotif', compcode: 'GAT', data: {} });
    await new Promise((res) => setTimeout(res, 200));
    expect(ws.messages.filter((m) => m.compcode === 'CTA' || m.event === 'accountingperiodeclose')).toEqual([]);
    ws.ws.close();
  });
});
