/**
 * Reservations of other work orders stay on hand: when serviceable stock leaves a store for a
 * holder (`Movement.holder`), what is left must still cover the open reservations of other work
 * orders or material requests, in quantity and, for a reserved serial or batch, in that lot.
 */
import { QTY, show } from '../../../engine/src/values/money.ts';
import type { Holder, Movement, PostingHeader } from './movement.ts';
import type { BalanceRow } from './balance.ts';
import type { ItemInfo } from './lock-items.ts';
import type { StoreInfo } from './read-stock.ts';
import { type ReservationLine, heldBy } from './reservations.ts';
import { stockError } from './stock-checks.ts';
import { SERVICEABLE, usableStock } from './serviceable.ts';

/** Serviceable quantity that left a (store, item) for a holder, in all and per lot (serial|batch). */
export interface Outbound {
  store: number;
  item: number;
  qty: bigint;
  holder?: Holder;
  lots: Map<string, bigint>;
}

/** Notes what an outbound movement of `need` took for its holder (serviceable stock only). */
export function noteOutbound(outbound: Map<string, Outbound>, m: Movement, need: bigint): void {
  if (m.holder === undefined || !SERVICEABLE.has(m.condition)) return;
  const k = `${m.store}|${m.item}`;
  const o = outbound.get(k) ?? { store: m.store, item: m.item, qty: 0n, holder: m.holder, lots: new Map<string, bigint>() };
  o.qty += need;
  const lot = `${m.serial ?? ''}|${m.batch ?? ''}`;
  o.lots.set(lot, (o.lots.get(lot) ?? 0n) + need);
  outbound.set(k, o);
}

/** Whether a balance row can be issued to an aircraft on `date` (condition, store, shelf life). */
function issuable(b: BalanceRow, stores: Map<number, StoreInfo>, date: string): boolean {
  const st = stores.get(b.store);
  return !!st && usableStock(b.condition, st.store_type, b.expiry_date, date);
}

/** Refuses (409) when what is left after the posting no longer covers other holders' open reservations. */
export function keepOthersReservations(
  h: PostingHeader,
  outbound: Map<string, Outbound>,
  reservations: ReservationLine[],
  balances: Map<string, BalanceRow>,
  stores: Map<number, StoreInfo>,
  items: Map<number, ItemInfo>,
): void {
  const pn = (m: { item: number }) => items.get(m.item)?.partnumber ?? String(m.item);
  const sc = (store: number) => stores.get(store)?.store_code ?? String(store);
  for (const o of outbound.values()) {
    const others = reservations.filter((r) => r.store === o.store && r.item === o.item && r.open > 0n && !heldBy(r, o.holder));
    if (!others.length) continue;
    const rows = [...balances.values()].filter((b) => b.store === o.store && b.item === o.item && issuable(b, stores, h.date));
    const remaining = rows.reduce((s, b) => s + b.quantity, 0n);
    const reserved = others.reduce((s, r) => s + r.open, 0n);
    const names = [...new Set(others.map((r) => r.reserveno))].join(', ');
    if (remaining < reserved) {
      throw stockError(
        `Not enough unreserved stock of ${pn(o)} in ${sc(o.store)}: ${show(remaining + o.qty, QTY)} serviceable on hand, ${show(reserved, QTY)} reserved for other work orders (${names}), ${show(o.qty, QTY)} to move.`,
      );
    }
    for (const r of others.filter((x) => x.serial_number || x.batch_number)) {
      const lotLeft = rows.filter((b) => (!r.serial_number || b.serial_number === r.serial_number) && (!r.batch_number || b.batch_number === r.batch_number)).reduce((s, b) => s + b.quantity, 0n);
      const lotReserved = others.filter((x) => x.serial_number === r.serial_number && x.batch_number === r.batch_number).reduce((s, x) => s + x.open, 0n);
      if (lotLeft < lotReserved) {
        throw stockError(`${pn(o)} ${[r.serial_number ? `S/N ${r.serial_number}` : null, r.batch_number ? `batch ${r.batch_number}` : null].filter(Boolean).join(' ')} in ${sc(o.store)} is reserved for another work order (${r.reserveno}).`);
      }
    }
  }
}
