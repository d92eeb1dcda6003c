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
 */
import type { AppAbility } from '../access/ability.ts';

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

/** The statement of `shape` compiled for `ability`: kept from an earlier call, or compiled now and kept. */
export function reusedStatement(ability: AppAbility, shape: string, compile: () => Statement): Statement {
  let shapes = kept.get(ability);
  if (!shapes) kept.set(ability, (shapes = new Map()));
  let stmt = shapes.get(shape);
  if (stmt) {
    // most recently used last: the first is the one dropped
    shapes.delete(shape);
    shapes.set(shape, stmt);
    return stmt;
  }
  const made = compile();
  stmt = { sql: made.sql, parameters: made.parameters };
  if (shapes.size >= SHAPES_PER_ABILITY) shapes.delete(shapes.keys().next().value as string);
  shapes.set(shape, stmt);
  return stmt;
}

/** The statement's parameters with each slot replaced by the call's value of that name. */
export function bindNamed(parameters: readonly unknown[], values: ReadonlyMap<string, unknown>): unknown[] {
  return parameters.map((p) => {
    if (!(p instanceof Slot)) return p;
    if (!values.has(p.name)) throw new Error(`reused statement: no value for '${p.name}'`);
    return values.get(p.name);
  });
}

/** How many shapes are kept for an ability (tests). */
export function keptShapes(ability: AppAbility): number {
  return kept.get(ability)?.size ?? 0;
}
