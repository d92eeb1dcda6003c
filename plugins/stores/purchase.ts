/**
 * Receipts against purchase order lines: the PO price in the company currency, and the PO line's
 * received quantity (qty_received), kept by posting under row locks and never beyond what was
 * ordered. A reversing receipt gives the quantity back.
 *
 *   const lines = await receivePoLines(tx, ctx, env, [{ poLine: 12, qty: 200n, path: '/lines/0' }], { date, docNo, sign: 1 });
 *   lines.get(12).unitCost   // PO price × (1 − discount) × rate, scale 4
 */
import { sql } from 'kysely';
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import { COST, MONEY, QTY, RATE, fixed, mulDiv, show, toNumber } from '../../engine/src/values/money.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';
import type { Problems } from './ledger/problems.ts';
import '../errors.ts';

export interface PoReceipt {
  poLine: number;
  qty: bigint;
  path: string;
  item?: number;
}

export interface PoLineInfo {
  podtlkey: number;
  pokey: number;
  pono: string;
  lineref: string;
  item: number;
  unitCost: bigint;
}

/** The company's currency (company.matauang). */
async function companyCurrency(tx: DB, compcode: string): Promise<string> {
  const c = await tx.selectFrom('company').select('matauang').where('compcode', '=', compcode).executeTakeFirst();
  return String(c?.matauang ?? 'USD').toUpperCase();
}

/**
 * Units of the company currency for one unit of `currency` on `date`: 1 for the company's own
 * currency, else the latest rate valid from that date or before (currency_rate); refused when
 * there is none.
 */
export async function rateOn(tx: DB, compcode: string, currency: string, date: string): Promise<bigint> {
  const r = await findRate(tx, compcode, currency, date);
  if (r === null) throw appError('ERR_STOCK', { message: `No exchange rate from ${currency.trim().toUpperCase()} to ${await companyCurrency(tx, compcode)} valid on ${date}: enter it under Currency Rates before posting.` });
  return r;
}

