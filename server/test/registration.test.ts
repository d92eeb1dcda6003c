/**
 * Spec §2 Registration, §3 Registration, §5 Registration validation, §8 messages: the public
 * demo/trial registration and its conversion into a company with its first user (admin screen
 * company-add, plugin action convert_registration).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { clientIp, countRows, DEMO_PASSWORD, expectError, keysOfCompany, listAll, readableEntities, STARTUP_TIMEOUT, userId, WALK_TIMEOUT } from './support.ts';

const REQUIRED = ['company', 'compaddr1', 'compphone', 'compemail', 'contact_name', 'contact_number', 'username'];
const SUCCESS = 'Submit data successfully, our team will contact you soon';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signIn('admin', 'admin123')).token;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

let seq = 0;
function form(over: Record<string, unknown> = {}): Record<string, unknown> {
  seq++;
  return {
    company: `Nusa Air ${seq}`,
    compaddr1: 'Jl. Angkasa No. 1',
    compaddr2: 'Kemayoran',
    compaddr3: 'Jakarta 10610',
    compphone: '+62 21 654 0000',
    compfax: '+62 21 654 0001',
    contact_name: 'Wayan Sudarma',
    contact_number: '+62 812 3456 7890',
    compemail: `ops${seq}@nusa-air.example`,
    username: `nusa.boss${seq}`,
    ...over,
  };
}

// each from an address of its own: registrations are rate limited per address (tested in the reliability suite)
const submit = (body: unknown) => t.call('POST', '/api/registration', { body, headers: clientIp() });
const regRow = (regkey: number) => t.services.database.db.selectFrom('registration').selectAll().where('regkey', '=', regkey).executeTakeFirstOrThrow();
const convert = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/data/registration/action/convert_registration', { token, body });

describe('POST registration (public)', () => {
  it('refuses missing required fields with the spec message, naming the fields, and stores nothing', async () => {
    const before = await countRows(t, 'registration');
    const empty = await submit({});
    expectError(empty, 400, 'ERR_VALIDATION', 'Please fill the form correctly.');
    expect(empty.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(REQUIRED.map((f) => `/${f}`).sort());
    for (const f of REQUIRED) {
      for (const value of [undefined, '', '   ', null]) {
        const body = form();
        if (value === undefined) delete body[f];
        else body[f] = value;
        const r = await submit(body);
        expectError(r, 400, 'ERR_VALIDATION', 'Please fill the form correctly.');
        expect(r.body.errors).toEqual([{ path: `/${f}`, message: 'is required' }]);
      }
    }
    expect(await countRows(t, 'registration')).toBe(before);
  });

  it('refuses unknown fields, oversized strings and wrong types, storing nothing', async () => {
    const before = await countRows(t, 'registration');
    const unknown = await submit(form({ compcode: 'GAH' }));
    expectError(unknown, 400, 'ERR_VALIDATION', 'Please fill the form correctly.');
    expect(unknown.body.errors).toEqual([{ path: '/compcode', message: 'is not a field of this form' }]);
    for (const extra of [{ regkey: 1 }, { created_by: 'x' }, { created_at: '2020-01-01T00:00:00Z' }]) {
      expectError(await submit(form(extra)), 400, 'ERR_VALIDATION');
    }
    const long = await submit(form({ contact_name: 'x'.repeat(101) }));
    expectError(long, 400, 'ERR_VALIDATION', 'Please fill the form correctly.');
    expect(long.body.errors.map((e: { path: string }) => e.path)).toContain('/contact_name');
    expectError(await submit(form({ username: 'u'.repeat(51) })), 400, 'ERR_VALIDATION');
    expectError(await submit(form({ compaddr3: 'a'.repeat(121) })), 400, 'ERR_VALIDATION');
    expectError(await submit(form({ compphone: 12345 })), 400, 'ERR_VALIDATION');
    expectError(await submit(form({ company: { $gt: '' } })), 400, 'ERR_VALIDATION');
    expectError(await submit([form()]), 400);
    expect(await countRows(t, 'registration')).toBe(before);
  });

  it('stores a registration with the email name and address defaults', async () => {
    const before = await countRows(t, 'registration');
    const body = form({ company: '  Sumba Wings  ', compaddr2: '', compaddr3: 'Waingapu', username: 'Sumba.Admin', compfax: '' });
    const r = await submit(body);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(1);
    expect(r.body.message).toBe(SUCCESS);
    expect(Number.isInteger(r.body.data.regkey)).toBe(true);
    expect(await countRows(t, 'registration')).toBe(before + 1);
    const row = await regRow(r.body.data.regkey);
    expect(row).toMatchObject({
      company: 'Sumba Wings',
      compaddr1: 'Jl. Angkasa No. 1',
      compaddr2: null,
      compaddr3: 'Waingapu',
      compfax: null,
      compphone: body.compphone,
      contact_name: 'Wayan Sudarma',
      contact_number: body.contact_number,
      compemail: body.compemail,
      compemail_name: 'Sumba Wings',
      compemail_address: 'Jl. Angkasa No. 1 Waingapu',
      username: 'sumba.admin',
      status: 'new',
      converted_compcode: null,
    });
    const all3 = await regRow((await submit(form())).body.data.regkey);
    expect(all3.compemail_address).toBe('Jl. Angkasa No. 1 Kemayoran Jakarta 10610');
  });

  it('ignores the read-only state fields a registrant might send', async () => {
    const r = await submit(form({ status: 'converted', converted_compcode: 'GAH', converted_user_id: 1 }));
    expect(r.status).toBe(200);
    expect(await regRow(r.body.data.regkey)).toMatchObject({ status: 'new', converted_compcode: null, converted_user_id: null, created_by: 'registration' });
  });

  it('keeps an explicit compemail_name and compemail_address', async () => {
    const r = await submit(form({ compemail_name: 'Finance Dept.', compemail_address: 'PO Box 42, Jakarta' }));
    expect(r.status).toBe(200);
    const row = await regRow(r.body.data.regkey);
    expect(row.compemail_name).toBe('Finance Dept.');
    expect(row.compemail_address).toBe('PO Box 42, Jakarta');
  });

  it('admin lists registrations on company-add; others cannot', async () => {
    const r = await submit(form({ company: 'Listed Air Cargo' }));
    const list = await t.call('GET', '/api/data/registration?route=admin/company-add&q=Listed%20Air&status=new', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBe(1);
    expect(list.body.list[0]).toMatchObject({ regkey: r.body.data.regkey, company: 'Listed Air Cargo', status: 'new', contact_name: 'Wayan Sudarma' });
    const sk = (await t.signIn('storekeeper', DEMO_PASSWORD)).token;
    expectError(await t.call('GET', '/api/data/registration?route=admin/company-add', { token: sk }), 403, 'ERR_FORBIDDEN');
    expectError(await t.call('GET', '/api/data/registration?route=admin/company-add'), 401, 'ERR_AUTH_REQUIRED');
  });
});

describe('convert_registration (company-add)', () => {
  it('creates the company and its first user, who must change the password and then works only in the new company', async () => {
    const body = form({ company: 'Borneo Sky Services', username: 'borneo.admin', contact_name: 'Rudi Hartono' });
    const { regkey } = (await submit(body)).body.data;
    const companiesBefore = await countRows(t, 'company');

    const r = await convert(admin, { key: regkey });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toBe(1);
    const compcode = r.body.company.compcode as string;
    expect(compcode).toMatch(/^[A-Z0-9]{2,20}$/);
    expect(['GAH', 'GAT', 'CTA']).not.toContain(compcode);
    expect(r.body.company.company).toBe('Borneo Sky Services');
    expect(r.body.user).toEqual({ user_id: await userId(t, 'borneo.admin'), username: 'borneo.admin' });
    expect(typeof r.body.default_password).toBe('string');
    expect(await countRows(t, 'company')).toBe(companiesBefore + 1);
    const company = await t.services.database.db.selectFrom('company').selectAll().where('compcode', '=', compcode).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ company: 'Borneo Sky Services', compaddr1: body.compaddr1, PhoneNo: body.compphone, compemail: body.compemail, holding: compcode });
    expect(await regRow(regkey)).toMatchObject({ status: 'converted', converted_compcode: compcode, converted_user_id: r.body.user.user_id });

    // first sign-in: default password
    const first = await t.call('POST', '/api/auth/signin', { body: { username: 'borneo.admin', password: r.body.default_password }, headers: clientIp() });
    expect(first.status).toBe(200);
    expect(first.body.defaultpw).toBe(true);
    expect(first.body.refresh_token).toBeNull();
    expect(first.body.user.compcode).toBe(compcode);
    expectError(await t.call('GET', '/api/auth/usermodules', { token: first.body.token }), 403, 'ERR_PASSWORD_CHANGE_REQUIRED');
    const changed = await t.call('POST', '/api/auth/changepwd', {
      token: first.body.token,
      body: { username: 'borneo.admin', password: r.body.default_password, new_password: 'Borneo-Sky-2026', confirm_password: 'Borneo-Sky-2026' },
    });
    expect(changed.body.message).toBe('Change Password Successfully');

    const s = await t.signIn('borneo.admin', 'Borneo-Sky-2026');
    expect(s.defaultpw).toBe(false);
    expect(s.user).toMatchObject({ username: 'borneo.admin', group: 'admin', compcode, company: 'Borneo Sky Services', compaddr: 'Jl. Angkasa No. 1 Kemayoran Jakarta 10610', holding: compcode });
    const token = s.token;
    expect((await t.call('GET', '/api/auth/usermodules', { token })).body).toHaveLength(6); // its administrator sees every module, quality included
    const adminMenus = await t.call('GET', '/api/menus/modul/admin', { token });
    // every admin entry except Add Company (prospects' registrations are the holding's business)
    expect(adminMenus.body.map((m: { name: string }) => m.name).sort()).toEqual(t.services.reg.menusOf('admin').filter((m) => m.route !== 'company-add').map((m) => m.name).sort());
    for (const m of adminMenus.body) expect(m.permission).toBe('CRUDPO');
    expect((await t.call('GET', '/api/menus/access/user?modul=admin', { token })).body.success).toBe(1);

    // the new company sees none of the demo companies' rows
    expect((await t.call('GET', '/api/users/companies', { token })).body.list.map((c: { compcode: string }) => c.compcode)).toEqual([compcode]);
    const users = await t.call('GET', '/api/users/list?limit=100', { token });
    expect(users.body.list.map((u: { username: string }) => u.username)).toEqual(['borneo.admin']);
    const seen = new Set<string>();
    const readable = readableEntities(t, 'administrator');
    for (const screen of t.services.reg.screens.values()) {
      if (screen.kind !== 'list') continue;
      const e = t.services.reg.entity(screen.entity);
      if (!e.companyScoped && !e.companyVia) continue; // registrations belong to no company (see report)
      const res = await listAll(t, token, e.name, `${screen.module}/${screen.route}`);
      expect(res.status, `${screen.module}/${screen.route}`).toBe(readable.has(e.name) ? 200 : 403);
      const own = await keysOfCompany(t, e.name, compcode);
      for (const row of res.rows) expect(own.has(String(row[e.key])), `${e.name} ${String(row[e.key])}`).toBe(true);
      if (!seen.has(e.name)) {
        seen.add(e.name);
        for (const other of ['GAH', 'GAT', 'CTA']) {
          const foreign = [...(await keysOfCompany(t, e.name, other))].filter((k) => !own.has(k));
          for (const k of foreign.slice(0, 3)) expectError(await t.call('GET', `/api/data/${e.name}/${k}`, { token }), 404, 'ERR_NOT_FOUND');
        }
      }
    }
    expect((await listAll(t, token, 'company', 'admin/company-profile')).rows.map((c) => c.compcode)).toEqual([compcode]);
    expect((await listAll(t, token, 'users', 'admin/user')).rows.map((u) => u.username)).toEqual(['borneo.admin']);
    expect((await listAll(t, token, 'store_warehouse', 'aircraft-logistic/store-warehouse')).total).toBe(0);

    // and works in its own company
    const created = await t.call('POST', '/api/data/store_warehouse', { token, body: { store_code: 'BDJ-MS', store_name: 'Banjarmasin Main Store' } });
    expect(created.status).toBe(200);
    expect(created.body.data.compcode).toBe(compcode);
  }, WALK_TIMEOUT);

  it('refuses a second conversion with 409', async () => {
    const { regkey } = (await submit(form())).body.data;
    expect((await convert(admin, { key: regkey })).status).toBe(200);
    const companies = await countRows(t, 'company');
    expectError(await convert(admin, { key: regkey }), 409, 'ERR_REGISTRATION_DONE');
    expect(await countRows(t, 'company')).toBe(companies);
  });

  it('needs C on company-add: storekeeper and approver get 403 and nothing is created', async () => {
    const { regkey } = (await submit(form())).body.data;
    const companies = await countRows(t, 'company');
    for (const who of ['storekeeper', 'approver']) {
      const { token } = await t.signIn(who, DEMO_PASSWORD);
      expectError(await convert(token, { key: regkey }), 403, 'ERR_FORBIDDEN');
    }
    expectError(await convert('', { key: regkey }), 401, 'ERR_AUTH_REQUIRED');
    expect(await countRows(t, 'company')).toBe(companies);
    expect((await regRow(regkey)).status).toBe('new');
  });

  it('refuses a requested username already taken with 409 and creates nothing', async () => {
    for (const username of ['storekeeper', 'ADMIN']) {
      const { regkey } = (await submit(form({ username }))).body.data;
      const companies = await countRows(t, 'company');
      const users = await countRows(t, 'users');
      const r = await convert(admin, { key: regkey });
      expectError(r, 409, 'ERR_DUPLICATE');
      expect(r.body.message).toContain(username.toLowerCase());
      expect(await countRows(t, 'company')).toBe(companies);
      expect(await countRows(t, 'users')).toBe(users);
      expect((await regRow(regkey)).status).toBe('new');
    }
    // the storekeeper account is untouched
    expect((await t.signIn('storekeeper', DEMO_PASSWORD)).user.compcode).toBe('GAT');
  });

  it('takes an explicit company code, refusing one already used or malformed', async () => {
    const { regkey } = (await submit(form())).body.data;
    const companies = await countRows(t, 'company');
    expectError(await convert(admin, { key: regkey, compcode: 'GAT' }), 409, 'ERR_DUPLICATE');
    expectError(await convert(admin, { key: regkey, compcode: 'x' }), 400, 'ERR_VALIDATION');
    expectError(await convert(admin, { key: regkey, compcode: 'AB-CD' }), 400, 'ERR_VALIDATION');
    expect(await countRows(t, 'company')).toBe(companies);
    const r = await convert(admin, { key: regkey, compcode: 'nsa9' });
    expect(r.status).toBe(200);
    expect(r.body.company.compcode).toBe('NSA9');
  });

  it('answers 404 for an unknown or missing registration key', async () => {
    expectError(await convert(admin, { key: 987654 }), 404, 'ERR_NOT_FOUND');
    expectError(await convert(admin, {}), 404, 'ERR_NOT_FOUND');
    expectError(await t.call('POST', '/api/data/registration/action/no_such_action', { token: admin, body: { key: 1 } }), 404);
  });
});
