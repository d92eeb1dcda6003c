/**
 * Hours, parts and customer-furnished parts of an MRO customer's work order (issue 21 point 5,
 * decision 0179): the labour and stores of the work-order mechanism, on the customer orders.
 *
 * - **Booked hours**: `amo_work_order_labour` lines (card, person, day, 0.25–24 h). Each card's
 *   `actual_manhours` is its hours taken over (`opening_manhours`) plus its bookings, written by
 *   the server after every write of the order or of a booking; the invoice bills it.
 * - **Parts issued from stores**: a stores issue names the MRO work order (`inventory_issue.
 *   amo_work_order`) and, per line, the requirement it supplies (`inventory_issue_line.
 *   amo_material`). Posting checks them; after every posting or reversal of an issue, and of a
 *   return to store against such an issue line, the requirement's `issued_qty` and `issued_value`
 *   are the ledger's own figures (what left stores less what came back, at the value it moved at).
 * - **Customer-furnished parts** (supply CUSTOMER): the customer's property, never in our stock
 *   or valuation. *Receive Customer Part* records the quantity delivered and its release
 *   certificate (no cost); *Return to Customer* gives back what was not fitted. They are never
 *   billed (invoice.ts).
 */
import { sql } from 'kysely';
import type { DB } from '../../engine/src/db/database.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { ActionContext, HookContext } from '../../engine/src/plugins/host.ts';
import { QTY, fixed, show, toNumber } from '../../engine/src/values/money.ts';
import { todayIso } from '../../engine/src/values/dates.ts';
import { businessDate } from '../../engine/src/crud/business-date.ts';
import { conflict, refuse, type Row } from '../../engine/src/plugins/writes.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';
import { stateWords } from '../../engine/src/metadata/labels.ts';

const has = (v: unknown) => v !== null && v !== undefined && v !== '';
/** An MRO order still taking work: not released to service, closed or cancelled. */
const IN_WORK = ['OPEN', 'INWORK', 'HOLD', 'COMPLETED'];

// ------------------------------------------------------------------------------------ booked hours

/** A card's (`t`) booked man-hours: taken over + booked on its labour lines (but the booking `without`, being deleted). */
const bookedHours = (without = 0) =>
  sql`coalesce(t.opening_manhours, 0) + coalesce((select sum(l.hours) from amo_work_order_labour l where l.task = t.amo_task_id and l.amo_labour_id <> ${without}), 0)`;

/** Each card's booked man-hours of an order (one statement). */
export async function bookHours(db: DB, order: number, without?: number): Promise<void> {
  await sql`update amo_work_order_task t set actual_manhours = ${bookedHours(without)} where t.amo_work_order = ${order}`.execute(db);
}

/**
 * Hook afterCreate/afterUpdate of amo_work_order (a document save writes its lines without their
 * own hooks): each booking's card is a card of this order, no hours are booked while the order
 * waits for its credit approval or on a day after the business date; then the cards' hours follow.
 */
export async function labourOfTheOrder(ctx: HookContext): Promise<void> {
  const order = Number(ctx.row.amo_wo_id);
  if (!order) return;
  const rows = await ctx.db
    .selectFrom('amo_work_order_labour as l')
    .leftJoin('amo_work_order_task as t', 't.amo_task_id', 'l.task')
    .select(['l.amo_labour_id', 'l.work_date', 't.amo_work_order as card_order'])
    .where('l.amo_work_order', '=', order)
    .orderBy('l.amo_labour_id')
    .execute();
  const today = ctx.asOf ?? (await businessDate(ctx.db, ctx.user.compcode));
  const errors: { path: string; message: string }[] = [];
  rows.forEach((r, i) => {
    if (Number(r.card_order) !== order) errors.push({ path: `/labour/${i}/task`, message: 'must be a task card of this work order' });
    if (String(r.work_date).slice(0, 10) > today) errors.push({ path: `/labour/${i}/work_date`, message: `must not be after today (${today}): hours are booked once worked` });
  });
  if (errors.length) refuse(errors);
  if (rows.length && has(ctx.row.credit_hold) && String(ctx.row.statuswf) !== STATUS.APPROVED) {
    conflict(`Work order ${String(ctx.row.wo_no)} waits for its credit approval: no hours are booked on it until it is approved.`);
  }
  if (!IN_WORK.includes(String(ctx.row.status)) && (await hoursChanged(ctx.db, order))) {
    conflict(`Work order ${String(ctx.row.wo_no)} is ${stateWords('amo_work_order', 'status', ctx.row.status)}: the hours booked on it no longer change.`);
  }
  await bookHours(ctx.db, order);
}

