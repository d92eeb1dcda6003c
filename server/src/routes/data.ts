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
 *   POST   /api/data/:entity/action/:name  { key?, save?, ...body }  (the action's letter; save: the
 *          row's unsaved edits, saved in the action's transaction, decision 0375)
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { createMongoAbility } from '@casl/ability';
import { appError } from '../../../engine/src/errors.ts';
import type { AppAbility } from '../../../engine/src/access/ability.ts';
import { groupCompanies, isGroupAdmin } from '../../../engine/src/access/menus.ts';
import { allRows, countRows, listRows } from '../../../engine/src/query/page.ts';
import { buildListQuery, type ListParams } from '../../../engine/src/query/plan.ts';
import { assertKnownListParameters } from '../../../engine/src/query/filters.ts';
import { amongCondition, copyFrom, lookupConditions, notPastAlternatives } from '../../../engine/src/query/lookup.ts';
import { businessDate } from '../../../engine/src/crud/business-date.ts';
import { sendSpreadsheet } from './spreadsheet.ts';
import { referencedRows, renderDocument, renderPrint, resolveReferences } from '../../../engine/src/print/print.ts';
import { actionContext } from '../workflow-context.ts';
import { runAction } from '../../../engine/src/crud/run-action.ts';
import type { EntityDef, FieldDef, ListScreenDef, ReportScreenDef } from '../../../engine/src/metadata/registry.ts';
import { listPageSchema, listRowSchema } from '../../../engine/src/metadata/row-schema.ts';
import type { JsonSchema } from '../../../engine/src/metadata/json-schema.ts';
import type { Services } from '../services.ts';
import { languageOf, localised } from '../../../engine/src/metadata/i18n.ts';
import { authOf } from '../auth/request.ts';

