/**
 * The approval workflow engine (spec §4; state table in docs/workflow.md). A document entity with an
 * enum field `statuswf` (000 DRAFT, 100 ON PROCESS, 111 APPROVED, 110 REJECTED) is sent to the
 * active workflow defined for it in the company; each step assigns people; every action is one
 * transaction that locks the assignment row, so an assignment is acted on exactly once and a second
 * concurrent action gets a conflict and changes nothing. Every action is kept as history.
 *
 *   const { taskkey } = await workflow.send(ctx, { entity: 'material_request', key: 12, taskname: 'MR-2026-00012' });
 *   await workflow.act(ctx, { taskassignkey: 31, actionTake: 'APPROVED', comment: 'OK for AOG' });
 */
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import type { AppAbility } from '../access/ability.ts';
import { accessCondition } from '../access/compile.ts';
import { appError } from '../errors.ts';
import type { Registry } from '../metadata/registry.ts';
import { inTransaction, type Repository, type UserRef } from '../crud/repository.ts';
import type { HookContext, PluginHost } from '../plugins/host.ts';
import { versionedUpdate } from '../crud/versioned.ts';
import { confirmSigner } from '../auth/signer.ts';
import { mapDbError } from '../crud/db-errors.ts';
import { isDate } from '../query/list.ts';
import { sql } from 'kysely';

import { STATUS, type FinishedStatus } from './status.ts';
import { todayIso } from '../values/dates.ts';

export { STATUS, type FinishedStatus } from './status.ts';
export type ActionTake = 'APPROVED' | 'REVIEWED' | 'ROUTING' | 'REJECTED' | 'COMPLETED' | 'PENDING';
export const ITEM_ACTIONS: Record<'approval' | 'task', ActionTake[]> = {
  approval: ['APPROVED', 'REVIEWED', 'ROUTING', 'REJECTED', 'PENDING'],
  task: ['COMPLETED', 'REJECTED', 'PENDING'],
};
export const COMMENT_MAX = 1000;
export const ROUTING_COMMENT_MAX = 900;

export interface StepSnapshot {
  seq: number;
  step_name: string;
  assign_kind: 'user' | 'position' | 'dept_head' | 'team';
  assign_value: string | null;
  item_kind: 'approval' | 'task';
  deadline_hours: number | null;
  /** The step applies only when the document's field compares so with the value (docs/workflow.md). */
  condition_field?: string | null;
  condition_op?: ConditionOp | null;
  condition_value?: string | null;
  /** N of M: the step completes when this many distinct assignees approved (1 or absent: the first). */
  required_approvals?: number | null;
  /** 'first' (or absent): the first refusal fails the step; 'quorum': once N can no longer be reached. */
  refusal?: 'first' | 'quorum' | null;
  /** A personal step: never delegated, nobody acts on its items for the assignee (docs/workflow.md "Four eyes"). */
  personal?: boolean | null;
}

/**
 * The people whose own document a task is (docs/workflow.md "Four eyes"): its sender and the
 * document's creator. They are never assigned one of its items, never act on one (for themselves
 * or for anyone), and are never anyone's delegate on it.
 */
export interface Owners {
  ids: number[];
}

const fourEyes = (message: string) => appError('ERR_FOUR_EYES', { message });

/** The sender and the creator (its `created_by` user name, if it names a user of the company) of a document. */
async function ownersOf(tx: DB, compcode: string, sender: number, createdBy: unknown): Promise<Owners> {
  const ids = new Set<number>([sender]);
  if (typeof createdBy === 'string' && createdBy) {
    const u = await tx.selectFrom('users as u').innerJoin('user_company as uc', 'uc.user_id', 'u.user_id').select('u.user_id').where('uc.compcode', '=', compcode).where('u.username', '=', createdBy.toLowerCase()).executeTakeFirst();
    if (u) ids.add(Number(u.user_id));
  }
  return { ids: [...ids] };
}

/** The approvals a step needs (N of M), at least 1. */
export const requiredApprovals = (step: StepSnapshot): number => Math.max(1, Math.trunc(Number(step.required_approvals ?? 1)) || 1);

/** Actions that count as an approval of a step (a review passes it on; a task is completed). */
const APPROVING = ['APPROVED', 'REVIEWED', 'COMPLETED'] as const;

export type ConditionOp = 'gte' | 'gt' | 'lte' | 'lt' | 'eq' | 'ne';
export const CONDITION_OPS: ConditionOp[] = ['gte', 'gt', 'lte', 'lt', 'eq', 'ne'];

