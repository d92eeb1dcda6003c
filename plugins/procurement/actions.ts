/**
 * Carrying lines down the chain (each a plugin action in one transaction, the source document
 * locked with documentAction and its lines locked before their open quantities are read):
 *
 *   pr_from_mr          approved MR → new PR with each open line's quantity not yet on a PR
 *   pr_fill_from_mr     the same lines added to a draft PR that names the MR
 *   canvass_from_pr     approved PR → new canvass sheet for what is not yet ordered, vendors that
 *                       supply the items invited
 *   po_from_canvass     approved canvass sheet → one PO per chosen vendor (and currency) with the
 *                       chosen quotations' prices
 *   receiving_from_po   approved PO → new receiving for what is not yet received or on another
 *                       receiving in progress
 *   terms_from_po       approved PO → invoice terms, one instalment of the total by its payment terms
 *   cancel_purchase_order_line   the remainder of an approved PO line not yet received is cancelled
 *                       and returns to its PR line
 *
 * `lineref` is set by the server (lineref.ts); the new documents are written through the
 * repository, so every rule of checks.ts holds for them as for a document typed in a form.
 * An optional body `lines: [{ key, quantity }]` carries only some lines, or less of them.
 */
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import type { DB } from '../../engine/src/db/database.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { byKey, cents, conflict, keysOf, lockRows, patchIfChanged, qty, refuse, today, type Row, type Tx } from './util.ts';
import { onPurchaseOrders, onPurchaseRequests, onUnpostedReceivings, orderedFromQuotes, receivedOn } from './quantities.ts';
import { deriveFromPoLines } from './derive.ts';
import { TERM_DAYS } from './terms.ts';
import { addDays } from '../../engine/src/values/dates.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';

const txFrom = (ctx: ActionContext, db: DB): Tx => ({ db, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit });
const wctx = (ctx: ActionContext, db: DB) => ({ db, ability: ctx.ability, user: ctx.user });

/** The caller's choice of lines and quantities (`lines: [{key, quantity}]`), validated; undefined: all. */
function picks(body: Record<string, unknown>): Map<number, number | undefined> | undefined {
  if (body.lines === undefined || body.lines === null) return undefined;
  if (!Array.isArray(body.lines)) refuse([{ path: '/lines', message: 'must be a list of { key, quantity }' }]);
  const out = new Map<number, number | undefined>();
  (body.lines as unknown[]).forEach((p, i) => {
    const o = (p ?? {}) as Record<string, unknown>;
    const k = Number(o.key);
    if (!Number.isSafeInteger(k) || k < 1) refuse([{ path: `/lines/${i}/key`, message: 'is required' }]);
    if (o.quantity !== undefined && o.quantity !== null && (typeof o.quantity !== 'number' || !(o.quantity > 0) || cents(o.quantity) / 100 !== o.quantity)) {
      refuse([{ path: `/lines/${i}/quantity`, message: 'must be a positive number with at most 2 decimals' }]);
    }
    out.set(k, o.quantity as number | undefined);
  });
  return out;
}

/** The quantity to carry of one source line: all that is open, or the caller's (never more than open). */
function take(chosen: Map<number, number | undefined> | undefined, key: number, open: number, name: string, index: number): number {
  if (!chosen) return open;
  if (!chosen.has(key)) return 0;
  const want = chosen.get(key);
  if (want === undefined) return open;
  if (cents(want) > open) refuse([{ path: `/lines/${index}/quantity`, message: `${name} has ${qty(Math.max(open, 0))} open, not ${qty(cents(want))}.` }]);
  return cents(want);
}

function requireApproved(doc: Row, number: string, what: string): void {
  if (doc.statuswf !== STATUS.APPROVED) conflict(`${String(doc[number])} is not approved: ${what}.`);
}

// ------------------------------------------------------------------ MR → PR

