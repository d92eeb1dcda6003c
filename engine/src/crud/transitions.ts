/**
 * The runner's half of a declared lifecycle (metadata/states.ts, decision 0405): an action that
 * is a transition of its entity is refused from any state but its `from` states, then by its
 * guards (Plugin.guards, in order), before it runs; nothing is changed.
 *
 *   transitionRefusal(reg, plugins, 'work_order', 'start_work_order', row)
 *   // → AppError 409 ERR_STATE "This work order is Closed: Start Work is offered only when it is Released for work."
 *   //   AppError 409 ERR_CONFLICT with a guard's words, or null
 */
import { appError, type AppError } from '../errors.ts';
import type { EntityDef, Registry, TransitionDef } from '../metadata/registry.ts';
import { enumLabel } from '../metadata/labels.ts';
import type { PluginHost } from '../plugins/host.ts';

type Row = Readonly<Record<string, unknown>>;

/** The entity's transition that this action is, if it is one. */
export function transitionOf(reg: Registry, entity: string, action: string): TransitionDef | undefined {
  return reg.entities.get(entity)?.states?.transitions.find((t) => t.action === action);
}

/** "Work Order" → "work order", "AMO Work Order" → "AMO work order": a title read inside a sentence. */
function inSentence(title: string): string {
  return title
    .split(' ')
    .map((w) => (/^[A-Z][a-z]/.test(w) ? w.toLowerCase() : w))
    .join(' ');
}

/** The label the screens give the action (its name when none offers it). */
function actionLabel(reg: Registry, entity: string, action: string): string {
  for (const sc of reg.screensOfEntity(entity)) {
    if (sc.kind !== 'list' && sc.kind !== 'form') continue;
    const a = sc.actions.find((x) => x.name === action);
    if (a?.label) return a.label;
  }
  return action;
}

function either(labels: string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

/** The state refusal's words: "This work order is Closed: Start Work is offered only when it is Released for work." */
export function stateMessage(reg: Registry, e: EntityDef, t: TransitionDef, row: Row): string {
  const field = e.states?.field ?? '';
  const raw = row[field];
  const now = raw === null || raw === undefined || raw === '' ? 'without a state' : enumLabel(e, field, raw);
  const from = either(t.from.map((s) => enumLabel(e, field, s)));
  return `This ${inSentence(e.title ?? e.name)} is ${now}: ${actionLabel(reg, e.name, t.action)} is offered only when it is ${from}.`;
}

/** Why this transition is refused on the row (its state, then its guards), or null when it may run. */
export function transitionRefusal(reg: Registry, plugins: PluginHost, entity: string, action: string, row: Row): AppError | null {
  const t = transitionOf(reg, entity, action);
  const e = reg.entities.get(entity);
  if (!t || !e?.states) return null;
  if (!t.from.includes(String(row[e.states.field]))) return appError('ERR_STATE', { message: stateMessage(reg, e, t, row), extra: { state: row[e.states.field] ?? null, from: t.from } });
  for (const name of t.guards) {
    const guard = plugins.guard(name);
    // the start refuses a metadata naming a guard no plugin supplies (PluginHost.checkActions)
    if (!guard) throw new Error(`guard '${name}' of ${entity}.${action} is not supplied by any plugin`);
    const words = guard(row);
    if (words) return appError('ERR_CONFLICT', { message: words, extra: { guard: name } });
  }
  return null;
}
