/**
 * The workflow engine's context for a request: events go out through NOTIFY inside the action's
 * transaction, and a finished workflow runs the document entity's plugin hooks.
 */
import type { WorkflowContext } from '../../engine/src/workflow/engine.ts';
import type { Services } from './services.ts';
import type { RequestAuth } from './auth/session.ts';
import { publish } from './realtime/events.ts';

export function workflowContext(s: Services, a: RequestAuth): WorkflowContext {
  return {
    db: s.database.db,
    reg: s.reg,
    ability: a.ability,
    user: a.ref,
    emit: (tx, e) => publish(tx, e),
    onFinished: async (tx, info) => {
      await s.plugins.run('workflowFinished', info.entity, { db: tx, user: a.ref, row: { key: info.key }, workflow: { status: info.status, taskkey: info.taskkey } });
    },
  };
}
