/**
 * The chain's rules on every write of its documents (generic data calls, line writes, the
 * plugin's own actions): each runs after the write, inside its transaction, on the document as
 * stored, so a refusal rolls the whole write back. The source lines are locked (in key order)
 * before their sums are read, so two writers taking from one line are serialised and the second
 * sees the first's quantities.
 *
 *   - a PR line takes at most what its approved MR line requested, less what other PR lines took;
 *   - a canvass line asks for at most what its approved PR line has not yet ordered;
 *   - quotations answer an invited vendor, for at most the line's quantity; a choice needs step 3;
 *   - a PO line orders at most what its approved PR line has not yet ordered and what its chosen
 *     quotation offered, from the quotation's vendor, at no more than the quoted price;
 *   - a receiving line receives at most what its approved PO line has open.
 *
 * Status and item rules apply to the lines a write adds or changes (a line written before a
 * source was closed stays valid); quantity caps apply to every line.
 */
import { appError, type FieldError } from '../../engine/src/errors.ts';
import { byKey, cents, keysOf, lockRows, netAmount, patchIfChanged, qty, refuse, money, type Row, type Tx } from './util.ts';
import { onPurchaseOrders, onPurchaseRequests, onUnpostedReceivings, orderedFromQuotes, receivedOn } from './quantities.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';
import { loose } from '../../engine/src/db/loose.ts';
import '../errors.ts';

/** Which lines a write touched: every line (a new document) or the keys of added/changed ones. */
export type Changed = 'all' | Set<number>;

const touched = (changed: Changed, key: unknown) => changed === 'all' || changed.has(Number(key));

/** Paths of errors: `/lines/2/quantity` for a document write, `/quantity` for a direct line write. */
export interface Where {
  child: string;
  /** the one line written directly, when the write was a line's */
  direct?: number;
}

function pathOf(where: Where, lines: Row[], key: string, line: Row, field: string): string {
  if (where.direct !== undefined) return `/${field}`;
  return `/${where.child}/${lines.findIndex((l) => l[key] === line[key])}/${field}`;
}

/** Keys of lines added or changed in one of the fields, comparing the document before and after. */
export function changedLines(before: Row[] | undefined, after: Row[], key: string, fields: string[]): Set<number> {
  const old = new Map((before ?? []).map((l) => [Number(l[key]), l]));
  const out = new Set<number>();
  for (const l of after) {
    const b = old.get(Number(l[key]));
    if (!b || fields.some((f) => String(b[f] ?? '') !== String(l[f] ?? ''))) out.add(Number(l[key]));
  }
  return out;
}

/** The lines a write touched first, so that a quantity over a cap is reported on the line written. */
const touchedFirst = (rows: Row[], key: string, changed: Changed): Row[] => [...rows.filter((l) => touched(changed, l[key])), ...rows.filter((l) => !touched(changed, l[key]))];

const unitOf = (v: unknown) => String(v ?? '').trim().toUpperCase();
const lineName = (l: Row | undefined, fallback: string) => String(l?.lineref ?? fallback);

async function lines(t: Tx, entity: string, fk: string, key: number): Promise<Row[]> {
  const e = t.reg.entity(entity);
  return (await loose(t.db).selectFrom(e.table).selectAll().where(fk, '=', key).orderBy(e.key).execute()) as Row[];
}

async function statusOf(t: Tx, table: string, key: string, keys: number[], number: string): Promise<Map<number, Row>> {
  if (keys.length === 0) return new Map();
  return byKey((await loose(t.db).selectFrom(table).select([key, 'statuswf', number]).where(key, 'in', keys).execute()) as Row[], key);
}

// ------------------------------------------------------------------ purchase request

