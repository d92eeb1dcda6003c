/**
 * MRO invoicing and the customer's account (issue 21 points 6 and 7; decision 0174; metadata in
 * metadata/mro/invoices.yaml). Each step is one plugin action in one transaction
 * (documentAction: the document read through the access compiler and locked):
 *
 *   mro_create_invoice      released (or closed) work order → DRAFT invoice built from its actuals:
 *                           labour  = each task card's actual man-hours × the rate the quotation
 *                                     priced its labour line with (else the quotation's contract
 *                                     rate, else the rate of a quoted labour line of the same skill);
 *                           parts   = each material line's issued quantity (posted stores issues
 *                                     less returns, decision 0179) × the cost it left stores
 *                                     with (an opening line: the moving average) × (100 + markup) % at the quotation's
 *                                     exchange rate (else the day's; the
 *                                     quoted line's markup, else MRO Pricing's parts markup); parts
 *                                     quoted at a vendor or fixed price keep the quoted unit price;
 *                                     customer-furnished parts are not charged;
 *                           services and other charges = the quoted lines (billed, not worked);
 *                           each line beside the quotation line it performs (quoted, difference),
 *                           quoted lines not performed at 0; totals by the quotation's basis
 *                           (rules/invoice.ts invoiceTotals: FP the authorised amount, NTE the
 *                           actuals capped at it, TM the actuals; authorised = quoted net + the
 *                           approved lines of the work order's approved defect quotations).
 *                           One open draft, and one invoice not credited, per work order (409).
 *                           An AOG work order raised without a quotation (decision 0390): time and
 *                           materials in the customer's currency at the day's rate, labour at the
 *                           customer's contract rate else MRO Pricing's rate for the card's skill,
 *                           parts at their posted cost × MRO Pricing's parts markup, its tax
 *                           (aogTerms); any other work order without a quotation is refused.
 *   mro_post_invoice        DRAFT → POSTED: numbered in the company's gap-free series MIV on the
 *                           business date, due date by the payment terms; the work order's
 *                           invoice_no / invoice_date written; the request follows (invoiced).
 *   mro_credit_invoice      posted invoice → a posted credit note (series MCN) reversing it line for
 *                           line (rules/invoice.ts reverse); an invoice is credited once; the work
 *                           order is no longer invoiced (it can be invoiced again).
 *   mro_post_payment        DRAFT payment → POSTED (customer's currency; the invoice it names is a
 *                           posted invoice of the same customer).
 *   mro_customer_statement  the customer's invoices, credit notes and payments to a date, the balance
 *                           and the ageing buckets 0–30, 31–60, 61–90, 90+ (rules/ageing.ts).
 *
 * Credit hold (creditHoldRefusal): a work order made from a quotation for a customer with invoices
 * open over 90 days, or whose balance plus the quotation would pass its credit limit, is refused.
 *
 * Amounts, statuses, numbers and links of an invoice are server-set (readOnly / setBy: actions); a
 * generic POST of an invoice is refused (hook), its lines are never written through the generic
 * path (lifecycle), and a posted invoice is frozen (lifecycle). Invoices are inserted by the action
 * itself, with an audit row, rather than through the repository's create, which writes only typed
 * fields.
 */
import { STATUS } from '../../engine/src/workflow/status.ts';
import { sql } from 'kysely';
import type { DB } from '../../engine/src/db/database.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { nextNumber } from '../../engine/src/crud/numbering.ts';
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import { addDays, isDate } from '../../engine/src/values/dates.ts';
import { COST, MONEY, PCT, QTY, RATE, fixed, formatMoney, mulDiv, times } from '../../engine/src/values/money.ts';
import { todayUtc } from '../airworthiness/rules/dates.ts';
import { conflict, refuse, type Row } from '../../engine/src/plugins/writes.ts';
import { findRate } from '../stores/purchase.ts';
import { ageing } from './rules/ageing.ts';
import { invoiceTotals, reverse } from './rules/invoice.ts';
import { PricingProblem, toQuote, unitPriceOf, type Basis, type PriceSource } from './rules/pricing.ts';
import { followRequest } from './commercial.ts';
import { accountOf } from './account.ts';
import { stateWords } from '../../engine/src/metadata/labels.ts';

const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const businessDate = (ctx: ActionContext) => ctx.asOf ?? todayUtc();

/** Minor units (scale `scale`) as exact decimal text for a numeric column: -123456n → '-1234.56'. */
export function dec(v: bigint, scale = MONEY): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const p = 10n ** BigInt(scale);
  return `${neg ? '-' : ''}${(a / p).toString()}.${(a % p).toString().padStart(scale, '0')}`;
}
const money = (v: unknown) => fixed(v, MONEY);