async function openMrLines(db: DB, mr: Row, body: Record<string, unknown>): Promise<Row[]> {
  const lines = await lockRows(db, 'material_request_line', 'reqdtlkey', (mr.lines as Row[]).map((l) => l.reqdtlkey));
  const taken = await onPurchaseRequests(db, lines.map((l) => Number(l.reqdtlkey)));
  const chosen = picks(body);
  if (chosen) for (const k of chosen.keys()) if (!lines.some((l) => Number(l.reqdtlkey) === k)) refuse([{ path: '/lines', message: `Line ${k} is not a line of ${String(mr.requestno)}.` }]);
  const out: Row[] = [];
  lines.forEach((l, i) => {
    const open = Number(l.outstand) === 1 ? cents(l.quantity) - (taken.get(Number(l.reqdtlkey)) ?? 0) : 0;
    const n = take(chosen, Number(l.reqdtlkey), open, String(l.lineref ?? `Line ${i + 1}`), i);
    if (n <= 0) return;
    out.push({
      mr_line: l.reqdtlkey,
      item: l.item ?? null,
      partnumber: l.partnumber ?? null,
      description: String(l.description ?? l.itemname ?? l.partnumber ?? l.glaccount ?? 'Requested item').slice(0, 200),
      quantity: n / 100,
      unit: l.invunitom ?? 'PCS',
    });
  });
  if (out.length === 0) conflict(`Nothing left to purchase on ${String(mr.requestno)}: every open line is on a purchase request already.`);
  return out;
}

export function prFromMr(ctx: ActionContext, key: unknown, body: Record<string, unknown>) {
  return documentAction(ctx, { entity: 'material_request', key, name: 'create purchase request' }, async (db, mr) => {
    requireApproved(mr, 'requestno', 'only an approved request is purchased');
    const lines = await openMrLines(db, mr, body);
    const user = await db.selectFrom('users').select(['departemen']).where('user_id', '=', ctx.user.user_id).executeTakeFirst();
    const pr = await ctx.repo.create(wctx(ctx, db), 'purchase_request', {
      prdate: ctx.asOf ?? today(),
      requestor: ctx.user.user_id,
      department: user?.departemen ?? null,
      pr_type: mr.priority === 'AOG' ? 'AOG' : mr.jasa === 1 ? 'RPR' : 'RTN',
      material_request: mr.requestkey,
      registration: mr.registration ?? null,
      needdate: mr.expectreceipt ?? null,
      budgetinfo: mr.budgetinfo ?? null,
      matauang: mr.matauang ?? null,
      remark: `From ${String(mr.requestno)}${mr.remark ? `: ${mr.remark}` : ''}`.slice(0, 1000),
      lines,
    });
    return { success: 1, message: `${String(pr.prno)} created from ${String(mr.requestno)} (${lines.length} line(s))`, prkey: pr.prkey, prno: pr.prno };
  });
}

export function prFillFromMr(ctx: ActionContext, key: unknown, body: Record<string, unknown>) {
  return documentAction(ctx, { entity: 'purchase_request', key, name: 'copy open MR lines' }, async (db, pr) => {
    if (pr.material_request === null || pr.material_request === undefined) refuse([{ path: '/material_request', message: 'Choose the material request first.' }]);
    const refused = ctx.repo.refusal('purchase_request', pr, 'lines');
    if (refused) throw refused;
    const mr = await ctx.repo.get({ db, ability: ctx.ability }, 'material_request', pr.material_request, { lock: true });
    requireApproved(mr, 'requestno', 'only an approved request is purchased');
    const lines = await openMrLines(db, mr, body);
    for (const l of lines) await ctx.repo.create(wctx(ctx, db), 'purchase_request_line', { ...l, purchase_request: pr.prkey });
    return { success: 1, message: `${lines.length} line(s) of ${String(mr.requestno)} added to ${String(pr.prno)}`, prno: pr.prno };
  });
}

// ------------------------------------------------------------------ PR → canvass sheet

