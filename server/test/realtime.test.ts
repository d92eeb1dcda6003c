/**
 * Real-time events through PostgreSQL LISTEN/NOTIFY: an event raised on one server process reaches
 * a websocket client of another process sharing the database, for the right user and company only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { openSocket } from '../../test/helpers/socket.ts';
import { createServices } from '../src/boot.ts';
import { buildApp } from '../src/app.ts';
import { publish } from '../src/realtime/events.ts';
import type { FastifyInstance } from 'fastify';

/** The renderer's way in: the token is the first message (test/helpers/socket.ts). */
const connect = openSocket;

describe('websocket events across two server processes on one PostgreSQL', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let baseB = '';
  beforeAll(async () => {
    a = await startTestApp({ kind: 'postgres' });
    // a second, independent server (own pool, own LISTEN connection) on the same database
    const services = await createServices({ ...a.services.config, databaseUrl: a.url });
    b = await buildApp(services);
    baseB = await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers an event raised on one process to the right user\'s socket on the other, and to no one else', async () => {
    const store = await a.signIn('storekeeper', 'demo1234'); // GAT
    const purch = await a.signIn('purchaser', 'demo1234'); // GAT
    const c1 = await connect(baseB, store.token);
    const c2 = await connect(baseB, purch.token);
    expect((await c1.next('connected')).data).toMatchObject({ compcode: 'GAT' });
    await c2.next('connected');
    await publish(a.services.database.db, { event: 'task_changed', compcode: 'GAT', user_id: store.user.user_id, data: { taskkey: 42 } });
    const got = await c1.next('task_changed');
    expect(got).toMatchObject({ event: 'task_changed', compcode: 'GAT', user_id: store.user.user_id, data: { taskkey: 42 } });
    // a company neither belongs to: its event reaches nobody here
    await publish(a.services.database.db, { event: 'mrnotif', compcode: 'GAH', data: { requestno: 'MR-X' } });
    // another company both belong to (CTA, as viewers): only bare, to count again (decision 0256)
    await publish(a.services.database.db, { event: 'prnotif', compcode: 'CTA', data: { requestno: 'PR-X' } });
    expect(await c1.next('prnotif')).toEqual({ event: 'prnotif', compcode: 'CTA', data: {} });
    expect(await c2.next('prnotif')).toEqual({ event: 'prnotif', compcode: 'CTA', data: {} });
    // a company-wide event reaches both GAT sockets
    await publish(a.services.database.db, { event: 'rcvnotif', compcode: 'GAT', data: { n: 1 } });
    await c1.next('rcvnotif');
    await c2.next('rcvnotif');
    expect(c2.messages.find((m) => m.event === 'task_changed')).toBeUndefined();
    expect([...c1.messages, ...c2.messages].find((m) => m.event === 'mrnotif')).toBeUndefined();
    c1.ws.close();
    c2.ws.close();
  });

  it('counts each kind of the bell as the tables say, in the active company at the top', async () => {
    const db = a.services.database.db;
    const s = await a.signIn('storekeeper', 'demo1234'); // active in GAT
    // make every kind non-zero in GAT: an approved, unprocessed request; a line closed today
    const mr = await db.selectFrom('material_request').select(['requestkey']).where('compcode', '=', 'GAT').orderBy('requestkey').executeTakeFirstOrThrow();
    await db.updateTable('material_request').set({ statuswf: '111', progress: null }).where('requestkey', '=', mr.requestkey).execute();
    await db.updateTable('material_request_line').set({ outstand: 0, updated_at: new Date().toISOString() }).where('request', '=', mr.requestkey).execute();
    const n = async (q: ReturnType<typeof sql<{ n: string }>>) => Number((await q.execute(db)).rows[0].n);
    const expected = {
      TaskCount: await n(sql`select count(*) as n from wf_assignment a join wf_task t on t.taskkey = a.taskkey where a.assignee = ${s.user.user_id} and a.compcode = 'GAT' and a.completeddate is null and (a.postponed is not true or a.postuntil is null or a.postuntil <= current_date) and t.statuswf = '100'`),
      MrCount: await n(sql`select count(*) as n from material_request where compcode = 'GAT' and statuswf = '111' and coalesce(progress, 0) = 0`),
      MrClosedCount: await n(sql`select count(*) as n from material_request_line where compcode = 'GAT' and outstand = 0 and updated_at > now() - interval '7 days'`),
      PrCount: await n(sql`select count(*) as n from purchase_request where compcode = 'GAT' and statuswf = '111' and coalesce(progress, 0) = 0`),
      PrRejectedCount: await n(sql`select count(*) as n from purchase_request where compcode = 'GAT' and statuswf = '110'`),
      RcvCount: await n(sql`select count(*) as n from receiving where compcode = 'GAT' and posted = 0`),
      // GAT runs no reliability programme: no flagged chapter is this user's
      RelAlertCount: 0,
    };
    expect(expected.MrCount).toBeGreaterThan(0);
    expect(expected.MrClosedCount).toBeGreaterThan(0);
    const http = await a.call('GET', '/api/notifications/counter', { token: s.token });
    const { companies, ...active } = http.body;
    expect(active).toEqual(expected);
    // the same counts as the active company's entry of every company of the user (decision 0256)
    expect(companies[0]).toEqual({ compcode: 'GAT', company: 'Garuda Aero Technics', active: true, counts: expected });
  });

  it('answers notificationupdate with the counts, after a reconnect too, and refuses a bad token', async () => {
    const s = await a.signIn('approver', 'demo1234');
    let c = await connect(baseB, s.token);
    await c.next('connected');
    c.ws.send(JSON.stringify({ event: 'notificationupdate', key: 'notifycount', user: 'approver' }));
    const counts = await c.next('notificationcounter');
    expect(Object.keys(counts.data).sort()).toEqual(['MrClosedCount', 'MrCount', 'PrCount', 'PrRejectedCount', 'RcvCount', 'RelAlertCount', 'TaskCount', 'companies']);
    const http = await a.call('GET', '/api/notifications/counter', { token: s.token });
    expect(counts.data).toEqual(http.body);
    c.ws.terminate();
    c = await connect(baseB, s.token);
    await c.next('connected');
    c.ws.send(JSON.stringify({ event: 'notificationupdate', key: 'notifycount', user: 'approver' }));
    expect((await c.next('notificationcounter')).data).toEqual(http.body);
    c.ws.close();

    const bad = await connect(baseB, 'garbage');
    expect(await bad.closed).toBe(4401);
    // a token in the address is refused (proxies and logs keep addresses)
    const inAddress = await connect(baseB, s.token, { auth: false, query: `token=${encodeURIComponent(s.token)}` });
    expect(await inAddress.closed).toBe(4401);
    // the first message must authenticate
    const chatty = await connect(baseB, s.token, { auth: false });
    chatty.send({ event: 'notificationupdate', key: 'notifycount' });
    expect(await chatty.closed).toBe(4401);
  });
});
