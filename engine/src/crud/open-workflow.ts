import type { DB } from '../db/database.ts';
import { appError } from '../errors.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import { STATUS } from '../workflow/status.ts';

/**
 * A document with a workflow task in flight is not deleted, whatever its own lifecycle says: the
 * task could otherwise still be approved afterwards.
 */
export async function refuseOpenWorkflow(tx: DB, reg: Registry, e: EntityDef, key: string | number): Promise<void> {
  if (!e.fields.some((f) => f.name === 'statuswf') || !reg.entities.has('wf_task')) return;
  const open = await tx
    .selectFrom('wf_task')
    .select('taskkey')
    .where('entity_name', '=', e.name)
    .where('record_key', '=', String(key))
    .where('statuswf', '=', STATUS.ON_PROCESS)
    .executeTakeFirst();
  if (open) throw appError('ERR_LOCKED', { message: `This ${e.title} is on process in a workflow: withdraw it from the workflow before deleting it.`, extra: { kind: 'delete' } });
}
