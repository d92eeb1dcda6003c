/**
 * What an action recorded on its item does to the task (docs/workflow.md "State table", "N of M
 * approvals"), inside the action's transaction:
 *
 * - APPROVED / REVIEWED / COMPLETED: once the step has the approvals of N distinct people (never
 *   the assignees one person acted for), its other open items close; the next step is assigned,
 *   or, after the last, the task and the document are APPROVED (the plugins' hooks and events follow);
 * - REJECTED: the step's other items close and the document is REJECTED, except in a 'quorum' step
 *   while N approvals can still be reached;
 * - ROUTING: the same step is assigned to another active user of the company (never an owner of
 *   the document, never one already holding an item of an N-of-M step);
 * - PENDING: the same person gets the same step back, hidden from the lists until the date.
 *
 *   const statuswf = await decide(tx, ctx, item, 'APPROVED', input, now); // '100' or '111'
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import { appError } from '../errors.ts';
import { versionedUpdate } from '../crud/versioned.ts';
import { STATUS, type FinishedStatus } from './status.ts';
import type { WorkflowContext } from './context.ts';
import { APPROVING, requiredApprovals, type ActionTake } from './steps.ts';
import { assign, resolveAssignees } from './assignees.ts';
import type { ActInput } from './act.ts';
import type { LockedItem } from './act-item.ts';

type Siblings = { taskassignkey: unknown; assignee: unknown }[];

/** The task ends: the document and the task take the status, then the plugins' hooks and the sender's event. */
async function finish(tx: DB, ctx: WorkflowContext, { task, info }: LockedItem, status: string, action: ActionTake): Promise<void> {
  const e = ctx.reg.entity(String(task.entity_name));
  const stored = await loose(tx).selectFrom(e.table).selectAll().where(e.key, '=', String(task.record_key)).where('compcode', '=', info.compcode).forUpdate().executeTakeFirst();
  if (stored) await versionedUpdate(tx, e, String(task.record_key), { [e.workflow?.status ?? 'statuswf']: status }, { user: ctx.user, before: stored, reason: `workflow ${action}`, extra: { taskkey: info.taskkey } });
  await versionedUpdate(tx, ctx.reg.entity('wf_task'), info.taskkey, { statuswf: status }, { user: ctx.user, before: task, reason: `workflow ${action}` });
  await ctx.onFinished?.(tx, { entity: e.name, key: String(task.record_key), status: status as FinishedStatus, taskkey: info.taskkey });
  await ctx.emit?.(tx, { event: 'task_changed', compcode: info.compcode, user_id: Number(task.createdby), data: { taskkey: info.taskkey, statuswf: status, reason: 'finished' } });
}

/** Other open assignments of the same step (a team, a position) close with this action. */
async function closeSiblings(tx: DB, ctx: WorkflowContext, { info }: LockedItem, siblings: Siblings, action: ActionTake, now: string): Promise<void> {
  for (const sib of siblings) {
    await versionedUpdate(tx, ctx.reg.entity('wf_assignment'), sib.taskassignkey as number, { actiontake: action, action_by: ctx.user.user_id, message: `Closed: ${action.toLowerCase()} by ${ctx.user.username}`, completeddate: now }, { user: ctx.user, reason: `closed with ${action}` });
    await ctx.emit?.(tx, { event: 'task_changed', compcode: info.compcode, user_id: Number(sib.assignee), data: { taskkey: info.taskkey, reason: 'closed' } });
  }
}

