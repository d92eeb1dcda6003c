/**
 * Company sign-in through the company's identity provider (OpenID Connect, authorization code with
 * PKCE; server/src/auth/oidc.ts, decision 0335, docs/operations.md "Company sign-in"):
 *
 *   GET  /api/auth/oidc/provider?company=GAH   public: the company's provider name (404 when none)
 *   GET  /api/auth/oidc/start?company=GAH      public: 302 to the provider, the flow in a cookie
 *   GET  /api/auth/oidc/callback?code&state&iss  public: the provider's answer; 303 to /page/login?oidc=done
 *                                              (the sign-in in a one-use cookie) or /page/login?oidc_error=CODE
 *   POST /api/auth/oidc/session                public: the sign-in of that cookie, as POST auth/signin
 *                                              answers it, with the provider's sign-out address
 *   PUT  /api/auth/oidc/providers/:id/client-secret  U on Company Sign-in: the client secret
 *
 * Nothing is kept in a process: the flow's state, nonce and PKCE verifier travel in an encrypted
 * cookie, the sign-in as a refresh token (one use, in the database) in another, so any process
 * answers any step.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import { versionedUpdate } from '../../../engine/src/crud/versioned.ts';
import { workInCompany } from '../../../engine/src/auth/sessions.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import { findUser, activeCompany, periodDates, sessionObject } from '../auth/session.ts';
import {
  DONE_COOKIE,
  FLOW_COOKIE,
  cookie,
  doneSeconds,
  endSessionUrl,
  finishFlow,
  flowOf,
  flowSeconds,
  matchUser,
  providerOf,
  readCookie,
  refusalCode,
  seal,
  startFlow,
  unseal,
} from '../auth/oidc.ts';
import type { SignInResponse } from '../api/types.ts';

const companyQuery = {
  type: 'object',
  required: ['company'],
  additionalProperties: false,
  properties: { company: { type: 'string', minLength: 1, maxLength: 20, description: 'The company code (compcode).' } },
} as const;

/** What the route groups of oidcRoutes share (made once per server): db, secret, origin, secure, redirectUri, provider, toLogin. */
function oidcRoutesContext(s: Services) {
  const db = s.database.db;
  const secret = s.config.jwtSecret;
  /** This server's address as the browser reaches it: PUBLIC_URL, else the request's own. */
  const origin = (req: FastifyRequest) => (s.config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  const secure = (req: FastifyRequest) => origin(req).startsWith('https:');
  const redirectUri = (req: FastifyRequest) => `${origin(req)}/api/auth/oidc/callback`;
  const provider = async (company: string) => {
    const p = await providerOf(db, company.trim().toUpperCase());
    if (!p) throw appError('ERR_OIDC_NOT_CONFIGURED');
    return p;
  };
  const toLogin = (req: FastifyRequest, reply: FastifyReply, query: string) => reply.code(303).header('location', `${origin(req)}/page/login?${query}`).send();
  return { db, secret, origin, secure, redirectUri, provider, toLogin };
}

/** oidcRoutes: GET /auth/oidc/provider, GET /auth/oidc/start, GET /auth/oidc/callback, POST /auth/oidc/session. */
function oidcSignInRoutes(app: FastifyInstance, s: Services, c: ReturnType<typeof oidcRoutesContext>): void {
  const { db, secret, origin, secure, redirectUri, provider, toLogin } = c;
  app.get<{ Querystring: { company: string } }>('/auth/oidc/provider', { config: { public: true }, schema: { querystring: companyQuery } }, async (req) => {
    const p = await provider(req.query.company);
    return { compcode: p.compcode, provider_name: p.provider_name };
  });

  app.get<{ Querystring: { company: string } }>('/auth/oidc/start', { config: { public: true }, schema: { querystring: companyQuery } }, async (req, reply) => {
    const p = await provider(req.query.company);
    const { url, flow } = await startFlow(p, redirectUri(req));
    const value = await seal(db, secret, { ...flow }, flowSeconds);
    return reply.code(302).header('set-cookie', cookie(FLOW_COOKIE, value, flowSeconds, secure(req))).header('location', url).send();
  });

  app.get<{ Querystring: Record<string, string> }>(
    '/auth/oidc/callback',
    {
      config: { public: true },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            code: { type: 'string', maxLength: 2000 },
            state: { type: 'string', maxLength: 500 },
            iss: { type: 'string', maxLength: 500 },
            error: { type: 'string', maxLength: 200 },
            error_description: { type: 'string', maxLength: 1000 },
          },
        },
      },
    },
    async (req, reply) => {
      // the flow cookie is used once: cleared whatever the answer
      reply.header('set-cookie', cookie(FLOW_COOKIE, '', 0, secure(req)));
      const flow = flowOf(await unseal(db, secret, readCookie(req.headers.cookie, FLOW_COOKIE)));
      try {
        if (!flow) throw appError('ERR_OIDC_STATE');
        const p = await provider(flow.compcode);
        const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
        const { claims } = await finishFlow(p, flow, query);
        const user = await matchUser(db, s.reg, p, claims);
        // the company signed in through is the one worked in
        const refresh = await db.transaction().execute(async (tx) => {
          await workInCompany(tx, s.reg, user, p.compcode, 'sign in through the company provider');
          await s.repo.audit(tx, { user_id: user.user_id, username: user.username, compcode: p.compcode }, s.reg.entity('users'), user.user_id, 'action', { action: 'sign in', provider: p.provider_name, issuer: p.issuer });
          return s.tokens.issueRefresh(user.user_id, undefined, tx);
        });
        const done = await seal(db, secret, { rt: refresh, c: p.compcode }, doneSeconds);
        reply.header('set-cookie', [cookie(FLOW_COOKIE, '', 0, secure(req)), cookie(DONE_COOKIE, done, doneSeconds, secure(req))]);
        return toLogin(req, reply, 'oidc=done');
      } catch (e) {
        req.log.warn({ err: e, company: flow?.compcode }, 'company sign-in refused');
        return toLogin(req, reply, `oidc_error=${refusalCode(e)}`);
      }
    },
  );

  app.post<{ Reply: SignInResponse & { signout_url: string | null } }>('/auth/oidc/session', { config: { public: true } }, async (req, reply) => {
    reply.header('set-cookie', cookie(DONE_COOKIE, '', 0, secure(req)));
    const done = await unseal(db, secret, readCookie(req.headers.cookie, DONE_COOKIE));
    if (!done || typeof done.rt !== 'string' || typeof done.c !== 'string') throw appError('ERR_OIDC_STATE');
    // the refresh token is claimed once (rotation): a replayed cookie revokes the sign-in
    const { userId, refresh } = await s.tokens.rotate(done.rt).catch(() => {
      throw appError('ERR_OIDC_STATE');
    });
    const user = await findUser(db, userId);
    if (!user || !user.active) throw appError('ERR_USER_INACTIVE');
    const company = await activeCompany(db, user);
    const token = await s.tokens.signAccess({ sub: user.user_id, username: user.username, scope: 'full', gen: user.token_gen });
    const p = await providerOf(db, done.c);
    const signout_url = p ? await endSessionUrl(p, `${origin(req)}/page/login`).catch(() => null) : null;
    return { success: 1, token, refresh_token: refresh, user: sessionObject(user, company), defaultpw: false, ...periodDates(company), signout_url };
  });
}

