/**
 * Generic CRUD for every metadata entity, and plugin actions. One mechanism for all screens: the
 * list query builder, the access compiler and the repository do the work; this file only maps
 * HTTP to them.
 *
 *   GET    /api/data/:entity?route=module/route&page=&limit=&sortBy=&sortDir=&q=&<filter>=
 *   GET    /api/data/:entity/:key
 *   POST   /api/data/:entity            (C)
 *   PUT    /api/data/:entity/:key       (U, body carries version)
 *   DELETE /api/data/:entity/:key       (D)
 *   POST   /api/data/:entity/action/:name  { key?, ...body }  (the action's letter)
 */
import type { FastifyPluginAsync } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import { LETTER_ACTION, type Letter } from '../../../engine/src/access/ability.ts';
import { listRows } from '../../../engine/src/query/list.ts';
import type { ListScreenDef, ReportScreenDef } from '../../../engine/src/metadata/registry.ts';
import type { Services } from '../services.ts';
import { authOf } from '../app.ts';

type Query = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

export function dataRoutes(s: Services): FastifyPluginAsync {
  const knownEntity = (name: string) => {
    const e = s.reg.entities.get(name);
    if (!e) throw appError('ERR_ROUTE_NOT_FOUND');
    return e;
  };
  const listScreen = (entity: string, route: string | undefined): ListScreenDef | ReportScreenDef | undefined => {
    if (!route) return undefined;
    const [module, name] = route.split('/');
    const screen = s.reg.screen(module ?? '', name ?? '');
    if (!screen || (screen.kind !== 'list' && screen.kind !== 'report') || screen.entity !== entity) {
      throw appError('ERR_BAD_REQUEST', { message: `Route '${route}' is not a list of ${entity}.` });
    }
    return screen;
  };

  return async (app) => {
    app.get<{ Params: { entity: string }; Querystring: Query }>('/data/:entity', async (req) => {
      const a = authOf(req);
      const e = knownEntity(req.params.entity);
      const q = req.query;
      const screen = listScreen(e.name, one(q.route));
      const sortDir = one(q.sortDir)?.toLowerCase();
      const values: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(q)) values[k] = one(v);
      return listRows(
        { db: s.database.db, reg: s.reg, ability: a.ability },
        {
          entity: e.name,
          page: Number(one(q.page) ?? 1),
          limit: Number(one(q.limit) ?? screen?.pageSize ?? 10),
          sortBy: one(q.sortBy) || undefined,
          sortDir: sortDir === 'desc' ? 'desc' : 'asc',
          q: one(q.q),
          search: screen?.kind === 'list' ? screen.search : undefined,
          columns: screen?.columns,
          filters: screen?.filters,
          fixed: screen?.kind === 'list' ? screen.fixedFilter : undefined,
          defaultSort: screen?.defaultSort,
          values,
        },
      );
    });

    app.get<{ Params: { entity: string; key: string } }>('/data/:entity/:key', async (req) => {
      const a = authOf(req);
      const e = knownEntity(req.params.entity);
      return { data: await s.repo.get({ db: s.database.db, ability: a.ability }, e.name, req.params.key) };
    });

    app.post<{ Params: { entity: string }; Body: Record<string, unknown> }>('/data/:entity', { schema: { body: { type: 'object' } } }, async (req) => {
      const a = authOf(req);
      const e = knownEntity(req.params.entity);
      const data = await s.repo.create({ db: s.database.db, ability: a.ability, user: a.ref }, e.name, req.body ?? {});
      return { success: 1, data };
    });

    app.put<{ Params: { entity: string; key: string }; Body: Record<string, unknown> }>('/data/:entity/:key', { schema: { body: { type: 'object' } } }, async (req) => {
      const a = authOf(req);
      const e = knownEntity(req.params.entity);
      const data = await s.repo.update({ db: s.database.db, ability: a.ability, user: a.ref }, e.name, req.params.key, req.body ?? {});
      return { success: 1, data };
    });

    app.delete<{ Params: { entity: string; key: string } }>('/data/:entity/:key', async (req) => {
      const a = authOf(req);
      const e = knownEntity(req.params.entity);
      await s.repo.remove({ db: s.database.db, ability: a.ability, user: a.ref }, e.name, req.params.key);
      return { success: 1 };
    });

    app.post<{ Params: { entity: string; name: string }; Body: Record<string, unknown> }>(
      '/data/:entity/action/:name',
      { schema: { body: { type: 'object' } } },
      async (req) => {
        const a = authOf(req);
        const e = knownEntity(req.params.entity);
        const action = s.plugins.action(req.params.name);
        if (!action || action.entity !== e.name) throw appError('ERR_ROUTE_NOT_FOUND');
        // The letter comes from the metadata that offers the action on a screen of this entity.
        const declared = s.reg
          .screensOfEntity(e.name)
          .flatMap((sc) => (sc.kind === 'list' || sc.kind === 'form' ? sc.actions : []))
          .find((x) => x.name === req.params.name);
        if (!declared) throw appError('ERR_ROUTE_NOT_FOUND');
        if (!a.ability.can(LETTER_ACTION[declared.letter as Letter], e.name)) throw appError('ERR_FORBIDDEN');
        const { key, ...body } = req.body ?? {};
        if (declared.row) {
          // The row must be one the user may see.
          await s.repo.get({ db: s.database.db, ability: a.ability }, e.name, key);
        }
        return action.run(
          { db: s.database.db, reg: s.reg, ability: a.ability, user: a.ref },
          { key: key as string | number | undefined, body },
        );
      },
    );
  };
}