/** Whether booking changed any card's hours of an order (compared with the hours before, in the same transaction). */
async function hoursChanged(db: DB, order: number): Promise<boolean> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from amo_work_order_task t
     where t.amo_work_order = ${order}
       and t.actual_manhours <> ${bookedHours()}`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

/** Hooks of amo_work_order_labour written on its own (POST/PUT/DELETE /api/data/amo_work_order_labour). */
export async function bookingWritten(ctx: HookContext): Promise<void> {
  const m: Row = { ...ctx.before, ...ctx.row };
  const order = Number(m.amo_work_order);
  const card = await ctx.db.selectFrom('amo_work_order_task').select(['amo_work_order']).where('amo_task_id', '=', Number(m.task)).executeTakeFirst();
  if (!card || Number(card.amo_work_order) !== order) refuse([{ path: '/task', message: 'must be a task card of this work order' }]);
  const today = ctx.asOf ?? (await businessDate(ctx.db, ctx.user.compcode));
  if (String(m.work_date).slice(0, 10) > today) refuse([{ path: '/work_date', message: `must not be after today (${today}): hours are booked once worked` }]);
  await openForHours(ctx.db, order);
  if (ctx.before) await openForHours(ctx.db, Number(ctx.before.amo_work_order));
  await bookHours(ctx.db, order);
  if (ctx.before && Number(ctx.before.amo_work_order) !== order) await bookHours(ctx.db, Number(ctx.before.amo_work_order));
}

/** Hours are booked on an order still in work and approved (not held for its credit approval). */
async function openForHours(db: DB, order: number): Promise<void> {
  const o = await db.selectFrom('amo_work_order').select(['wo_no', 'status', 'credit_hold', 'statuswf']).where('amo_wo_id', '=', order).executeTakeFirst();
  if (!o) return;
  if (!IN_WORK.includes(String(o.status))) conflict(`Work order ${o.wo_no} is ${stateWords('amo_work_order', 'status', o.status)}: the hours booked on it no longer change.`);
  if (has(o.credit_hold) && String(o.statuswf) !== STATUS.APPROVED) conflict(`Work order ${o.wo_no} waits for its credit approval: no hours are booked on it until it is approved.`);
}

export async function bookingDeleted(ctx: HookContext): Promise<void> {
  await openForHours(ctx.db, Number(ctx.row.amo_work_order));
  await bookHours(ctx.db, Number(ctx.row.amo_work_order), Number(ctx.row.amo_labour_id));
}

// -------------------------------------------------------------------------- parts issued from stores

/**
 * Hook beforeCreate/beforeUpdate of inventory_issue: an issue for an MRO order takes the order's
 * number and the customer aircraft's registration; it is for one order only.
 */
export async function issueForOrder(ctx: HookContext): Promise<void> {
  const m: Row = { ...ctx.before, ...ctx.row };
  if (!has(m.amo_work_order)) return;
  if (has(m.work_order)) refuse([{ path: '/amo_work_order', message: 'an issue is for one work order: a maintenance work order or an MRO work order, not both' }]);
  const o = await ctx.db
    .selectFrom('amo_work_order as o')
    .innerJoin('customer_aircraft as a', 'a.customer_aircraft_id', 'o.customer_aircraft')
    .select(['o.wo_no', 'a.registration'])
    .where('o.amo_wo_id', '=', Number(m.amo_work_order))
    .executeTakeFirst();
  if (!o) return; // the reference check names the field
  ctx.row.workorder_no = o.wo_no;
  ctx.row.registration = o.registration;
}

/**
 * Hook beforePost of inventory_issue: parts go to an MRO order still in work, each line naming
 * a requirement of that order for the same part that stores supply (not customer-furnished).
 */
export async function checkIssueToOrder(ctx: HookContext): Promise<void> {
  if (ctx.posting?.reverses) return; // a reversal takes back what was issued, whatever the order's state
  const doc = ctx.row;
  const lines = ((doc.lines as Row[] | undefined) ?? []).map((l, i) => ({ l, i })).filter(({ l }) => has(l.amo_material));
  if (!has(doc.amo_work_order)) {
    if (lines.length) refuse(lines.map(({ i }) => ({ path: `/lines/${i}/amo_material`, message: 'names an MRO requirement but the issue names no MRO work order' })));
    return;
  }
  const o = await ctx.db.selectFrom('amo_work_order').select(['wo_no', 'status']).where('amo_wo_id', '=', Number(doc.amo_work_order)).executeTakeFirstOrThrow();
  if (!IN_WORK.includes(String(o.status))) conflict(`Work order ${o.wo_no} is ${stateWords('amo_work_order', 'status', o.status)}: parts are issued to an order not yet released to service.`);
  if (!lines.length) return;
  const reqs = await ctx.db
    .selectFrom('amo_work_order_material')
    .select(['amo_material_id', 'amo_work_order', 'item', 'partnumber', 'supply'])
    .where('amo_material_id', 'in', lines.map(({ l }) => Number(l.amo_material)))
    .execute();
  const byId = new Map(reqs.map((r) => [Number(r.amo_material_id), r]));
  const errors: { path: string; message: string }[] = [];
  for (const { l, i } of lines) {
    const r = byId.get(Number(l.amo_material));
    if (!r || Number(r.amo_work_order) !== Number(doc.amo_work_order)) errors.push({ path: `/lines/${i}/amo_material`, message: `must be a material requirement of ${o.wo_no}` });
    else if (r.supply === 'CUSTOMER') errors.push({ path: `/lines/${i}/amo_material`, message: `is customer-furnished (${String(r.partnumber)}): the customer's part is received on the requirement, not issued from our stock` });
    else if (has(r.item) && Number(r.item) !== Number(l.item)) errors.push({ path: `/lines/${i}/item`, message: `must be the requirement's part ${String(r.partnumber)}` });
  }
  if (errors.length) refuse(errors);
}