export async function checkPurchaseRequest(t: Tx, prkey: number, changed: Changed, where: Where = { child: 'lines' }): Promise<void> {
  const own = await lines(t, 'purchase_request_line', 'purchase_request', prkey);
  const mrLines = byKey(await lockRows(t.db, 'material_request_line', 'reqdtlkey', keysOf(own, 'mr_line')), 'reqdtlkey');
  if (mrLines.size === 0) return;
  const requests = await statusOf(t, 'material_request', 'requestkey', keysOf([...mrLines.values()], 'request'), 'requestno');
  const taken = await onPurchaseRequests(t.db, [...mrLines.keys()]);
  const problems: FieldError[] = [];
  const capped = new Set<number>();
  for (const l of touchedFirst(own, 'prdtlkey', changed)) {
    if (l.mr_line === null || l.mr_line === undefined) continue;
    const ml = mrLines.get(Number(l.mr_line));
    if (!ml) continue;
    const path = (f: string) => pathOf(where, own, 'prdtlkey', l, f);
    if (touched(changed, l.prdtlkey)) {
      const mr = requests.get(Number(ml.request));
      if (mr?.statuswf !== STATUS.APPROVED) problems.push({ path: path('mr_line'), message: `${String(mr?.requestno ?? 'The material request')} is not approved: only lines of an approved request are purchased.` });
      else if (Number(ml.outstand) === 0) problems.push({ path: path('mr_line'), message: `${lineName(ml, 'The request line')} is closed.` });
      if (ml.item !== null && l.item !== null && l.item !== undefined && Number(ml.item) !== Number(l.item)) problems.push({ path: path('item'), message: `is not the item of ${lineName(ml, 'the request line')}.` });
      if (unitOf(ml.invunitom) !== unitOf(l.unit)) problems.push({ path: path('unit'), message: `must be ${String(ml.invunitom)}, the unit of ${lineName(ml, 'the request line')}.` });
    }
    const mrKey = Number(ml.reqdtlkey);
    const total = taken.get(mrKey) ?? 0;
    if (!capped.has(mrKey) && total > cents(ml.quantity)) {
      capped.add(mrKey);
      const others = total - cents(l.quantity);
      problems.push({ path: path('quantity'), message: `${lineName(ml, 'The request line')} requested ${qty(cents(ml.quantity))}; ${qty(Math.max(cents(ml.quantity) - others, 0))} of it can still go on a purchase request, not ${qty(cents(l.quantity))}.` });
    }
  }
  if (problems.length) refuse(problems);
}

// ------------------------------------------------------------------ canvass sheet

