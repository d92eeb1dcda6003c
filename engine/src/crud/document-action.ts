/**
 * The frame of every plugin action on one document (post, reverse, close a line, convert, …):
 * one transaction (or the caller's), the document read through the access compiler for the
 * action's permission, locked (`FOR UPDATE`) with its lines, the plugin's work, and an audit row
 * naming the action. Another company's document, or one the user may not act on, is "not found".
 *
 *   return documentAction(ctx, { entity: 'inventory_issue', key, name: 'post' }, async (tx, doc) => {
 *     if (Number(doc.posted) === 1) throw appError('ERR_CONFLICT', { message: 'Already posted.' });
 *     … write ledger rows …
 *     await ctx.repo.patch(tx, ctx.user, 'inventory_issue', doc.issuekey, { posted: 1 }, { reason: 'post', before: doc });
 *     return { success: 1, message: `${doc.issueno} posted` };
 *   });
 */
import type { DB } from '../db/database.ts';
import type { ActionContext } from '../plugins/host.ts';
import { inTransaction } from './repository.ts';

export type DocumentPermission = 'read' | 'update' | 'delete' | 'print' | 'other';

export interface DocumentActionSpec {
  entity: string;
  key: unknown;
  /**
   * The permission the user needs on the document; by default the one of the letter metadata
   * declares for the action (`ctx.permission`, set by runAction), else O (other).
   */
  action?: DocumentPermission;
  /** The action's name, recorded in the audit trail ('post', 'reverse', 'close line', …). */
  name: string;
}

type Row = Record<string, unknown>;

export async function documentAction<R>(ctx: ActionContext, spec: DocumentActionSpec, fn: (tx: DB, doc: Row) => Promise<R>): Promise<R> {
  const e = ctx.reg.entity(spec.entity);
  return inTransaction(ctx.db, async (tx) => {
    const doc = await ctx.repo.get({ db: tx, ability: ctx.ability }, e.name, spec.key, { action: spec.action ?? ctx.permission ?? 'other', lock: true });
    const result = await fn(tx, doc);
    await ctx.repo.audit(tx, ctx.user, e, doc[e.key] as string | number, 'action', { action: spec.name });
    return result;
  });
}
