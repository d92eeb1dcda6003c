/** The last statement of a posting: everything it writes, once every movement has moved. */
import { sql, type Insertable } from 'kysely';
import type { StockLedgerTable } from '../../../engine/src/db/schema.gen.ts';
import { PREPARE } from '../../../engine/src/db/prepared.ts';
import type { DB } from '../../../engine/src/db/database.ts';
import { MONEY, QTY, toNumber } from '../../../engine/src/values/money.ts';
import type { PostingHeader } from './movement.ts';
import type { BalanceRow } from './balance.ts';
import { type Pool, averageCost } from './valuation.ts';

/**
 * The posting's writes in one statement (data-modifying CTEs, each run once): the ledger rows,
 * the balance rows changed (by key, all locked by readStock) and added, and the items' valuation
 * rows. A balance that would go below zero fails the CHECK on stock_balance.quantity as well.
 */
export async function writePosting(tx: DB, h: PostingHeader, ledger: Insertable<StockLedgerTable>[], balances: BalanceRow[], pools: [number, Pool][]): Promise<void> {
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
    const values = pools.map(([item, p]) => sql`(${item}::bigint, ${toNumber(p.quantity, QTY)}::numeric, ${toNumber(p.value, MONEY)}::numeric, ${averageCost(p)}::numeric)`);
    parts.push(sql`valuation as (
      update stock_valuation as t
         set quantity = v.quantity, value = v.value, avg_cost = v.avg_cost, last_movement = ${h.date}::date, updated_at = now(), updated_by = ${h.username}
        from (values ${sql.join(values)}) as v(item, quantity, value, avg_cost)
       where t.compcode = ${h.compcode} and t.item = v.item)`);
  }
  await sql`with ${sql.join(parts)} select 1 ${PREPARE}`.execute(tx);
}