const TERMS_DAYS: Record<string, number> = { CIA: 0, NET30: 30, NET45: 45, NET60: 60 };

// ------------------------------------------------------------------ building a draft from actuals

export interface DraftLine {
  line_type: 'LAB' | 'MAT' | 'SVC' | 'OTH';
  description: string;
  reference_no: string | null;
  /** hours or quantity, scale QTY */
  quantity: bigint;
  unitPrice: bigint;
  amount: bigint;
  quoted: bigint | null;
  amo_task: number | null;
  amo_material: number | null;
  quotation_line: number | null;
}

/** The day's units of company currency per unit of `currency` (scale RATE), or a 409 naming the currency. */
async function rateOn(db: DB, compcode: string, currency: string, date: string): Promise<bigint> {
  const r = await findRate(db, compcode, currency, date);
  if (r === null) conflict(`No exchange rate from ${currency} to the company currency valid on ${date}: enter it under Currency Rates.`);
  return r;
}

async function openInvoiceOf(db: DB, wo: Row): Promise<Row | undefined> {
  return (await db
    .selectFrom('mro_invoice')
    .selectAll()
    .where('amo_work_order', '=', Number(wo.amo_wo_id))
    .where('doc_type', '=', 'INV')
    .where((eb) => eb.or([eb('status', '=', 'DRAFT'), eb.and([eb('status', '=', 'POSTED'), eb('credited_by', 'is', null)])]))
    .orderBy('mro_invoice_id')
    .executeTakeFirst());
}

/** The quotation a work order is invoiced from, its lines, and those lines by id. */
interface Quoted {
  q: Row;
  lines: Row[];
  byId: Map<number, Row>;
  /** AOG without a quotation: the company's rates per skill in the customer's currency */
  skillRates?: Map<string, bigint>;
}

/** 409 unless the work order may be invoiced now: released, priced by a quotation, not invoiced already. */
async function refuseInvoicing(db: DB, wo: Row): Promise<void> {
  const no = String(wo.wo_no);
  const status = String(wo.status);
  if (status !== 'RELEASED' && status !== 'CLOSED') conflict(`Work order ${no} is ${stateWords('amo_work_order', 'status', status)}, not released to service: it is invoiced once its CRS is issued.`);
  if (!has(wo.quotation) && wo.wo_type !== 'AOG') conflict(`Work order ${no} names no quotation: its pricing basis and rates come from the accepted quotation (only AOG work is invoiced on time and materials without one).`);
  const open = await openInvoiceOf(db, wo);
  if (open) {
    conflict(open.status === 'DRAFT' ? `Work order ${no} already has a draft invoice: post it, or delete it to build it again.` : `Work order ${no} is already invoiced by ${String(open.invoice_no)}: issue a credit note for it before invoicing again.`);
  }
  // invoiced before invoices were kept here (an opening invoice number)
  if (has(wo.invoice_no)) conflict(`Work order ${no} is already invoiced by ${String(wo.invoice_no)}.`);
}

/**
 * The terms an AOG work order raised without a quotation is invoiced on (decision 0390): time and
 * materials in the customer's billing currency at the business date's exchange rate; labour at the
 * customer's contract rate, else the company's rate for the card's skill (MRO Pricing in force,
 * converted); parts at their posted cost × MRO Pricing's parts markup; the pricing's tax unless
 * the customer is exempt; no discount, nothing quoted or authorised. Returned as the quotation the
 * lines are priced from (no lines), with the skill rates already in the customer's currency.
 */
async function aogTerms(db: DB, wo: Row, date: string): Promise<{ q: Row; skillRates: Map<string, bigint> }> {
  const compcode = String(wo.compcode);
  const c = (await db.selectFrom('amo_customer').selectAll().where('amo_customer_id', '=', Number(wo.amo_customer)).executeTakeFirstOrThrow());
  const currency = String(c.currency ?? '').toUpperCase();
  const rate = await rateOn(db, compcode, currency, date);
  const p = await db.selectFrom('mro_pricing').selectAll().where('compcode', '=', compcode).where('valid_from', '<=', date).orderBy('valid_from', 'desc').limit(1).executeTakeFirst();
  const rows = p ? await db.selectFrom('mro_labour_rate').select(['skill', 'rate']).where('mro_pricing', '=', p.mro_pricing_id as number).execute() : [];
  const skillRates = new Map(rows.map((r) => [String(r.skill), toQuote(money(r.rate), rate)]));
  const contract = has(c.labour_rate) && money(c.labour_rate) > 0n ? dec(money(c.labour_rate)) : null;
  const exempt = Boolean(c.tax_exempt);
  const q: Row = {
    quotation_id: null,
    quotation_no: null,
    currency,
    exchange_rate: dec(rate, RATE),
    labour_rate: contract,
    pricing_basis: 'TM',
    payment_terms: c.payment_terms ?? null,
    customer_po: null,
    discount_pct: 0,
    tax_pct: exempt || !p ? 0 : p.tax_pct,
    tax_exempt: exempt,
    net_amount: 0,
  };
  return { q, skillRates };
}