/** oidcRoutes: PUT /auth/oidc/providers/:id/client-secret. */
function oidcSecretRoutes(app: FastifyInstance, s: Services, c: ReturnType<typeof oidcRoutesContext>): void {
  const { db } = c;
  app.put<{ Params: { id: string }; Body: { client_secret: string | null } }>(
    '/auth/oidc/providers/:id/client-secret',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,15}$' } } },
        body: { type: 'object', required: ['client_secret'], additionalProperties: false, properties: { client_secret: { type: ['string', 'null'], maxLength: 500 } } },
      },
    },
    async (req) => {
      const a = authOf(req);
      // U on the provider in the active company (another company's provider is not found)
      const row = await s.repo.get({ db, ability: a.ability, reader: a.ref }, 'company_sign_in', Number(req.params.id), { action: 'update' });
      const value = req.body.client_secret?.trim() || null;
      await db.transaction().execute(async (tx) => {
        await versionedUpdate(tx, s.reg.entity('company_sign_in'), Number(row.id), { client_secret: value }, { user: a.ref, reason: value ? 'client secret set' : 'client secret removed' });
      });
      return { success: 1, message: value ? 'The client secret is kept on the server.' : 'The client secret was removed.' };
    },
  );
}

export function oidcRoutes(s: Services): FastifyPluginAsync {
  const c = oidcRoutesContext(s);
  return async (app) => {
    oidcSignInRoutes(app, s, c);
    oidcSecretRoutes(app, s, c);
  };
}
