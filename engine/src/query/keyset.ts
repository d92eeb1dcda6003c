/**
 * Reading every row of a query in order, a page at a time, by keyset ("seek") paging: each page
 * starts after the sort values of the previous page's last row instead of at `OFFSET n`, so the
 * database never re-reads the rows already sent and an export is linear in its rows (with
 * `OFFSET` each page re-reads, re-joins and re-sorts everything before it: quadratic).
 *
 *   for await (const rows of keysetPages(q.select([...]), [['t.requestdate', 'desc'], ['t.key', 'desc']])) …
 *
 * The order must end with a unique, non-null column (the key), so that "after" is well defined.
 * Sort values travel as text (`cast(… as text)`) and come back as untyped parameters that
 * PostgreSQL reads as the column's own type, so timestamps keep their microseconds and decimals
 * their digits. NULLs sort as PostgreSQL sorts them by default: last ascending, first descending
 * (NULL is the largest value).
 */
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

export type Order = [ref: string, dir: 'asc' | 'desc'][];

const sortAlias = (i: number) => `__keyset_${i}`;

/** "The value of `ref` comes strictly after `v`" in direction `dir` (NULL the largest value). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function after(eb: ExpressionBuilder<any, any>, ref: string, dir: 'asc' | 'desc', v: string | null): Expression<SqlBool> {
  const col = sql.ref(ref);
  if (dir === 'asc') return v === null ? sql<SqlBool>`false` : eb.or([eb(col, '>', v), eb(col, 'is', null)]);
  return v === null ? eb(col, 'is not', null) : eb(col, '<', v);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function same(eb: ExpressionBuilder<any, any>, ref: string, v: string | null): Expression<SqlBool> {
  return v === null ? eb(sql.ref(ref), 'is', null) : eb(sql.ref(ref), '=', v);
}

/** The rows after `last` in `order`: OR over i of (the first i−1 columns equal and column i after). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function afterRow(eb: ExpressionBuilder<any, any>, order: Order, last: (string | null)[]): Expression<SqlBool> {
  const branches = order.map(([ref, dir], i) => eb.and([...order.slice(0, i).map(([r], j) => same(eb, r, last[j])), after(eb, ref, dir, last[i])]));
  const first = order[0];
  // A bound on the leading column alone that an index on it can use (descending, non-null: every
  // later row has a value ≤ the last one).
  if (first[1] === 'desc' && last[0] !== null) return eb.and([eb(sql.ref(first[0]), '<=', last[0]), eb.or(branches)]);
  return eb.or(branches);
}

/**
 * Every row of `query` (its selections made, no order, no limit) in `order`, `pageSize` rows at a
 * time. Holds one page in memory; each page is its own statement (no transaction or cursor held
 * open between pages, so a slow reader never pins a connection or, on PGlite, the one session).
 */
export async function* keysetPages(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, any>,
  order: Order,
  pageSize = 2000,
): AsyncGenerator<Record<string, unknown>[]> {
  if (order.length === 0) throw new Error('keysetPages needs an order ending with a unique column');
  let q = query.select(order.map(([ref], i) => sql<string>`cast(${sql.ref(ref)} as text)`.as(sortAlias(i))));
  for (const [ref, dir] of order) q = q.orderBy(sql.ref(ref), dir);
  let last: (string | null)[] | undefined;
  for (;;) {
    const seek = last;
    const page = seek ? q.where((eb) => afterRow(eb, order, seek)) : q;
    const rows = (await page.limit(pageSize).execute()) as Record<string, unknown>[];
    if (rows.length === 0) return;
    const end = rows[rows.length - 1];
    last = order.map((_, i) => (end[sortAlias(i)] ?? null) as string | null);
    for (const r of rows) for (let i = 0; i < order.length; i++) delete r[sortAlias(i)];
    yield rows;
    if (rows.length < pageSize) return;
  }
}
