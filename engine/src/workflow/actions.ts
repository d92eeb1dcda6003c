/**
 * The actions every document declaring `workflow:` in metadata gets from the engine, with no plugin
 * code: `send_<entity>` (Send to Workflow) and `cancel_<entity>` (Cancel Sending, while nobody has
 * acted). They run through the one action runner like any action (letter O unless the screen says
 * otherwise). A plugin's `beforeSend` hook on the entity checks the document first (procurement:
 * the award's reason, the order's total) and may set the fields the workflow's conditions read.
 *
 *   entities:
 *     - name: purchase_request
 *       workflow: { lines: lines, detail: [registration] }
 *   forms: … actions: [{ name: send_purchase_request, label: Send to Workflow, row: true }]
 */
import { appError } from '../errors.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import { inTransaction } from '../crud/repository.ts';
import type { ActionContext, PluginAction } from '../plugins/host.ts';
import { cancel } from './cancel.ts';
import { send } from './send.ts';
import { amountText } from '../values/money.ts';

type Row = Record<string, unknown>;
type Workflow = NonNullable<EntityDef['workflow']>;

/**
 * The task's name: the title (or the title its field's value picks) and the document number: the
 * numbering's field, else the field the entity is displayed by (an authorisation's auth_no), as
 * every screen names it; the key only for a document with neither.
 */
function taskName(e: EntityDef, doc: Row): string {
  const wf = e.workflow as Workflow;
  const by = wf.titleBy ? wf.titleBy.values[String(doc[wf.titleBy.field])] : undefined;
  const shown = e.display && doc[e.display] !== null && doc[e.display] !== undefined && doc[e.display] !== '' ? doc[e.display] : doc[e.key];
  const number = e.numbering ? doc[e.numbering.field] : shown;
  return `${by ?? wf.title ?? e.title} ${String(number)}`;
}

/** "3 line(s) for PK-GTB, USD 12,500.00 — remark": what an approver sees in the task list. */
function taskDetail(e: EntityDef, doc: Row): string {
  const wf = e.workflow as Workflow;
  const parts: string[] = [];
  if (wf.lines) parts.push(`${((doc[wf.lines] as unknown[] | undefined) ?? []).length} line(s)`);
  for (const name of wf.detail ?? []) {
    const v = doc[name];
    if (v === null || v === undefined || v === '') continue;
    const f = e.fields.find((x) => x.name === name);
    if (f?.type === 'decimal') parts.push(`${doc.currency ? `${String(doc.currency)} ` : ''}${amountText(Number(v))}`);
    else parts.push(`for ${String(v)}`);
  }
  const remark = doc.remark ? ` — ${String(doc.remark).slice(0, 300)}` : '';
  return `${parts.join(', ')}${remark}`.slice(0, 500);
}

/** `send_<entity>` (metadata `run: engine#send`): the document, checked and locked, sent to its company's workflow. */
export async function sendDocument(ctx: ActionContext, entity: string, key: string | number | undefined): Promise<{ success: number; message: string; taskkey: number }> {
  // the engine's send writes the document's audit row ('send to workflow') itself
  return inTransaction(ctx.db, async (tx) => {
    const stored = await ctx.repo.get({ db: tx, ability: ctx.ability }, entity, key, { action: ctx.permission ?? 'other', lock: true });
    const e = ctx.reg.entity(entity);
    const wf = e.workflow as Workflow;
    let doc = stored;
    if (wf.lines && ((doc[wf.lines] as unknown[] | undefined) ?? []).length === 0) {
      throw appError('ERR_VALIDATION', { message: 'A document needs at least one line before it is sent.' });
    }
    if (ctx.plugins.has('beforeSend', entity)) {
      await ctx.plugins.run('beforeSend', entity, { db: tx, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit, row: doc, asOf: ctx.asOf });
      doc = await ctx.repo.get({ db: tx, ability: ctx.ability }, entity, doc[e.key], { action: 'other' });
    }
    const { taskkey } = await send(
      // a replayed document (fixtures) is sent on its day, in the morning (UTC)
      { db: tx, reg: ctx.reg, ability: ctx.ability, user: ctx.user, emit: ctx.emit, ...(ctx.replayed && ctx.asOf ? { now: new Date(`${ctx.asOf}T08:00:00.000Z`) } : { today: ctx.asOf }) },
      { entity, key: doc[e.key] as string | number, taskname: taskName(e, doc), taskdetail: taskDetail(e, doc), route_name: 'app.approvalfrm' },
    );
    const number = e.numbering ? doc[e.numbering.field] : doc[e.key];
    return { success: 1, message: `${String(number)} sent for approval`, taskkey };
  });
}

/** `cancel_<entity>` (metadata `run: engine#cancel`): the sending withdrawn while nobody has acted. */
export async function cancelSending(ctx: ActionContext, entity: string, key: string | number | undefined): Promise<{ success: number; message: string }> {
  await cancel({ db: ctx.db, reg: ctx.reg, ability: ctx.ability, user: ctx.user, emit: ctx.emit }, { entity, key: key as string | number });
  return { success: 1, message: 'Sending cancelled' };
}

/**
 * The engine's action functions by the name metadata gives them after `engine#` (`run: engine#send`),
 * checked at start against the action each `send_`/`cancel_` entry names (engine/src/metadata/action-handlers.ts).
 */
export const ENGINE_HANDLERS = { send: sendDocument, cancel: cancelSending } as const;

function sendAction(entity: string): PluginAction {
  return { entity, handler: sendDocument, run: (ctx, input) => sendDocument(ctx, entity, input.key) };
}

function cancelAction(entity: string): PluginAction {
  return { entity, handler: cancelSending, run: (ctx, input) => cancelSending(ctx, entity, input.key) };
}

/** send_<entity> and cancel_<entity> for every entity declaring `workflow:`. */
export function workflowActions(reg: Registry): Record<string, PluginAction> {
  const out: Record<string, PluginAction> = {};
  for (const e of reg.entities.values()) {
    if (!e.workflow) continue;
    out[`send_${e.name}`] = sendAction(e.name);
    out[`cancel_${e.name}`] = cancelAction(e.name);
  }
  return out;
}
