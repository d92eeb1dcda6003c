/**
 * Sending a document to its workflow (docs/workflow.md "State table"), in one transaction:
 *
 * 1. the user needs O (other) on the entity, and the document must be one they may see (404);
 * 2. it must be DRAFT or REJECTED (409 otherwise), and locked while it is sent;
 * 3. the company's active workflow for the entity (or the one named) and its steps are read, and the
 *    conditional steps decided now (the document is frozen while on process): no step left is a 409;
 * 4. the task (100 ON PROCESS) is written with the snapshot of its steps, the document's status
 *    follows (versioned, audited), and the first step is assigned (engine/src/workflow/assignees.ts).
 *
 *   const { taskkey } = await send(ctx, { entity: 'material_request', key: 12, taskname: 'MR-2026-00012' });
 */
import { loose } from '../db/loose.ts';
import { accessCondition } from '../access/compile.ts';
import { appError } from '../errors.ts';
import { inTransaction } from '../crud/repository.ts';
import { versionedUpdate } from '../crud/versioned.ts';
import { STATUS } from './status.ts';
import { statusFieldOf, type WorkflowContext } from './context.ts';
import { stepApplies, type StepSnapshot } from './steps.ts';
import { assign, ownersOf, resolveAssignees } from './assignees.ts';

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
