/**
 * The posting engine: turns a document's stock movements into ledger rows, balance rows and the
 * items' moving average cost, inside the caller's transaction, or refuses them (nothing written).
 *
 *   const rows = await postMovements(tx, { compcode, date, docNo, source: 'inventory_issue', sourceKey, username, today }, movements);
 *
 * Order of locks, the same in every posting (so two postings never wait on each other in a
 * cycle): the document (documentAction), purchase orders and their lines, the valuation row of
 * each item (stock_valuation, by item key), the balance rows of each store and item. The
 * valuation row serialises all postings of an item in a company, so the balance read under it is
 * the one the posting writes back: stock never goes negative, also under concurrency.
 *
 * Rules (each refused with 409 ERR_STOCK or 400 ERR_VALIDATION, nothing written):
 * - a serial-numbered part moves with quantity 1 and its serial, a batch-tracked one with its
 *   batch; a serial comes into stock only when it is not already in stock in the company;
 * - an outbound movement takes at most what the balance row holds (stock never negative);
 * - to an aircraft or work order (`install`): not unserviceable (AR), not in an unserviceable or
 *   quarantine store, not past its shelf-life expiry on the document date, and its release
 *   certificate acceptable for installation;
 * - `holder` set: what leaves the store's serviceable stock must leave the quantities reserved
 *   for other work orders on hand (open, posted reservations);
 * - an inbound movement goes to an active store; unserviceable (AR) parts never into a store
 *   that takes serviceable stock only.
 *
 * Statements (decision 0133), whatever the number of lines: the items with their valuation rows
 * locked (lockItems); the balance rows locked with everything else the rules read (readStock);
 * the ledger rows, balances and valuation written (writePosting). A refusal comes before the
 * writes, so nothing is written.
 *
 * Valuation (docs/decisions/0100-stock-valuation.md): moving average per item and company over
 * the valued stock (every condition but AR, in stores and in transit). A receipt adds its
 * quantity and value; an outbound movement takes quantity × value / quantity (all of the value
 * with the last unit); transfers carry the value across without changing the average.
 */
import { sql, type Insertable } from 'kysely';
import type { StockLedgerTable } from '../../engine/src/db/schema.gen.ts';
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import { COST, MONEY, QTY, abs, fixed, mulDiv, show, toNumber } from '../../engine/src/values/money.ts';

export type TxnType = 'RCV' | 'USR' | 'ISS' | 'RET' | 'TRO' | 'TRI' | 'ROB' | 'ADJ';

/** How a movement is valued: a unit cost (receipts), the moving average, or a given amount (reversals, transfers in). */
export type Cost = { kind: 'unit'; unitCost: bigint } | { kind: 'average' } | { kind: 'amount'; amount: bigint };

export interface Movement {
  txnType: TxnType;
  store: number;
  item: number;
  serial: string | null;
  batch: string | null;
  condition: string;
  /** Signed quantity (scale QTY): positive into the store, negative out of it. */
  qty: bigint;
  cost: Cost;
  expiry?: string | null;
  arc?: number | null;
  cert?: string | null;
  registration?: string | null;
  remark?: string | null;
  /** The document line the movement comes from (ledger source_line). */
  line?: number | null;
  /** JSON pointer of the line for field errors ('/lines/2'). */
  path?: string;
  /** Outbound to an aircraft or work order: serviceable, certified, within shelf life. */
  install?: boolean;
  /** Outbound that must leave other work orders' reservations on hand; its own (this work order or MR) it may use. */
  holder?: { workorder?: string | null; mr?: number | null };
  /** Transfer out/in: the value stays in the company; the moving average is not changed. */
  transit?: boolean;
}

export interface PostingHeader {
  compcode: string;
  /** The transaction date (the document's date). */
  date: string;
  docNo: string;
  source: string;
  sourceKey: number;
  username: string;
  /** The business date of the posting (ActionContext.asOf): which reservations are still valid. */
  today: string;
}

/** What a posting wrote, with the open reservations it read for the stock that left (used up by issues, documents.ts). */
export type Written = WrittenRow[] & { reservations: ReservationLine[] };

export interface WrittenRow {
  line: number | null;
  store: number;
  item: number;
  qty: bigint;
  amount: bigint;
  unitCost: bigint;
  txnType: TxnType;
  transit: boolean;
  expiry: string | null;
}

