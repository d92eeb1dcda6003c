/**
 * Spec §7 Auth and users: current user, company user list, password reset, last company
 * (switching), the companies a user may work in.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import { publish } from '../realtime/events.ts';
import { resetPassword } from '../../../engine/src/auth/sessions.ts';
import { checkPassword } from '../../../engine/src/auth/throttle.ts';
import { companiesOfUser, companyUsers, rememberLastCompany, worksIn } from '../../../engine/src/auth/directory.ts';
import { activeCompany, findUser, periodDates, sessionObject, userCompanies } from '../auth/session.ts';
import { loadGrants } from '../../../engine/src/access/menus.ts';
import { buildAbility } from '../../../engine/src/access/ability.ts';
import { versionedUpdate } from '../../../engine/src/crud/versioned.ts';
import { LANGUAGES, type Language } from '../../../engine/src/metadata/i18n.ts';
import type { CompanyListRow, MeResponse, PagedResponse, ResetPasswordResponse, SwitchCompanyResponse, UserListRow } from '../api/types.ts';

const paging = {
  page: { type: 'integer', minimum: 1, maximum: 100000 },
  limit: { type: 'integer', minimum: 1, maximum: 100 },
  sortDir: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] },
} as const;

/** What the route groups of userRoutes share (made once per server): db. */
function userRoutesContext(s: Services) {
  const db = s.database.db;
  return { db };
}

/** userRoutes: GET /users/me, GET /users/list, PUT /users/reset/:user_id, PUT /users/ulc/:user_id. */
function userAccountRoutes(app: FastifyInstance, s: Services, c: ReturnType<typeof userRoutesContext>): void {
  const { db } = c;
  app.get<{ Reply: MeResponse }>('/users/me', { config: { pwchange: true } }, async (req) => {
    const a = authOf(req);
    return { user: sessionObject(a.user, a.company), defaultpw: Boolean(a.user.mustchangepw), ...periodDates(a.company) };
  });

  // Users of the active company (the user pick of routing, the company user list).
  app.get<{ Querystring: { page?: number; limit?: number; sortBy?: 'username' | 'full_name' | 'company' | 'jabatan'; sortDir?: string; username?: string; full_name?: string; company?: string }; Reply: PagedResponse<UserListRow> }>(
    '/users/list',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...paging,
            sortBy: { type: 'string', enum: ['username', 'full_name', 'company', 'jabatan'] },
            username: { type: 'string', maxLength: 100 },
            full_name: { type: 'string', maxLength: 100 },
            company: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (req) => {
      const a = authOf(req);
      const { page = 1, limit = 10, sortBy = 'username', sortDir = 'asc', username, full_name, company } = req.query;
      const { list, total } = await companyUsers(db, a.company.compcode, { page, limit, sortBy, desc: sortDir.toLowerCase() === 'desc', username, full_name, company });
      return { meta: { total, page, limit }, list };
    },
  );

  // Reset a password to a new temporary one the user must change at next sign-in; every session
  // of the user ends. Resetting one's own needs the current password (a stolen session must not
  // turn into the account); resetting someone else's needs U on the user screen and that user in
  // the active company, and U on the user screen in every other company that user works in.
  app.put<{ Params: { user_id: string }; Body: { password?: string } | undefined; Reply: ResetPasswordResponse }>(
    '/users/reset/:user_id',
    { schema: { body: { type: ['object', 'null'], additionalProperties: false, properties: { password: { type: 'string', maxLength: 200 } } } } },
    async (req) => {
      const a = authOf(req);
      const targetId = Number(req.params.user_id);
      if (!Number.isSafeInteger(targetId)) throw appError('ERR_NOT_FOUND');
      if (targetId === a.user.user_id) {
        const password = req.body?.password;
        if (!password || !(await checkPassword(db, a.user, password, req.ip))) throw appError('ERR_PW_CURRENT');
      } else {
        if (!a.ability.can('update', 'users')) throw appError('ERR_FORBIDDEN');
        if (!(await worksIn(db, targetId, a.company.compcode))) throw appError('ERR_NOT_FOUND');
        // A user is one identity across companies: resetting it hands over the account in every
        // company it works in, so the caller needs U on the user screen in each of them.
        for (const compcode of await userCompanies(db, targetId)) {
          if (compcode === a.company.compcode) continue;
          const grants = await loadGrants(db, a.user.user_id, compcode);
          if (!buildAbility(s.reg, { compcode, grants }).can('update', 'users')) throw appError('ERR_FORBIDDEN');
        }
      }
      const target = await findUser(db, targetId);
      if (!target) throw appError('ERR_NOT_FOUND');
      const temp = await resetPassword(db, s.reg, a.ref, targetId, publish);
      return { success: 1, message: 'Reset Password Successfully', default_password: temp };
    },
  );

  // Save the last company (switching company). Only for oneself, only to an allowed company.
  app.put<{ Params: { user_id: string }; Body: { compcode: string }; Reply: SwitchCompanyResponse }>(
    '/users/ulc/:user_id',
    { schema: { body: { type: 'object', required: ['compcode'], properties: { compcode: { type: 'string', minLength: 1, maxLength: 20 } } } } },
    async (req) => {
      const a = authOf(req);
      if (Number(req.params.user_id) !== a.user.user_id) throw appError('ERR_FORBIDDEN');
      if (!(await worksIn(db, a.user.user_id, req.body.compcode))) throw appError('ERR_COMPANY_FORBIDDEN');
      await db.transaction().execute(async (tx) => {
        await rememberLastCompany(tx, a.user.user_id, req.body.compcode);
        await s.repo.audit(tx, a.ref, s.reg.entity('users'), a.user.user_id, 'action', { action: 'switch company', from: a.company.compcode, to: req.body.compcode });
        // the user's other tabs and devices follow (spec §4: a socket message switches the company)
        await publish(tx, { event: 'switchcompany', user_id: a.user.user_id, data: { compcode: req.body.compcode } });
      });
      const user = { ...a.user, last_compcode: req.body.compcode };
      const company = await activeCompany(db, user);
      return { success: 1, user: sessionObject(user, company), ...periodDates(company) };
    },
  );
}

