/**
 * Corrections re-certify (issue 34 point 4, decision 0315). A signed card of a work order released
 * to service is never edited: a correction is a new numbered record that names the one it
 * supersedes, with the reason, and is signed and released again.
 *
 *   POST /api/data/work_order_task/action/recertify_task_card
 *        { key: 71, reason: 'Recorded against the wrong inspection', type_inspection: 12, task_code: 'TST-RY' }
 *
 * 1. Re-certify Card (recertify_task_card, O on Task Cards; the correction order is created, so
 *    the planner's C on work orders too): read and lock the card, then its order. The order is
 *    released to service (CRS or CLOSED); the card is signed (certified, inspected when RII), not
 *    deferred or carried, not superseded, not a component change (a part moved is corrected by a
 *    component change of its own), and no other correction of it is open.
 * 2. The correction work order: a draft of the same aircraft, type, station and organisation, its
 *    own WO number, `corrects` the original order, and one card copied from the old one with what
 *    the body changes (RECERTIFY_FIELDS), `supersedes` the old card and `correction_reason`. Its
 *    accomplishment date (`done_date`) is the one the correction states, by default the old
 *    card's: Sign Performed keeps it and takes the aircraft's hours and cycles of that day.
 * 3. It goes the normal way: approval (WO-APPROVAL), signatures, Issue CRS.
 * 4. At the correction's CRS (`supersedeCards`, called by the operator's onRelease before the
 *    compliance is posted): the old card gets `superseded_by` and `superseded_note` ("Superseded
 *    by WO-… card 1: reason"), the maintenance record line its release posted gets `superseded_by`,
 *    and the aircraft's due is computed again without it; the correction's compliance is then
 *    posted against the due as it stood before the superseded accomplishment. The due list and
 *    the compliance follow the current record (schedule/load.ts reads only lines not superseded).
 * 5. A superseded card takes no write (`refuseSuperseded`, 409 ERR_LOCKED) and no second
 *    correction; both cards stay readable and printable, the old one marked on the form, the
 *    task-card list and the prints.
 */
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { ActionContext, HookContext } from '../../engine/src/plugins/host.ts';
import { isoDate, todayUtc } from '../airworthiness/rules/dates.ts';
import { refreshDue } from '../airworthiness/schedule.ts';

type Row = Record<string, unknown>;

/** What a correction may change on the card it re-certifies (the rest is copied as signed). */
export const RECERTIFY_FIELDS = ['task_code', 'description', 'type_inspection', 'component', 'type_ad', 'type_sb', 'ata', 'cert_category', 'rii', 'remark', 'done_date'] as const;
/** The card's task as the old card recorded it, copied onto the correction's card. */
const COPIED = ['task_source', 'task_code', 'description', 'type_inspection', 'component', 'type_ad', 'type_sb', 'defect', 'ata', 'skill', 'est_manhours', 'cert_category', 'rii', 'remark'] as const;

const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const same = (a: unknown, b: unknown) => (has(a) ? String(a) : '') === (has(b) ? String(b) : '');
const signed = (c: Row) => has(c.certified_user) && (!c.rii || has(c.inspected_user));

/** Why a card is not re-certified now, or null. */
export function recertifyRefusal(order: Row, card: Row, openCorrection: string | null): string | null {
  const what = `Task card ${String(card.seq)} of ${String(order.wo_no)}`;
  if (!['CRS', 'CLOSED'].includes(String(order.wo_status))) return `${what} is not released to service yet: a card is corrected on its own order until the CRS (or amended, when not signed).`;
  if (has(card.superseded_by)) return `${what} is already superseded (${String(card.superseded_note ?? '')}): correct the current record.`;
  if (has(card.deferral_defect) || has(card.carried_to) || !signed(card)) return `${what} is not signed: only a signed card is re-certified.`;
  if (card.task_source === 'CHANGE') return `${what} is a component change: a part removed or installed in error is corrected by a component change of its own, not by re-certifying the card.`;
  if (openCorrection) return `${what} is being corrected by ${openCorrection}: release or withdraw that correction first.`;
  return null;
}

/** The open correction of a card (an order naming it that is not released, closed or withdrawn), as "WO-… card n". */
async function openCorrectionOf(tx: DB, cardId: number): Promise<string | null> {
  const r = await tx
    .selectFrom('work_order_task')
    .innerJoin('work_order', 'work_order.wo_id', 'work_order_task.work_order')
    .select(['work_order.wo_no', 'work_order_task.seq'])
    .where('work_order_task.supersedes', '=', cardId)
    .where('work_order.wo_status', 'not in', ['CRS', 'CLOSED', 'CANCELLED'])
    .executeTakeFirst();
  return r ? `${String(r.wo_no)} card ${String(r.seq)}` : null;
}