interface ItemInfo {
  item_id: number;
  partnumber: string;
  tracking: string;
}

interface StoreInfo {
  store_id: number;
  store_code: string;
  store_type: string;
  serviceable_only: boolean;
  active: boolean;
}

interface BalanceRow {
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
  dirty: boolean;
}

interface Pool {
  quantity: bigint;
  value: bigint;
  dirty: boolean;
}

export const SERVICEABLE = new Set(['NE', 'NS', 'OH', 'SV', 'RP']);
const UNSERVICEABLE_STORES = new Set(['US', 'QUAR']);
const ONE = fixed(1, QTY);

export const norm = (v: unknown): string | null => {
  const s = v === null || v === undefined ? '' : String(v).trim();
  return s === '' ? null : s;
};

const balanceKey = (store: number, item: number, serial: string | null, batch: string | null, condition: string) =>
  `${store}|${item}|${serial ?? ''}|${batch ?? ''}|${condition}`;

/** Date strings compare as text ('YYYY-MM-DD'). */
const dateText = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v).slice(0, 10));

function lotText(m: { serial: string | null; batch: string | null; condition: string }): string {
  const parts = [m.serial ? `S/N ${m.serial}` : null, m.batch ? `batch ${m.batch}` : null, `condition ${m.condition}`].filter(Boolean);
  return parts.join(', ');
}

const stockError = (message: string) => appError('ERR_STOCK', { message });

/** The movements' items and stores must be the company's (400 on the line's field otherwise). */
function checkMasters(movements: Movement[], items: Map<number, ItemInfo>, stores: Map<number, StoreInfo>): void {
  for (const m of movements) {
    if (!items.has(m.item)) throw appError('ERR_VALIDATION', { errors: [{ path: `${m.path ?? ''}/item`, message: 'is not an item of this company' }] });
    if (!stores.has(m.store)) throw appError('ERR_VALIDATION', { errors: [{ path: `${m.path ?? ''}/store`, message: 'is not a store of this company' }] });
  }
}

/** Serial and batch rules of the item's tracking; quantities other than zero. */
export function checkLots(movements: Movement[], items: Map<number, ItemInfo>): void {
  const errors: { path: string; message: string }[] = [];
  for (const m of movements) {
    const it = items.get(m.item);
    const at = m.path ?? '';
    if (m.qty === 0n) errors.push({ path: `${at}/quantity`, message: 'must not be zero' });
    if (it?.tracking === 'serial') {
      if (!m.serial) errors.push({ path: `${at}/serial_number`, message: `is required: ${it.partnumber} is serial-numbered` });
      if (abs(m.qty) !== ONE) errors.push({ path: `${at}/quantity`, message: `must be 1: ${it.partnumber} is serial-numbered (one line per serial)` });
    }
    if (it?.tracking === 'batch' && !m.batch) errors.push({ path: `${at}/batch_number`, message: `is required: ${it.partnumber} is batch-tracked` });
  }
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
}

/**
 * Locks the valuation rows of the items, in item order, and returns them with the items (part
 * number, tracking): one statement. A row missing (the item's first posting in the company) is
 * created first, for the company's own items only; an item of another company is simply not
 * returned. Every posting that touches an item goes through this lock first.
 */
