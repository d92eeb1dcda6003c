/**
 * The notification counts of the bell (spec §3 Count object and notification kinds), computed from
 * the tables for one user in one company. Kinds whose documents are not in the metadata count 0,
 * and so do kinds whose list the user may not open (issue 22: notices follow access).
 */
import { sql } from 'kysely';
import type { DB } from '../../../engine/src/db/database.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import type { NotificationCounter } from '../api/types.ts';
import { STATUS } from '../../../engine/src/workflow/engine.ts';

/** The bell's counts (the API shape, server/src/api/types.ts). */
export type NotificationCounts = NotificationCounter;

/**
 * One statement for every kind (one round trip whenever a bell is refreshed, which every workflow
 * event causes for every connected user), each count served by an index: wf_assignment's assignee,
 * material_request (compcode, statuswf, progress), material_request_line (compcode, outstand,
 * updated_at), purchase_request and receiving by company.
 */
export async function notificationCounts(db: DB, reg: Registry, userId: number, compcode: string): Promise<NotificationCounts> {
  const zero = sql<number>`0`;
  // A kind counts only for a user who may open the menu entry its bell item opens (R there, on an
  // active entry, holding-only entries only in a holding: the same letters the auth statement reads).
  const opens = (module: string, route: string) => sql`exists (select 1 from user_menu p join menu m on m.menu_id = p.menu_id join company gc on gc.compcode = p.compcode
      where p.user_id = ${userId} and p.compcode = ${compcode} and m.modulname = ${module} and m.route = ${route} and m.active = true
        and (m.holdingonly is not true or gc.isholding = true) and position('R' in p.permission) > 0)`;
  const KIND_ROUTE: Record<string, [string, string]> = {
    material_request: ['aircraft-logistic', 'mr-list'],
    material_request_line: ['aircraft-logistic', 'mr-list'],
    purchase_request: ['aircraft-logistic', 'pr-list'],
    receiving: ['aircraft-procurement', 'receiving'],
  };
  const has = (e: string, ...fields: string[]) => reg.entities.has(e) && fields.every((f) => reg.field(e, f));
  const counted = (e: string, fields: string[], count: ReturnType<typeof sql>) => {
    if (!has(e, ...fields)) return zero;
    const route = KIND_ROUTE[e];
    return route ? sql`(case when ${opens(route[0], route[1])} then ${count} else 0 end)` : count;
  };
  const r = await sql<Record<keyof NotificationCounts, number | string>>`select
    ${
      has('wf_assignment', 'assignee')
        ? sql`(select count(*) from wf_assignment a join wf_task t on t.taskkey = a.taskkey
            where a.assignee = ${userId} and a.compcode = ${compcode} and a.completeddate is null
              and (a.postponed is not true or a.postuntil is null or a.postuntil <= (select ct.today from company_today ct where ct.compcode = ${compcode})) and t.statuswf = ${sql.lit(STATUS.ON_PROCESS)})`
        : zero
    } as "TaskCount",
    ${counted('material_request', ['statuswf', 'progress'], sql`(select count(*) from material_request where compcode = ${compcode} and statuswf = ${sql.lit(STATUS.APPROVED)} and (progress = 0 or progress is null))`)} as "MrCount",
    ${counted('material_request_line', ['outstand'], sql`(select count(*) from material_request_line where compcode = ${compcode} and outstand = 0 and updated_at > now() - interval '7 days')`)} as "MrClosedCount",
    ${counted('purchase_request', ['statuswf', 'progress'], sql`(select count(*) from purchase_request where compcode = ${compcode} and statuswf = ${sql.lit(STATUS.APPROVED)} and (progress = 0 or progress is null))`)} as "PrCount",
    ${counted('purchase_request', ['statuswf'], sql`(select count(*) from purchase_request where compcode = ${compcode} and statuswf = ${sql.lit(STATUS.REJECTED)})`)} as "PrRejectedCount",
    ${counted('receiving', ['posted'], sql`(select count(*) from receiving where compcode = ${compcode} and posted = 0)`)} as "RcvCount"`.execute(db);
  const row = r.rows[0];
  const n = (k: keyof NotificationCounts) => Number(row?.[k] ?? 0);
  return { TaskCount: n('TaskCount'), MrCount: n('MrCount'), MrClosedCount: n('MrClosedCount'), PrCount: n('PrCount'), PrRejectedCount: n('PrRejectedCount'), RcvCount: n('RcvCount') };
}
