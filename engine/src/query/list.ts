/**
 * The one query builder for lists: filtered, sorted, paged rows of an entity with their total,
 * restricted by the access compiler. Every generic list, lookup, report and export goes through it.
 *
 *   const page = await listRows(ctx, { entity: 'store_warehouse', page: 1, limit: 20, q: 'jakarta' });
 *   page.meta.total; page.list
 */
import { expressionBuilder, sql, type AliasedRawBuilder, type SelectQueryBuilder } from 'kysely';
import { executeReused } from './reuse.ts';
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import type { Action, AppAbility } from '../access/ability.ts';
import { accessCondition } from '../access/compile.ts';
import { appError } from '../errors.ts';
import type { ColumnDef, EntityDef, FieldDef, FilterDef, Registry } from '../metadata/registry.ts';
import { scopedByKey } from '../db/schema-model.ts';
import { keysetPages } from './keyset.ts';
import { refreshBehind, storedSource } from './stored.ts';
import { personalCondition, type Reader } from '../access/personal.ts';
import { isDate } from '../values/dates.ts';

export { isDate };

export const LIMIT_OPTIONS = [10, 15, 20, 25, 30, 40, 50] as const;
const MAX_LIMIT = 100;
/**
 * Totals are counted exactly up to this many rows past the start of the page asked for; beyond
 * it the list answers `total` = the cap with `totalCapped: true` (the screen shows "10,000+").
 * Counting every matching row of a large table on every page costs as much as reading them.
 */
export const TOTAL_CAP = 10_000;

export interface ListContext {
  db: DB;
  reg: Registry;
  ability: AppAbility;
  /** The signed-in user, for personal fields (access/personal.ts); without one they read as null. */
  reader?: Reader;
}

export interface ListParams {
  entity: string;
  page?: number;
  limit?: number;
  sortBy?: string;
  sortDir?: 'asc' | 'desc';
  /** Free text searched in `search` fields (contains, case-insensitive). */
  q?: string;
  search?: string[];
  columns?: ColumnDef[];
  filters?: FilterDef[];
  /** Raw filter values by parameter name (only non-empty ones are applied). */
  values?: Record<string, unknown>;
  fixed?: Record<string, unknown>;
  defaultSort?: { field: string; dir?: 'asc' | 'desc' };
  action?: Action;
  /** Count exactly up to this many rows past the page's start (default TOTAL_CAP; at least a page). */
  totalCap?: number;
}

export interface ListPage<T = Record<string, unknown>> {
  /** `totalCapped`: there are more than `total` rows (counting stopped at the cap). */
  meta: { total: number; page: number; limit: number; totalCapped?: true };
  list: T[];
}

const STANDARD = ['compcode', 'created_at', 'created_by', 'updated_at', 'updated_by', 'version'];

interface Joined {
  alias: string;
  table: string;
  key: string;
  via: string;
  /** The alias the reference column `via` is on: the row (`t`), or a joined target (a reference's label, below). */
  from?: string;
  /** A required reference: every row has its target, so an inner join (the planner can then walk an index of the target in order). */
  inner: boolean;
  /** Both sides company scoped: the target is in the row's company (lets the planner use the target's company index). */
  sameCompany: boolean;
  /** Used by a condition (filter, search, fixed value): needed to count, not only to show or sort. */
  filtering: boolean;
}

/** How a resolved field is used: shown, or a condition (filter, search, fixed value) or sort key. */
type Use = 'select' | 'filter' | 'sort';

interface Resolved {
  ref: string;
  type: string;
  /** An enum's codes (a filter value must be one of them). */
  codes?: unknown[];
  /** A personal field: shown only under its condition (access/personal.ts) on the row `alias` of `entity`. */
  personal?: { entity: EntityDef; alias: string };
}

/** The type a filter value must have: a reference takes its target's key type, an enum its codes. */
function typeOf(reg: Registry, f: FieldDef): { type: string; codes?: unknown[] } {
  if (f.type === 'reference') return { type: f.entity && reg.entity(f.entity).keyType === 'string' ? 'string' : 'reference' };
  if (f.type === 'enum') return { type: 'enum', codes: (f.values ?? []).map((v) => v.code) };
  return { type: f.type };
}

