/**
 * The state of a finding raised on an MRO work order (amo_defect, a non-routine card), moved only by
 * actions (decision 0179; the status is `setBy: actions`):
 *
 *   OPEN ──raise defect quotation / issue──▶ QUOTED ──customer approves a line──▶ APPROVED   (defects.ts)
 *   OPEN / QUOTED / APPROVED / INWORK ──mro_close_finding──▶ CLOSED   rectification written, no line
 *                                                               of it awaiting the customer's answer,
 *                                                               every card performing its approved
 *                                                               lines signed
 *   OPEN / QUOTED / APPROVED / INWORK ──mro_defer_finding──▶ DEFERRED   under the customer's MEL/CDL
 *   OPEN ──mro_cancel_finding──▶ CANCELLED                       raised in error, nothing quoted
 *
 * The three steps' `from` states are the finding's declared transitions (metadata/mro/work-orders.yaml
 * amo_defect `lifecycle`, decision 0405): shown and run only from them.
 *
 * A finding whose lines the customer refused stays QUOTED until it is closed (rectified at no
 * charge) or deferred.
 */
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import { todayIso } from '../../engine/src/values/dates.ts';
import { conflict, refuse, type Row } from '../../engine/src/plugins/writes.ts';
import { findingQuotations } from './defects.ts';

const has = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

type Step = 'close' | 'defer' | 'cancel';

export function moveFinding(ctx: ActionContext, key: unknown, step: Step): Promise<Row> {
  return documentAction(ctx, { entity: 'amo_defect', key, name: `${step} finding` }, async (db, d) => {
    const no = String(d.nrc_no);
    // the states each step is offered from are the finding's declared transitions (metadata
    // lifecycle, decision 0405): the action runner refuses any other before this runs
    const today = ctx.asOf ?? todayIso();
    let values: Row;
    if (step === 'close') {
      if (!has(d.rectification)) refuse([{ path: '/rectification', message: 'describe the rectification done before closing the finding' }]);
      const pending = await findingQuotations(db, d.amo_defect_id)
        .where('l.customer_decision', '=', 'PENDING')
        .where('q.quote_status', 'not in', ['REJECTED'])
        .executeTakeFirst();
      if (pending) conflict(`${no} is quoted on ${String(pending.quotation_no)} and waits for the customer's answer: record it before closing the finding.`);
      // the cards performing the lines of this finding the customer approved: all signed
      const open = await db
        .selectFrom('amo_work_order_task as t')
        .innerJoin('quotation_defect_line as l', 'l.quotation_defect_line_id', 't.defect_line')
        .select(['t.task_card_no', 't.status'])
        .where('l.amo_defect', '=', d.amo_defect_id)
        .where('t.status', 'not in', ['DONE', 'CANCEL'])
        .orderBy('t.seq')
        .execute();
      if (open.length) conflict(`${no} is rectified by task card ${open.map((c) => c.task_card_no).join(', ')}, not yet signed: sign it before closing the finding.`);
      const user = await db.selectFrom('users').select(['full_name', 'username']).where('user_id', '=', ctx.user.user_id).executeTakeFirst();
      values = { status: 'CLOSED', closed_date: today, closed_by: String(user?.full_name ?? user?.username ?? ctx.user.username).slice(0, 60) };
    } else if (step === 'defer') {
      if (!has(d.mel_category) && !has(d.deferral_ref)) refuse([{ path: '/deferral_ref', message: "name the customer's MEL / CDL item (or the MEL category) the finding is deferred under" }]);
      values = { status: 'DEFERRED' };
    } else {
      values = { status: 'CANCELLED' };
    }
    await ctx.repo.patch(db, ctx.user, 'amo_defect', d.amo_defect_id, values, { reason: `${step} finding`, before: d });
    const said = { close: `${no} closed: rectified.`, defer: `${no} deferred${has(d.deferral_ref) ? ` under ${String(d.deferral_ref)}` : ''}.`, cancel: `${no} cancelled.` };
    return { success: 1, message: said[step] };
  });
}
