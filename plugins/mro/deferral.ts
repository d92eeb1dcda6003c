/**
 * Defer a customer's task card (decision 0355): the finding (NRC, `amo_defect`) it is deferred
 * under the customer's MEL, with the category's expiry computed by the MEL rules of decision 0116
 * (rules/mel.ts `melDue`: the category's interval from the day raised, the day of discovery
 * excluded; category A the item's interval). A finding named must be of the order's customer
 * aircraft and not closed or cancelled: deferred now (if not already, with its expiry); otherwise
 * a finding is raised on the order, not chargeable (it is the customer's deferral, not our scope).
 */
import { appError } from '../../engine/src/errors.ts';
import type { DB } from '../../engine/src/db/database.ts';
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import { categoryOf } from '../airworthiness/defects.ts';
import { melDue } from '../airworthiness/rules/mel.ts';
import { todayUtc } from '../airworthiness/rules/dates.ts';
import type { CardDeferral } from '../maintenance/work-order.ts';
import { stateWords } from '../../engine/src/metadata/labels.ts';
import type { Selectable } from 'kysely';
import type * as Db from '../../engine/src/db/schema.gen.ts';

const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const day = (v: unknown) => (has(v) ? (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10) : null);
const invalid = (path: string, message: string) => appError('ERR_VALIDATION', { errors: [{ path: `/${path}`, message }] });

/** The finding's status, category and expiry once deferred under the category (MEL rules), written through the repository. */
async function deferFinding(ctx: ActionContext, tx: DB, d: Selectable<Db.AmoDefectTable>, category: number | null, item: string | null, intervalDays: number | null, why: string): Promise<string | null> {
  const catId = category ?? (has(d.mel_category) ? Number(d.mel_category) : null);
  if (catId === null) throw invalid('mel_category', `name the MEL category ${d.nrc_no} is deferred under`);
  const cat = await categoryOf({ db: tx }, catId);
  if (!cat) throw invalid('mel_category', 'choose an MEL category of this company');
  const due = melDue(day(d.raised_date) ?? (ctx.asOf ?? todayUtc()), cat, intervalDays);
  if (!due.ok) throw appError('ERR_VALIDATION', { errors: due.errors.map((e) => ({ ...e, path: e.path === '/interval_days' ? '/interval_days' : e.path })) });
  await ctx.repo.patch(tx, ctx.user, 'amo_defect', d.amo_defect_id, { status: 'DEFERRED', mel_category: catId, ...(item ? { deferral_ref: item.slice(0, 40) } : {}), due_date: due.dueDate }, { reason: why, before: d });
  return due.dueDate;
}

export const MRO_DEFERRAL: CardDeferral = {
  entity: 'amo_defect',
  async read(tx, id) {
    const d = await tx.selectFrom('amo_defect').select(['status', 'mel_category', 'due_date']).where('amo_defect_id', '=', id).executeTakeFirst();
    return d ? { status: String(d.status), melCategory: d.mel_category, dueDate: day(d.due_date) } : null;
  },
  async defer(ctx, tx, order, card, input) {
    const why = `deferred: task card ${String(card.seq)} of ${String(order.wo_no)}`;
    if (input.melCategory !== null && !(await tx.selectFrom('mel_category').select('id').where('id', '=', input.melCategory).where('compcode', '=', ctx.user.compcode).executeTakeFirst())) throw invalid('mel_category', 'choose an MEL category of this company');
    if (input.defect !== null) {
      const d = (await tx
        .selectFrom('amo_defect')
        .innerJoin('amo_work_order', 'amo_work_order.amo_wo_id', 'amo_defect.amo_work_order')
        .selectAll('amo_defect')
        .select('amo_work_order.customer_aircraft as on_aircraft')
        .where('amo_defect.amo_defect_id', '=', input.defect)
        .where('amo_defect.compcode', '=', ctx.user.compcode)
        .forUpdate()
        .executeTakeFirst());
      if (!d) throw invalid('defect', 'choose a finding (NRC) of the aircraft');
      if (String(d.on_aircraft) !== String(order.customer_aircraft)) throw invalid('defect', `${String(d.nrc_no)} is a finding on another aircraft`);
      if (['CLOSED', 'CANCELLED'].includes(String(d.status))) throw appError('ERR_CONFLICT', { message: `${String(d.nrc_no)} is ${stateWords('amo_defect', 'status', d.status)}: a card is deferred under an open or deferred finding.` });
      const { on_aircraft: _, ...stored } = d;
      if (d.status === 'DEFERRED' && has(d.due_date) && has(d.mel_category)) return { id: Number(d.amo_defect_id), no: String(d.nrc_no), due: day(d.due_date) };
      const due = await deferFinding(ctx, tx, stored, input.melCategory, input.melItem, input.intervalDays, why);
      return { id: Number(d.amo_defect_id), no: String(d.nrc_no), due };
    }
    if (!has(card.ata)) throw invalid('ata', 'type the card\'s ATA chapter: the finding it is deferred under is raised in it');
    const e = ctx.reg.entity('amo_defect');
    const id = await ctx.repo.insertRow(tx, { user: ctx.user }, e, {
      amo_work_order: Number(order.amo_wo_id),
      raised_date: ctx.asOf ?? todayUtc(),
      raised_by: ctx.user.user_id,
      found_on_task: card.task_card_no ?? null,
      ata: String(card.ata),
      finding_type: 'OTHER',
      severity: 'MINOR',
      description: `${String(card.description ?? '')} (deferred: ${input.reason})`.slice(0, 2000),
      chargeable: false,
    });
    const stored = (await tx.selectFrom('amo_defect').selectAll().where('amo_defect_id', '=', Number(id)).executeTakeFirstOrThrow());
    await ctx.repo.audit(tx, ctx.user, e, id, 'insert', { after: stored });
    const due = await deferFinding(ctx, tx, stored, input.melCategory, input.melItem, input.intervalDays, why);
    return { id: Number(id), no: String(stored.nrc_no), due };
  },
};
