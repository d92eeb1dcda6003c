/**
 * An MRO invoice from actuals (decision 0172): the work order's booked hours × rates, parts issued
 * × (cost × markup) and outside services, priced like a quotation (pricing.ts), then the basis of
 * the quotation decides what is billed:
 *
 * - fixed price (FP): the authorised amount, whatever the actuals (an adjustment line carries the
 *   difference);
 * - not to exceed (NTE): the actuals, capped at the authorised amount (a negative adjustment when
 *   they are above it);
 * - time and materials (TM): the actuals.
 *
 * Authorised amount = the quotation's net (after its discount) + the approved lines of its defect
 * quotations. Actual net = actual lines less the quotation's discount %. Tax is charged on what is
 * billed (0 for an exempt customer). A credit note reverses a posted invoice line for line.
 *
 *   billedNet('NTE', 1_000_000n, 1_150_000n)   // { net: 1_000_000n, adjustment: -150_000n }
 */
import { percent, sum } from '../../../engine/src/values/money.ts';
import type { Basis } from './pricing.ts';

/** What is billed (net, before tax) and the adjustment line that brings the actuals to it. */
export function billedNet(basis: Basis, authorised: bigint, actual: bigint): { net: bigint; adjustment: bigint } {
  const net = basis === 'FP' ? authorised : basis === 'NTE' ? (actual > authorised ? authorised : actual) : actual;
  return { net, adjustment: net - actual };
}

export interface InvoiceTotals {
  /** the actual lines */
  subtotal: bigint;
  /** the quotation's discount % of the actuals */
  discount: bigint;
  /** basis adjustment (FP difference, NTE cap) */
  adjustment: bigint;
  net: bigint;
  tax: bigint;
  total: bigint;
}

export function invoiceTotals(basis: Basis, lineAmounts: bigint[], discountPct: bigint, authorised: bigint, taxPct: bigint, taxExempt: boolean): InvoiceTotals {
  const subtotal = sum(lineAmounts);
  const discount = percent(subtotal, discountPct);
  const { net, adjustment } = billedNet(basis, authorised, subtotal - discount);
  const tax = taxExempt ? 0n : percent(net, taxPct);
  return { subtotal, discount, adjustment, net, tax, total: net + tax };
}

/** A credit note's amounts: the invoice's, negated (lines and totals), so that the two sum to zero. */
export function reverse<T extends Record<string, bigint>>(amounts: T): T {
  return Object.fromEntries(Object.entries(amounts).map(([k, v]) => [k, -v])) as T;
}
