/**
 * The notification counts of the bell (spec §3 Count object and notification kinds), computed from
 * the tables for one user in one company. Each count is declared where its documents live: the
 * open tasks by the workflow engine (engine/src/workflow/tasks.ts TASK_COUNT), the others by the
 * plugins (`bell.counts`: plugins/requisition, plugins/procurement). Counts whose documents are not
 * in the metadata are 0, and so are counts whose list the user may not open (issue 22: notices
 * follow access).
 *
 * The bell counts in every company the user belongs to (issue 37 point 8, decision 0256): each
 * company's counts are the ones the user would see signed in to it (its own menu grants, its own
 * documents), all of them in one statement (a `union all` of one row per company); the answer keeps
 * the active company's counts at the top (the spec's Count object) and lists every company's in
 * `companies`, the active company first.
 */
import { sql } from 'kysely';
import type { DB } from '../../../engine/src/db/database.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import type { BellCount, PluginHost } from '../../../engine/src/plugins/host.ts';
import { TASK_COUNT } from '../../../engine/src/workflow/tasks.ts';
import type { CompanyNotificationCounter, NotificationCounter, NotificationCounts as CountsByCompany } from '../api/types.ts';

/** The bell's counts (the API shape, server/src/api/types.ts). */
export type NotificationCounts = NotificationCounter;

/** The answer's names in the spec's order; a name nothing declares counts 0. */
const NAMES: (keyof NotificationCounts)[] = ['TaskCount', 'MrCount', 'MrClosedCount', 'PrCount', 'PrRejectedCount', 'RcvCount', 'RelAlertCount'];

/** One company's counts: a select of one row (compcode and every count), served by indexes (the declaring module says which). */
function companyCounts(reg: Registry, plugins: PluginHost, userId: number, compcode: string) {
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
  return sql`select cast(${compcode} as text) as "compcode", ${sql.join(NAMES.map((name) => sql`${counted(name)} as ${sql.ref(name)}`))}`;
}

const countsOf = (row: Record<string, unknown> | undefined): NotificationCounts => {
  const n = (k: keyof NotificationCounts) => Number(row?.[k] ?? 0);
  return { TaskCount: n('TaskCount'), MrCount: n('MrCount'), MrClosedCount: n('MrClosedCount'), PrCount: n('PrCount'), PrRejectedCount: n('PrRejectedCount'), RcvCount: n('RcvCount'), RelAlertCount: n('RelAlertCount') };
};

/**
 * The counts of one user in one company: one statement for every count (one round trip whenever a
 * bell is refreshed, which every workflow event causes for every connected user).
 */
export async function notificationCounts(db: DB, reg: Registry, plugins: PluginHost, userId: number, compcode: string): Promise<NotificationCounts> {
  const r = await companyCounts(reg, plugins, userId, compcode).execute(db);
  return countsOf(r.rows[0] as Record<string, unknown> | undefined);
}

/**
 * The companies a user belongs to (user_company), the active one first, then by name. The active
 * company is the session's, which authentication has already checked against the same table.
 */
export async function memberCompanies(db: DB, userId: number, active: string): Promise<{ compcode: string; company: string; active: boolean }[]> {
  const rows = await db
    .selectFrom('user_company as uc')
    .innerJoin('company as c', 'c.compcode', 'uc.compcode')
    .select(['c.compcode', 'c.company'])
    .where('uc.user_id', '=', userId)
    .execute();
  return rows
    .map((r) => ({ compcode: String(r.compcode), company: String(r.company ?? r.compcode), active: r.compcode === active }))
    .sort((a, b) => Number(b.active) - Number(a.active) || a.company.localeCompare(b.company) || a.compcode.localeCompare(b.compcode));
}

/**
 * The bell's counts in every company the user belongs to (decision 0256): two statements whatever
 * the number of companies (the companies, then one row per company in one `union all`). The top
 * level is the active company's (the spec's Count object); `companies` has each company's.
 */
export async function notificationCountsByCompany(db: DB, reg: Registry, plugins: PluginHost, userId: number, active: string): Promise<CountsByCompany> {
  const companies = await memberCompanies(db, userId, active);
  if (!companies.some((c) => c.active)) companies.unshift({ compcode: active, company: active, active: true });
  const r = await sql<Record<string, unknown>>`${sql.join(companies.map((c) => companyCounts(reg, plugins, userId, c.compcode)), sql` union all `)}`.execute(db);
  const byCode = new Map(r.rows.map((row) => [String(row.compcode), row]));
  const list: CompanyNotificationCounter[] = companies.map((c) => ({ ...c, counts: countsOf(byCode.get(c.compcode)) }));
  return { ...list[0]!.counts, companies: list };
}
