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
 *        { key: 41, reason: 'Task re-assessed: avionics', card: 7, cert_category: 'B2' }   (the Amend dialog's form)
 *
 * One mechanism for every kind of work order (`AmendmentKind`): the operator's (OPERATOR_AMENDMENT,
 * here) and the MRO's customer orders (plugins/mro/execution.ts MRO_AMENDMENT, decision 0241),
 * each naming its fields, what "approved" is and how the order goes back for approval.
 */
import { loose } from '../../engine/src/db/loose.ts';
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { ActionContext, HookContext } from '../../engine/src/plugins/host.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';
import type { DB } from '../../engine/src/db/database.ts';
import '../errors.ts';

type Row = Record<string, unknown>;

/** A kind of work order whose approval fixes its cards. */
export interface AmendmentKind {
  entity: string;
  key: string;
  number: string;
  /** the order's child collection of cards, the card entity, its key and its link to the order */
  cards: string;
  cardEntity: string;
  cardKey: string;
  cardParent: string;
  /** the order's aircraft field */
  aircraft: string;
  /** the card fields the approval fixes, with their labels */
  fields: readonly string[];
  labels: Record<string, string>;
  /** boolean fields among them (compared as booleans) */
  booleans?: readonly string[];
  /** the order is approved and released for work: its cards are fixed */
  fixed(order: Row): boolean;
  /** the values the amendment writes on the order: back to (waiting for) approval */
  reopen(order: Row, why: string): Row;
  /** whether a new card may be added to an approved order (its requirements are fixed from then on) */
  newCards?: boolean;
  /** the aircraft the order may be amended to, or false */
  aircraftAllowed(tx: DB, order: Row, value: unknown, compcode: string): Promise<boolean>;
  /** the action's name, for the messages */
  action: string;
}

/** The card fields the approval fixes on the operator's cards. */
export const FIXED_CARD_FIELDS = ['task_source', 'task_code', 'type_inspection', 'component', 'type_ad', 'type_sb', 'cert_category', 'rii'] as const;

export const OPERATOR_AMENDMENT: AmendmentKind = {
  entity: 'work_order',
  key: 'wo_id',
  number: 'wo_no',
  cards: 'tasks',
  cardEntity: 'work_order_task',
  cardKey: 'wo_task_id',
  cardParent: 'work_order',
  aircraft: 'aircraft',
  fields: FIXED_CARD_FIELDS,
  labels: { task_source: 'Source', task_code: 'Task Card', type_inspection: 'Inspection', component: 'Component', type_ad: 'AD', type_sb: 'SB', cert_category: 'Certifying Category', rii: 'Required Inspection (RII)', aircraft: 'Aircraft' },
  booleans: ['rii'],
  // approved and released for work or in work
  fixed: (order) => String(order.statuswf) === STATUS.APPROVED && ['RELEASED', 'INPROGRESS'].includes(String(order.wo_status)),
  // back to draft: nobody signs until it is approved again, which releases it again
  reopen: () => ({ statuswf: STATUS.DRAFT, wo_status: 'DRAFT' }),
  async aircraftAllowed(tx, _order, value, compcode) {
    return Boolean(await tx.selectFrom('aircraft').select('aircraft_id').where('aircraft_id', '=', Number(value)).where('compcode', '=', compcode).executeTakeFirst());
  },
  action: 'Amend Work Order',
};

const norm = (v: unknown): string => (v === null || v === undefined || v === '' ? '' : String(v));
const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't' || v === 'true';
const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const sameIn = (kind: AmendmentKind) => (f: string, a: unknown, b: unknown) => ((kind.booleans ?? []).includes(f) ? bool(a) === bool(b) : norm(a) === norm(b));
const signed = (c: Row) => has(c.performed_user) || has(c.certified_user) || has(c.inspected_user);

function refused(kind: AmendmentKind, order: Row, field: string, card?: Row) {
  const label = kind.labels[field] ?? field;
  const where = card ? `task card ${String(card.seq)}'s ${label}` : `its ${label}`;
  return appError('ERR_AMENDMENT', {
    message: `Work order ${String(order[kind.number])} is approved: ${where} is fixed by the approval. A planner changes it with ${kind.action} (with the reason), which sends the order for approval again.`,
    errors: [{ path: card ? `/${kind.cards}/${String(card.seq)}/${field}` : `/${field}`, message: 'fixed by the approval' }],
    extra: { field },
  });
}

async function orderOf(kind: AmendmentKind, tx: DB, id: unknown): Promise<Row | undefined> {
  if (!has(id)) return undefined;
  return (await loose(tx).selectFrom(kind.entity).selectAll().where(kind.key, '=', Number(id)).executeTakeFirst()) as Row | undefined;
}

/** afterUpdate of the order (its lines saved with it): the aircraft and every card as approved. */
export function cardsAsApproved(kind: AmendmentKind) {
  const same = sameIn(kind);
  return async (ctx: HookContext): Promise<void> => {
    const before = ctx.before;
    if (!before || !kind.fixed(before)) return;
    if (!same(kind.aircraft, before[kind.aircraft], ctx.row[kind.aircraft])) throw refused(kind, before, kind.aircraft);
    const was = (before[kind.cards] as Row[] | undefined) ?? [];
    const now = (ctx.row[kind.cards] as Row[] | undefined) ?? [];
    for (const c of was) {
      const n = now.find((x) => Number(x[kind.cardKey]) === Number(c[kind.cardKey]));
      if (!n) throw refused(kind, before, kind.fields[0], c);
      for (const f of kind.fields) if (!same(f, c[f], n[f])) throw refused(kind, before, f, c);
    }
    const added = now.find((x) => !was.some((c) => Number(c[kind.cardKey]) === Number(x[kind.cardKey])));
    if (added && !kind.newCards) throw refused(kind, before, kind.fields[0], added);
  };
}

