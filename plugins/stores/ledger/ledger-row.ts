/** The rows a moved movement gives: its stock_ledger row (with the running balance) and the row the posting returns. */
import type { Insertable } from 'kysely';
import type { StockLedgerTable } from '../../../engine/src/db/schema.gen.ts';
import { COST, MONEY, QTY, toNumber } from '../../../engine/src/values/money.ts';
import type { Movement, WrittenRow } from './movement.ts';
import { storeOnHand } from './balance.ts';
import type { Moved, PostingState } from './move.ts';
import { type Pool, atAverage, isValued } from './valuation.ts';
import { dateText } from './values.ts';

/** The lot's expiry as the movement leaves it: an inbound movement's own, else the balance's. */
const expiryAfter = (m: Movement, moved: Moved): string | null => (m.qty > 0n ? (dateText(m.expiry) ?? moved.balance.expiry_date) : moved.balance.expiry_date);

export function writtenRow(m: Movement, moved: Moved): WrittenRow {
  return { line: m.line ?? null, store: m.store, item: m.item, qty: m.qty, amount: moved.amount, unitCost: moved.unitCost, txnType: m.txnType, transit: Boolean(m.transit), expiry: expiryAfter(m, moved) };
}

/**
 * The movement's ledger row, with the running balance and value after it (a paper stock card's
 * last columns): of the item in its store and over all stores, valued at the average.
 */
export function ledgerRow(p: PostingState, m: Movement, moved: Moved): Insertable<StockLedgerTable> {
  const b = moved.balance;
  const pool = p.pools.get(m.item) as Pool;
  const total = p.totals.get(m.item) as { qty: bigint; valued: bigint };
  total.qty += m.qty;
  if (isValued(m.condition)) total.valued += m.qty;
  const inStore = storeOnHand(p.balances, m.store, m.item);
  return {
    compcode: p.h.compcode,
    txn_date: p.h.date,
    txn_type: m.txnType,
    doc_no: p.h.docNo,
    store: m.store,
    item: m.item,
    serial_number: m.serial,
    batch_number: m.batch,
    condition: m.condition,
    arc_status: m.arc ?? b.arc_status ?? null,
    certificate_no: m.cert ?? b.certificate_no ?? null,
    quantity: toNumber(m.qty, QTY),
    unit_cost: toNumber(moved.unitCost, COST),
    amount: toNumber(moved.amount, MONEY),
    expiry_date: expiryAfter(m, moved),
    registration: m.registration ?? null,
    balance_store: toNumber(inStore.qty, QTY),
    balance_item: toNumber(total.qty, QTY),
    value_store: toNumber(atAverage(pool, inStore.valued), MONEY),
    value_item: toNumber(atAverage(pool, total.valued), MONEY),
    posted: 1,
    source: p.h.source,
    source_key: p.h.sourceKey,
    source_line: m.line ?? null,
    remark: m.remark ? m.remark.slice(0, 200) : null,
    created_by: p.h.username,
  };
}