export function canvassFromPr(ctx: ActionContext, key: unknown, body: Record<string, unknown>) {
  return documentAction(ctx, { entity: 'purchase_request', key, name: 'create canvass sheet' }, async (db, pr) => {
    requireApproved(pr, 'prno', 'only an approved request is canvassed');
    const lines = await lockRows(db, 'purchase_request_line', 'prdtlkey', (pr.lines as Row[]).map((l) => l.prdtlkey));
    const ordered = await onPurchaseOrders(db, lines.map((l) => Number(l.prdtlkey)));
    const chosen = picks(body);
    const out: Row[] = [];
    lines.forEach((l, i) => {
      if (l.item === null || l.item === undefined) return; // a service or GL line is ordered without canvassing
      const open = cents(l.quantity) - (ordered.get(Number(l.prdtlkey)) ?? 0);
      const n = take(chosen, Number(l.prdtlkey), open, String(l.lineref ?? `Line ${i + 1}`), i);
      if (n > 0) out.push({ pr_line: l.prdtlkey, item: l.item, partnumber: l.partnumber ?? null, description: l.description, quantity: n / 100, unit: l.unit, condition: l.condition ?? null });
    });
    if (out.length === 0) conflict(`Nothing left to canvass on ${String(pr.prno)}: every item line is ordered already.`);
    // vendors that supply the items (active, approved or conditionally approved), preferred first
    const supply = (await db
      .selectFrom('vendor_item as vi')
      .innerJoin('vendor as v', 'v.vendor_id', 'vi.vendor')
      .select(['v.vendor_id', 'v.payment_terms'])
      .where('vi.master_item', 'in', keysOf(out, 'item'))
      .where('v.active', '=', true)
      .where('v.approval_status', 'in', ['APPROVED', 'CONDITIONAL'])
      .orderBy('vi.is_preferred', 'desc')
      .orderBy('v.vendor_id')
      .execute());
    const vendors = supply.filter((v, i) => supply.findIndex((x) => x.vendor_id === v.vendor_id) === i).slice(0, 5);
    const sheet = await ctx.repo.create(wctx(ctx, db), 'canvass_sheet', {
      csdate: ctx.asOf ?? today(),
      purchase_request: pr.prkey,
      subject: `${String(pr.prno)}${pr.registration ? ` ${pr.registration}` : ''}: ${((out[0].description as string) ?? 'items')}${out.length > 1 ? ` and ${out.length - 1} more` : ''}`.slice(0, 200),
      buyer: ctx.user.user_id,
      currency: pr.matauang ?? 'USD',
      lines: out,
      vendors: vendors.map((v) => ({ vendor: v.vendor_id, payment_terms: v.payment_terms ?? null })),
    });
    return { success: 1, message: `${String(sheet.csno)} created from ${String(pr.prno)} (${out.length} line(s), ${vendors.length} vendor(s) to invite)`, csheetkey: sheet.csheetkey, csno: sheet.csno };
  });
}

// ------------------------------------------------------------------ canvass sheet → PO

