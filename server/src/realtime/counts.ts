/**
 * The notification counts of the bell (spec §3 Count object and notification kinds), computed from
 * the tables for one user in one company. Kinds whose documents are not in the metadata count 0.
 */
import { sql } from 'kysely';
import type { DB } from '../../../engine/src/db/database.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';

export interface NotificationCounts {
  TaskCount: number;
  MrCount: number;
  MrClosedCount: number;
  PrCount: number;
  PrRejectedCount: number;
  RcvCount: number;
}

async function count(db: DB, query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  const r = await query.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

export async function notificationCounts(db: DB, reg: Registry, userId: number, compcode: string): Promise<NotificationCounts> {
  const has = (e: string, ...fields: string[]) => reg.entities.has(e) && fields.every((f) => reg.field(e, f));
  const today = new Date().toISOString().slice(0, 10);
  const TaskCount = has('wf_assignment', 'assignee')
    ? await count(
        db,
        sql<{ n: number }>`select count(*) as n from wf_assignment a join wf_task t on t.taskkey = a.taskkey
          where a.assignee = ${userId} and a.compcode = ${compcode} and a.completeddate is null
            and (a.postponed is not true or a.postuntil is null or a.postuntil <= ${today}::date) and t.statuswf = '100'`,
      )
    : 0;
  const MrCount = has('material_request', 'statuswf')
    ? await count(db, sql<{ n: number }>`select count(*) as n from material_request where compcode = ${compcode} and statuswf = '111' and coalesce(progress, 0) = 0`)
    : 0;
  const MrClosedCount = has('material_request_line', 'outstand')
    ? await count(db, sql<{ n: number }>`select count(*) as n from material_request_line where compcode = ${compcode} and outstand = 0 and updated_at > now() - interval '7 days'`)
    : 0;
  const PrCount = has('purchase_request', 'statuswf')
    ? await count(db, sql<{ n: number }>`select count(*) as n from purchase_request where compcode = ${compcode} and statuswf = '111' and coalesce(progress, 0) = 0`)
    : 0;
  const PrRejectedCount = has('purchase_request', 'statuswf')
    ? await count(db, sql<{ n: number }>`select count(*) as n from purchase_request where compcode = ${compcode} and statuswf = '110'`)
    : 0;
  const RcvCount = has('receiving', 'posted')
    ? await count(db, sql<{ n: number }>`select count(*) as n from receiving where compcode = ${compcode} and posted = 0`)
    : 0;
  return { TaskCount, MrCount, MrClosedCount, PrCount, PrRejectedCount, RcvCount };
}
