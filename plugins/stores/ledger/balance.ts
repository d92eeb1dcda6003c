/** The balance rows of a posting: one per store, item, serial, batch and condition (stock_balance). */
import type { Selectable } from 'kysely';
import type * as Db from '../../../engine/src/db/schema.gen.ts';
import type { Incoming } from '../../../engine/src/plugins/host.ts';
import { QTY, fixed } from '../../../engine/src/values/money.ts';
import type { Movement } from './movement.ts';
import { dateText, norm } from './values.ts';
import { isValued } from './valuation.ts';

export interface BalanceRow {
  /** Missing for a row the posting adds. */
  balancekey?: number;
  store: number;
  item: number;
  serial_number: string;
  batch_number: string;
  condition: string;
  quantity: bigint;
  expiry_date: string | null;
  arc_status: number | null;
  certificate_no: string | null;
  last_movement: string | null;
  /** Changed by the posting: written back. */
  dirty: boolean;
}

/** The key of a lot's balance row in a posting's map. */
export const balanceKey = (store: number, item: number, serial: string | null, batch: string | null, condition: string) =>
  `${store}|${item}|${serial ?? ''}|${batch ?? ''}|${condition}`;

/** A stock_balance row as read (JSON of readStock). */
export function toBalance(x: Incoming<Selectable<Db.StockBalanceTable>>): BalanceRow {
  return {
    balancekey: Number(x.balancekey),
    store: Number(x.store),
    item: Number(x.item),
    serial_number: String(x.serial_number ?? ''),
    batch_number: String(x.batch_number ?? ''),
    condition: String(x.condition),
    quantity: fixed(x.quantity, QTY),
    expiry_date: dateText(x.expiry_date),
    arc_status: x.arc_status === null || x.arc_status === undefined ? null : Number(x.arc_status),
    certificate_no: (x.certificate_no as string | null) ?? null,
    last_movement: dateText(x.last_movement),
    dirty: false,
  };
}

/** Keyed for the posting's map, as balanceKey keys a movement's lot. */
export const keyOf = (b: BalanceRow): string => balanceKey(b.store, b.item, norm(b.serial_number), norm(b.batch_number), b.condition);

/** The balance row of the movement's lot, added empty to the map when the lot has none yet. */
export function lotBalance(balances: Map<string, BalanceRow>, m: Movement): BalanceRow {
  const key = balanceKey(m.store, m.item, m.serial, m.batch, m.condition);
  let b = balances.get(key);
  if (!b) {
    b = { store: m.store, item: m.item, serial_number: m.serial ?? '', batch_number: m.batch ?? '', condition: m.condition, quantity: 0n, expiry_date: null, arc_status: null, certificate_no: null, last_movement: null, dirty: false };
    balances.set(key, b);
  }
  return b;
}

/** On hand of an item in one store over the posting's balance rows, and the valued part of it. */
export function storeOnHand(balances: Map<string, BalanceRow>, store: number, item: number): { qty: bigint; valued: bigint } {
  let qty = 0n;
  let valued = 0n;
  for (const x of balances.values()) {
    if (x.store !== store || x.item !== item) continue;
    qty += x.quantity;
    if (isValued(x.condition)) valued += x.quantity;
  }
  return { qty, valued };
}
