/**
 * Spec §7 Auth: sign-in, refresh (rotation), password validation and change, sign-out, modules.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../../../engine/src/auth/passwords.ts';
import { endSessions } from '../../../engine/src/auth/sessions.ts';
import { versionedUpdate } from '../../../engine/src/crud/versioned.ts';
import { assertNotThrottled, checkPassword, clearFailures, recordFailure, throttleKeys } from '../../../engine/src/auth/throttle.ts';
import { activeCompany, findUser, findUserByName, periodDates, sessionObject } from '../auth/session.ts';
import { moduleCards } from '../../../engine/src/access/menus.ts';
import { publish } from '../realtime/events.ts';
import { languageOf, localised, type Language } from '../../../engine/src/metadata/i18n.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import type { ContextSource, AppModule, SignInResponse, TokenPair } from '../api/types.ts';

const credentials = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', maxLength: 200 },
    password: { type: 'string', maxLength: 200 },
    clientId: { type: 'string', maxLength: 100 },
  },
} as const;

/** Letters that open a module: any menu entry of it with R. */
function readableModules(grants: { module: string; letters: string }[]): Set<string> {
  return new Set(grants.filter((g) => g.letters.includes('R')).map((g) => g.module));
}

/** What the route groups of authRoutes share (made once per server): db. */
function authRoutesContext(s: Services) {
  const db = s.database.db;
  return { db };
}

/** authRoutes: POST /auth/signin, POST /auth/refresh, POST /auth/signout. */
function sessionRoutes(app: FastifyInstance, s: Services, c: ReturnType<typeof authRoutesContext>): void {
  const { db } = c;
  app.post<{ Body: { username: string; password: string }; Reply: SignInResponse }>(
    '/auth/signin',
    { config: { public: true }, schema: { body: credentials } },
    async (req) => {
      const username = req.body.username.trim().toLowerCase();
      const password = req.body.password;
      if (!username || !password) throw appError('ERR_VALIDATION');
      const keys = throttleKeys(username, req.ip);
      await assertNotThrottled(db, keys);
      const user = await findUserByName(db, username);
      const ok = await verifyPassword(user?.password_hash, password);
      if (!user || !ok) {
        for (const k of keys) await recordFailure(db, k);
        throw appError('ERR_BAD_CREDENTIALS');
      }
      if (!user.active) throw appError('ERR_USER_INACTIVE');
      await clearFailures(db, keys[0]);
      const company = await activeCompany(db, user);
      const session = sessionObject(user, company);
      if (user.mustchangepw) {
        // The default password is in use: a short token that only allows changing it.
        const token = await s.tokens.signAccess({ sub: user.user_id, username: user.username, scope: 'pwchange', gen: user.token_gen }, 15 * 60);
        return { success: 1, token, refresh_token: null, user: session, defaultpw: true, ...periodDates(company) };
      }
      const token = await s.tokens.signAccess({ sub: user.user_id, username: user.username, scope: 'full', gen: user.token_gen });
      const refresh_token = await s.tokens.issueRefresh(user.user_id);
      return { success: 1, token, refresh_token, user: session, defaultpw: false, ...periodDates(company) };
    },
  );

  app.post<{ Body: { refresh_token: string }; Reply: TokenPair }>(
    '/auth/refresh',
    {
      config: { public: true },
      schema: { body: { type: 'object', required: ['refresh_token'], properties: { refresh_token: { type: 'string', maxLength: 200 } } } },
    },
    async (req) => {
      const { userId, refresh } = await s.tokens.rotate(req.body.refresh_token);
      const user = await findUser(db, userId);
      if (!user || !user.active || user.mustchangepw) throw appError('ERR_REFRESH_INVALID');
      const token = await s.tokens.signAccess({ sub: userId, username: user.username, scope: 'full', gen: Number(user.token_gen) });
      return { token, refresh_token: refresh };
    },
  );

  // Sign-out ends the user's access tokens everywhere (the token generation is raised: another
  // device signs in again or refreshes with its own refresh token) and this sign-in's refresh
  // tokens, and closes the user's websockets. Identified by the refresh token or the access token.
  app.post<{ Body: { refresh_token?: string } }>(
    '/auth/signout',
    { config: { public: true }, schema: { body: { type: 'object', additionalProperties: false, properties: { refresh_token: { type: ['string', 'null'], maxLength: 200 } } } } },
    async (req) => {
      const family = req.body?.refresh_token ? await s.tokens.familyOf(req.body.refresh_token) : undefined;
      let userId = family?.user_id;
      const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
      if (bearer) {
        const claims = await s.tokens.verifyAccess(bearer[1]).catch(() => undefined);
        if (claims && (userId === undefined || userId === claims.sub)) userId = claims.sub;
      }
      const user = userId === undefined ? undefined : await findUser(db, userId);
      if (user) {
        const id = Number(user.user_id);
        await db.transaction().execute(async (tx) => {
          await endSessions(tx, id, { emit: publish, revoke: family ? { family: family.family } : 'none' });
          await s.repo.audit(tx, { user_id: id, username: String(user.username), compcode: '' }, s.reg.entity('users'), id, 'action', { action: 'sign out' });
        });
      }
      return { success: 1 };
    },
  );
}