/**
 * Whether a step applies to a document: a step without a condition always does; otherwise the
 * document's field is compared with the value (numbers as numbers, dates and text as text). A
 * condition naming no field of the entity, or with no operator, is a configuration error (409),
 * never silently skipped. An empty field satisfies only `ne`.
 */
function stepApplies(reg: Registry, entity: string, doc: Record<string, unknown>, step: StepSnapshot, workflow: string): boolean {
  const field = step.condition_field?.trim();
  if (!field) return true;
  const e = reg.entity(entity);
  const f = reg.field(e.name, field);
  const bad = (why: string) => appError('ERR_CONFLICT', { message: `Step ${step.seq} (${step.step_name}) of workflow ${workflow} ${why}: check the workflow configuration.` });
  if (!f || f.hidden) throw bad(`names '${field}', which is not a field of ${e.title}`);
  const op = step.condition_op;
  if (!op || !CONDITION_OPS.includes(op)) throw bad('has a condition without an operator');
  const raw = doc[field];
  if (raw === null || raw === undefined || raw === '') return op === 'ne';
  const expected = String(step.condition_value ?? '').trim();
  let cmp: number;
  if (f.type === 'integer' || f.type === 'decimal' || (f.type === 'enum' && typeof raw === 'number')) {
    const want = Number(expected);
    if (expected === '' || !Number.isFinite(want)) throw bad(`compares ${field} with '${expected}', which is not a number`);
    cmp = Number(raw) - want;
  } else {
    const have = f.type === 'date' ? String(raw).slice(0, 10) : typeof raw === 'boolean' ? (raw ? 'true' : 'false') : String(raw);
    cmp = have < expected ? -1 : have > expected ? 1 : 0;
  }
  switch (op) {
    case 'gte':
      return cmp >= 0;
    case 'gt':
      return cmp > 0;
    case 'lte':
      return cmp <= 0;
    case 'lt':
      return cmp < 0;
    case 'eq':
      return cmp === 0;
    case 'ne':
      return cmp !== 0;
  }
}

/** What the engine tells the outside world; the server turns it into websocket events. */
export interface WorkflowEvent {
  event: 'task_changed';
  compcode: string;
  user_id: number;
  data: Record<string, unknown>;
}

export interface WorkflowContext {
  db: DB;
  reg: Registry;
  ability: AppAbility;
  user: UserRef;
  /** Called inside the transaction (NOTIFY is delivered only if it commits). */
  emit?: (tx: DB, e: WorkflowEvent) => Promise<void>;
  /** Called inside the transaction when a task ends (plugin hooks of the document's entity). */
  onFinished?: (tx: DB, info: { entity: string; key: string; status: FinishedStatus; taskkey: number }) => Promise<void>;
  /** The moment the action is taken: now unless a replay (fixtures) dates it on the document's day. */
  now?: Date;
  /** The company's business date (decision 0122): queue dates and delegation periods are read against it. */
  today?: string;
  /** The client's address (HTTP): a signature's failed password or code is throttled on it. */
  ip?: string;
}

/** The day an action is taken on: the replayed moment's, else the company's business date, else today in UTC. */
function dayOf(ctx: WorkflowContext): string {
  return ctx.now ? todayIso(ctx.now) : (ctx.today ?? todayIso());
}

/**
 * The `onFinished` every caller gives: the document entity's `workflowFinished` plugin hooks, inside
 * the transaction (procurement derives its chain there), then, when the caller sends events
 * (`emit`), the company-wide events the plugins declare for that outcome (`bell.finished`).
 */
export function finishedHooks(plugins: PluginHost, hook: { reg: Registry; repo: Repository; user: UserRef; emit?: HookContext['emit'] }): NonNullable<WorkflowContext['onFinished']> {
  return async (tx, info) => {
    await plugins.run('workflowFinished', info.entity, { ...hook, db: tx, row: { key: info.key }, workflow: { status: info.status, taskkey: info.taskkey } });
    if (!hook.emit) return;
    for (const event of plugins.finishedEvents(info.entity, info.status)) {
      await hook.emit(tx, { event, compcode: hook.user.compcode, data: { entity: info.entity, key: info.key, statuswf: info.status } });
    }
  };
}

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

/** The status field of a document entity that declares `workflow:` in metadata (409 otherwise). */
function statusFieldOf(reg: Registry, entity: string): string {
  const e = reg.entity(entity);
  if (!e.workflow) throw appError('ERR_CONFLICT', { message: `${e.title} documents are not approved through a workflow.` });
  return e.workflow.status ?? 'statuswf';
}

