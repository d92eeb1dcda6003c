import { QTY, fixed } from '../../../engine/src/values/money.ts';
import { norm } from '../ledger/values.ts';
import { receivePoLines } from '../purchase.ts';
import type { StockDocument } from './stock-document.ts';
import { lines, lot, needLines, num } from './document-lines.ts';
import { quarantineStore } from './quarantine-store.ts';
import type { ActionContext } from '../../../engine/src/plugins/host.ts';
import { postDocument, reverseDocument, type PostResult } from '../post.ts';

/** Procurement's goods receipt: accepted lines into its store, quarantined ones into quarantine, rejected ones not received. */
export const receiving: StockDocument<'receiving'> = {
  entity: 'receiving',
  post: 'post_receiving',
  reverse: 'reverse_receiving',
  step: 'post',
  flag: 'posted',
  numberField: 'rcvno',
  dateField: 'rcvdate',
  txnType: 'RCV',
  poReceipts: (doc) => lines(doc).flatMap((l, i) => (l.inspection !== 'REJ' ? [{ poLine: Number(l.po_line), qty: fixed(l.quantity, QTY), path: `/lines/${i}` }] : [])),
  async plan(env, doc) {
    const ls = needLines(doc);
    const taken = ls.map((l, i) => ({ l, i })).filter(({ l }) => l.inspection !== 'REJ');
    const receipts = taken.map(({ l, i }) => ({ poLine: Number(l.po_line), qty: fixed(l.quantity, QTY), path: `/lines/${i}`, item: Number(l.item) }));
    const po = await receivePoLines(env.tx, env.ctx, receipts, { compcode: env.compcode, date: env.date, docNo: env.docNo, sign: 1, po: num(doc.purchase_order), ...(env.problems ? { problems: env.problems } : {}) });
    const store = doc.store;
    const quarantine = taken.some(({ l }) => l.inspection === 'QUA') ? await quarantineStore(env.tx, env.compcode, store) : store;
    return {
      movements: taken.map(({ l, i }) => ({
        ...lot(env, l, i),
        txnType: 'RCV' as const,
        store: l.inspection === 'QUA' ? quarantine : store,
        qty: fixed(l.quantity, QTY),
        cost: { kind: 'unit' as const, unitCost: po.get(Number(l.po_line))?.unitCost ?? 0n },
        expiry: norm(l.expiry_date),
        arc: num(l.certificate_type),
        cert: norm(l.certificate_no),
        remark: `${l.inspection === 'QUA' ? 'Quarantine (documents pending), ' : ''}PO ${po.get(Number(l.po_line))?.lineref ?? ''}`,
      })),
    };
  },
};

/** `post_receiving` (metadata `run: stores/documents/receiving#postReceiving`): the document posted through the one posting frame (../post.ts). */
export function postReceiving(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return postDocument(ctx, receiving, key);
}

/** `reverse_receiving` (metadata `run: stores/documents/receiving#reverseReceiving`): the document reversed (a reversing document, posted at once) through the one posting frame (../post.ts). */
export function reverseReceiving(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return reverseDocument(ctx, receiving, key);
}
