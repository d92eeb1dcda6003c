/**
 * What every workflow operation runs with: the database, the registry, the user and their ability,
 * the events it tells the outside world (`emit`, delivered only if the transaction commits), the
 * plugins' hooks when a task ends (`finishedHooks`), and the day it is taken on.
 *
 *   const ctx: WorkflowContext = { db, reg, ability, user, emit, onFinished: finishedHooks(plugins, { reg, repo, user, emit }) };
 */
import type { DB } from '../db/database.ts';
import type { AppAbility } from '../access/ability.ts';
import { appError } from '../errors.ts';
import type { Registry } from '../metadata/registry.ts';
import type { Repository, UserRef } from '../crud/repository.ts';
import type { HookContext, PluginHost } from '../plugins/host.ts';
import type { FinishedStatus } from './status.ts';
import { todayIso } from '../values/dates.ts';

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
export function dayOf(ctx: WorkflowContext): string {
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

/** The status field of a document entity that declares `workflow:` in metadata (409 otherwise). */
export function statusFieldOf(reg: Registry, entity: string): string {
  const e = reg.entity(entity);
  if (!e.workflow) throw appError('ERR_CONFLICT', { message: `${e.title} documents are not approved through a workflow.` });
  return e.workflow.status ?? 'statuswf';
}