/** N of M: the distinct people who approved this step so far (this action included), never the assignees one person acted for. */
async function approvedBy(tx: DB, { info, step }: LockedItem, need: number): Promise<number> {
  if (need === 1) return 1;
  const row = await tx
    .selectFrom('wf_assignment')
    .select(sql<number>`count(distinct action_by)`.as('n'))
    .where('taskkey', '=', info.taskkey)
    .where('step_seq', '=', step.seq)
    .where('actiontake', 'in', [...APPROVING])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** ROUTING: the user the item goes to, an active user of the company who may hold it (400 otherwise). */
async function routeTarget(tx: DB, { info }: LockedItem, input: ActInput, siblings: Siblings, need: number): Promise<number> {
  const target = await tx
    .selectFrom('users as u')
    .innerJoin('user_company as uc', 'uc.user_id', 'u.user_id')
    .select(['u.user_id'])
    .where('uc.compcode', '=', info.compcode)
    .where('u.active', '=', true)
    .where((eb) =>
      input.routeToUser && Number.isSafeInteger(Number(input.routeToUser))
        ? eb('u.user_id', '=', Number(input.routeToUser))
        : eb.or([eb('u.username', '=', String(input.routeToUser ?? '').toLowerCase()), eb('u.crewnik', '=', String(input.routeToNik ?? ''))]),
    )
    .executeTakeFirst();
  if (!target) throw appError('ERR_VALIDATION', { errors: [{ path: '/routeToUser', message: 'is not a user of this company' }] });
  if (info.owners.ids.includes(Number(target.user_id))) throw appError('ERR_VALIDATION', { errors: [{ path: '/routeToUser', message: 'sent or created this document (nobody approves their own document)' }] });
  if (need > 1 && siblings.some((sib) => Number(sib.assignee) === Number(target.user_id))) {
    throw appError('ERR_VALIDATION', { errors: [{ path: '/routeToUser', message: 'already holds an item of this step (each approval of the step is by another person)' }] });
  }
  return Number(target.user_id);
}

/** An approving action: the step stays open for the others until N distinct assignees approved; then the next step, or the end. */
async function approve(tx: DB, ctx: WorkflowContext, item: LockedItem, action: ActionTake, siblings: Siblings, need: number, now: string): Promise<string> {
  const { task, info, step, steps, stepIdx } = item;
  if ((await approvedBy(tx, item, need)) < need) return STATUS.ON_PROCESS;
  await closeSiblings(tx, ctx, item, siblings, action, now);
  const next = steps[stepIdx + 1];
  if (!next) {
    await finish(tx, ctx, item, STATUS.APPROVED, action);
    return STATUS.APPROVED;
  }
  await versionedUpdate(tx, ctx.reg.entity('wf_task'), info.taskkey, { current_step: next.seq }, { user: ctx.user, before: task, reason: `step ${step.seq} ${action}` });
  await assign(tx, ctx, info, next, await resolveAssignees(tx, info.compcode, next, Number(task.createdby), info.owners));
  return STATUS.ON_PROCESS;
}

/** The outcome of the action recorded on the item: the task's status afterwards. */
export async function decide(tx: DB, ctx: WorkflowContext, item: LockedItem, action: ActionTake, input: ActInput, now: string): Promise<string> {
  const { asg, info, step } = item;
  const siblings = await tx
    .selectFrom('wf_assignment')
    .select(['taskassignkey', 'assignee'])
    .where('taskkey', '=', info.taskkey)
    .where('step_seq', '=', step.seq)
    .where('completeddate', 'is', null)
    .execute();
  const need = requiredApprovals(step);
  switch (action) {
    case 'APPROVED':
    case 'REVIEWED':
    case 'COMPLETED':
      return approve(tx, ctx, item, action, siblings, need, now);
    case 'REJECTED':
      // 'quorum': a refusal fails the step only once N approvals can no longer be reached
      if (need > 1 && step.refusal === 'quorum' && (await approvedBy(tx, item, need)) + siblings.length >= need) return STATUS.ON_PROCESS;
      await closeSiblings(tx, ctx, item, siblings, action, now);
      await finish(tx, ctx, item, STATUS.REJECTED, action);
      return STATUS.REJECTED;
    case 'ROUTING':
      await assign(tx, ctx, info, step, [await routeTarget(tx, item, input, siblings, need)]);
      return STATUS.ON_PROCESS;
    case 'PENDING':
      // Queued: the same person gets the same step back, hidden from the lists until the date.
      await tx
        .insertInto('wf_assignment')
        .values({ compcode: info.compcode, taskkey: info.taskkey, step_seq: step.seq, assignee: asg.assignee, on_behalf_of: asg.on_behalf_of ?? null, assigndate: now, deadline: null, postponed: true, postuntil: String(input.postuntil).slice(0, 10), created_by: ctx.user.username })
        .execute();
      return STATUS.ON_PROCESS;
  }
  return STATUS.ON_PROCESS;
}