/** Labour: each task card's booked man-hours × the quoted rate (its line's, else the contract rate, else the same skill's; AOG: the company's skill rate). */
function labourLines(wo: Row, { q, lines: qlines, byId, skillRates }: Quoted, performed: Set<number>): DraftLine[] {
  const lines: DraftLine[] = [];
  const tasks = ((wo.tasks as Row[] | undefined) ?? []).filter((t) => t.status !== 'CANCEL').sort((a, b) => Number(a.seq) - Number(b.seq));
  const contract = money(q.labour_rate);
  for (const t of tasks) {
    const ql = has(t.quotation_line) ? byId.get(Number(t.quotation_line)) : undefined;
    if (ql) performed.add(Number(ql.quotation_line_id));
    const hours = fixed(t.actual_manhours, QTY);
    if (hours === 0n && !ql) continue;
    const sameSkill = qlines.find((l) => l.line_type === 'LAB' && l.skill === t.skill);
    const rate = ql?.line_type === 'LAB' ? money(ql.sell_price) : contract > 0n ? contract : sameSkill ? money(sameSkill.sell_price) : (skillRates?.get(String(t.skill)) ?? null);
    if (rate === null) {
      conflict(
        skillRates
          ? `Task card ${String(t.task_card_no)} (${String(t.skill)}) has no labour rate: the customer has no contract rate and MRO Pricing has no ${String(t.skill)} rate.`
          : `Task card ${String(t.task_card_no)} (${String(t.skill)}) has no labour rate: ${String(q.quotation_no)} has no contract rate and quotes no ${String(t.skill)} labour.`,
      );
    }
    lines.push({
      line_type: 'LAB',
      description: String(t.description),
      reference_no: String(t.task_card_no),
      quantity: hours,
      unitPrice: rate,
      amount: times(rate, hours, QTY),
      quoted: ql ? money(ql.amount) : null,
      amo_task: Number(t.amo_task_id),
      amo_material: null,
      quotation_line: ql ? Number(ql.quotation_line_id) : null,
    });
  }
  return lines;
}

/** Parts: issued quantity × posted cost × markup (or the quoted vendor / fixed price); customer-furnished parts not charged. */
async function partLines(db: DB, wo: Row, { q, byId }: Quoted, performed: Set<number>, date: string): Promise<DraftLine[]> {
  const lines: DraftLine[] = [];
  const compcode = String(wo.compcode);
  const currency = String(q.currency ?? '');
  const materials = ((wo.materials as Row[] | undefined) ?? []).filter((m) => m.status !== 'CANCEL').sort((a, b) => Number(a.line_no) - Number(b.line_no));
  const items = [...new Set(materials.map((m) => m.item).filter(has).map(Number))];
  const avg = new Map(
    (items.length ? await db.selectFrom('stock_valuation').select(['item', 'avg_cost']).where('compcode', '=', compcode).where('item', 'in', items).execute() : [])
      .filter((r) => r.avg_cost !== null)
      .map((r) => [Number(r.item), fixed(r.avg_cost, COST)]),
  );
  const pricing = await db.selectFrom('mro_pricing').select(['parts_markup_pct']).where('compcode', '=', compcode).where('valid_from', '<=', date).orderBy('valid_from', 'desc').limit(1).executeTakeFirst();
  let rate: bigint | undefined;
  for (const m of materials) {
    const ql = has(m.quotation_line) ? byId.get(Number(m.quotation_line)) : undefined;
    if (ql) performed.add(Number(ql.quotation_line_id));
    const quantity = fixed(m.issued_qty, QTY);
    const charged = m.supply !== 'CUSTOMER' && quantity > 0n;
    if (!charged && !ql) continue;
    let unit = 0n;
    if (charged) {
      const source = String(ql?.price_source ?? 'COST') as PriceSource;
      if (ql && source !== 'COST') unit = money(ql.sell_price);
      else {
        // the value the parts left stores with (decision 0179); an opening line taken over with a
        // quantity but no posted issue: the moving average on the day
        const issuedValue = fixed(m.issued_value ?? 0, MONEY);
        const cost = issuedValue > 0n ? mulDiv(issuedValue, 10n ** BigInt(COST - MONEY + QTY), quantity) : has(m.item) ? avg.get(Number(m.item)) : undefined;
        if (cost === undefined) conflict(`Part ${String(m.partnumber)} (material line ${String(m.line_no)}) has no posted cost: it is billed at its moving-average cost once stock of it is posted.`);
        // the rate the customer accepted with the quotation, else (no quoted line needed one) the day's
        rate ??= has(q.exchange_rate) ? fixed(q.exchange_rate, RATE) : await rateOn(db, compcode, currency, date);
        const markupPct = ql ? fixed(ql.markup_pct, PCT) : fixed(pricing?.parts_markup_pct ?? 0, PCT);
        try {
          unit = unitPriceOf({ type: 'MAT', source: 'COST', manhours: 0n, quantity, unitCost: cost, markupPct, unitPrice: 0n }, { contractRate: null, skillRates: new Map(), rate });
        } catch (e) {
          if (e instanceof PricingProblem) conflict(`Part ${String(m.partnumber)}: ${e.message}.`);
          throw e;
        }
      }
    }
    const billed = charged ? quantity : 0n;
    lines.push({
      line_type: 'MAT',
      description: `${String(m.itemname)}${m.supply === 'CUSTOMER' ? ' (customer-furnished, not charged)' : ''}`,
      reference_no: String(m.partnumber),
      quantity: billed,
      unitPrice: unit,
      amount: times(unit, billed, QTY),
      quoted: ql ? money(ql.amount) : null,
      amo_task: null,
      amo_material: Number(m.amo_material_id),
      quotation_line: ql ? Number(ql.quotation_line_id) : null,
    });
  }
  return lines;
}

