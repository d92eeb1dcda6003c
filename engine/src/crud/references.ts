import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import { appError } from '../errors.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import { scopedByKey } from '../db/schema-model.ts';

type Row = Record<string, unknown>;

/**
 * Every reference written must point at a row the writer's company may use: a company-scoped
 * target in the same company, a target scoped through another entity (users) linked to it.
 * Otherwise the write is refused as invalid (and nothing about the other row leaks).
 */
export async function checkReferences(tx: DB, reg: Registry, e: EntityDef, values: Row, compcode: string, path = ''): Promise<void> {
  for (const f of e.fields) {
    if (f.type !== 'reference' || !f.entity) continue;
    const v = values[f.name];
    if (v === undefined || v === null) continue;
    const target = reg.entity(f.entity);
    let q = loose(tx).selectFrom(`${target.table} as r`).select(sql.lit(1).as('one')).where(`r.${target.key}`, '=', v as string);
    if (target.companyScoped) {
      q = q.where(scopedByKey(target) ? `r.${target.key}` : 'r.compcode', '=', compcode);
    } else if (target.companyVia) {
      const via = reg.entity(target.companyVia.entity);
      // Linking a user to this company (the link entity itself): any user of the holding group.
      const group = e.name === via.name ? sql<string>`(select g.compcode from company g where g.holding = (select c.holding from company c where c.compcode = ${compcode}) or g.compcode = ${compcode})` : null;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom(`${via.table} as v`)
            .select(sql.lit(1).as('one'))
            .whereRef(`v.${target.companyVia?.field}`, '=', `r.${target.key}`)
            .where((w) => (group ? w('v.compcode', 'in', group) : w('v.compcode', '=', compcode))),
        ),
      );
    } else {
      continue;
    }
    if (!(await q.executeTakeFirst())) throw appError('ERR_VALIDATION', { errors: [{ path: `${path}/${f.name}`, message: 'is not a record of this company' }] });
  }
}
