/**
 * Withdrawing a document from its workflow (docs/workflow.md "State table"): only while on process and
 * before anybody acted on it; its open assignments are removed, the task and the document go back
 * to DRAFT (versioned, audited), and each assignee is told. One transaction.
 *
 *   await cancel(ctx, { entity: 'material_request', key: 12 });
 */
import { loose } from '../db/loose.ts';
import { accessCondition } from '../access/compile.ts';
import { appError } from '../errors.ts';
import { inTransaction } from '../crud/repository.ts';
import { versionedUpdate } from '../crud/versioned.ts';
import { STATUS } from './status.ts';
import { statusFieldOf, type WorkflowContext } from './context.ts';

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