/** Services and other charges: billed as quoted; quoted labour and parts not performed: 0. */
function quotedLines({ lines: qlines }: Quoted, performed: Set<number>): DraftLine[] {
  const lines: DraftLine[] = [];
  for (const l of qlines) {
    const id = Number(l.quotation_line_id);
    if (performed.has(id)) continue;
    const billedAsQuoted = l.line_type === 'SVC' || l.line_type === 'OTH';
    const quantity = l.line_type === 'LAB' ? fixed(l.manhours, QTY) : fixed(l.quantity, QTY);
    lines.push({
      line_type: String(l.line_type) as DraftLine['line_type'],
      description: `${String(l.description)}${billedAsQuoted ? '' : ' (quoted, not performed)'}`,
      reference_no: (l.partnumber as string | null) ?? null,
      quantity: billedAsQuoted ? quantity : 0n,
      unitPrice: money(l.sell_price),
      amount: billedAsQuoted ? money(l.amount) : 0n,
      quoted: money(l.amount),
      amo_task: null,
      amo_material: null,
      quotation_line: id,
    });
  }
  return lines;
}

/**
 * Services and other charges of the work order's approved defect quotations (decision 0175: billed,
 * not worked): each line the customer approved, billed as it was approved (quantity, price,
 * amount; the quoted amount is the same, difference 0). Labour and parts lines of a defect
 * quotation become cards and material lines and are billed from their actuals (above).
 */
async function defectChargeLines(db: DB, wo: Row): Promise<DraftLine[]> {
  const rows = (await db
    .selectFrom('quotation_defect_line as l')
    .innerJoin('quotation_defect as d', 'd.quotation_defect_id', 'l.quotation_defect')
    .select(['l.line_type', 'l.description', 'l.quantity', 'l.sell_price', 'l.amount', 'd.quotation_no', 'l.line_no'])
    .where('d.amo_work_order', '=', Number(wo.amo_wo_id))
    .where('d.statuswf', '=', STATUS.APPROVED)
    .where('l.customer_decision', '=', 'APPROVED')
    .where('l.line_type', 'in', ['SVC', 'OTH'])
    .orderBy('d.quotation_defect_id')
    .orderBy('l.line_no')
    .execute());
  return rows.map((l) => ({
    line_type: String(l.line_type) as DraftLine['line_type'],
    description: String(l.description),
    reference_no: `${String(l.quotation_no ?? '')}/${String(l.line_no)}`,
    quantity: fixed(l.quantity, QTY),
    unitPrice: money(l.sell_price),
    amount: money(l.amount),
    quoted: money(l.amount),
    amo_task: null,
    amo_material: null,
    quotation_line: null,
  }));
}

/** What the customer authorised: the quoted net and the approved lines of approved defect quotations. */
async function authorisedAmount(db: DB, wo: Row, q: Row): Promise<bigint> {
  const defects = await db
    .selectFrom('quotation_defect_line as l')
    .innerJoin('quotation_defect as d', 'd.quotation_defect_id', 'l.quotation_defect')
    .select(sql<string>`coalesce(sum(l.amount), 0)`.as('approved'))
    .where('d.amo_work_order', '=', Number(wo.amo_wo_id))
    .where('d.statuswf', '=', STATUS.APPROVED)
    .where('l.customer_decision', '=', 'APPROVED')
    .executeTakeFirstOrThrow();
  return money(q.net_amount) + money(defects.approved);
}

