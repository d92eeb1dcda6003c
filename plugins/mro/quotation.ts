/**
 * Prices a quotation, and a quotation for defects (decision 0175), on the server after every write
 * of it or of one of its lines (decision 0171); one code path for both documents:
 *
 * 1. load: the quotation and its lines (locked), the customer (billing currency, contract rate,
 *    tax exemption), the company's MRO pricing in force on the quotation date (tax rate, labour
 *    rates per skill), the day's exchange rate, the posted cost (moving average) or the vendor's
 *    price of each part priced at cost or vendor price;
 * 2. compute: each line's unit price and amount and the totals (rules/pricing.ts);
 * 3. write: each line's sell price and amount and the header's totals, where they changed
 *    (server-set, readOnly in metadata: the user never types an amount; what the user types, the
 *    fixed price, service cost and markup, is never overwritten).
 * A line that cannot be priced (no rate for its skill, no posted cost, no exchange rate) refuses
 * the write with a 400 naming the line's field; nothing is written.
 */
import { sql } from 'kysely';
import type { FieldError } from '../../engine/src/errors.ts';
import { COST, MONEY, PCT, QTY, RATE, fixed, mulDiv, toNumber } from '../../engine/src/values/money.ts';
import { patchIfChanged, refuse, type Row, type Tx } from '../../engine/src/plugins/writes.ts';
import { findRate } from '../stores/purchase.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';
import { PricingProblem, priceLine, totalsOf, type LineInput, type LineType, type PriceSource, type Totals } from './rules/pricing.ts';

/** Where the write came from: the document (lines are `/lines/<i>/…`) or one line written directly. */
export type Origin = { document: true } | { line: number; without?: boolean };

/**
 * A priced document: a quotation, or a quotation for defects (decision 0175), priced the same way
 * by the same code; only the tables, the discount (none on a defect quotation) and the totals
 * written differ.
 */
export interface PricedDocument {
  header: string;
  key: string;
  lines: string;
  lineKey: string;
  /** the lines' reference to the header */
  fk: string;
  /** the header has a typed discount % */
  discount: boolean;
  /** the header's totals as stored */
  totals(totals: Totals): Row;
  /** priced only while it may change: false keeps an approved document's amounts as approved */
  open(header: Row): boolean;
}

/** Sent for approval or approved: the amounts stay as approved (a later posted cost or rate changes nothing). */
const whileDraft = (h: Row) => h.statuswf === STATUS.DRAFT || h.statuswf === STATUS.REJECTED;

export const QUOTATION: PricedDocument = {
  header: 'quotation',
  key: 'quotation_id',
  lines: 'quotation_line',
  lineKey: 'quotation_line_id',
  fk: 'quotation',
  discount: true,
  totals: (t) => ({
    total_manhours: toNumber(t.manhours, QTY),
    total_labour: toNumber(t.labour, MONEY),
    total_material: toNumber(t.material, MONEY),
    total_services: toNumber(t.services, MONEY),
    subtotal: toNumber(t.subtotal, MONEY),
    discount_amount: toNumber(t.discount, MONEY),
    net_amount: toNumber(t.net, MONEY),
    tax_amount: toNumber(t.tax, MONEY),
    grand_total: toNumber(t.total, MONEY),
  }),
  open: whileDraft,
};

export const DEFECT_QUOTATION: PricedDocument = {
  header: 'quotation_defect',
  key: 'quotation_defect_id',
  lines: 'quotation_defect_line',
  lineKey: 'quotation_defect_line_id',
  fk: 'quotation_defect',
  discount: false,
  totals: (t) => ({
    total_manhours: toNumber(t.manhours, QTY),
    total_labour: toNumber(t.labour, MONEY),
    total_material: toNumber(t.material, MONEY),
    total_services: toNumber(t.services, MONEY),
    net_amount: toNumber(t.net, MONEY),
    tax_amount: toNumber(t.tax, MONEY),
    grand_total: toNumber(t.total, MONEY),
  }),
  open: whileDraft,
};

export function priceQuotation(t: Tx, key: number, origin: Origin): Promise<void> {
  return priceDocument(t, QUOTATION, key, origin);
}

