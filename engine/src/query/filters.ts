/**
 * A list's conditions: its fixed values, its declared filters with the values asked for, and its
 * free-text search, each checked against the field's type (`filterValue`, 400 naming the filter
 * parameter, never a database error) and bound by name (decision 0208). A filter left empty joins
 * and filters nothing; a query parameter that is neither a list parameter nor a declared filter is
 * refused (`assertKnownListParameters`).
 *
 *   filterConditions(resolve, { fixed: { active: true }, filters: [{ param: 'qty', field: 'qty', op: 'gte' }], values: { qty: '5' } }, bind)
 *   // conds: t.active = :fixed:active, t.qty >= :filter:qty (5)
 */
import { appError } from '../errors.ts';
import type { FilterDef } from '../metadata/registry.ts';
import { isDate } from '../values/dates.ts';
import type { Resolve } from './resolve.ts';

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

export function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A condition of a list on one column: its values are bound by name (`names`, decision 0208). */
export interface Cond {
  ref: string;
  op: '=' | '<>' | '<' | '<=' | '>' | '>=' | 'in' | 'is' | 'ilike';
  /** The names of its values (none for `is null`); an `in` has one per element. */
  names: string[];
  /** Compared as text (`cast(ref as text)`): contains, starts with. */
  text?: boolean;
}


const COMPARISON = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/** The parts of a list call its conditions come from. */
export interface ConditionParams {
  fixed?: Record<string, unknown>;
  filters?: readonly FilterDef[];
  values?: Record<string, unknown>;
  q?: string;
  search?: string[];
}

type Bind = (name: string, v: unknown) => string;

/** The fixed values: each equal (an array: one of them; null: is null). */
function fixedConditions(resolve: Resolve, fixed: Record<string, unknown>, bind: Bind): Cond[] {
  const conds: Cond[] = [];
  for (const [k, v] of Object.entries(fixed)) {
    const r = resolve(k, 'filter');
    if (Array.isArray(v)) conds.push({ ref: r.ref, op: 'in', names: v.map((x, i) => bind(`fixed:${k}:${i}`, filterValue(r, x, k))) });
    else if (v === null) conds.push({ ref: r.ref, op: 'is', names: [] });
    else conds.push({ ref: r.ref, op: '=', names: [bind(`fixed:${k}`, filterValue(r, v, k))] });
  }
  return conds;
}

/** A `between` filter: from and to (`<param>_from`/`_to`, or `<param>1`/`2`), each when given. */
function betweenConditions(resolve: Resolve, f: FilterDef, vals: Record<string, unknown>, bind: Bind): Cond[] {
  const from = vals[`${f.param}_from`] ?? vals[`${f.param}1`];
  const to = vals[`${f.param}_to`] ?? vals[`${f.param}2`];
  if (isEmpty(from) && isEmpty(to)) return [];
  const r = resolve(f.field, 'filter');
  const param = (suffix: string) => (vals[`${f.param}_${suffix}`] !== undefined ? `${f.param}_${suffix}` : `${f.param}${suffix === 'from' ? 1 : 2}`);
  const conds: Cond[] = [];
  if (!isEmpty(from)) conds.push({ ref: r.ref, op: '>=', names: [bind(`filter:${f.param}:from`, filterValue(r, from, param('from')))] });
  if (!isEmpty(to)) conds.push({ ref: r.ref, op: '<=', names: [bind(`filter:${f.param}:to`, filterValue(r, to, param('to')))] });
  return conds;
}

/** One declared filter with its value, or none when it is left empty (resolved only when it has a value). */
function filterConditionsOf(resolve: Resolve, f: FilterDef, vals: Record<string, unknown>, bind: Bind): Cond[] {
  if (f.op === 'between') return betweenConditions(resolve, f, vals, bind);
  const v = vals[f.param];
  if (isEmpty(v)) return [];
  const r = resolve(f.field, 'filter');
  const name = `filter:${f.param}`;
  switch (f.op) {
    case 'eq':
    case 'ne':
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      return [{ ref: r.ref, op: COMPARISON[f.op], names: [bind(name, filterValue(r, v, f.param))] }];
    case 'contains':
      return [{ ref: r.ref, op: 'ilike', text: true, names: [bind(name, `%${likeEscape(String(v))}%`)] }];
    case 'startswith':
      return [{ ref: r.ref, op: 'ilike', text: true, names: [bind(name, `${likeEscape(String(v))}%`)] }];
    case 'in': {
      const arr = (Array.isArray(v) ? v : String(v).split(',')).map((x) => filterValue(r, x, f.param));
      return [{ ref: r.ref, op: 'in', names: arr.map((x, i) => bind(`${name}:${i}`, x)) }];
    }
  }
  return [];
}

/** Every condition of a list call, and its search (any `search` field contains the text), values bound by name. */
export function filterConditions(resolve: Resolve, p: ConditionParams, bind: Bind): { conds: Cond[]; search?: { refs: string[]; name: string } } {
  const conds = fixedConditions(resolve, p.fixed ?? {}, bind);
  const vals = p.values ?? {};
  for (const f of p.filters ?? []) conds.push(...filterConditionsOf(resolve, f, vals, bind));
  const text = (p.q ?? '').trim();
  const search = text && (p.search?.length ?? 0) > 0 ? { refs: (p.search ?? []).map((x) => resolve(x, 'filter').ref), name: bind('q', `%${likeEscape(text)}%`) } : undefined;
  return { conds, ...(search ? { search } : {}) };
}
