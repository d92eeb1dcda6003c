/**
 * Statements sent as named prepared statements on PostgreSQL (decisions 0131 and 0213): parsed
 * once per connection and, after PostgreSQL's five custom plans, planned once; the rest of every
 * call is bind and execute. Only statements whose plan does not depend on their values are marked:
 * reads and writes of rows by key under a lock whose planning costs PostgreSQL more than their
 * execution (a document action's locked read and its lines; a posting's item locks, stock read
 * and writes). Statements whose plan is trivial (a one-row update, an audit insert) are not marked:
 * they would gain little and take names from those that do.
 * Lists, reports and searches are never marked: their values decide their plans (0131's 737 ms
 * generic plan).
 *
 *   tx.selectFrom('stock_valuation').selectAll().where('item', '=', id).forUpdate().modifyEnd(PREPARE)
 *   sql`with locked as (…) select … ${PREPARE}`
 *
 * The name is taken from the statement's text (one name per text), so the same statement gets
 * the same name on every connection and a different text can never reuse another's plan. A
 * connection keeps at most MAX_PREPARED_PER_CONNECTION names; past that, marked statements are
 * sent unnamed as any other (nothing grows without bound in PostgreSQL's backends or in pg; they
 * are only planned each time again). Names are never deallocated: an SQL `DEALLOCATE` would fail
 * behind a pooler that renames prepared statements (PgBouncer ≥ 1.21) and abort the transaction.
 * PGlite ignores the mark (a comment).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';

/** The mark: a comment anywhere in the statement (the end, for builder queries: `modifyEnd`). */
export const PREPARE_MARK = '/* prepare */';
export const PREPARE = sql.raw(PREPARE_MARK);

/** Names a connection keeps before it sends marked statements unnamed. */
export const MAX_PREPARED_PER_CONNECTION = 100;

/** An explicit name: `/* prepared:<name> *\/` at the start (the auth row, 0131). */
const NAMED = /^\/\* prepared:([a-z0-9_]+) \*\//;

const names = new Map<string, string>();
/** Texts whose names are remembered (the map is cleared past this many; names are recomputed). */
const NAMES_KEPT = 2000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= NAMES_KEPT) names.clear();
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The prepared statement name a connection sends `text` under, or undefined (unnamed): `kept` is
 * the set of names this connection has prepared, updated here.
 */
export function preparedName(text: string, kept: Set<string>): string | undefined {
  const named = NAMED.exec(text);
  if (named) return named[1];
  if (!text.includes(PREPARE_MARK)) return undefined;
  const name = nameOf(text);
  if (kept.has(name)) return name;
  if (kept.size >= MAX_PREPARED_PER_CONNECTION) return undefined;
  kept.add(name);
  return name;
}
