/**
 * Compiled list statements reused per ability and shape (decision 0208). A list's SQL text depends
 * on its screen, its filled filters, its sort and the access rules; its values on the call. The
 * statement is built once with a named `slot` in each place of a call's value, compiled by Kysely,
 * and kept; every later call of the same shape binds its values by name into the places the
 * compiler gave those slots (`bindNamed`). Nothing is ever bound by position worked out by hand: a
 * slot's place is where the compiler put it, and a slot without a value is an error, never a
 * value in the wrong place.
 *
 *   const stmt = reusedStatement(ability, shape, () => query.where('t.qty', '>', slot('qty')).compile(db));
 *   db.executeQuery(CompiledQuery.raw(stmt.sql, bindNamed(stmt.parameters, new Map([['qty', 5]]))));
 *
 * Keyed by the ability object: the access rules' values (company codes, a participant's user) are
 * compiled into the statement as they are, so a statement is only reused with the ability it was
 * compiled for (abilities are shared by every request with the same company and letters:
 * access/ability.ts sharedAbility; a per-request ability simply gets no reuse).
 *
 * A statement without access rules in it (a posting's locks and writes, an update or audit insert
 * by key) is kept by shape alone (`executeReused` with no ability): its shape names everything
 * that decides its text (the table, the columns written, how many rows or keys).
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { AppAbility } from '../access/ability.ts';
import { DatabaseFeatures } from '../db/features.ts';

/** A call's value, named, in a statement compiled for reuse. */
export class Slot {
  constructor(readonly name: string) {}
}

export const slot = (name: string): Slot => new Slot(name);

/** Statements kept per ability (the oldest shape dropped past this many). */
export const SHAPES_PER_ABILITY = 200;

const kept = new WeakMap<AppAbility, Map<string, Statement>>();

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** Statements without access rules, by shape (the oldest dropped past this many). */
export const SHAPES_WITHOUT_ABILITY = 500;
const keptByShape = new Map<string, Statement>();

/** The statement of `shape` compiled for `ability`: kept from an earlier call, or compiled now and kept. */
export function reusedStatement(ability: AppAbility | null, shape: string, compile: () => Statement): Statement {
  let shapes = ability ? kept.get(ability) : keptByShape;
  if (!shapes) kept.set(ability as AppAbility, (shapes = new Map()));
  const most = ability ? SHAPES_PER_ABILITY : SHAPES_WITHOUT_ABILITY;
  let stmt = shapes.get(shape);
  if (stmt) {
    // most recently used last: the first is the one dropped
    shapes.delete(shape);
    shapes.set(shape, stmt);
    return stmt;
  }
  const made = compile();
  stmt = { sql: made.sql, parameters: made.parameters };
  if (shapes.size >= most) shapes.delete(shapes.keys().next().value as string);
  shapes.set(shape, stmt);
  return stmt;
}

/** The statement's parameters with each slot replaced by the call's value of that name. */
export function bindNamed(parameters: readonly unknown[], values: ReadonlyMap<string, unknown>): unknown[] {
  return parameters.map((p) => (p instanceof Slot ? valueOf(values, p.name) : p));
}

/** The call's value of `name`; a statement with a place the call has no value for is an error. */
function valueOf(values: ReadonlyMap<string, unknown>, name: string): unknown {
  if (!values.has(name)) throw new Error(`reused statement: no value for '${name}'`);
  return values.get(name);
}

/** How many shapes are kept for an ability (tests). */
export function keptShapes(ability: AppAbility): number {
  return kept.get(ability)?.size ?? 0;
}

/** What a statement built for reuse is made of: a Kysely query or `sql` template that compiles. */
interface Compilable {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  compile(db: Kysely<any>): Statement;
}

/**
 * Runs the statement `build` makes, reused per shape (and per ability when one is given): `build`
 * puts `bind(name)` in each place of a call's value, and the call's `values` are bound by name. A
 * connection with Kysely plugins (which may rewrite what they compile) compiles every call with
 * its values and keeps nothing; the database's own DatabaseFeatures (which rewrites nothing) does
 * not count.
 */
export async function executeReused<R>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  ability: AppAbility | null,
  shape: string,
  build: (bind: (name: string) => unknown) => Compilable,
  values: ReadonlyMap<string, unknown>,
): Promise<R[]> {
  if (db.getExecutor().plugins.some((p) => !(p instanceof DatabaseFeatures))) {
    const own = build((name) => valueOf(values, name)).compile(db);
    return (await db.executeQuery<R>(CompiledQuery.raw(own.sql, [...own.parameters]))).rows;
  }
  const stmt = reusedStatement(ability, shape, () => build(slot).compile(db));
  return (await db.executeQuery<R>(CompiledQuery.raw(stmt.sql, bindNamed(stmt.parameters, values)))).rows;
}
