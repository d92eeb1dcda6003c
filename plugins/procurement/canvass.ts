/**
 * Canvassing in the spec's four steps (metadata/procurement/bidding.yaml):
 *   1 RFQ to vendors   lines to quote and vendors invited; Issue RFQ numbers each vendor's RFQ → 2
 *   2 quotation entry  each vendor's quotation per line (invited vendors only) ; Compare → 3
 *   3 comparison sheet quotations side by side, amount and rank by unit price (kept on every save);
 *                      Go to Choice → 4
 *   4 choice           quotations chosen, the award basis and its justification, checked when the
 *                      choice is sent for approval (beforeSend) → 4; the POs are raised from the
 *                      approved sheet with the chosen vendors' prices (actions.ts, po_from_canvass).
 */
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import type { FieldError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { cents, conflict, patchIfChanged, refuse, today, type Row, type Tx } from './util.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';
import { priced } from './checks.ts';

function draftOnly(sheet: Row): void {
  if (sheet.statuswf === STATUS.ON_PROCESS || sheet.statuswf === STATUS.APPROVED) conflict(`${String(sheet.csno)} is ${sheet.statuswf === STATUS.ON_PROCESS ? 'on process' : 'approved'}: its steps can no longer change.`);
}

const txFrom = (ctx: ActionContext, db: Tx['db']): Tx => ({ db, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit });

/**
 * Step 1 → 2: every invited vendor gets an RFQ number (RFQ-<canvass no>-<n>) and the invitation
 * date, and a quotation line per line to quote (quotationLines), unless the body says
 * `quote_lines: false`.
 */
export function issueRfq(ctx: ActionContext, key: unknown, body: Record<string, unknown> = {}) {
  return documentAction(ctx, { entity: 'canvass_sheet', key, name: 'issue RFQ' }, async (db, sheet) => {
    const t = txFrom(ctx, db);
    draftOnly(sheet);
    if (sheet.step > 2) conflict(`The RFQs of ${String(sheet.csno)} were issued already.`);
    const lines = sheet.lines as Row[];
    const vendors = sheet.vendors as Row[];
    const problems: FieldError[] = [];
    if (lines.length === 0) problems.push({ path: '/lines', message: 'Add the PR lines to quote before issuing the RFQ.' });
    if (vendors.length === 0) problems.push({ path: '/vendors', message: 'Invite at least one vendor before issuing the RFQ.' });
    if (problems.length) refuse(problems);
    const used = new Set(vendors.map((v) => String(v.rfq_no ?? '')));
    let n = 0;
    const issued: string[] = [];
    for (const v of vendors) {
      const stored = (await db.selectFrom('canvass_vendor').selectAll().where('csvendorkey', '=', v.csvendorkey as number).forUpdate().executeTakeFirstOrThrow());
      let rfq = stored.rfq_no as string | null;
      if (!rfq) {
        do rfq = `RFQ-${String(sheet.csno)}-${++n}`;
        while (used.has(rfq));
        used.add(rfq);
      }
      issued.push(rfq);
      await patchIfChanged(t, 'canvass_vendor', stored, { rfq_no: rfq, invited_date: stored.invited_date ?? today() }, 'issue RFQ');
    }
    await patchIfChanged(t, 'canvass_sheet', sheet, { step: 2 }, 'issue RFQ');
    // `quote_lines: false`: the quotations are typed as the vendors sent them (alternates included)
    const made = body.quote_lines === false ? 0 : await quotationLines(ctx, db, sheet);
    return {
      success: 1,
      message: `${issued.length} RFQ(s) issued for ${String(sheet.csno)}; ${made} quotation line(s) ready for the vendors' prices (step 2 of 4, Quotation Entry)`,
      csno: sheet.csno,
      rfq: issued.join(', '),
      // the answer links to the next step's form (renderer ActionResultPanel)
      next: 'aircraft-procurement/bidding-step2of4',
      csheetkey: sheet.csheetkey,
    };
  });
}

/**
 * The quotation lines of step 2, made from the canvass lines for each invited vendor (a vendor and
 * line that has one already is left as it is): the item, its part number, the quantity asked, the
 * condition asked and the sheet's currency; only the vendor's price and terms are typed.
 */
async function quotationLines(ctx: ActionContext, db: Tx['db'], sheet: Row): Promise<number> {
  const have = new Set((sheet.quotes as Row[]).map((q) => `${String(q.vendor)}|${String(q.cs_line)}`));
  let made = 0;
  for (const v of sheet.vendors as Row[]) {
    for (const l of sheet.lines as Row[]) {
      if (have.has(`${String(v.vendor)}|${String(l.csdtlkey)}`)) continue;
      await ctx.repo.create({ db, ability: ctx.ability, user: ctx.user }, 'canvass_quote', {
        canvass_sheet: sheet.csheetkey,
        cs_line: l.csdtlkey,
        vendor: v.vendor,
        item: l.item,
        partnumber_offered: l.partnumber ?? null,
        condition: l.condition ?? 'NE',
        quantity: l.quantity,
        currency: sheet.currency ?? 'USD',
      });
      made++;
    }
  }
  return made;
}

/** Step 2 → 3: quotation entry closes, the comparison sheet opens (vendors that quoted are marked). */
export function compareQuotes(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'canvass_sheet', key, name: 'compare quotations' }, async (db, sheet) => {
    const t = txFrom(ctx, db);
    draftOnly(sheet);
    if (sheet.step < 2) conflict(`Issue the RFQ of ${String(sheet.csno)} (step 1) first.`);
    const quotes = (sheet.quotes as Row[]).filter(priced);
    if (quotes.length === 0) refuse([{ path: '/quotes', message: 'Enter at least one quotation price before comparing.' }]);
    const quoted = new Set(quotes.map((q) => Number(q.vendor)));
    for (const v of sheet.vendors as Row[]) {
      if (!quoted.has(Number(v.vendor)) || v.quote_received) continue;
      const stored = (await db.selectFrom('canvass_vendor').selectAll().where('csvendorkey', '=', v.csvendorkey as number).forUpdate().executeTakeFirstOrThrow());
      await patchIfChanged(t, 'canvass_vendor', stored, { quote_received: true }, 'quotation received');
    }
    await patchIfChanged(t, 'canvass_sheet', sheet, { step: Math.max(3, sheet.step) }, 'compare quotations');
    return { success: 1, message: `${String(sheet.csno)}: ${quotes.length} quotation(s) from ${quoted.size} vendor(s) on the comparison sheet`, csno: sheet.csno, next: 'aircraft-procurement/bidding-step3of4', csheetkey: sheet.csheetkey };
  });
}

