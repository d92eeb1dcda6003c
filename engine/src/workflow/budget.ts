/**
 * A department's annual budget as the approval form's View Budget shows it (spec §7): the budget
 * lines of the year with the amounts approved documents committed, and who may see them. Plain
 * functions over the database; the route (server/src/routes/tasks.ts, /budgetdept/viewprint)
 * renders the HTML.
 */
import type { DB } from '../db/database.ts';
import { mayActForOthers } from './act-item.ts';
import type { Participant } from './tasks.ts';

/**
 * Whether the user may see a department's budget from an approval: R on the budget screen, a
 * delegate (who takes part in every task), or someone taking part (creator or assignee) in a task
 * created by a member of that department.
 */
export async function mayViewDepartmentBudget(db: DB, who: Participant, departkd: string): Promise<boolean> {
  if (who.ability.can('read', 'department_budget') || mayActForOthers(who.ability)) return true;
  const shown = await db
    .selectFrom('wf_task as t')
    .innerJoin('users as c', 'c.user_id', 't.createdby')
    .select('t.taskkey')
    .where('t.compcode', '=', who.compcode)
    .where('c.departkd', '=', departkd)
    .where((eb) =>
      eb.or([
        eb('t.createdby', '=', who.userId),
        eb.exists(eb.selectFrom('wf_assignment as x').select('x.taskassignkey').whereRef('x.taskkey', '=', 't.taskkey').where('x.assignee', '=', who.userId)),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(shown);
}

/** The budget lines of a department in a year, by account. */
export function departmentBudget(db: DB, compcode: string, departkd: string, year: number) {
  return db
    .selectFrom('department_budget')
    .select(['account_code', 'account_name', 'budget_amount', 'committed_amount'])
    .where('compcode', '=', compcode)
    .where('departkd', '=', departkd)
    .where('budget_year', '=', year)
    .orderBy('account_code')
    .execute();
}
