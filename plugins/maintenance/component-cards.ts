/**
 * Component-change cards (task source CHANGE, decision 0160 "Component changes"): at the release to service each signed
 * card posts its removal — and the installation of the part fitted in its place — as component
 * changes on the day the work was signed as performed, with the aircraft's totals at the end of
 * that day (the card's A/C FH and FC at accomplishment). The removed part, unless it came off for
 * a robbery or a convenience removal (it stays serviceable), comes back to stores as a draft
 * unserviceable receipt of the company's unserviceable store: its serial number, its times at
 * removal (TSN, CSN, TSO, CSO from the posted removal), the reason and the work order. Stores
 * checks and posts that receipt as any other.
 *
 * Everything is written in the release's transaction: a removal the airworthiness rules refuse
 * (a part not on this aircraft, an event out of date order) refuses the release, naming the card.
 */
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import type { ActionContext, RowOf } from '../../engine/src/plugins/host.ts';
import { postComponentChange } from '../airworthiness/component-change.ts';
import { isoDate } from '../airworthiness/rules/dates.ts';
import '../errors.ts';
import type { Selectable } from 'kysely';
import type * as Db from '../../engine/src/db/schema.gen.ts';

type Order = RowOf<'work_order'>;
type Card = RowOf<'work_order_task'>;
type Part = Selectable<Db.FleetComponentTable>;

const has = (v: unknown) => v !== null && v !== undefined && v !== '';

/** Removal reasons after which the part stays serviceable (airworthiness/component-change.ts does the same). */
const STAYS_SERVICEABLE = new Set(['ROBBERY', 'CONVENIENCE']);
/** The unserviceable receipt's removal reason for the card's. */
const US_REASON: Record<string, string> = { SCHEDULED: 'SCHED', UNSCHEDULED: 'UNSCHED', MOD: 'MOD' };

function isChangeCard(card: Card): boolean {
  return card.task_source === 'CHANGE';
}

/** The refusal of a change card that cannot be released as typed (no part removed), or null. */
function changeCardRefusal(card: Card): string | null {
  if (!isChangeCard(card)) return null;
  if (!has(card.component)) return `Task card ${String(card.seq)} is a component change without the part removed: give the component.`;
  if (has(card.installed_component) && String(card.installed_component) === String(card.component)) return `Task card ${String(card.seq)} removes and installs the same part.`;
  return null;
}

async function post(ctx: ActionContext, tx: DB, card: Card, body: Record<string, unknown>): Promise<{ id: number; message: string }> {
  const e = ctx.reg.entity('component_change');
  const id = Number(await ctx.repo.insertRow(tx, { user: ctx.user }, e, body));
  await ctx.repo.audit(tx, ctx.user, e, id, 'insert', { after: body, reason: `task card ${String(card.seq)} released` });
  try {
    // posted for the release: the certifier's authorisation is the gate, reading the change is enough
    const r = (await postComponentChange({ ...ctx, db: tx, permission: 'read' }, id)) as { message?: string };
    return { id, message: (r.message ?? '') };
  } catch (err) {
    const m = (err as { message?: string; errors?: { message: string }[] }).errors?.map((x) => x.message).join('; ') || (err as Error).message;
    throw appError('ERR_SIGNOFF', { message: `Task card ${String(card.seq)} (component change) cannot be posted: ${m}` });
  }
}

/** The company's unserviceable store (the first active one), or null. */
async function unserviceableStore(tx: DB, compcode: string): Promise<number | null> {
  const s = await tx.selectFrom('store_warehouse').select('store_id').where('compcode', '=', compcode).where('store_type', '=', 'US').where('active', '=', true).orderBy('store_id').executeTakeFirst();
  return s ? Number(s.store_id) : null;
}

/** The stock item of a part: its master item, else the company's item of that part number. */
async function itemOf(tx: DB, part: Part, compcode: string): Promise<number | null> {
  if (has(part.item)) return Number(part.item);
  const i = await tx.selectFrom('master_item').select('item_id').where('compcode', '=', compcode).where('partnumber', '=', part.partnumber).orderBy('item_id').executeTakeFirst();
  return i ? Number(i.item_id) : null;
}

/**
 * Posts the signed change cards of a work order being released; returns what was done, one
 * sentence per card, for the release's answer.
 */
