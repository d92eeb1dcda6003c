/**
 * Spec §7 user administration paths, mapped onto the generic machinery (the same access checks,
 * validation, audit and company scoping as every entity):
 *   GET /users, POST /users, PUT /users/:user_id, DELETE /users/:user_id, GET /users/detail/:user_id
 *   GET /users/manage (paged users of the company, optional modulname)
 *   GET /users/usermodul (paged letters per user and module), GET /users/exportusermodul (xlsx)
 */
import type { FastifyPluginAsync } from 'fastify';
import { allRows, listRows } from '../../../engine/src/query/page.ts';
import { buildListQuery, type ListParams } from '../../../engine/src/query/plan.ts';
import { sendSpreadsheet } from './spreadsheet.ts';
import { appError } from '../../../engine/src/errors.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import { usersWithLettersIn } from '../../../engine/src/access/menus.ts';

type Query = Record<string, string | undefined>;

export function userAdminRoutes(s: Services): FastifyPluginAsync {
  const db = s.database.db;
  const userList = s.reg.screen('admin', 'user');
  const modulList = s.reg.screen('admin', 'user-modul');
  if (userList?.kind !== 'list' || modulList?.kind !== 'list') throw new Error('admin metadata must declare the user and user-modul lists');

  const paging = (q: Query) => ({
    page: Number(q.page ?? 1),
    limit: Number(q.limit ?? 10),
    sortBy: q.sortBy || undefined,
    sortDir: q.sortDir?.toLowerCase() === 'desc' ? ('desc' as const) : ('asc' as const),
    q: q.q ?? q.username ?? undefined,
  });

  const manageParams = async (compcode: string, q: Query): Promise<ListParams> => {
    const p: ListParams = { entity: 'users', ...paging(q), columns: userList.columns, search: userList.search, filters: userList.filters, defaultSort: userList.defaultSort, values: q };
    if (q.modulname) {
      // users holding some letter on a menu entry of that module in this company
      const ids = await usersWithLettersIn(db, compcode, q.modulname);
      p.fixed = {};
      p.filters = [...(p.filters ?? []), { field: 'user_id', op: 'in', label: 'User', param: '__ids' }];
      p.values = { ...q, __ids: ids.length ? ids.join(',') : '0' };
    }
    return p;
  };

  return async (app) => {
    app.get<{ Querystring: Query }>('/users', async (req) => {
      const a = authOf(req);
      return listRows({ db, reg: s.reg, ability: a.ability, reader: a.ref }, { ...(await manageParams(a.company.compcode, req.query)), totalCap: s.config.listTotalCap });
    });
    app.get<{ Querystring: Query }>('/users/manage', async (req) => {
      const a = authOf(req);
      return listRows({ db, reg: s.reg, ability: a.ability, reader: a.ref }, { ...(await manageParams(a.company.compcode, req.query)), totalCap: s.config.listTotalCap });
    });
    app.get<{ Params: { user_id: string } }>('/users/detail/:user_id', async (req) => {
      const a = authOf(req);
      return { data: await s.repo.get({ db, ability: a.ability, reader: a.ref }, 'users', req.params.user_id) };
    });
    app.post<{ Body: Record<string, unknown> }>('/users', { schema: { body: { type: 'object' } } }, async (req) => {
      const a = authOf(req);
      return { success: 1, data: await s.repo.create({ db, ability: a.ability, user: a.ref }, 'users', req.body ?? {}) };
    });
    app.put<{ Params: { user_id: string }; Body: Record<string, unknown> }>('/users/:user_id', { schema: { body: { type: 'object' } } }, async (req) => {
      const a = authOf(req);
      return { success: 1, data: await s.repo.update({ db, ability: a.ability, user: a.ref }, 'users', req.params.user_id, req.body ?? {}) };
    });
    app.delete<{ Params: { user_id: string } }>('/users/:user_id', async (req) => {
      const a = authOf(req);
      if (Number(req.params.user_id) === a.user.user_id) throw appError('ERR_CONFLICT', { message: 'You cannot delete your own account.' });
      await s.repo.remove({ db, ability: a.ability, user: a.ref }, 'users', req.params.user_id);
      return { success: 1 };
    });

    const modulParams = (q: Query): ListParams => ({
      entity: 'user_modul',
      ...paging(q),
      columns: modulList.columns,
      search: modulList.search,
      filters: modulList.filters,
      defaultSort: modulList.defaultSort,
      values: q,
    });
    app.get<{ Querystring: Query }>('/users/usermodul', async (req) => {
      const a = authOf(req);
      return listRows({ db, reg: s.reg, ability: a.ability, reader: a.ref }, { ...modulParams(req.query), totalCap: s.config.listTotalCap });
    });
    app.get<{ Querystring: Query }>('/users/exportusermodul', async (req, reply) => {
      const a = authOf(req);
      if (!a.ability.can('read', 'user_modul') || !a.ability.can('other', 'user_modul')) throw appError('ERR_FORBIDDEN');
      const ctx = { db, reg: s.reg, ability: a.ability, reader: a.ref };
      buildListQuery(ctx, modulParams(req.query)).resolveSort(); // refused before the stream starts
      return sendSpreadsheet(req, reply, { filename: 'user_modul', sheet: 'User per Modul', columns: modulList.columns.map((c) => ({ header: c.label, key: c.field })), rows: allRows(ctx, modulParams(req.query)) });
    });
  };
}