export async function checkCanvass(t: Tx, csheetkey: number, changed: { lines: Changed; quotes: Changed; vendors: Changed }, where: { lines: Where; quotes: Where; vendors: Where } = { lines: { child: 'lines' }, quotes: { child: 'quotes' }, vendors: { child: 'vendors' } }): Promise<void> {
  const sheet = (await t.db.selectFrom('canvass_sheet').selectAll().where('csheetkey', '=', csheetkey).executeTakeFirst());
  if (!sheet) return;
  const own = await lines(t, 'canvass_line', 'canvass_sheet', csheetkey);
  const vendors = await lines(t, 'canvass_vendor', 'canvass_sheet', csheetkey);
  const quotes = await lines(t, 'canvass_quote', 'canvass_sheet', csheetkey);
  const problems: FieldError[] = [];
  const step = Number(sheet.step);

  // lines: from an approved PR line, once per sheet, for what is not yet ordered
  const touchedLines = own.filter((l) => touched(changed.lines, l.csdtlkey));
  const prLines = byKey(await lockRows(t.db, 'purchase_request_line', 'prdtlkey', keysOf(touchedLines, 'pr_line')), 'prdtlkey');
  const requests = await statusOf(t, 'purchase_request', 'prkey', keysOf([...prLines.values()], 'purchase_request'), 'prno');
  const ordered = await onPurchaseOrders(t.db, [...prLines.keys()]);
  for (const l of touchedLines) {
    const path = (f: string) => pathOf(where.lines, own, 'csdtlkey', l, f);
    if (l.pr_line === null || l.pr_line === undefined) continue;
    if (own.filter((x) => Number(x.pr_line) === Number(l.pr_line)).length > 1) {
      problems.push({ path: path('pr_line'), message: 'is already on this canvass sheet.' });
      continue;
    }
    const pl = prLines.get(Number(l.pr_line));
    if (!pl) continue;
    const pr = requests.get(Number(pl.purchase_request));
    if (pr?.statuswf !== STATUS.APPROVED) problems.push({ path: path('pr_line'), message: `${String(pr?.prno ?? 'The purchase request')} is not approved: only lines of an approved request are canvassed.` });
    if (pl.item !== null && Number(pl.item) !== Number(l.item)) problems.push({ path: path('item'), message: `is not the item of ${lineName(pl, 'the PR line')}.` });
    if (unitOf(pl.unit) !== unitOf(l.unit)) problems.push({ path: path('unit'), message: `must be ${String(pl.unit)}, the unit of ${lineName(pl, 'the PR line')}.` });
    const open = cents(pl.quantity) - (ordered.get(Number(pl.prdtlkey)) ?? 0);
    if (cents(l.quantity) > open) problems.push({ path: path('quantity'), message: `${lineName(pl, 'The PR line')} has ${qty(Math.max(open, 0))} not yet ordered; a canvass cannot ask for ${qty(cents(l.quantity))}.` });
  }

  // vendors: active ones
  const touchedVendors = vendors.filter((v) => touched(changed.vendors, v.csvendorkey));
  if (touchedVendors.length) {
    const vs = byKey((await t.db.selectFrom('vendor').select(['vendor_id', 'vendor_name', 'active']).where('vendor_id', 'in', keysOf(touchedVendors, 'vendor')).execute()), 'vendor_id');
    for (const v of touchedVendors) {
      const row = vs.get(Number(v.vendor));
      if (row && !row.active) problems.push({ path: pathOf(where.vendors, vendors, 'csvendorkey', v, 'vendor'), message: `${String(row.vendor_name)} is not an active vendor.` });
    }
  }

  // quotations: for a line of this sheet, by an invited vendor, after the RFQ; choices after the comparison
  const invited = new Set(vendors.map((v) => Number(v.vendor)));
  // the vendors of quotations not invited, by name for their refusal
  const uninvited = keysOf(quotes.filter((q) => touched(changed.quotes, q.quotekey) && !invited.has(Number(q.vendor))), 'vendor');
  const vendorNames = uninvited.length ? byKey((await t.db.selectFrom('vendor').select(['vendor_id', 'vendor_name']).where('vendor_id', 'in', uninvited).execute()), 'vendor_id') : new Map<number, Row>();
  const ownLines = byKey(own, 'csdtlkey');
  const selected = new Map<number, number>();
  for (const q of quotes) {
    const path = (f: string) => pathOf(where.quotes, quotes, 'quotekey', q, f);
    const line = ownLines.get(Number(q.cs_line));
    if (q.selected) selected.set(Number(q.cs_line), (selected.get(Number(q.cs_line)) ?? 0) + cents(q.quantity));
    if (!touched(changed.quotes, q.quotekey)) continue;
    if (!line) {
      problems.push({ path: path('cs_line'), message: 'is not a line of this canvass sheet.' });
      continue;
    }
    if (step < 2) problems.push({ path: path('vendor'), message: 'Issue the RFQ (step 1) before entering quotations.' });
    if (!invited.has(Number(q.vendor))) problems.push({ path: path('vendor'), message: `${String(vendorNames.get(Number(q.vendor))?.vendor_name ?? 'This vendor')} was not invited to quote on this canvass sheet: invite them in step 1 first.` });
    if (cents(q.quantity) > cents(line.quantity)) problems.push({ path: path('quantity'), message: `is more than the ${qty(cents(line.quantity))} asked on ${lineName(line, 'the line')}.` });
    if (q.selected && step < 3) problems.push({ path: path('selected'), message: 'Compare the quotations (step 3) before choosing.' });
    if (q.selected && !priced(q)) problems.push({ path: path('unit_price'), message: 'is required: only a quotation with its price is chosen.' });
  }
  for (const [line, n] of selected) {
    const l = ownLines.get(line);
    if (l && n > cents(l.quantity)) problems.push({ path: `/${where.quotes.child}`, message: `The quotations chosen for ${lineName(l, 'a line')} add up to ${qty(n)}, more than the ${qty(cents(l.quantity))} asked.` });
  }
  if (problems.length) refuse(problems);

  await rankQuotes(t, quotes);
}

/** A quotation line with its price typed (lines made at Issue RFQ wait empty for the vendor's price). */
export const priced = (q: Row): boolean => q.unit_price !== null && q.unit_price !== undefined && q.unit_price !== '';

