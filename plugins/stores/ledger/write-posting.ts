/** The last statement of a posting: everything it writes, once every movement has moved. */
import { sql, type Insertable } from 'kysely';
import type { StockBalanceTable, StockLedgerTable } from '../../../engine/src/db/schema.gen.ts';
import { executeReused } from '../../../engine/src/query/reuse.ts';
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
  const changed = balances.filter((b) => b.balancekey !== undefined);
  const added = balances.filter((b) => b.balancekey === undefined).map((b) => ({
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
  // every value is named; the text depends only on the shape (the columns of each row written and
  // how many rows of each kind), so the statement is compiled once per shape (query/reuse.ts)
  const values = new Map<string, unknown>([
    ['username', h.username],
    ['date', h.date],
    ['compcode', h.compcode],
  ]);
  const rowsOf = (prefix: string, rows: Record<string, unknown>[]) =>
    rows.map((r, i) => {
      const cols = Object.keys(r).filter((c) => r[c] !== undefined); // as Kysely leaves an undefined value out
      for (const c of cols) values.set(`${prefix}${i}.${c}`, r[c]);
      return cols;
    });
  const ledgerCols = rowsOf('l', ledger as Record<string, unknown>[]);
  const addedCols = rowsOf('n', added);
  changed.forEach((b, i) => {
    for (const [c, v] of [['k', b.balancekey], ['quantity', toNumber(b.quantity, QTY)], ['expiry_date', b.expiry_date], ['arc_status', b.arc_status], ['certificate_no', b.certificate_no], ['last_movement', b.last_movement]] as const) values.set(`b${i}.${c}`, v);
  });
  pools.forEach(([item, p], i) => {
    for (const [c, v] of [['item', item], ['quantity', toNumber(p.quantity, QTY)], ['value', toNumber(p.value, MONEY)], ['avg_cost', averageCost(p)]] as const) values.set(`v${i}.${c}`, v);
  });
  const shape = ['posting', ledgerCols.map((c) => c.join(',')).join('|'), changed.length, addedCols.map((c) => c.join(',')).join('|'), pools.length].join('\u0000');
  await executeReused(tx, null, shape, (bind) => postingStatement(tx, bind, ledgerCols, changed.length, addedCols, pools.length), values);
}

/** The one statement of writePosting, each value in the place `bind` gives its name. */
function postingStatement(tx: DB, bind: (name: string) => unknown, ledgerCols: string[][], changed: number, addedCols: string[][], pools: number) {
  const row = (prefix: string, i: number, cols: string[]) => Object.fromEntries(cols.map((c) => [c, bind(`${prefix}${i}.${c}`)]));
  const parts = [sql`ledger as (${tx.insertInto('stock_ledger').values(ledgerCols.map((cols, i) => row('l', i, cols)) as Insertable<StockLedgerTable>[])})`];
  if (changed) {
    const values = Array.from({ length: changed }, (_, i) => {
      const b = (c: string) => bind(`b${i}.${c}`);
      return sql`(${b('k')}::bigint, ${b('quantity')}::numeric, ${b('expiry_date')}::date, ${b('arc_status')}::bigint, ${b('certificate_no')}::text, ${b('last_movement')}::date)`;
    });
    parts.push(sql`balances as (
      update stock_balance as t
         set quantity = v.quantity, expiry_date = v.expiry_date, arc_status = v.arc_status, certificate_no = v.certificate_no,
             last_movement = v.last_movement, updated_at = now(), updated_by = ${bind('username')}
        from (values ${sql.join(values)}) as v(k, quantity, expiry_date, arc_status, certificate_no, last_movement)
       where t.balancekey = v.k)`);
  }
  if (addedCols.length) parts.push(sql`new_balances as (${tx.insertInto('stock_balance').values(addedCols.map((cols, i) => row('n', i, cols)) as Insertable<StockBalanceTable>[])})`);
  if (pools) {
    const values = Array.from({ length: pools }, (_, i) => {
      const v = (c: string) => bind(`v${i}.${c}`);
      return sql`(${v('item')}::bigint, ${v('quantity')}::numeric, ${v('value')}::numeric, ${v('avg_cost')}::numeric)`;
    });
    parts.push(sql`valuation as (
      update stock_valuation as t
         set quantity = v.quantity, value = v.value, avg_cost = v.avg_cost, last_movement = ${bind('date')}::date, updated_at = now(), updated_by = ${bind('username')}
        from (values ${sql.join(values)}) as v(item, quantity, value, avg_cost)
       where t.compcode = ${bind('compcode')} and t.item = v.item)`);
  }
  return sql`with ${sql.join(parts)} select 1 ${PREPARE}`;
}
