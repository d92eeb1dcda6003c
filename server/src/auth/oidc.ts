/**
 * Sign-in with the company's identity provider: OpenID Connect, authorization code with PKCE
 * (openid-client, decision 0335, docs/operations.md "Company sign-in").
 *
 *   start(company)  → the provider's authorization URL, and a flow cookie holding state, nonce and
 *                     the PKCE verifier (encrypted with a key derived from the shared secret, 10
 *                     minutes): any server process finishes a flow another one started;
 *   finish(url, flow) → the provider's answer checked (state, issuer, PKCE, ID token and nonce),
 *                     the claim that names the user read, and the account of that company it names.
 *
 * A person is matched only among the accounts of the provider's company (user_company): an account
 * of another company is never signed in through this provider, and nobody is created unless the
 * company allows it (create_users), then as an account without letters.
 */
import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { sql } from 'kysely';
import type { DB } from '../../../engine/src/db/database.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import { appError, isAppError, type ErrorCode } from '../../../engine/src/errors.ts';
import { writeAudit } from '../../../engine/src/crud/versioned.ts';
import { sharedSecret } from './tokens.ts';

/** A company's provider as the server reads it (the secret too: it never leaves the server). */
export interface ProviderRow {
  id: number;
  compcode: string;
  provider_name: string;
  issuer: string;
  client_id: string;
  client_secret: string | null;
  user_claim: string;
  match_on: 'username' | 'email';
  create_users: boolean;
}

/** What the flow cookie carries from the start to the callback. */
export interface FlowState {
  compcode: string;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
}

export const FLOW_COOKIE = 'aero_oidc_flow';
export const DONE_COOKIE = 'aero_oidc_done';
export const COOKIE_PATH = '/api/auth/oidc';
const FLOW_SECONDS = 600;
const DONE_SECONDS = 120;

/** The active provider of a company, or undefined. */
export async function providerOf(db: DB, compcode: string): Promise<ProviderRow | undefined> {
  const row = await db
    .selectFrom('company_sign_in')
    .select(['id', 'compcode', 'provider_name', 'issuer', 'client_id', 'client_secret', 'user_claim', 'match_on', 'create_users'])
    .where('compcode', '=', compcode)
    .where('active', '=', true)
    .executeTakeFirst();
  return row ? ({ ...row, id: Number(row.id), create_users: Boolean(row.create_users) } as ProviderRow) : undefined;
}

