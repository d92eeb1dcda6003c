/**
 * The rules each movement must keep, checked against its lot's balance before it moves (409
 * ERR_STOCK, nothing written):
 * - an inbound movement goes to an active store; unserviceable (AR) parts never into a store that
 *   takes serviceable stock only; a serial comes into stock only when it is not already in stock
 *   in the company; a lot in stock without a shelf-life expiry takes none;
 * - an outbound movement takes at most what the balance row holds (stock never negative); to an
 *   aircraft or work order (`install`): not unserviceable (AR), not in an unserviceable or
 *   quarantine store, not past its shelf-life expiry on the document date, and its release
 *   certificate acceptable for installation.
 */
import { appError } from '../../../engine/src/errors.ts';
import { QTY, show } from '../../../engine/src/values/money.ts';
import type { Movement } from './movement.ts';
import type { BalanceRow } from './balance.ts';
import type { ItemInfo } from './lock-items.ts';
import type { StockRead, StoreInfo } from './read-stock.ts';
import { type SerialsOnHand, serialKey } from './serials.ts';
import { SERVICEABLE, UNSERVICEABLE_STORES } from './serviceable.ts';
import { dateText } from './values.ts';
import '../../errors.ts';

/** A stock rule broken (409); `field`: the line field it is about, where a posting collects its problems (problems.ts). */
export const stockError = (message: string, field?: string) => appError('ERR_STOCK', { message, ...(field ? { extra: { field } } : {}) });

/** The lot as the messages name it: "S/N 123, batch B1, condition NE". */
export function lotText(m: { serial: string | null; batch: string | null; condition: string }): string {
  const parts = [m.serial ? `S/N ${m.serial}` : null, m.batch ? `batch ${m.batch}` : null, `condition ${m.condition}`].filter(Boolean);
  return parts.join(', ');
}

/** Refuses an inbound movement the store, the serial or the lot's expiry does not allow. */
export function refuseInbound(m: Movement, b: BalanceRow, store: StoreInfo, item: ItemInfo, serials: SerialsOnHand): void {
  if (!store.active) throw stockError(`Store ${store.store_code} is not active: it takes no stock.`, 'store');
  if (m.condition === 'AR' && store.serviceable_only) {
    throw stockError(`Store ${store.store_code} takes serviceable stock only: ${item.partnumber} (${lotText(m)}) belongs in an unserviceable or quarantine store.`, 'store');
  }
  if (m.serial && item.tracking === 'serial') {
    const on = serials.get(serialKey(m.item, m.serial));
    if (on && on.qty > 0n) throw stockError(`${item.partnumber} S/N ${m.serial} is already in stock (store ${[...on.stores].join(', ')}): a serial number is received once.`, 'serial_number');
  }
  const exp = dateText(m.expiry);
  if (exp && !b.expiry_date && b.quantity > 0n) {
    throw stockError(`${item.partnumber} (${lotText(m)}) is in ${store.store_code} without a shelf-life expiry: the same lot cannot come in with one (${exp}); receive it under its own batch number.`, 'expiry_date');
  }
}

/** Refuses an outbound movement of `need` the balance does not hold, or that cannot be fitted to an aircraft (`install`). */
export function refuseOutbound(m: Movement, need: bigint, b: BalanceRow, store: StoreInfo, item: ItemInfo, certificates: StockRead['certificates'], date: string): void {
  if (b.quantity < need) {
    throw stockError(`Not enough stock of ${item.partnumber} in ${store.store_code} (${lotText(m)}): ${show(b.quantity, QTY)} on hand, ${show(need, QTY)} to move.`, 'quantity');
  }
  if (!m.install) return;
  const what = `${item.partnumber} (${lotText(m)}) in ${store.store_code}`;
  if (!SERVICEABLE.has(m.condition)) throw stockError(`${what} is unserviceable: it cannot be issued to an aircraft or work order.`, 'condition');
  if (UNSERVICEABLE_STORES.has(store.store_type)) {
    throw stockError(`${what} is in ${store.store_type === 'QUAR' ? 'a quarantine' : 'an unserviceable'} store: it cannot be issued to an aircraft or work order.`, 'store');
  }
  if (b.expiry_date && b.expiry_date < date) throw stockError(`${what} passed its shelf-life expiry on ${b.expiry_date}: it cannot be issued.`, 'item');
  const cert = b.arc_status === null ? undefined : certificates.get(b.arc_status);
  if (cert && !cert.installable) throw stockError(`${what} has a release certificate (${cert.name}) not acceptable for installation: it cannot be issued to an aircraft.`, 'item');
}
