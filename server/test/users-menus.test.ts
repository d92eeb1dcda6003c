/**
 * Spec §6 Roles and permissions, §7 Auth and users: the current user, modules, the route access
 * check, menu trees, the admin's view and edit of letters, the company user list, password reset,
 * switching company and the companies a user may work in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { clientIp, createUser, DEMO_PASSWORD, expectError, ROLES, STARTUP_TIMEOUT, userId } from './support.ts';

const ALL_MODULES = ['aircraft-logistic', 'aircraft-procurement', 'aircraft-maintenance', 'aircraft-mro', 'aircraft-quality', 'admin'];
const MENU_FIELDS = ['menu_id', 'name', 'title', 'icon', 'url', 'level', 'parent_id', 'badge', 'permission'].sort();

let t: TestApp;
let admin: string;
let storekeeper: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signIn('admin', 'admin123')).token;
  storekeeper = (await t.signIn('storekeeper', DEMO_PASSWORD)).token;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const names = (rows: { name: string }[]) => rows.map((r) => r.name);
const access = async (token: string, route: string, modul?: string) => {
  const r = await t.call('GET', `/api/menus/access/${route}${modul ? `?modul=${modul}` : ''}`, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.success as number;
};
const menuIds = async (module: string) =>
  new Map((await t.services.database.db.selectFrom('menu').select(['menu_id', 'name']).where('modulname', '=', module).execute()).map((m) => [m.name as string, m.menu_id as number]));

describe('GET users/me', () => {
  it('returns the session, defaultpw and the period dates', async () => {
    const r = await t.call('GET', '/api/users/me', { token: storekeeper });
    expect(r.status).toBe(200);
    expect(r.body.defaultpw).toBe(false);
    expect(r.body.tglaktif).toBe('2026-11-01');
    expect(r.body.tglkoran).toBe('2026-11-01');
    expect(r.body.user).toMatchObject({
      username: 'storekeeper',
      user_id: await userId(t, 'storekeeper'),
      group: 'user',
      compcode: 'GAT',
      company: 'Garuda Aero Technics',
      compaddr: 'Soekarno-Hatta International Airport Hangar 4, Tangerang Banten 15125, Indonesia',
      compcolor: '#0f6e5a',
      holding: 'GAH',
      matauang: 'USD',
      ad_primary: 'EASA',
    });
  });
});

describe('modules', () => {
  it('auth/modules lists all six modules with name, info, url and statichtml', async () => {
    const r = await t.call('GET', '/api/auth/modules/', { token: storekeeper });
    expect(r.status).toBe(200);
    expect(names(r.body)).toEqual(ALL_MODULES);
    for (const m of r.body) {
      expect(typeof m.title).toBe('string');
      expect(typeof m.info).toBe('string');
      expect(m.url).toBe(`/${m.name}/home`);
      expect(m.statichtml).toBe(false);
    }
  });

  it('auth/usermodules lists only the modules the user may open in the active company', async () => {
    const sk = await t.call('GET', '/api/auth/usermodules/', { token: storekeeper });
    // admin: only their own Delegations (every role that can be given an approval holds the entry)
    expect(names(sk.body)).toEqual(['aircraft-logistic', 'aircraft-procurement', 'admin']);
    expect(names((await t.call('GET', '/api/auth/usermodules', { token: admin })).body)).toEqual(ALL_MODULES);
    const planner = await t.signIn('planner', DEMO_PASSWORD); // active CTA: planner role
    expect(names((await t.call('GET', '/api/auth/usermodules', { token: planner.token })).body)).toEqual(['aircraft-logistic', 'aircraft-maintenance', 'aircraft-quality', 'admin']);
    const approver = await t.signIn('approver', DEMO_PASSWORD);
    expect(names((await t.call('GET', '/api/auth/usermodules', { token: approver.token })).body)).toEqual(ALL_MODULES);
  });
});

describe('GET menus/access/{route}', () => {
  it('answers per the letters of the menu entry of the route', async () => {
    expect(await access(storekeeper, 'store-warehouse', 'aircraft-logistic')).toBe(1);
    expect(await access(storekeeper, 'master-item-list', 'aircraft-procurement')).toBe(1); // R only
    expect(await access(storekeeper, 'vendor', 'aircraft-procurement')).toBe(1);
    expect(await access(storekeeper, 'fleet-list', 'aircraft-maintenance')).toBe(0);
    expect(await access(storekeeper, 'amo-customer', 'aircraft-mro')).toBe(0);
    for (const route of ['user', 'menu', 'company-add', 'company-profile']) expect(await access(storekeeper, route, 'admin')).toBe(0);
    for (const route of ['user', 'menu', 'company-add', 'company-profile']) expect(await access(admin, route, 'admin')).toBe(1);
    // without modul: any module
    expect(await access(storekeeper, 'store-warehouse')).toBe(1);
    expect(await access(storekeeper, 'user')).toBe(0);
    // unknown route or module
    expect(await access(storekeeper, 'no-such-route', 'aircraft-logistic')).toBe(0);
    expect(await access(storekeeper, 'store-warehouse', 'no-such-module')).toBe(0);
  });

  it('a form route without its own menu entry follows the letters on its entity', async () => {
    expect(await access(storekeeper, 'store-warehouse-form', 'aircraft-logistic')).toBe(1);
    expect(await access(storekeeper, 'vendor-form', 'aircraft-procurement')).toBe(1);
    expect(await access(storekeeper, 'fleet-form', 'aircraft-maintenance')).toBe(0);
    expect(await access(storekeeper, 'user-form', 'admin')).toBe(0);
    expect(await access(storekeeper, 'company-form', 'admin')).toBe(0);
    // a user with R on the store list only: the store form opens, the ARC status form does not
    await createUser(t, { username: 'acc.narrow', companies: { GAT: { 'aircraft-logistic/store-warehouse': 'R' } } });
    const narrow = (await t.signIn('acc.narrow', DEMO_PASSWORD)).token;
    expect(await access(narrow, 'store-warehouse-form', 'aircraft-logistic')).toBe(1);
    expect(await access(narrow, 'arc-status-form', 'aircraft-logistic')).toBe(0);
    expect(await access(narrow, 'arc-status', 'aircraft-logistic')).toBe(0);
  });

  it("module 'home' is open only when the module has a readable entry", async () => {
    expect(await access(storekeeper, 'home', 'aircraft-logistic')).toBe(1);
    expect(await access(storekeeper, 'home', 'aircraft-procurement')).toBe(1);
    expect(await access(storekeeper, 'home', 'aircraft-maintenance')).toBe(0);
    expect(await access(storekeeper, 'home', 'admin')).toBe(1); // the Delegations entry is readable
    expect(await access(admin, 'home', 'admin')).toBe(1);
    await createUser(t, { username: 'acc.noread', companies: { GAT: { 'aircraft-logistic/store-warehouse': 'CU' } } });
    const noread = (await t.signIn('acc.noread', DEMO_PASSWORD)).token;
    expect(await access(noread, 'home', 'aircraft-logistic')).toBe(0);
    expect(await access(noread, 'store-warehouse', 'aircraft-logistic')).toBe(0);
  });

  it('a route marked noAccessCheck (spec: postmod-history) is open to any signed-in user', async () => {
    const open = t.services.reg.menus.filter((m) => m.noAccessCheck && m.route);
    expect(open.map((m) => `${m.module}/${m.route}`)).toContain('aircraft-logistic/postmod-history');
    await createUser(t, { username: 'acc.nothing', companies: { GAT: {} } });
    const nothing = (await t.signIn('acc.nothing', DEMO_PASSWORD)).token;
    for (const m of open) expect(await access(nothing, m.route!, m.module)).toBe(1);
    expect(await access(nothing, 'store-warehouse', 'aircraft-logistic')).toBe(0);
  });
});

describe('GET menus/modul/{modul}', () => {
  it('returns the readable entries and their groups with the permission letters', async () => {
    const r = await t.call('GET', '/api/menus/modul/aircraft-logistic', { token: storekeeper });
    expect(r.status).toBe(200);
    const all = t.services.reg.menusOf('aircraft-logistic');
    expect(r.body).toHaveLength(all.length);
    for (const m of r.body) {
      expect(Object.keys(m).sort()).toEqual(MENU_FIELDS);
      expect(m.permission).toBe(ROLES.storekeeper['aircraft-logistic']);
    }
    const byName = new Map(r.body.map((m: { name: string }) => [m.name, m]));
    const store = byName.get('store-warehouse') as Record<string, unknown>;
    const stores = byName.get('stores') as Record<string, unknown>;
    const def = t.services.reg.menusOf('aircraft-logistic').find((m) => m.name === 'store-warehouse')!;
    expect(store).toMatchObject({ title: def.title, icon: def.icon, url: '/aircraft-logistic/store-warehouse', level: 2, parent_id: stores.menu_id });
    expect(stores).toMatchObject({ level: 1, parent_id: null, url: null });
    const proc = await t.call('GET', '/api/menus/modul/aircraft-procurement', { token: storekeeper });
    expect(proc.body.length).toBeGreaterThan(0);
    for (const m of proc.body) expect(m.permission).toBe(ROLES.storekeeper['aircraft-procurement']);
    const adm = await t.call('GET', '/api/menus/modul/admin', { token: storekeeper });
    expect(adm.status).toBe(200);
    // of the admin module, only the Delegations entry and its group
    expect(adm.body.map((m: { name: string; permission: string }) => `${m.name}:${m.permission}`)).toEqual(['workflow-group:R', 'workflow-delegation:CRUD']);
  });

  it('leaves out entries without R and groups with no readable entry', async () => {
    await createUser(t, {
      username: 'menu.partial',
      companies: { GAT: { 'aircraft-logistic/store-warehouse': 'RU', 'aircraft-logistic/arc-status': 'CU', 'aircraft-logistic/master-item-list': 'P' } },
    });
    const { token } = await t.signIn('menu.partial', DEMO_PASSWORD);
    const r = await t.call('GET', '/api/menus/modul/aircraft-logistic', { token });
    expect(r.status).toBe(200);
    // entries marked noAccessCheck (spec: postmod-history) are shown to everyone, with their groups
    const reg = t.services.reg;
    const open = reg.menusOf('aircraft-logistic').filter((m) => m.noAccessCheck);
    const expected = new Set(['stores', 'store-warehouse', ...open.map((m) => m.name), ...open.map((m) => m.parent).filter((p): p is string => !!p)]);
    expect(new Set(names(r.body))).toEqual(expected);
    expect(names(r.body)).not.toContain('arc-status');
    expect(names(r.body)).not.toContain('master-item-list');
    const store = r.body.find((m: { name: string }) => m.name === 'store-warehouse');
    const stores = r.body.find((m: { name: string }) => m.name === 'stores');
    expect(store.permission).toBe('RU');
    expect(store.parent_id).toBe(stores.menu_id);
  });
});

describe('GET menus/modul/{modul}/{username}', () => {
  it('shows the admin every entry of the module with that user’s letters', async () => {
    const r = await t.call('GET', '/api/menus/modul/aircraft-logistic/admin', { token: admin });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(t.services.reg.menusOf('aircraft-logistic').length);
    for (const m of r.body) {
      expect(Object.keys(m).sort()).toEqual([...MENU_FIELDS, 'uses'].sort());
      expect(m.permission).toBe(ROLES.administrator['aircraft-logistic']);
    }
    // what each letter allows on the entry's screen: posting and reversing are O, printing P (decision 0120)
    const receipts = r.body.find((m: { name: string }) => m.name === 'inventory-receipt');
    expect(receipts.uses).toMatchObject({ P: 'print', R: 'list and read' });
    expect(receipts.uses.O.split(', ')).toEqual(expect.arrayContaining(['export', 'Post', 'Reverse']));
    const ca = (await t.signIn('cta.admin', DEMO_PASSWORD)).token; // active CTA
    const sk = await t.call('GET', '/api/menus/modul/aircraft-logistic/storekeeper', { token: ca });
    expect(sk.status).toBe(200);
    expect(sk.body).toHaveLength(t.services.reg.menusOf('aircraft-logistic').length);
    for (const m of sk.body) expect(m.permission).toBe(ROLES.viewer['aircraft-logistic']); // storekeeper is a viewer in CTA
    const none = await t.call('GET', '/api/menus/modul/admin/storekeeper', { token: ca });
    expect(none.body.length).toBe(t.services.reg.menusOf('admin').length);
    for (const m of none.body) expect(m.permission).toBe('');
  });

  it('is refused to a user without access to the menu screen', async () => {
    expectError(await t.call('GET', '/api/menus/modul/aircraft-logistic/storekeeper', { token: storekeeper }), 403, 'ERR_FORBIDDEN');
    expectError(await t.call('GET', '/api/menus/modul/aircraft-logistic/admin', { token: storekeeper }), 403, 'ERR_FORBIDDEN');
  });

  it('answers 404 for an unknown user and for a user of another company', async () => {
    expectError(await t.call('GET', '/api/menus/modul/aircraft-logistic/nobody.here', { token: admin }), 404, 'ERR_NOT_FOUND');
    // admin is active in GAH; storekeeper works in GAT and CTA only
    expectError(await t.call('GET', '/api/menus/modul/aircraft-logistic/storekeeper', { token: admin }), 404, 'ERR_NOT_FOUND');
  });
});

describe('POST menus', () => {
  it('grants letters that take effect on the user’s next request, and removes them', async () => {
    await createUser(t, { username: 'menu.grant', companies: { GAH: 'storekeeper' } });
    const ids = await menuIds('admin');
    const { token } = await t.signIn('menu.grant', DEMO_PASSWORD);
    expect(await access(token, 'user', 'admin')).toBe(0);
    expectError(await t.call('GET', '/api/data/users?route=admin/user', { token }), 403, 'ERR_FORBIDDEN');

    const grant = await t.call('POST', '/api/menus', {
      token: admin,
      body: { username: 'menu.grant', modulname: 'admin', menus: [{ menu_id: ids.get('user'), permission: 'ru' }] },
    });
    expect(grant.status).toBe(200);
    expect(grant.body.success).toBe(1);
    // same token, no restart, no new sign-in
    expect(await access(token, 'user', 'admin')).toBe(1);
    expect(await access(token, 'home', 'admin')).toBe(1);
    expect((await t.call('GET', '/api/data/users?route=admin/user', { token })).status).toBe(200);
    const view = await t.call('GET', '/api/menus/modul/admin/menu.grant', { token: admin });
    expect(view.body.find((m: { name: string }) => m.name === 'user').permission).toBe('RU');
    const tree = await t.call('GET', '/api/menus/modul/admin', { token });
    expect(names(tree.body)).toEqual(['users-group', 'user', 'workflow-group', 'workflow-delegation']);

    const revoke = await t.call('POST', '/api/menus', {
      token: admin,
      body: { username: 'menu.grant', modulname: 'admin', menus: [{ menu_id: ids.get('user'), permission: '' }] },
    });
    expect(revoke.status).toBe(200);
    expect(await access(token, 'user', 'admin')).toBe(0);
    // the storekeeper role's own Delegations entry stays
    expect(names((await t.call('GET', '/api/menus/modul/admin', { token })).body)).toEqual(['workflow-group', 'workflow-delegation']);

    const audit = await t.services.database.db.selectFrom('sys_audit').selectAll().where('entity', '=', 'user_menu').where('record_key', '=', 'menu.grant/admin').execute();
    expect(audit.length).toBe(2);
    expect(audit.every((a) => a.username === 'admin')).toBe(true);
  });

  it('refuses invalid letters, menus of another module, other companies and non-admins', async () => {
    await createUser(t, { username: 'menu.target', companies: { GAH: 'viewer' } });
    const adminIds = await menuIds('admin');
    const logisticIds = await menuIds('aircraft-logistic');
    const post = (token: string, body: unknown) => t.call('POST', '/api/menus', { token, body });
    for (const permission of ['RX', 'CRUDPOC', 'R U', '1']) {
      expectError(await post(admin, { username: 'menu.target', modulname: 'admin', menus: [{ menu_id: adminIds.get('user'), permission }] }), 400, 'ERR_VALIDATION');
    }
    expectError(await post(admin, { username: 'menu.target', modulname: 'admin', menus: [{ menu_id: logisticIds.get('store-warehouse'), permission: 'R' }] }), 400, 'ERR_VALIDATION');
    expectError(await post(admin, { username: 'menu.target', modulname: 'admin', menus: [{ menu_id: 999999, permission: 'R' }] }), 400, 'ERR_VALIDATION');
    expectError(await post(admin, { username: 'menu.target', modulname: 'admin' }), 400, 'ERR_VALIDATION');
    // storekeeper is not in GAH (admin's active company)
    expectError(await post(admin, { username: 'storekeeper', modulname: 'admin', menus: [{ menu_id: adminIds.get('user'), permission: 'R' }] }), 404, 'ERR_NOT_FOUND');
    expectError(
      await post(admin, { username: 'menu.target', compcode: 'GAT', modulname: 'admin', menus: [{ menu_id: adminIds.get('user'), permission: 'R' }] }),
      403,
      'ERR_COMPANY_FORBIDDEN',
    );
    expectError(await post(storekeeper, { username: 'storekeeper', modulname: 'admin', menus: [{ menu_id: adminIds.get('user'), permission: 'CRUDPO' }] }), 403, 'ERR_FORBIDDEN');
    // nothing was written
    const rows = await t.services.database.db.selectFrom('user_menu').select('permission').where('user_id', '=', await userId(t, 'menu.target')).where('menu_id', '=', adminIds.get('user')!).execute();
    expect(rows).toEqual([]);
    expect(await access(storekeeper, 'user', 'admin')).toBe(0);
  });
});

describe('GET users/list', () => {
  const activeUsersOf = async (compcode: string) =>
    (
      await t.services.database.db
        .selectFrom('users as u')
        .innerJoin('user_company as uc', 'uc.user_id', 'u.user_id')
        .select('u.username')
        .where('uc.compcode', '=', compcode)
        .where('u.active', '=', true)
        .execute()
    )
      .map((r) => r.username as string)
      .sort();

  it('lists only the users of the active company, with username, full_name, company, jabatan', async () => {
    const r = await t.call('GET', '/api/users/list/?limit=100', { token: storekeeper });
    expect(r.status).toBe(200);
    const expected = await activeUsersOf('GAT');
    expect(r.body.meta.total).toBe(expected.length);
    expect(r.body.list.map((u: { username: string }) => u.username).sort()).toEqual(expected);
    expect(expected).not.toContain('cta.admin');
    for (const row of r.body.list) {
      expect(row.company).toBe('Garuda Aero Technics');
      for (const f of ['username', 'full_name', 'company', 'jabatan']) expect(row).toHaveProperty(f);
      expect(row).not.toHaveProperty('password_hash');
    }
    expect(r.body.list.find((u: { username: string }) => u.username === 'storekeeper')).toMatchObject({ full_name: 'Budi Santoso', jabatan: 'Storekeeper' });
    const gah = await t.call('GET', '/api/users/list?limit=100', { token: admin });
    expect(gah.body.list.map((u: { username: string }) => u.username).sort()).toEqual(await activeUsersOf('GAH'));
    expect(gah.body.list.map((u: { username: string }) => u.username)).not.toContain('storekeeper');
  });

  it('pages and sorts', async () => {
    const total = (await activeUsersOf('GAT')).length;
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 2); page++) {
      const r = await t.call('GET', `/api/users/list?page=${page}&limit=2&sortBy=username&sortDir=asc`, { token: storekeeper });
      expect(r.body.meta.total).toBe(total);
      expect(r.body.list.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.list.map((u: { username: string }) => u.username));
    }
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(total);
    const desc = await t.call('GET', '/api/users/list?limit=100&sortBy=full_name&sortDir=desc', { token: storekeeper });
    const fullNames = desc.body.list.map((u: { full_name: string }) => u.full_name);
    expect(fullNames).toEqual([...fullNames].sort((a: string, b: string) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    expectError(await t.call('GET', '/api/users/list?sortBy=password_hash', { token: storekeeper }), 400, 'ERR_VALIDATION');
    expectError(await t.call('GET', '/api/users/list?limit=0', { token: storekeeper }), 400, 'ERR_VALIDATION');
  });

  it('filters by username, full_name and company', async () => {
    const byUser = await t.call('GET', '/api/users/list?username=PLANN', { token: storekeeper });
    expect(byUser.body.list.map((u: { username: string }) => u.username)).toEqual(['planner']);
    expect(byUser.body.meta.total).toBe(1);
    const byName = await t.call('GET', '/api/users/list?full_name=budi', { token: storekeeper });
    expect(byName.body.list.map((u: { username: string }) => u.username)).toEqual(['storekeeper']);
    const byCompany = await t.call('GET', '/api/users/list?company=Technics&limit=100', { token: storekeeper });
    expect(byCompany.body.meta.total).toBe((await activeUsersOf('GAT')).length);
    const other = await t.call('GET', '/api/users/list?company=Citra', { token: storekeeper });
    expect(other.body.meta.total).toBe(0);
    expect(other.body.list).toEqual([]);
    const wildcard = await t.call('GET', '/api/users/list?username=%25', { token: storekeeper });
    expect(wildcard.body.meta.total).toBe(0);
  });
});

describe('PUT users/reset/{user_id}', () => {
  it('a user resets their own password with the current one: the default password then signs in with defaultpw true', async () => {
    const id = await createUser(t, { username: 'reset.self', companies: { GAT: 'storekeeper' } });
    const { token } = await t.signIn('reset.self', DEMO_PASSWORD);
    // a session alone is not enough (a stolen token must not turn into the account)
    expectError(await t.call('PUT', `/api/users/reset/${id}`, { token, body: {} }), 400, 'ERR_PW_CURRENT');
    expectError(await t.call('PUT', `/api/users/reset/${id}`, { token, body: { password: 'wrong-password' }, headers: clientIp() }), 400, 'ERR_PW_CURRENT');
    const r = await t.call('PUT', `/api/users/reset/${id}`, { token, body: { password: DEMO_PASSWORD } });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(1);
    expect(r.body.message).toBe('Reset Password Successfully');
    expect(typeof r.body.default_password).toBe('string');
    expect(r.body.default_password.length).toBeGreaterThanOrEqual(8);
    const s = await t.call('POST', '/api/auth/signin', { body: { username: 'reset.self', password: r.body.default_password }, headers: clientIp() });
    expect(s.status).toBe(200);
    expect(s.body.defaultpw).toBe(true);
    expect(s.body.refresh_token).toBeNull();
    expectError(await t.call('POST', '/api/auth/signin', { body: { username: 'reset.self', password: DEMO_PASSWORD }, headers: clientIp() }), 401, 'ERR_BAD_CREDENTIALS');
  });

  it("resetting another user's password needs U on the user screen", async () => {
    const id = await createUser(t, { username: 'reset.other', companies: { GAH: 'storekeeper', GAT: 'storekeeper' } });
    await createUser(t, { username: 'reset.peer', companies: { GAT: 'storekeeper' } });
    const peer = (await t.signIn('reset.peer', DEMO_PASSWORD)).token;
    expectError(await t.call('PUT', `/api/users/reset/${id}`, { token: peer }), 403, 'ERR_FORBIDDEN');
    expectError(await t.call('PUT', `/api/users/reset/${id}`, { token: storekeeper }), 403, 'ERR_FORBIDDEN');
    expect((await t.call('POST', '/api/auth/signin', { body: { username: 'reset.other', password: DEMO_PASSWORD }, headers: clientIp() })).status).toBe(200);

    const r = await t.call('PUT', `/api/users/reset/${id}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Reset Password Successfully');
    const s = await t.call('POST', '/api/auth/signin', { body: { username: 'reset.other', password: r.body.default_password }, headers: clientIp() });
    expect(s.body.defaultpw).toBe(true);
    const audit = await t.services.database.db.selectFrom('sys_audit').selectAll().where('entity', '=', 'users').where('record_key', '=', String(id)).execute();
    expect(audit.some((a) => a.username === 'admin' && String(a.changes).includes('reset password'))).toBe(true);
  });

  it('is refused for a user outside the active company, for an unknown id, and across companies', async () => {
    // admin is active in GAH; storekeeper is not in GAH
    expectError(await t.call('PUT', `/api/users/reset/${await userId(t, 'storekeeper')}`, { token: admin }), 404, 'ERR_NOT_FOUND');
    expectError(await t.call('PUT', '/api/users/reset/987654', { token: admin }), 404, 'ERR_NOT_FOUND');
    expectError(await t.call('PUT', '/api/users/reset/abc', { token: admin }), 404, 'ERR_NOT_FOUND');
    // cta.admin administers CTA only: resetting purchaser (who also works in GAT) would hand over the
    // GAT account, so it is refused; a CTA-only user can be reset.
    const ca = (await t.signIn('cta.admin', DEMO_PASSWORD)).token;
    expectError(await t.call('PUT', `/api/users/reset/${await userId(t, 'purchaser')}`, { token: ca }), 403, 'ERR_FORBIDDEN');
    expect((await t.call('POST', '/api/auth/signin', { body: { username: 'purchaser', password: DEMO_PASSWORD }, headers: clientIp() })).status).toBe(200);
    const ctaOnly = await createUser(t, { username: 'reset.cta', companies: { CTA: 'viewer' } });
    const r = await t.call('PUT', `/api/users/reset/${ctaOnly}`, { token: ca });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Reset Password Successfully');
  });
});

describe('PUT users/ulc/{user_id} (switch company)', () => {
  it('switches to an allowed company: returns the new session and later requests act there', async () => {
    const id = await createUser(t, { username: 'switch.user', companies: { GAT: 'storekeeper', CTA: 'viewer' }, last: 'GAT' });
    const { token } = await t.signIn('switch.user', DEMO_PASSWORD);
    expect(names((await t.call('GET', '/api/auth/usermodules', { token })).body)).toEqual(['aircraft-logistic', 'aircraft-procurement', 'admin']);
    const before = await t.call('GET', '/api/data/store_warehouse?route=aircraft-logistic/store-warehouse&limit=100', { token });

    const r = await t.call('PUT', `/api/users/ulc/${id}`, { token, body: { compcode: 'CTA' } });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(1);
    expect(r.body.user).toMatchObject({ username: 'switch.user', compcode: 'CTA', company: 'Citra Aviation', compcolor: '#8a1c2b', matauang: 'IDR' });

    const me = await t.call('GET', '/api/users/me', { token });
    expect(me.body.user.compcode).toBe('CTA');
    expect(names((await t.call('GET', '/api/auth/usermodules', { token })).body)).toEqual(ALL_MODULES.filter((m) => m !== 'admin'));
    expect(await access(token, 'fleet-list', 'aircraft-maintenance')).toBe(1);
    const after = await t.call('GET', '/api/data/store_warehouse?route=aircraft-logistic/store-warehouse&limit=100', { token });
    expect(after.status).toBe(200);
    const ctaKeys = [...(await t.services.database.db.selectFrom('store_warehouse').select('store_id').where('compcode', '=', 'CTA').execute())].map((x) => x.store_id).sort();
    expect(after.body.list.map((x: { store_id: number }) => x.store_id).sort()).toEqual(ctaKeys);
    expect(after.body.list.map((x: { store_id: number }) => x.store_id)).not.toEqual(before.body.list.map((x: { store_id: number }) => x.store_id));
    // viewer in CTA: no create there
    expectError(await t.call('POST', '/api/data/store_warehouse', { token, body: { store_code: 'SW-X', store_name: 'Switch test' } }), 403, 'ERR_FORBIDDEN');
    const users = await t.call('GET', '/api/users/list?limit=100', { token });
    expect(users.body.list.every((u: { company: string }) => u.company === 'Citra Aviation')).toBe(true);
    // the company is remembered for the next sign-in
    const again = await t.signIn('switch.user', DEMO_PASSWORD);
    expect(again.user.compcode).toBe('CTA');
  });

  it('refuses a company not assigned, another user id and a missing compcode', async () => {
    const id = await createUser(t, { username: 'switch.denied', companies: { GAT: 'storekeeper', CTA: 'viewer' } });
    const { token } = await t.signIn('switch.denied', DEMO_PASSWORD);
    expectError(await t.call('PUT', `/api/users/ulc/${id}`, { token, body: { compcode: 'GAH' } }), 403, 'ERR_COMPANY_FORBIDDEN');
    expectError(await t.call('PUT', `/api/users/ulc/${id}`, { token, body: { compcode: 'NOPE' } }), 403, 'ERR_COMPANY_FORBIDDEN');
    expectError(await t.call('PUT', `/api/users/ulc/${await userId(t, 'storekeeper')}`, { token, body: { compcode: 'CTA' } }), 403, 'ERR_FORBIDDEN');
    expectError(await t.call('PUT', `/api/users/ulc/${id}`, { token, body: {} }), 400, 'ERR_VALIDATION');
    expect((await t.call('GET', '/api/users/me', { token })).body.user.compcode).toBe('GAT');
    expect((await t.call('GET', '/api/users/me', { token: storekeeper })).body.user.compcode).toBe('GAT');
  });
});

describe('GET users/companies', () => {
  const codes = (r: { body: { list: { compcode: string }[] } }) => r.body.list.map((c) => c.compcode).sort();

  it('lists only the companies the user is assigned to', async () => {
    const all = await t.call('GET', '/api/users/companies', { token: admin });
    expect(all.status).toBe(200);
    expect(codes(all)).toEqual(['CTA', 'GAH', 'GAT']);
    expect(all.body.meta.total).toBe(3);
    const gat = all.body.list.find((c: { compcode: string }) => c.compcode === 'GAT');
    expect(gat).toMatchObject({
      company: 'Garuda Aero Technics',
      compaddr1: 'Soekarno-Hatta International Airport',
      compaddr: 'Soekarno-Hatta International Airport Hangar 4, Tangerang Banten 15125, Indonesia',
      PhoneNo: '+62 21 550 8609',
      compfax: '+62 21 550 8610',
      holding: 'GAH',
      compcolor: '#0f6e5a',
    });
    expect(all.body.list.find((c: { compcode: string }) => c.compcode === 'GAH').active).toBe(true);
    expect(codes(await t.call('GET', '/api/users/companies', { token: storekeeper }))).toEqual(['CTA', 'GAT']);
    const ca = (await t.signIn('cta.admin', DEMO_PASSWORD)).token;
    expect(codes(await t.call('GET', '/api/users/companies', { token: ca }))).toEqual(['CTA']);
  });

  it('filters by holding and by free text', async () => {
    await t.services.database.db.insertInto('company').values({ compcode: 'XHD', company: 'Xenon Holding Air', holding: 'XHD', isholding: true, matauang: 'USD', created_by: 'test' }).execute();
    await createUser(t, { username: 'two.groups', companies: { GAT: 'viewer', XHD: 'viewer' } });
    const { token } = await t.signIn('two.groups', DEMO_PASSWORD);
    expect(codes(await t.call('GET', '/api/users/companies', { token }))).toEqual(['GAT', 'XHD']);
    expect(codes(await t.call('GET', '/api/users/companies?holding=GAH', { token }))).toEqual(['GAT']);
    expect(codes(await t.call('GET', '/api/users/companies?holding=XHD', { token }))).toEqual(['XHD']);
    expect(codes(await t.call('GET', '/api/users/companies?holding=NONE', { token }))).toEqual([]);
    // admin is not assigned to XHD
    expect(codes(await t.call('GET', '/api/users/companies?holding=XHD', { token: admin }))).toEqual([]);
    expect(codes(await t.call('GET', '/api/users/companies?holding=GAH', { token: admin }))).toEqual(['CTA', 'GAH', 'GAT']);
    expect(codes(await t.call('GET', '/api/users/companies?q=citra', { token: admin }))).toEqual(['CTA']);
    expect(codes(await t.call('GET', '/api/users/companies?q=gat', { token: admin }))).toEqual(['GAT']);
    expect(codes(await t.call('GET', '/api/users/companies?q=aero', { token: admin }))).toEqual(['GAH', 'GAT']);
    expect(codes(await t.call('GET', '/api/users/companies?q=xenon', { token: admin }))).toEqual([]);
    const sorted = await t.call('GET', '/api/users/companies?sortBy=compcode&sortDir=desc', { token: admin });
    expect(sorted.body.list.map((c: { compcode: string }) => c.compcode)).toEqual(['GAT', 'GAH', 'CTA']);
  });
});

describe('user names', () => {
  it('a user name with a space, a quote or an @ is refused at the field on every path that writes users; nothing is stored', async () => {
    for (const username of ['bad name', "o'brien", 'me@example.com', '.dot-first']) {
      for (const url of ['/api/data/users', '/api/users']) {
        const r = await t.call('POST', url, { token: admin, body: { username, full_name: 'Bad Name', usergroup: 'user', active: true } });
        expect(r.status, `${url} ${username}: ${JSON.stringify(r.body)}`).toBe(400);
        expect(r.body.errors?.map((e: { path: string }) => e.path)).toContain('/username');
      }
      expect(await t.services.database.db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirst()).toBeUndefined();
    }
    const good = await t.call('POST', '/api/data/users', { token: admin, body: { username: 'good.name-1', full_name: 'Good Name', usergroup: 'user', active: true } });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  });
});

describe("a role's letters", () => {
  it('are some of C R U D P O in their order; another letter is refused at the field, never dropped', async () => {
    const menu = await t.services.database.db.selectFrom('menu').select('menu_id').where('modulname', '=', 'admin').where('route', 'is not', null).orderBy('menu_id').executeTakeFirstOrThrow();
    const roles = async () => (await t.services.database.db.selectFrom('role').select('role_name').where('role_name', 'like', 'Letters test%').execute()).length;
    // "RW": W is no letter of the product; before, it was saved as R without a word
    const r = await t.call('POST', '/api/data/role', { token: admin, body: { role_name: 'Letters test W', menus: [{ menu_id: menu.menu_id, permission: 'RW' }] } });
    expectError(r, 400, 'ERR_VALIDATION');
    expect(r.body.errors.map((e: { message: string }) => e.message)).toEqual(["must be some of the letters C R U D P O: 'W' is not one"]);
    expect(await roles()).toBe(0);
    // lower case and any order are the same letters, kept in their usual order
    const ok = await t.call('POST', '/api/data/role', { token: admin, body: { role_name: 'Letters test ok', menus: [{ menu_id: menu.menu_id, permission: 'ur' }] } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.menus.map((m: { permission: string }) => m.permission)).toEqual(['RU']);
  });
});