/** An invoice line's stored values (exact decimal text) from a draft line. */
function invoiceLineRow(l: DraftLine, i: number): Row {
  return {
    line_no: i + 1,
    line_type: l.line_type,
    description: l.description.slice(0, 300),
    reference_no: l.reference_no?.slice(0, 60) ?? null,
    quantity: dec(l.quantity, QTY),
    unit_price: dec(l.unitPrice),
    amount: dec(l.amount),
    quoted_amount: l.quoted === null ? null : dec(l.quoted),
    difference: l.quoted === null ? null : dec(l.amount - l.quoted),
    amo_task: l.amo_task,
    amo_material: l.amo_material,
    quotation_line: l.quotation_line,
  };
}

export function createInvoice(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'amo_work_order', key, name: 'create invoice' }, async (db, wo) => {
    await refuseInvoicing(db, wo);
    const no = wo.wo_no;
    const date = businessDate(ctx);
    const aog = has(wo.quotation) ? null : await aogTerms(db, wo, date);
    const q = aog ? aog.q : ((await db.selectFrom('quotation').selectAll().where('quotation_id', '=', Number(wo.quotation)).executeTakeFirstOrThrow()));
    const qlines = aog ? [] : ((await db.selectFrom('quotation_line').selectAll().where('quotation', '=', Number(q.quotation_id)).orderBy('line_no').execute()));
    const quoted: Quoted = { q, lines: qlines, byId: new Map(qlines.map((l) => [Number(l.quotation_line_id), l])), skillRates: aog?.skillRates };
    const currency = String(q.currency ?? '');
    // the quotation lines the cards and parts perform; the others are billed as quoted or at 0
    const performed = new Set<number>();
    const lines = [...labourLines(wo, quoted, performed), ...(await partLines(db, wo, quoted, performed, date))];
    lines.push(...quotedLines(quoted, performed), ...(await defectChargeLines(db, wo)));

    const quotedNet = money(q.net_amount);
    const authorised = await authorisedAmount(db, wo, q);
    const basis = String(q.pricing_basis) as Basis;
    const totals = invoiceTotals(
      basis,
      lines.map((l) => l.amount),
      fixed(q.discount_pct, PCT),
      authorised,
      fixed(q.tax_pct, PCT),
      Boolean(q.tax_exempt),
    );
    const id = await insertInvoice(ctx, db, {
      doc_type: 'INV',
      status: 'DRAFT',
      amo_work_order: wo.amo_wo_id,
      amo_customer: wo.amo_customer,
      customer_aircraft: wo.customer_aircraft,
      quotation: q.quotation_id,
      customer_po: wo.customer_po ?? q.customer_po ?? null,
      pricing_basis: basis,
      currency,
      payment_terms: q.payment_terms ?? null,
      quoted_amount: dec(quotedNet),
      authorised_amount: dec(authorised),
      subtotal: dec(totals.subtotal),
      discount_pct: dec(fixed(q.discount_pct, PCT), PCT),
      discount_amount: dec(totals.discount),
      adjustment: dec(totals.adjustment),
      net_amount: dec(totals.net),
      tax_pct: dec(fixed(q.tax_pct, PCT), PCT),
      tax_amount: dec(totals.tax),
      total: dec(totals.total),
      remark: aog ? `From work order ${no} (AOG, time and materials)` : `From work order ${no} and ${String(q.quotation_no)}`,
    }, lines.map(invoiceLineRow));
    const basisWords = { FP: 'fixed price', NTE: 'not to exceed', TM: 'time and materials' }[basis];
    return {
      success: 1,
      message: `Draft invoice for ${no} (${basisWords}): actuals ${currency} ${formatMoney(totals.subtotal)}, billed ${formatMoney(totals.net)} + tax ${formatMoney(totals.tax)} = ${formatMoney(totals.total)}.`,
      mro_invoice_id: id,
    };
  });
}

/** Inserts an invoice or credit note with its lines (server-set values) and the audit row. */
async function insertInvoice(ctx: ActionContext, db: DB, header: Row, lines: Row[]): Promise<number> {
  const e = ctx.reg.entity('mro_invoice');
  const stamp = { compcode: ctx.user.compcode, created_by: ctx.user.username };
  const inserted = await db.insertInto('mro_invoice').values({ ...header, ...stamp } as never).returning('mro_invoice_id').executeTakeFirstOrThrow();
  const id = Number(inserted.mro_invoice_id);
  if (lines.length) await db.insertInto('mro_invoice_line').values(lines.map((l) => ({ ...l, mro_invoice: id, ...stamp })) as never).execute();
  await ctx.repo.audit(db, ctx.user, e, id, 'insert', { after: { ...header, lines: lines.length } });
  return id;
}

