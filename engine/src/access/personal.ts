/**
 * Personal fields (`personal: true` in metadata: bank account, birth date, address of a user) are
 * read only by the person the row is (the users entity) and by whoever may update the row in every
 * company it belongs to: for an entity scoped through another (users through user_company), U on
 * a screen of the entity in each company the row is linked to; for a company-scoped entity, U on it
 * in the active company. To everyone else they read as null, in every read (one row, lists,
 * exports, prints), and they are never a filter, search or sort key.
 *
 *   const show = personalCondition(reg, e, ability, reader, 't');
 *   q.select((eb) => eb.case().when(show(eb)).then(eb.ref('t.bank_rekno')).end().as('bank_rekno'))
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import type { AppAbility } from './ability.ts';
import type { Condition } from './compile.ts';
import { routesShowing } from './menus.ts';

/** Who reads: the signed-in user (absent for lookups and background jobs: personal fields read as null). */
export interface Reader {
  user_id: number;
}

export const hasPersonal = (e: EntityDef): boolean => e.fields.some((f) => f.personal);

const FALSE: Condition = () => sql<SqlBool>`false`;
const TRUE: Condition = () => sql<SqlBool>`true`;

/** The condition under which `reader` sees the personal fields of the row aliased `alias`. */
export function personalCondition(reg: Registry, e: EntityDef, ability: AppAbility, reader: Reader | undefined, alias: string): Condition {
  if (!reader) return FALSE;
  if (!e.companyVia) return ability.can('update', e.name) ? TRUE : FALSE;
  const via = reg.entity(e.companyVia.entity);
  const routes = routesShowing(reg, e.name);
  const self = e.name === 'users';
  return (eb) => {
    // no company of the row where the reader lacks U on a screen of the entity
    const lacking = eb
      .selectFrom(`${via.table} as pl`)
      .select(sql.lit(1).as('one'))
      .whereRef(`pl.${e.companyVia!.field}`, '=', `${alias}.${e.key}`)
      .where((w) =>
        w.not(
          w.exists(
            w
              .selectFrom('user_menu as pp')
              .innerJoin('menu as pm', 'pm.menu_id', 'pp.menu_id')
              .innerJoin('company as pc', 'pc.compcode', 'pp.compcode')
              .select(sql.lit(1).as('one'))
              .where('pp.user_id', '=', reader.user_id)
              .whereRef('pp.compcode', '=', 'pl.compcode')
              .where('pm.active', '=', true)
              .where((x) => x.or([x('pm.holdingonly', 'is not', true), x('pc.isholding', '=', true)]))
              .where('pp.permission', 'like', '%U%')
              .where(sql<string>`pm.modulname || '/' || pm.route`, 'in', routes.length ? routes : ['']),
          ),
        ),
      );
    const everywhere: Expression<SqlBool> = eb.not(eb.exists(lacking));
    return self ? eb.or([eb(`${alias}.${e.key}`, '=', reader.user_id), everywhere]) : everywhere;
  };
}