/** The rate `rateOn` gives (scale RATE), or null when none is valid on `date` (MRO quotations use it). */
export async function findRate(tx: DB, compcode: string, currency: string, date: string): Promise<bigint | null> {
  const own = await companyCurrency(tx, compcode);
  const cur = currency.trim().toUpperCase();
  if (!cur || cur === own) return fixed(1, RATE);
  const r = await tx
    .selectFrom('currency_rate')
    .select(['rate'])
    .where('compcode', '=', compcode)
    .where(sql`upper(currency)`, '=', cur)
    .where('valid_from', '<=', date)
    .orderBy('valid_from', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? fixed(r.rate, RATE) : null;
}

/**
 * Locks the purchase orders and lines received against (orders first, then lines, in key order),
 * checks each line belongs to an approved order of the company (and to `po` when given), refuses
 * a receipt beyond the ordered quantity (sign 1) and updates qty_received; returns each line with
 * its unit cost in the company currency on `date`. Given `problems`, a bad line and an
 * over-receipt are noted there (at the line's field) instead of refused at once.
 */
export async function receivePoLines(
  tx: DB,
  ctx: ActionContext,
  given: PoReceipt[],
  opts: { compcode: string; date: string; docNo: string; sign: 1 | -1; po?: number | null; problems?: Problems },
): Promise<Map<number, PoLineInfo>> {
  const out = new Map<number, PoLineInfo>();
  let receipts = given;
  if (!receipts.length) return out;
  const problems = opts.problems;
  const ids = [...new Set(receipts.map((r) => r.poLine))].sort((a, b) => a - b);
  const heads = await tx
    .selectFrom('purchase_order_line')
    .select(['podtlkey', 'purchase_order'])
    .where('compcode', '=', opts.compcode)
    .where('podtlkey', 'in', ids)
    .execute();
  const headOf = new Map(heads.map((h) => [Number(h.podtlkey), Number(h.purchase_order)]));
  // with `problems` (a posting naming all it finds, ledger/problems.ts) a bad line is noted and left out
  const refuse = (path: string, message: string) => {
    if (!problems) throw appError('ERR_VALIDATION', { errors: [{ path, message }] });
    problems.add(path, message);
  };
  for (const r of receipts) {
    if (!headOf.has(r.poLine)) refuse(`${r.path}/po_line`, 'is not a purchase order line of this company');
    else if (opts.po && headOf.get(r.poLine) !== opts.po) refuse(`${r.path}/po_line`, 'is not a line of the purchase order of this document');
  }
  if (problems) receipts = receipts.filter((r) => headOf.has(r.poLine) && !(opts.po && headOf.get(r.poLine) !== opts.po));
  if (!receipts.length) return out;
  const orders = await tx
    .selectFrom('purchase_order')
    .select(['pokey', 'pono', 'statuswf', 'currency'])
    .where('pokey', 'in', [...new Set(headOf.values())].sort((a, b) => a - b))
    .orderBy('pokey')
    .forUpdate()
    .execute();
  const orderOf = new Map(orders.map((o) => [Number(o.pokey), o]));
  const lines = await tx.selectFrom('purchase_order_line').selectAll().where('podtlkey', 'in', ids).orderBy('podtlkey').forUpdate().execute();
  const total = new Map<number, bigint>();
  for (const r of receipts) total.set(r.poLine, (total.get(r.poLine) ?? 0n) + r.qty);
  for (const line of lines) {
    const key = Number(line.podtlkey);
    const order = orderOf.get(Number(line.purchase_order));
    if (!order) continue;
    const ref = String(line.lineref ?? `${String(order.pono)}/${key}`);
    for (const r of receipts.filter((x) => x.poLine === key && x.item !== undefined && x.item !== Number(line.item))) {
      refuse(`${r.path}/item`, `is not the item ordered on PO line ${ref}`);
    }
    if (opts.sign === 1 && order.statuswf !== STATUS.APPROVED) {
      throw appError('ERR_STOCK', { message: `Purchase order ${String(order.pono)} is not approved: goods cannot be received against it.` });
    }
    const ordered = fixed(line.quantity, QTY);
    const before = fixed(line.qty_received, QTY);
    const qty = total.get(key) ?? 0n;
    const after = before + BigInt(opts.sign) * qty;
    if (after > ordered) {
      const message = `Over-receipt on PO line ${ref}: ${show(ordered, QTY)} ordered, ${show(before, QTY)} already received, ${show(qty, QTY)} more would exceed the order.`;
      if (!problems) throw appError('ERR_STOCK', { message });
      // at the quantity of each line receiving it; its cost is still worked out, so the other checks run
      for (const r of receipts.filter((x) => x.poLine === key)) problems.stock(`${r.path}/quantity`, message);
    }
    if (after < 0n) throw appError('ERR_STOCK', { message: `PO line ${ref} shows only ${show(before, QTY)} received: ${show(qty, QTY)} cannot be given back.` });
    if (after <= ordered) await ctx.repo.patch(tx, ctx.user, 'purchase_order_line', key, { qty_received: toNumber(after, QTY) }, { reason: `${opts.sign === 1 ? 'received by' : 'receipt reversed by'} ${opts.docNo}`, before: line });
    const rate = await rateOn(tx, opts.compcode, String(order.currency ?? ''), opts.date);
    // price (scale 2) × (100 − discount %) (scale 2, as 10000 − d) × rate (scale 6) → unit cost scale 4
    const net = fixed(line.unit_price, MONEY) * (10000n - fixed(line.discount_pct ?? 0, 2));
    const unitCost = mulDiv(net, rate, 10n ** BigInt(MONEY + 4 + RATE - COST));
    out.set(key, { podtlkey: key, pokey: Number(line.purchase_order), pono: String(order.pono), lineref: ref, item: Number(line.item), unitCost });
  }
  return out;
}