export async function lockItems(tx: DB, compcode: string, itemIds: number[], username: string): Promise<{ pools: Map<number, Pool>; items: Map<number, ItemInfo> }> {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  const pools = new Map<number, Pool>();
  const items = new Map<number, ItemInfo>();
  if (!ids.length) return { pools, items };
  const lock = () =>
    tx
      .selectFrom('master_item as i')
      .innerJoin('stock_valuation as v', (j) => j.onRef('v.compcode', '=', 'i.compcode').onRef('v.item', '=', 'i.item_id'))
      .select(['i.item_id', 'i.partnumber', 'i.tracking', 'v.quantity', 'v.value'])
      .where('i.compcode', '=', compcode)
      .where('i.item_id', 'in', ids)
      .orderBy('i.item_id')
      .forUpdate('v')
      .execute();
  let rows = await lock();
  if (rows.length < ids.length) {
    const have = new Set(rows.map((r) => Number(r.item_id)));
    await tx
      .insertInto('stock_valuation')
      .columns(['compcode', 'item', 'quantity', 'value', 'created_by'])
      .expression((eb) =>
        eb
          .selectFrom('master_item')
          .select([sql<string>`${compcode}::text`.as('compcode'), 'item_id', sql<number>`0`.as('quantity'), sql<number>`0`.as('value'), sql<string>`${username}::text`.as('created_by')])
          .where('compcode', '=', compcode)
          .where('item_id', 'in', ids.filter((id) => !have.has(id))),
      )
      .onConflict((oc) => oc.columns(['compcode', 'item']).doNothing())
      .execute();
    rows = await lock();
  }
  for (const r of rows) {
    const id = Number(r.item_id);
    items.set(id, { item_id: id, partnumber: String(r.partnumber), tracking: String(r.tracking) });
    pools.set(id, { quantity: fixed(r.quantity, QTY), value: fixed(r.value, MONEY), dirty: false });
  }
  return { pools, items };
}

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
function reservationsQuery(tx: DB, compcode: string, pairs: [number, number][], today: string) {
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

type Raw = Record<string, unknown>;

function toReservation(r: Raw): ReservationLine {
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
  return (await reservationsQuery(tx, compcode, pairs, today).execute()).map((r) => toReservation(r as Raw));
}

interface StockRead {
  /** The balance rows of the movements' (store, item) pairs, locked, keyed by lot. */
  balances: Map<string, BalanceRow>;
  /** On hand of each item over all stores, and the valued part of it (the running balances). */
  totals: Map<number, { qty: bigint; valued: bigint }>;
  stores: Map<number, StoreInfo>;
  /** Release certificates of the locked lots. */
  certificates: Map<number, { name: string; installable: boolean }>;
  /** Where the serials coming in are already on hand (item|serial → quantity, store codes). */
  serials: Map<string, { qty: bigint; stores: Set<string> }>;
  /** Open reservations of the pairs serviceable stock leaves for a holder (reservation order). */
  reservations: ReservationLine[];
}

/**
 * Everything a posting reads under its items' valuation locks, in one statement: the balance rows
 * of its (store, item) pairs, locked in key order (the CTE), each item's on hand over all stores,
 * the stores, the release certificates of the locked lots, where incoming serials already are,
 * and the open reservations of the pairs stock leaves for a holder. It runs after the statement
 * that took the valuation locks, so its snapshot holds every earlier posting of these items.
 */
async function readStock(tx: DB, h: PostingHeader, movements: Movement[], pairs: [number, number][]): Promise<StockRead> {
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
           ${reservations ? sql`(select coalesce(json_agg(x order by x.reservekey, x.reservedtlkey), '[]'::json) from (${reservations}) x)` : sql`'[]'::json`} as reservations`.execute(tx);
  const read = r.rows[0];
  const out: StockRead = { balances: new Map(), totals: new Map(), stores: new Map(), certificates: new Map(), serials: new Map(), reservations: read.reservations.map(toReservation) };
  for (const x of read.balances) {
    const b: BalanceRow = {
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
    out.balances.set(balanceKey(b.store, b.item, norm(b.serial_number), norm(b.batch_number), b.condition), b);
  }
  for (const id of itemIds) out.totals.set(id, { qty: 0n, valued: 0n });
  for (const x of read.totals) out.totals.set(Number(x.item), { qty: fixed(x.qty, QTY), valued: fixed(x.valued, QTY) });
  for (const x of read.stores) {
    out.stores.set(Number(x.store_id), { store_id: Number(x.store_id), store_code: String(x.store_code), store_type: String(x.store_type), serviceable_only: Boolean(x.serviceable_only), active: Boolean(x.active) });
  }
  for (const x of read.certificates) out.certificates.set(Number(x.id), { name: String(x.name), installable: x.installable !== false });
  for (const x of read.serials) {
    const k = `${String(x.item)}|${String(x.serial_number)}`;
    const e = out.serials.get(k) ?? { qty: 0n, stores: new Set<string>() };
    e.qty += fixed(x.quantity, QTY);
    e.stores.add(String(x.store_code));
    out.serials.set(k, e);
  }
  return out;
}

export const heldBy = (r: ReservationLine, holder: { workorder?: string | null; mr?: number | null } | undefined): boolean =>
  Boolean(holder && ((holder.workorder && r.workorder_no === norm(holder.workorder)) || (holder.mr && r.material_request === Number(holder.mr))));

/** Whether stock of this condition, in a store of this type, expiring then, can go to an aircraft or work order on `date`. */
export function usableStock(condition: string, storeType: string, expiry: string | null | undefined, date: string): boolean {
  return SERVICEABLE.has(condition) && !UNSERVICEABLE_STORES.has(storeType) && !(expiry && String(expiry).slice(0, 10) < date);
}

/** Whether a balance row can be issued to an aircraft on `date` (condition, store, shelf life). */
function issuable(b: BalanceRow, stores: Map<number, StoreInfo>, date: string): boolean {
  const st = stores.get(b.store);
  return !!st && usableStock(b.condition, st.store_type, b.expiry_date, date);
}

/**
 * Writes the movements (in order) as ledger rows and updates balances and valuation; refuses the
 * whole posting on the first rule broken. Returns the rows written with their values.
 */
export async function postMovements(tx: DB, h: PostingHeader, movements: Movement[]): Promise<Written> {
  if (!movements.length) return Object.assign([], { reservations: [] });
  const { pools, items } = await lockItems(tx, h.compcode, movements.map((m) => m.item), h.username);
  const pairs = [...new Map(movements.map((m) => [`${m.store}|${m.item}`, [m.store, m.item] as [number, number]])).values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const { balances, totals, stores, certificates, serials, reservations } = await readStock(tx, h, movements, pairs);
  checkMasters(movements, items, stores);
  checkLots(movements, items);

  const pn = (m: { item: number }) => items.get(m.item)?.partnumber ?? String(m.item);
  const sc = (store: number) => stores.get(store)?.store_code ?? String(store);
  const written: WrittenRow[] = [];
  const ledger: Insertable<StockLedgerTable>[] = [];
  /** Serviceable quantity that left each (store, item) and the holder it left for. */
  const outbound = new Map<string, { store: number; item: number; qty: bigint; holder?: Movement['holder']; lots: Map<string, bigint> }>();

  for (const m of movements) {
    const key = balanceKey(m.store, m.item, m.serial, m.batch, m.condition);
    let b = balances.get(key);
    if (!b) {
      b = { store: m.store, item: m.item, serial_number: m.serial ?? '', batch_number: m.batch ?? '', condition: m.condition, quantity: 0n, expiry_date: null, arc_status: null, certificate_no: null, last_movement: null, dirty: false };
      balances.set(key, b);
    }
    const store = stores.get(m.store) as StoreInfo;
    const item = items.get(m.item) as ItemInfo;
    const valued = m.condition !== 'AR';
    const pool = pools.get(m.item) as Pool;
    let amount: bigint;
    let unitCost: bigint | null = null;
    if (m.qty > 0n) {
      if (!store.active) throw stockError(`Store ${store.store_code} is not active: it takes no stock.`);
      if (m.condition === 'AR' && store.serviceable_only) {
        throw stockError(`Store ${store.store_code} takes serviceable stock only: ${item.partnumber} (${lotText(m)}) belongs in an unserviceable or quarantine store.`);
      }
      if (m.serial && item.tracking === 'serial') {
        const on = serials.get(`${m.item}|${m.serial}`);
        if (on && on.qty > 0n) throw stockError(`${item.partnumber} S/N ${m.serial} is already in stock (store ${[...on.stores].join(', ')}): a serial number is received once.`);
      }
      if (!valued) amount = 0n;
      else if (m.cost.kind === 'unit') {
        unitCost = m.cost.unitCost;
        amount = mulDiv(m.qty, m.cost.unitCost, 10n ** BigInt(COST + QTY - MONEY));
      } else if (m.cost.kind === 'amount') amount = m.cost.amount;
      else amount = pool.quantity > 0n ? mulDiv(m.qty, pool.value, pool.quantity) : 0n;
      if (valued && !m.transit) {
        pool.quantity += m.qty;
        pool.value += amount;
        pool.dirty = true;
      }
      const exp = dateText(m.expiry);
      if (exp && !b.expiry_date && b.quantity > 0n) {
        throw stockError(`${item.partnumber} (${lotText(m)}) is in ${store.store_code} without a shelf-life expiry: the same lot cannot come in with one (${exp}); receive it under its own batch number.`);
      }
      // a lot that starts again from nothing takes the new expiry; otherwise the earliest counts
      if (exp && (!b.expiry_date || b.quantity === 0n || exp < b.expiry_date)) b.expiry_date = exp;
      b.quantity += m.qty;
      if (m.arc) b.arc_status = m.arc;
      if (m.cert) b.certificate_no = m.cert;
      if (m.serial) {
        const k = `${m.item}|${m.serial}`;
        const e = serials.get(k) ?? { qty: 0n, stores: new Set<string>() };
        e.qty += m.qty;
        e.stores.add(store.store_code);
        serials.set(k, e);
      }
    } else {
      const need = -m.qty;
      if (b.quantity < need) {
        throw stockError(`Not enough stock of ${item.partnumber} in ${store.store_code} (${lotText(m)}): ${show(b.quantity, QTY)} on hand, ${show(need, QTY)} to move.`);
      }
      if (m.install) {
        const what = `${item.partnumber} (${lotText(m)}) in ${store.store_code}`;
        if (!SERVICEABLE.has(m.condition)) throw stockError(`${what} is unserviceable: it cannot be issued to an aircraft or work order.`);
        if (UNSERVICEABLE_STORES.has(store.store_type)) {
          throw stockError(`${what} is in ${store.store_type === 'QUAR' ? 'a quarantine' : 'an unserviceable'} store: it cannot be issued to an aircraft or work order.`);
        }
        if (b.expiry_date && b.expiry_date < h.date) throw stockError(`${what} passed its shelf-life expiry on ${b.expiry_date}: it cannot be issued.`);
        const cert = b.arc_status === null ? undefined : certificates.get(b.arc_status);
        if (cert && !cert.installable) throw stockError(`${what} has a release certificate (${cert.name}) not acceptable for installation: it cannot be issued to an aircraft.`);
      }
      if (!valued) amount = 0n;
      else if (m.transit) amount = -(pool.quantity > 0n ? mulDiv(need, pool.value, pool.quantity) : 0n);
      else {
        if (pool.quantity < need) throw new Error(`valuation of item ${m.item} holds ${pool.quantity} < ${need}`);
        let take: bigint;
        if (need === pool.quantity) take = pool.value;
        else if (m.cost.kind === 'amount') take = -m.cost.amount > pool.value ? pool.value : -m.cost.amount;
        else take = mulDiv(need, pool.value, pool.quantity);
        pool.quantity -= need;
        pool.value -= take;
        pool.dirty = true;
        amount = -take;
      }
      b.quantity -= need;
      if (m.serial) {
        const e = serials.get(`${m.item}|${m.serial}`);
        if (e) e.qty -= need;
      }
      if (m.holder !== undefined && SERVICEABLE.has(m.condition)) {
        const k = `${m.store}|${m.item}`;
        const o = outbound.get(k) ?? { store: m.store, item: m.item, qty: 0n, holder: m.holder, lots: new Map<string, bigint>() };
        o.qty += need;
        const lot = `${m.serial ?? ''}|${m.batch ?? ''}`;
        o.lots.set(lot, (o.lots.get(lot) ?? 0n) + need);
        outbound.set(k, o);
      }
    }
    b.last_movement = !b.last_movement || h.date > b.last_movement ? h.date : b.last_movement;
    b.dirty = true;
    if (unitCost === null) unitCost = m.qty !== 0n ? mulDiv(abs(amount), 10n ** BigInt(COST), abs(m.qty)) : 0n;
    // the running balance and value after this movement (a paper stock card's last columns)
    const total = totals.get(m.item) as { qty: bigint; valued: bigint };
    total.qty += m.qty;
    if (valued) total.valued += m.qty;
    let storeQty = 0n;
    let storeValued = 0n;
    for (const x of balances.values()) {
      if (x.store !== m.store || x.item !== m.item) continue;
      storeQty += x.quantity;
      if (x.condition !== 'AR') storeValued += x.quantity;
    }
    const atAverage = (q: bigint) => (pool.quantity > 0n ? mulDiv(q, pool.value, pool.quantity) : 0n);
    written.push({ line: m.line ?? null, store: m.store, item: m.item, qty: m.qty, amount, unitCost, txnType: m.txnType, transit: Boolean(m.transit), expiry: m.qty > 0n ? (dateText(m.expiry) ?? b.expiry_date) : b.expiry_date });
    ledger.push({
      compcode: h.compcode,
      txn_date: h.date,
      txn_type: m.txnType,
      doc_no: h.docNo,
      store: m.store,
      item: m.item,
      serial_number: m.serial,
      batch_number: m.batch,
      condition: m.condition,
      arc_status: m.arc ?? b.arc_status ?? null,
      certificate_no: m.cert ?? b.certificate_no ?? null,
      quantity: toNumber(m.qty, QTY),
      unit_cost: toNumber(unitCost, COST),
      amount: toNumber(amount, MONEY),
      expiry_date: m.qty > 0n ? (dateText(m.expiry) ?? b.expiry_date) : b.expiry_date,
      registration: m.registration ?? null,
      balance_store: toNumber(storeQty, QTY),
      balance_item: toNumber(total.qty, QTY),
      value_store: toNumber(atAverage(storeValued), MONEY),
      value_item: toNumber(atAverage(total.valued), MONEY),
      posted: 1,
      source: h.source,
      source_key: h.sourceKey,
      source_line: m.line ?? null,
      remark: m.remark ? String(m.remark).slice(0, 200) : null,
      created_by: h.username,
    });
  }

  // Reservations of other work orders stay on hand.
  if (outbound.size) {
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

  await writePosting(tx, h, ledger, [...balances.values()].filter((b) => b.dirty), [...pools].filter(([, p]) => p.dirty));
  return Object.assign(written, { reservations });
}

/**
 * The posting's writes in one statement (data-modifying CTEs, each run once): the ledger rows,
 * the balance rows changed (by key, all locked by readStock) and added, and the items' valuation
 * rows. A balance that would go below zero fails the CHECK on stock_balance.quantity as well.
 */
async function writePosting(tx: DB, h: PostingHeader, ledger: Insertable<StockLedgerTable>[], balances: BalanceRow[], pools: [number, Pool][]): Promise<void> {
  const parts = [sql`ledger as (${tx.insertInto('stock_ledger').values(ledger)})`];
  const changed = balances.filter((b) => b.balancekey !== undefined);
  const added = balances.filter((b) => b.balancekey === undefined);
  if (changed.length) {
    const values = changed.map(
      (b) => sql`(${b.balancekey}::bigint, ${toNumber(b.quantity, QTY)}::numeric, ${b.expiry_date}::date, ${b.arc_status}::bigint, ${b.certificate_no}::text, ${b.last_movement}::date)`,
    );
    parts.push(sql`balances as (
      update stock_balance as t
         set quantity = v.quantity, expiry_date = v.expiry_date, arc_status = v.arc_status, certificate_no = v.certificate_no,
             last_movement = v.last_movement, updated_at = now(), updated_by = ${h.username}
        from (values ${sql.join(values)}) as v(k, quantity, expiry_date, arc_status, certificate_no, last_movement)
       where t.balancekey = v.k)`);
  }
  if (added.length) {
    const rows = added.map((b) => ({
      compcode: h.compcode,
      store: b.store,
      item: b.item,
      serial_number: b.serial_number,
      batch_number: b.batch_number,
      condition: b.condition,
      quantity: toNumber(b.quantity, QTY),
      expiry_date: b.expiry_date,
      arc_status: b.arc_status,
      certificate_no: b.certificate_no,
      last_movement: b.last_movement,
      created_by: h.username,
    }));
    parts.push(sql`new_balances as (${tx.insertInto('stock_balance').values(rows)})`);
  }
  if (pools.length) {
    const values = pools.map(
      ([item, p]) =>
        sql`(${item}::bigint, ${toNumber(p.quantity, QTY)}::numeric, ${toNumber(p.value, MONEY)}::numeric, ${p.quantity > 0n ? toNumber(mulDiv(p.value, 10n ** BigInt(COST), p.quantity), COST) : null}::numeric)`,
    );
    parts.push(sql`valuation as (
      update stock_valuation as t
         set quantity = v.quantity, value = v.value, avg_cost = v.avg_cost, last_movement = ${h.date}::date, updated_at = now(), updated_by = ${h.username}
        from (values ${sql.join(values)}) as v(item, quantity, value, avg_cost)
       where t.compcode = ${h.compcode} and t.item = v.item)`);
  }
  await sql`with ${sql.join(parts)} select 1`.execute(tx);
}