/** A provider on this machine may be plain http (a test's or a developer's); any other needs https. */
export function loopbackIssuer(issuer: string): boolean {
  try {
    const u = new URL(issuer);
    return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

/** The discovered provider configurations, per issuer and client, for a few minutes (per process; nothing another process needs). */
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
const DISCOVERY_MS = 5 * 60_000;

async function configurationOf(p: ProviderRow): Promise<oidc.Configuration> {
  const cacheKey = `${p.issuer}\n${p.client_id}\n${createHash('sha256').update(p.client_secret ?? '').digest('hex')}`;
  const hit = discovered.get(cacheKey);
  if (hit && Date.now() - hit.at < DISCOVERY_MS) return hit.config;
  let issuer: URL;
  try {
    issuer = new URL(p.issuer);
  } catch {
    throw appError('ERR_OIDC_PROVIDER', { message: `The issuer of ${p.provider_name} is not a URL.` });
  }
  const auth = p.client_secret ? oidc.ClientSecretBasic(p.client_secret) : oidc.None();
  const config = oidc
    .discovery(issuer, p.client_id, undefined, auth, { execute: loopbackIssuer(p.issuer) ? [oidc.allowInsecureRequests] : [], timeout: 10 })
    .catch((e: unknown) => {
      discovered.delete(cacheKey);
      throw appError('ERR_OIDC_PROVIDER', { message: `${p.provider_name} could not be reached or described itself wrongly (${(e as Error).message}).` });
    });
  discovered.set(cacheKey, { at: Date.now(), config });
  return config;
}

/** The key of the flow and session cookies: derived from the shared secret (JWT_SECRET or the stored one), so every process reads them. */
const keys = new WeakMap<object, Promise<Uint8Array>>();
async function cookieKey(db: DB, configured?: string): Promise<Uint8Array> {
  let k = keys.get(db);
  if (!k) {
    k = sharedSecret(db, configured).then((s) => new Uint8Array(createHash('sha256').update('aeroerp oidc cookies\0').update(s).digest()));
    keys.set(db, k);
  }
  return k;
}

export async function seal(db: DB, secret: string | undefined, payload: Record<string, unknown>, seconds: number): Promise<string> {
  return new EncryptJWT(payload)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .encrypt(await cookieKey(db, secret));
}

export async function unseal(db: DB, secret: string | undefined, value: string | undefined): Promise<Record<string, unknown> | undefined> {
  if (!value || value.length > 4000) return undefined;
  try {
    const { payload } = await jwtDecrypt(value, await cookieKey(db, secret), { requiredClaims: ['exp'] });
    return payload as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export const flowSeconds = FLOW_SECONDS;
export const doneSeconds = DONE_SECONDS;

/** The provider's authorization URL for a new flow, and the flow to keep in the cookie. */
export async function startFlow(p: ProviderRow, redirectUri: string): Promise<{ url: string; flow: FlowState }> {
  const config = await configurationOf(p);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, flow: { compcode: p.compcode, state, nonce, verifier, redirectUri } };
}

/** The flow read back from its cookie's payload, or undefined when it is not one. */
export function flowOf(payload: Record<string, unknown> | undefined): FlowState | undefined {
  if (!payload) return undefined;
  const { compcode, state, nonce, verifier, redirectUri } = payload;
  if ([compcode, state, nonce, verifier, redirectUri].some((v) => typeof v !== 'string' || v === '')) return undefined;
  return { compcode, state, nonce, verifier, redirectUri } as FlowState;
}

/**
 * The provider's answer (the callback address with its query) checked against the flow: state,
 * the `iss` parameter and the ID token's issuer, audience, nonce, signature; the code exchanged with
 * the PKCE verifier. Returns the claims (the ID token's, completed from the userinfo endpoint).
 */
export async function finishFlow(p: ProviderRow, flow: FlowState, query: string): Promise<{ claims: Record<string, unknown>; endSession: string | null }> {
  const config = await configurationOf(p);
  const current = new URL(flow.redirectUri);
  current.search = query;
  // an answer that is not this flow's (another flow's, a forged or replayed one) is refused before the provider is asked
  if (current.searchParams.get('state') !== flow.state) throw appError('ERR_OIDC_STATE');
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, current, { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true });
  } catch (e) {
    const text = (e as Error).message ?? '';
    // openid-client's words for an answer that is not of this flow
    if (/state/i.test(text)) throw appError('ERR_OIDC_STATE');
    throw appError('ERR_OIDC_PROVIDER', { message: `${p.provider_name} refused the sign-in or its answer was not accepted (${text}).` });
  }
  const idClaims = (tokens.claims() ?? {}) as Record<string, unknown>;
  let claims = idClaims;
  if (claims[p.user_claim] === undefined && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
    try {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, String(idClaims.sub));
      claims = { ...info, ...idClaims };
    } catch (e) {
      throw appError('ERR_OIDC_PROVIDER', { message: `${p.provider_name} did not answer the user information (${(e as Error).message}).` });
    }
  }
  const endSession = config.serverMetadata().end_session_endpoint ? config.serverMetadata().end_session_endpoint! : null;
  return { claims, endSession };
}

/** The provider's sign-out address (RP-initiated logout) that comes back to `back`, when it publishes one. */
export async function endSessionUrl(p: ProviderRow, back: string): Promise<string | null> {
  const config = await configurationOf(p);
  if (!config.serverMetadata().end_session_endpoint) return null;
  return oidc.buildEndSessionUrl(config, { client_id: p.client_id, post_logout_redirect_uri: back }).href;
}

