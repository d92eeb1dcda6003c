/**
 * Materials and labour of a work order (decision 0165).
 *
 * - Parts: the planner lists the parts each card needs (work_order_part). *Request Parts* raises
 *   one draft material request for the parts not yet requested — referencing the work order (a
 *   real reference, its number and aircraft copied) — and reserves what is free in the stores:
 *   per part, serviceable stock not held by other reservations, taken from the stores with the
 *   most free first; one posted reservation per store, for this work order and request. What
 *   cannot be reserved stays requested (stores or procurement supply it).
 * - Labour: hours booked per card, person and day (work_order_labour).
 * - A part's or a booking's card must be a card of the same work order (400 at the field).
 */
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import type { ActionContext, HookContext, RowOf, WrittenValues } from '../../engine/src/plugins/host.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { delegatedAbility } from '../../engine/src/access/ability.ts';
import { QTY, fixed, show, toNumber } from '../../engine/src/values/money.ts';
import { todayIso } from '../../engine/src/values/dates.ts';
import { STOCK_DOCUMENTS } from '../stores/documents.ts';
import { openReservations } from '../stores/ledger/reservations.ts';
import { usableStock } from '../stores/ledger/serviceable.ts';
import { postDocument } from '../stores/post.ts';

const has = (v: unknown) => v !== null && v !== undefined && v !== '';

/** Hook beforeCreate/beforeUpdate of work_order_part and work_order_labour: the card is one of the order's. */
export function cardOfTheOrder(entity: 'work_order_part' | 'work_order_labour') {
  return async (ctx: HookContext): Promise<void> => {
    const m: WrittenValues<RowOf<typeof entity>> = { ...ctx.before, ...ctx.row };
    if (!has(m.task) || !has(m.work_order)) return;
    const card = await ctx.db.selectFrom('work_order_task').select(['work_order']).where('wo_task_id', '=', Number(m.task)).executeTakeFirst();
    if (!card || Number(card.work_order) !== Number(m.work_order)) {
      throw appError('ERR_VALIDATION', { errors: [{ path: '/task', message: `must be a task card of this work order (${entity === 'work_order_part' ? 'the card the part is for' : 'the card worked on'})` }] });
    }
  };
}

/**
 * Hook afterCreate/afterUpdate of work_order: the parts' and bookings' cards are the order's own
 * (a document save writes its lines without their own hooks; this checks them once written).
 */
export async function linesOfTheOrder(ctx: HookContext): Promise<void> {
  const wo = Number(ctx.row.wo_id);
  if (!wo) return;
  const errors: { path: string; message: string }[] = [];
  for (const [child, table, key] of [['parts', 'work_order_part', 'wo_part_id'], ['labour', 'work_order_labour', 'wo_labour_id']] as const) {
    const rows = await ctx.db.selectFrom(table).select([key, 'task']).where('work_order', '=', wo).orderBy(key).execute();
    const foreign = rows.length ? await ctx.db.selectFrom('work_order_task').select('wo_task_id').where('wo_task_id', 'in', rows.filter((r) => has(r.task)).map((r) => Number(r.task)).concat([0])).where('work_order', '<>', wo).execute() : [];
    const bad = new Set(foreign.map((f) => Number(f.wo_task_id)));
    rows.forEach((r, i) => {
      if (has(r.task) && bad.has(Number(r.task))) errors.push({ path: `/${child}/${i}/task`, message: 'must be a task card of this work order' });
    });
  }
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
}

/** Serviceable stock free to reserve per store for an item: on hand in serviceable stores less open reservations. */
async function freeByStore(tx: DB, compcode: string, item: number, today: string): Promise<{ store: number; free: bigint }[]> {
  const rows = await tx
    .selectFrom('stock_balance as b')
    .innerJoin('store_warehouse as s', 's.store_id', 'b.store')
    .select(['b.store', 'b.condition', 'b.quantity', 'b.expiry_date', 's.store_type', 's.active'])
    .where('b.compcode', '=', compcode)
    .where('b.item', '=', item)
    .where('b.quantity', '>', 0)
    .execute();
  const onHand = new Map<number, bigint>();
  for (const r of rows) {
    if (!r.active || !usableStock(String(r.condition), String(r.store_type), r.expiry_date as string | null, today)) continue;
    onHand.set(Number(r.store), (onHand.get(Number(r.store)) ?? 0n) + fixed(r.quantity, QTY));
  }
  if (onHand.size === 0) return [];
  const held = await openReservations(tx, compcode, [...onHand.keys()].map((s) => [s, item]), today);
  return [...onHand]
    .map(([store, q]) => ({ store, free: q - held.filter((h) => h.store === store).reduce((s, h) => s + h.open, 0n) }))
    .filter((x) => x.free > 0n)
    .sort((a, b) => (b.free > a.free ? 1 : b.free < a.free ? -1 : a.store - b.store));
}

