/**
 * One action on one assignment (state table: docs/workflow.md), for the task routes and the fixture
 * replay alike:
 *
 * 1. the input is checked before anything is read (`validateAction`: comment, its length, the
 *    action, a routing target, a later queue date), 400 otherwise;
 * 2. approving a document whose entity declares `workflow.signature` is a certifying signature: the
 *    approver's password (and code) is confirmed before the transaction (decision 0301), so a
 *    failure stays counted;
 * 3. in one transaction the item is locked and checked (engine/src/workflow/act-item.ts: found,
 *    not yet acted on, the user's or one they may act for, the four-eyes rules), the action is
 *    recorded on it, and its outcome follows (engine/src/workflow/act-outcome.ts: the next step,
 *    the document approved or rejected, a routing, a queued item);
 * 4. a deadlock or serialization failure the database still reports is a 409 ERR_RETRY, never a 500.
 *
 *   await act(ctx, { taskassignkey: 31, actionTake: 'APPROVED', comment: 'OK for AOG' });
 */
import { appError } from '../errors.ts';
import { inTransaction } from '../crud/repository.ts';
import { versionedUpdate } from '../crud/versioned.ts';
import { confirmSigner } from '../auth/signer.ts';
import { mapDbError } from '../crud/db-errors.ts';
import { isDate, todayIso } from '../values/dates.ts';
import { dayOf, type WorkflowContext } from './context.ts';
import { APPROVING, type ActionTake } from './steps.ts';
import { lockItem } from './act-item.ts';
import { decide } from './act-outcome.ts';

export const COMMENT_MAX = 1000;
export const ROUTING_COMMENT_MAX = 900;

export interface ActInput {
  taskassignkey: number;
  actionTake: string;
  comment?: string | null;
  isrouting?: boolean | number | null;
  routeToUser?: string | number | null;
  routeToNik?: string | null;
  postponed?: boolean | number | null;
  postuntil?: string | null;
  /** An approval that is a signature (`workflow.signature`): the approver's password and code (engine/src/auth/signer.ts). */
  password?: string;
  otp?: string;
}

const fail = (path: string, message: string) => appError('ERR_VALIDATION', { errors: [{ path, message }] });

/** The spec's checks (§5) before anything is read: comment, limits, routing target, queue date. */
export function validateAction(input: ActInput, today: string = todayIso()): void {
  if (!Number.isSafeInteger(Number(input.taskassignkey)) || Number(input.taskassignkey) < 1) throw fail('/taskassignkey', 'is required');
  const comment = (input.comment ?? '').trim();
  if (!comment) throw fail('/comment', 'is required');
  const routing = input.actionTake === 'ROUTING' || Boolean(Number(input.isrouting ?? 0));
  if (comment.length > (routing ? ROUTING_COMMENT_MAX : COMMENT_MAX)) throw fail('/comment', `must be at most ${routing ? ROUTING_COMMENT_MAX : COMMENT_MAX} characters`);
  if (!['APPROVED', 'REVIEWED', 'ROUTING', 'REJECTED', 'COMPLETED', 'PENDING'].includes(input.actionTake)) throw fail('/actionTake', 'is not a workflow action');
  if (routing && !input.routeToUser && !input.routeToNik) throw fail('/routeToUser', 'is required when routing');
  const postponing = input.actionTake === 'PENDING' || Boolean(Number(input.postponed ?? 0));
  if (postponing) {
    if (!input.postuntil) throw fail('/postuntil', 'is required when queuing');
    if (typeof input.postuntil !== 'string' || !isDate(input.postuntil.slice(0, 10), input.postuntil.slice(10))) throw fail('/postuntil', 'is not a date (YYYY-MM-DD)');
    if (input.postuntil.slice(0, 10) <= today) throw fail('/postuntil', 'must be a later date');
  }
}


export interface ActResult {
  success: 1;
  message: string;
  statuswf: string;
}

/** One action on one assignment, in one transaction (state table: docs/workflow.md). */
export async function act(ctx: WorkflowContext, input: ActInput): Promise<ActResult> {
  validateAction(input, dayOf(ctx));
  const action = (input.actionTake === 'PENDING' || Number(input.postponed ?? 0) ? 'PENDING' : Number(input.isrouting ?? 0) ? 'ROUTING' : input.actionTake) as ActionTake;
  const comment = String(input.comment ?? '').trim();
  const signature = (APPROVING as readonly string[]).includes(action) && (await isSignature(ctx, input));
  // the approver present (decision 0301): before the transaction, so failures stay counted
  if (signature) await confirmSigner(ctx.db, { user: ctx.user, ...(ctx.ip ? { ip: ctx.ip } : {}) }, { password: input.password, otp: input.otp });
  // a deadlock or serialization failure the database still reports is a 409 ERR_RETRY, never a 500
  return actIn(ctx, input, action, comment, signature).catch((e: unknown) => {
    throw mapDbError(e);
  });
}

/** Whether approving the assignment's document is a certifying signature (its entity's `workflow.signature`). */
async function isSignature(ctx: WorkflowContext, input: ActInput): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('wf_assignment as a')
    .innerJoin('wf_task as t', 't.taskkey', 'a.taskkey')
    .select(['t.entity_name'])
    .where('a.taskassignkey', '=', Number(input.taskassignkey))
    .where('a.compcode', '=', ctx.user.compcode)
    .executeTakeFirst();
  const name = row ? String(row.entity_name) : '';
  return Boolean(name && ctx.reg.entities.has(name) && ctx.reg.entity(name).workflow?.signature);
}

async function actIn(ctx: WorkflowContext, input: ActInput, action: ActionTake, comment: string, signature: boolean): Promise<ActResult> {
  return inTransaction(ctx.db, async (tx) => {
    const item = await lockItem(tx, ctx, input, action, signature);
    const { asg, info } = item;
    const now = (ctx.now ?? new Date()).toISOString();
    await versionedUpdate(
      tx,
      ctx.reg.entity('wf_assignment'),
      asg.taskassignkey as number,
      { actiontake: action, action_by: ctx.user.user_id, message: comment, completeddate: now, ...(action === 'PENDING' ? { postponed: true, postuntil: String(input.postuntil).slice(0, 10) } : {}) },
      { user: ctx.user, before: asg, reason: action },
    );
    const status = await decide(tx, ctx, item, action, input, now);
    await ctx.emit?.(tx, { event: 'task_changed', compcode: info.compcode, user_id: Number(asg.assignee), data: { taskkey: info.taskkey, reason: action } });
    return { success: 1, message: `${action} saved`, statuswf: status };
  });
}