/** The label of a reference to `entity`: its display field, when it is a plain column anyone reading the row may see. */
function labelOf(reg: Registry, entity: string): { entity: EntityDef; field: FieldDef } | undefined {
  const target = reg.entity(entity);
  const field = target.display ? target.fields.find((f) => f.name === target.display) : undefined;
  return field && !field.hidden && !field.personal && field.type !== 'reference' ? { entity: target, field } : undefined;
}

/** Resolves `field` or `ref.field` to a qualified SQL reference, adding a left join when needed. */
function resolver(reg: Registry, e: EntityDef) {
  const joins = new Map<string, Joined>();
  const unknown = (path: string) => appError('ERR_BAD_REQUEST', { message: `Unknown field '${path}'.` });
  const resolve = (path: string, use: Use = 'select'): Resolved => {
    const filtering = use === 'filter';
    const parts = path.split('.');
    if (parts.length === 1) {
      if (path === e.key || (STANDARD.includes(path) && (!e.view || path === 'compcode'))) {
        const col = path === 'compcode' && scopedByKey(e) ? e.key : path;
        return { ref: `t.${col}`, type: path.endsWith('_at') ? 'datetime' : path === e.key && e.keyType !== 'string' ? 'key' : 'string' };
      }
      const f = e.fields.find((x) => x.name === path);
      if (!f || f.hidden || (f.personal && use !== 'select')) throw unknown(path);
      return { ref: `t.${f.name}`, ...typeOf(reg, f), ...(f.personal ? { personal: { entity: e, alias: 't' } } : {}) };
    }
    const ref = e.fields.find((x) => x.name === parts[0]);
    if (!ref || ref.type !== 'reference' || !ref.entity) throw unknown(path);
    const target = reg.entity(ref.entity);
    const tf = target.fields.find((x) => x.name === parts[1]);
    const isKey = parts[1] === target.key;
    if (((!tf || tf.hidden) && !isKey) || (tf?.personal && use !== 'select')) throw unknown(path);
    const alias = `j_${ref.name}`;
    if (!joins.has(alias)) {
      joins.set(alias, {
        alias,
        table: target.table,
        key: target.key,
        via: ref.name,
        inner: Boolean(ref.required),
        sameCompany: e.companyScoped && !scopedByKey(e) && target.companyScoped && !scopedByKey(target) && !e.view && !target.view,
        filtering,
      });
    } else if (filtering) joins.get(alias)!.filtering = true;
    // a column shown (or sorted) on a reference of the target (`purchase_order.vendor`) shows that
    // reference's label (its entity's display field), never its key; filters keep the key
    const label = use !== 'filter' && tf?.type === 'reference' && tf.entity ? labelOf(reg, tf.entity) : undefined;
    if (tf && label) {
      const via = `${alias}__${tf.name}`;
      if (!joins.has(via)) joins.set(via, { alias: via, table: label.entity.table, key: label.entity.key, via: tf.name, from: alias, inner: false, sameCompany: false, filtering: false });
      return { ref: `${via}.${label.field.name}`, ...typeOf(reg, label.field) };
    }
    return { ref: `${alias}.${parts[1]}`, ...(tf ? typeOf(reg, tf) : { type: target.keyType === 'string' ? 'string' : 'key' }), ...(tf?.personal ? { personal: { entity: target, alias } } : {}) };
  };
  return { resolve, joins };
}

/**
 * A filter value of the field's type, or 400 ERR_VALIDATION naming the filter parameter (never a
 * database error): whole numbers for integers and integer keys, plain decimals, calendar dates,
 * dates with a time, true/false (or 1/0) and an enum's own codes. The one check for every list,
 * report, export and named list call.
 *
 *   filterValue({ type: 'integer' }, '12', 'qty')   // 12
 *   filterValue({ type: 'enum', codes: [0, 1] }, 'abc', 'jasa')   // throws: errors [{ path: '/jasa', … }]
 */
