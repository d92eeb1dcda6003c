/** The second statement of a posting: everything its rules read, under its items' valuation locks. */
import { sql, type Selectable } from 'kysely';
import type * as Db from '../../../engine/src/db/schema.gen.ts';
import type { Incoming } from '../../../engine/src/plugins/host.ts';
import { PREPARE } from '../../../engine/src/db/prepared.ts';
import { executeReused } from '../../../engine/src/query/reuse.ts';
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

/** The statement's JSON: the columns named by their tables' rows, the values as JSON gives them (converted below). */
type Balance = Incoming<Selectable<Db.StockBalanceTable>>;
type Store = Incoming<Selectable<Db.StoreWarehouseTable>>;

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
  // every value named, the text depending only on how many of each there are: compiled once per
  // shape and reused (query/reuse.ts)
  const serialItems = [...new Set(incoming.map((m) => m.item))];
  const serialNumbers = [...new Set(incoming.map((m) => m.serial as string))];
  const values = new Map<string, unknown>([
    ['compcode', compcode],
    ['today', h.today],
  ]);
  const list = (prefix: string, xs: unknown[]) => xs.forEach((x, i) => values.set(`${prefix}${i}`, x));
  list('ps', pairs.map((p) => p[0]));
  list('pi', pairs.map((p) => p[1]));
  list('item', itemIds);
  list('store', storeIds);
  list('si', serialItems);
  list('sn', serialNumbers);
  list('hs', held.map((p) => p[0]));
  list('hi', held.map((p) => p[1]));
  const shape = ['readStock', pairs.length, itemIds.length, storeIds.length, serialItems.length, serialNumbers.length, held.length].join('\u0000');
  const [read] = await executeReused<{
    balances: Balance[];
    totals: { item: unknown; qty: unknown; valued: unknown }[];
    stores: Store[];
    certificates: { id: unknown; name: unknown; installable: unknown }[];
    serials: { item: unknown; serial_number: unknown; quantity: unknown; store_code: unknown }[];
    reservations: Incoming<ReservationLine & { quantity: unknown; qty_issued: unknown }>[];
  }>(
    tx,
    null,
    shape,
    (bind) => readStatement(tx, bind, { pairs: pairs.length, items: itemIds.length, stores: storeIds.length, serialItems: serialItems.length, serialNumbers: serialNumbers.length, held: held.length }),
    values,
  );
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

/** The one statement of readStock for these counts, each value where `bind` puts its name. */
function readStatement(tx: DB, bind: (name: string) => unknown, n: { pairs: number; items: number; stores: number; serialItems: number; serialNumbers: number; held: number }) {
  const compcode = bind('compcode') as string;
  const many = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => bind(`${prefix}${i}`) as number);
  const pairs = Array.from({ length: n.pairs }, (_, i) => [bind(`ps${i}`), bind(`pi${i}`)] as [number, number]);
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
    .where('item', 'in', many('item', n.items))
    .groupBy('item');
  const stores = tx.selectFrom('store_warehouse').select(['store_id', 'store_code', 'store_type', 'serviceable_only', 'active']).where('compcode', '=', compcode).where('store_id', 'in', many('store', n.stores));
  const serials = n.serialItems
    ? tx
        .selectFrom('stock_balance as b')
        .innerJoin('store_warehouse as s', 's.store_id', 'b.store')
        .select(['s.store_code', 'b.item', 'b.serial_number', 'b.quantity'])
        .where('b.compcode', '=', compcode)
        .where('b.item', 'in', many('si', n.serialItems))
        .where('b.serial_number', 'in', many('sn', n.serialNumbers) as unknown as string[])
        .where('b.quantity', '>', 0)
    : undefined;
  const held = Array.from({ length: n.held }, (_, i) => [bind(`hs${i}`), bind(`hi${i}`)] as [number, number]);
  const reservations = n.held ? reservationsQuery(tx, compcode, held, bind('today') as string) : undefined;
  const rows = (x: unknown) => sql`(select coalesce(json_agg(x), '[]'::json) from (${x}) x)`;
  return sql`
    with locked as (${locked})
    select (select coalesce(json_agg(x), '[]'::json) from locked x) as balances,
           ${rows(totals)} as totals,
           ${rows(stores)} as stores,
           (select coalesce(json_agg(x), '[]'::json) from (select id, name, installable from arc_status where id in (select arc_status from locked)) x) as certificates,
           ${serials ? rows(serials) : sql`'[]'::json`} as serials,
           ${reservations ? sql`(select coalesce(json_agg(x order by x.reservekey, x.reservedtlkey), '[]'::json) from (${reservations}) x)` : sql`'[]'::json`} as reservations ${PREPARE}`;
}