/** beforeCreate / beforeUpdate of a card written on its own. */
export function cardWrite(kind: AmendmentKind) {
  const same = sameIn(kind);
  return async (ctx: HookContext): Promise<void> => {
    const card = { ...ctx.before, ...ctx.row };
    const order = await orderOf(kind, ctx.db, card[kind.cardParent]);
    if (!order || !kind.fixed(order)) return;
    if (!ctx.before) {
      if (kind.newCards) return;
      throw refused(kind, order, kind.fields[0], card); // a new card
    }
    for (const f of kind.fields) if (f in ctx.row && !same(f, ctx.before[f], ctx.row[f])) throw refused(kind, order, f, ctx.before);
  };
}

/** beforeDelete passes the stored row as `row` (no `before`). */
export function cardDelete(kind: AmendmentKind) {
  return async (ctx: HookContext): Promise<void> => {
    const order = await orderOf(kind, ctx.db, ctx.row[kind.cardParent]);
    if (order && kind.fixed(order)) throw refused(kind, order, kind.fields[0], ctx.row);
  };
}

/** Action amend_work_order (and its kinds'): the planner's recorded change of what the approval fixed; the order goes back for approval. */
export async function amendWorkOrder(ctx: ActionContext, key: unknown, body: Row, kind: AmendmentKind = OPERATOR_AMENDMENT) {
  const same = sameIn(kind);
  return documentAction(ctx, { entity: kind.entity, key, name: 'amend' }, async (tx, order, frame) => {
    const no = String(order[kind.number]);
    if (!kind.fixed(order)) throw appError('ERR_CONFLICT', { message: `Work order ${no} is not approved and released for work: change it and send it for approval.` });
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (!reason) throw appError('ERR_VALIDATION', { errors: [{ path: '/reason', message: 'give the reason of the amendment' }] });
    const cards = (order[kind.cards] as Row[] | undefined) ?? [];
    // the dialog's form (decision 0317): one card, `card` its key, and its new values beside it
    const flat = has(body.card);
    if (flat && !cards.some((c) => String(c[kind.cardKey]) === String(body.card))) throw appError('ERR_VALIDATION', { errors: [{ path: '/card', message: 'must be a task card of this work order' }] });
    const asked = flat
      ? [{ [kind.cardKey]: body.card, ...Object.fromEntries(kind.fields.filter((f) => has(body[f])).map((f) => [f, body[f]])) }]
      : Array.isArray(body.cards)
        ? (body.cards as Row[])
        : [];
    const changes: string[] = [];
    const writes: { card: Row; values: Row }[] = [];
    asked.forEach((a, i) => {
      const card = cards.find((c) => Number(c[kind.cardKey]) === Number(a[kind.cardKey]));
      if (!card) throw appError('ERR_VALIDATION', { errors: [{ path: `/cards/${i}/${kind.cardKey}`, message: 'must be a task card of this work order' }] });
      if (signed(card)) {
        throw appError('ERR_AMENDMENT', { message: `Task card ${String(card.seq)} of ${no} is already signed: it is not amended (carry or defer it and add a new card).`, extra: { field: kind.fields[0] } });
      }
      const values: Row = {};
      for (const f of kind.fields) {
        if (!(f in a) || same(f, card[f], a[f])) continue;
        values[f] = (kind.booleans ?? []).includes(f) ? bool(a[f]) : a[f] === '' ? null : a[f];
        changes.push(`card ${String(card.seq)} ${kind.labels[f] ?? f} ${norm(card[f]) || '-'} → ${norm(values[f]) || '-'}`);
      }
      for (const k of Object.keys(a)) if (k !== kind.cardKey && !kind.fields.includes(k)) throw appError('ERR_VALIDATION', { errors: [{ path: `/cards/${i}/${k}`, message: 'is not amended here (edit it on the work order)' }] });
      if (Object.keys(values).length) writes.push({ card, values });
    });
    const orderValues: Row = {};
    if (has(body.aircraft) && !same(kind.aircraft, order[kind.aircraft], body.aircraft)) {
      if (!(await kind.aircraftAllowed(tx, order, body.aircraft, ctx.user.compcode))) throw appError('ERR_VALIDATION', { errors: [{ path: '/aircraft', message: 'not found' }] });
      if (cards.some(signed)) throw appError('ERR_AMENDMENT', { message: `Work order ${no} has signed cards: its aircraft is not amended.`, extra: { field: kind.aircraft } });
      orderValues[kind.aircraft] = Number(body.aircraft);
      changes.push(`aircraft ${norm(order[kind.aircraft])} → ${norm(body.aircraft)}`);
    }
    if (changes.length === 0) throw appError('ERR_VALIDATION', { errors: [{ path: '/cards', message: 'nothing to amend' }] });
    const why = `amended (${changes.join('; ')}): ${reason}`;
    Object.assign(orderValues, kind.reopen(order, why));
    for (const w of writes) await ctx.repo.patch(tx, ctx.user, kind.cardEntity, Number(w.card[kind.cardKey]), w.values, { reason: why, before: w.card, auditInto: frame.audit });
    await ctx.repo.patch(tx, ctx.user, kind.entity, Number(order[kind.key]), orderValues, { reason: why, before: order, auditInto: frame.audit });
    return { success: 1, message: `${no} amended (${changes.join('; ')}) and back to draft: send it for approval again.` };
  });
}
