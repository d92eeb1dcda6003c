/**
 * Defer a task card under the MEL (decision 0355): the operator's defect (`defect`) the card is
 * deferred under, through the MEL rules of decision 0116 (plugins/airworthiness/defects.ts
 * `checkDeferral`: the category's interval, the day of discovery excluded, category A the item's
 * interval). A defect named must be of the order's aircraft and open (it is deferred now) or
 * already deferred (the card is linked to it); otherwise a defect is raised on the order (source
 * WO, found today, the card's ATA and description, the reason as its parts-required note).
 */
import { appError } from '../../engine/src/errors.ts';
import type { HookContext } from '../../engine/src/plugins/host.ts';
import { checkDeferral } from '../airworthiness/defects.ts';
import { todayUtc } from '../airworthiness/rules/dates.ts';
import { fullName } from '../airworthiness/store.ts';
import type { CardDeferral } from './work-order.ts';
import { stateWords } from '../../engine/src/metadata/labels.ts';

const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const day = (v: unknown) => (has(v) ? (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10) : null);

export const OPERATOR_DEFERRAL: CardDeferral = {
  entity: 'defect',
  async read(tx, id) {
    const d = await tx.selectFrom('defect').select(['defect_status', 'mel_category', 'due_date']).where('defect_id', '=', id).executeTakeFirst();
    return d ? { status: String(d.defect_status), melCategory: d.mel_category, dueDate: day(d.due_date) } : null;
  },
  async defer(ctx, tx, order, card, input) {
    const name = await fullName(tx, ctx.user);
    if (input.melCategory !== null) {
      const cat = await tx.selectFrom('mel_category').select('id').where('id', '=', input.melCategory).where('compcode', '=', ctx.user.compcode).executeTakeFirst();
      if (!cat) throw appError('ERR_VALIDATION', { errors: [{ path: '/mel_category', message: 'choose an MEL category of this company' }] });
    }
    if (input.defect !== null) {
      const d = (await tx.selectFrom('defect').selectAll().where('defect_id', '=', input.defect).where('compcode', '=', ctx.user.compcode).forUpdate().executeTakeFirst());
      if (!d) throw appError('ERR_VALIDATION', { errors: [{ path: '/defect', message: 'choose a defect of the aircraft' }] });
      if (String(d.aircraft) !== String(order.aircraft)) throw appError('ERR_VALIDATION', { errors: [{ path: '/defect', message: `${String(d.defect_no)} is a defect of another aircraft` }] });
      if (d.defect_status === 'DEFERRED') return { id: Number(d.defect_id), no: String(d.defect_no), due: day(d.extended_due_date) ?? day(d.due_date) };
      if (d.defect_status !== 'OPEN') throw appError('ERR_CONFLICT', { message: `${String(d.defect_no)} is ${stateWords('defect', 'defect_status', d.defect_status)}: a card is deferred under an open or deferred defect.` });
      const values: Record<string, unknown> = { defect_status: 'DEFERRED', mel_category: input.melCategory ?? d.mel_category, ...(input.melItem ? { mel_item: input.melItem } : {}), ...(input.intervalDays !== null ? { interval_days: input.intervalDays } : {}), deferred_by: name, deferral_date: ctx.asOf ?? todayUtc() };
      // the MEL rules of the defect (decision 0116): the category and its expiry
      await checkDeferral({ db: tx, user: ctx.user, row: values, before: d } as unknown as HookContext);
      await ctx.repo.patch(tx, ctx.user, 'defect', Number(d.defect_id), values, { reason: `deferred: task card ${String(card.seq)} of ${String(order.wo_no)}`, before: d });
      return { id: Number(d.defect_id), no: String(d.defect_no), due: day(values.due_date) };
    }
    const e = ctx.reg.entity('defect');
    const today = ctx.asOf ?? todayUtc();
    // insertRow runs the defect's hooks: checkDeferral computes the interval and the expiry
    const id = await ctx.repo.insertRow(tx, { user: ctx.user }, e, {
      aircraft: Number(order.aircraft),
      found_date: today,
      station: order.station ?? null,
      source: 'WO',
      work_order: Number(order.wo_id),
      ata: card.ata ?? null,
      description: `${has(card.task_code) ? `${String(card.task_code)}: ` : ''}${String(card.description ?? '')}`.slice(0, 2000) || `Task card ${String(card.seq)} of ${String(order.wo_no)}`,
      reported_by: name,
      defect_status: 'DEFERRED',
      mel_category: input.melCategory,
      mel_item: input.melItem,
      interval_days: input.intervalDays,
      deferral_date: today,
      deferred_by: name,
      parts_required: input.reason.slice(0, 200),
    });
    const row = (await tx.selectFrom('defect').selectAll().where('defect_id', '=', Number(id)).executeTakeFirstOrThrow());
    await ctx.repo.audit(tx, ctx.user, e, id, 'insert', { after: row });
    return { id: Number(id), no: String(row.defect_no), due: day(row.due_date) };
  },
};

