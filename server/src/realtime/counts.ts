/**
 * The notification counts of the bell (spec §3 Count object and notification kinds), computed from
 * the tables for one user in one company. Kinds whose documents are not in the metadata count 0.
 */
import { sql } from 'kysely';
import type { DB } from '../../../engine/src/db/database.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import type { NotificationCounter } from '../api/types.ts';

/** The bell's counts (the API shape, server/src/api/types.ts). */
export type NotificationCounts = NotificationCounter;

/**
 * One statement for every kind (one round trip whenever a bell is refreshed, which every workflow
 * event causes for every connected user), each count served by an index: wf_assignment's assignee,
 * material_request (compcode, statuswf, progress), material_request_line (compcode, outstand,
 * updated_at), purchase_request and receiving by company.
 */
export async function notificationCounts(db: DB, reg: Registry, userId: number, compcode: string): Promise<NotificationCounts> {
  const has = (e: string, ...fields: string[]) => reg.entities.has(e) && fields.every((f) => reg.field(e, f));
  const today = new Date().toISOString().slice(0, 10);
  const zero = sql<number>`0`;
  const r = await sql<Record<keyof NotificationCounts, number | string>>`select
    ${
      has('wf_assignment', 'assignee')
        ? sql`(select count(*) from wf_assignment a join wf_task t on t.taskkey = a.taskkey
            where a.assignee = ${userId} and a.compcode = ${compcode} and a.completeddate is null
              and (a.postponed is not true or a.postuntil is null or a.postuntil <= ${today}::date) and t.statuswf = '100')`
        : zero
    } as "TaskCount",
    ${
      has('material_request', 'statuswf', 'progress')
        ? sql`(select count(*) from material_request where compcode = ${compcode} and statuswf = '111' and (progress = 0 or progress is null))`
        : zero
    } as "MrCount",
    ${
      has('material_request_line', 'outstand')
        ? sql`(select count(*) from material_request_line where compcode = ${compcode} and outstand = 0 and updated_at > now() - interval '7 days')`
        : zero
    } as "MrClosedCount",
    ${
      has('purchase_request', 'statuswf', 'progress')
        ? sql`(select count(*) from purchase_request where compcode = ${compcode} and statuswf = '111' and (progress = 0 or progress is null))`
        : zero
    } as "PrCount",
    ${has('purchase_request', 'statuswf') ? sql`(select count(*) from purchase_request where compcode = ${compcode} and statuswf = '110')` : zero} as "PrRejectedCount",
    ${has('receiving', 'posted') ? sql`(select count(*) from receiving where compcode = ${compcode} and posted = 0)` : zero} as "RcvCount"`.execute(db);
  const row = r.rows[0];
  const n = (k: keyof NotificationCounts) => Number(row?.[k] ?? 0);
  return { TaskCount: n('TaskCount'), MrCount: n('MrCount'), MrClosedCount: n('MrClosedCount'), PrCount: n('PrCount'), PrRejectedCount: n('PrRejectedCount'), RcvCount: n('RcvCount') };
}