export function filterValue(r: { type: string; codes?: unknown[] }, v: unknown, param: string): unknown {
  if (v === null || v === undefined) return v;
  const bad = (message: string) => appError('ERR_VALIDATION', { message: `Filter ${param}: '${String(v).slice(0, 40)}' ${message}.`, errors: [{ path: `/${param}`, message }] });
  const text = String(v).trim();
  switch (r.type) {
    case 'integer':
    case 'reference':
    case 'attachment':
    case 'key': {
      if (!/^[+-]?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) throw bad('is not a whole number');
      return Number(text);
    }
    case 'decimal': {
      if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) || !Number.isFinite(Number(text)) || Math.abs(Number(text)) > Number.MAX_SAFE_INTEGER) throw bad('is not a number');
      return Number(text);
    }
    case 'boolean':
      if (v === true || v === 1 || ['true', '1'].includes(text)) return true;
      if (v === false || v === 0 || ['false', '0'].includes(text)) return false;
      throw bad('is not true or false (1 or 0)');
    case 'date':
      if (!isDate(text)) throw bad('is not a date (YYYY-MM-DD)');
      return text;
    case 'datetime':
      if (!isDate(text.slice(0, 10), text.slice(10))) throw bad('is not a date and time');
      return text;
    case 'enum': {
      const code = (r.codes ?? []).find((c) => String(c) === text);
      if (code === undefined) throw bad(`is not one of ${(r.codes ?? []).join(', ')}`);
      return code;
    }
    default:
      return String(v);
  }
}

/** The list parameters every list takes besides its filters (paging, order, search, the screen). */
export const LIST_PARAMETERS = ['route', 'page', 'limit', 'sortBy', 'sortDir', 'q'] as const;

/**
 * Refuses a list query parameter that is neither one every list takes (LIST_PARAMETERS) nor a
 * declared filter of the list (a `between` filter's `<param>_from`/`_to`, or `<param>1`/`2`) nor
 * a parameter of its screen's route (`params`), and a search text (`q`) on a list that declares
 * no search: 400 ERR_VALIDATION naming it, never silently ignored. Without a screen (`route` not
 * given) only LIST_PARAMETERS are taken, and `q` searches nothing.
 *
 *   assertKnownListParameters({ route: 'm/r', itme: '3' }, { filters })   // throws: errors [{ path: '/itme', … }]
 */