/** The requirements a posted issue or return moved (a return through the issue lines it names). */
async function requirementsOf(db: DB, source: 'inventory_issue' | 'inventory_return', doc: Row): Promise<number[]> {
  const lines = (doc.lines as Row[] | undefined) ?? [];
  if (source === 'inventory_issue') return [...new Set(lines.filter((l) => has(l.amo_material)).map((l) => Number(l.amo_material)))];
  const issueLines = lines.filter((l) => has(l.issue_line)).map((l) => Number(l.issue_line));
  if (!issueLines.length) return [];
  const rows = await db.selectFrom('inventory_issue_line').select('amo_material').where('issuedtlkey', 'in', issueLines).where('amo_material', 'is not', null).execute();
  return [...new Set(rows.map((r) => Number(r.amo_material)))];
}

/**
 * The issued quantity and value of requirements, from the ledger: the rows of issues naming them
 * (reversals included, on the reversing copy's lines) and of returns against those issue lines.
 */
export async function followIssued(db: DB, requirements: number[]): Promise<void> {
  if (!requirements.length) return;
  const ids = sql.join(requirements.map((r) => sql`${r}`));
  await sql`
    update amo_work_order_material m
       set issued_qty = coalesce(x.qty, 0), issued_value = coalesce(x.value, 0),
           status = case when coalesce(x.qty, 0) > 0 and m.status in ('REQ', 'MR', 'ORDER', 'RESV') then 'ISSUED' else m.status end
      from (select r.id, -sum(s.quantity) as qty, -sum(s.amount) as value
              from (select unnest(array[${ids}]::integer[]) as id) r
              left join (
                select il.amo_material, l.quantity, l.amount
                  from stock_ledger l join inventory_issue_line il on il.issuedtlkey = l.source_line
                 where l.source = 'inventory_issue' and il.amo_material in (${ids})
                union all
                select il.amo_material, l.quantity, l.amount
                  from stock_ledger l
                  join inventory_return_line rl on rl.returndtlkey = l.source_line
                  join inventory_issue_line il on il.issuedtlkey = rl.issue_line
                 where l.source = 'inventory_return' and il.amo_material in (${ids})
              ) s on s.amo_material = r.id
             group by r.id) x
     where m.amo_material_id = x.id`.execute(db);
}