/**
 * Step 3 → 4: the comparison is read, the choice opens (the quotations to order, the basis and
 * its reason are entered on the step 4 form, checked when the choice is sent: checkChoice).
 */
export function openChoice(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'canvass_sheet', key, name: 'open the choice' }, async (db, sheet) => {
    const t = txFrom(ctx, db);
    draftOnly(sheet);
    if (Number(sheet.step) < 3) conflict(`Compare the quotations of ${String(sheet.csno)} (step 2) first.`);
    await patchIfChanged(t, 'canvass_sheet', sheet, { step: 4 }, 'open the choice');
    return { success: 1, message: `${String(sheet.csno)}: choose the quotations to order and give the reason for the choice (step 4 of 4, Choice)`, csno: sheet.csno, next: 'aircraft-procurement/bidding-step4of4', csheetkey: sheet.csheetkey };
  });
}

/**
 * Step 4, when the choice is sent for approval: at least one quotation chosen, the basis and the
 * justification given; the awarded vendor is the one with the largest chosen amount.
 */
export async function checkChoice(t: Tx, sheet: Row): Promise<void> {
  const quotes = (await t.db.selectFrom('canvass_quote').selectAll().where('canvass_sheet', '=', sheet.csheetkey as number).execute());
  const chosen = quotes.filter((q) => q.selected);
  const problems: FieldError[] = [];
  if (chosen.some((q) => !priced(q))) problems.push({ path: '/quotes', message: 'A chosen quotation has no price: type the vendor\'s price or leave it unchosen.' });
  if (Number(sheet.step) < 3) problems.push({ path: '/step', message: 'Compare the quotations (step 3) before sending the choice.' });
  if (chosen.length === 0) problems.push({ path: '/quotes', message: 'Choose at least one quotation before sending the choice.' });
  if (!sheet.award_basis) problems.push({ path: '/award_basis', message: 'is required: say on what the choice is based.' });
  if (!String(sheet.award_remark ?? '').trim()) problems.push({ path: '/award_remark', message: 'is required: give the reason for the choice.' });
  if (problems.length) refuse(problems);
  const byVendor = new Map<number, number>();
  for (const q of chosen) byVendor.set(Number(q.vendor), (byVendor.get(Number(q.vendor)) ?? 0) + cents(q.quantity) * Number(q.unit_price));
  const awarded = [...byVendor.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  const stored = (await t.db.selectFrom('canvass_sheet').selectAll().where('csheetkey', '=', sheet.csheetkey as number).forUpdate().executeTakeFirstOrThrow());
  await patchIfChanged(t, 'canvass_sheet', stored, { step: 4, awarded_vendor: awarded }, 'choice sent');
}