// ------------------------------------------------------------------ post, credit

/**
 * The date a billing document is dated on (decision 0262): the business date, or the one given
 * (`path`, a calendar date) within the company's open accounting period: on or after its opening
 * (`company.tglaktif`, the books are closed before it) and not after the business date. 400 at
 * the field otherwise.
 */
export async function billingDate(ctx: ActionContext, db: DB, compcode: string, given: unknown, path: string): Promise<string> {
  const today = businessDate(ctx);
  // the business date itself is the day's (fixtures replay history on their own business dates)
  if (given === undefined || given === null || given === '') return today;
  if (typeof given !== 'string' || !isDate(given.slice(0, 10))) refuse([{ path, message: 'must be a date (YYYY-MM-DD)' }]);
  return openPeriodDate(db, compcode, given.slice(0, 10), today, path);
}

const day = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v ?? '')).slice(0, 10);

async function openPeriodDate(db: DB, compcode: string, date: string, today: string, path: string): Promise<string> {
  if (date > today) refuse([{ path, message: `must not be after today (${today})` }]);
  const c = await db.selectFrom('company').select('tglaktif').where('compcode', '=', compcode).executeTakeFirst();
  const opened = has(c?.tglaktif) ? day(c?.tglaktif) : null;
  if (opened && date < opened) refuse([{ path, message: `must be in the open accounting period (from ${opened}): the books are closed before it` }]);
  return date;
}

const label = (inv: Row) => (inv.doc_type === 'CN' ? `Credit note ${String(inv.invoice_no ?? '')}` : has(inv.invoice_no) ? `Invoice ${String(inv.invoice_no)}` : 'This draft invoice').trim();

export function postInvoice(ctx: ActionContext, key: unknown, body: Row = {}) {
  return documentAction(ctx, { entity: 'mro_invoice', key, name: 'post invoice' }, async (db, inv) => {
    if (inv.status === 'POSTED') conflict(`${label(inv)} is already posted.`);
    const date = await billingDate(ctx, db, inv.compcode, body.invoice_date, '/invoice_date');
    const wo = (await db.selectFrom('amo_work_order').selectAll().where('amo_wo_id', '=', Number(inv.amo_work_order)).forUpdate().executeTakeFirstOrThrow());
    const number = await nextNumber(db, inv.compcode, 'MIV', undefined, new Date(`${date}T00:00:00Z`));
    const due = addDays(date, TERMS_DAYS[String(inv.payment_terms)] ?? 30);
    await ctx.repo.patch(db, ctx.user, 'mro_invoice', inv.mro_invoice_id, { invoice_no: number, invoice_date: date, due_date: due, status: 'POSTED', posted_by: ctx.user.user_id }, { reason: 'posted', before: inv });
    await ctx.repo.patch(db, ctx.user, 'amo_work_order', Number(wo.amo_wo_id), { invoice_no: number, invoice_date: date }, { reason: `invoiced by ${number}`, before: wo });
    await followRequest({ db, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit }, wo.customer_request);
    return { success: 1, message: `Invoice ${number} posted for work order ${String(wo.wo_no)}: ${String(inv.currency)} ${formatMoney(money(inv.total))}, due ${due}.`, invoice_no: number, status: 'POSTED' };
  });
}

const LINE_AMOUNTS = ['quantity', 'amount', 'quoted_amount', 'difference'] as const;
const HEADER_AMOUNTS = ['quoted_amount', 'authorised_amount', 'subtotal', 'discount_amount', 'adjustment', 'net_amount', 'tax_amount', 'total'] as const;

