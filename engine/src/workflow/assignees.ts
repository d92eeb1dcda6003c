/**
 * Who receives a step's items (docs/workflow.md "Delegation", "N of M approvals", "Four eyes"): the
 * people the step names (a user, a position, a team, the requestor's department head), never the
 * document's owners (its sender and creator); each one's delegate for the day instead, unless the
 * step is personal or the delegate already holds an item of the step; then one open assignment
 * each, with its deadline, and a `task_changed` event to each.
 *
 *   const owners = await ownersOf(tx, compcode, sender, doc.created_by);
 *   await assign(tx, ctx, { taskkey, compcode, taskname, createdby: sender, owners }, step, await resolveAssignees(tx, compcode, step, sender, owners));
 */
import type { DB } from '../db/database.ts';
import { appError } from '../errors.ts';
import { dayOf, type WorkflowContext } from './context.ts';
import { requiredApprovals, type StepSnapshot } from './steps.ts';


/**
 * The people whose own document a task is (docs/workflow.md "Four eyes"): its sender and the
 * document's creator. They are never assigned one of its items, never act on one (for themselves
 * or for anyone), and are never anyone's delegate on it.
 */
export interface Owners {
  ids: number[];
}

export const fourEyes = (message: string) => appError('ERR_FOUR_EYES', { message });

/** The sender and the creator (its `created_by` user name, if it names a user of the company) of a document. */
export async function ownersOf(tx: DB, compcode: string, sender: number, createdBy: unknown): Promise<Owners> {
  const ids = new Set<number>([sender]);
  if (typeof createdBy === 'string' && createdBy) {
    const u = await tx.selectFrom('users as u').innerJoin('user_company as uc', 'uc.user_id', 'u.user_id').select('u.user_id').where('uc.compcode', '=', compcode).where('u.username', '=', createdBy.toLowerCase()).executeTakeFirst();
    if (u) ids.add(Number(u.user_id));
  }
  return { ids: [...ids] };
}


export async function resolveAssignees(tx: DB, compcode: string, step: StepSnapshot, requestorId: number, owners: Owners): Promise<number[]> {
  const base = tx
    .selectFrom('users as u')
    .innerJoin('user_company as uc', 'uc.user_id', 'u.user_id')
    .select('u.user_id')
    .where('uc.compcode', '=', compcode)
    .where('u.active', '=', true)
    .orderBy('u.user_id');
  let rows: { user_id: unknown }[] = [];
  switch (step.assign_kind) {
    case 'user':
      rows = await base.where('u.username', '=', String(step.assign_value ?? '').toLowerCase()).execute();
      break;
    case 'position':
      rows = await base.where('u.jabatan', '=', String(step.assign_value ?? '')).execute();
      break;
    case 'team':
      rows = await base.where((eb) => eb.or([eb('u.departkd', '=', String(step.assign_value ?? '')), eb('u.departemen', '=', String(step.assign_value ?? ''))])).execute();
      break;
    case 'dept_head': {
      const req = await tx.selectFrom('users').select(['departkd']).where('user_id', '=', requestorId).executeTakeFirst();
      rows = req?.departkd ? await base.where('u.departkd', '=', req.departkd as string).where('u.depthead', '=', true).execute() : [];
      break;
    }
  }
  const all = rows.map((r) => Number(r.user_id));
  if (all.length === 0) {
    throw appError('ERR_CONFLICT', { message: `No one to assign step ${step.seq} (${step.step_name}) to: check the workflow's assignment (${step.assign_kind} ${step.assign_value ?? ''}).` });
  }
  // nobody approves their own document, whatever position they hold
  const ids = all.filter((u) => !owners.ids.includes(u));
  if (ids.length === 0) {
    throw fourEyes(`Step ${step.seq} (${step.step_name}) would be assigned only to the sender or creator of this document, and nobody approves their own document: another person holding ${step.assign_kind} ${step.assign_value ?? ''} must be in the company, or another person sends it.`);
  }
  return ids;
}

