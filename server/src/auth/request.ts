/**
 * The request's identity: the hook that authenticates every /api route not marked public, and
 * `authOf`, which the route handlers read it with.
 *
 *   api.addHook('onRequest', authenticate(s));
 *   api.get('/x', async (req) => { const a = authOf(req); … });
 */
import type { FastifyRequest } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import type { Services } from '../services.ts';
import { loadAuth, type RequestAuth } from './session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: RequestAuth;
  }
  interface FastifyContextConfig {
    /** No token needed. */
    public?: boolean;
    /** Allowed with the limited token of a user who must change the default password. */
    pwchange?: boolean;
  }
}

/** The request's identity; routes that are not public always have one. */
export function authOf(req: FastifyRequest): RequestAuth {
  if (!req.auth) throw appError('ERR_AUTH_REQUIRED');
  return req.auth;
}

/**
 * The onRequest hook of the /api routes: a route not marked `public` needs a bearer access token;
 * a limited (password-change) token only reaches routes marked `pwchange`. Sets `req.auth`.
 */
export function authenticate(s: Services) {
  return async (req: FastifyRequest): Promise<void> => {
    const cfg = req.routeOptions.config;
    if (cfg?.public) return;
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(.+)$/i.exec(header);
    if (!m) throw appError('ERR_AUTH_REQUIRED');
    const claims = await s.tokens.verifyAccess(m[1]);
    if (claims.scope !== 'full' && !cfg?.pwchange) throw appError('ERR_PASSWORD_CHANGE_REQUIRED');
    req.auth = await loadAuth(s.database.db, s.reg, claims);
  };
}