/**
 * The comparison sheet: each priced quotation's amount and its rank by unit price among its
 * line's priced quotations in one currency; a line not yet priced has neither.
 */
export async function rankQuotes(t: Tx, quotes: Row[]): Promise<void> {
  for (const q of quotes) {
    if (!priced(q)) {
      await patchIfChanged(t, 'canvass_quote', q, { amount: null, price_rank: null }, 'comparison sheet');
      continue;
    }
    const peers = quotes.filter((x) => priced(x) && Number(x.cs_line) === Number(q.cs_line) && String(x.currency) === String(q.currency));
    const rank = new Set(peers.map((x) => cents(x.unit_price)).filter((p) => p < cents(q.unit_price))).size + 1;
    await patchIfChanged(t, 'canvass_quote', q, { amount: netAmount(q.quantity, q.unit_price, 0) / 100, price_rank: rank }, 'comparison sheet');
  }
}

// ------------------------------------------------------------------ purchase order

/** A line's amount: quantity × unit price less the discount, rounded to the cent. */
const lineAmount = (l: Row): number => netAmount(l.quantity, l.unit_price, l.discount_pct);

export async function checkPurchaseOrder(t: Tx, pokey: number, changed: Changed, where: Where = { child: 'lines' }): Promise<void> {
  const po = (await t.db.selectFrom('purchase_order').selectAll().where('pokey', '=', pokey).forUpdate().executeTakeFirst());
  if (!po) return;
  const own = await lines(t, 'purchase_order_line', 'purchase_order', pokey);
  const prLines = byKey(await lockRows(t.db, 'purchase_request_line', 'prdtlkey', keysOf(own, 'pr_line')), 'prdtlkey');
  const quotes = byKey(await lockRows(t.db, 'canvass_quote', 'quotekey', keysOf(own, 'quote')), 'quotekey');
  const csLines = byKey(
    quotes.size ? ((await t.db.selectFrom('canvass_line').selectAll().where('csdtlkey', 'in', keysOf([...quotes.values()], 'cs_line')).execute())) : [],
    'csdtlkey',
  );
  const sheets = await statusOf(t, 'canvass_sheet', 'csheetkey', keysOf([...quotes.values()], 'canvass_sheet'), 'csno');
  const requests = await statusOf(t, 'purchase_request', 'prkey', keysOf([...prLines.values()], 'purchase_request'), 'prno');
  const ordered = await onPurchaseOrders(t.db, [...prLines.keys()]);
  const fromQuote = await orderedFromQuotes(t.db, [...quotes.keys()]);
  const problems: FieldError[] = [];
  const cappedPr = new Set<number>();
  const cappedQuote = new Set<number>();
  for (const l of touchedFirst(own, 'podtlkey', changed)) {
    const path = (f: string) => pathOf(where, own, 'podtlkey', l, f);
    const pl = l.pr_line !== null && l.pr_line !== undefined ? prLines.get(Number(l.pr_line)) : undefined;
    const q = l.quote !== null && l.quote !== undefined ? quotes.get(Number(l.quote)) : undefined;
    if (touched(changed, l.podtlkey)) {
      if (pl) {
        const pr = requests.get(Number(pl.purchase_request));
        if (pr?.statuswf !== STATUS.APPROVED) problems.push({ path: path('pr_line'), message: `${String(pr?.prno ?? 'The purchase request')} is not approved: only lines of an approved request are ordered.` });
        if (pl.item !== null && Number(pl.item) !== Number(l.item)) problems.push({ path: path('item'), message: `is not the item of ${lineName(pl, 'the PR line')}.` });
        if (unitOf(pl.unit) !== unitOf(l.unit)) problems.push({ path: path('unit'), message: `must be ${String(pl.unit)}, the unit of ${lineName(pl, 'the PR line')}.` });
      }
      if (q) {
        const sheet = sheets.get(Number(q.canvass_sheet));
        const csl = csLines.get(Number(q.cs_line));
        if (sheet?.statuswf !== STATUS.APPROVED || !q.selected) problems.push({ path: path('quote'), message: `is not a chosen quotation of an approved canvass sheet${sheet ? ` (${String(sheet.csno)})` : ''}.` });
        if (!csl || csl.pr_line === null || Number(csl.pr_line) !== Number(l.pr_line)) problems.push({ path: path('pr_line'), message: 'must be the PR line the quotation answers.' });
        if (Number(q.item) !== Number(l.item)) problems.push({ path: path('item'), message: 'must be the item quoted.' });
        if (cents(l.unit_price) > cents(q.unit_price)) problems.push({ path: path('unit_price'), message: `is more than the ${money(cents(q.unit_price))} quoted.` });
      }
    }
    // the order as a whole (its vendor or currency may change without its lines)
    if (q && Number(q.vendor) !== Number(po.vendor)) problems.push({ path: path('quote'), message: "is another vendor's quotation: the order's vendor must be the chosen one." });
    if (q && String(q.currency) !== String(po.currency)) problems.push({ path: '/currency', message: `The order's currency must be ${String(q.currency)}, the quotation's.` });
    if (pl && !cappedPr.has(Number(pl.prdtlkey))) {
      const total = ordered.get(Number(pl.prdtlkey)) ?? 0;
      if (total > cents(pl.quantity)) {
        cappedPr.add(Number(pl.prdtlkey));
        const net = cents(l.quantity) - cents(l.qty_cancelled);
        problems.push({ path: path('quantity'), message: `${lineName(pl, 'The PR line')} requests ${qty(cents(pl.quantity))}; ${qty(Math.max(cents(pl.quantity) - (total - net), 0))} of it can still be ordered, not ${qty(net)}.` });
      }
    }
    if (q && !cappedQuote.has(Number(q.quotekey))) {
      const total = fromQuote.get(Number(q.quotekey)) ?? 0;
      if (total > cents(q.quantity)) {
        cappedQuote.add(Number(q.quotekey));
        problems.push({ path: path('quantity'), message: `The quotation offered ${qty(cents(q.quantity))}; ${qty(Math.max(cents(q.quantity) - (total - cents(l.quantity)), 0))} of it can still be ordered, not ${qty(cents(l.quantity))}.` });
      }
    }
  }
  if (problems.length) refuse(problems);
  await setOrderTotal(t, po, own);
}