export function assertKnownListParameters(query: Record<string, unknown>, screen: { filters?: readonly FilterDef[]; params?: readonly string[]; search?: readonly string[] } = {}): void {
  const known = new Set<string>([...LIST_PARAMETERS, ...(screen.params ?? []).map((p) => p.replace(/\?$/, ''))]);
  for (const f of screen.filters ?? []) {
    if (f.op === 'between') for (const suffix of ['_from', '_to', '1', '2']) known.add(`${f.param}${suffix}`);
    else known.add(f.param);
  }
  const errors = Object.keys(query)
    .filter((n) => !known.has(n))
    .map((n) => ({ path: `/${n.slice(0, 40)}`, message: 'is not a filter, search or sort of this list' }));
  const q = query.q;
  if (!errors.length && !isEmpty(Array.isArray(q) ? q[0] : q) && !(screen.search?.length)) errors.push({ path: '/q', message: 'this list has no search' });
  if (errors.length) throw appError('ERR_VALIDATION', { message: `List parameter ${errors.map((e) => `'${e.path.slice(1)}'`).join(', ')}: ${errors[0].message}.`, errors });
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A condition of a list on one column: its values are bound by name (`names`, decision 0208). */
interface Cond {
  ref: string;
  op: '=' | '<>' | '<' | '<=' | '>' | '>=' | 'in' | 'is' | 'ilike';
  /** The names of its values (none for `is null`); an `in` has one per element. */
  names: string[];
  /** Compared as text (`cast(ref as text)`): contains, starts with. */
  text?: boolean;
}

/**
 * What a list call asks for, resolved and checked but not yet built: its conditions with their
 * values by name, the free-text search, the order and the columns. The same plan builds the Kysely
 * query (`buildPlanned`) and names the statement's shape (`shapeOf`), the key its compiled SQL is
 * reused under (decision 0208).
 */
interface ListPlan {
  e: EntityDef;
  action: Action;
  source?: string;
  selected: Map<string, Resolved>;
  conds: Cond[];
  search?: { refs: string[]; name: string };
  order: [string, 'asc' | 'desc'][];
  joins: Map<string, Joined>;
  values: Map<string, unknown>;
}

function planList(ctx: ListContext, p: ListParams, source?: string): ListPlan {
  const e = ctx.reg.entity(p.entity);
  const action = p.action ?? 'read';
  if (!ctx.ability.can(action, e.name)) throw appError('ERR_FORBIDDEN');
  const { resolve, joins } = resolver(ctx.reg, e);
  const values = new Map<string, unknown>();
  const conds: Cond[] = [];
  const bind = (name: string, v: unknown): string => {
    values.set(name, v);
    return name;
  };

  const columns = p.columns ?? e.fields.filter((f) => !f.hidden && f.type !== 'binary').map((f) => ({ field: f.name, label: f.label, sortable: true }));
  const selected = new Map<string, Resolved>();
  selected.set(e.key, { ref: `t.${e.key}`, type: 'key' });
  if (!e.view) selected.set('version', { ref: 't.version', type: 'integer' });
  for (const c of columns) selected.set(c.field, resolve(c.field));

  for (const [k, v] of Object.entries(p.fixed ?? {})) {
    const r = resolve(k, 'filter');
    if (Array.isArray(v)) conds.push({ ref: r.ref, op: 'in', names: v.map((x, i) => bind(`fixed:${k}:${i}`, filterValue(r, x, k))) });
    else if (v === null) conds.push({ ref: r.ref, op: 'is', names: [] });
    else conds.push({ ref: r.ref, op: '=', names: [bind(`fixed:${k}`, filterValue(r, v, k))] });
  }

  const vals = p.values ?? {};
  for (const f of p.filters ?? []) {
    // a filter left empty joins nothing (resolved only when it has a value)
    if (f.op === 'between') {
      const from = vals[`${f.param}_from`] ?? vals[`${f.param}1`];
      const to = vals[`${f.param}_to`] ?? vals[`${f.param}2`];
      if (isEmpty(from) && isEmpty(to)) continue;
      const r = resolve(f.field, 'filter');
      const param = (suffix: string) => (vals[`${f.param}_${suffix}`] !== undefined ? `${f.param}_${suffix}` : `${f.param}${suffix === 'from' ? 1 : 2}`);
      if (!isEmpty(from)) conds.push({ ref: r.ref, op: '>=', names: [bind(`filter:${f.param}:from`, filterValue(r, from, param('from')))] });
      if (!isEmpty(to)) conds.push({ ref: r.ref, op: '<=', names: [bind(`filter:${f.param}:to`, filterValue(r, to, param('to')))] });
      continue;
    }
    const v = vals[f.param];
    if (isEmpty(v)) continue;
    const r = resolve(f.field, 'filter');
    const name = `filter:${f.param}`;
    switch (f.op) {
      case 'eq':
      case 'ne':
      case 'lt':
      case 'lte':
      case 'gt':
      case 'gte':
        conds.push({ ref: r.ref, op: COMPARISON[f.op], names: [bind(name, filterValue(r, v, f.param))] });
        break;
      case 'contains':
        conds.push({ ref: r.ref, op: 'ilike', text: true, names: [bind(name, `%${likeEscape(String(v))}%`)] });
        break;
      case 'startswith':
        conds.push({ ref: r.ref, op: 'ilike', text: true, names: [bind(name, `${likeEscape(String(v))}%`)] });
        break;
      case 'in': {
        const arr = (Array.isArray(v) ? v : String(v).split(',')).map((x) => filterValue(r, x, f.param));
        conds.push({ ref: r.ref, op: 'in', names: arr.map((x, i) => bind(`${name}:${i}`, x)) });
        break;
      }
    }
  }

  const text = (p.q ?? '').trim();
  const search = text && (p.search?.length ?? 0) > 0 ? { refs: (p.search ?? []).map((x) => resolve(x, 'filter').ref), name: bind('q', `%${likeEscape(text)}%`) } : undefined;

  const order: [string, 'asc' | 'desc'][] = [];
  const dir = p.sortDir === 'desc' ? 'desc' : 'asc';
  if (p.sortBy) {
    const allowed = columns.some((c) => c.field === p.sortBy && c.sortable !== false) || p.sortBy === e.key || p.sortBy === p.defaultSort?.field;
    if (!allowed) throw appError('ERR_BAD_REQUEST', { message: `Cannot sort by '${p.sortBy}'.` });
    order.push([resolve(p.sortBy, 'sort').ref, dir]);
  } else if (p.defaultSort) {
    order.push([resolve(p.defaultSort.field, 'sort').ref, p.defaultSort.dir ?? 'asc']);
  }
  order.push([`t.${e.key}`, order[0]?.[1] ?? 'asc']); // a stable order for paging
  return { e, action, source, selected, conds, search, order, joins, values };
}

const COMPARISON = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/**
 * The plan's statement shape: everything that decides its SQL text and the values that are not
 * the call's own (the access rules' are the ability's, the personal fields' the reader's). Two
 * calls of the same shape differ only in the values bound by name.
 */
function shapeOf(plan: ListPlan, reader: Reader | undefined): string {
  const parts = [plan.e.name, plan.action, plan.source ?? ''];
  let personal = false;
  for (const [alias, r] of plan.selected) {
    parts.push(`${alias}=${r.ref}`);
    if (r.personal) personal = true;
  }
  if (personal) parts.push(`reader=${reader?.user_id ?? ''}`);
  parts.push('|');
  for (const c of plan.conds) parts.push(`${c.text ? 'text ' : ''}${c.ref} ${c.op} ${c.names.join(',')}`);
  if (plan.search) parts.push(`q ${plan.search.refs.join(',')}`);
  parts.push('|', ...plan.order.map(([ref, dir]) => `${ref} ${dir}`));
  return parts.join('\u0000');
}

/** Builds a plan's filtered, access-restricted query; `bind` gives each named value its place. */
function buildPlanned(
  ctx: ListContext,
  plan: ListPlan,
  bind: (name: string) => unknown,
): {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  countQuery: SelectQueryBuilder<any, any, any>;
  select: AliasedRawBuilder<unknown, string>[];
} {
  const { e, action, joins } = plan;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let q = loose(ctx.db).selectFrom(`${plan.source ?? e.table} as t`) as SelectQueryBuilder<any, any, any>;
  q = q.where(accessCondition(ctx.ability, action, e, ctx.reg, 't'));
  for (const c of plan.conds) {
    const left = c.text ? sql`cast(${sql.ref(c.ref)} as text)` : c.ref;
    if (c.op === 'is') q = q.where(left, 'is', null);
    else if (c.op === 'in') q = q.where(left, 'in', c.names.map(bind));
    else q = q.where(left, c.op, bind(c.names[0]));
  }
  if (plan.search) {
    const { refs, name } = plan.search;
    q = q.where((eb) => eb.or(refs.map((ref) => eb(sql`cast(${sql.ref(ref)} as text)`, 'ilike', bind(name)))));
  }

  // Joins are added last, when every column, condition and sort has named the ones it needs.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const withJoins = (base: SelectQueryBuilder<any, any, any>, forCount: boolean) => {
    let out = base;
    for (const j of joins.values()) {
      // A count needs only the joins that can change which rows match: those of a condition. A
      // left join on a key never does, nor an inner join on a required reference (NOT NULL, a
      // foreign key, and checkReferences keeps it in the row's company).
      if (forCount && !j.filtering) continue;
      const on = (jb: any) => {
        const base = jb.onRef(`${j.alias}.${j.key}`, '=', `${j.from ?? 't'}.${j.via}`);
        return j.sameCompany ? base.onRef(`${j.alias}.compcode`, '=', 't.compcode') : base;
      };
      out = j.inner ? out.innerJoin(`${j.table} as ${j.alias}`, on) : out.leftJoin(`${j.table} as ${j.alias}`, on);
    }
    return out;
  };

  // Personal fields are shown under their condition, as null otherwise (access/personal.ts).
  const eb = expressionBuilder();
  const conditions = new Map<string, ReturnType<typeof personalCondition>>();
  const select = [...plan.selected.entries()].map(([alias, r]) => {
    if (!r.personal) return sql.ref(r.ref).as(alias);
    const key = `${r.personal.entity.name}@${r.personal.alias}`;
    if (!conditions.has(key)) conditions.set(key, personalCondition(ctx.reg, r.personal.entity, ctx.ability, ctx.reader, r.personal.alias));
    const show = conditions.get(key)!(eb);
    return sql`case when ${show} then ${sql.ref(r.ref)} end`.as(alias);
  });
  return { query: withJoins(q, false), countQuery: withJoins(q, true), select };
}