export async function postChangeCards(ctx: ActionContext, tx: DB, order: Order, signed: Card[]): Promise<string[]> {
  const out: string[] = [];
  const registration = (await tx.selectFrom('aircraft').select('registration').where('aircraft_id', '=', order.aircraft).executeTakeFirstOrThrow()).registration;
  for (const card of signed.filter(isChangeCard)) {
    if (has(card.removal_change)) continue;
    const refusal = changeCardRefusal(card);
    if (refusal) throw appError('ERR_SIGNOFF', { message: refusal });
    const removed = (await tx.selectFrom('fleet_component').selectAll().where('component_id', '=', Number(card.component)).executeTakeFirst());
    if (!removed || removed.compcode !== ctx.user.compcode) throw appError('ERR_SIGNOFF', { message: `Task card ${String(card.seq)}: the part removed was not found.` });
    if (String(removed.aircraft ?? '') !== String(order.aircraft)) throw appError('ERR_SIGNOFF', { message: `Task card ${String(card.seq)}: S/N ${String(removed.serial_number)} is not installed on ${String(registration)}.` });
    const date = isoDate(card.done_date as string | Date);
    const reason = has(card.change_reason) ? String(card.change_reason) : 'UNSCHEDULED';
    const at = { change_date: date, ac_fh: card.ac_fh_done ?? null, ac_fc: card.ac_fc_done ?? null };
    const removal = await post(ctx, tx, card, { component: removed.component_id, action: 'REMOVE', aircraft: order.aircraft, reason, reason_text: String(card.description).slice(0, 200), ...at });
    const links: Record<string, unknown> = { removal_change: removal.id };
    const said = [`S/N ${String(removed.serial_number)} removed`];
    if (has(card.installed_component)) {
      const fitted = await tx.selectFrom('fleet_component').select(['serial_number']).where('component_id', '=', Number(card.installed_component)).executeTakeFirst();
      const installation = await post(ctx, tx, card, {
        component: card.installed_component,
        action: 'INSTALL',
        ...(has(removed.parent_component) ? { parent_component: removed.parent_component } : { aircraft: order.aircraft }),
        position: removed.position ?? null,
        reason: reason === 'ROBBERY' || reason === 'CONVENIENCE' ? 'CONVENIENCE' : reason,
        ...at,
      });
      links.installation_change = installation.id;
      said.push(`S/N ${String(fitted?.serial_number ?? card.installed_component)} installed`);
    }
    if (!STAYS_SERVICEABLE.has(reason)) {
      const receipt = await raiseUnserviceableReceipt(ctx, tx, { order, card, removed, removalId: removal.id, registration: String(registration), date, reason });
      if (receipt.id) links.us_receipt = receipt.id;
      said.push(receipt.said);
    }
    await ctx.repo.patch(tx, ctx.user, 'work_order_task', Number(card.wo_task_id), links, { reason: 'component change posted at the release' });
    out.push(`Card ${String(card.seq)}: ${said.join(', ')}.`);
  }
  return out;
}

async function raiseUnserviceableReceipt(
  ctx: ActionContext,
  tx: DB,
  p: { order: Order; card: Card; removed: Part; removalId: number; registration: string; date: string; reason: string },
): Promise<{ id: number | null; said: string }> {
  const serial = p.removed.serial_number;
  const store = await unserviceableStore(tx, ctx.user.compcode);
  const item = await itemOf(tx, p.removed, ctx.user.compcode);
  if (store === null) return { id: null, said: `no unserviceable store to receive S/N ${serial}: raise its receipt when one is set up` };
  if (item === null) return { id: null, said: `P/N ${p.removed.partnumber} is not a stock item: S/N ${serial} is not received in stores` };
  // the part's times at removal, as the posted removal recorded them
  const times = await tx.selectFrom('component_change').select(['tsn', 'csn', 'tso', 'cso']).where('change_id', '=', p.removalId).executeTakeFirstOrThrow();
  const e = ctx.reg.entity('unserviceable_receipt');
  const id = Number(
    await ctx.repo.insertRow(tx, { user: ctx.user }, e, {
      receiptdate: ctx.asOf ?? p.date,
      source: 'REM',
      registration: p.registration,
      workorder_no: String(p.order.wo_no),
      removal_date: p.date,
      removal_reason: US_REASON[p.reason] ?? 'OTHER',
      store,
      returned_by: p.card.done_by ?? null,
      remark: `Removed under ${String(p.order.wo_no)} task card ${String(p.card.seq)}; draft raised at the release to service.`,
      lines: [
        {
          item,
          serial_number: serial,
          condition: 'AR',
          quantity: 1,
          unit: 'PCS',
          defect: p.card.description.slice(0, 500),
          tsn: times.tsn,
          csn: times.csn,
          tso: times.tso,
          cso: times.cso,
        },
      ],
    }),
  );
  const row = (await tx.selectFrom('unserviceable_receipt').select(['usreceiptno']).where('usreceiptkey', '=', id).executeTakeFirstOrThrow());
  await ctx.repo.audit(tx, ctx.user, e, id, 'insert', { reason: `removed part of ${String(p.order.wo_no)}` });
  return { id, said: `unserviceable receipt ${String(row.usreceiptno)} raised (draft)` };
}