/** Hook afterPost of inventory_issue and inventory_return. */
export function issuedAfterPost(source: 'inventory_issue' | 'inventory_return') {
  return async (ctx: HookContext): Promise<void> => {
    // the posted document with its lines (a reversal's copy too), as the posting read them; read
    // here only when the hook's row came without them (no statement added to an ordinary posting)
    let lines = ctx.row.lines as Row[] | undefined;
    if (!Array.isArray(lines)) {
      const key = source === 'inventory_issue' ? 'issuekey' : 'returnkey';
      const lineTable = source === 'inventory_issue' ? 'inventory_issue_line' : 'inventory_return_line';
      const fk = source === 'inventory_issue' ? 'issue' : 'inventory_return';
      lines = (await sql<Row>`select * from ${sql.table(lineTable)} where ${sql.ref(fk)} = ${Number(ctx.row[key])}`.execute(ctx.db)).rows;
    }
    await followIssued(ctx.db, await requirementsOf(ctx.db, source, { lines }));
  };
}

// ---------------------------------------------------------------------- customer-furnished parts

function customerPart(ctx: ActionContext, key: unknown, name: string, fn: (db: DB, m: Row, today: string) => Promise<Row>) {
  return documentAction(ctx, { entity: 'amo_work_order_material', key, name }, async (db, m) => {
    if (m.supply !== 'CUSTOMER') conflict(`Material line ${String(m.line_no)} (${String(m.partnumber)}) is not customer-furnished: parts from our stock are issued by stores.`);
    const o = await db.selectFrom('amo_work_order').select(['wo_no', 'status']).where('amo_wo_id', '=', Number(m.amo_work_order)).executeTakeFirstOrThrow();
    if (['CLOSED', 'CANCELLED'].includes(String(o.status))) conflict(`Work order ${o.wo_no} is ${stateWords('amo_work_order', 'status', o.status)}.`);
    return fn(db, m, ctx.asOf ?? todayIso());
  });
}

/** Action mro_receive_customer_part (O): the customer's part arrives with its certificate; no cost, not our stock. */
export function receiveCustomerPart(ctx: ActionContext, key: unknown): Promise<Row> {
  return customerPart(ctx, key, 'receive customer part', async (db, m, today) => {
    if (has(m.cust_received_date)) conflict(`The customer's ${String(m.partnumber)} was received on ${String(m.cust_received_date).slice(0, 10)}.`);
    const errors: { path: string; message: string }[] = [];
    if (!has(m.cust_qty) || fixed(m.cust_qty, QTY) <= 0n) errors.push({ path: '/cust_qty', message: 'type the quantity the customer delivered' });
    if (!has(m.cust_cert_no)) errors.push({ path: '/cust_cert_no', message: "type the release certificate delivered with the part (EASA Form 1 / FAA 8130-3): a part without one is not fitted" });
    if (errors.length) refuse(errors);
    await ctx.repo.patch(db, ctx.user, 'amo_work_order_material', Number(m.amo_material_id), { cust_received_date: today, cust_received_by: ctx.user.user_id, issued_qty: m.cust_qty, issued_value: 0, status: 'ISSUED' }, { reason: `customer part received (${String(m.cust_cert_no)})`, before: m });
    return { success: 1, message: `Customer-furnished ${String(m.partnumber)} × ${show(fixed(m.cust_qty, QTY), QTY)} received with certificate ${String(m.cust_cert_no)}: at no cost, not in our stock.` };
  });
}

/** Action mro_return_customer_part (O): what was not fitted goes back to the customer. */
export function returnCustomerPart(ctx: ActionContext, key: unknown): Promise<Row> {
  return customerPart(ctx, key, 'return customer part', async (db, m, today) => {
    if (!has(m.cust_received_date)) conflict(`The customer's ${String(m.partnumber)} has not been received: nothing to return.`);
    if (has(m.cust_returned_date)) conflict(`The customer's ${String(m.partnumber)} not fitted was returned on ${String(m.cust_returned_date).slice(0, 10)}.`);
    const back = has(m.cust_return_qty) ? fixed(m.cust_return_qty, QTY) : 0n;
    const received = fixed(m.cust_qty, QTY);
    if (back <= 0n) refuse([{ path: '/cust_return_qty', message: 'type the quantity not fitted that goes back to the customer' }]);
    if (back > received) refuse([{ path: '/cust_return_qty', message: `must not exceed the ${show(received, QTY)} received` }]);
    const fitted = received - back;
    await ctx.repo.patch(db, ctx.user, 'amo_work_order_material', Number(m.amo_material_id), { cust_returned_date: today, issued_qty: toNumber(fitted, QTY) }, { reason: `customer part returned: ${show(back, QTY)} not fitted`, before: m });
    return { success: 1, message: `${show(back, QTY)} × ${String(m.partnumber)} returned to the customer; ${show(fitted, QTY)} fitted.` };
  });
}
