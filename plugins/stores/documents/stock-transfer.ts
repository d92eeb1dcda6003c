/** A transfer between stores in two steps: out (into transit, at the average) and in (at the value that left). */
import type { FieldError } from '../../../engine/src/errors.ts';
import { QTY, abs, fixed, mulDiv, show } from '../../../engine/src/values/money.ts';
import type { Movement } from '../ledger/movement.ts';
import { stockError } from '../ledger/stock-checks.ts';
import { norm } from '../ledger/values.ts';
import type { StockDocument } from './stock-document.ts';
import { lot, needLines, note, num, storeCode } from './document-lines.ts';
import type { ActionContext } from '../../../engine/src/plugins/host.ts';
import { postDocument, reverseDocument, type PostResult } from '../post.ts';

export const transferOut: StockDocument<'stock_transfer'> = {
  entity: 'stock_transfer',
  post: 'post_transfer_out',
  reverse: 'reverse_stock_transfer',
  step: 'out',
  flag: 'out_posted',
  numberField: 'transferno',
  dateField: 'transferdate',
  txnType: 'TRO',
  async plan(env, doc) {
    const ls = needLines(doc);
    if (doc.from_store === doc.to_store) note(env, [{ path: '/to_store', message: 'must differ from the sending store' }]);
    const to = await storeCode(env.tx, doc.to_store);
    return {
      movements: ls.map((l, i) => ({ ...lot(env, l, i), txnType: 'TRO' as const, store: doc.from_store, qty: -fixed(l.quantity, QTY), cost: { kind: 'average' as const }, transit: true, holder: {}, remark: `To ${to}` })),
      flags: { out_posted: 1, received: 1 },
    };
  },
  async canReverse(env, doc) {
    if (doc.in_posted === 1) throw stockError(`Transfer ${String(doc.transferno)} was received: ship the stock back with a new transfer instead.`);
    const arrived = await env.tx.selectFrom('stock_ledger').select('ledgerkey').where('compcode', '=', env.compcode).where('source', '=', 'stock_transfer').where('source_key', '=', doc.transferkey).where('txn_type', '=', 'TRI').executeTakeFirst();
    if (arrived) throw stockError(`Part of transfer ${String(doc.transferno)} was received: ship the stock back with a new transfer instead.`);
  },
  reversalFlags: { copy: { out_posted: 1, in_posted: 1, received: 0 }, original: { received: 0 } },
};

export const transferIn: StockDocument<'stock_transfer'> = {
  entity: 'stock_transfer',
  post: 'post_transfer_in',
  step: 'in',
  flag: 'in_posted',
  numberField: 'transferno',
  dateField: 'received_date',
  txnType: 'TRI',
  dateOf: (doc, today) => (doc.received_date ? doc.received_date.slice(0, 10) : today),
  precheck(doc) {
    if (doc.out_posted !== 1) throw stockError(`Transfer ${String(doc.transferno)} has not left the sending store: post the transfer out first.`);
    if (doc.reverses || doc.reversed_by) throw stockError(`Transfer ${String(doc.transferno)} was cancelled: there is nothing to receive.`);
  },
  async plan(env, doc) {
    const ls = needLines(doc);
    const sent = await env.tx
      .selectFrom('stock_ledger')
      .select(['source_line', 'txn_type', 'quantity', 'amount', 'expiry_date', 'arc_status', 'certificate_no'])
      .where('compcode', '=', env.compcode)
      .where('source', '=', 'stock_transfer')
      .where('source_key', '=', doc.transferkey)
      .execute();
    const from = await storeCode(env.tx, doc.from_store);
    const errors: FieldError[] = [];
    const moves: Movement[] = [];
    let complete = true;
    ls.forEach((l, i) => {
      const key = Number(l.trfdtlkey);
      const shipped = fixed(l.quantity, QTY);
      const total = l.qty_received === null ? shipped : fixed(l.qty_received, QTY);
      const rows = sent.filter((r) => Number(r.source_line) === key);
      const out = rows.find((r) => r.txn_type === 'TRO');
      const already = rows.filter((r) => r.txn_type === 'TRI').reduce((s, r) => s + fixed(r.quantity, QTY), 0n);
      if (total > shipped) return errors.push({ path: `/lines/${i}/qty_received`, message: `cannot exceed the quantity shipped (${show(shipped, QTY)})` });
      if (total < already) return errors.push({ path: `/lines/${i}/qty_received`, message: `cannot be less than already received (${show(already, QTY)})` });
      if (total < shipped) complete = false;
      const delta = total - already;
      if (delta === 0n) return;
      const outQty = out ? abs(fixed(out.quantity, QTY)) : 0n;
      const amount = out && outQty > 0n ? mulDiv(delta, abs(fixed(out.amount, 2)), outQty) : 0n;
      moves.push({
        ...lot(env, l, i),
        txnType: 'TRI',
        store: doc.to_store,
        qty: delta,
        cost: { kind: 'amount', amount },
        transit: true,
        expiry: out?.expiry_date ? String(out.expiry_date).slice(0, 10) : norm(l.expiry_date),
        arc: num(out?.arc_status) ?? num(l.certificate_type),
        cert: norm(out?.certificate_no) ?? norm(l.certificate_no),
        remark: `From ${from}`,
      });
    });
    note(env, errors);
    if (!moves.length && !errors.length) throw stockError(`Nothing left to receive on transfer ${String(doc.transferno)}: enter the quantities received.`);
    return { movements: moves, flags: complete ? { in_posted: 1, received: 0, ...(doc.received_date ? {} : { received_date: env.date }) } : {} };
  },
};

/** `post_transfer_out` (metadata `run: stores/documents/stock-transfer#postTransferOut`): the document posted through the one posting frame (../post.ts). */
export function postTransferOut(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return postDocument(ctx, transferOut, key);
}

/** `post_transfer_in` (metadata `run: stores/documents/stock-transfer#postTransferIn`): the document posted through the one posting frame (../post.ts). */
export function postTransferIn(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return postDocument(ctx, transferIn, key);
}

/** `reverse_stock_transfer` (metadata `run: stores/documents/stock-transfer#reverseStockTransfer`): the document reversed (a reversing document, posted at once) through the one posting frame (../post.ts). */
export function reverseStockTransfer(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return reverseDocument(ctx, transferOut, key);
}