export function poFromCanvass(ctx: ActionContext, key: unknown, body: Record<string, unknown>) {
  return documentAction(ctx, { entity: 'canvass_sheet', key, name: 'create purchase orders' }, async (db, sheet) => {
    requireApproved(sheet, 'csno', 'purchase orders are raised from an approved choice');
    const chosenQuotes = (sheet.quotes as Row[]).filter((q) => q.selected);
    const quotes = await lockRows(db, 'canvass_quote', 'quotekey', chosenQuotes.map((q) => q.quotekey));
    const csLines = byKey(sheet.lines as Row[], 'csdtlkey');
    const prLines = byKey(await lockRows(db, 'purchase_request_line', 'prdtlkey', keysOf([...csLines.values()], 'pr_line')), 'prdtlkey');
    const fromQuote = await orderedFromQuotes(db, quotes.map((q) => Number(q.quotekey)));
    const onPr = await onPurchaseOrders(db, [...prLines.keys()]);
    const invited = byKey(sheet.vendors as Row[], 'vendor');
    const pr = sheet.purchase_request ? await db.selectFrom('purchase_request').select(['pr_type', 'needdate']).where('prkey', '=', sheet.purchase_request as number).executeTakeFirst() : undefined;
    const chosen = picks(body);
    const groups = new Map<string, Row[]>();
    quotes.forEach((q, i) => {
      const csl = csLines.get(Number(q.cs_line));
      const pl = csl?.pr_line ? prLines.get(Number(csl.pr_line)) : undefined;
      let open = cents(q.quantity) - (fromQuote.get(Number(q.quotekey)) ?? 0);
      if (pl) open = Math.min(open, cents(pl.quantity) - (onPr.get(Number(pl.prdtlkey)) ?? 0));
      const n = take(chosen, Number(q.quotekey), open, `The quotation for ${String(csl?.lineref ?? 'a line')}`, i);
      if (n <= 0 || !csl) return;
      if (pl) onPr.set(Number(pl.prdtlkey), (onPr.get(Number(pl.prdtlkey)) ?? 0) + n);
      const g = `${String(q.vendor)}|${String(q.currency)}`;
      groups.set(g, [
        ...(groups.get(g) ?? []),
        {
          pr_line: csl.pr_line ?? null,
          quote: q.quotekey,
          item: q.item,
          partnumber: q.partnumber_offered ?? csl.partnumber ?? null,
          description: csl.description ?? null,
          condition: q.condition,
          quantity: n / 100,
          unit: csl.unit,
          unit_price: q.unit_price,
          discount_pct: 0,
          delivery_date: q.lead_time_days !== null && q.lead_time_days !== undefined ? addDays(ctx.asOf ?? today(), Number(q.lead_time_days)) : null,
        },
      ]);
    });
    if (groups.size === 0) conflict(`Nothing left to order on ${String(sheet.csno)}: the chosen quotations are ordered already.`);
    const made: Row[] = [];
    for (const [g, lines] of groups) {
      const [vendorId, currency] = g.split('|');
      const cv = invited.get(Number(vendorId));
      const vendor = await db.selectFrom('vendor').select(['payment_terms']).where('vendor_id', '=', Number(vendorId)).executeTakeFirst();
      made.push(
        await ctx.repo.create(wctx(ctx, db), 'purchase_order', {
          podate: ctx.asOf ?? today(),
          vendor: Number(vendorId),
          po_type: pr?.pr_type === 'AOG' ? 'AOG' : pr?.pr_type === 'RPR' ? 'RPR' : 'RTN',
          purchase_request: sheet.purchase_request ?? null,
          canvass_sheet: sheet.csheetkey,
          vendor_quote_ref: cv?.quote_ref ?? null,
          currency,
          payment_terms: cv?.payment_terms ?? vendor?.payment_terms ?? 'NET30',
          delivery_date: pr?.needdate ?? null,
          buyer: ctx.user.user_id,
          remark: `From ${String(sheet.csno)}: ${sheet.award_remark ?? ''}`.slice(0, 1000),
          lines,
        }),
      );
    }
    return { success: 1, message: `${made.map((p) => String(p.pono)).join(', ')} created from ${String(sheet.csno)}`, pono: made.map((p) => p.pono).join(', '), pokey: made[0].pokey };
  });
}

// ------------------------------------------------------------------ PO → receiving

export function receivingFromPo(ctx: ActionContext, key: unknown, body: Record<string, unknown>) {
  return documentAction(ctx, { entity: 'purchase_order', key, name: 'receive goods' }, async (db, po) => {
    requireApproved(po, 'pono', 'goods are received only against an approved order');
    if (po.outstand === 0) conflict(`${String(po.pono)} is complete: every line is received.`);
    const store = body.store ?? po.deliver_to;
    if (store === undefined || store === null) refuse([{ path: '/store', message: `Give the receiving store: ${String(po.pono)} has no Deliver To.` }]);
    const lines = await lockRows(db, 'purchase_order_line', 'podtlkey', (po.lines as Row[]).map((l) => l.podtlkey));
    const keys = lines.map((l) => Number(l.podtlkey));
    const received = await receivedOn(db, keys);
    const pending = await onUnpostedReceivings(db, keys);
    const chosen = picks(body);
    const out: Row[] = [];
    lines.forEach((l, i) => {
      const open = Number(l.outstand) === 1 ? cents(l.quantity) - cents(l.qty_cancelled) - (received.get(Number(l.podtlkey)) ?? 0) - (pending.get(Number(l.podtlkey)) ?? 0) : 0;
      const n = take(chosen, Number(l.podtlkey), open, String(l.lineref ?? `Line ${i + 1}`), i);
      if (n > 0) out.push({ po_line: l.podtlkey, item: l.item, quantity: n / 100, unit: l.unit, condition: l.condition });
    });
    if (out.length === 0) conflict(`Nothing left to receive on ${String(po.pono)}: every open quantity is received or on a receiving in progress.`);
    const rcv = await ctx.repo.create(wctx(ctx, db), 'receiving', {
      rcvdate: ctx.asOf ?? today(),
      purchase_order: po.pokey,
      vendor: po.vendor,
      store,
      received_by: ctx.user.user_id,
      lines: out,
    });
    await ctx.emit?.(db, { event: 'rcvnotif', compcode: ctx.user.compcode, data: { rcvkey: rcv.rcvkey, rcvno: rcv.rcvno, posted: 0 } });
    return { success: 1, message: `${String(rcv.rcvno)} created for ${String(po.pono)} (${out.length} line(s))`, rcvkey: rcv.rcvkey, rcvno: rcv.rcvno };
  });
}