/** Builds the filtered, access-restricted query (without paging); shared by list and export. */
export function buildListQuery(
  ctx: ListContext,
  p: ListParams,
  /** The table read instead of the entity's own (a stored view's rows table, decision 0200). */
  source?: string,
): {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, any>;
  /** The same rows with only the joins that can change which rows match. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  countQuery: SelectQueryBuilder<any, any, any>;
  select: AliasedRawBuilder<unknown, string>[];
  resolveSort: () => [string, 'asc' | 'desc'][];
} {
  const plan = planList(ctx, p, source);
  return { ...buildPlanned(ctx, plan, (name) => plan.values.get(name)), resolveSort: () => plan.order };
}

export async function listRows(ctx: ListContext, p: ListParams): Promise<ListPage> {
  const e = ctx.reg.entity(p.entity);
  await refreshBehind(ctx.db, ctx.reg, e);
  // a stored view (decision 0200): its rows table first, whose sort indexes a first page walks;
  // the same statement says whether those rows were all fresh, else the entity's view is read
  const stored = storedSource(ctx.reg, e);
  if (stored) {
    const page = await listPage(ctx, p, { rows: stored.rows, fresh: stored.fresh });
    if (page) return page;
    // not all fresh: a company's new business date not stored yet reads the view itself (its
    // plan for a whole company), a few stale aircraft the entity's view (stored rows + those live)
    const moved = (await sql<{ moved: boolean }>`select ${sql.raw(stored.moved)} as moved`.execute(ctx.db)).rows[0]?.moved;
    if (moved) return (await listPage(ctx, p, { rows: stored.live, fresh: 'true' }))!;
  }
  return (await listPage(ctx, p))!;
}

/** One statement: the page and its capped total; undefined when `stored` rows were not all fresh. */
async function listPage(ctx: ListContext, p: ListParams, stored?: { rows: string; fresh: string }): Promise<ListPage | undefined> {
  const limit = Math.min(Math.max(Math.trunc(Number(p.limit) || 10), 1), MAX_LIMIT);
  const page = Math.min(Math.max(Math.trunc(Number.isFinite(Number(p.page)) ? Number(p.page) : 1) || 1, 1), 1_000_000);
  const plan = planList(ctx, p, stored?.rows);
  const cap = capOf(page, limit, p.totalCap);
  plan.values.set('limit', limit);
  plan.values.set('offset', (page - 1) * limit);
  plan.values.set('cap', cap + 1);
  // The statement is compiled once per ability and shape and its text reused (decision 0208):
  // the call's values are bound by name into the places the compiler gave them.
  const rows = await executeReused<Record<string, unknown>>(ctx.db, ctx.ability, `${shapeOf(plan, ctx.reader)}\u0000${stored?.fresh ?? ''}`, (bind) => pageStatement(ctx, plan, stored?.fresh, bind), plan.values);
  if (rows[0]?.[FRESH_MARK] === false) return undefined;
  const n = Number(rows[0]?.[TOTAL_MARK] ?? 0);
  const list: Record<string, unknown>[] = [];
  for (const row of rows) {
    if (row[ROW_MARK] === null || row[ROW_MARK] === undefined) continue;
    delete row[ROW_MARK];
    delete row[TOTAL_MARK];
    delete row[FRESH_MARK];
    list.push(row);
  }
  return { meta: { ...(n > cap ? { total: cap, totalCapped: true as const } : { total: n }), page, limit }, list };
}

/** The page statement of a plan, each call's value where `bind` puts its name (reused per ability and shape by executeReused). */
function pageStatement(ctx: ListContext, plan: ListPlan, fresh: string | undefined, bind: (name: string) => unknown) {
  const number = (name: string) => bind(name) as number;
  const { query, countQuery, select } = buildPlanned(ctx, plan, bind);
  let rowsQ = query.select(select);
  for (const [ref, dir] of plan.order) rowsQ = rowsQ.orderBy(sql.ref(ref), dir);
  rowsQ = rowsQ.limit(number('limit')).offset(number('offset')).select(sql.lit(1).as(ROW_MARK));
  // The page and its capped total in one statement (one round trip, decision 0132): the count
  // is the outer row and the page a lateral subquery joined to it, so each is planned as it would
  // be alone (the page still walks its sort index and stops) and the page keeps its order (a
  // nested loop over one outer row). An empty page comes back as one row without the mark.
  const counted = countQuery.select(sql.lit(1).as('one')).limit(number('cap'));
  const freshness = fresh ? sql.raw(fresh) : sql.lit(true);
  return sql`select p.*, t.${sql.ref(TOTAL_MARK)}, ${freshness} as ${sql.ref(FRESH_MARK)} from (select count(*) as ${sql.ref(TOTAL_MARK)} from (${counted}) c) t left join lateral (${rowsQ}) p on true`;
}

/** Columns of the one-statement page + total that are not the list's own (removed from its rows). */
const ROW_MARK = '__page_row';
const FRESH_MARK = '__page_fresh';
const TOTAL_MARK = '__page_total';

/** How many rows a total counts: `cap` past the page's first row, at least a page. */
function capOf(page: number, limit: number, totalCap: number = TOTAL_CAP): number {
  return (page - 1) * limit + Math.max(limit, Math.trunc(totalCap));
}

/**
 * The total of a list counted up to `cap` rows past the page's first row (at least a page):
 * `select count(*) from (select 1 … limit cap + 1)`. Past the cap: `{ total: cap, totalCapped: true }`.
 * `query` is the list's rows without selections, order or paging.
 */
export async function cappedTotal(
  db: DB,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, any>,
  page: number,
  limit: number,
  totalCap: number = TOTAL_CAP,
): Promise<{ total: number; totalCapped?: true }> {
  const cap = capOf(page, limit, totalCap);
  const r = await db.selectFrom(query.select(sql.lit(1).as('one')).limit(cap + 1).as('capped')).select(sql<number>`count(*)`.as('total')).executeTakeFirst();
  const n = Number(r?.total ?? 0);
  return n > cap ? { total: cap, totalCapped: true } : { total: n };
}

/**
 * Every row of a list (same filters, access and order), read by keyset paging in pages of
 * `pageSize`, so that an export of any size holds one page in memory at a time and costs time in
 * proportion to its rows.
 */
export function allRows(ctx: ListContext, p: ListParams, pageSize = 2000): AsyncGenerator<Record<string, unknown>[]> {
  const { query, select, resolveSort } = buildListQuery(ctx, p);
  const pages = keysetPages(query.select(select), resolveSort(), pageSize);
  return (async function* () {
    await refreshBehind(ctx.db, ctx.reg, ctx.reg.entity(p.entity));
    yield* pages;
  })();
}

/** The exact number of rows of a list (an export's progress; not capped). */
export async function countRows(ctx: ListContext, p: ListParams): Promise<number> {
  const { countQuery } = buildListQuery(ctx, p);
  await refreshBehind(ctx.db, ctx.reg, ctx.reg.entity(p.entity));
  const r = await countQuery.select(sql<number>`count(*)`.as('total')).executeTakeFirst();
  return Number(r?.total ?? 0);
}
