/**
 * What a signature will record, before it is given (issue 34 point 1, decision 0316): the
 * signature dialog asks it of the server so the signer sees the document, its text, the aircraft
 * and the hours and cycles that will be recorded, and the authorisation it is given under, as the
 * signing function will read them, not as a list row happened to show them.
 *
 *   const p = await previewAction(ctx, { entity: 'work_order_task', name: 'sign_card_performed', key: 71 });
 *   // { action, label, document, items, authorisation, signer, refusal }
 *
 * The same checks as the action runner (engine/src/crud/run-action.ts) up to the signature: the
 * action registered for the entity and offered by a screen as a signature (else 404), its letter
 * on the entity (403), the row one the user may see in the active company (404). It writes
 * nothing: the plugin's `preview` reads inside a transaction and its answer is the only outcome.
 * An action without a preview of its own answers the record as it is displayed (its entity's
 * title and display field).
 */
import { LETTER_ACTION, type Letter } from '../access/ability.ts';
import { appError, isAppError } from '../errors.ts';
import type { EntityDef } from '../metadata/registry.ts';
import type { ActionContext, SignaturePreview } from '../plugins/host.ts';
import { inTransaction } from './repository.ts';
import { businessDate } from './business-date.ts';

export interface ActionPreview extends SignaturePreview {
  action: string;
  label: string;
  /** The signer (always the caller: a signature is never given for someone). */
  signer: { user_id: number; name: string };
}

export async function previewAction(ctx: ActionContext, call: { entity: string; name: string; key?: string | number }): Promise<ActionPreview> {
  const action = ctx.plugins.action(call.name);
  if (!action || action.entity !== call.entity) throw appError('ERR_ROUTE_NOT_FOUND');
  const declared = ctx.reg
    .screensOfEntity(call.entity)
    .flatMap((sc) => (sc.kind === 'list' || sc.kind === 'form' ? sc.actions : []))
    .find((a) => a.name === call.name);
  // only a signature has a preview: any other action is confirmed by its own words
  if (!declared?.signature) throw appError('ERR_ROUTE_NOT_FOUND');
  const permission = LETTER_ACTION[((declared.letter as Letter | undefined) ?? 'O')];
  if (!ctx.ability.can(permission, call.entity)) throw appError('ERR_FORBIDDEN');
  if (declared.row && (call.key === undefined || call.key === null || call.key === '')) throw appError('ERR_VALIDATION', { errors: [{ path: '/key', message: 'choose the record to sign' }] });
  return inTransaction(ctx.db, async (tx) => {
    const row = call.key === undefined ? undefined : await ctx.repo.get({ db: tx, ability: ctx.ability }, call.entity, call.key);
    const inner: ActionContext = { ...ctx, db: tx, permission: permission === 'create' ? 'read' : permission, asOf: ctx.asOf ?? (await businessDate(tx, ctx.user.compcode)) };
    const u = await tx.selectFrom('users').select(['full_name', 'username']).where('user_id', '=', ctx.user.user_id).executeTakeFirst();
    const signer = { user_id: ctx.user.user_id, name: String(u?.full_name || u?.username || ctx.user.username) };
    if (action.preview) return { action: call.name, label: String(declared.label ?? call.name), signer, ...(await action.preview(inner, { key: call.key })) };
    const e = ctx.reg.entity(call.entity);
    const shown = row && e.display ? row[e.display] : call.key;
    return { action: call.name, label: String(declared.label ?? call.name), signer, document: `${e.title ?? e.name}${shown === undefined ? '' : ` ${String(shown)}`}`, items: [], authorisation: null, refusal: null };
  });
}

/**
 * The words of a refusal a preview shows (`SignaturePreview.refusal`): an action's own refusal as it
 * would say it, each field error with its field's label ("Reason: is required before approval …").
 * Anything that is not a refusal (a database error) is thrown on, never shown as one.
 */
export function refusalOf(err: unknown, e?: EntityDef): string {
  if (!isAppError(err)) throw err;
  if (!err.errors?.length) return err.message;
  return err.errors
    .map((x) => {
      const name = /^\/([^/]+)$/.exec(x.path)?.[1];
      const label = name ? e?.fields.find((f) => f.name === name)?.label : undefined;
      return label ? `${label}: ${x.message}` : x.message;
    })
    .join('; ');
}
