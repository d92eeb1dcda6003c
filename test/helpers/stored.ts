/**
 * Comparing a stored view with its live view in tests (decision 0200): the rows of one relation
 * that the other lacks, both ways, as JSON of the entity's columns (so text and varchar, numeric
 * typmods and column order do not matter).
 *
 *   expect(await storedDifferences(t, 'due_item', 'due_item__rows', 'due_item__live')).toBe(0);
 */
import type { TestApp } from './app.ts';
import { sqlOne } from '../../server/test/support.ts';

export async function storedDifferences(t: TestApp, entity: string, a: string, b: string, where = 'true'): Promise<number> {
  const e = t.services.reg.entity(entity);
  const columns = [e.key, 'compcode', ...e.fields.map((f) => f.name)].map((c) => `'${c}', x.${c}::text`).join(', ');
  const json = `jsonb_build_object(${columns})`;
  const r = await sqlOne(
    t,
    `select count(*) as n from (
      (select ${json} from ${a} x where ${where} except all select ${json} from ${b} x where ${where})
      union all
      (select ${json} from ${b} x where ${where} except all select ${json} from ${a} x where ${where})) d`,
  );
  return Number(r.n);
}
