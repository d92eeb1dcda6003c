/**
 * The pure part of the document lifecycle (metadata `lifecycle`), shared by the server's
 * repository (crud/lifecycle.ts) and the renderer's forms, so both read one rule the same way.
 * No imports: the renderer bundles this file as it is.
 *
 *   refusingRule(entity, storedRow, 'update')   // the first rule freezing updates, or undefined
 */
export type WriteKind = 'update' | 'delete' | 'lines';

export type RuleValue = string | number | boolean;

export interface LifecycleRuleLike {
  when: Record<string, RuleValue | RuleValue[]>;
  refuse: WriteKind[];
  except?: string[];
  exceptLines?: string[];
  message?: string;
}

/** Whether every condition of `when` holds on the row (values compared as text; booleans as such). */
export function ruleHolds(rule: LifecycleRuleLike, row: Record<string, unknown>): boolean {
  return Object.entries(rule.when).every(([field, expected]) => {
    const actual = row[field];
    const options = Array.isArray(expected) ? expected : [expected];
    return options.some((o) => {
      if (typeof o === 'boolean') return (actual === true || actual === 1 || actual === '1' || actual === 'true') === o;
      return actual !== null && actual !== undefined && String(actual) === String(o);
    });
  });
}

/** The first rule of the entity that refuses this kind of write on the stored row, if any. */
export function refusingRule<R extends LifecycleRuleLike>(entity: { lifecycle?: R[] }, row: Record<string, unknown>, kind: WriteKind): R | undefined {
  return (entity.lifecycle ?? []).find((r) => r.refuse.includes(kind) && ruleHolds(r, row));
}