/** Action request_work_order_parts (O) on a work order released for work. */
export async function requestParts(ctx: ActionContext, key: unknown): Promise<Record<string, unknown>> {
  return documentAction(ctx, { entity: 'work_order', key, name: 'request parts' }, async (tx, order) => {
    const no = String(order.wo_no);
    if (!['RELEASED', 'INPROGRESS'].includes(order.wo_status)) throw appError('ERR_CONFLICT', { message: `Work order ${no} is not released for work: its parts are requested once it is approved.` });
    const parts = order.parts.filter((p) => !has(p.mr_line));
    if (parts.length === 0) throw appError('ERR_CONFLICT', { message: `Every part listed on ${no} is requested already (or none is listed): add the parts the cards need first.` });
    const today = ctx.asOf ?? todayIso();
    // the request and the reservations are the work order's: its action's letter O covers them
    const own = delegatedAbility(ctx.user.compcode, ['material_request', 'material_request_line', 'stock_reservation', 'stock_reservation_line'], ['create', 'read', 'other']);
    const ac = await tx.selectFrom('aircraft').select(['registration']).where('aircraft_id', '=', order.aircraft).executeTakeFirstOrThrow();
    const items = await tx.selectFrom('master_item').select(['item_id', 'partnumber', 'itemname']).where('item_id', 'in', parts.map((p) => Number(p.item))).execute();
    const info = new Map(items.map((i) => [Number(i.item_id), i]));
    const user = await tx.selectFrom('users').select(['full_name']).where('user_id', '=', ctx.user.user_id).executeTakeFirst();
    const mr = await ctx.repo.create({ db: tx, ability: own, user: ctx.user }, 'material_request', {
      requestdate: today,
      jasa: 0,
      requestor: ctx.user.user_id,
      department: 'Maintenance',
      priority: order.priority === 'AOG' ? 'AOG' : 'RTN',
      registration: ac.registration,
      workorder_no: no,
      remark: `Parts of work order ${no}${user?.full_name ? `, requested by ${String(user.full_name)}` : ''}.`,
      lines: parts.map((p) => ({ linetype: 1, item: p.item, partnumber: info.get(Number(p.item))?.partnumber ?? null, itemname: info.get(Number(p.item))?.itemname ?? null, description: has(p.remark) ? p.remark : `For ${no}`, quantity: p.quantity, invunitom: p.unit ?? 'PCS' })),
    });
    await ctx.repo.patch(tx, ctx.user, 'material_request', Number(mr.requestkey), { work_order: order.wo_id }, { reason: `raised for ${no}` });
    const mrLines = mr.lines;

    // reserve what is free, store by store
    const byStore = new Map<number, Record<string, unknown>[]>();
    const reserved = new Map<number, bigint>();
    for (const [i, p] of parts.entries()) {
      let want = fixed(p.quantity, QTY);
      for (const { store, free } of await freeByStore(tx, ctx.user.compcode, Number(p.item), today)) {
        if (want <= 0n) break;
        const take = free < want ? free : want;
        byStore.set(store, [...(byStore.get(store) ?? []), { mr_line: mrLines[i]?.reqdtlkey ?? null, item: p.item, quantity: toNumber(take, QTY), unit: p.unit ?? 'PCS', remark: `For ${no}` }]);
        reserved.set(i, (reserved.get(i) ?? 0n) + take);
        want -= take;
      }
    }
    const reservations: string[] = [];
    const kind = STOCK_DOCUMENTS.find((k) => k.entity === 'stock_reservation');
    if (!kind) throw new Error('stores: no reservation posting');
    for (const [store, lines] of byStore) {
      const r = await ctx.repo.create({ db: tx, ability: own, user: ctx.user }, 'stock_reservation', {
        reservedate: today,
        material_request: mr.requestkey,
        registration: ac.registration,
        workorder_no: no,
        store,
        required_date: order.planned_start ?? null,
        reserved_by: ctx.user.user_id,
        remark: `Reserved for work order ${no}.`,
        lines,
      });
      // posted as any reservation: the stores' rules decide
      await postDocument({ ...ctx, db: tx, ability: own, permission: 'other' }, kind, r.reservekey);
      reservations.push(String(r.reserveno));
    }
    for (const [i, p] of parts.entries()) {
      await ctx.repo.patch(tx, ctx.user, 'work_order_part', Number(p.wo_part_id), { mr_line: mrLines[i]?.reqdtlkey ?? null, qty_reserved: toNumber(reserved.get(i) ?? 0n, QTY) }, { reason: `requested on ${String(mr.requestno)}` });
    }
    const short = [...parts.entries()]
      .map(([i, p]) => ({ p, missing: fixed(p.quantity, QTY) - (reserved.get(i) ?? 0n) }))
      .filter((x) => x.missing > 0n)
      .map(({ p, missing }) => `${String(info.get(Number(p.item))?.partnumber ?? p.item)} ${show(missing, QTY)}`);
    return {
      success: 1,
      message: `${String(mr.requestno)} raised for ${no}: ${parts.length} part line(s)${reservations.length ? `; reserved in ${reservations.join(', ')}` : '; nothing in stock to reserve'}${short.length ? `; still to supply: ${short.join(', ')}` : ''}.`,
      requestkey: mr.requestkey,
      requestno: mr.requestno,
      reservations,
    };
  });
}
