/**
 * The notification counts of the bell (spec §3 Count object and notification kinds), computed from
 * the tables for one user in one company. Each count is declared where its documents live: the
 * open tasks by the workflow engine (engine/src/workflow/tasks.ts TASK_COUNT), the others by the
 * plugins (`bell.counts`: plugins/requisition, plugins/procurement). Counts whose documents are not
 * in the metadata are 0, and so are counts whose list the user may not open (issue 22: notices
 * follow access).
 */
import { sql } from 'kysely';
import type { DB } from '../../../engine/src/db/database.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import type { BellCount, PluginHost } from '../../../engine/src/plugins/host.ts';
import { TASK_COUNT } from '../../../engine/src/workflow/tasks.ts';
import type { NotificationCounter } from '../api/types.ts';

/** The bell's counts (the API shape, server/src/api/types.ts). */
export type NotificationCounts = NotificationCounter;

/** The answer's names in the spec's order; a name nothing declares counts 0. */
const NAMES: (keyof NotificationCounts)[] = ['TaskCount', 'MrCount', 'MrClosedCount', 'PrCount', 'PrRejectedCount', 'RcvCount'];

/**
 * One statement for every count (one round trip whenever a bell is refreshed, which every workflow
 * event causes for every connected user), each served by an index (the declaring module says which).
 */
export async function notificationCounts(db: DB, reg: Registry, plugins: PluginHost, userId: number, compcode: string): Promise<NotificationCounts> {
  // A count applies only for a user who may open the menu entry its bell item opens (R there, on an
  // active entry, holding-only entries only in a holding: the same letters the auth statement reads).
  const opens = (module: string, route: string) => sql`exists (select 1 from user_menu p join menu m on m.menu_id = p.menu_id join company gc on gc.compcode = p.compcode
      where p.user_id = ${userId} and p.compcode = ${compcode} and m.modulname = ${module} and m.route = ${route} and m.active = true
        and (m.holdingonly is not true or gc.isholding = true) and position('R' in p.permission) > 0)`;
  const declared = new Map<string, BellCount>([TASK_COUNT, ...plugins.bellCounts()].map((c) => [c.name, c]));
  const counted = (name: string) => {
    const c = declared.get(name);
    if (!c || !reg.entities.has(c.entity) || !c.fields.every((f) => reg.field(c.entity, f))) return sql<number>`0`;
    const count = c.count({ compcode, userId });
    return c.opens ? sql`(case when ${opens(c.opens.module, c.opens.route)} then ${count} else 0 end)` : count;
  };
  const r = await sql<Record<keyof NotificationCounts, number | string>>`select ${sql.join(NAMES.map((name) => sql`${counted(name)} as ${sql.ref(name)}`))}`.execute(db);
  const row = r.rows[0];
  const n = (k: keyof NotificationCounts) => Number(row?.[k] ?? 0);
  return { TaskCount: n('TaskCount'), MrCount: n('MrCount'), MrClosedCount: n('MrClosedCount'), PrCount: n('PrCount'), PrRejectedCount: n('PrRejectedCount'), RcvCount: n('RcvCount') };
}
