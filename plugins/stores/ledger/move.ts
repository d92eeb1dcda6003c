/**
 * One movement moved in a posting's memory: refused if it breaks a rule (stock-checks.ts), valued
 * (valuation.ts), and its lot's balance row changed. Nothing is written until every movement has
 * moved (write-posting.ts).
 */
import type { Movement, PostingHeader } from './movement.ts';
import { type BalanceRow, lotBalance } from './balance.ts';
import type { ItemInfo } from './lock-items.ts';
import type { StockRead, StoreInfo } from './read-stock.ts';
import { type Outbound, noteOutbound } from './others-reservations.ts';
import { addSerial, serialKey } from './serials.ts';
import { refuseInbound, refuseOutbound } from './stock-checks.ts';
import { type Pool, unitCostOf, valueInbound, valueOutbound } from './valuation.ts';
import { dateText } from './values.ts';

/** What a posting holds while its movements move one by one. */
export interface PostingState extends StockRead {
  h: PostingHeader;
  items: Map<number, ItemInfo>;
  pools: Map<number, Pool>;
  /** Serviceable stock that left each (store, item) for a holder (others-reservations.ts). */
  outbound: Map<string, Outbound>;
}

/** A movement moved: its lot's balance row after it, its value and unit cost. */
export interface Moved {
  balance: BalanceRow;
  amount: bigint;
  unitCost: bigint;
}

/** Moves one movement (in or out by the sign of its quantity) and dates its lot's last movement. */
export function move(p: PostingState, m: Movement): Moved {
  const b = lotBalance(p.balances, m);
  const { amount, unitCost } = m.qty > 0n ? moveIn(p, m, b) : moveOut(p, m, b);
  b.last_movement = !b.last_movement || p.h.date > b.last_movement ? p.h.date : b.last_movement;
  b.dirty = true;
  return { balance: b, amount, unitCost: unitCost ?? unitCostOf(amount, m.qty) };
}

/** Into the store: the lot takes the quantity, the earliest expiry, the certificate given; the serial is on hand. */
function moveIn(p: PostingState, m: Movement, b: BalanceRow) {
  const store = p.stores.get(m.store) as StoreInfo;
  refuseInbound(m, b, store, p.items.get(m.item) as ItemInfo, p.serials);
  const valued = valueInbound(m, p.pools.get(m.item) as Pool);
  const exp = dateText(m.expiry);
  // a lot that starts again from nothing takes the new expiry; otherwise the earliest counts
  if (exp && (!b.expiry_date || b.quantity === 0n || exp < b.expiry_date)) b.expiry_date = exp;
  b.quantity += m.qty;
  if (m.arc) b.arc_status = m.arc;
  if (m.cert) b.certificate_no = m.cert;
  if (m.serial) addSerial(p.serials, m.item, m.serial, m.qty, store.store_code);
  return valued;
}

/** Out of the store: the lot gives the quantity; what left for a holder is noted for the reservations check. */
function moveOut(p: PostingState, m: Movement, b: BalanceRow) {
  const need = -m.qty;
  refuseOutbound(m, need, b, p.stores.get(m.store) as StoreInfo, p.items.get(m.item) as ItemInfo, p.certificates, p.h.date);
  const valued = valueOutbound(m, need, p.pools.get(m.item) as Pool);
  b.quantity -= need;
  if (m.serial) {
    const e = p.serials.get(serialKey(m.item, m.serial));
    if (e) e.qty -= need;
  }
  noteOutbound(p.outbound, m, need);
  return valued;
}
