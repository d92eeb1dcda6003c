/**
 * A list's page: one statement for the page and its total counted up to a cap (decision 0132),
 * compiled once per ability and shape and reused (decision 0208); a stored view's rows table read
 * first when all its rows are fresh (decision 0200); every row of a list by keyset pages (exports)
 * and the exact count. Every generic list, lookup, report and export goes through here.
 *
 *   const page = await listRows(ctx, { entity: 'store_warehouse', page: 1, limit: 20, q: 'jakarta' });
 *   page.meta.total; page.list
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { executeReused } from './reuse.ts';
import type { DB } from '../db/database.ts';
import { keysetPages } from './keyset.ts';
import { refreshBehind, storedSource } from './stored.ts';
import { buildListQuery, buildPlanned, planList, shapeOf, type ListContext, type ListParams, type ListPlan } from './plan.ts';

export const LIMIT_OPTIONS = [10, 15, 20, 25, 30, 40, 50] as const;
const MAX_LIMIT = 100;
/**
 * Totals are counted exactly up to this many rows past the start of the page asked for; beyond
 * it the list answers `total` = the cap with `totalCapped: true` (the screen shows "10,000+").
 * Counting every matching row of a large table on every page costs as much as reading them.
 */
export const TOTAL_CAP = 10_000;

export interface ListPage<T = Record<string, unknown>> {
  /** `totalCapped`: there are more than `total` rows (counting stopped at the cap). */
  meta: { total: number; page: number; limit: number; totalCapped?: true };
  list: T[];
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
