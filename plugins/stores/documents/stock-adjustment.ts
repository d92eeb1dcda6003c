/** A stock adjustment: losses at the average cost, found stock at its cost. */
import { QTY, fixed } from '../../../engine/src/values/money.ts';
import { norm } from '../ledger/values.ts';
import type { StockDocument } from './stock-document.ts';
import { lot, needLines, receiptCost } from './document-lines.ts';
import type { ActionContext } from '../../../engine/src/plugins/host.ts';
import { postDocument, reverseDocument, type PostResult } from '../post.ts';

export const adjustment: StockDocument<'stock_adjustment'> = {
  entity: 'stock_adjustment',
  post: 'post_stock_adjustment',
  reverse: 'reverse_stock_adjustment',
  step: 'post',
  flag: 'posted',
  numberField: 'adjno',
  dateField: 'adjdate',
  txnType: 'ADJ',
  async plan(env, doc) {
    const ls = needLines(doc);
    return {
      movements: ls.map((l, i) => {
        const qty = fixed(l.quantity, QTY);
        return {
          ...lot(env, l, i),
          txnType: 'ADJ' as const,
          store: doc.store,
          qty,
          cost: qty > 0n ? receiptCost(l.unit_cost) : { kind: 'average' as const },
          expiry: norm(l.expiry_date),
          remark: [(doc.reason ?? ''), norm(l.remark)].filter(Boolean).join(': ') || null,
        };
      }),
    };
  },
};

/** `post_stock_adjustment` (metadata `run: stores/documents/stock-adjustment#postStockAdjustment`): the document posted through the one posting frame (../post.ts). */
export function postStockAdjustment(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return postDocument(ctx, adjustment, key);
}

/** `reverse_stock_adjustment` (metadata `run: stores/documents/stock-adjustment#reverseStockAdjustment`): the document reversed (a reversing document, posted at once) through the one posting frame (../post.ts). */
export function reverseStockAdjustment(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return reverseDocument(ctx, adjustment, key);
}