/** The body's changes, checked at the field against the order's aircraft and company (400, nothing written). */
async function changesOf(ctx: ActionContext, tx: DB, order: Row, card: Row, body: Row): Promise<Row> {
  const errors: { path: string; message: string }[] = [];
  for (const k of Object.keys(body)) if (k !== 'reason' && !(RECERTIFY_FIELDS as readonly string[]).includes(k)) errors.push({ path: `/${k}`, message: 'is not changed by a correction' });
  const out: Row = {};
  for (const f of RECERTIFY_FIELDS) if (f in body && f !== 'done_date') out[f] = body[f] === '' ? null : body[f];
  const ac = await tx.selectFrom('aircraft').select(['aircraft_id', 'aircraft_type']).where('aircraft_id', '=', Number(order.aircraft)).executeTakeFirstOrThrow();
  const comp = ctx.user.compcode;
  const pick = async (f: string, q: () => Promise<unknown>, message: string) => {
    if (!has(out[f]) || same(out[f], card[f])) return;
    const id = Number(out[f]);
    if (!Number.isInteger(id) || id < 1 || id > 2147483647 || !(await q())) errors.push({ path: `/${f}`, message });
  };
  await pick('type_inspection', () => tx.selectFrom('aircraft_type_inspection').select('type_inspection_id').where('type_inspection_id', '=', Number(out.type_inspection)).where('aircraft_type', '=', Number(ac.aircraft_type)).where('compcode', '=', comp).executeTakeFirst(), "choose an inspection of the aircraft's programme");
  await pick('component', () => tx.selectFrom('fleet_component').select('component_id').where('component_id', '=', Number(out.component)).where('aircraft', '=', Number(ac.aircraft_id)).where('compcode', '=', comp).executeTakeFirst(), 'choose a component installed on the aircraft');
  await pick('ata', () => tx.selectFrom('ata_group').select('id').where('id', '=', Number(out.ata)).where('compcode', '=', comp).executeTakeFirst(), 'choose an ATA chapter');
  if ('cert_category' in out && !['A', 'B1', 'B2'].includes(String(out.cert_category))) errors.push({ path: '/cert_category', message: 'A, B1 or B2' });
  if ('rii' in out && typeof out.rii !== 'boolean') errors.push({ path: '/rii', message: 'true or false' });
  for (const f of ['task_code', 'description', 'remark'] as const) {
    if (!(f in out)) continue;
    const max = f === 'task_code' ? 40 : 500;
    if (out[f] !== null && (typeof out[f] !== 'string' || String(out[f]).length > max)) errors.push({ path: `/${f}`, message: `text of at most ${max} characters` });
  }
  if ('description' in out && !has(out.description)) errors.push({ path: '/description', message: 'the card needs its description' });
  // a directive's status is the directive's record: the correction answers the same AD or SB
  for (const f of ['type_ad', 'type_sb', 'component'] as const) {
    if (f in out && ['AD', 'SB'].includes(String(card.task_source)) && !same(out[f], card[f])) errors.push({ path: `/${f}`, message: `an ${String(card.task_source)} card is corrected for the same directive and part (a directive recorded in error is corrected on its status)` });
  }
  const today = ctx.asOf ?? todayUtc();
  let done = has(card.done_date) ? isoDate(card.done_date as string) : today;
  if (has(body.done_date)) {
    const valid = typeof body.done_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(body.done_date) && !Number.isNaN(Date.parse(body.done_date)) && new Date(body.done_date).toISOString().slice(0, 10) === body.done_date;
    if (!valid) errors.push({ path: '/done_date', message: 'a date (YYYY-MM-DD)' });
    else if (String(body.done_date) > today) errors.push({ path: '/done_date', message: 'the work cannot be accomplished in the future' });
    else done = String(body.done_date);
  }
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
  return { ...out, done_date: done };
}

