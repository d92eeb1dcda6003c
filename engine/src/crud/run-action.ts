/**
 * The one way an action runs (post, reverse, send, convert, close, grant …), for the data routes,
 * the spec's own calls, the fixture loader and plugins calling each other alike:
 *
 *   await runAction(ctx, { entity: 'inventory_receipt', name: 'post_inventory_receipt', key: 12, body: {} });
 *
 * 1. the action must be registered for the entity (else 404, as an unknown route);
 * 2. its letter is the one metadata declares where a screen of the entity offers it (`letter`,
 *    default O: the spec's "other"; every screen offering it declares the same letter, checked at
 *    load), and the user must hold it on the entity (else 403);
 * 3. a row action's row must be one the user may see in the active company (else 404): read
 *    first, or, for an action that declares `document: true`, by documentAction's locked read of
 *    the row (the same statement that reads it for the action);
 * 4. it runs on the company's business date (`ctx.asOf`, engine/src/crud/business-date.ts) unless the
 *    caller gives one, in one transaction (the caller's when there is one); `documentAction` inside it reads
 *    and locks the document for the declared letter and writes the audit row; events published
 *    with `ctx.emit` go out only if the transaction commits;
 * 5. an action that is a transition of the entity's declared lifecycle (metadata/states.ts,
 *    decision 0405) runs only from its `from` states and past its guards: the row, once seen, is
 *    locked and read, and any other state is refused with the document's state in words (409
 *    ERR_STATE), a guard with its own (409 ERR_CONFLICT), before anything is written.
 *
 * A certifying signature (`signature: true` where a screen offers the action) is given only by
 * its signer present: before the transaction the body's `password` and, where the company
 * requires it, `otp` are checked by `confirmSigner` (engine/src/auth/signer.ts, decision 0301)
 * once the row is known to be one the user may see (404 first), and the action gets the body
 * without them.
 *
 * `save` (the screen's unsaved edits of the row) is written by the repository's update inside the
 * same transaction, before the action (decision 0375): a refusal of either leaves nothing written.
 *
 * `offered: true` (HTTP) also requires that some screen offers the action: an action no screen
 * offers is not callable from outside.
 */
import { LETTER_ACTION, type Letter } from '../access/ability.ts';
import { appError } from '../errors.ts';
import type { Action as ScreenAction } from '../metadata/types.gen.ts';
import type { Registry } from '../metadata/registry.ts';
import type { ActionContext } from '../plugins/host.ts';
import { inTransaction } from './repository.ts';
import { businessDate } from './business-date.ts';
import { confirmSigner, withoutSignerFields } from '../auth/signer.ts';
import { loose } from '../db/loose.ts';
import type { DB } from '../db/database.ts';
import { transitionOf, transitionRefusal } from './transitions.ts';

export interface ActionCall {
  entity: string;
  name: string;
  key?: string | number;
  body?: Record<string, unknown>;
  /**
   * The row's unsaved edits (a PUT body with its `version`): saved in the action's own transaction
   * before the action runs, so the action sees what the screen shows and a refused action leaves
   * nothing saved (decision 0375). Only on a row action, and only as the repository's update allows
   * (the U letter, the row's state, the version read).
   */
  save?: Record<string, unknown>;
}

/** The letter an action needs when no screen declares one: O, "other" (decision 0120). */
const DEFAULT_ACTION_LETTER: Letter = 'O';

/** The screen actions of the entity offering `name` (the same letter everywhere, see metadata checks). */
function declaredAction(reg: Registry, entity: string, name: string): ScreenAction | undefined {
  for (const sc of reg.screensOfEntity(entity)) {
    if (sc.kind !== 'list' && sc.kind !== 'form') continue;
    const a = sc.actions.find((x) => x.name === name);
    if (a) return a;
  }
  return undefined;
}

/** Whether the action is a certifying signature (`signature: true` where a screen offers it). */
export function isSignatureAction(reg: Registry, entity: string, name: string): boolean {
  return Boolean(declaredAction(reg, entity, name)?.signature);
}

export async function runAction(ctx: ActionContext, call: ActionCall, opts: { offered?: boolean } = {}): Promise<unknown> {
  const action = ctx.plugins.action(call.name);
  if (!action || action.entity !== call.entity) throw appError('ERR_ROUTE_NOT_FOUND');
  const declared = declaredAction(ctx.reg, call.entity, call.name);
  if (opts.offered && !declared) throw appError('ERR_ROUTE_NOT_FOUND');
  const permission = LETTER_ACTION[(declared?.letter as Letter | undefined) ?? DEFAULT_ACTION_LETTER];
  if (!ctx.ability.can(permission, call.entity)) throw appError('ERR_FORBIDDEN');
  let body = call.body ?? {};
  if (call.save !== undefined && call.key === undefined) throw appError('ERR_BAD_REQUEST', { message: 'Only an action on one record saves its edits (save needs key).' });
  if (declared?.signature) {
    // a signature signs the record as saved and previewed (decision 0316), never edits sent with it
    if (call.save !== undefined) throw appError('ERR_BAD_REQUEST', { message: 'A signature signs the record as it is saved and previewed: save its edits first, then sign.' });
    // another company's row is not found before a password is asked for it
    if (call.key !== undefined) await ctx.repo.get({ db: ctx.db, ability: ctx.ability }, call.entity, call.key);
    await confirmSigner(ctx.db, { user: ctx.user, ip: ctx.ip }, body);
    body = withoutSignerFields(body);
  }
  return inTransaction(ctx.db, async (tx) => {
    // a C action (making a new document from this one) reads its source document
    const inner: ActionContext = { ...ctx, db: tx, permission: permission === 'create' ? 'read' : permission, asOf: ctx.asOf ?? (await businessDate(tx, ctx.user.compcode)), readCheck: undefined };
    // a row action's row must be one the user may see (another company's is not found): read here,
    // or, for an action framed by documentAction, in that frame's locked read of the row
    const seeRow = () => ctx.repo.get({ db: tx, ability: ctx.ability }, call.entity, call.key);
    const inFrame = Boolean(action.document) && call.key !== undefined;
    // the screen's edits first, as its Save would write them, in this transaction (decision 0375)
    if (call.save !== undefined) await ctx.repo.update({ db: tx, ability: ctx.ability, user: ctx.user }, call.entity, call.key, call.save);
    if ((declared?.row || call.key !== undefined) && !inFrame) await seeRow();
    if (call.key !== undefined && transitionOf(ctx.reg, call.entity, call.name)) {
      if (inFrame) await seeRow();
      await assertTransition(ctx, tx, call);
    }
    if (inFrame) {
      if (!ctx.ability.can('read', call.entity)) throw appError('ERR_FORBIDDEN');
      inner.readCheck = { entity: call.entity, key: call.key as string | number, done: false };
    }
    const result = await action.run(inner, { key: call.key, body });
    if (inner.readCheck && !inner.readCheck.done) await seeRow();
    return result;
  });
}

/** Step 5: the transition's row, locked, in one of its `from` states and past its guards (else 409, nothing written). */
async function assertTransition(ctx: ActionContext, tx: DB, call: ActionCall): Promise<void> {
  const e = ctx.reg.entity(call.entity);
  const row = await loose(tx).selectFrom(e.table).selectAll().where(e.key, '=', call.key as string | number).forUpdate().executeTakeFirst();
  if (!row) throw appError('ERR_NOT_FOUND');
  const refused = transitionRefusal(ctx.reg, ctx.plugins, call.entity, call.name, row as Record<string, unknown>);
  if (refused) throw refused;
}
