import { appError } from '../errors.ts';
import type { EntityDef } from '../metadata/registry.ts';

type Row = Record<string, unknown>;

/**
 * A document approved through a workflow: its status is the workflow engine's, never written by a
 * generic create or update (the form sends it back unchanged; a different value is refused, 409).
 */
export function assertWorkflowStatus(e: EntityDef, body: Row, current: Row): void {
  if (e.workflow) {
    const sf = e.workflow.status ?? 'statuswf';
    const given = body[sf];
    if (given !== undefined && given !== null && String(given) !== String(current[sf])) {
      throw appError('ERR_CONFLICT', { message: 'The approval status changes only through its workflow (Send to Workflow, then approval or rejection).' });
    }
  }
  // a state the document's actions move (`setBy: actions`, a work order's progress): the same rule
  for (const f of e.fields) {
    if (f.setBy !== 'actions') continue;
    const given = body[f.name];
    if (given === undefined || given === null || String(given) === String(current[f.name] ?? f.default)) continue;
    throw appError('ERR_CONFLICT', { message: `The ${e.title ?? e.name}'s ${String(f.label ?? f.name)} changes only through its actions, never by editing it.` });
  }
}