/**
 * The delegate a user named for the date (docs/workflow.md "Delegation"): a delegation of the
 * company whose period holds the date, to another active user of the company. One hop only (the
 * delegate's own delegation is not followed); with several, the one starting last wins.
 */
async function delegateOf(tx: DB, compcode: string, userId: number, date: string): Promise<number | null> {
  const row = await tx
    .selectFrom('wf_delegation as d')
    .innerJoin('users as u', 'u.user_id', 'd.delegate')
    .innerJoin('user_company as uc', (j) => j.onRef('uc.user_id', '=', 'd.delegate').on('uc.compcode', '=', compcode))
    .select(['d.delegate'])
    .where('d.compcode', '=', compcode)
    .where('d.delegator', '=', userId)
    .where('d.delegate', '<>', userId)
    .where('d.valid_from', '<=', date)
    .where('d.valid_to', '>=', date)
    .where('u.active', '=', true)
    .orderBy('d.valid_from', 'desc')
    .orderBy('d.id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.delegate) : null;
}

/**
 * Who actually receives each resolved assignee's item on the date: the delegate, recorded as on
 * behalf of the assignee, unless the delegate already holds an item of the step (a delegate never
 * holds two votes of one step) or is the document's requestor (nobody approves their own
 * document): the assignee then keeps theirs. Each person once.
 */
export async function withDelegates(tx: DB, compcode: string, userIds: number[], date: string, holding: number[], owners: Owners, personal: boolean): Promise<{ assignee: number; onBehalfOf: number | null }[]> {
  const out: { assignee: number; onBehalfOf: number | null }[] = [];
  const taken = new Set<number>([...holding, ...userIds, ...owners.ids]);
  for (const uid of userIds) {
    // a personal step (a certifying or inspection signature) is never delegated
    const d = personal ? null : await delegateOf(tx, compcode, uid, date);
    if (d !== null && !taken.has(d)) {
      taken.add(d);
      out.push({ assignee: d, onBehalfOf: uid });
    } else out.push({ assignee: uid, onBehalfOf: null });
  }
  return out;
}

export async function assign(tx: DB, ctx: WorkflowContext, task: { taskkey: number; compcode: string; taskname: string; createdby: number; owners: Owners }, step: StepSnapshot, userIds: number[]): Promise<void> {
  const now = ctx.now ?? new Date();
  // people already holding an open item of the step (routing within an N-of-M step)
  const holding = (await tx.selectFrom('wf_assignment').select('assignee').where('taskkey', '=', task.taskkey).where('step_seq', '=', step.seq).where('completeddate', 'is', null).execute()).map((r) => Number(r.assignee));
  const people = await withDelegates(tx, task.compcode, [...new Set(userIds)], dayOf(ctx), holding, task.owners, Boolean(step.personal));
  const need = requiredApprovals(step);
  if (holding.length === 0 && people.length < need) {
    throw appError('ERR_CONFLICT', { message: `Step ${step.seq} (${step.step_name}) needs ${need} approvals but only ${people.length} ${people.length === 1 ? 'person' : 'people'} can be assigned: check the workflow's assignment (${step.assign_kind} ${step.assign_value ?? ''}).` });
  }
  for (const { assignee: uid, onBehalfOf } of people) {
    await tx
      .insertInto('wf_assignment')
      .values({
        compcode: task.compcode,
        taskkey: task.taskkey,
        step_seq: step.seq,
        assignee: uid,
        on_behalf_of: onBehalfOf,
        assigndate: now.toISOString(),
        deadline: step.deadline_hours ? new Date(now.getTime() + step.deadline_hours * 3_600_000).toISOString() : null,
        postponed: false,
        created_by: ctx.user.username,
      })
      .execute();
    await ctx.emit?.(tx, { event: 'task_changed', compcode: task.compcode, user_id: uid, data: { taskkey: task.taskkey, taskname: task.taskname, reason: 'assigned', ...(onBehalfOf ? { on_behalf_of: onBehalfOf } : {}) } });
  }
}
