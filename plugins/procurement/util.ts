/**
 * Procurement's own pieces: quantities and amounts compared in hundredths (decimal fields have
 * scale 2, so no floating-point drift decides a cap), the chain's one net price and the texts of
 * quantities and amounts in messages. The generic write helpers the plugin shares with MRO (the
 * services a hook needs, row locks in key order, patch when changed, the refusals) are the
 * engine's (engine/src/plugins/writes.ts), re-exported here for procurement's files.
 */
import { MONEY, fixed, formatMoney, netAmount as lineNet } from '../../engine/src/values/money.ts';

export { byKey, conflict, keysOf, lockRows, patchIfChanged, refuse, txOf, type Row, type Tx } from '../../engine/src/plugins/writes.ts';
export { todayIso as today } from '../../engine/src/values/dates.ts';

/**
 * A quantity or amount in hundredths, the scale of every decimal field of the chain (the engine's
 * money module: exact decimal text, half up, never a binary fraction).
 */
export const cents = (v: unknown): number => Number(fixed(v, MONEY));

/**
 * The chain's one net price: quantity × unit price × (100 − discount %) / 100, rounded once, half
 * up, to the cent (hundredths). A PO line's amount and a receiving line's value (received quantity
 * at the PO line's net price) are both this; the PO price list (reports.yaml, po_price_list)
 * computes the same in SQL (numeric round is half up too).
 */
export const netAmount = (quantity: unknown, unitPrice: unknown, discountPct: unknown): number => Number(lineNet(quantity, unitPrice, discountPct));

/** 10 → "10", 2.5 → "2.5", 1234.5 → "1,234.5" (quantities in messages). */
export const qty = (hundredths: number): string => (hundredths / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });

/** 1234.5 → "1,234.50" (amounts in messages). */
export const money = (hundredths: number): string => formatMoney(BigInt(hundredths));