const USERNAME = /^[a-z0-9][a-z0-9._-]{2,49}$/;

/**
 * The account of the provider's company the claims name: the claim's value compared (lower case)
 * with the user name or the email of the company's users. None, several, one of another company
 * only, or a claim that is missing: refused (403 ERR_OIDC_UNMATCHED), unless the company creates
 * unknown users and nobody at all has that name: then an account without letters is created.
 */
export async function matchUser(db: DB, reg: Registry, p: ProviderRow, claims: Record<string, unknown>): Promise<{ user_id: number; username: string; created: boolean }> {
  const raw = claims[p.user_claim];
  if (typeof raw !== 'string' || raw.trim() === '') throw appError('ERR_OIDC_UNMATCHED', { message: `The provider's answer has no ${p.user_claim} claim: no account can be matched.` });
  const value = raw.trim().toLowerCase();
  const column = p.match_on === 'email' ? 'email' : 'username';
  const everyone = await db
    .selectFrom('users as u')
    .leftJoin('user_company as uc', (j) => j.onRef('uc.user_id', '=', 'u.user_id').on('uc.compcode', '=', p.compcode))
    .select(['u.user_id', 'u.username', 'u.active', 'uc.compcode'])
    .where(sql<string>`lower(${sql.ref(`u.${column}`)})`, '=', value)
    .execute();
  const ours = everyone.filter((u) => u.compcode === p.compcode);
  if (ours.length === 1) {
    if (!ours[0].active) throw appError('ERR_USER_INACTIVE');
    return { user_id: Number(ours[0].user_id), username: String(ours[0].username), created: false };
  }
  // several of this company's accounts share the value (an email): which one is not guessed
  if (ours.length > 1 || everyone.length > 0 || !p.create_users) throw appError('ERR_OIDC_UNMATCHED');
  return db.transaction().execute(async (tx) => createUser(tx, reg, p, claims, value));
}

async function createUser(tx: DB, reg: Registry, p: ProviderRow, claims: Record<string, unknown>, value: string): Promise<{ user_id: number; username: string; created: boolean }> {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const email = p.match_on === 'email' ? value : str(claims.email)?.toLowerCase();
  const username = (p.match_on === 'username' ? value : (str(claims.preferred_username) ?? email?.split('@')[0] ?? '')).toLowerCase();
  if (!USERNAME.test(username)) throw appError('ERR_OIDC_UNMATCHED', { message: `No account of this company matches, and '${username}' cannot be a user name (3 to 50 letters, digits, . _ -): an administrator creates the account.` });
  const taken = await tx.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirst();
  if (taken) throw appError('ERR_OIDC_UNMATCHED');
  const actor = { user_id: 0, username: `oidc:${p.compcode}`, compcode: p.compcode };
  const row = await tx
    .insertInto('users')
    .values({
      username,
      full_name: (str(claims.name) ?? username).slice(0, 120),
      email: email?.slice(0, 120) ?? null,
      usergroup: 'user',
      active: true,
      // no local password: the account signs in through the provider (an administrator may reset one)
      password_hash: null,
      mustchangepw: false,
      last_compcode: p.compcode,
      created_by: actor.username,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  const userId = Number(row.user_id);
  await tx.insertInto('user_company').values({ compcode: p.compcode, user_id: userId, created_by: actor.username }).execute();
  await writeAudit(tx, actor, reg.entity('users'), userId, 'insert', { from_identity_provider: p.provider_name, claim: p.user_claim, value });
  return { user_id: userId, username, created: true };
}

/** The code of a refusal for the login page's address (`?oidc_error=`): the catalogue's, or the provider's. */
export function refusalCode(e: unknown): ErrorCode {
  if (isAppError(e)) return e.code;
  return 'ERR_OIDC_PROVIDER';
}

/** Cookie header values. */
export function cookie(name: string, value: string, seconds: number, secure: boolean): string {
  return `${name}=${value}; Path=${COOKIE_PATH}; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}