/** userRoutes: PUT /users/language, GET /users/companies. */
function userLanguageAndCompanyRoutes(app: FastifyInstance, s: Services, c: ReturnType<typeof userRoutesContext>): void {
  const { db } = c;
  // The user's language (decision 0144): labels, menus, dates and numbers in English or Indonesian.
  // Only for oneself; a value outside LANGUAGES is a 400 from the schema.
  app.put<{ Body: { language: Language }; Reply: SwitchCompanyResponse }>(
    '/users/language',
    { schema: { body: { type: 'object', required: ['language'], additionalProperties: false, properties: { language: { type: 'string', enum: [...LANGUAGES] } } } } },
    async (req) => {
      const a = authOf(req);
      const language = req.body.language;
      if (language !== a.user.language) {
        await db.transaction().execute((tx) => versionedUpdate(tx, s.reg.entity('users'), a.user.user_id, { language }, { user: a.ref, reason: 'choose language' }));
      }
      return { success: 1, user: sessionObject({ ...a.user, language }, a.company), ...periodDates(a.company) };
    },
  );

  // Companies the user may work in; `holding` narrows to one group.
  app.get<{ Querystring: { holding?: string; q?: string; page?: number; limit?: number; sortBy?: 'company' | 'compcode'; sortDir?: string }; Reply: PagedResponse<CompanyListRow> }>(
    '/users/companies',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...paging,
            holding: { type: 'string', maxLength: 20 },
            q: { type: 'string', maxLength: 100 },
            sortBy: { type: 'string', enum: ['company', 'compcode'] },
          },
        },
      },
    },
    async (req) => {
      const a = authOf(req);
      const { holding, q: text, page = 1, limit = 50, sortBy = 'company', sortDir = 'asc' } = req.query;
      const { rows, total } = await companiesOfUser(db, a.user.user_id, { page, limit, sortBy, desc: sortDir.toLowerCase() === 'desc', holding, text });
      const list = rows.map((r) => ({
        ...r,
        compaddr: [r.compaddr1, r.compaddr2, r.compaddr3].filter((x) => x).join(' '),
        active: r.compcode === a.company.compcode,
      }));
      return { meta: { total, page, limit }, list };
    },
  );
}

export function userRoutes(s: Services): FastifyPluginAsync {
  const c = userRoutesContext(s);
  return async (app) => {
    userAccountRoutes(app, s, c);
    userLanguageAndCompanyRoutes(app, s, c);
  };
}
