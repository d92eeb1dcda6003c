/**
 * Canvassing in the spec's four steps (metadata/procurement/bidding.yaml):
 *   1 RFQ to vendors   lines to quote and vendors invited; Issue RFQ numbers each vendor's RFQ → 2
 *   2 quotation entry  each vendor's quotation per line (invited vendors only) ; Compare → 3
 *   3 comparison sheet quotations side by side, amount and rank by unit price (kept on every save)
 *   4 choice           quotations chosen, the award basis and its justification, checked when the
 *                      choice is sent for approval (beforeSend) → 4; the POs are raised from the
 *                      approved sheet with the chosen vendors' prices (actions.ts, po_from_canvass).
 */
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import type { FieldError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { cents, conflict, patchIfChanged, refuse, today, type Row, type Tx } from './util.ts';
import { STATUS } from '../../engine/src/workflow/engine.ts';

function draftOnly(sheet: Row): void {
  if (sheet.statuswf === STATUS.ON_PROCESS || sheet.statuswf === STATUS.APPROVED) conflict(`${String(sheet.csno)} is ${sheet.statuswf === STATUS.ON_PROCESS ? 'ON PROCESS' : 'APPROVED'}: its steps can no longer change.`);
}

const txFrom = (ctx: ActionContext, db: Tx['db']): Tx => ({ db, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit });

/** Step 1 → 2: every invited vendor gets an RFQ number (RFQ-<canvass no>-<n>) and the invitation date. */
export function issueRfq(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'canvass_sheet', key, name: 'issue RFQ' }, async (db, sheet) => {
    const t = txFrom(ctx, db);
    draftOnly(sheet);
    if (Number(sheet.step) > 2) conflict(`The RFQs of ${String(sheet.csno)} were issued already.`);
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
      const stored = (await db.selectFrom('canvass_vendor').selectAll().where('csvendorkey', '=', v.csvendorkey as number).forUpdate().executeTakeFirstOrThrow()) as Row;
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
    return { success: 1, message: `${issued.length} RFQ(s) issued for ${String(sheet.csno)}`, csno: sheet.csno, rfq: issued.join(', ') };
  });
}

/** Step 2 → 3: quotation entry closes, the comparison sheet opens (vendors that quoted are marked). */
export function compareQuotes(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'canvass_sheet', key, name: 'compare quotations' }, async (db, sheet) => {
    const t = txFrom(ctx, db);
    draftOnly(sheet);
    if (Number(sheet.step) < 2) conflict(`Issue the RFQ of ${String(sheet.csno)} (step 1) first.`);
    const quotes = sheet.quotes as Row[];
    if (quotes.length === 0) refuse([{ path: '/quotes', message: 'Enter at least one quotation before comparing.' }]);
    const quoted = new Set(quotes.map((q) => Number(q.vendor)));
    for (const v of sheet.vendors as Row[]) {
      if (!quoted.has(Number(v.vendor)) || v.quote_received) continue;
      const stored = (await db.selectFrom('canvass_vendor').selectAll().where('csvendorkey', '=', v.csvendorkey as number).forUpdate().executeTakeFirstOrThrow()) as Row;
      await patchIfChanged(t, 'canvass_vendor', stored, { quote_received: true }, 'quotation received');
    }
    await patchIfChanged(t, 'canvass_sheet', sheet, { step: Math.max(3, Number(sheet.step)) }, 'compare quotations');
    return { success: 1, message: `${String(sheet.csno)}: ${quotes.length} quotation(s) from ${quoted.size} vendor(s) on the comparison sheet`, csno: sheet.csno };
  });
}

/**
 * Step 4, when the choice is sent for approval: at least one quotation chosen, the basis and the
 * justification given; the awarded vendor is the one with the largest chosen amount.
 */
export async function checkChoice(t: Tx, sheet: Row): Promise<void> {
  const quotes = (await t.db.selectFrom('canvass_quote').selectAll().where('canvass_sheet', '=', sheet.csheetkey as number).execute()) as Row[];
  const chosen = quotes.filter((q) => q.selected);
  const problems: FieldError[] = [];
  if (Number(sheet.step) < 3) problems.push({ path: '/step', message: 'Compare the quotations (step 3) before sending the choice.' });
  if (chosen.length === 0) problems.push({ path: '/quotes', message: 'Choose at least one quotation before sending the choice.' });
  if (!sheet.award_basis) problems.push({ path: '/award_basis', message: 'is required: say on what the choice is based.' });
  if (!String(sheet.award_remark ?? '').trim()) problems.push({ path: '/award_remark', message: 'is required: give the reason for the choice.' });
  if (problems.length) refuse(problems);
  const byVendor = new Map<number, number>();
  for (const q of chosen) byVendor.set(Number(q.vendor), (byVendor.get(Number(q.vendor)) ?? 0) + cents(q.quantity) * Number(q.unit_price));
  const awarded = [...byVendor.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  const stored = (await t.db.selectFrom('canvass_sheet').selectAll().where('csheetkey', '=', sheet.csheetkey as number).forUpdate().executeTakeFirstOrThrow()) as Row;
  await patchIfChanged(t, 'canvass_sheet', stored, { step: 4, awarded_vendor: awarded }, 'choice sent');
}