// ------------------------------------------------------------------ PO → invoice terms

export function termsFromPo(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'purchase_order', key, name: 'create invoice terms' }, async (db, po) => {
    requireApproved(po, 'pono', 'invoice terms are made for an approved order');
    const existing = await db.selectFrom('invoice_termin').select(['terminno']).where('purchase_order', '=', po.pokey as number).executeTakeFirst();
    if (existing) conflict(`${String(po.pono)} has its invoice terms already (${String(existing.terminno)}).`);
    const days = TERM_DAYS[po.payment_terms] ?? 30;
    const termindate = ctx.asOf ?? today();
    const doc = await ctx.repo.create(wctx(ctx, db), 'invoice_termin', {
      termindate,
      purchase_order: po.pokey,
      vendor: po.vendor,
      currency: po.currency,
      contract_amount: po.total_amount,
      lines: [{ termin_no: 1, description: `Full payment, ${po.payment_terms}`, percentage: 100, amount: po.total_amount, due_date: addDays(termindate, days), payment_status: 0 }],
    });
    return { success: 1, message: `${String(doc.terminno)} created for ${String(po.pono)}`, termkey: doc.termkey, terminno: doc.terminno };
  });
}

// ------------------------------------------------------------------ cancel a PO line's remainder

export function cancelPoLine(ctx: ActionContext, key: unknown, body: Record<string, unknown>) {
  const reason = typeof body.reason === 'string' && body.reason.trim() ? body.reason.trim() : 'Remainder cancelled';
  if (reason.length > 200) refuse([{ path: '/reason', message: 'must be at most 200 characters' }]);
  return documentAction(ctx, { entity: 'purchase_order_line', key, name: 'cancel remainder' }, async (db, line) => {
    const t = txFrom(ctx, db);
    const po = (await db.selectFrom('purchase_order').selectAll().where('pokey', '=', line.purchase_order as number).forUpdate().executeTakeFirstOrThrow());
    requireApproved(po, 'pono', 'cancel lines of a draft order by changing it');
    if (line.outstand === 0) conflict(`${String(line.lineref)} is closed already.`);
    const pending = await onUnpostedReceivings(db, [line.podtlkey]);
    if ((pending.get(line.podtlkey) ?? 0) > 0) {
      const r = await db
        .selectFrom('receiving as r')
        .innerJoin('receiving_line as rl', 'rl.receiving', 'r.rcvkey')
        .select('r.rcvno')
        .where('rl.po_line', '=', line.podtlkey)
        .where('r.posted', '=', 0)
        .executeTakeFirst();
      conflict(`${String(r?.rcvno ?? 'A receiving')} (not posted) receives ${String(line.lineref)}: post it or take the line off it first.`);
    }
    const received = (await receivedOn(db, [line.podtlkey])).get(line.podtlkey) ?? 0;
    const remainder = cents(line.quantity) - cents(line.qty_cancelled) - received;
    if (remainder <= 0) conflict(`${String(line.lineref)} has nothing left to cancel.`);
    const stored = (await db.selectFrom('purchase_order_line').selectAll().where('podtlkey', '=', line.podtlkey as number).executeTakeFirstOrThrow());
    await patchIfChanged(t, 'purchase_order_line', stored, { qty_cancelled: (cents(line.qty_cancelled) + remainder) / 100, close_reason: reason }, 'cancel remainder');
    await deriveFromPoLines(t, [line.podtlkey]);
    return { success: 1, message: `${qty(remainder)} ${line.unit} of ${String(line.lineref)} cancelled; the quantity returns to the purchase request`, lineref: line.lineref, cancelled: remainder / 100 };
  });
}

