/**
 * The frame of every plugin action on one document (post, reverse, close a line, convert, …):
 * one transaction (or the caller's), the document read through the access compiler for the
 * action's permission, locked (`FOR UPDATE`) with its lines, the plugin's work, and an audit row
 * naming the action (with the work's own audit rows handed to the frame, in one insert). Another company's document, or one the user may not act on, is "not found".
 *
 *   return documentAction(ctx, { entity: 'inventory_issue', key, name: 'post' }, async (tx, doc) => {
 *     if (Number(doc.posted) === 1) throw appError('ERR_CONFLICT', { message: 'Already posted.' });
 *     … write ledger rows …
 *     await ctx.repo.patch(tx, ctx.user, 'inventory_issue', doc.issuekey, { posted: 1 }, { reason: 'post', before: doc });
 *     return { success: 1, message: `${doc.issueno} posted` };
 *   });
 */
import type { DB } from '../db/database.ts';
import type { ActionContext, RowOf } from '../plugins/host.ts';
import { inTransaction } from './repository.ts';
import { auditRow, writeAudits, type AuditRow } from './versioned.ts';

export type DocumentPermission = 'read' | 'update' | 'delete' | 'print' | 'other';

export interface DocumentActionSpec<E extends string = string> {
  entity: E;
  key: unknown;
  /**
   * The permission the user needs on the document; by default the one of the letter metadata
   * declares for the action (`ctx.permission`, set by runAction), else O (other).
   */
  action?: DocumentPermission;
  /** The action's name, recorded in the audit trail ('post', 'reverse', 'close line', …). */
  name: string;
}

/** What the frame gives the work besides the document: audit rows to write with its own. */
export interface DocumentFrame {
  /**
   * Audit rows of the work (`repo.patch(…, { auditInto: frame.audit })`), written with the
   * frame's own row in one insert when the work is done, in order.
   */
  audit: AuditRow[];
}

/** `doc` is the entity's generated row type when `spec.entity` is a literal (RowOf). */
export async function documentAction<R, E extends string = string>(ctx: ActionContext, spec: DocumentActionSpec<E>, fn: (tx: DB, doc: RowOf<E>, frame: DocumentFrame) => Promise<R>): Promise<R> {
  const e = ctx.reg.entity(spec.entity);
  return inTransaction(ctx.db, async (tx) => {
    // the runner's check that the user may read the action's row, done by this read (run-action.ts)
    const check = ctx.readCheck && !ctx.readCheck.done && ctx.readCheck.entity === e.name && String(ctx.readCheck.key) === String(spec.key) ? ctx.readCheck : undefined;
    const doc = await ctx.repo.get({ db: tx, ability: ctx.ability }, e.name, spec.key, { action: spec.action ?? ctx.permission ?? 'other', lock: true, readable: Boolean(check) });
    if (check) check.done = true;
    const frame: DocumentFrame = { audit: [] };
    const result = await fn(tx, doc as RowOf<E>, frame);
    await writeAudits(tx, [...frame.audit, auditRow(ctx.user, e, doc[e.key] as string | number, 'action', { action: spec.name })]);
    return result;
  });
}
