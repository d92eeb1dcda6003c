/**
 * Access holes of issue 9 (docs/reliability.md, part 6): one test per hole found by trying a fresh
 * instance as a new user and as an attacker would. Each test failed before its fix.
 *
 *   - company settings and user links: `holding`/`isholding`, `user_company` of another company's user
 *   - users' personal fields beyond the lookup columns
 *   - menu letters: holding-only entries, letters the granting admin lacks, every path (POST menus,
 *     generic user_menu, roles); registrations stay with the holding's admins
 *   - resetting one's own password, the websocket token in logs, the budget view and task reads
 *   - sessions ended by sign-out, reset and deactivation (also across server processes)
 *   - bad dates and numbers in filters and `postuntil`, security headers, the password rule and
 *     throttling by address, the listening address, finished tasks' attachments, rate limits,
 *     streamed uploads, menu sync keeping grants, audits of attachment deletes and workflow changes
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { openSocket } from '../helpers/socket.ts';
import { buildApp } from '../../server/src/app.ts';
import { createServices } from '../../server/src/boot.ts';
import { loadConfig } from '../../server/src/config.ts';
import { syncMenus } from '../../engine/src/access/menus.ts';
import type { Registry } from '../../engine/src/metadata/registry.ts';
import { createUser, clientIp, DEMO_PASSWORD } from '../../server/test/support.ts';
import { publish } from '../../server/src/realtime/events.ts';
import { errorShapeProblem, installWriteLog, report, writeMark, writesSince } from './support.ts';

let t: TestApp;
let base = '';
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const figures: Record<string, number> = { holes: 0, cases: 0 };
const started = Date.now();
const db = () => t.services.database.db;
const GOOD_PASSWORD = 'Hangar-Torque-2026';

const signIn = async (username: string, password = DEMO_PASSWORD) => {
  const r = await t.call('POST', '/api/auth/signin', { body: { username, password }, headers: clientIp() });
  expect(r.status, `${username}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body as { token: string; refresh_token: string; user: { user_id: number } };
};
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token?: string, body?: unknown, headers?: Record<string, string>) => {
  figures.cases++;
  return t.call(method, path, { token, body, headers });
};
const expectRefused = (r: { status: number; body: unknown }, status: number, code?: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(errorShapeProblem(r.status, r.body)).toBeNull();
  if (code) expect((r.body as { code: string }).code).toBe(code);
};
const menuId = async (module: string, name: string) => Number((await db().selectFrom('menu').select('menu_id').where('modulname', '=', module).where('name', '=', name).executeTakeFirstOrThrow()).menu_id);
const done = () => figures.holes++;

beforeAll(async () => {
  t = await startTestApp();
  base = await t.listen();
  for (const u of ['cta.admin', 'storekeeper', 'approver', 'planner', 'engineer']) tok[u] = (await signIn(u)).token;
  const admin = await signIn('admin', 'admin123');
  tok.admin = admin.token;
  ids.admin = admin.user.user_id;
  for (const u of ['cta.admin', 'storekeeper', 'approver', 'planner', 'engineer']) {
    ids[u] = Number((await db().selectFrom('users').select('user_id').where('username', '=', u).executeTakeFirstOrThrow()).user_id);
  }
  ids.gatOnly = await createUser(t, { username: 'hole.gat.only', companies: { GAT: 'viewer' } });
  ids.ctaOnly = await createUser(t, { username: 'hole.cta.only', companies: { CTA: 'viewer' } });
  await installWriteLog(db());
});

afterAll(async () => {
  report('access-holes', { ...figures, seconds: Math.round((Date.now() - started) / 1000) });
  await t?.close();
});

describe('company settings and user links', () => {
  it('a company admin cannot write holding/isholding of its company', async () => {
    const stored = await call('GET', '/api/data/company/CTA', tok['cta.admin']);
    expect(stored.status).toBe(200);
    const before = await db().selectFrom('company').select(['holding', 'isholding']).where('compcode', '=', 'CTA').executeTakeFirstOrThrow();
    const r = await call('PUT', '/api/data/company/CTA', tok['cta.admin'], { ...pick(stored.body.data, ['company', 'matauang', 'version']), holding: 'CTA', isholding: true });
    expect([200, 400]).toContain(r.status);
    const after = await db().selectFrom('company').select(['holding', 'isholding']).where('compcode', '=', 'CTA').executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(after).toEqual({ holding: 'GAH', isholding: false });
    done();
  });

  it('a company admin cannot link a user of another company into its own (user_company), on create or update', async () => {
    const mark = await writeMark(db());
    expectRefused(await call('POST', '/api/data/user_company', tok['cta.admin'], { user_id: ids.gatOnly }), 403, 'ERR_FORBIDDEN');
    const link = await db().selectFrom('user_company').select(['id', 'version']).where('compcode', '=', 'CTA').where('user_id', '=', ids.ctaOnly).executeTakeFirstOrThrow();
    expectRefused(await call('PUT', `/api/data/user_company/${link.id}`, tok['cta.admin'], { user_id: ids.gatOnly, version: link.version }), 403, 'ERR_FORBIDDEN');
    expect(await writesSince(db(), mark)).toEqual([]);
    expect(await db().selectFrom('user_company').select('compcode').where('user_id', '=', ids.gatOnly).execute()).toEqual([{ compcode: 'GAT' }]);
    // the holding's administrator (U on Manage User in both companies) may
    const admin = await adminIn('CTA');
    const ok = await call('POST', '/api/data/user_company', admin, { user_id: ids.gatOnly });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await call('DELETE', `/api/data/user_company/${ok.body.data.id}`, admin)).status).toBe(200);
    done();
  });

  it("users' personal fields are read only by whoever administers every company of the user (or the user)", async () => {
    const secret = { bank_rekno: 'ACC-778899-01', birth_date: '1980-02-03', address1: 'Jl. Rahasia Tujuh 7' };
    const own = { bank_rekno: 'ACC-112233-02', birth_date: '1985-06-07', address1: 'Jl. Sendiri 2' };
    await db().updateTable('users').set(secret).where('user_id', '=', ids.approver).execute();
    for (const id of [ids['cta.admin'], ids.ctaOnly]) await db().updateTable('users').set(own).where('user_id', '=', id).execute();
    const personal = (row: Record<string, unknown>) => pick(row, ['bank_rekno', 'birth_date', 'address1']);
    const hidden = { bank_rekno: null, birth_date: null, address1: null };
    // approver works in GAT and CTA: CTA's admin administers only CTA
    const one = await call('GET', `/api/data/users/${ids.approver}`, tok['cta.admin']);
    expect(one.status).toBe(200);
    expect(one.body.data.username).toBe('approver');
    expect(personal(one.body.data)).toEqual(hidden);
    const detail = await call('GET', `/api/users/detail/${ids.approver}`, tok['cta.admin']);
    expect(personal(detail.body.data)).toEqual(hidden);
    const list = await call('GET', '/api/data/users?limit=100', tok['cta.admin']);
    expect(list.status).toBe(200);
    const row = (list.body.list as Record<string, unknown>[]).find((x) => x.user_id === ids.approver)!;
    expect(personal(row)).toEqual(hidden);
    const print = await call('GET', `/api/data/users/${ids.approver}/print`, tok['cta.admin']);
    expect(print.status).toBe(200);
    expect(String(print.body)).not.toContain(secret.bank_rekno);
    const exp = await t.app.inject({ method: 'GET', url: '/api/data/users/export', headers: { authorization: `Bearer ${tok['cta.admin']}` } });
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((r) => r.eachCell((c) => cells.push(String(c.value)))));
    expect(cells.join('\n')).toContain('approver');
    expect(cells.join('\n')).not.toContain(secret.bank_rekno);
    expect(cells.join('\n')).not.toContain(secret.address1);
    // a personal field is not a filter or sort key either (it would reveal the value)
    expect((await call('GET', '/api/data/users?sortBy=bank_rekno', tok['cta.admin'])).status).toBe(400);
    // CTA's admin administers every company of a CTA-only user, and sees its own
    expect(personal((await call('GET', `/api/data/users/${ids.ctaOnly}`, tok['cta.admin'])).body.data)).toEqual(own);
    expect(personal((await call('GET', `/api/data/users/${ids['cta.admin']}`, tok['cta.admin'])).body.data)).toEqual(own);
    // the holding's administrator administers both companies of approver
    expect(personal((await call('GET', `/api/data/users/${ids.approver}`, await adminIn('CTA'))).body.data)).toEqual(secret);
    done();
  });
});

describe('menu letters', () => {
  it('no path grants a holding-only entry (company-add, registrations) in a subsidiary, nor letters the granting admin lacks', async () => {
    const companyAdd = await menuId('admin', 'company-add');
    const store = await menuId('aircraft-logistic', 'store-warehouse');
    const mark = await writeMark(db());
    // POST menus (the Menu Access screen)
    expectRefused(await call('POST', '/api/menus', tok['cta.admin'], { username: 'planner', modulname: 'admin', menus: [{ menu_id: companyAdd, permission: 'R' }] }), 403, 'ERR_FORBIDDEN');
    // the generic data call of the same table
    expectRefused(await call('POST', '/api/data/user_menu', tok['cta.admin'], { user_id: ids.planner, menu_id: companyAdd, permission: 'CRUDPO' }), 403, 'ERR_FORBIDDEN');
    // a role carrying it, assigned to a user
    expectRefused(await call('POST', '/api/data/role', tok['cta.admin'], { role_name: 'Prospects', menus: [{ menu_id: companyAdd, permission: 'R' }], users: [{ user_id: ids.planner }] }), 403, 'ERR_FORBIDDEN');
    expect(await writesSince(db(), mark)).toEqual([]);
    // an admin of Menu Access who only reads stores cannot hand out more than R there
    await createUser(t, { username: 'hole.menu.admin', companies: { GAT: { 'admin/menu': 'CRU', 'admin/user': 'R', 'aircraft-logistic/store-warehouse': 'R' } } });
    await createUser(t, { username: 'hole.nobody', companies: { GAT: {} } });
    const lesser = (await signIn('hole.menu.admin')).token;
    const mark2 = await writeMark(db());
    expectRefused(await call('POST', '/api/menus', lesser, { username: 'hole.nobody', modulname: 'aircraft-logistic', menus: [{ menu_id: store, permission: 'CRUD' }] }), 403, 'ERR_FORBIDDEN');
    const nobody = await db().selectFrom('users').select('user_id').where('username', '=', 'hole.nobody').executeTakeFirstOrThrow();
    expectRefused(await call('POST', '/api/data/user_menu', lesser, { user_id: nobody.user_id, menu_id: store, permission: 'CRUD' }), 403, 'ERR_FORBIDDEN');
    expect(await writesSince(db(), mark2)).toEqual([]);
    const r = await call('POST', '/api/menus', lesser, { username: 'hole.nobody', modulname: 'aircraft-logistic', menus: [{ menu_id: store, permission: 'R' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // the holding's administrator may grant company-add in the holding
    const holdingUser = await createUser(t, { username: 'hole.gah.user', companies: { GAH: {} } });
    const ok = await call('POST', '/api/menus', await adminIn('GAH'), { username: 'hole.gah.user', modulname: 'admin', menus: [{ menu_id: companyAdd, permission: 'R' }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await db().selectFrom('user_menu').select('permission').where('user_id', '=', holdingUser).where('menu_id', '=', companyAdd).execute()).toEqual([{ permission: 'R' }]);
    done();
  });

  it('registrations and their conversion stay with the holding\'s admins, whatever letters a subsidiary holds', async () => {
    const companyAdd = await menuId('admin', 'company-add');
    // letters left in a subsidiary from before (written straight into the table)
    await db().insertInto('user_menu').values({ compcode: 'CTA', user_id: ids['cta.admin'], menu_id: companyAdd, permission: 'CRUDPO', created_by: 'test' }).execute();
    const regkey = Number((await db().selectFrom('registration').select('regkey').where('status', '=', 'new').orderBy('regkey').executeTakeFirstOrThrow()).regkey);
    const ca = (await signIn('cta.admin')).token;
    expectRefused(await call('GET', '/api/data/registration?route=admin/company-add', ca), 403, 'ERR_FORBIDDEN');
    expectRefused(await call('GET', `/api/data/registration/${regkey}`, ca), 403, 'ERR_FORBIDDEN');
    const mark = await writeMark(db());
    expectRefused(await call('POST', '/api/data/registration/action/convert_registration', ca, { key: regkey }), 403, 'ERR_FORBIDDEN');
    expect(await writesSince(db(), mark)).toEqual([]);
    const menus = await call('GET', '/api/menus/modul/admin', ca);
    expect((menus.body as { name: string }[]).map((m) => m.name)).not.toContain('company-add');
    // the holding's admin still reads them
    expect((await call('GET', '/api/data/registration?route=admin/company-add', await adminIn('GAH'))).status).toBe(200);
    await db().deleteFrom('user_menu').where('compcode', '=', 'CTA').where('user_id', '=', ids['cta.admin']).where('menu_id', '=', companyAdd).execute();
    done();
  });
});

describe('passwords and sessions', () => {
  it('PUT users/reset/{own id} needs the current password', async () => {
    const id = await createUser(t, { username: 'hole.self.reset', companies: { GAT: 'viewer' } });
    const own = (await signIn('hole.self.reset')).token;
    const mark = await writeMark(db());
    expectRefused(await call('PUT', `/api/users/reset/${id}`, own, {}), 400, 'ERR_PW_CURRENT');
    expectRefused(await call('PUT', `/api/users/reset/${id}`, own, { password: 'not-the-password' }, clientIp()), 400, 'ERR_PW_CURRENT');
    expect((await writesSince(db(), mark)).filter((w) => !w.startsWith('sys_login_throttle'))).toEqual([]);
    const r = await call('PUT', `/api/users/reset/${id}`, own, { password: DEMO_PASSWORD });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.default_password).toMatch(/^[A-Za-z0-9]{12}$/);
    done();
  });

  it('the websocket token is never written to the logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const logged: FastifyInstance = await buildApp({ ...t.services, config: { ...t.services.config, logLevel: 'info' } }, { logStream: stream });
    const url = await logged.listen({ port: 0, host: '127.0.0.1' });
    try {
      const user = await signIn('engineer');
      const s = await openSocket(url, user.token);
      expect((await s.next('connected')).data.compcode).toBe('GAT');
      s.ws.close();
      // a client that still puts the token in the address is refused, and the address is logged without it
      const old = await openSocket(url, user.token, { auth: false, query: `token=${encodeURIComponent(user.token)}&x=1` });
      expect(await old.closed).toBe(4401);
      await new Promise((r) => setTimeout(r, 100));
      const text = lines.join('');
      expect(text).toContain('/api/ws');
      expect(text).not.toContain(user.token);
      expect(text).not.toContain(user.token.split('.')[2]);
      expect(text).toContain('token=[redacted]');
    } finally {
      await logged.close();
    }
    done();
  });

  it('sign-out, a password reset and deactivation end access tokens and close the websockets', async () => {
    const id = await createUser(t, { username: 'hole.session', companies: { GAT: 'viewer' } });
    const me = (token: string) => t.call('GET', '/api/users/me', { token });
    // sign-out
    let s1 = await signIn('hole.session');
    let ws = await openSocket(base, s1.token);
    await ws.next('connected');
    expect((await call('POST', '/api/auth/signout', s1.token, { refresh_token: s1.refresh_token })).status).toBe(200);
    expectRefused(await me(s1.token), 401, 'ERR_TOKEN_EXPIRED');
    expect(await ws.closed).toBe(4401);
    // reset by an administrator, right after signing in
    s1 = await signIn('hole.session');
    ws = await openSocket(base, s1.token);
    await ws.next('connected');
    const reset = await call('PUT', `/api/users/reset/${id}`, await adminIn('GAT'));
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expectRefused(await me(s1.token), 401, 'ERR_TOKEN_EXPIRED');
    expect(await ws.closed).toBe(4401);
    // deactivation; reactivating does not bring old tokens back
    await db().updateTable('users').set({ mustchangepw: false }).where('user_id', '=', id).execute();
    const fresh = await t.call('POST', '/api/auth/signin', { body: { username: 'hole.session', password: reset.body.default_password }, headers: clientIp() });
    expect(fresh.status).toBe(200);
    ws = await openSocket(base, fresh.body.token);
    await ws.next('connected');
    const admin = await adminIn('GAT');
    const row = (await call('GET', `/api/data/users/${id}`, admin)).body.data;
    const off = await call('PUT', `/api/data/users/${id}`, admin, { ...pick(row, ['username', 'full_name', 'usergroup', 'version']), active: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await ws.closed).toBe(4401);
    const on = await call('PUT', `/api/data/users/${id}`, admin, { ...pick(off.body.data, ['username', 'full_name', 'usergroup', 'version']), active: true });
    expect(on.status).toBe(200);
    expectRefused(await me(fresh.body.token), 401, 'ERR_TOKEN_EXPIRED');
    done();
  });

  it.runIf(process.env.TEST_DB === 'postgres')('sign-out on one server process closes the user\'s websocket held by another', async () => {
    const services = await createServices({ ...t.services.config, databaseUrl: t.url });
    const other = await buildApp(services);
    const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const s1 = await signIn('engineer');
      const ws = await openSocket(otherUrl, s1.token);
      await ws.next('connected');
      expect((await call('POST', '/api/auth/signout', s1.token, { refresh_token: s1.refresh_token })).status).toBe(200);
      expect(await ws.closed).toBe(4401);
    } finally {
      await other.close();
      await services.database.close();
    }
  });

  it('passwords: at least 12 characters, not a common password; throttled by account and by address', async () => {
    await createUser(t, { username: 'hole.pw', companies: { GAT: 'viewer' } });
    const own = (await signIn('hole.pw')).token;
    const change = (new_password: string, confirm = new_password) => call('POST', '/api/auth/changepwd', own, { password: DEMO_PASSWORD, new_password, confirm_password: confirm, username: 'hole.pw' });
    expectRefused(await change('Short-pw-11'), 400, 'ERR_PW_WEAK');
    expect((await change('Short-pw-11')).body.message).toBe('The new password must have at least 12 characters.');
    expectRefused(await change('qwerty123456'), 400, 'ERR_PW_COMMON');
    expectRefused(await change('1q2w3e4r5t6y'), 400, 'ERR_PW_COMMON');
    expectRefused(await change('Password1234'.toLowerCase()), 400, 'ERR_PW_COMMON');
    expect((await change(GOOD_PASSWORD, 'something else')).body.message).toBe('konfirmasi password tidak sama');
    const ok = await change(GOOD_PASSWORD);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // failures from one address count against the address, whichever account they try
    await createUser(t, { username: 'hole.pw.a', companies: { GAT: 'viewer' } });
    await createUser(t, { username: 'hole.pw.b', companies: { GAT: 'viewer' } });
    const a = (await signIn('hole.pw.a')).token;
    const b = (await signIn('hole.pw.b')).token;
    const from = clientIp();
    for (let i = 0; i < 5; i++) expect((await call('POST', '/api/auth/validatepwd', a, { username: 'hole.pw.a', password: `wrong-${i}` }, from)).status).toBe(200);
    expectRefused(await call('POST', '/api/auth/validatepwd', b, { username: 'hole.pw.b', password: DEMO_PASSWORD }, from), 429, 'ERR_THROTTLED');
    expect((await call('POST', '/api/auth/validatepwd', b, { username: 'hole.pw.b', password: DEMO_PASSWORD }, clientIp())).body).toEqual({ success: 1 });
    done();
  });

  it('the server listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    done();
  });
});

describe('workflow reads and budget', () => {
  it('budgetdept/viewprint needs a letter on the budget screen or a task that shows that department', async () => {
    const year = new Date().getUTCFullYear();
    const view = (token: string, dept: string) => call('GET', `/api/budgetdept/viewprint?departkd=${dept}&tahun=${year}`, token);
    // storekeeper (GAT) holds no letter on Department Budgets and takes part in no task of a TEC requestor
    expectRefused(await view(tok.storekeeper, 'TEC'), 403, 'ERR_FORBIDDEN');
    // approver approves the requests of storekeeper (STR) and may see that budget, not another
    const approverTasks = await db()
      .selectFrom('wf_task as t')
      .innerJoin('users as c', 'c.user_id', 't.createdby')
      .innerJoin('wf_assignment as a', 'a.taskkey', 't.taskkey')
      .select('c.departkd')
      .distinct()
      .where('t.compcode', '=', 'GAT')
      .where('a.assignee', '=', ids.approver)
      .execute();
    const depts = approverTasks.map((r) => String(r.departkd));
    expect(depts).toContain('STR');
    expect((await view(tok.approver, 'STR')).status).toBe(200);
    expect(depts).not.toContain('FIN');
    expectRefused(await view(tok.approver, 'FIN'), 403, 'ERR_FORBIDDEN');
    // a holder of R on Department Budgets sees any department
    expect((await view(await adminIn('GAT'), 'TEC')).status).toBe(200);
    done();
  });

  it('generic wf_task and wf_assignment reads follow the participant rule of tasktodo/*', async () => {
    // a CTA request of CTA's admin, on process with CTA's Technical Director (approver)
    const item = await db().selectFrom('master_item').select('item_id').where('compcode', '=', 'CTA').orderBy('item_id').executeTakeFirstOrThrow();
    const mr = await call('POST', '/api/aircraft-mrequest', tok['cta.admin'], { jasa: 0, remark: 'participants', lines: [{ linetype: 1, item: item.item_id, quantity: 1, description: 'one' }] });
    expect(mr.status, JSON.stringify(mr.body)).toBe(200);
    const sent = await call('POST', '/api/aircraft-mrequest/send2wf', tok['cta.admin'], { requestkey: String(mr.body.data.requestkey) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // planner holds R on CTA's Task Workflow screen (aircraft-maintenance)
    const all = await db().selectFrom('wf_task').select(['taskkey', 'createdby']).where('compcode', '=', 'CTA').execute();
    const assigned = new Set((await db().selectFrom('wf_assignment').select('taskkey').where('assignee', '=', ids.planner).execute()).map((r) => Number(r.taskkey)));
    const mine = all.filter((x) => Number(x.createdby) === ids.planner || assigned.has(Number(x.taskkey))).map((x) => Number(x.taskkey));
    const others = all.filter((x) => !mine.includes(Number(x.taskkey))).map((x) => Number(x.taskkey));
    expect(others.length).toBeGreaterThan(0);
    const list = await call('GET', '/api/data/wf_task?route=aircraft-maintenance/task-workflow&limit=100', tok.planner);
    expect(list.status).toBe(200);
    expect((list.body.list as { taskkey: number }[]).map((r) => r.taskkey).sort((x, y) => x - y)).toEqual(mine.sort((x, y) => x - y));
    expectRefused(await call('GET', `/api/data/wf_task/${others[0]}`, tok.planner), 404, 'ERR_NOT_FOUND');
    // nor through the lookup of a reference to tasks
    const pick = await call('GET', '/api/data/wf_assignment/lookup/taskkey?limit=100', tok.planner);
    expect(pick.status).toBe(200);
    expect((pick.body.list as { key: number }[]).map((r) => r.key).sort((x, y) => x - y)).toEqual(mine);
    const hist = await call('GET', '/api/data/wf_assignment?limit=100', tok.planner);
    if (hist.status === 200) for (const r of hist.body.list as { taskkey: number }[]) expect(mine).toContain(r.taskkey);
    else expect(hist.status).toBe(403);
    expect(others).toContain(sent.body.taskkey);
    expectRefused(await call('GET', `/api/data/wf_task/${sent.body.taskkey}`, tok.planner), 404, 'ERR_NOT_FOUND');
    // its creator reads it; delegates (U on the workflow configuration) read every task
    expect((await call('GET', `/api/data/wf_task/${sent.body.taskkey}`, tok['cta.admin'])).status).toBe(200);
    done();
  });
});

describe('bad input, headers', () => {
  it('bad dates and numbers in filters, and postuntil, answer 400, never 500', async () => {
    const admin = await adminIn('GAT');
    let cases = 0;
    for (const screen of t.services.reg.screens.values()) {
      if (screen.kind !== 'list' && screen.kind !== 'report') continue;
      for (const f of screen.filters ?? []) {
        const field = f.field.includes('.') ? undefined : t.services.reg.field(screen.entity, f.field);
        const type = field?.type ?? (['created_at', 'updated_at'].includes(f.field) ? 'datetime' : undefined);
        if (!type || !['date', 'datetime', 'integer', 'decimal'].includes(type)) continue;
        const params = f.op === 'between' ? [`${f.param}_from`, `${f.param}_to`] : [f.param];
        for (const p of params) {
          for (const bad of type.startsWith('date') ? ['notadate', '2026-13-45', '2026-02-30x'] : ['abc', '1e400', '12abc']) {
            const r = await t.call('GET', `/api/data/${screen.entity}?route=${screen.module}/${screen.route}&${p}=${encodeURIComponent(bad)}`, { token: admin });
            cases++;
            expect(r.status, `${screen.module}/${screen.route} ${p}=${bad}: ${JSON.stringify(r.body)}`).toBe(400);
          }
        }
      }
    }
    expect(cases).toBeGreaterThan(20);
    figures.cases += cases;
    figures.badFilterValues = cases;
    const todo = (await call('GET', '/api/tasktodo', tok.approver)).body as { taskassignkey: number }[];
    expect(todo.length).toBeGreaterThan(0);
    const mark = await writeMark(db());
    for (const postuntil of ['2999-13-45', '2999-02-30', '9999-99-99', '2999-01-01junk']) {
      const r = await call('POST', '/api/tasktodo/doaction', tok.approver, { taskassignkey: todo[0].taskassignkey, actionTake: 'PENDING', comment: 'queue it', postponed: 1, postuntil });
      expectRefused(r, 400, 'ERR_VALIDATION');
    }
    expect(await writesSince(db(), mark)).toEqual([]);
    done();
  });

  it('security headers on every answer; API answers are not stored; attachments are served with nosniff', async () => {
    const check = (h: Record<string, unknown>, what: string) => {
      expect(String(h['content-security-policy']), what).toMatch(/default-src 'self'/);
      expect(String(h['content-security-policy']), what).toMatch(/frame-ancestors 'self'/);
      expect(String(h['content-security-policy']), what).toMatch(/object-src 'none'/);
      expect(h['x-content-type-options'], what).toBe('nosniff');
      expect(h['referrer-policy'], what).toBe('same-origin');
      expect(h['x-frame-options'], what).toBe('SAMEORIGIN');
    };
    const page = await t.app.inject({ method: 'GET', url: '/aircraft-logistic/store-warehouse' });
    check(page.headers, 'app page');
    for (const [url, token] of [
      ['/api/health', undefined],
      ['/api/data/store_warehouse', tok.storekeeper],
      ['/api/nothing-here', undefined],
      ['/api/users/me', undefined],
      [`/api/printpreview/pdf/${'x'.repeat(300)}`, undefined], // refused by the router itself
    ] as const) {
      const r = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      check(r.headers, url);
      expect(r.headers['cache-control'], url).toBe('no-store');
    }
    const up = await upload('/api/attachments', tok.storekeeper, Buffer.from('<script>alert(1)</script>'), 'x.html', 'text/html', { entity: 'store_warehouse' });
    expect(up.statusCode, up.body).toBe(200);
    const down = await t.app.inject({ method: 'GET', url: `/api/attachments/${up.json().attachment_id}`, headers: { authorization: `Bearer ${tok.storekeeper}` } });
    check(down.headers, 'attachment');
    expect(down.headers['content-disposition']).toMatch(/^attachment;/);
    done();
  });
});

describe('attachments, rate limits, uploads', () => {
  it('attachments of a finished task cannot be removed (nor added)', async () => {
    const todo = (await call('GET', '/api/tasktodo', tok.approver)).body as { taskkey: number; taskassignkey: number }[];
    const task = todo[todo.length - 1];
    const up = await upload('/api/tasktodo/attachment', tok.approver, Buffer.from('approval evidence'), 'evidence.txt', 'text/plain', { tablekey: String(task.taskkey) });
    expect(up.statusCode, up.body).toBe(200);
    const att = (up.json().data as { attachmentKey: number; attchFileNm: string }[]).find((x) => x.attchFileNm === 'evidence.txt')!;
    const act = await call('POST', '/api/tasktodo/doaction', tok.approver, { taskassignkey: task.taskassignkey, actionTake: 'APPROVED', comment: 'ok' });
    expect(act.status, JSON.stringify(act.body)).toBe(200);
    const admin = await adminIn('GAT');
    const mark = await writeMark(db());
    expectRefused(await call('DELETE', `/api/tasktodo/attachment/${att.attachmentKey}`, tok.approver), 409, 'ERR_LOCKED');
    expectRefused(await call('DELETE', `/api/attachments/${att.attachmentKey}`, admin), 409, 'ERR_LOCKED');
    const late = await upload('/api/tasktodo/attachment', tok.approver, Buffer.from('late'), 'late.txt', 'text/plain', { tablekey: String(task.taskkey) });
    expect(late.statusCode).toBe(409);
    expect(await writesSince(db(), mark)).toEqual([]);
    done();
  });

  it('public registration is rate limited per address', async () => {
    const from = clientIp();
    const body = (i: number) => ({ company: `Rate Limited Air ${i}`, compaddr1: 'Jl. Bandara 1', compphone: '021-555', compemail: `ops${i}@rl.example`, contact_name: 'Ops', contact_number: '0811', username: `rl.user${i}` });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await call('POST', '/api/registration', undefined, body(i), from)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect((await call('POST', '/api/registration', undefined, body(9), clientIp())).status).toBe(200);
    expect(Number((await db().selectFrom('registration').select(sql<number>`count(*)`.as('n')).where('company', 'like', 'Rate Limited Air %').executeTakeFirstOrThrow()).n)).toBe(6);
    done();
  });

  it('websocket messages are rate limited per socket', async () => {
    const s = await openSocket(base, tok.storekeeper);
    await s.next('connected');
    for (let i = 0; i < 200; i++) s.send({ event: 'notificationupdate', key: 'notifycount' });
    expect(await s.closed).toBe(1008);
    // another socket of the same user is not affected
    const s2 = await openSocket(base, tok.storekeeper);
    await s2.next('connected');
    s2.send({ event: 'notificationupdate', key: 'notifycount' });
    expect((await s2.next('notificationcounter')).event).toBe('notificationcounter');
    s2.ws.close();
    done();
  });

  it('uploads are streamed to storage in chunks (never a whole file in memory) and read back byte for byte', async () => {
    const data = Buffer.alloc(3 * 1024 * 1024 + 123);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7919) % 251;
    const up = await upload('/api/attachments', tok.storekeeper, data, 'manual.bin', 'application/octet-stream', { entity: 'store_warehouse' });
    expect(up.statusCode, up.body).toBe(200);
    const id = up.json().attachment_id as number;
    const chunks = await db().selectFrom('sys_attachment_chunk').select(['seq', sql<number>`length(data)`.as('n')]).where('attachment_id', '=', id).orderBy('seq').execute();
    expect(chunks.map((c) => Number(c.n))).toEqual([...Array(12).fill(256 * 1024), 123]);
    const down = await t.app.inject({ method: 'GET', url: `/api/attachments/${id}`, headers: { authorization: `Bearer ${tok.storekeeper}` } });
    expect(down.statusCode).toBe(200);
    expect(Buffer.compare(down.rawPayload, data)).toBe(0);
    const mark = await writeMark(db());
    const big = await upload('/api/attachments', tok.storekeeper, Buffer.alloc(10 * 1024 * 1024 + 1), 'big.bin', 'application/octet-stream', { entity: 'store_warehouse' });
    expect(big.statusCode).toBe(413);
    expect(await writesSince(db(), mark)).toEqual([]);
    done();
  });
});

describe('menu sync and audits', () => {
  it('a menu entry removed or renamed in metadata is deactivated and its grants kept', async () => {
    const reg = t.services.reg;
    const store = await menuId('aircraft-logistic', 'store-warehouse');
    const grants = await db().selectFrom('user_menu').select(['user_id', 'compcode', 'permission']).where('menu_id', '=', store).orderBy('id').execute();
    expect(grants.length).toBeGreaterThan(0);
    figures.grantsKept = grants.length;
    const without = Object.assign(Object.create(Object.getPrototypeOf(reg)) as Registry, reg, { menus: reg.menus.filter((m) => !(m.module === 'aircraft-logistic' && m.name === 'store-warehouse')) });
    await syncMenus(db(), without);
    const row = await db().selectFrom('menu').select(['menu_id', 'active']).where('menu_id', '=', store).executeTakeFirstOrThrow();
    expect(row.active).toBe(false);
    expect(await db().selectFrom('user_menu').select(['user_id', 'compcode', 'permission']).where('menu_id', '=', store).orderBy('id').execute()).toEqual(grants);
    // a deactivated entry grants nothing and is not listed
    const sk = (await signIn('storekeeper')).token;
    expect((await call('GET', '/api/data/store_warehouse?route=aircraft-logistic/store-warehouse', sk)).status).toBe(403);
    expect(((await call('GET', '/api/menus/modul/aircraft-logistic', sk)).body as { name: string }[]).map((m) => m.name)).not.toContain('store-warehouse');
    // back in metadata: active again with the same grants
    await syncMenus(db(), reg);
    expect((await db().selectFrom('menu').select('active').where('menu_id', '=', store).executeTakeFirstOrThrow()).active).toBe(true);
    expect((await call('GET', '/api/data/store_warehouse?route=aircraft-logistic/store-warehouse', sk)).status).toBe(200);
    done();
  });

  it('attachment deletes and workflow status changes are audited like other writes', async () => {
    const up = await upload('/api/attachments', tok.storekeeper, Buffer.from('to be removed'), 'gone.txt', 'text/plain', { entity: 'store_warehouse' });
    const id = up.json().attachment_id as number;
    expect((await call('DELETE', `/api/attachments/${id}`, tok.storekeeper)).status).toBe(200);
    const audit = await db().selectFrom('sys_audit').select(['action', 'username', 'changes']).where('entity', '=', 'sys_attachment').where('record_key', '=', String(id)).orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.username])).toEqual([
      ['insert', 'storekeeper'],
      ['delete', 'storekeeper'],
    ]);
    expect(String(audit[1].changes)).toContain('gone.txt');
    // a workflow action: the task's and the document's status changes are in the trail
    const todo = (await call('GET', '/api/tasktodo', tok.approver)).body as { taskkey: number; taskassignkey: number }[];
    const task = todo[0];
    const stored = await db().selectFrom('wf_task').select(['entity_name', 'record_key']).where('taskkey', '=', task.taskkey).executeTakeFirstOrThrow();
    expect((await call('POST', '/api/tasktodo/doaction', tok.approver, { taskassignkey: task.taskassignkey, actionTake: 'REJECTED', comment: 'no' })).status).toBe(200);
    const trail = async (entity: string, key: string) => (await db().selectFrom('sys_audit').select('changes').where('entity', '=', entity).where('record_key', '=', key).execute()).map((r) => String(r.changes));
    expect((await trail('wf_task', String(task.taskkey))).some((c) => c.includes('"statuswf":["100","110"]'))).toBe(true);
    expect((await trail(String(stored.entity_name), String(stored.record_key))).some((c) => c.includes('"statuswf":["100","110"]'))).toBe(true);
    expect((await trail('wf_assignment', String(task.taskassignkey))).some((c) => c.includes('REJECTED'))).toBe(true);
    done();
  });
});

describe('issue 18: the last access holes', () => {
  it('a user removed from a company loses its live events at once: the socket is re-scoped within a second, and counts answer only for companies the user still belongs to', async () => {
    const id = await createUser(t, { username: 'hole.two.cos', companies: { GAT: 'viewer', CTA: 'viewer' }, last: 'GAT' });
    const me = await signIn('hole.two.cos');
    const ws = await openSocket(base, me.token);
    expect((await ws.next('connected')).data.compcode).toBe('GAT');
    // the holding's administrator removes the user from GAT (User per Company)
    const link = await db().selectFrom('user_company').select('id').where('user_id', '=', id).where('compcode', '=', 'GAT').executeTakeFirstOrThrow();
    const admin = await adminIn('GAT');
    const removedAt = Date.now();
    const r = await call('DELETE', `/api/data/user_company/${link.id}`, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // re-scoped to the company it still works in, within a second (the browser follows switchcompany)
    const moved = await ws.next('switchcompany', 1000);
    expect(Date.now() - removedAt).toBeLessThan(1000);
    expect(moved).toMatchObject({ user_id: id, data: { compcode: 'CTA' } });
    // GAT's company-wide events no longer reach it; CTA's do
    await publish(db(), { event: 'rcvnotif', compcode: 'GAT', data: { n: 'gat' } });
    await publish(db(), { event: 'rcvnotif', compcode: 'CTA', data: { n: 'cta' } });
    expect((await ws.next('rcvnotif')).data).toEqual({ n: 'cta' });
    await new Promise((res) => setTimeout(res, 200));
    expect(ws.messages.filter((m) => m.event === 'rcvnotif')).toEqual([]);
    // removed from its last company: the socket closes within a second
    const last = await db().selectFrom('user_company').select('id').where('user_id', '=', id).where('compcode', '=', 'CTA').executeTakeFirstOrThrow();
    const t0 = Date.now();
    expect((await call('DELETE', `/api/data/user_company/${last.id}`, await adminIn('CTA'))).status).toBe(200);
    expect(await ws.closed).toBe(4401);
    expect(Date.now() - t0).toBeLessThan(1000);

    // a link removed where no event is sent (straight in the database): notificationupdate checks
    // the membership itself and answers for the companies the user still belongs to only
    const solo = await createUser(t, { username: 'hole.solo.co', companies: { GAT: 'viewer', CTA: 'viewer' }, last: 'GAT' });
    const s2 = await openSocket(base, (await signIn('hole.solo.co')).token);
    expect((await s2.next('connected')).data.compcode).toBe('GAT');
    await db().deleteFrom('user_company').where('user_id', '=', solo).where('compcode', '=', 'GAT').execute();
    s2.send({ event: 'notificationupdate', key: 'notifycount' });
    expect((await s2.next('switchcompany')).data.compcode).toBe('CTA');
    await s2.next('notificationcounter');
    await db().deleteFrom('user_company').where('user_id', '=', solo).execute();
    s2.send({ event: 'notificationupdate', key: 'notifycount' });
    expect(await s2.closed).toBe(4401);
    expect(s2.messages.filter((m) => m.event === 'notificationcounter')).toEqual([]);
    done();
  });

  it("a company admin's write of holding-only letters into a role is refused on every path, nothing stored", async () => {
    const companyAdd = await menuId('admin', 'company-add');
    const store = await menuId('aircraft-logistic', 'store-warehouse');
    const ca = tok['cta.admin'];
    const mark = await writeMark(db());
    // a role with no users yet (the letters would only be stored and ignored)
    const created = await call('POST', '/api/data/role', ca, { role_name: 'Prospects Desk', menus: [{ menu_id: companyAdd, permission: 'R' }] });
    expectRefused(created, 403, 'ERR_FORBIDDEN');
    expect(created.body.message).toBe("Add Company is kept for the holding company's administrators.");
    expect(await writesSince(db(), mark)).toEqual([]);
    // a role of its own, then the entry added as a line, changed into a line, or written directly
    const role = await call('POST', '/api/data/role', ca, { role_name: 'Stores Desk', menus: [{ menu_id: store, permission: 'R' }] });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const line = pick(role.body.data.menus[0], ['id', 'menu_id', 'permission', 'version']) as { id: number; menu_id: number; permission: string; version: number };
    const mark2 = await writeMark(db());
    expectRefused(await call('PUT', `/api/data/role/${role.body.data.id}`, ca, { role_name: 'Stores Desk', version: role.body.data.version, menus: [line, { menu_id: companyAdd, permission: 'CR' }] }), 403, 'ERR_FORBIDDEN');
    expectRefused(await call('PUT', `/api/data/role/${role.body.data.id}`, ca, { role_name: 'Stores Desk', version: role.body.data.version, menus: [{ ...line, menu_id: companyAdd }] }), 403, 'ERR_FORBIDDEN');
    expectRefused(await call('POST', '/api/data/role_menu', ca, { role: role.body.data.id, menu_id: companyAdd, permission: 'R' }), 403, 'ERR_FORBIDDEN');
    expectRefused(await call('PUT', `/api/data/role_menu/${line.id}`, ca, { role: role.body.data.id, menu_id: companyAdd, permission: 'R', version: line.version }), 403, 'ERR_FORBIDDEN');
    expect(await writesSince(db(), mark2)).toEqual([]);
    expect(await db().selectFrom('role_menu').select('menu_id').where('menu_id', '=', companyAdd).where('compcode', '=', 'CTA').execute()).toEqual([]);
    // in the holding the same role line is accepted
    const ok = await call('POST', '/api/data/role', await adminIn('GAH'), { role_name: 'Prospects Desk', menus: [{ menu_id: companyAdd, permission: 'R' }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    done();
  });

  it('a password of only whitespace, or under 12 characters once its leading and trailing whitespace is trimmed, is refused', async () => {
    await createUser(t, { username: 'hole.pw.space', companies: { GAT: 'viewer' } });
    const own = (await signIn('hole.pw.space')).token;
    const change = (new_password: string) => call('POST', '/api/auth/changepwd', own, { password: DEMO_PASSWORD, new_password, confirm_password: new_password, username: 'hole.pw.space' });
    const mark = await writeMark(db());
    for (const pw of [' '.repeat(12), ' '.repeat(40), '\t \u00a0'.repeat(6), '   Short-pw-9   ', '\tTorque-2026\n']) {
      const r = await change(pw);
      expectRefused(r, 400, 'ERR_PW_WEAK');
      expect(r.body.message).toBe('The new password must have at least 12 characters.');
    }
    expect((await writesSince(db(), mark)).filter((w) => !w.startsWith('sys_login_throttle'))).toEqual([]);
    // 12 characters besides the surrounding spaces are enough
    expect((await change(`  ${GOOD_PASSWORD}  `)).status).toBe(200);
    done();
  });

  it('a filter value of the wrong type answers 400 naming the field on every list and report, never 500', async () => {
    const admin = await adminIn('GAH'); // the holding: its own screens (registrations) too
    const reg = t.services.reg;
    const badFor = (type: string): string[] => {
      switch (type) {
        case 'integer':
        case 'reference':
        case 'attachment':
          return ['abc', '1e400', '12abc', '1.5', '99999999999999999999'];
        case 'decimal':
          return ['abc', '1e400', '12abc'];
        case 'date':
          return ['notadate', '2026-13-45', '2026-02-30x'];
        case 'datetime':
          return ['notadate', '2026-02-30T10:00'];
        case 'boolean':
          return ['abc', '2'];
        case 'enum':
          return ['abc', '999'];
        default:
          return [];
      }
    };
    let cases = 0;
    const failures: string[] = [];
    for (const screen of reg.screens.values()) {
      if (screen.kind !== 'list' && screen.kind !== 'report') continue;
      for (const f of screen.filters ?? []) {
        const [head, tail] = f.field.split('.');
        const ref = tail ? reg.field(screen.entity, head) : undefined;
        const target = ref?.entity ? reg.entity(ref.entity) : undefined;
        const field = tail ? (target && tail === target.key ? { type: target.keyType === 'string' ? 'string' : 'integer' } : target && reg.field(target.name, tail)) : reg.field(screen.entity, f.field);
        const type = field ? field.type : ['created_at', 'updated_at'].includes(f.field) ? 'datetime' : f.field === reg.entity(screen.entity).key ? 'integer' : undefined;
        if (!type || ['contains', 'startswith'].includes(f.op ?? 'eq')) continue;
        // a reference to an entity keyed by text (a module name, a company code) takes any text
        if (type === 'reference' && field && 'entity' in field && field.entity && reg.entity(field.entity).keyType === 'string') continue;
        if (type === 'enum' && field && 'values' in field && (field.values ?? []).some((v) => v.code === 'abc' || v.code === '999')) continue;
        const params = f.op === 'between' ? [`${f.param}_from`, `${f.param}_to`] : [f.param];
        for (const p of params) {
          for (const bad of badFor(type)) {
            const url = `/api/data/${screen.entity}?route=${screen.module}/${screen.route}&${p}=${encodeURIComponent(f.op === 'in' ? `x,${bad}` : bad)}`;
            const r = await t.call('GET', url, { token: admin }).catch((err: Error) => ({ status: 0, body: { error: err.message } as Record<string, unknown> }));
            cases++;
            const named = ((r.body?.errors ?? []) as { path: string }[]).some((e) => e.path === `/${p}`);
            if (r.status !== 400 || !named || errorShapeProblem(r.status, r.body)) failures.push(`${screen.module}/${screen.route} ${p}=${bad} (${type}): ${r.status} ${JSON.stringify(r.body)}`);
          }
        }
      }
    }
    // the spec's own list calls: material requests (jasa, tgl1/tgl2), the task lists
    for (const path of ['/api/aircraft-mrequest', '/api/aircraft-mrequest/byrequestor', '/api/aircraft-mrequest/list', '/api/aircraft-mrequest/byrequestorheader', '/api/aircraft-mrequest/exportxls']) {
      for (const [p, bad] of [['jasa', 'abc'], ['tgl1', 'notadate'], ['tgl2', '2026-02-30'], ['outstand', 'x']] as const) {
        const r = await t.call('GET', `${path}?${p}=${bad}`, { token: admin }).catch((err: Error) => ({ status: 0, body: { error: err.message } as Record<string, unknown> }));
        cases++;
        const named = ((r.body?.errors ?? []) as { path: string }[]).some((e) => e.path === `/${p}`);
        if (r.status !== 400 || !named) failures.push(`${path} ${p}=${bad}: ${r.status} ${JSON.stringify(r.body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThan(100);
    figures.cases += cases;
    figures.wrongTypeFilterValues = cases;
    done();
  });

  it("registration refuses a malformed e-mail or user name with the spec's message, naming the field", async () => {
    const body = (over: Record<string, unknown>) => ({ company: 'Format Air', compaddr1: 'Jl. Bandara 2', compphone: '021-556', compemail: 'ops@format.example', contact_name: 'Ops', contact_number: '0812', username: 'format.user', ...over });
    const mark = await writeMark(db());
    for (const [field, bad] of [
      ['compemail', 'not-an-email'],
      ['compemail', 'ops@'],
      ['compemail', 'ops @format.example'],
      ['compemail', '@format.example'],
      ['username', 'two words'],
      ['username', 'budi<script>'],
      ['username', 'a'],
      ['username', '.leadingdot'],
    ] as const) {
      const r = await call('POST', '/api/registration', undefined, body({ [field]: bad }), clientIp());
      expectRefused(r, 400, 'ERR_VALIDATION');
      expect(r.body.message).toBe('Please fill the form correctly.');
      expect((r.body.errors as { path: string }[]).map((e) => e.path), `${field}=${bad}`).toContain(`/${field}`);
    }
    expect(await writesSince(db(), mark)).toEqual([]);
    // a well-formed one (the user name is stored in lower case) is accepted
    const ok = await call('POST', '/api/registration', undefined, body({ username: 'Format.User-2' }), clientIp());
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    done();
  });

  it("user lookups (requestor, crew) list the active company's users only; linking a user into the company lists the group's only for the holding's administrators", async () => {
    const members = async (compcode: string) => new Set((await db().selectFrom('user_company').select('user_id').where('compcode', '=', compcode).execute()).map((r) => Number(r.user_id)));
    const cta = await members('CTA');
    const keys = async (path: string, token: string) => {
      const r = await call('GET', `${path}?limit=100`, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.meta.total).toBeLessThanOrEqual(100);
      return (r.body.list as { key: number }[]).map((x) => Number(x.key));
    };
    // CTA's own administrator: the requestor of a CTA request, a role's user, the user to link
    for (const path of ['/api/data/material_request/lookup/requestor', '/api/data/role/lookup/user_id', '/api/data/user_company/lookup/user_id']) {
      const listed = await keys(path, tok['cta.admin']);
      expect(listed.length, path).toBeGreaterThan(0);
      expect(listed.filter((k) => !cta.has(k)), path).toEqual([]);
      expect(listed, path).not.toContain(ids.gatOnly);
    }
    // the holding's administrator, active in CTA: documents still list CTA's users (a requestor of
    // another company would be refused on save), linking lists the whole group
    const admin = await adminIn('CTA');
    const requestors = await keys('/api/data/material_request/lookup/requestor', admin);
    expect(requestors.filter((k) => !cta.has(k))).toEqual([]);
    expect(await keys('/api/data/user_company/lookup/user_id', admin)).toContain(ids.gatOnly);
    done();
  });
});

// ---------------------------------------------------------------------------------------------

function pick(row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));
}

const adminTokens = new Map<string, string>();
/** A token of admin with the given active company (admin's own last company is restored). */
async function adminIn(compcode: string): Promise<string> {
  const cached = adminTokens.get(compcode);
  if (cached) {
    await t.call('PUT', `/api/users/ulc/${ids.admin}`, { token: cached, body: { compcode } });
    return cached;
  }
  const s = await signIn('admin', 'admin123');
  await t.call('PUT', `/api/users/ulc/${ids.admin}`, { token: s.token, body: { compcode } });
  adminTokens.set(compcode, s.token);
  return s.token;
}

/** A multipart upload through inject. */
async function upload(url: string, token: string, data: Buffer, filename: string, mime: string, fields: Record<string, string>) {
  const boundary = `----hole${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: ${mime}\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`));
  figures.cases++;
  return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
}
