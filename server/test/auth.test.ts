/**
 * Spec §2 Login, §3 User session, §4 Login/Session, §5 Password change, §7 Auth: sign-in, tokens,
 * refresh rotation, sign-out, password validation and change, default-password forcing, throttling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { clientIp, createUser, DEMO_PASSWORD, expectError, STARTUP_TIMEOUT, userId } from './support.ts';

const SESSION_FIELDS = [
  'username',
  'user_id',
  'group',
  'compcode',
  'company',
  'compaddr',
  'compwebsite',
  'compcolor',
  'cashinflowNo',
  'cashinflowNm',
  'use_wfservice',
  'use_procure',
  'holding',
  'matauang',
  'remain_pc_due',
  'remain_day_due',
  'ad_primary',
  'consumable_inveCatg',
  'insp_group_overhaul',
  'insp_group_timelimit',
];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const signin = (username: string, password: string, headers: Record<string, string> = clientIp()) =>
  t.call('POST', '/api/auth/signin', { body: { username, password }, headers });

describe('POST auth/signin', () => {
  it('returns tokens, the §3 session of the active company and the period dates', async () => {
    const r = await signin('admin', 'admin123');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(1);
    expect(typeof r.body.token).toBe('string');
    expect(r.body.token.split('.')).toHaveLength(3);
    expect(typeof r.body.refresh_token).toBe('string');
    expect(r.body.refresh_token.length).toBeGreaterThanOrEqual(20);
    expect(r.body.defaultpw).toBe(false);
    expect(r.body.tglaktif).toBe('2026-11-01');
    expect(r.body.tglkoran).toBe('2026-11-01');
    const u = r.body.user;
    for (const f of SESSION_FIELDS) expect(u, `session field ${f}`).toHaveProperty(f);
    expect(u).toMatchObject({
      username: 'admin',
      user_id: await userId(t, 'admin'),
      group: 'admin',
      compcode: 'GAH',
      company: 'Garuda Aero Holding',
      compaddr: 'Jl. Kebon Sirih No. 46 Menteng Jakarta Pusat 10110, Indonesia',
      compwebsite: 'https://garuda-aero.example',
      compcolor: '#1f4e79',
      cashinflowNo: '110-01',
      cashinflowNm: 'Bank Mandiri USD',
      use_wfservice: 1,
      use_procure: 1,
      holding: 'GAH',
      matauang: 'USD',
      ad_primary: 'DGCA',
    });
    expect(u).not.toHaveProperty('password_hash');
    expect(JSON.stringify(r.body)).not.toMatch(/argon2/);
  });

  it('starts in the last company used: planner signs in to CTA with its settings', async () => {
    const r = await signin('planner', DEMO_PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({
      username: 'planner',
      group: 'user',
      compcode: 'CTA',
      company: 'Citra Aviation',
      compcolor: '#8a1c2b',
      matauang: 'IDR',
      holding: 'GAH',
      remain_pc_due: 10,
      remain_day_due: 30,
      consumable_inveCatg: 'CONS',
      insp_group_overhaul: 'OH',
      insp_group_timelimit: 'HT',
    });
  });

  it('accepts the username in any case and with surrounding blanks', async () => {
    const r = await signin('  StoreKeeper ', DEMO_PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body.user.username).toBe('storekeeper');
  });

  it('refuses a wrong password with 401 ERR_BAD_CREDENTIALS', async () => {
    const r = await signin('admin', 'wrong-password');
    expectError(r, 401, 'ERR_BAD_CREDENTIALS');
    expect(r.body).not.toHaveProperty('token');
  });

  it('refuses an unknown user with the same 401 and message as a wrong password', async () => {
    const wrong = await signin('engineer', 'nope-nope');
    const unknown = await signin('no.such.user', 'nope-nope');
    expectError(unknown, 401, 'ERR_BAD_CREDENTIALS');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a blank username or password with 400 Please fill the form correctly.', async () => {
    for (const body of [
      { username: '', password: 'admin123' },
      { username: '   ', password: 'admin123' },
      { username: 'admin', password: '' },
      { username: 'admin' },
      { password: 'admin123' },
      {},
    ]) {
      const r = await t.call('POST', '/api/auth/signin', { body, headers: clientIp() });
      expectError(r, 400, 'ERR_VALIDATION', 'Please fill the form correctly.');
    }
  });

  it('refuses non-string and oversized credentials with 400', async () => {
    expectError(await t.call('POST', '/api/auth/signin', { body: { username: { $ne: '' }, password: 'admin123' }, headers: clientIp() }), 400, 'ERR_VALIDATION');
    expectError(await t.call('POST', '/api/auth/signin', { body: { username: 'admin', password: 'x'.repeat(201) }, headers: clientIp() }), 400, 'ERR_VALIDATION');
  });

  it('serves path variants: a doubled slash and a trailing slash', async () => {
    const r = await t.call('POST', '/api//auth/signin', { body: { username: 'admin', password: 'admin123' } });
    expect(r.status).toBe(200);
    expect(r.body.user.username).toBe('admin');
    const modules = await t.call('GET', '/api/auth/modules/', { token: r.body.token });
    expect(modules.status).toBe(200);
    expect(modules.body).toHaveLength(6); // admin, logistic, procurement, maintenance, MRO and quality
    const userModules = await t.call('GET', '/api//auth/usermodules/', { token: r.body.token });
    expect(userModules.status).toBe(200);
    const me = await t.call('GET', '/api//users/me/', { token: r.body.token });
    expect(me.status).toBe(200);
  });

  it('names the Open Aircraft list of each module: the fleet lists that open the aircraft context in metadata (opensContext)', async () => {
    const { token } = await t.signIn('admin', 'admin123');
    const modules = await t.call('GET', '/api/auth/modules', { token });
    const opens = Object.fromEntries((modules.body as { name: string; openAircraft: unknown }[]).map((m) => [m.name, m.openAircraft]));
    expect(opens['aircraft-maintenance']).toEqual({ entity: 'aircraft', key: 'aircraft_id', route: 'aircraft-maintenance/fleet-list', title: 'Fleet' });
    expect(opens['aircraft-mro']).toEqual({ entity: 'customer_aircraft', key: 'customer_aircraft_id', route: 'aircraft-mro/customer-fleet', title: 'Customer Fleet' });
    expect(opens['aircraft-logistic']).toBeNull();
  });
});

describe('sign-in throttling', () => {
  it('after 5 failures for one username the next attempts get 429 ERR_THROTTLED with retry-after, even with the right password', async () => {
    await createUser(t, { username: 'throttle.one', companies: { GAT: 'viewer' } });
    for (let i = 0; i < 5; i++) {
      // a fresh client address each time: only the username's counter grows
      expectError(await signin('throttle.one', `wrong-${i}`), 401, 'ERR_BAD_CREDENTIALS');
    }
    const right = await signin('throttle.one', DEMO_PASSWORD);
    expectError(right, 429, 'ERR_THROTTLED');
    const retry = Number(right.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(30);
    expect(right.body).not.toHaveProperty('token');
    expectError(await signin('throttle.one', 'wrong-again'), 429, 'ERR_THROTTLED');
    expectError(await signin('THROTTLE.ONE', DEMO_PASSWORD), 429, 'ERR_THROTTLED');
    // other users are not affected
    expect((await signin('purchaser', DEMO_PASSWORD)).status).toBe(200);
  });

  it('a successful sign-in clears the failures of the username', async () => {
    await createUser(t, { username: 'throttle.two', companies: { GAT: 'viewer' } });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expectError(await signin('throttle.two', 'bad-password'), 401, 'ERR_BAD_CREDENTIALS');
      expect((await signin('throttle.two', DEMO_PASSWORD)).status).toBe(200);
    }
  });

  it('failures from one client address across usernames throttle that address only', async () => {
    await createUser(t, { username: 'throttle.three', companies: { GAT: 'viewer' } });
    const ip = clientIp();
    for (let i = 0; i < 5; i++) expectError(await signin(`ghost.${i}`, 'whatever', ip), 401, 'ERR_BAD_CREDENTIALS');
    expectError(await signin('throttle.three', DEMO_PASSWORD, ip), 429, 'ERR_THROTTLED');
    expect((await signin('throttle.three', DEMO_PASSWORD, clientIp())).status).toBe(200);
  });
});

describe('access tokens', () => {
  it('every non-public call needs a token: none or garbage → 401 ERR_AUTH_REQUIRED', async () => {
    for (const path of ['/api/users/me', '/api/auth/modules', '/api/auth/usermodules', '/api/menus/modul/admin', '/api/users/list', '/api/data/store_warehouse']) {
      expectError(await t.call('GET', path), 401, 'ERR_AUTH_REQUIRED');
      expectError(await t.call('GET', path, { token: 'garbage' }), 401, 'ERR_AUTH_REQUIRED');
    }
    expectError(await t.call('GET', '/api/users/me', { headers: { authorization: 'Basic YWRtaW46YWRtaW4xMjM=' } }), 401, 'ERR_AUTH_REQUIRED');
  });

  it('refuses a token signed with another secret or with a tampered payload', async () => {
    const { token } = await t.signIn('admin', 'admin123');
    const [h, p, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(await userId(t, 'cta.admin')) })).toString('base64url');
    expectError(await t.call('GET', '/api/users/me', { token: `${h}.${forged}.${sig}` }), 401, 'ERR_AUTH_REQUIRED');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    expectError(await t.call('GET', '/api/users/me', { token: unsigned }), 401, 'ERR_AUTH_REQUIRED');
  });

  it('an expired token → 401 ERR_TOKEN_EXPIRED', async () => {
    const id = await userId(t, 'admin');
    const expired = await t.services.tokens.signAccess({ sub: id, username: 'admin', scope: 'full' }, -10);
    expectError(await t.call('GET', '/api/users/me', { token: expired }), 401, 'ERR_TOKEN_EXPIRED');
    const fresh = await t.services.tokens.signAccess({ sub: id, username: 'admin', scope: 'full' }, 60);
    expect((await t.call('GET', '/api/users/me', { token: fresh })).status).toBe(200);
  });

  it('the user is read on every request: a disabled account is refused at once', async () => {
    const id = await createUser(t, { username: 'to.disable', companies: { GAT: 'viewer' } });
    const s = await t.signIn('to.disable', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/users/me', { token: s.token })).status).toBe(200);
    await t.services.database.db.updateTable('users').set({ active: false }).where('user_id', '=', id).execute();
    expectError(await t.call('GET', '/api/users/me', { token: s.token }), 403, 'ERR_USER_INACTIVE');
    expectError(await t.call('POST', '/api/auth/refresh', { body: { refresh_token: s.refresh_token } }), 401, 'ERR_REFRESH_INVALID');
    expectError(await signin('to.disable', DEMO_PASSWORD), 403, 'ERR_USER_INACTIVE');
  });
});

describe('POST auth/refresh (rotation)', () => {
  const refresh = (refresh_token: unknown) => t.call('POST', '/api/auth/refresh', { body: { refresh_token } });

  it('rotates: the new pair works; reusing an old refresh token → 401 and revokes the whole family', async () => {
    const s = await t.signIn('engineer', DEMO_PASSWORD);
    const other = await t.signIn('engineer', DEMO_PASSWORD); // another sign-in: another family
    const r1 = await refresh(s.refresh_token);
    expect(r1.status).toBe(200);
    expect(typeof r1.body.token).toBe('string');
    expect(typeof r1.body.refresh_token).toBe('string');
    expect(r1.body.refresh_token).not.toBe(s.refresh_token);
    const me = await t.call('GET', '/api/users/me', { token: r1.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe('engineer');
    const r2 = await refresh(r1.body.refresh_token);
    expect(r2.status).toBe(200);

    // replay of the first (already used) token
    expectError(await refresh(s.refresh_token), 401, 'ERR_REFRESH_INVALID');
    // the newest token of the same family is refused too
    expectError(await refresh(r2.body.refresh_token), 401, 'ERR_REFRESH_INVALID');
    // a token of another family (another sign-in) is unaffected
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('concurrent double use of one refresh token: exactly one succeeds', async () => {
    const s = await t.signIn('approver', DEMO_PASSWORD);
    const results = await Promise.all([refresh(s.refresh_token), refresh(s.refresh_token)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
    const loser = results.find((r) => r.status === 401)!;
    expectError(loser, 401, 'ERR_REFRESH_INVALID');
  });

  it('refuses unknown, malformed and missing refresh tokens', async () => {
    expectError(await refresh('x'.repeat(43)), 401, 'ERR_REFRESH_INVALID');
    expectError(await refresh('short'), 401, 'ERR_REFRESH_INVALID');
    expectError(await t.call('POST', '/api/auth/refresh', { body: {} }), 400, 'ERR_VALIDATION');
    expectError(await refresh({ $ne: null }), 400, 'ERR_VALIDATION');
  });

  it('refuses an access token in place of a refresh token', async () => {
    const s = await t.signIn('purchaser', DEMO_PASSWORD);
    const r = await refresh(s.token);
    expect([400, 401]).toContain(r.status);
    expectError(r, r.status);
    expect(r.body).not.toHaveProperty('token');
  });
});

describe('POST auth/signout', () => {
  it('revokes the refresh token (and its family)', async () => {
    const s = await t.signIn('purchaser', DEMO_PASSWORD);
    const rotated = await t.call('POST', '/api/auth/refresh', { body: { refresh_token: s.refresh_token } });
    expect(rotated.status).toBe(200);
    const out = await t.call('POST', '/api/auth/signout', { body: { refresh_token: rotated.body.refresh_token } });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: 1 });
    expectError(await t.call('POST', '/api/auth/refresh', { body: { refresh_token: rotated.body.refresh_token } }), 401, 'ERR_REFRESH_INVALID');
  });

  it('answers success for an unknown token or an empty body', async () => {
    expect((await t.call('POST', '/api/auth/signout', { body: { refresh_token: 'y'.repeat(43) } })).body).toEqual({ success: 1 });
    expect((await t.call('POST', '/api/auth/signout', { body: {} })).body).toEqual({ success: 1 });
  });
});

describe('POST auth/validatepwd', () => {
  it('answers success 1 for the right password and 0 for a wrong one', async () => {
    await createUser(t, { username: 'validate.pw', companies: { GAT: 'viewer' } });
    const s = await t.signIn('validate.pw', DEMO_PASSWORD);
    const ok = await t.call('POST', '/api/auth/validatepwd', { token: s.token, body: { username: 'validate.pw', password: DEMO_PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: 1 });
    const bad = await t.call('POST', '/api/auth/validatepwd', { token: s.token, body: { username: 'validate.pw', password: 'not-it' } });
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual({ success: 0 });
  });

  it("never checks another user's password and needs a token", async () => {
    const s = await t.signIn('storekeeper', DEMO_PASSWORD);
    expectError(await t.call('POST', '/api/auth/validatepwd', { token: s.token, body: { username: 'admin', password: 'admin123' } }), 403, 'ERR_FORBIDDEN');
    expectError(await t.call('POST', '/api/auth/validatepwd', { body: { username: 'admin', password: 'admin123' } }), 401, 'ERR_AUTH_REQUIRED');
  });
});

describe('POST auth/changepwd', () => {
  const change = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/auth/changepwd', { token, body });

  it('answers the spec messages word for word', async () => {
    await createUser(t, { username: 'pw.rules', companies: { GAT: 'viewer' } });
    const { token } = await t.signIn('pw.rules', DEMO_PASSWORD);
    for (const body of [
      {},
      { password: DEMO_PASSWORD, new_password: 'newpass-12345' },
      { password: DEMO_PASSWORD, confirm_password: 'newpass-12345' },
      { new_password: 'newpass-12345', confirm_password: 'newpass-12345' },
      { password: '', new_password: 'newpass-12345', confirm_password: 'newpass-12345' },
    ]) {
      expectError(await change(token, { username: 'pw.rules', ...body }), 400, 'ERR_VALIDATION', 'Please fill the form correctly.');
    }
    expectError(
      await change(token, { username: 'pw.rules', password: DEMO_PASSWORD, new_password: 'newpass-12345', confirm_password: 'newpass-12346' }),
      400,
      'ERR_PW_CONFIRM',
      'konfirmasi password tidak sama',
    );
    expectError(
      await change(token, { username: 'pw.rules', password: DEMO_PASSWORD, new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD }),
      400,
      'ERR_PW_SAME',
      'password baru tidak boleh sama dengan password lama',
    );
    expectError(await change(token, { username: 'pw.rules', password: 'not-the-password', new_password: 'newpass-12345', confirm_password: 'newpass-12345' }), 400, 'ERR_PW_CURRENT');
    // the password did not change
    expect((await signin('pw.rules', DEMO_PASSWORD)).status).toBe(200);
  });

  it("refuses changing another user's password", async () => {
    const { token } = await t.signIn('storekeeper', DEMO_PASSWORD);
    expectError(await change(token, { username: 'admin', password: 'admin123', new_password: 'hijacked-1', confirm_password: 'hijacked-1' }), 403, 'ERR_FORBIDDEN');
    expect((await signin('admin', 'admin123')).status).toBe(200);
  });

  it('changes the password: the new one signs in, the old one does not, old refresh tokens are revoked', async () => {
    await createUser(t, { username: 'pw.changer', companies: { GAT: 'storekeeper' } });
    const s = await t.signIn('pw.changer', DEMO_PASSWORD);
    const r = await change(s.token, { username: 'pw.changer', password: DEMO_PASSWORD, new_password: 'Fresh-Pass-77', confirm_password: 'Fresh-Pass-77' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: 1, message: 'Change Password Successfully' });
    const fresh = await signin('pw.changer', 'Fresh-Pass-77');
    expect(fresh.status).toBe(200);
    expect(fresh.body.defaultpw).toBe(false);
    expectError(await signin('pw.changer', DEMO_PASSWORD), 401, 'ERR_BAD_CREDENTIALS');
    expectError(await t.call('POST', '/api/auth/refresh', { body: { refresh_token: s.refresh_token } }), 401, 'ERR_REFRESH_INVALID');
    const audit = await t.services.database.db
      .selectFrom('sys_audit')
      .selectAll()
      .where('entity', '=', 'users')
      .where('record_key', '=', String(await userId(t, 'pw.changer')))
      .execute();
    expect(audit.some((a) => String(a.changes).includes('change password') && a.username === 'pw.changer')).toBe(true);
  });
});

describe('default password forcing', () => {
  it('a user who must change the password gets a limited token until changing it', async () => {
    await createUser(t, { username: 'must.change', companies: { GAT: 'storekeeper', CTA: 'viewer' }, mustchangepw: true });
    const first = await signin('must.change', DEMO_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body.defaultpw).toBe(true);
    expect(first.body.refresh_token).toBeNull();
    expect(typeof first.body.token).toBe('string');
    expect(first.body.user.username).toBe('must.change');
    expect(first.body.user.compcode).toBe('GAT');
    const token = first.body.token;

    const me = await t.call('GET', '/api/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.defaultpw).toBe(true);
    expect(me.body.user.username).toBe('must.change');

    for (const [method, path] of [
      ['GET', '/api/auth/usermodules'],
      ['GET', '/api/auth/modules'],
      ['GET', '/api/menus/modul/aircraft-logistic'],
      ['GET', '/api/menus/access/store-warehouse?modul=aircraft-logistic'],
      ['GET', '/api/users/list'],
      ['GET', '/api/data/store_warehouse?route=aircraft-logistic/store-warehouse'],
      ['PUT', '/api/users/ulc/1'],
    ] as const) {
      expectError(await t.call(method, path, { token, ...(method === 'PUT' ? { body: { compcode: 'CTA' } } : {}) }), 403, 'ERR_PASSWORD_CHANGE_REQUIRED', 'You have to change the password');
    }
    const valid = await t.call('POST', '/api/auth/validatepwd', { token, body: { username: 'must.change', password: DEMO_PASSWORD } });
    expect(valid.body).toEqual({ success: 1 });

    const changed = await t.call('POST', '/api/auth/changepwd', {
      token,
      body: { username: 'must.change', password: DEMO_PASSWORD, new_password: 'My-Own-Pass-1', confirm_password: 'My-Own-Pass-1' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Change Password Successfully');

    const again = await signin('must.change', 'My-Own-Pass-1');
    expect(again.status).toBe(200);
    expect(again.body.defaultpw).toBe(false);
    expect(typeof again.body.refresh_token).toBe('string');
    const mods = await t.call('GET', '/api/auth/usermodules', { token: again.body.token });
    expect(mods.status).toBe(200);
    expect(mods.body.map((m: { name: string }) => m.name).sort()).toEqual(['admin', 'aircraft-logistic', 'aircraft-procurement']); // admin: own Delegations only
    expect((await t.call('GET', '/api/users/me', { token: again.body.token })).body.defaultpw).toBe(false);
  });
});

describe('error bodies', () => {
  it('carry only message, code, statusCode (and errors) and never SQL text', async () => {
    const { token } = await t.signIn('admin', 'admin123');
    const cases = [
      await t.call('GET', '/api/no/such/route', { token }),
      await t.call('GET', '/api/data/no_such_entity', { token }),
      await t.call('GET', '/api/data/store_warehouse/999999', { token }),
      await t.call('GET', '/api/data/store_warehouse/not-a-number', { token }),
      await t.call('GET', '/api/data/store_warehouse?route=aircraft-logistic/store-warehouse&sortBy=store_code;drop table users', { token }),
      await t.call('POST', '/api/data/store_warehouse', { token, body: { store_code: 'E1', store_name: 'x', store_type: 'NOPE' } }),
      await t.call('POST', '/api/auth/signin', { body: 'not json', headers: { 'content-type': 'application/json', ...clientIp() } }),
      await t.call('PUT', '/api/users/ulc/1', { token, body: { compcode: "GAH' or '1'='1" } }),
      await t.call('GET', '/api/users/list?sortBy=password_hash', { token }),
    ];
    for (const r of cases) {
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expectError(r, r.status);
      expect(r.body).not.toHaveProperty('sql');
      expect(r.body).not.toHaveProperty('sqlMessage');
      expect(r.body).not.toHaveProperty('stack');
    }
    // the injection attempt in a filter is only a value: no rows, no error
    for (const param of ['q', 'station']) {
      const inj = await t.call('GET', `/api/data/store_warehouse?route=aircraft-logistic/store-warehouse&${param}=${encodeURIComponent("' or 1=1--")}`, { token });
      expect(inj.status).toBe(200);
      expect(inj.body.meta.total).toBe(0);
    }
  });
});

describe('per-request identity', () => {
  it('reads the user fresh each request through its prepared statement, also after the tables change', async () => {
    const s = await t.signIn('storekeeper', 'demo1234');
    const db = t.services.database.db;
    // several calls: on PostgreSQL each pooled connection prepares the auth statement once
    for (let i = 0; i < 12; i++) expect((await t.call('GET', '/api/users/me', { token: s.token })).status).toBe(200);
    // another process's migration adds columns to the tables the statement reads
    await sql`alter table company add column zz_later text`.execute(db);
    await sql`alter table users add column zz_later text`.execute(db);
    try {
      for (let i = 0; i < 12; i++) {
        const me = await t.call('GET', '/api/users/me', { token: s.token });
        expect(me.status).toBe(200);
        expect(me.body.user.compcode).toBe('GAT');
      }
      // and what it reads is current: the user switched off answers at once
      await db.updateTable('users').set({ active: false }).where('username', '=', 'storekeeper').execute();
      expect((await t.call('GET', '/api/users/me', { token: s.token })).body.code).toBe('ERR_USER_INACTIVE');
    } finally {
      await db.updateTable('users').set({ active: true }).where('username', '=', 'storekeeper').execute();
      await sql`alter table company drop column zz_later`.execute(db);
      await sql`alter table users drop column zz_later`.execute(db);
    }
  });
});
