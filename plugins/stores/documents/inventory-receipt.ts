/** A receipt into stores: from a purchase order or not; serialised and rotable parts into quarantine until inspected. */
import type { DB } from '../../../engine/src/db/database.ts';
import type { FieldError } from '../../../engine/src/errors.ts';
import { QTY, fixed } from '../../../engine/src/values/money.ts';
import { norm } from '../ledger/values.ts';
import { receivePoLines } from '../purchase.ts';
import { certificateErrors, itemKinds, needsInspection } from '../incoming.ts';
import type { RowOf } from '../../../engine/src/plugins/host.ts';
import type { StockDocument } from './stock-document.ts';
import { invalid, lines, lot, needLines, num, receiptCost } from './document-lines.ts';
import { quarantineStore } from './quarantine-store.ts';
import type { ActionContext } from '../../../engine/src/plugins/host.ts';
import { postDocument, reverseDocument, type PostResult } from '../post.ts';

/** Expiry of a receipt line: as given, else manufacture date + the item's shelf life. */
async function expiries(tx: DB, ls: RowOf<'inventory_receipt_line'>[]): Promise<(string | null)[]> {
  const ids = [...new Set(ls.filter((l) => !l.expiry_date && l.manufacture_date).map((l) => Number(l.item)))];
  const shelf = new Map<number, number>();
  if (ids.length) {
    for (const r of await tx.selectFrom('master_item').select(['item_id', 'shelf_life_days']).where('item_id', 'in', ids).execute()) {
      if (Number(r.shelf_life_days) > 0) shelf.set(Number(r.item_id), Number(r.shelf_life_days));
    }
  }
  return ls.map((l) => {
    if (l.expiry_date) return String(l.expiry_date).slice(0, 10);
    const days = shelf.get(Number(l.item));
    if (!l.manufacture_date || !days) return null;
    const d = new Date(`${String(l.manufacture_date).slice(0, 10)}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  });
}

export const inventoryReceipt: StockDocument<'inventory_receipt'> = {
  entity: 'inventory_receipt',
  post: 'post_inventory_receipt',
  reverse: 'reverse_inventory_receipt',
  step: 'post',
  flag: 'posted',
  numberField: 'receiptno',
  dateField: 'receiptdate',
  txnType: 'RCV',
  poReceipts: (doc) => lines(doc).flatMap((l, i) => (l.po_line ? [{ poLine: Number(l.po_line), qty: fixed(l.quantity, QTY), path: `/lines/${i}` }] : [])),
  async plan(env, doc) {
    const ls = needLines(doc);
    const fromPo = doc.source === 'PO';
    const errors: FieldError[] = [];
    ls.forEach((l, i) => {
      if (fromPo && !l.po_line) errors.push({ path: `/lines/${i}/po_line`, message: 'is required on a receipt from a purchase order' });
      if (!fromPo && l.po_line) errors.push({ path: `/lines/${i}/po_line`, message: 'is only given on a receipt from a purchase order (source PO)' });
    });
    // serialised and rotable parts: their release certificate, and quarantine until inspected (incoming.ts)
    const kinds = await itemKinds(env.tx, ls.map((l) => Number(l.item)));
    const inspected = ls.map((l) => {
      const k = kinds.get(Number(l.item));
      return k ? needsInspection(k, String(l.condition ?? 'NE'), (doc.source ?? 'OTHER')) : false;
    });
    ls.forEach((l, i) => {
      if (inspected[i]) errors.push(...certificateErrors(l, i));
    });
    // collected with the PO lines' and the movements' problems: one refusal names them all (post.ts)
    if (env.problems) env.problems.addAll(errors);
    else if (errors.length) throw invalid(errors);
    const receipts = ls.flatMap((l, i) => (l.po_line ? [{ poLine: Number(l.po_line), qty: fixed(l.quantity, QTY), path: `/lines/${i}`, item: Number(l.item) }] : []));
    const po = await receivePoLines(env.tx, env.ctx, receipts, { compcode: env.compcode, date: env.date, docNo: env.docNo, sign: 1, po: num(doc.purchase_order), ...(env.problems ? { problems: env.problems } : {}) });
    const exp = await expiries(env.tx, ls);
    const stores = await Promise.all(ls.map((l, i) => (inspected[i] ? quarantineStore(env.tx, env.compcode, Number(l.store)) : Number(l.store))));
    return {
      movements: ls.map((l, i) => ({
        ...lot(env, l, i),
        txnType: 'RCV',
        store: stores[i],
        qty: fixed(l.quantity, QTY),
        cost: l.po_line ? { kind: 'unit', unitCost: po.get(Number(l.po_line))?.unitCost ?? 0n } : receiptCost(l.unit_cost),
        expiry: exp[i],
        arc: num(l.certificate_type),
        cert: norm(l.certificate_no),
        remark: `${inspected[i] ? 'Quarantine (incoming inspection pending), ' : ''}${l.po_line ? `PO ${po.get(Number(l.po_line))?.lineref ?? ''}` : (norm(l.remark) ?? '')}`.replace(/, $/, ''),
      })),
      async after() {
        for (const [i, l] of ls.entries()) {
          if (inspected[i]) await env.ctx.repo.patch(env.tx, env.ctx.user, 'inventory_receipt_line', Number(l.receiptdtlkey), { inspection: 'PENDING' }, { reason: 'received into quarantine', before: l });
        }
        const waiting = inspected.filter(Boolean).length;
        return waiting ? { result: { quarantined: waiting } } : undefined;
      },
    };
  },
};

/** `post_inventory_receipt` (metadata `run: stores/documents/inventory-receipt#postInventoryReceipt`): the document posted through the one posting frame (../post.ts). */
export function postInventoryReceipt(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return postDocument(ctx, inventoryReceipt, key);
}

/** `reverse_inventory_receipt` (metadata `run: stores/documents/inventory-receipt#reverseInventoryReceipt`): the document reversed (a reversing document, posted at once) through the one posting frame (../post.ts). */
export function reverseInventoryReceipt(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return reverseDocument(ctx, inventoryReceipt, key);
}