/** The order's total: its lines' amounts. */
export const setOrderTotal = (t: Tx, po: Row, lines: Row[]) => patchIfChanged(t, 'purchase_order', po, { total_amount: lines.reduce((s, l) => s + lineAmount(l), 0) / 100 }, 'order total');

/** The order's total without one line (a line deleted directly). */
export async function totalWithout(t: Tx, pokey: number, podtlkey: number): Promise<void> {
  const po = (await t.db.selectFrom('purchase_order').selectAll().where('pokey', '=', pokey).forUpdate().executeTakeFirst());
  if (!po) return;
  await setOrderTotal(t, po, (await lines(t, 'purchase_order_line', 'purchase_order', pokey)).filter((l) => Number(l.podtlkey) !== podtlkey));
}

// ------------------------------------------------------------------ receiving

export async function checkReceiving(t: Tx, rcvkey: number, changed: Changed, where: Where = { child: 'lines' }, without?: number): Promise<void> {
  const rcv = (await t.db.selectFrom('receiving').selectAll().where('rcvkey', '=', rcvkey).forUpdate().executeTakeFirst());
  if (!rcv) return;
  const own = (await lines(t, 'receiving_line', 'receiving', rcvkey)).filter((l) => Number(l.rcvdtlkey) !== without);
  const po = (await t.db.selectFrom('purchase_order').selectAll().where('pokey', '=', rcv.purchase_order as number).executeTakeFirst());
  const poLines = byKey(await lockRows(t.db, 'purchase_order_line', 'podtlkey', keysOf(own, 'po_line')), 'podtlkey');
  const problems: FieldError[] = [];
  const anyTouched = own.some((l) => touched(changed, l.rcvdtlkey));
  if (po && (changed === 'all' || anyTouched) && po.statuswf !== STATUS.APPROVED) problems.push({ path: '/purchase_order', message: `${String(po.pono)} is not approved: goods are received only against an approved order.` });
  if (po && Number(po.vendor) !== Number(rcv.vendor)) problems.push({ path: '/vendor', message: `must be the vendor of ${String(po.pono)}.` });
  const received = await receivedOn(t.db, [...poLines.keys()]);
  const here = new Map<number, number>();
  for (const l of own.filter(receives)) here.set(Number(l.po_line), (here.get(Number(l.po_line)) ?? 0) + cents(l.quantity));
  const capped = new Set<number>();
  for (const l of own) {
    const path = (f: string) => pathOf(where, own, 'rcvdtlkey', l, f);
    const pl = poLines.get(Number(l.po_line));
    if (!pl) continue;
    // every line is of the receiving's order (the order may change without its lines)
    if (Number(pl.purchase_order) !== Number(rcv.purchase_order)) {
      problems.push({ path: path('po_line'), message: `is not a line of ${String(po?.pono ?? 'the order')}.` });
      continue;
    }
    if (!touched(changed, l.rcvdtlkey)) continue;
    if (Number(pl.item) !== Number(l.item)) problems.push({ path: path('item'), message: `is not the item of ${lineName(pl, 'the PO line')}.` });
    if (unitOf(pl.unit) !== unitOf(l.unit)) problems.push({ path: path('unit'), message: `must be ${String(pl.unit)}, the unit of ${lineName(pl, 'the PO line')}.` });
    const open = cents(pl.quantity) - cents(pl.qty_cancelled) - (received.get(Number(pl.podtlkey)) ?? 0);
    const want = here.get(Number(pl.podtlkey)) ?? 0;
    if (!capped.has(Number(pl.podtlkey)) && want > open) {
      capped.add(Number(pl.podtlkey));
      problems.push({ path: path('quantity'), message: `${lineName(pl, 'The PO line')} has ${qty(Math.max(open, 0))} still to receive; this receiving cannot take ${qty(want)}.` });
    }
  }
  if (problems.length) refuse(problems);
  await setReceivingTotal(t, rcv, own, poLines);
}