/** Action recertify_task_card on a signed card of a released order: its correction work order. */
export async function recertifyCard(ctx: ActionContext, key: unknown, body: Row) {
  return documentAction(ctx, { entity: 'work_order_task', key, name: 're-certify' }, async (tx, card) => {
    const order = (await tx.selectFrom('work_order').selectAll().where('wo_id', '=', card.work_order).forUpdate().executeTakeFirst());
    if (!order || order.compcode !== ctx.user.compcode) throw appError('ERR_NOT_FOUND');
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (!reason) throw appError('ERR_VALIDATION', { errors: [{ path: '/reason', message: 'give the reason of the correction' }] });
    if (reason.length > 500) throw appError('ERR_VALIDATION', { errors: [{ path: '/reason', message: 'at most 500 characters' }] });
    const refused = recertifyRefusal(order, card, await openCorrectionOf(tx, card.wo_task_id));
    if (refused) throw appError('ERR_CONFLICT', { message: refused });
    const { done_date, ...values } = await changesOf(ctx, tx, order, card, body);
    const copy: Row = Object.fromEntries(COPIED.map((f) => [f, card[f] ?? null]));
    if (has(copy.est_manhours)) copy.est_manhours = Number(copy.est_manhours); // a decimal reads as text
    const newCard: Row = { ...copy, ...values, seq: 1 };
    const what = `card ${String(card.seq)} of ${String(order.wo_no)}`;
    const wo = await ctx.repo.create({ db: tx, ability: ctx.ability, user: ctx.user }, 'work_order', {
      wo_date: ctx.asOf ?? todayUtc(),
      aircraft: Number(order.aircraft),
      wo_type: order.wo_type,
      title: `Correction of ${what}`.slice(0, 200),
      station: order.station ?? null,
      amo: order.amo ?? null,
      priority: 'ROUTINE',
      remark: `Re-certifies ${what}: ${reason}`.slice(0, 2000),
      tasks: [newCard],
    });
    const stored = (await tx.selectFrom('work_order_task').selectAll().where('work_order', '=', Number(wo.wo_id)).executeTakeFirstOrThrow());
    const why = `correction of ${what}: ${reason}`;
    await ctx.repo.patch(tx, ctx.user, 'work_order', Number(wo.wo_id), { corrects: Number(order.wo_id) }, { reason: why });
    await ctx.repo.patch(tx, ctx.user, 'work_order_task', Number(stored.wo_task_id), { supersedes: card.wo_task_id, correction_reason: reason, done_date }, { reason: why, before: stored });
    return { success: 1, message: `${String(wo.wo_no)} made to re-certify ${what}: send it for approval, sign its card and issue its CRS; ${what} is then superseded.`, wo_id: wo.wo_id, wo_no: wo.wo_no };
  });
}

/**
 * Inside the correction's CRS, before its compliance is posted: each released card that supersedes
 * another marks it and the record line its release posted, then the aircraft's due is computed
 * without them. Returns the sentence for the CRS's answer.
 */
export async function supersedeCards(ctx: ActionContext, tx: DB, order: Row, released: Row[]): Promise<string> {
  const done: string[] = [];
  for (const c of released.filter((x) => has(x.supersedes))) {
    const old = (await tx.selectFrom('work_order_task').selectAll().where('wo_task_id', '=', Number(c.supersedes)).forUpdate().executeTakeFirst());
    if (!old) continue;
    const was = (await tx.selectFrom('work_order').select(['wo_no']).where('wo_id', '=', Number(old.work_order)).executeTakeFirstOrThrow());
    if (has(old.superseded_by)) throw appError('ERR_CONFLICT', { message: `Task card ${String(old.seq)} of ${String(was.wo_no)} is already superseded (${String(old.superseded_note ?? '')}).` });
    const note = `Superseded by ${String(order.wo_no)} card ${String(c.seq)}: ${String(c.correction_reason ?? '')}`.slice(0, 700);
    const why = `superseded by ${String(order.wo_no)} card ${String(c.seq)}`;
    await ctx.repo.patch(tx, ctx.user, 'work_order_task', Number(old.wo_task_id), { superseded_by: Number(c.wo_task_id), superseded_note: note }, { reason: why, before: old });
    for (const line of await postedLinesOf(tx, old)) await ctx.repo.patch(tx, ctx.user, 'maintenance_record_line', Number(line.record_line_id), { superseded_by: Number(c.wo_task_id) }, { reason: why, before: line });
    done.push(`card ${String(old.seq)} of ${String(was.wo_no)}`);
  }
  if (done.length) await refreshDue(tx, Number(order.aircraft), ctx.user.username);
  return done.length ? `Superseded: ${done.join(', ')}.` : '';
}

/**
 * The lines the old card's release posted: those naming the card, or, for records posted before
 * lines named their card, the line of the card's item in its compliance record.
 */
async function postedLinesOf(tx: DB, card: Row): Promise<Row[]> {
  if (!has(card.compliance_record)) return [];
  const lines = (await tx.selectFrom('maintenance_record_line').selectAll().where('maintenance_record', '=', Number(card.compliance_record)).where('superseded_by', 'is', null).orderBy('record_line_id').forUpdate().execute());
  const own = lines.filter((l) => Number(l.work_order_task) === Number(card.wo_task_id));
  if (own.length) return own;
  const item = (l: Row) => l.work_order_task === null && l.item_kind === card.task_source && same(l.type_inspection, card.type_inspection) && same(l.type_ad, card.type_ad) && same(l.type_sb, card.type_sb) && (card.task_source === 'INSPECTION' || same(l.component, card.component));
  return lines.filter(item).slice(0, 1);
}

/** beforeUpdate / beforeDelete of a card: a superseded card is kept as it was signed. */
export async function refuseSuperseded(ctx: HookContext): Promise<void> {
  const stored = ctx.before ?? ctx.row;
  if (!has(stored?.superseded_by)) return;
  throw appError('ERR_LOCKED', { message: `Task card ${String(stored.seq)} is superseded (${String(stored.superseded_note ?? '')}): it is kept as it was signed.` });
}