export function creditInvoice(ctx: ActionContext, key: unknown, body: Row = {}) {
  return documentAction(ctx, { entity: 'mro_invoice', key, name: 'credit note' }, async (db, inv) => {
    if (inv.doc_type === 'CN') conflict(`${label(inv)} is a credit note: only an invoice is credited.`);
    if (inv.status !== 'POSTED') conflict('This invoice is a draft: delete it instead of crediting it.');
    if (has(inv.credited_by)) {
      const cn = await db.selectFrom('mro_invoice').select('invoice_no').where('mro_invoice_id', '=', Number(inv.credited_by)).executeTakeFirst();
      conflict(`${label(inv)} is already credited by ${String(cn?.invoice_no ?? 'a credit note')}: an invoice is credited once.`);
    }
    // what is still to credit: the invoice's total less the posted credit notes crediting it (read
    // under the invoice's lock, so simultaneous credit notes of one invoice make one)
    const credited = await db.selectFrom('mro_invoice').select(sql<string>`coalesce(sum(-total), 0)`.as('credited')).where('credits', '=', inv.mro_invoice_id).where('status', '=', 'POSTED').where('doc_type', '=', 'CN').executeTakeFirstOrThrow();
    const creditable = money(inv.total) - money(credited.credited);
    // the credit note reverses the whole total (decision 0174): it must not exceed what is left
    if (money(inv.total) > creditable) conflict(`${label(inv)} is already credited (${String(inv.currency)} ${formatMoney(money(credited.credited))}): an invoice is credited once, in full.`);
    const date = await billingDate(ctx, db, inv.compcode, body.invoice_date, '/invoice_date');
    if (date < day(inv.invoice_date)) refuse([{ path: '/invoice_date', message: `must not be before the invoice it credits (${String(inv.invoice_no)}, dated ${day(inv.invoice_date)})` }]);
    const number = await nextNumber(db, inv.compcode, 'MCN', undefined, new Date(`${date}T00:00:00Z`));
    const amounts = (row: Row, names: readonly string[], scale = (n: string) => (n === 'quantity' ? QTY : MONEY)) =>
      reverse(Object.fromEntries(names.filter((n) => has(row[n])).map((n) => [n, fixed(row[n], scale(n))])));
    const h = amounts(inv, HEADER_AMOUNTS);
    const header: Row = {
      invoice_no: number,
      doc_type: 'CN',
      invoice_date: date,
      status: 'POSTED',
      posted_by: ctx.user.user_id,
      credits: inv.mro_invoice_id,
      ...Object.fromEntries((['amo_work_order', 'amo_customer', 'customer_aircraft', 'quotation', 'customer_po', 'pricing_basis', 'currency', 'payment_terms', 'discount_pct', 'tax_pct'] as const).map((f) => [f, inv[f] ?? null])),
      ...Object.fromEntries(Object.entries(h).map(([k, v]) => [k, dec(v)])),
      remark: `Credits ${String(inv.invoice_no)}`,
    };
    const lines = ((inv.lines as Row[] | undefined) ?? [])
      .sort((a, b) => Number(a.line_no) - Number(b.line_no))
      .map((l) => {
        const r = amounts(l, LINE_AMOUNTS);
        return {
          ...Object.fromEntries(['line_no', 'line_type', 'description', 'reference_no', 'unit_price', 'amo_task', 'amo_material', 'quotation_line'].map((f) => [f, l[f] ?? null])),
          quantity: dec(r.quantity ?? 0n, QTY),
          amount: dec(r.amount ?? 0n),
          quoted_amount: r.quoted_amount === undefined ? null : dec(r.quoted_amount),
          difference: r.difference === undefined ? null : dec(r.difference),
        };
      });
    const id = await insertInvoice(ctx, db, header, lines);
    await ctx.repo.patch(db, ctx.user, 'mro_invoice', inv.mro_invoice_id, { credited_by: id }, { reason: `credited by ${number}`, before: inv });
    const wo = (await db.selectFrom('amo_work_order').selectAll().where('amo_wo_id', '=', Number(inv.amo_work_order)).forUpdate().executeTakeFirst());
    if (wo && String(wo.invoice_no ?? '') === String(inv.invoice_no)) {
      await ctx.repo.patch(db, ctx.user, 'amo_work_order', Number(wo.amo_wo_id), { invoice_no: null, invoice_date: null }, { reason: `${String(inv.invoice_no)} credited by ${number}`, before: wo });
      await followRequest({ db, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit }, wo.customer_request);
    }
    return { success: 1, message: `Credit note ${number} posted: reverses ${String(inv.invoice_no)} (${String(inv.currency)} ${formatMoney(-money(inv.total))}).`, mro_invoice_id: id, invoice_no: number };
  });
}

// ------------------------------------------------------------------ payments

/** Every entry of the account, whatever its date (what a payment may settle). */
const ALL_DATES = '9999-12-31';

/**
 * The most a payment may be (minor units): what is still open on the invoice it names (its total
 * less the credit notes and payments settling it, less the unallocated payments the oldest-first
 * rule gave it, rules/ageing.ts), else the customer's open balance. 0 or less: nothing to pay.
 *
 *   invoice 732.60, nothing paid → 732.60; after a payment of 732.60 → 0 (a second one is refused)
 */
export function paymentCap(account: ReturnType<typeof ageing>, invoiceNo: string | null): bigint {
  if (invoiceNo === null) return account.balance;
  return account.open.find((o) => o.no === invoiceNo)?.open ?? 0n;
}

