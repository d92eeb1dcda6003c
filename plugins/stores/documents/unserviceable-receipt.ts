/** Parts removed from an aircraft into stores, unserviceable (AR) unless said otherwise, at the average cost. */
import { QTY, fixed } from '../../../engine/src/values/money.ts';
import { norm } from '../ledger/values.ts';
import type { StockDocument } from './stock-document.ts';
import { lot, needLines } from './document-lines.ts';
import type { ActionContext } from '../../../engine/src/plugins/host.ts';
import { postDocument, reverseDocument, type PostResult } from '../post.ts';

export const unserviceableReceipt: StockDocument<'unserviceable_receipt'> = {
  entity: 'unserviceable_receipt',
  post: 'post_unserviceable_receipt',
  reverse: 'reverse_unserviceable_receipt',
  step: 'post',
  flag: 'posted',
  numberField: 'usreceiptno',
  dateField: 'receiptdate',
  txnType: 'USR',
  async plan(env, doc) {
    const ls = needLines(doc);
    const from = [norm(doc.registration), norm(doc.workorder_no)].filter(Boolean).join(' ');
    return {
      movements: ls.map((l, i) => ({
        ...lot(env, l, i),
        condition: String(l.condition ?? 'AR'),
        txnType: 'USR' as const,
        store: doc.store,
        qty: fixed(l.quantity, QTY),
        cost: { kind: 'average' as const },
        cert: norm(l.tag_no),
        registration: norm(doc.registration),
        remark: [from ? `Removed from ${from}` : null, norm(l.defect)].filter(Boolean).join(': ') || null,
      })),
    };
  },
};

/** `post_unserviceable_receipt` (metadata `run: stores/documents/unserviceable-receipt#postUnserviceableReceipt`): the document posted through the one posting frame (../post.ts). */
export function postUnserviceableReceipt(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return postDocument(ctx, unserviceableReceipt, key);
}

/** `reverse_unserviceable_receipt` (metadata `run: stores/documents/unserviceable-receipt#reverseUnserviceableReceipt`): the document reversed (a reversing document, posted at once) through the one posting frame (../post.ts). */
export function reverseUnserviceableReceipt(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return reverseDocument(ctx, unserviceableReceipt, key);
}
