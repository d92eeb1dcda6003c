/** A reservation of serviceable stock for a work order or material request: checked, moves nothing. */
import { QTY, fixed, show } from '../../../engine/src/values/money.ts';
import { lockItems } from '../ledger/lock-items.ts';
import { openReservations } from '../ledger/reservations.ts';
import { usableStock } from '../ledger/serviceable.ts';
import { stockError } from '../ledger/stock-checks.ts';
import { norm } from '../ledger/values.ts';
import type { StockDocument } from './stock-document.ts';
import { needLines, storeCode } from './document-lines.ts';
import type { ActionContext } from '../../../engine/src/plugins/host.ts';
import { postDocument, type PostResult } from '../post.ts';

export const reservation: StockDocument<'stock_reservation'> = {
  entity: 'stock_reservation',
  post: 'post_reservation',
  step: 'post',
  flag: 'posted',
  numberField: 'reserveno',
  dateField: 'reservedate',
  txnType: 'ISS',
  precheck(doc) {
    if (doc.status !== 1) throw stockError(`Reservation ${String(doc.reserveno)} is closed: it holds nothing.`);
  },
  async plan(env, doc) {
    const ls = needLines(doc);
    const store = doc.store;
    const items = [...new Set(ls.map((l) => Number(l.item)))];
    await lockItems(env.tx, env.compcode, items, env.ctx.user.username);
    const info = new Map((await env.tx.selectFrom('master_item').select(['item_id', 'partnumber']).where('compcode', '=', env.compcode).where('item_id', 'in', items).execute()).map((r) => [Number(r.item_id), String(r.partnumber)]));
    const balances = await env.tx
      .selectFrom('stock_balance as b')
      .innerJoin('store_warehouse as s', 's.store_id', 'b.store')
      .select(['b.item', 'b.serial_number', 'b.batch_number', 'b.condition', 'b.quantity', 'b.expiry_date', 's.store_type', 's.store_code'])
      .where('b.compcode', '=', env.compcode)
      .where('b.store', '=', store)
      .where('b.item', 'in', items)
      .where('b.quantity', '>', 0)
      .execute();
    const usable = balances.filter((b) => usableStock(String(b.condition), String(b.store_type), b.expiry_date as string | null, env.today));
    const others = (await openReservations(env.tx, env.compcode, items.map((i) => [store, i]), env.today)).filter((r) => r.reservekey !== doc.reservekey);
    const code = await storeCode(env.tx, store);
    const wanted = new Map<number, bigint>();
    const errors: string[] = [];
    ls.forEach((l) => wanted.set(Number(l.item), (wanted.get(Number(l.item)) ?? 0n) + fixed(l.quantity, QTY)));
    for (const [item, qty] of wanted) {
      const onHand = usable.filter((b) => Number(b.item) === item).reduce((s, b) => s + fixed(b.quantity, QTY), 0n);
      const held = others.filter((r) => r.item === item).reduce((s, r) => s + r.open, 0n);
      if (onHand - held < qty) errors.push(`${info.get(item) ?? item}: ${show(onHand, QTY)} serviceable in ${code}, ${show(held, QTY)} already reserved, ${show(qty, QTY)} asked`);
    }
    ls.forEach((l) => {
      const serial = norm(l.serial_number);
      const batch = norm(l.batch_number);
      if (!serial && !batch) return;
      const onLot = usable.filter((b) => Number(b.item) === Number(l.item) && (!serial || b.serial_number === serial) && (!batch || b.batch_number === batch)).reduce((s, b) => s + fixed(b.quantity, QTY), 0n);
      const heldLot = others.filter((r) => r.item === Number(l.item) && r.serial_number === serial && r.batch_number === batch).reduce((s, r) => s + r.open, 0n);
      if (onLot - heldLot < fixed(l.quantity, QTY)) errors.push(`${info.get(Number(l.item)) ?? l.item} ${[serial ? `S/N ${serial}` : null, batch ? `batch ${batch}` : null].filter(Boolean).join(' ')}: ${show(onLot - heldLot, QTY)} free in ${code}`);
    });
    if (errors.length) throw stockError(`Not enough stock to reserve: ${errors.join('; ')}.`);
    return { movements: [], flags: { posted: 1 } };
  },
};

/** `post_reservation` (metadata `run: stores/documents/stock-reservation#postReservation`): the document posted through the one posting frame (../post.ts). */
export function postReservation(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return postDocument(ctx, reservation, key);
}
