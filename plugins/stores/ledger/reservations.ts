/** Posted stock reservations still open: what a posting reads of them, and whose they are. */
import type { DB } from '../../../engine/src/db/database.ts';
import type { Incoming } from '../../../engine/src/plugins/host.ts';
import { QTY, fixed } from '../../../engine/src/values/money.ts';
import type { Holder } from './movement.ts';
import { norm } from './values.ts';

export interface ReservationLine {
  reservedtlkey: number;
  reservekey: number;
  reserveno: string;
  store: number;
  item: number;
  workorder_no: string | null;
  material_request: number | null;
  serial_number: string | null;
  batch_number: string | null;
  open: bigint;
  quantity: bigint;
  issued: bigint;
}

/** The query of the posted reservation lines still open and valid on `today` for these (store, item) pairs, in reservation order. */
export function reservationsQuery(tx: DB, compcode: string, pairs: [number, number][], today: string) {
  return tx
    .selectFrom('stock_reservation_line as l')
    .innerJoin('stock_reservation as r', 'r.reservekey', 'l.reservation')
    .select(['l.reservedtlkey', 'r.reservekey', 'r.reserveno', 'r.store', 'l.item', 'r.workorder_no', 'r.material_request', 'l.serial_number', 'l.batch_number', 'l.quantity', 'l.qty_issued'])
    .where('r.compcode', '=', compcode)
    .where('r.status', '=', 1)
    .where('r.posted', '=', 1)
    .where((eb) => eb.or([eb('r.valid_until', 'is', null), eb('r.valid_until', '>=', today)]))
    .where((eb) => eb.or(pairs.map(([s, i]) => eb.and([eb('r.store', '=', s), eb('l.item', '=', i)]))))
    .orderBy('r.reservekey')
    .orderBy('l.reservedtlkey');
}

/** A row of reservationsQuery (or its JSON) as a ReservationLine. */
export function toReservation(r: Incoming<ReservationLine & { qty_issued: unknown }>): ReservationLine {
  const quantity = fixed(r.quantity, QTY);
  const issued = fixed(r.qty_issued, QTY);
  return {
    reservedtlkey: Number(r.reservedtlkey),
    reservekey: Number(r.reservekey),
    reserveno: String(r.reserveno),
    store: Number(r.store),
    item: Number(r.item),
    workorder_no: norm(r.workorder_no),
    material_request: r.material_request === null || r.material_request === undefined ? null : Number(r.material_request),
    serial_number: norm(r.serial_number),
    batch_number: norm(r.batch_number),
    quantity,
    issued,
    open: quantity > issued ? quantity - issued : 0n,
  };
}

/** Posted reservations still open and valid on `today` (the business date) for these store/item pairs. */
export async function openReservations(tx: DB, compcode: string, pairs: [number, number][], today: string): Promise<ReservationLine[]> {
  if (!pairs.length) return [];
  return (await reservationsQuery(tx, compcode, pairs, today).execute()).map((r) => toReservation(r));
}

/** Whether the reservation is the holder's own (its work order or material request). */
export const heldBy = (r: ReservationLine, holder: Holder | undefined): boolean =>
  Boolean(holder && ((holder.workorder && r.workorder_no === norm(holder.workorder)) || (holder.mr && r.material_request === holder.mr)));
