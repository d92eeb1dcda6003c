/**
 * Quotation pricing (docs/decisions/0171-mro-pricing.md): what each line costs the customer and
 * the document's totals, in minor units of the quotation's currency (the customer's billing
 * currency). Plain values in, plain values out; the plugin loads the rates and costs and writes
 * the results (quotation.ts).
 *
 * A line's unit price:
 * - labour (LAB): the customer's contract rate per man-hour, else the company's default rate for
 *   the line's skill (company currency, converted at the day's rate); amount = man-hours × rate.
 * - parts (MAT) priced COST or VENDOR, and outside services (SVC) priced at cost: unit cost (the
 *   item's posted moving-average cost, the vendor's price, or the subcontractor's cost, all in the
 *   company currency) × (100 + markup %) / 100, converted at the day's rate, rounded once to the cent.
 * - FIXED parts and services (a price agreed as such) and other charges (OTH): the unit price
 *   typed on the line.
 * amount = quantity × unit price, rounded half up to the cent; the printed unit price times the
 * quantity gives the printed amount.
 *
 * Totals: subtotal = the lines; discount = subtotal × discount % (rounded); net = subtotal −
 * discount; tax = net × tax % (0 for a customer exempt from tax); total = net + tax.
 *
 *   priceLine({ type: 'LAB', manhours: fixed(212, QTY), … }, { contractRate: 5800n, … })
 *     // { unitPrice: 5800n, amount: 1229600n }   212 × 58.00 = 12,296.00
 */
import { COST, MONEY, PCT, QTY, RATE, fixed, mulDiv, percent, sum, times } from '../../../engine/src/values/money.ts';

export type LineType = 'LAB' | 'MAT' | 'SVC' | 'OTH';
export type PriceSource = 'COST' | 'VENDOR' | 'FIXED';
export type Basis = 'FP' | 'TM' | 'NTE';

export interface PricingRates {
  /** The customer's contract rate per man-hour (quotation currency, minor units); null: none. */
  contractRate: bigint | null;
  /** The company's default rate per man-hour by skill (company currency, minor units). */
  skillRates: ReadonlyMap<string, bigint>;
  /** Units of the company currency for one unit of the quotation currency (scale RATE); null: no rate that day. */
  rate: bigint | null;
}

export interface LineInput {
  type: LineType;
  source: PriceSource;
  skill?: string | null;
  /** scale QTY */
  manhours: bigint;
  /** scale QTY */
  quantity: bigint;
  /** company currency, scale COST (posted cost, vendor price or service cost) */
  unitCost: bigint | null;
  /** scale PCT */
  markupPct: bigint;
  /** quotation currency, minor units: the typed price of FIXED and OTH lines */
  unitPrice: bigint;
}

export interface PricedLine {
  unitPrice: bigint;
  amount: bigint;
}

/** A line that cannot be priced: `field` names the line's field at fault. */
export class PricingProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const ONE = 10n ** BigInt(RATE);

/** A company-currency amount of `scale` decimals in the quotation currency at the same scale. */
export function toQuote(amount: bigint, rate: bigint | null): bigint {
  if (rate === null) throw new PricingProblem('currency', 'needs an exchange rate');
  return rate === ONE ? amount : mulDiv(amount, ONE, rate);
}

/** The unit price a line is sold at (see the header). */
export function unitPriceOf(line: LineInput, rates: PricingRates): bigint {
  if (line.type === 'LAB') {
    if (rates.contractRate !== null) return rates.contractRate;
    const own = line.skill ? rates.skillRates.get(line.skill) : undefined;
    if (own === undefined) throw new PricingProblem('skill', `has no labour rate${line.skill ? ` for ${line.skill}` : ''}: give the customer a contract rate or the company a rate for the skill`);
    return toQuote(own, rates.rate);
  }
  if (line.type === 'OTH' || line.source === 'FIXED') return line.unitPrice;
  if (line.unitCost === null) throw new PricingProblem('unit_cost', line.source === 'VENDOR' ? 'has no vendor price for the part' : line.type === 'SVC' ? 'is required for an outside service' : 'has no posted cost for the part');
  // cost (scale COST) × (100 % + markup) (scale PCT + 2) / rate → scale MONEY, rounded once
  const hundred = fixed(100, PCT);
  if (rates.rate === null) throw new PricingProblem('currency', 'needs an exchange rate');
  return mulDiv(line.unitCost * (hundred + line.markupPct), ONE, rates.rate * 10n ** BigInt(COST - MONEY) * hundred);
}

export function priceLine(line: LineInput, rates: PricingRates): PricedLine {
  const unitPrice = unitPriceOf(line, rates);
  const amount = times(unitPrice, line.type === 'LAB' ? line.manhours : line.quantity, QTY);
  return { unitPrice, amount };
}

export interface Totals {
  /** scale QTY */
  manhours: bigint;
  labour: bigint;
  material: bigint;
  services: bigint;
  subtotal: bigint;
  discount: bigint;
  /** subtotal − discount: what tax is computed on, and what a not-to-exceed cap compares with */
  net: bigint;
  tax: bigint;
  total: bigint;
}

export function totalsOf(lines: { type: LineType; manhours: bigint; amount: bigint }[], discountPct: bigint, taxPct: bigint, taxExempt: boolean): Totals {
  const of = (types: LineType[]) => sum(lines.filter((l) => types.includes(l.type)).map((l) => l.amount));
  const labour = of(['LAB']);
  const material = of(['MAT']);
  const services = of(['SVC', 'OTH']);
  const subtotal = labour + material + services;
  const discount = percent(subtotal, discountPct);
  const net = subtotal - discount;
  const tax = taxExempt ? 0n : percent(net, taxPct);
  return { manhours: sum(lines.filter((l) => l.type === 'LAB').map((l) => l.manhours)), labour, material, services, subtotal, discount, net, tax, total: net + tax };
}
