/**
 * What each step of the chain has already taken from the step before (docs/workflow.md,
 * "Procurement chain"). Every sum counts the documents of every state but deleted ones: a draft,
 * an approval in flight and a rejected document (which may be changed and sent again) all hold
 * their quantities until they are changed or deleted; a cancelled PO remainder gives its quantity
 * back. Sums are in hundredths (util.cents).
 */
import { sql } from 'kysely';
import type { DB } from '../../engine/src/db/database.ts';
import { cents } from './util.ts';

async function sums(db: DB, query: string, keys: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (keys.length === 0) return out;
  const rows = await sql<{ k: number; n: number }>`${sql.raw(query)} in (${sql.join(keys)}) group by 1`.execute(db);
  for (const r of rows.rows) out.set(Number(r.k), cents(r.n));
  return out;
}

/** MR line → quantity on purchase request lines (every PR). */
export const onPurchaseRequests = (db: DB, mrLines: number[]) => sums(db, 'select mr_line as k, sum(quantity) as n from purchase_request_line where mr_line', mrLines);

/** PR line → quantity ordered on PO lines (every PO), less cancelled remainders. */
export const onPurchaseOrders = (db: DB, prLines: number[]) =>
  sums(db, 'select pr_line as k, sum(quantity - coalesce(qty_cancelled, 0)) as n from purchase_order_line where pr_line', prLines);

/** Quotation → quantity ordered from it (every PO; a cancelled remainder goes back to the PR line, not to the quotation). */
export const orderedFromQuotes = (db: DB, quotes: number[]) => sums(db, 'select quote as k, sum(quantity) as n from purchase_order_line where quote', quotes);

/** PO line → quantity on receivings not yet posted (except one receiving, when given). */
export async function onUnpostedReceivings(db: DB, poLines: number[], except?: number): Promise<Map<number, number>> {
  return sums(
    db,
    `select rl.po_line as k, sum(rl.quantity) as n from receiving_line rl join receiving r on r.rcvkey = rl.receiving where r.posted = 0 and rl.inspection <> 'REJ'${except ? ` and r.rcvkey <> ${except}` : ''} and rl.po_line`,
    poLines,
  );
}

/**
 * PO line → quantity received: `qty_received`, kept by the stores plugin's postings (goods
 * receipts and receipts from PO add to it, their reversals take it back; a receiving line rejected
 * at inspection adds nothing).
 */
export async function receivedOn(db: DB, poLines: number[]): Promise<Map<number, number>> {
  return sums(db, 'select podtlkey as k, sum(qty_received) as n from purchase_order_line where podtlkey', poLines);
}