type Query = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** The list limits the description declares (page ≥ 1, 1 ≤ limit ≤ 100, sortDir asc or desc): a value outside them is refused, never clamped (docs/api.md). */
export const MAX_PAGE_LIMIT = 100;
function paging(q: Query, defaultLimit: number): { page: number; limit: number; sortDir: 'asc' | 'desc' } {
  const errors: { path: string; message: string }[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = one(q[name]);
    if (raw === undefined || raw === '') return fallback;
    const n = /^[0-9]{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!(n >= min && n <= max)) errors.push({ path: `/${name}`, message: `must be a whole number from ${min} to ${max}` });
    return n;
  };
  const page = int('page', 1, 1, 1_000_000);
  const limit = int('limit', defaultLimit, 1, MAX_PAGE_LIMIT);
  const dir = one(q.sortDir);
  if (dir !== undefined && dir !== '' && dir.toLowerCase() !== 'asc' && dir.toLowerCase() !== 'desc') errors.push({ path: '/sortDir', message: 'must be asc or desc' });
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
  return { page, limit, sortDir: dir?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
}

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

  /** List parameters from the query string, shaped by the list screen named in `route`. */
  const listParams = (e: EntityDef, q: Query): ListParams & { screen?: ListScreenDef | ReportScreenDef } => {
    const screen = listScreen(e.name, one(q.route));
    assertKnownListParameters(q, { filters: screen?.filters, params: screen?.params, search: screen?.search });
    const { page, limit, sortDir } = paging(q, Math.min(screen?.pageSize ?? 10, MAX_PAGE_LIMIT));
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(q)) values[k] = one(v);
    return {
      screen,
      entity: e.name,
      page,
      limit,
      sortBy: one(q.sortBy) || undefined,
      sortDir,
      q: one(q.q),
      search: screen?.search,
      columns: screen?.columns,
      filters: screen?.filters,
      fixed: screen?.kind === 'list' ? screen.fixedFilter : undefined,
      defaultSort: screen?.defaultSort,
      values,
      totalCap: s.config.listTotalCap,
    };
  };

  /** A reference field of the entity or of one of its child line entities. */
  const referenceField = (e: EntityDef, name: string): { owner: EntityDef; field: FieldDef } => {
    const own = e.fields.find((f) => f.name === name);
    if (own?.type === 'reference') return { owner: e, field: own };
    for (const c of e.children) {
      const child = s.reg.entity(c.entity);
      const f = child.fields.find((x) => x.name === name);
      if (f?.type === 'reference') return { owner: child, field: f };
    }
    throw appError('ERR_ROUTE_NOT_FOUND');
  };

  // The response schema of each list (entity and screen), made once; Fastify compiles it to a
  // serialiser once per schema object (reply.compileSerializationSchema keeps it in a WeakMap).
  const pageSchemas = new Map<string, JsonSchema>();
  const pageSchema = (e: EntityDef, screen: ListScreenDef | ReportScreenDef | undefined): JsonSchema => {
    const id = `${e.name}|${screen ? `${screen.module}/${screen.route}` : ''}`;
    let schema = pageSchemas.get(id);
    if (!schema) pageSchemas.set(id, (schema = listPageSchema(listRowSchema(s.reg, e, screen?.columns))));
    return schema;
  };

  return async (app) => {
    app.get<{ Params: { entity: string }; Querystring: Query }>('/data/:entity', async (req, reply) => {
      const a = authOf(req);
      const e = knownEntity(req.params.entity);
      const p = listParams(e, req.query);
      const page = await listRows({ db: s.database.db, reg: s.reg, ability: a.ability, reader: a.ref }, p);
      if (s.config.compiledSerializers) {
        const compiled = reply.compileSerializationSchema(pageSchema(e, p.screen) as Record<string, unknown>, '200');
        // a serializer of one's own leaves the type unset: JSON like every other answer
        reply.type('application/json; charset=utf-8');
        // a value of another type than metadata declares is sent as it is, never a 500
        reply.serializer((data: Record<string, unknown>) => {
          try {
            return compiled(data);
          } catch {
            return JSON.stringify(data);
          }
        });
      }
      return page;
    });

    // The rows a reference field may point at (the lookup dialog): anyone who may create or update
    // the entity may pick among the referenced entity's rows of the active company that meet the
    // field's declared lookup filter and the document values it matches (`m.<field>`).
    const lookupOf = async (req: FastifyRequest<{ Params: { entity: string; field: string }; Querystring: Query }>) => {
      const a = authOf(req);
      const e = knownEntity(req.params.entity);
      if (!['create', 'update', 'read'].some((act) => a.ability.can(act as 'read', e.name))) throw appError('ERR_FORBIDDEN');
      const { owner, field } = referenceField(e, req.params.field);
      const target = s.reg.entity(field.entity ?? '');
      // Rows of the active company. Users (scoped through their companies) are the active company's
      // on every document (a requestor, a crew member: the save accepts no one else); only the
      // link that puts a user into this company (user_company) lists the whole group, and only to
      // an administrator of the holding (U on a users screen there), who may link them
      // (decision 0055).
      let conditions: Record<string, unknown> | undefined;
      if (target.companyVia) {
        const holding = (a.company.holding as string | null) ?? (a.company.isholding ? a.company.compcode : null);
        if (owner.name === target.companyVia.entity && (await isGroupAdmin(s.database.db, s.reg, a.user.user_id, holding, target.name))) {
          const group = await groupCompanies(s.database.db, holding as string);
          conditions = { compcode: { $in: [...new Set([a.company.compcode, ...group])] } };
        } else {
          conditions = { compcode: a.company.compcode };
        }
      } else if (target.companyScoped) {
        conditions = { compcode: a.company.compcode };
      }
      const matched: Record<string, string | number | undefined> = {};
      for (const k of Object.keys(field.lookup?.match ?? {})) {
        const v = one(req.query[`m.${k}`]);
        const f = s.reg.field(target.name, k);
        const numeric = k === target.key ? target.keyType !== 'string' : f?.type === 'integer' || f?.type === 'decimal' || (f?.type === 'reference' && s.reg.entity(f.entity ?? '').keyType !== 'string');
        if (v !== undefined && v !== '' && numeric && !Number.isFinite(Number(v))) throw appError('ERR_VALIDATION', { errors: [{ path: `/m.${k}`, message: 'must be a number' }] });
        matched[k] = v === undefined || v === '' ? undefined : numeric ? Number(v) : v;
      }
      const declared = lookupConditions(field, matched);
      // `among`: only the values listed on another child of the stored document (`among=<key>`),
      // read under the user's own access (another company's document is not found)
      const docKey = field.lookup?.among ? one(req.query.among) : undefined;
      if (field.lookup?.among && docKey !== undefined && docKey !== '') {
        const parent = [...s.reg.entities.values()].find((x) => x.children.some((c) => c.entity === owner.name));
        if (parent) Object.assign(declared, amongCondition(field, target, await s.repo.get({ db: s.database.db, ability: a.ability }, parent.name, docKey)));
      }
      const scope = conditions;
      if (Object.keys(declared).length) conditions = { ...conditions, ...declared };
      // rows read only by their participants (workflow tasks) are picked under the user's own rule
      // `notPast`: dates empty or not before the company's business date (decision 0122), one rule per alternative
      const alternatives = field.lookup?.notPast?.length ? notPastAlternatives(field, await businessDate(s.database.db, a.company.compcode)) : [{}];
      const pick: AppAbility = target.participants
        ? a.ability
        : createMongoAbility(alternatives.map((alt) => ({ action: 'read', subject: target.name, ...(conditions || Object.keys(alt).length ? { conditions: { ...conditions, ...alt } } : {}) })));
      // the display of a value a document holds (`key=`): the row in the same company scope, offered
      // or not (an inactive vendor a posted order names still shows its name), never another company's
      const shown: AppAbility = target.participants ? a.ability : createMongoAbility([{ action: 'read', subject: target.name, ...(scope ? { conditions: scope } : {}) }]);
      return { field, target, pick, shown };
    };

    app.get<{ Params: { entity: string; field: string }; Querystring: Query }>('/data/:entity/lookup/:field', async (req) => {
      const { field, target, pick, shown } = await lookupOf(req);
      const visible = target.fields.filter((f) => !f.hidden && f.type !== 'binary');
      const display = target.display ?? visible.find((f) => f.type === 'string')?.name ?? target.key;
      const names = [...new Set([display, ...(field.lookup?.columns ?? visible.filter((f) => f.type === 'string').slice(0, 3).map((f) => f.name))])];
      const labels = localised(s.reg, languageOf(authOf(req).user));
      const columns = names.map((n) => ({ field: n, label: n === target.key ? 'Key' : (labels.field(target.name, n)?.label ?? n), sortable: true }));
      const search = field.lookup?.search ?? names.filter((n) => s.reg.field(target.name, n)?.type === 'string' || s.reg.field(target.name, n)?.type === 'text');
      const q = req.query;
      const paged = paging(q, 10);
      const key = one(q.key) || undefined;
      if (key !== undefined && target.keyType !== 'string' && !/^-?\d{1,15}$/.test(key)) throw appError('ERR_VALIDATION', { errors: [{ path: '/key', message: 'must be a number' }] });
      const page = await listRows(
        { db: s.database.db, reg: s.reg, ability: key === undefined ? pick : shown },
        {
          entity: target.name,
          ...paged,
          ...(key === undefined ? { q: one(q.q) } : { fixed: { [target.key]: target.keyType === 'string' ? key : Number(key) } }),
          search,
          columns,
          sortBy: one(q.sortBy) || undefined,
          defaultSort: { field: display },
          totalCap: s.config.listTotalCap,
        },
      );
      return {
        meta: page.meta,
        columns: columns.map(({ field: f, label }) => ({ field: f, label })),
        list: page.list.map((r) => ({ ...r, key: r[target.key], display: r[display] })),
      };
    });

    // What choosing row :key of the lookup copies into the form (the field's `lookup.copy`): read
    // under the lookup's own conditions, so only a row the lookup offers can be copied from.
    app.get<{ Params: { entity: string; field: string; key: string }; Querystring: Query }>('/data/:entity/lookup/:field/copy/:key', async (req) => {
      const { field, target, pick } = await lookupOf(req);
      if (!field.lookup?.copy) throw appError('ERR_ROUTE_NOT_FOUND');
      const row = await s.repo.get({ db: s.database.db, ability: pick }, target.name, req.params.key);
      return { data: copyFrom(field, row) };
    });

    // Export of the filtered rows to xlsx, streamed (letter O: docs/decisions/0004).
    app.get<{ Params: { entity: string }; Querystring: Query }>('/data/:entity/export', async (req, reply) => {
      const a = authOf(req);
      const e = knownEntity(req.params.entity);
      if (!a.ability.can('read', e.name)) throw appError('ERR_FORBIDDEN');
      if (!a.ability.can('other', e.name)) throw appError('ERR_FORBIDDEN', { message: 'Exporting needs the O (other) permission on this screen.' });
      const p = listParams(e, req.query);
      const ctx = { db: s.database.db, reg: s.reg, ability: a.ability, reader: a.ref };
      buildListQuery(ctx, p).resolveSort(); // a bad sort is refused before the stream starts
      const total = await countRows(ctx, p);
      const columns = (p.columns ?? e.fields.filter((f) => !f.hidden && f.type !== 'binary').map((f) => ({ field: f.name, label: f.label, format: f.format === 'duration' ? 'hm' : undefined }))).map((c) => ({
        header: c.label,
        key: c.field,
        format: c.format,
      }));
      const name = (p.screen?.route ?? e.name).replace(/[^a-zA-Z0-9_-]/g, '_');
      return sendSpreadsheet(req, reply, { filename: name, sheet: p.screen?.title ?? e.title, columns, rows: allRows(ctx, p), total });
    });

    app.get<{ Params: { entity: string; key: string } }>('/data/:entity/:key', async (req) => {
      const a = authOf(req);
      const e = knownEntity(req.params.entity);
      return { data: await s.repo.get({ db: s.database.db, ability: a.ability, reader: a.ref }, e.name, req.params.key) };
    });

    // A printable HTML of one document (letter P); the approval workflow adds PDF rendering.
    app.get<{ Params: { entity: string; key: string } }>('/data/:entity/:key/print', async (req, reply) => {
      const a = authOf(req);
      const e = knownEntity(req.params.entity);
      if (!a.ability.can('print', e.name)) throw appError('ERR_FORBIDDEN');
      const row = await s.repo.get({ db: s.database.db, ability: a.ability, reader: a.ref }, e.name, req.params.key, { action: 'print' });
      const ctx = {
        company: a.company.company,
        address: [a.company.compaddr1, a.company.compaddr2, a.company.compaddr3].filter(Boolean).join(', '),
        color: a.company.compcolor as string | undefined,
        printedBy: a.user.full_name,
      };
      // the entity's default print (metadata `default`, a PO as its vendor reads it) if it has one
      const own = e.prints?.find((p) => p.default);
      const refs = own ? await referencedRows(s.database.db, s.reg, e, own, row) : {};
      await resolveReferences(s.database.db, s.reg, e, row);
      const html = own ? renderPrint(s.reg, e, own, row, { ...ctx, refs }) : renderDocument(s.reg, e, row, ctx);
      return reply.type('text/html; charset=utf-8').send(html);
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
      // the row an action runs on: a key, never a value of another type (no coercion of bodies)
      // `save`: the form's unsaved edits of the row, saved in the action's transaction (decision 0375)
      { schema: { body: { type: 'object', properties: { key: { type: ['string', 'integer', 'null'], maxLength: 100 }, save: { type: 'object' } } } } },
      async (req) => {
        const a = authOf(req);
        const e = knownEntity(req.params.entity);
        const { key, save, ...body } = req.body ?? {};
        // one runner: the letter metadata declares, the row in the company, one transaction, audit
        return runAction(actionContext(s, a, req.ip), { entity: e.name, name: req.params.name, key: key as string | number | undefined, body, ...(save !== undefined ? { save: save as Record<string, unknown> } : {}) }, { offered: true });
      },
    );
  };
}