export async function priceDocument(t: Tx, doc: PricedDocument, key: number, origin: Origin): Promise<void> {
  const q = (await t.db.selectFrom(doc.header as 'quotation').selectAll().where(doc.key as 'quotation_id', '=', key).forUpdate().executeTakeFirst()) as Row | undefined;
  if (!q || !doc.open(q)) return;
  let lines = (await t.db.selectFrom(doc.lines as 'quotation_line').selectAll().where(doc.fk as 'quotation', '=', key).orderBy(doc.lineKey as 'quotation_line_id').forUpdate().execute()) as Row[];
  if ('without' in origin && origin.without) lines = lines.filter((l) => Number(l[doc.lineKey]) !== origin.line);
  const customer = (await t.db.selectFrom('amo_customer').selectAll().where('amo_customer_id', '=', q.amo_customer as number).executeTakeFirst());
  const date = String(q.quotation_date).slice(0, 10);
  const compcode = String(q.compcode);
  const currency = String(customer?.currency ?? q.currency ?? '').toUpperCase();
  const pricing = await pricingOn(t, compcode, date);
  const rate = currency ? await findRate(t.db, compcode, currency, date) : null;
  const contract = customer?.labour_rate === null || customer?.labour_rate === undefined ? null : fixed(customer.labour_rate, MONEY);
  const rates = { contractRate: contract !== null && contract > 0n ? contract : null, skillRates: pricing.skillRates, rate };
  const costs = await unitCosts(t, compcode, date, lines, doc.lineKey);

  const problems: FieldError[] = [];
  const priced: { line: Row; type: LineType; manhours: bigint; unitPrice: bigint; amount: bigint }[] = [];
  lines.forEach((l, i) => {
    const input = inputOf(l, costs, doc.lineKey);
    try {
      const p = priceLine(input, rates);
      priced.push({ line: l, type: input.type, manhours: input.manhours, ...p });
    } catch (e) {
      if (!(e instanceof PricingProblem)) throw e;
      const path = 'line' in origin ? (Number(l[doc.lineKey]) === origin.line && e.field !== 'currency' ? `/${e.field}` : `/${doc.fk}`) : e.field === 'currency' ? '/currency' : `/lines/${i}/${e.field}`;
      problems.push({ path, message: e.field === 'currency' ? `No exchange rate from ${currency} to the company currency valid on ${date}: enter it under Currency Rates.` : e.message });
    }
  });
  if (problems.length) refuse(problems);

  for (const p of priced) {
    await patchIfChanged(t, doc.lines, p.line, { sell_price: toNumber(p.unitPrice, MONEY), amount: toNumber(p.amount, MONEY) }, 'priced');
  }
  const exempt = Boolean(customer?.tax_exempt);
  const totals = totalsOf(priced, doc.discount ? fixed(q.discount_pct, PCT) : 0n, pricing.taxPct, exempt);
  await patchIfChanged(
    t,
    doc.header,
    q,
    {
      currency: currency || null,
      exchange_rate: rate === null ? null : toNumber(rate, RATE),
      labour_rate: rates.contractRate === null ? null : toNumber(rates.contractRate, MONEY),
      tax_exempt: exempt,
      tax_pct: exempt ? 0 : toNumber(pricing.taxPct, PCT),
      ...doc.totals(totals),
    },
    'priced',
  );
}

function inputOf(l: Row, costs: Map<number, bigint>, lineKey: string): LineInput {
  const type = String(l.line_type) as LineType;
  const source = String(l.price_source ?? 'FIXED') as PriceSource;
  const fromStore = type === 'MAT' && (source === 'COST' || source === 'VENDOR');
  const typedCost = l.unit_cost === null || l.unit_cost === undefined ? null : fixed(l.unit_cost, COST);
  return {
    type,
    source,
    skill: (l.skill as string | null) ?? null,
    manhours: fixed(l.manhours, QTY),
    quantity: fixed(l.quantity, QTY),
    unitCost: fromStore ? (costs.get(Number(l[lineKey])) ?? null) : typedCost,
    markupPct: fixed(l.markup_pct, PCT),
    unitPrice: fixed(l.unit_price, MONEY),
  };
}

/** The company's MRO pricing in force on `date`: tax rate and labour rates per skill (none: 0 %, no rates). */
async function pricingOn(t: Tx, compcode: string, date: string): Promise<{ taxPct: bigint; skillRates: Map<string, bigint> }> {
  const p = await t.db.selectFrom('mro_pricing').selectAll().where('compcode', '=', compcode).where('valid_from', '<=', date).orderBy('valid_from', 'desc').limit(1).executeTakeFirst();
  if (!p) return { taxPct: 0n, skillRates: new Map() };
  const rows = await t.db.selectFrom('mro_labour_rate').select(['skill', 'rate']).where('mro_pricing', '=', p.mro_pricing_id as number).execute();
  return { taxPct: fixed(p.tax_pct, PCT), skillRates: new Map(rows.map((r) => [String(r.skill), fixed(r.rate, MONEY)])) };
}

/**
 * Unit costs in the company currency (scale COST) of the part lines priced at cost (the item's
 * moving-average cost, stock_valuation) or at the vendor's price (the preferred, else the lowest,
 * price still valid on `date`, converted at the day's rate).
 */
async function unitCosts(t: Tx, compcode: string, date: string, lines: Row[], lineKey: string): Promise<Map<number, bigint>> {
  const out = new Map<number, bigint>();
  const want = lines.filter((l) => l.line_type === 'MAT' && (l.price_source === 'COST' || l.price_source === 'VENDOR') && l.item !== null && l.item !== undefined);
  if (!want.length) return out;
  const items = [...new Set(want.map((l) => Number(l.item)))];
  const avg = new Map(
    (await t.db.selectFrom('stock_valuation').select(['item', 'avg_cost']).where('compcode', '=', compcode).where('item', 'in', items).execute())
      .filter((r) => r.avg_cost !== null)
      .map((r) => [Number(r.item), fixed(r.avg_cost, COST)]),
  );
  const offers = (await t.db
    .selectFrom('vendor_item')
    .select(['master_item', 'price', 'currency', 'is_preferred'])
    .where('compcode', '=', compcode)
    .where('master_item', 'in', items)
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>=', date)]))
    .orderBy(sql`is_preferred desc`)
    .orderBy('price')
    .execute());
  const vendor = new Map<number, bigint | null>();
  for (const o of offers) {
    const item = Number(o.master_item);
    if (vendor.has(item)) continue;
    const r = await findRate(t.db, compcode, String(o.currency ?? ''), date);
    vendor.set(item, r === null ? null : mulDiv(fixed(o.price, COST), r, 10n ** BigInt(RATE)));
  }
  for (const l of want) {
    const c = l.price_source === 'COST' ? avg.get(Number(l.item)) : vendor.get(Number(l.item));
    if (c !== undefined && c !== null) out.set(Number(l[lineKey]), c);
  }
  return out;
}
