/**
 * A list call planned and built: the entity and the letter read (403 without it), the columns
 * resolved (engine/src/query/resolve.ts), the conditions with their values bound by name
 * (engine/src/query/filters.ts), the order (a sort only on a sortable column, the key last for a
 * stable page); then the Kysely query restricted by the access compiler, with personal fields shown
 * under their condition, and the joins a count needs. `shapeOf` names the statement's shape, the
 * key its compiled SQL is reused under (decision 0208).
 *
 *   const { query, countQuery, select } = buildListQuery(ctx, { entity: 'store_warehouse', q: 'jakarta', search: ['name'] });
 */
import { expressionBuilder, sql, type AliasedRawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import type { Action, AppAbility } from '../access/ability.ts';
import { accessCondition } from '../access/compile.ts';
import { appError } from '../errors.ts';
import type { ColumnDef, EntityDef, FilterDef, Registry } from '../metadata/registry.ts';
import { personalCondition, type Reader } from '../access/personal.ts';
import { resolver, type Joined, type Resolve, type Resolved } from './resolve.ts';
import { filterConditions, type Cond } from './filters.ts';

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

/**
 * What a list call asks for, resolved and checked but not yet built: its conditions with their
 * values by name, the free-text search, the order and the columns. The same plan builds the Kysely
 * query (`buildPlanned`) and names the statement's shape (`shapeOf`), the key its compiled SQL is
 * reused under (decision 0208).
 */
export interface ListPlan {
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

/** The order of a list: the sort asked for (a sortable column, the key or the default sort's field; 400 otherwise) or the default, then the key. */
function orderOf(resolve: Resolve, e: EntityDef, p: ListParams, columns: readonly ColumnDef[]): [string, 'asc' | 'desc'][] {
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
  return order;
}

export function planList(ctx: ListContext, p: ListParams, source?: string): ListPlan {
  const e = ctx.reg.entity(p.entity);
  const action = p.action ?? 'read';
  if (!ctx.ability.can(action, e.name)) throw appError('ERR_FORBIDDEN');
  const { resolve, joins } = resolver(ctx.reg, e);
  const values = new Map<string, unknown>();
  const bind = (name: string, v: unknown): string => {
    values.set(name, v);
    return name;
  };

  const columns = p.columns ?? e.fields.filter((f) => !f.hidden && f.type !== 'binary').map((f) => ({ field: f.name, label: f.label, sortable: true }));
  const selected = new Map<string, Resolved>();
  selected.set(e.key, { ref: `t.${e.key}`, type: 'key' });
  if (!e.view) selected.set('version', { ref: 't.version', type: 'integer' });
  for (const c of columns) selected.set(c.field, resolve(c.field));

  const { conds, search } = filterConditions(resolve, p, bind);
  const order = orderOf(resolve, e, p, columns);
  return { e, action, source, selected, conds, search, order, joins, values };
}

/**
 * The plan's statement shape: everything that decides its SQL text and the values that are not
 * the call's own (the access rules' are the ability's, the personal fields' the reader's). Two
 * calls of the same shape differ only in the values bound by name.
 */
export function shapeOf(plan: ListPlan, reader: Reader | undefined): string {
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
export function buildPlanned(
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
