/** The first lock of every posting: the valuation rows of its items, with the items themselves. */
import { sql } from 'kysely';
import { PREPARE } from '../../../engine/src/db/prepared.ts';
import { executeReused } from '../../../engine/src/query/reuse.ts';
import type { DB } from '../../../engine/src/db/database.ts';
import { MONEY, QTY, fixed } from '../../../engine/src/values/money.ts';
import type { Pool } from './valuation.ts';

export interface ItemInfo {
  item_id: number;
  partnumber: string;
  tracking: string;
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
  // compiled once per number of items and reused, the values bound by name (query/reuse.ts)
  const values = new Map<string, unknown>([['compcode', compcode], ...ids.map((id, i) => [`item${i}`, id] as const)]);
  const lock = () =>
    executeReused<{ item_id: number; partnumber: string; tracking: string; quantity: unknown; value: unknown }>(
      tx,
      null,
      `lockItems\u0000${ids.length}`,
      (bind) =>
        tx
          .selectFrom('master_item as i')
          .innerJoin('stock_valuation as v', (j) => j.onRef('v.compcode', '=', 'i.compcode').onRef('v.item', '=', 'i.item_id'))
          .select(['i.item_id', 'i.partnumber', 'i.tracking', 'v.quantity', 'v.value'])
          .where('i.compcode', '=', bind('compcode') as string)
          .where('i.item_id', 'in', ids.map((_, i) => bind(`item${i}`) as number))
          .orderBy('i.item_id')
          .forUpdate('v')
          .modifyEnd(PREPARE),
      values,
    );
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
