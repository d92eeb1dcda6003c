/**
 * The workflow engine's context for a request: events go out through NOTIFY inside the action's
 * transaction, and a finished workflow runs the document entity's plugin hooks and sends the
 * events the plugins declare for it (engine/src/workflow/context.ts finishedHooks).
 */
import { finishedHooks, type WorkflowContext } from '../../engine/src/workflow/context.ts';
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import { dateIn, isTimeZone } from '../../engine/src/crud/business-date.ts';
import type { Services } from './services.ts';
import type { RequestAuth } from './auth/session.ts';
import { publish } from './realtime/events.ts';

/** The active company's business date, from the company row the request already holds (decision 0122). */
function businessDayOf(a: RequestAuth): string {
  const zone = String((a.company as { timezone?: unknown }).timezone ?? 'UTC');
  return dateIn(isTimeZone(zone) ? zone : 'UTC');
}

export function workflowContext(s: Services, a: RequestAuth, ip?: string): WorkflowContext {
  return {
    ...(ip ? { ip } : {}),
    db: s.database.db,
    reg: s.reg,
    ability: a.ability,
    user: a.ref,
    today: businessDayOf(a),
    emit: (tx, e) => publish(tx, e),
    onFinished: finishedHooks(s.plugins, { reg: s.reg, repo: s.repo, user: a.ref, emit: (tx, e) => publish(tx, e) }),
  };
}

/**
 * The context a plugin action runs with for a request (the data calls and the spec's calls alike):
 * its business date comes from the company row of the request, so the runner reads no row for it.
 */
export function actionContext(s: Services, a: RequestAuth, ip?: string): ActionContext {
  return { ...(ip ? { ip } : {}), db: s.database.db, reg: s.reg, repo: s.repo, plugins: s.plugins, ability: a.ability, user: a.ref, emit: (tx, e) => publish(tx, e), asOf: businessDayOf(a) };
}
