/**
 * The moving average per item and company (docs/decisions/0100-stock-valuation.md), over the valued
 * stock (every condition but AR, in stores and in transit). A receipt adds its quantity and value;
 * an outbound movement takes quantity × value / quantity (all of the value with the last unit);
 * transfers carry the value across without changing the average.
 */
import { COST, MONEY, QTY, abs, mulDiv, toNumber } from '../../../engine/src/values/money.ts';
import type { Movement } from './movement.ts';

/** An item's valued quantity and value in the company (its stock_valuation row, locked by lockItems). */
export interface Pool {
  quantity: bigint;
  value: bigint;
  dirty: boolean;
}

/** A movement's value (signed like its quantity) and its unit cost when the movement gave one. */
export interface Valued {
  amount: bigint;
  unitCost: bigint | null;
}

/** Unserviceable (AR) stock carries no value. */
export const isValued = (condition: string): boolean => condition !== 'AR';

/** `q` at the item's moving average (0 when nothing is valued). */
export const atAverage = (pool: Pool, q: bigint): bigint => (pool.quantity > 0n ? mulDiv(q, pool.value, pool.quantity) : 0n);

/** The unit cost of a movement that gave none: its amount over its quantity. */
export const unitCostOf = (amount: bigint, qty: bigint): bigint => (qty !== 0n ? mulDiv(abs(amount), 10n ** BigInt(COST), abs(qty)) : 0n);

/** The average cost written to the valuation row (null when nothing is valued). */
export const averageCost = (pool: Pool): number | null => (pool.quantity > 0n ? toNumber(mulDiv(pool.value, 10n ** BigInt(COST), pool.quantity), COST) : null);

/** Values an inbound movement (its unit cost, the amount given, or the average) and adds it to the pool unless in transit. */
export function valueInbound(m: Movement, pool: Pool): Valued {
  const valued = isValued(m.condition);
  let amount: bigint;
  let unitCost: bigint | null = null;
  if (!valued) amount = 0n;
  else if (m.cost.kind === 'unit') {
    unitCost = m.cost.unitCost;
    amount = mulDiv(m.qty, m.cost.unitCost, 10n ** BigInt(COST + QTY - MONEY));
  } else if (m.cost.kind === 'amount') amount = m.cost.amount;
  else amount = atAverage(pool, m.qty);
  if (valued && !m.transit) {
    pool.quantity += m.qty;
    pool.value += amount;
    pool.dirty = true;
  }
  return { amount, unitCost };
}

/**
 * Values an outbound movement of `need` (a positive quantity) and takes it from the pool: at the
 * average, all of the value with the last unit, a reversal's given amount (at most the pool's
 * value); in transit at the average, leaving the pool.
 */
export function valueOutbound(m: Movement, need: bigint, pool: Pool): Valued {
  if (!isValued(m.condition)) return { amount: 0n, unitCost: null };
  if (m.transit) return { amount: -atAverage(pool, need), unitCost: null };
  if (pool.quantity < need) throw new Error(`valuation of item ${m.item} holds ${pool.quantity} < ${need}`);
  let take: bigint;
  if (need === pool.quantity) take = pool.value;
  else if (m.cost.kind === 'amount') take = -m.cost.amount > pool.value ? pool.value : -m.cost.amount;
  else take = mulDiv(need, pool.value, pool.quantity);
  pool.quantity -= need;
  pool.value -= take;
  pool.dirty = true;
  return { amount: -take, unitCost: null };
}
