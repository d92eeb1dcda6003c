/**
 * The item an action is taken on, locked and checked (docs/workflow.md "State table", "Four eyes"):
 *
 * 1. locks in one order, document → task → assignment (decision 0230): simultaneous actions on one
 *    task queue on the document row, so they never deadlock; the later ones then find their item or
 *    the task already decided (409) and change nothing;
 * 2. the item must exist in the company (404), not be acted on yet, belong to the user unless they
 *    may act for others (403), and its task must still be on process (409);
 * 3. the action must be one the step's item kind offers (400);
 * 4. four eyes: nobody acts on their own document, for themselves or for anyone; a signature is
 *    given by its assignee only, never for them or as their delegate; a personal step is acted on by
 *    its assignee only; one person counts once in a step (ERR_FOUR_EYES).
 *
 *   const item = await lockItem(tx, ctx, input, 'APPROVED', false);
 *   item.step.seq; item.info.owners.ids;
 */
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import { appError } from '../errors.ts';
import { STATUS } from './status.ts';
import type { WorkflowContext } from './context.ts';
import { APPROVING, ITEM_ACTIONS, type ActionTake, type StepSnapshot } from './steps.ts';
import { fourEyes, ownersOf } from './assignees.ts';
import type { ActInput } from './act.ts';
import type { AppAbility } from '../access/ability.ts';

/** Whether the user may act for someone else (delegation): U on the workflow configuration. */
export function mayActForOthers(ability: AppAbility): boolean {
  return ability.can('update', 'wf_definition');
}

/** The document, the task and the assignment, locked in that order (decision 0230). */
async function lockRows(tx: DB, ctx: WorkflowContext, input: ActInput) {
  const where = await tx
    .selectFrom('wf_assignment as a')
    .innerJoin('wf_task as t', 't.taskkey', 'a.taskkey')
    .select(['a.taskkey', 't.entity_name', 't.record_key'])
    .where('a.taskassignkey', '=', Number(input.taskassignkey))
    .where('a.compcode', '=', ctx.user.compcode)
    .executeTakeFirst();
  if (!where) throw appError('ERR_NOT_FOUND', { message: 'The task was not found.' });
  const docEntity = ctx.reg.entity(String(where.entity_name));
  const docRow = (await loose(tx).selectFrom(docEntity.table).select(['created_by']).where(docEntity.key, '=', String(where.record_key)).where('compcode', '=', ctx.user.compcode).forUpdate().executeTakeFirst()) as { created_by?: unknown } | undefined;
  const task = await tx.selectFrom('wf_task').selectAll().where('taskkey', '=', where.taskkey as number).forUpdate().executeTakeFirstOrThrow();
  const asg = await tx.selectFrom('wf_assignment').selectAll().where('taskassignkey', '=', Number(input.taskassignkey)).forUpdate().executeTakeFirstOrThrow();
  return { docRow, task, asg };
}

/** The item locked and checked, with the task's steps, the step acted on and the document's owners. */
export async function lockItem(tx: DB, ctx: WorkflowContext, input: ActInput, action: ActionTake, signature: boolean) {
  const { docRow, task, asg } = await lockRows(tx, ctx, input);
  if (asg.completeddate) throw appError('ERR_CONFLICT', { message: 'This task has already been acted on.' });
  const forOther = Number(asg.assignee) !== ctx.user.user_id;
  if (forOther && !mayActForOthers(ctx.ability)) throw appError('ERR_FORBIDDEN', { message: 'This task is assigned to someone else.' });
  if (task.statuswf !== STATUS.ON_PROCESS) throw appError('ERR_CONFLICT', { message: 'This workflow has already ended.' });
  const steps = JSON.parse(String(task.steps_snapshot ?? '[]')) as StepSnapshot[];
  const stepIdx = steps.findIndex((st) => st.seq === Number(asg.step_seq));
  const step = steps[stepIdx];
  if (!step) throw appError('ERR_CONFLICT', { message: 'The workflow step of this task no longer exists.' });
  if (!ITEM_ACTIONS[step.item_kind].includes(action)) {
    throw appError('ERR_VALIDATION', { errors: [{ path: '/actionTake', message: `${action} is not offered on ${step.item_kind === 'task' ? 'a task' : 'an approval'} item` }] });
  }
  // Four eyes (docs/workflow.md): nobody acts on their own document, for themselves or for
  // anyone; a personal step is acted on by its assignee only; one person counts once in a step.
  const owners = await ownersOf(tx, String(task.compcode), Number(task.createdby), docRow?.created_by);
  if (owners.ids.includes(ctx.user.user_id)) {
    throw fourEyes(forOther ? 'This is your own document: you cannot act on it for someone else; another person approves it.' : 'This is your own document: nobody approves their own work; another person approves it.');
  }
  // a signature is given by its signer: never for someone, never as someone's delegate
  if (signature && (forOther || asg.on_behalf_of)) throw fourEyes('Approving this document is a signature: only the person it is assigned to signs it, never someone for them or as their delegate.');
  if (forOther && step.personal) throw fourEyes(`Step ${step.seq} (${step.step_name}) is personal: only its assignee acts on it, never someone for them.`);
  const voted = await tx
    .selectFrom('wf_assignment')
    .select('taskassignkey')
    .where('taskkey', '=', Number(task.taskkey))
    .where('step_seq', '=', step.seq)
    .where('action_by', '=', ctx.user.user_id)
    .where('actiontake', 'in', [...APPROVING, 'REJECTED'])
    .executeTakeFirst();
  if (voted) throw fourEyes(`You have already acted on step ${step.seq} (${step.step_name}): each approval of a step is by another person, whomever you act for.`);
  const info = { taskkey: Number(task.taskkey), compcode: String(task.compcode), taskname: String(task.taskname), createdby: Number(task.createdby), owners };
  return { task, asg, steps, stepIdx, step, info };
}

export type LockedItem = Awaited<ReturnType<typeof lockItem>>;
