/** The second statement of a posting: everything its rules read, under its items' valuation locks. */
import { sql } from 'kysely';
import { PREPARE } from '../../../engine/src/db/prepared.ts';
import type { DB } from '../../../engine/src/db/database.ts';
import { QTY, fixed } from '../../../engine/src/values/money.ts';
import type { Movement, PostingHeader } from './movement.ts';
import { type BalanceRow, keyOf, toBalance } from './balance.ts';
import { type ReservationLine, reservationsQuery, toReservation } from './reservations.ts';
import { SERVICEABLE } from './serviceable.ts';
import { type SerialsOnHand, addSerial } from './serials.ts';

export interface StoreInfo {
  store_id: number;
  store_code: string;
  store_type: string;
  serviceable_only: boolean;
  active: boolean;
}

export interface StockRead {
  /** The balance rows of the movements' (store, item) pairs, locked, keyed by lot. */
  balances: Map<string, BalanceRow>;
  /** On hand of each item over all stores, and the valued part of it (the running balances). */
  totals: Map<number, { qty: bigint; valued: bigint }>;
  stores: Map<number, StoreInfo>;
  /** Release certificates of the locked lots. */
  certificates: Map<number, { name: string; installable: boolean }>;
  /** Where the serials coming in are already on hand. */
  serials: SerialsOnHand;
  /** Open reservations of the pairs serviceable stock leaves for a holder (reservation order). */
  reservations: ReservationLine[];
}

type Raw = Record<string, unknown>;

/** The movements' (store, item) pairs, once each, in key order: the order their balance rows are locked in. */
export function storeItemPairs(movements: Movement[]): [number, number][] {
  return [...new Map(movements.map((m) => [`${m.store}|${m.item}`, [m.store, m.item] as [number, number]])).values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/**
 * Everything a posting reads under its items' valuation locks, in one statement: the balance rows
 * of its (store, item) pairs, locked in key order (the CTE), each item's on hand over all stores,
 * the stores, the release certificates of the locked lots, where incoming serials already are,
 * and the open reservations of the pairs stock leaves for a holder. It runs after the statement
 * that took the valuation locks, so its snapshot holds every earlier posting of these items.
 */
export async function readStock(tx: DB, h: PostingHeader, movements: Movement[], pairs: [number, number][]): Promise<StockRead> {
  const compcode = h.compcode;
  const itemIds = [...new Set(movements.map((m) => m.item))];
  const storeIds = [...new Set(movements.map((m) => m.store))];
  const incoming = movements.filter((m) => m.serial && m.qty > 0n);
  const held = [...new Map(movements.filter((m) => m.qty < 0n && m.holder !== undefined && SERVICEABLE.has(m.condition)).map((m) => [`${m.store}|${m.item}`, [m.store, m.item] as [number, number]])).values()];
  const locked = tx
    .selectFrom('stock_balance')
    .selectAll()
    .where('compcode', '=', compcode)
    .where((eb) => eb.or(pairs.map(([s, i]) => eb.and([eb('store', '=', s), eb('item', '=', i)]))))
    .orderBy('store')
    .orderBy('item')
    .orderBy('serial_number')
    .orderBy('batch_number')
    .orderBy('condition')
    .forUpdate();
  const totals = tx
    .selectFrom('stock_balance')
    .select(['item', sql<number>`sum(quantity)`.as('qty'), sql<number>`sum(case when condition <> 'AR' then quantity else 0 end)`.as('valued')])
    .where('compcode', '=', compcode)
    .where('item', 'in', itemIds)
    .groupBy('item');
  const stores = tx.selectFrom('store_warehouse').select(['store_id', 'store_code', 'store_type', 'serviceable_only', 'active']).where('compcode', '=', compcode).where('store_id', 'in', storeIds);
  const serials = incoming.length
    ? tx
        .selectFrom('stock_balance as b')
        .innerJoin('store_warehouse as s', 's.store_id', 'b.store')
        .select(['s.store_code', 'b.item', 'b.serial_number', 'b.quantity'])
        .where('b.compcode', '=', compcode)
        .where('b.item', 'in', [...new Set(incoming.map((m) => m.item))])
        .where('b.serial_number', 'in', [...new Set(incoming.map((m) => m.serial as string))])
        .where('b.quantity', '>', 0)
    : undefined;
  const reservations = held.length ? reservationsQuery(tx, compcode, held, h.today) : undefined;
  const rows = (x: unknown) => sql`(select coalesce(json_agg(x), '[]'::json) from (${x}) x)`;
  const r = await sql<{ balances: Raw[]; totals: Raw[]; stores: Raw[]; certificates: Raw[]; serials: Raw[]; reservations: Raw[] }>`
    with locked as (${locked})
    select (select coalesce(json_agg(x), '[]'::json) from locked x) as balances,
           ${rows(totals)} as totals,
           ${rows(stores)} as stores,
           (select coalesce(json_agg(x), '[]'::json) from (select id, name, installable from arc_status where id in (select arc_status from locked)) x) as certificates,
           ${serials ? rows(serials) : sql`'[]'::json`} as serials,
           ${reservations ? sql`(select coalesce(json_agg(x order by x.reservekey, x.reservedtlkey), '[]'::json) from (${reservations}) x)` : sql`'[]'::json`} as reservations ${PREPARE}`.execute(tx);
  const read = r.rows[0];
  const out: StockRead = { balances: new Map(), totals: new Map(), stores: new Map(), certificates: new Map(), serials: new Map(), reservations: read.reservations.map(toReservation) };
  for (const x of read.balances) {
    const b = toBalance(x);
    out.balances.set(keyOf(b), b);
  }
  for (const id of itemIds) out.totals.set(id, { qty: 0n, valued: 0n });
  for (const x of read.totals) out.totals.set(Number(x.item), { qty: fixed(x.qty, QTY), valued: fixed(x.valued, QTY) });
  for (const x of read.stores) {
    out.stores.set(Number(x.store_id), { store_id: Number(x.store_id), store_code: String(x.store_code), store_type: String(x.store_type), serviceable_only: Boolean(x.serviceable_only), active: Boolean(x.active) });
  }
  for (const x of read.certificates) out.certificates.set(Number(x.id), { name: String(x.name), installable: x.installable !== false });
  for (const x of read.serials) addSerial(out.serials, x.item, x.serial_number, fixed(x.quantity, QTY), String(x.store_code));
  return out;
}