async function resolveAssignees(tx: DB, compcode: string, step: StepSnapshot, requestorId: number, owners: Owners): Promise<number[]> {
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
async function withDelegates(tx: DB, compcode: string, userIds: number[], date: string, holding: number[], owners: Owners, personal: boolean): Promise<{ assignee: number; onBehalfOf: number | null }[]> {
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

async function assign(tx: DB, ctx: WorkflowContext, task: { taskkey: number; compcode: string; taskname: string; createdby: number; owners: Owners }, step: StepSnapshot, userIds: number[]): Promise<void> {
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

export interface SendInput {
  entity: string;
  key: string | number;
  workflow?: string;
  taskname: string;
  taskdetail?: string;
  route_name?: string;
  route_param?: string;
  pjxhdrkey?: number | null;
}

/** Sends a DRAFT (or REJECTED) document to its workflow: task 100, first step assigned. */
export async function send(ctx: WorkflowContext, input: SendInput): Promise<{ taskkey: number }> {
  const e = ctx.reg.entity(input.entity);
  const sf = statusFieldOf(ctx.reg, e.name);
  if (!ctx.ability.can('other', e.name)) throw appError('ERR_FORBIDDEN', { message: 'Sending to a workflow needs the O (other) permission on this screen.' });
  return inTransaction(ctx.db, async (tx) => {
    const stored = (await loose(tx)
      .selectFrom(`${e.table} as t`)
      .selectAll('t')
      .where(`t.${e.key}`, '=', input.key)
      .where(accessCondition(ctx.ability, 'other', e, ctx.reg, 't'))
      .forUpdate()
      .executeTakeFirst()) as Record<string, unknown> | undefined;
    if (!stored) throw appError('ERR_NOT_FOUND');
    const doc = { ...stored, key: stored[e.key], statuswf: String(stored[sf]), compcode: String(stored.compcode) };
    if (doc.statuswf !== STATUS.DRAFT && doc.statuswf !== STATUS.REJECTED) {
      throw appError('ERR_CONFLICT', { message: doc.statuswf === STATUS.ON_PROCESS ? 'This document is already on process.' : 'This document is already approved.' });
    }
    let defQ = tx.selectFrom('wf_definition').selectAll().where('compcode', '=', ctx.user.compcode).where('entity_name', '=', e.name).where('active', '=', true);
    if (input.workflow) defQ = defQ.where('name', '=', input.workflow);
    const def = await defQ.orderBy('wftypekey').executeTakeFirst();
    if (!def) throw appError('ERR_CONFLICT', { message: `No active workflow is configured for ${e.title} in this company.` });
    const defined = (await tx
      .selectFrom('wf_step')
      .select(['seq', 'step_name', 'assign_kind', 'assign_value', 'item_kind', 'deadline_hours', 'condition_field', 'condition_op', 'condition_value', 'required_approvals', 'refusal', 'personal'])
      .where('wftypekey', '=', def.wftypekey as number)
      .orderBy('seq')
      .execute()) as StepSnapshot[];
    if (defined.length === 0) throw appError('ERR_CONFLICT', { message: `The workflow ${String(def.name)} has no steps.` });
    // Conditional steps (e.g. by amount) are decided now: the document is frozen while on process.
    const steps = defined.filter((st) => stepApplies(ctx.reg, e.name, stored, st, String(def.name)));
    if (steps.length === 0) throw appError('ERR_CONFLICT', { message: `No step of the workflow ${String(def.name)} applies to this document: check the workflow configuration.` });
    const task = await tx
      .insertInto('wf_task')
      .values({
        compcode: ctx.user.compcode,
        wftypekey: def.wftypekey,
        wf_version: def.wf_version ?? 1,
        taskname: input.taskname.slice(0, 120),
        taskdetail: input.taskdetail?.slice(0, 500) ?? null,
        entity_name: e.name,
        record_key: String(doc.key),
        statuswf: STATUS.ON_PROCESS,
        current_step: steps[0].seq,
        createdby: ctx.user.user_id,
        createdon: (ctx.now ?? new Date()).toISOString(),
        route_name: input.route_name ?? def.route_name ?? null,
        route_param: input.route_param ?? null,
        pjxhdrkey: input.pjxhdrkey ?? null,
        steps_snapshot: JSON.stringify(steps),
        created_by: ctx.user.username,
      })
      .returning('taskkey')
      .executeTakeFirstOrThrow();
    const taskkey = Number(task.taskkey);
    await versionedUpdate(tx, e, doc.key as string, { [sf]: STATUS.ON_PROCESS }, { user: ctx.user, reason: 'send to workflow', extra: { taskkey } });
    const owners = await ownersOf(tx, ctx.user.compcode, ctx.user.user_id, stored.created_by);
    await assign(tx, ctx, { taskkey, compcode: ctx.user.compcode, taskname: input.taskname, createdby: ctx.user.user_id, owners }, steps[0], await resolveAssignees(tx, ctx.user.compcode, steps[0], ctx.user.user_id, owners));
    return { taskkey };
  });
}

/** Withdraws a document from its workflow while nobody has acted on it yet: back to DRAFT. */
export async function cancel(ctx: WorkflowContext, input: { entity: string; key: string | number }): Promise<void> {
  const e = ctx.reg.entity(input.entity);
  const sf = statusFieldOf(ctx.reg, e.name);
  if (!ctx.ability.can('other', e.name)) throw appError('ERR_FORBIDDEN');
  await inTransaction(ctx.db, async (tx) => {
    const doc = (await loose(tx)
      .selectFrom(`${e.table} as t`)
      .select([`t.${e.key} as key`, `t.${sf} as statuswf`])
      .where(`t.${e.key}`, '=', input.key)
      .where(accessCondition(ctx.ability, 'other', e, ctx.reg, 't'))
      .forUpdate()
      .executeTakeFirst()) as { key: unknown; statuswf: string } | undefined;
    if (!doc) throw appError('ERR_NOT_FOUND');
    if (doc.statuswf !== STATUS.ON_PROCESS) throw appError('ERR_CONFLICT', { message: 'Only a document on process can be withdrawn.' });
    const task = await tx
      .selectFrom('wf_task')
      .select(['taskkey', 'taskname'])
      .where('compcode', '=', ctx.user.compcode)
      .where('entity_name', '=', e.name)
      .where('record_key', '=', String(doc.key))
      .where('statuswf', '=', STATUS.ON_PROCESS)
      .forUpdate()
      .executeTakeFirst();
    if (!task) throw appError('ERR_NOT_FOUND');
    const acted = await tx.selectFrom('wf_assignment').select('taskassignkey').where('taskkey', '=', task.taskkey as number).where('actiontake', 'is not', null).executeTakeFirst();
    if (acted) throw appError('ERR_CONFLICT', { message: 'Someone has already acted on this document; it can no longer be withdrawn.' });
    const open = await tx.selectFrom('wf_assignment').select(['assignee']).where('taskkey', '=', task.taskkey as number).execute();
    await tx.deleteFrom('wf_assignment').where('taskkey', '=', task.taskkey as number).execute();
    await versionedUpdate(tx, ctx.reg.entity('wf_task'), task.taskkey as number, { statuswf: STATUS.DRAFT }, { user: ctx.user, reason: 'withdraw from workflow' });
    await versionedUpdate(tx, e, doc.key as string, { [sf]: STATUS.DRAFT }, { user: ctx.user, reason: 'withdraw from workflow', extra: { taskkey: task.taskkey } });
    for (const a of open) await ctx.emit?.(tx, { event: 'task_changed', compcode: ctx.user.compcode, user_id: Number(a.assignee), data: { taskkey: task.taskkey, reason: 'withdrawn' } });
  });
}

/** Whether the user may act for someone else (delegation): U on the workflow configuration. */
export function mayActForOthers(ability: AppAbility): boolean {
  return ability.can('update', 'wf_definition');
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
    // Locks in one order, document → task → assignment (decision 0230): simultaneous actions on
    // one task queue on the document row, so they never deadlock; the later ones then find their
    // item or the task already decided (409) and change nothing.
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
    const now = (ctx.now ?? new Date()).toISOString();
    const wfAssignment = ctx.reg.entity('wf_assignment');
    const wfTask = ctx.reg.entity('wf_task');
    await versionedUpdate(
      tx,
      wfAssignment,
      asg.taskassignkey as number,
      { actiontake: action, action_by: ctx.user.user_id, message: comment, completeddate: now, ...(action === 'PENDING' ? { postponed: true, postuntil: String(input.postuntil).slice(0, 10) } : {}) },
      { user: ctx.user, before: asg, reason: action },
    );
    const info = { taskkey: Number(task.taskkey), compcode: String(task.compcode), taskname: String(task.taskname), createdby: Number(task.createdby), owners };
    const e = ctx.reg.entity(String(task.entity_name));
    const setDoc = async (status: string) => {
      const stored = await loose(tx).selectFrom(e.table).selectAll().where(e.key, '=', String(task.record_key)).where('compcode', '=', info.compcode).forUpdate().executeTakeFirst();
      if (stored) await versionedUpdate(tx, e, String(task.record_key), { [e.workflow?.status ?? 'statuswf']: status }, { user: ctx.user, before: stored, reason: `workflow ${action}`, extra: { taskkey: info.taskkey } });
      await versionedUpdate(tx, wfTask, info.taskkey, { statuswf: status }, { user: ctx.user, before: task, reason: `workflow ${action}` });
      await ctx.onFinished?.(tx, { entity: e.name, key: String(task.record_key), status: status as FinishedStatus, taskkey: info.taskkey });
      await ctx.emit?.(tx, { event: 'task_changed', compcode: info.compcode, user_id: Number(task.createdby), data: { taskkey: info.taskkey, statuswf: status, reason: 'finished' } });
    };
    // Other open assignments of the same step (a team, a position) close with this action.
    const siblings = await tx
      .selectFrom('wf_assignment')
      .select(['taskassignkey', 'assignee'])
      .where('taskkey', '=', info.taskkey)
      .where('step_seq', '=', step.seq)
      .where('completeddate', 'is', null)
      .execute();
    const closeSiblings = async () => {
      for (const sib of siblings) {
        await versionedUpdate(tx, wfAssignment, sib.taskassignkey as number, { actiontake: action, action_by: ctx.user.user_id, message: `Closed: ${action.toLowerCase()} by ${ctx.user.username}`, completeddate: now }, { user: ctx.user, reason: `closed with ${action}` });
        await ctx.emit?.(tx, { event: 'task_changed', compcode: info.compcode, user_id: Number(sib.assignee), data: { taskkey: info.taskkey, reason: 'closed' } });
      }
    };
    // N of M: the distinct people who approved this step so far (this action included), never
    // the assignees one person acted for.
    const need = requiredApprovals(step);
    const approvedBy = async () =>
      need === 1
        ? 1
        : Number(
            (
              await tx
                .selectFrom('wf_assignment')
                .select(sql<number>`count(distinct action_by)`.as('n'))
                .where('taskkey', '=', info.taskkey)
                .where('step_seq', '=', step.seq)
                .where('actiontake', 'in', [...APPROVING])
                .executeTakeFirstOrThrow()
            ).n,
          );
    let status: string = STATUS.ON_PROCESS;
    switch (action) {
      case 'APPROVED':
      case 'REVIEWED':
      case 'COMPLETED': {
        // the step stays open for the others until N distinct assignees approved
        if ((await approvedBy()) < need) break;
        await closeSiblings();
        const next = steps[stepIdx + 1];
        if (next) {
          await versionedUpdate(tx, wfTask, info.taskkey, { current_step: next.seq }, { user: ctx.user, before: task, reason: `step ${step.seq} ${action}` });
          await assign(tx, ctx, info, next, await resolveAssignees(tx, info.compcode, next, Number(task.createdby), owners));
        } else {
          status = STATUS.APPROVED;
          await setDoc(status);
        }
        break;
      }
      case 'REJECTED':
        // 'quorum': a refusal fails the step only once N approvals can no longer be reached
        if (need > 1 && step.refusal === 'quorum' && (await approvedBy()) + siblings.length >= need) break;
        await closeSiblings();
        status = STATUS.REJECTED;
        await setDoc(status);
        break;
      case 'ROUTING': {
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
        if (owners.ids.includes(Number(target.user_id))) throw appError('ERR_VALIDATION', { errors: [{ path: '/routeToUser', message: 'sent or created this document (nobody approves their own document)' }] });
        if (need > 1 && siblings.some((sib) => Number(sib.assignee) === Number(target.user_id))) {
          throw appError('ERR_VALIDATION', { errors: [{ path: '/routeToUser', message: 'already holds an item of this step (each approval of the step is by another person)' }] });
        }
        await assign(tx, ctx, info, step, [Number(target.user_id)]);
        break;
      }
      case 'PENDING':
        // Queued: the same person gets the same step back, hidden from the lists until the date.
        await tx
          .insertInto('wf_assignment')
          .values({ compcode: info.compcode, taskkey: info.taskkey, step_seq: step.seq, assignee: asg.assignee, on_behalf_of: asg.on_behalf_of ?? null, assigndate: now, deadline: null, postponed: true, postuntil: String(input.postuntil).slice(0, 10), created_by: ctx.user.username })
          .execute();
        break;
    }
    await ctx.emit?.(tx, { event: 'task_changed', compcode: info.compcode, user_id: Number(asg.assignee), data: { taskkey: info.taskkey, reason: action } });
    return { success: 1, message: `${action} saved`, statuswf: status };
  });
}

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
