/**
 * Company sign-in through the company's identity provider (decision 0335), over HTTP against a
 * real OpenID provider started in the test (test/helpers/oidc.ts): the whole flow, and its
 * refusals: a bad or missing state, an answer of the wrong issuer, a person with no account of the
 * company (none at all, or one of another company only), a replayed sign-in cookie.
 *
 * Demo data: GAH's users include admin and inspector; storekeeper works in GAT and CTA only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { startProvider, type TestProvider } from '../../test/helpers/oidc.ts';
import { STARTUP_TIMEOUT } from './support.ts';

const APP = 'http://app.test';
const CALLBACK = `${APP}/api/auth/oidc/callback`;

let t: TestApp;
let idp: TestProvider;
let admin: string;
let providerId: number;
const versionOf = async () => Number((await t.call('GET', `/api/data/company_sign_in/${providerId}`, { token: admin })).body.data.version);
/** The provider's fields as the form saves them. */
const FIELDS = () => ({ provider_name: 'GAH Identity', issuer: idp.issuer, client_id: idp.clientId, user_claim: 'preferred_username', match_on: 'username', active: true });

/** `name=value` of a Set-Cookie answer (the first one with that name). */
function cookieOf(headers: CallHeaders, name: string): string {
  const all = ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
  const c = all.find((x) => x.startsWith(`${name}=`));
  if (!c) throw new Error(`no ${name} cookie in ${JSON.stringify(all)}`);
  return c.split(';')[0];
}
type CallHeaders = Record<string, string | string[] | number | undefined>;

/** Starts a sign-in for GAH: the provider's address and the flow cookie. */
async function start(): Promise<{ url: string; flow: string }> {
  const r = await t.call('GET', '/api/auth/oidc/start?company=GAH');
  expect(r.status, JSON.stringify(r.body)).toBe(302);
  return { url: String(r.headers.location), flow: cookieOf(r.headers, 'aero_oidc_flow') };
}

/** The callback as the browser makes it, with that cookie; the login page address it answers with. */
async function callback(back: string, cookie?: string): Promise<{ location: URL; done?: string; headers: CallHeaders }> {
  const u = new URL(back);
  const r = await t.call('GET', `${u.pathname}${u.search}`, { headers: cookie ? { cookie } : {} });
  expect(r.status).toBe(303);
  const location = new URL(String(r.headers.location));
  const done = location.searchParams.get('oidc') === 'done' ? cookieOf(r.headers, 'aero_oidc_done') : undefined;
  return { location, done, headers: r.headers };
}

async function signInThrough(login: string) {
  const { url, flow } = await start();
  const back = await idp.signInAt(url, login);
  return callback(back, flow);
}

beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: APP } });
  idp = await startProvider({ redirectUri: CALLBACK, postLogoutUri: `${APP}/page/login` });
  admin = (await t.signIn('admin', 'admin123')).token; // active company GAH
  const created = await t.call('POST', '/api/data/company_sign_in', {
    token: admin,
    body: FIELDS(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  providerId = Number(created.body.data.id);
  const secret = await t.call('PUT', `/api/auth/oidc/providers/${providerId}/client-secret`, { token: admin, body: { client_secret: idp.clientSecret } });
  expect(secret.status, JSON.stringify(secret.body)).toBe(200);
}, STARTUP_TIMEOUT);

afterAll(async () => {
  await idp?.close();
  await t?.close();
});

describe('company sign-in (OpenID Connect)', () => {
  it('names the provider of a company that has one, and refuses one that has none', async () => {
    const r = await t.call('GET', '/api/auth/oidc/provider?company=gah');
    expect(r.body).toEqual({ compcode: 'GAH', provider_name: 'GAH Identity' });
    const none = await t.call('GET', '/api/auth/oidc/provider?company=GAT');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('ERR_OIDC_NOT_CONFIGURED');
    expect((await t.call('GET', '/api/auth/oidc/start?company=GAT')).status).toBe(404);
  });

  it('keeps the client secret on the server: no read answers it, the history does not hold it', async () => {
    const row = await t.call('GET', `/api/data/company_sign_in/${providerId}`, { token: admin });
    expect(row.status).toBe(200);
    expect(JSON.stringify(row.body)).not.toContain(idp.clientSecret);
    expect(row.body.data).not.toHaveProperty('client_secret');
    const history = await t.call('GET', `/api/data/company_sign_in/${providerId}/history`, { token: admin });
    expect(JSON.stringify(history.body)).not.toContain(idp.clientSecret);
    const stored = await t.services.database.db.selectFrom('company_sign_in').select('client_secret').where('id', '=', providerId).executeTakeFirstOrThrow();
    expect(stored.client_secret).toBe(idp.clientSecret);
    // a user without letters on the screen cannot set it
    const storekeeper = (await t.signIn('storekeeper', 'demo1234')).token;
    const refused = await t.call('PUT', `/api/auth/oidc/providers/${providerId}/client-secret`, { token: storekeeper, body: { client_secret: 'x' } });
    expect([403, 404]).toContain(refused.status);
  });

  it("signs a user of the company in through its provider, once, in that company", async () => {
    const { url } = await start();
    // the authorization request: code, PKCE S256, state and nonce, to the configured client
    const auth = new URL(url);
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get('response_type')).toBe('code');
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('client_id')).toBe(idp.clientId);
    expect(auth.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(auth.searchParams.get('state')).toBeTruthy();
    expect(auth.searchParams.get('nonce')).toBeTruthy();

    const { location, done } = await signInThrough('inspector');
    expect(location.href).toBe(`${APP}/page/login?oidc=done`);
    const s = await t.call('POST', '/api/auth/oidc/session', { headers: { cookie: done! } });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(s.body.user.username).toBe('inspector');
    expect(s.body.user.compcode).toBe('GAH');
    expect(s.body.refresh_token).toEqual(expect.any(String));
    // the provider publishes end_session_endpoint: sign-out goes there and comes back to the login page
    const out = new URL(s.body.signout_url);
    expect(out.origin).toBe(idp.issuer);
    expect(out.searchParams.get('post_logout_redirect_uri')).toBe(`${APP}/page/login`);
    const me = await t.call('GET', '/api/users/me', { token: s.body.token });
    expect(me.status).toBe(200);
    // the sign-in cookie is used once: again, it is refused (its refresh token was claimed)
    const again = await t.call('POST', '/api/auth/oidc/session', { headers: { cookie: done! } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('ERR_OIDC_STATE');
    // sign-out ends the product's session
    expect((await t.call('POST', '/api/auth/signout', { token: s.body.token, body: {} })).status).toBe(200);
    expect((await t.call('GET', '/api/users/me', { token: s.body.token })).status).toBe(401);
  });

  it('refuses an answer without its flow, or of another flow (state)', async () => {
    const { url } = await start();
    const back = await idp.signInAt(url, 'inspector');
    expect((await callback(back)).location.searchParams.get('oidc_error')).toBe('ERR_OIDC_STATE');
    // a second flow's cookie: its state is not the answer's
    const other = await start();
    const r = await callback(back, other.flow);
    expect(r.location.searchParams.get('oidc_error')).toBe('ERR_OIDC_STATE');
    expect(r.done).toBeUndefined();
    // a forged cookie is no flow either
    expect((await callback(back, 'aero_oidc_flow=forged')).location.searchParams.get('oidc_error')).toBe('ERR_OIDC_STATE');
  });

  it("refuses an answer that names another issuer (a mix-up)", async () => {
    const { url, flow } = await start();
    const back = new URL(await idp.signInAt(url, 'inspector'));
    expect(back.searchParams.get('iss')).toBe(idp.issuer);
    back.searchParams.set('iss', 'https://idp.attacker.example');
    const r = await callback(back.href, flow);
    expect(r.location.searchParams.get('oidc_error')).toBe('ERR_OIDC_PROVIDER');
    expect(r.done).toBeUndefined();
  });

  it('refuses a person with no account of the company: none at all, or one of another company', async () => {
    expect((await signInThrough('nobody.here')).location.searchParams.get('oidc_error')).toBe('ERR_OIDC_UNMATCHED');
    // storekeeper works in GAT and CTA: GAH's provider never signs that account in
    const other = await signInThrough('storekeeper');
    expect(other.location.searchParams.get('oidc_error')).toBe('ERR_OIDC_UNMATCHED');
    expect(other.done).toBeUndefined();
    const db = t.services.database.db;
    expect(await db.selectFrom('users').select('user_id').where('username', '=', 'nobody.here').executeTakeFirst()).toBeUndefined();
  });

  it('creates an account without letters only where the company allows it, and never takes over another company\'s', async () => {
    const db = t.services.database.db;
    const on = await t.call('PUT', `/api/data/company_sign_in/${providerId}`, { token: admin, body: { ...FIELDS(), create_users: true, version: await versionOf() } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    try {
      const { done } = await signInThrough('new.pilot');
      const s = await t.call('POST', '/api/auth/oidc/session', { headers: { cookie: done! } });
      expect(s.status).toBe(200);
      expect(s.body.user).toMatchObject({ username: 'new.pilot', compcode: 'GAH', email: 'new.pilot@idp.test', full_name: 'new.pilot (IdP)' });
      const u = await db.selectFrom('users').select(['user_id', 'password_hash', 'mustchangepw']).where('username', '=', 'new.pilot').executeTakeFirstOrThrow();
      expect(u.password_hash).toBeNull();
      expect((await db.selectFrom('user_company').select('compcode').where('user_id', '=', u.user_id).execute()).map((x) => x.compcode)).toEqual(['GAH']);
      expect(await db.selectFrom('user_menu').select('id').where('user_id', '=', u.user_id).execute()).toEqual([]);
      // the second time, the same account (not another)
      const second = await signInThrough('new.pilot');
      expect(second.done).toBeDefined();
      expect((await db.selectFrom('users').select('user_id').where('username', '=', 'new.pilot').execute()).length).toBe(1);
      // an account of another company keeps being refused: it is neither created again nor linked
      expect((await signInThrough('storekeeper')).location.searchParams.get('oidc_error')).toBe('ERR_OIDC_UNMATCHED');
      const sk = await db.selectFrom('users').select('user_id').where('username', '=', 'storekeeper').executeTakeFirstOrThrow();
      expect((await db.selectFrom('user_company').select('compcode').where('user_id', '=', sk.user_id).orderBy('compcode').execute()).map((x) => x.compcode)).toEqual(['CTA', 'GAT']);
    } finally {
      await t.call('PUT', `/api/data/company_sign_in/${providerId}`, { token: admin, body: { ...FIELDS(), create_users: false, version: await versionOf() } });
    }
  });
});
