/**
 * Deadlines (docs/workflow.md "State table"): an overdue open assignment is marked EXPIRED and the item
 * escalated to the assignee's department head (or kept by the assignee), through the same
 * delegation and four-eyes rules as any assignment (engine/src/workflow/assignees.ts).
 *
 *   const expired = await expireOverdue(db, reg, emit);
 */
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import type { Registry } from '../metadata/registry.ts';
import { inTransaction } from '../crud/repository.ts';
import { versionedUpdate } from '../crud/versioned.ts';
import { STATUS } from './status.ts';
import type { WorkflowContext } from './context.ts';
import type { StepSnapshot } from './steps.ts';
import { ownersOf, withDelegates } from './assignees.ts';

/**
 * Overdue assignments: marked EXPIRED and escalated to the assignee's department head (or back to
 * the assignee when the department has no head), with a new deadline. Run periodically; safe to
 * run from several processes at once (row locks, SKIP LOCKED).
 */
export async function expireOverdue(db: DB, reg: Registry, emit?: WorkflowContext['emit'], now = new Date()): Promise<number> {
  return inTransaction(db, async (tx) => {
    const overdue = await tx
      .selectFrom('wf_assignment as a')
      .innerJoin('wf_task as t', 't.taskkey', 'a.taskkey')
      .select(['a.taskassignkey', 'a.taskkey', 'a.step_seq', 'a.assignee', 'a.compcode', 't.steps_snapshot', 't.taskname', 't.createdby', 't.entity_name', 't.record_key'])
      .where('a.completeddate', 'is', null)
      .where('a.deadline', '<', now.toISOString())
      .where('t.statuswf', '=', STATUS.ON_PROCESS)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const o of overdue) {
      await versionedUpdate(tx, reg.entity('wf_assignment'), o.taskassignkey as number, { actiontake: 'EXPIRED', message: 'Deadline passed', completeddate: now.toISOString() }, { user: null, reason: 'EXPIRED' });
      const step = (JSON.parse(String(o.steps_snapshot)) as StepSnapshot[]).find((s) => s.seq === Number(o.step_seq));
      const who = await tx.selectFrom('users').select(['departkd']).where('user_id', '=', o.assignee as number).executeTakeFirst();
      const head = who?.departkd
        ? await tx
            .selectFrom('users as u')
            .innerJoin('user_company as uc', 'uc.user_id', 'u.user_id')
            .select('u.user_id')
            .where('uc.compcode', '=', o.compcode as string)
            .where('u.departkd', '=', who.departkd as string)
            .where('u.depthead', '=', true)
            .where('u.active', '=', true)
            .executeTakeFirst()
        : undefined;
      const date = now.toISOString().slice(0, 10);
      const holding = (await tx.selectFrom('wf_assignment').select('assignee').where('taskkey', '=', o.taskkey as number).where('step_seq', '=', o.step_seq as number).where('completeddate', 'is', null).execute()).map((r) => Number(r.assignee));
      const e = reg.entity(String(o.entity_name));
      const doc = (await loose(tx).selectFrom(e.table).select(['created_by']).where(e.key, '=', String(o.record_key)).where('compcode', '=', String(o.compcode)).executeTakeFirst()) as { created_by?: unknown } | undefined;
      const owners = await ownersOf(tx, String(o.compcode), Number(o.createdby), doc?.created_by);
      // the head unless the document is the head's own (then the assignee keeps it)
      const escalateTo = head && !owners.ids.includes(Number(head.user_id)) ? Number(head.user_id) : Number(o.assignee);
      const [{ assignee: to, onBehalfOf }] = await withDelegates(tx, String(o.compcode), [escalateTo], date, holding, owners, Boolean(step?.personal));
      await tx
        .insertInto('wf_assignment')
        .values({
          compcode: o.compcode,
          taskkey: o.taskkey,
          step_seq: o.step_seq,
          assignee: to,
          on_behalf_of: onBehalfOf,
          assigndate: now.toISOString(),
          deadline: step?.deadline_hours ? new Date(now.getTime() + step.deadline_hours * 3_600_000).toISOString() : null,
          postponed: false,
          created_by: 'workflow',
        })
        .execute();
      await emit?.(tx, { event: 'task_changed', compcode: String(o.compcode), user_id: to, data: { taskkey: o.taskkey, taskname: o.taskname, reason: 'escalated' } });
    }
    return overdue.length;
  });
}
