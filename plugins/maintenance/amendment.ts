/**
 * What a card requires is fixed by its work order's approval (issue 32 point 3). Once the order is
 * approved (released for work or in work), a card's task (source, task card, inspection, component,
 * AD, SB), its required certifying category and RII flag, and the order's aircraft change only
 * through the action amend_work_order (O: the planner's letter, never an engineer's), with a reason,
 * recorded in the history, which sends the order back for approval; never on a card already signed.
 * Every other path (PUT of the order with its lines, PUT / POST / DELETE of a card, the import,
 * which writes through the same repository) is refused, 409 ERR_AMENDMENT naming the field.
 *
 *   POST /api/data/work_order/action/amend_work_order
 *        { key: 41, reason: 'Task re-assessed: avionics', cards: [{ wo_task_id: 7, cert_category: 'B2' }] }
 */
import { loose } from '../../engine/src/db/loose.ts';
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { ActionContext, HookContext } from '../../engine/src/plugins/host.ts';
import { STATUS } from '../../engine/src/workflow/engine.ts';
import type { DB } from '../../engine/src/db/database.ts';

type Row = Record<string, unknown>;

/** The card fields the approval fixes. */
export const FIXED_CARD_FIELDS = ['task_source', 'task_code', 'type_inspection', 'component', 'type_ad', 'type_sb', 'cert_category', 'rii'] as const;
const LABEL: Record<string, string> = { task_source: 'Source', task_code: 'Task Card', type_inspection: 'Inspection', component: 'Component', type_ad: 'AD', type_sb: 'SB', cert_category: 'Certifying Category', rii: 'Required Inspection (RII)', aircraft: 'Aircraft' };

const norm = (v: unknown): string => (v === null || v === undefined || v === '' ? '' : String(v));
const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't' || v === 'true';
const same = (f: string, a: unknown, b: unknown) => (f === 'rii' ? bool(a) === bool(b) : norm(a) === norm(b));
const has = (v: unknown) => v !== null && v !== undefined && v !== '';

/** An order whose approval fixes its cards: approved and released for work or in work. */
function fixedByApproval(order: Row): boolean {
  return String(order.statuswf) === STATUS.APPROVED && ['RELEASED', 'INPROGRESS'].includes(String(order.wo_status));
}

function refused(order: Row, field: string, card?: Row) {
  const where = card ? `task card ${String(card.seq)}'s ${LABEL[field] ?? field}` : `its ${LABEL[field] ?? field}`;
  return appError('ERR_AMENDMENT', {
    message: `Work order ${String(order.wo_no)} is approved: ${where} is fixed by the approval. A planner changes it with Amend Work Order (with the reason), which sends the order for approval again.`,
    errors: [{ path: card ? `/tasks/${String(card.seq)}/${field}` : `/${field}`, message: 'fixed by the approval' }],
    extra: { field },
  });
}

async function orderOf(tx: DB, id: unknown): Promise<Row | undefined> {
  if (!has(id)) return undefined;
  return (await loose(tx).selectFrom('work_order').selectAll().where('wo_id', '=', Number(id)).executeTakeFirst()) as Row | undefined;
}

/** afterUpdate of the order (its lines saved with it): the aircraft and every card as approved. */
export async function cardsAsApproved(ctx: HookContext): Promise<void> {
  const before = ctx.before;
  if (!before || !fixedByApproval(before)) return;
  if (!same('aircraft', before.aircraft, ctx.row.aircraft)) throw refused(before, 'aircraft');
  const was = (before.tasks as Row[] | undefined) ?? [];
  const now = (ctx.row.tasks as Row[] | undefined) ?? [];
  for (const c of was) {
    const n = now.find((x) => Number(x.wo_task_id) === Number(c.wo_task_id));
    if (!n) throw refused(before, 'task_code', c);
    for (const f of FIXED_CARD_FIELDS) if (!same(f, c[f], n[f])) throw refused(before, f, c);
  }
  const added = now.find((x) => !was.some((c) => Number(c.wo_task_id) === Number(x.wo_task_id)));
  if (added) throw refused(before, 'task_code', added);
}

/** beforeCreate / beforeUpdate / beforeDelete of a card written on its own. */
export async function cardWrite(ctx: HookContext): Promise<void> {
  const card = { ...ctx.before, ...ctx.row };
  const order = await orderOf(ctx.db, card.work_order);
  if (!order || !fixedByApproval(order)) return;
  if (!ctx.before) throw refused(order, 'task_code', card); // a new card
  for (const f of FIXED_CARD_FIELDS) if (f in ctx.row && !same(f, ctx.before[f], ctx.row[f])) throw refused(order, f, ctx.before);
}