/** authRoutes: POST /auth/validatepwd, POST /auth/changepwd, GET /auth/modules, GET /auth/usermodules. */
function passwordAndModuleRoutes(app: FastifyInstance, s: Services, c: ReturnType<typeof authRoutesContext>): void {
  const { db } = c;
  app.post<{ Body: { username: string; password: string } }>(
    '/auth/validatepwd',
    { config: { pwchange: true }, schema: { body: credentials } },
    async (req) => {
      const me = authOf(req).user;
      if (req.body.username.trim().toLowerCase() !== me.username) throw appError('ERR_FORBIDDEN');
      return { success: (await checkPassword(db, me, req.body.password, req.ip)) ? 1 : 0 };
    },
  );

  app.post<{ Body: { password?: string; new_password?: string; confirm_password?: string; username?: string } }>(
    '/auth/changepwd',
    {
      config: { pwchange: true },
      schema: {
        body: {
          type: 'object',
          properties: {
            password: { type: 'string', maxLength: 200 },
            new_password: { type: 'string', maxLength: 200 },
            confirm_password: { type: 'string', maxLength: 200 },
            username: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (req) => {
      const a = authOf(req);
      const { password, new_password, confirm_password } = req.body ?? {};
      const username = (req.body?.username ?? a.user.username).trim().toLowerCase();
      if (!password || !new_password || !confirm_password) throw appError('ERR_VALIDATION');
      if (username !== a.user.username) throw appError('ERR_FORBIDDEN');
      if (new_password !== confirm_password) throw appError('ERR_PW_CONFIRM');
      if (new_password === password) throw appError('ERR_PW_SAME');
      const problem = passwordProblem(new_password, a.user.username);
      if (problem) throw appError(problem);
      if (!(await checkPassword(db, a.user, password, req.ip))) throw appError('ERR_PW_CURRENT');
      const hash = await hashPassword(new_password);
      await db.transaction().execute(async (tx) => {
        await versionedUpdate(tx, s.reg.entity('users'), a.user.user_id, { password_hash: hash, mustchangepw: false, pw_changed_at: new Date().toISOString() }, { user: a.ref, reason: 'change password' });
        await endSessions(tx, a.user.user_id, { emit: publish });
      });
      return { success: 1, message: 'Change Password Successfully' };
    },
  );

  // the module's open context (metadata `opensContext`), sent as `openAircraft` (the spec §3 name the client knows, decision 0415)
  const contextSource = (reg: Registry, module: string): ContextSource | null => {
    const list = reg.contextList(module);
    return list ? { entity: list.entity, key: s.reg.entity(list.entity).key, route: `${module}/${list.route}`, title: list.title } : null;
  };
  // the module cards in the user's language (decision 0144): a declared module's title and info from the localised metadata
  const moduleRows = async (language: Language): Promise<AppModule[]> => {
    const reg = localised(s.reg, language);
    return (await moduleCards(db)).map((m) => ({
      name: m.modulname,
      title: reg.modules.get(m.modulname)?.title ?? m.title,
      info: reg.modules.has(m.modulname) ? (reg.modules.get(m.modulname)?.info ?? null) : m.info,
      url: m.url,
      statichtml: Boolean(m.statichtml),
      icon: m.icon,
      openAircraft: contextSource(reg, m.modulname),
    }));
  };

  app.get('/auth/modules', async (req) => moduleRows(languageOf(authOf(req).user)));

  app.get('/auth/usermodules', async (req) => {
    const a = authOf(req);
    const allowed = readableModules(a.grants);
    return (await moduleRows(languageOf(a.user))).filter((m) => allowed.has(m.name as string));
  });
}

export function authRoutes(s: Services): FastifyPluginAsync {
  const c = authRoutesContext(s);
  return async (app) => {
    sessionRoutes(app, s, c);
    passwordAndModuleRoutes(app, s, c);
  };
}