/** The receiving's amount: received quantity × the PO line's net price. */
export async function setReceivingTotal(t: Tx, rcv: Row, own: Row[], poLines: Map<number, Row>): Promise<boolean> {
  const total = own.filter(receives).reduce((s, l) => {
    const pl = poLines.get(Number(l.po_line));
    return s + (pl ? netAmount(l.quantity, pl.unit_price, pl.discount_pct) : 0);
  }, 0);
  return patchIfChanged(t, 'receiving', rcv, { total_amount: total / 100 }, 'receiving amount');
}

/**
 * A receiving line rejected at the incoming inspection is not received (the goods go back to the
 * vendor): it takes nothing from its PO line.
 */
export const receives = (l: Row): boolean => l.inspection !== 'REJ';

/**
 * What a posting may receive beyond the stores plugin's own rules (approved order, nothing beyond
 * the ordered quantity: ERR_STOCK from plugins/stores): nothing of a remainder cancelled on the PO
 * line (409 ERR_STOCK too, nothing written).
 */
export async function checkPosting(t: Tx, docLabel: string, postLines: Row[]): Promise<void> {
  const withPo = postLines.filter((l) => l.po_line !== null && l.po_line !== undefined && receives(l));
  if (withPo.length === 0) return;
  const poLines = byKey(await lockRows(t.db, 'purchase_order_line', 'podtlkey', keysOf(withPo, 'po_line')), 'podtlkey');
  const want = new Map<number, number>();
  for (const l of withPo) want.set(Number(l.po_line), (want.get(Number(l.po_line)) ?? 0) + cents(l.quantity));
  for (const [k, n] of want) {
    const pl = poLines.get(k);
    if (!pl || cents(pl.qty_cancelled) === 0) continue;
    const received = cents(pl.qty_received);
    const open = cents(pl.quantity) - cents(pl.qty_cancelled) - received;
    if (n > open && n <= cents(pl.quantity) - received) {
      throw appError('ERR_STOCK', { message: `${lineName(pl, 'The PO line')}: ${qty(cents(pl.qty_cancelled))} of it was cancelled and ${qty(received)} received; ${qty(Math.max(open, 0))} is still to receive, ${docLabel} would receive ${qty(n)}.` });
    }
  }
}

export { onUnpostedReceivings };