export function postPayment(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'mro_payment', key, name: 'post payment' }, async (db, p) => {
    if (p.status === 'POSTED') conflict(`Payment ${p.payment_no} is already posted.`);
    const customer = await db.selectFrom('amo_customer').select(['customer_name', 'currency']).where('amo_customer_id', '=', p.amo_customer).executeTakeFirstOrThrow();
    const currency = (p.currency ?? '').toUpperCase();
    await openPeriodDate(db, p.compcode, day(p.payment_date), businessDate(ctx), '/payment_date');
    if (currency !== String(customer.currency).toUpperCase()) refuse([{ path: '/currency', message: `must be ${String(customer.currency)}, the billing currency of ${String(customer.customer_name)}` }]);
    // the customer's account is read under its lock (then the invoice's): simultaneous payments
    // of one customer post one after the other, each against what the earlier ones left open
    await db.selectFrom('amo_customer').select('amo_customer_id').where('amo_customer_id', '=', p.amo_customer).forUpdate().executeTakeFirstOrThrow();
    let invoiceNo: string | null = null;
    if (has(p.mro_invoice)) {
      const inv = await db.selectFrom('mro_invoice').select(['invoice_no', 'amo_customer', 'status', 'doc_type']).where('mro_invoice_id', '=', Number(p.mro_invoice)).forUpdate().executeTakeFirst();
      if (!inv || inv.status !== 'POSTED' || inv.doc_type !== 'INV' || Number(inv.amo_customer) !== p.amo_customer) {
        refuse([{ path: '/mro_invoice', message: `must be a posted invoice of ${String(customer.customer_name)}` }]);
      }
      invoiceNo = String(inv.invoice_no);
    }
    const cap = paymentCap(ageing(await accountOf(db, p.compcode, p.amo_customer), ALL_DATES), invoiceNo);
    const amount = money(p.amount);
    if (cap <= 0n) conflict(invoiceNo ? `Invoice ${invoiceNo} is already settled: nothing is left to pay on it.` : `${String(customer.customer_name)} has no open balance: nothing is left to pay.`);
    if (amount > cap) {
      refuse([{ path: '/amount', message: invoiceNo ? `must not exceed ${currency} ${formatMoney(cap)}, what is still open on invoice ${invoiceNo}` : `must not exceed ${currency} ${formatMoney(cap)}, the open balance of ${String(customer.customer_name)}` }]);
    }
    await ctx.repo.patch(db, ctx.user, 'mro_payment', p.mro_payment_id, { status: 'POSTED', posted_by: ctx.user.user_id }, { reason: 'posted', before: p });
    return { success: 1, message: `Payment ${p.payment_no} of ${currency} ${formatMoney(money(p.amount))} posted to ${String(customer.customer_name)}'s account.`, status: 'POSTED' };
  });
}

// ------------------------------------------------------------------ the customer's account

const n = (v: bigint) => Number(dec(v));

export async function customerStatement(ctx: ActionContext, key: unknown, body: Row) {
  const c = await ctx.repo.get({ db: ctx.db, ability: ctx.ability }, 'amo_customer', key, { action: ctx.permission ?? 'print' });
  if (body.as_of !== undefined && (typeof body.as_of !== 'string' || !isDate(body.as_of))) refuse([{ path: '/as_of', message: 'must be a date (YYYY-MM-DD)' }]);
  const asOf = (body.as_of as string | undefined) ?? businessDate(ctx);
  const entries = await accountOf(ctx.db, String(c.compcode), Number(c.amo_customer_id));
  const a = ageing(entries, asOf);
  const cur = String(c.currency);
  const b = a.buckets;
  return {
    success: 1,
    message: `Statement of ${String(c.customer_name)} on ${asOf}: balance ${cur} ${formatMoney(a.balance)} (0-30: ${formatMoney(b.d0_30)}, 31-60: ${formatMoney(b.d31_60)}, 61-90: ${formatMoney(b.d61_90)}, 90+: ${formatMoney(b.d90)}).`,
    as_of: asOf,
    currency: cur,
    entries: entries.filter((e) => e.date <= asOf).map((e) => ({ ...e, amount: n(e.amount), debit: e.kind === 'INV' ? n(e.amount) : 0, credit: e.kind === 'INV' ? 0 : n(e.amount) })),
    balance: n(a.balance),
    buckets: { d0_30: n(b.d0_30), d31_60: n(b.d31_60), d61_90: n(b.d61_90), d90: n(b.d90) },
    open: a.open.map((o) => ({ ...o, open: n(o.open) })),
  };
}