/** beforeDelete passes the stored row as `row` (no `before`). */
export async function cardDelete(ctx: HookContext): Promise<void> {
  const order = await orderOf(ctx.db, ctx.row.work_order);
  if (order && fixedByApproval(order)) throw refused(order, 'task_code', ctx.row);
}

/** Action amend_work_order: the planner's recorded change of what the approval fixed; the order goes back for approval. */
export async function amendWorkOrder(ctx: ActionContext, key: unknown, body: Row) {
  return documentAction(ctx, { entity: 'work_order', key, name: 'amend' }, async (tx, order, frame) => {
    if (!fixedByApproval(order)) throw appError('ERR_CONFLICT', { message: `Work order ${String(order.wo_no)} is not approved and released for work: change it and send it for approval.` });
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (!reason) throw appError('ERR_VALIDATION', { errors: [{ path: '/reason', message: 'give the reason of the amendment' }] });
    const cards = (order.tasks as Row[] | undefined) ?? [];
    const asked = Array.isArray(body.cards) ? (body.cards as Row[]) : [];
    const changes: string[] = [];
    const writes: { card: Row; values: Row }[] = [];
    asked.forEach((a, i) => {
      const card = cards.find((c) => Number(c.wo_task_id) === Number(a.wo_task_id));
      if (!card) throw appError('ERR_VALIDATION', { errors: [{ path: `/cards/${i}/wo_task_id`, message: 'must be a task card of this work order' }] });
      if (has(card.performed_user) || has(card.certified_user) || has(card.inspected_user)) {
        throw appError('ERR_AMENDMENT', { message: `Task card ${String(card.seq)} of ${String(order.wo_no)} is already signed: it is not amended (carry or defer it and add a new card).`, extra: { field: 'task_code' } });
      }
      const values: Row = {};
      for (const f of FIXED_CARD_FIELDS) {
        if (!(f in a) || same(f, card[f], a[f])) continue;
        values[f] = f === 'rii' ? bool(a[f]) : a[f] === '' ? null : a[f];
        changes.push(`card ${String(card.seq)} ${LABEL[f]} ${norm(card[f]) || '-'} → ${norm(values[f]) || '-'}`);
      }
      for (const k of Object.keys(a)) if (k !== 'wo_task_id' && !(FIXED_CARD_FIELDS as readonly string[]).includes(k)) throw appError('ERR_VALIDATION', { errors: [{ path: `/cards/${i}/${k}`, message: 'is not amended here (edit it on the work order)' }] });
      if (Object.keys(values).length) writes.push({ card, values });
    });
    const orderValues: Row = { statuswf: STATUS.DRAFT, wo_status: 'DRAFT' };
    if (has(body.aircraft) && !same('aircraft', order.aircraft, body.aircraft)) {
      const ac = await loose(tx).selectFrom('aircraft').select('aircraft_id').where('aircraft_id', '=', Number(body.aircraft)).where('compcode', '=', ctx.user.compcode).executeTakeFirst();
      if (!ac) throw appError('ERR_VALIDATION', { errors: [{ path: '/aircraft', message: 'not found' }] });
      if (cards.some((c) => has(c.performed_user) || has(c.certified_user) || has(c.inspected_user))) throw appError('ERR_AMENDMENT', { message: `Work order ${String(order.wo_no)} has signed cards: its aircraft is not amended.`, extra: { field: 'aircraft' } });
      orderValues.aircraft = Number(body.aircraft);
      changes.push(`aircraft ${norm(order.aircraft)} → ${norm(body.aircraft)}`);
    }
    if (changes.length === 0) throw appError('ERR_VALIDATION', { errors: [{ path: '/cards', message: 'nothing to amend' }] });
    const why = `amended (${changes.join('; ')}): ${reason}`;
    for (const w of writes) await ctx.repo.patch(tx, ctx.user, 'work_order_task', Number(w.card.wo_task_id), w.values, { reason: why, before: w.card, auditInto: frame.audit });
    await ctx.repo.patch(tx, ctx.user, 'work_order', Number(order.wo_id), orderValues, { reason: why, before: order, auditInto: frame.audit });
    return { success: 1, message: `${String(order.wo_no)} amended (${changes.join('; ')}) and back to draft: send it for approval again.` };
  });
}
