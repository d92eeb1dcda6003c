/**
 * The MRO commercial chain (issue 21 points 1 and 3; docs/workflow.md "MRO"; decision 0173):
 * customer request → quotation → customer's answer → work order, each step one plugin action
 * (letter O, declared on the screens in metadata/mro/requests.yaml) in one transaction through
 * documentAction, carrying the data forward. Rules: rules/commercial.ts.
 *
 *   mro_quote_request              request → new quotation (customer, aircraft, a labour line per
 *                                  requested item; the server prices it, quotation.ts)
 *                                  the quotation to its approval workflow (QTN-APPROVAL) and back,
 *                                  through the workflow engine (until issue 18 gives every
 *                                  document with a workflow these actions from metadata)
 *   mro_issue_quotation            approved quotation (statuswf 111, the workflow engine) → SENT;
 *                                  an earlier revision of the request still SENT is SUPERSEDED
 *   mro_accept_quotation           SENT → ACCEPTED: who answered, when, the customer's PO or
 *                                  reference, the signed document (an attachment of the quotation)
 *   mro_refuse_quotation           SENT → REJECTED: who, when, reference, reason, document
 *   mro_work_order_from_quotation  ACCEPTED quotation → AMO work order: labour lines become task
 *                                  cards, parts lines material requirements; refused for a
 *                                  customer on credit hold (account.ts creditHoldRefusal, 0174)
 *
 * The request's status and the quotation's customer status are server-set (readOnly): the
 * generic path never writes them. Hooks keep the request's status following its documents on
 * every write path (requestStatus) and refuse, on every path, an aircraft that is not of the
 * customer's fleet and a work order naming a quotation the customer has not accepted.
 */
import type { DB } from '../../engine/src/db/database.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { ActionContext, HookContext } from '../../engine/src/plugins/host.ts';
import { addDays, isDate } from '../../engine/src/values/dates.ts';
import { MONEY, fixed } from '../../engine/src/values/money.ts';
import { todayUtc } from '../airworthiness/rules/dates.ts';
import { businessDate as companyDate } from '../../engine/src/crud/business-date.ts';
import { conflict, patchIfChanged, refuse, txOf, type Row, type Tx } from '../../engine/src/plugins/writes.ts';
import {
  answerRefusal,
  issueRefusal,
  quotationLineOf,
  quoteRefusal,
  requestStatus,
  workFromLines,
  workOrderRefusal,
  type Estimate,
  type QuoteLine,
  type QuoteState,
  type RequestItem,
} from './rules/commercial.ts';
import { creditHoldRefusal } from './account.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';

const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const day = (v: unknown): string | null => (has(v) ? (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10) : null);
const businessDate = (ctx: ActionContext) => ctx.asOf ?? todayUtc();
const txFrom = (ctx: ActionContext, db: DB): Tx => ({ db, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit });
const wctx = (ctx: ActionContext, db: DB) => ({ db, ability: ctx.ability, user: ctx.user });

// ------------------------------------------------------------------ the request follows its documents

/**
 * Sets the request's status from its quotations and work orders (rules/commercial.ts
 * requestStatus); `without` leaves out a document being deleted.
 */
export async function followRequest(t: Tx, requestId: unknown, without?: { quotation?: number; order?: number }): Promise<void> {
  if (!has(requestId)) return;
  const req = (await t.db.selectFrom('customer_request').selectAll().where('request_id', '=', Number(requestId)).forUpdate().executeTakeFirst());
  if (!req) return;
  const quotes = (await t.db.selectFrom('quotation').select(['quotation_id', 'quote_status']).where('customer_request', '=', Number(requestId)).execute()).filter((q) => Number(q.quotation_id) !== without?.quotation);
  const orders = (await t.db.selectFrom('amo_work_order').select(['amo_wo_id', 'status', 'invoice_no']).where('customer_request', '=', Number(requestId)).execute()).filter((o) => Number(o.amo_wo_id) !== without?.order);
  const status = requestStatus(
    quotes.map((q) => String(q.quote_status)),
    orders.map((o) => ({ status: String(o.status), invoiced: has(o.invoice_no) })),
  );
  await patchIfChanged(t, 'customer_request', req, { status }, 'follows its documents');
}

/** After a quotation or work order is written: its request (and the one it left) follows. */
export async function followAfterWrite(ctx: HookContext): Promise<void> {
  const t = txOf(ctx);
  await followRequest(t, ctx.row.customer_request);
  if (ctx.before && has(ctx.before.customer_request) && String(ctx.before.customer_request) !== String(ctx.row.customer_request)) await followRequest(t, ctx.before.customer_request);
}

// ------------------------------------------------------------------ checks on every write path

/** "PK-XYZ is not an aircraft of <customer>…", or null when the aircraft is of the customer's fleet. */
async function fleetRefusal(db: DB, compcode: unknown, customer: unknown, aircraft: unknown): Promise<string | null> {
  if (!has(customer) || !has(aircraft)) return null;
  const ac = await db.selectFrom('customer_aircraft').select(['registration', 'amo_customer']).where('customer_aircraft_id', '=', Number(aircraft)).where('compcode', '=', String(compcode)).executeTakeFirst();
  if (!ac || Number(ac.amo_customer) === Number(customer)) return null; // another company's aircraft: the reference check refuses it
  const c = await db.selectFrom('amo_customer').select('customer_name').where('amo_customer_id', '=', Number(customer)).executeTakeFirst();
  return `${String(ac.registration)} is not an aircraft of ${String(c?.customer_name ?? 'this customer')}: choose one of the customer's fleet.`;
}

const changed = (ctx: HookContext, ...fields: string[]) => !ctx.before || fields.some((f) => ctx.row[f] !== undefined && String(ctx.row[f] ?? '') !== String(ctx.before?.[f] ?? ''));

/** beforeCreate / beforeUpdate of customer_request, quotation, quotation_defect and amo_work_order. */
export async function checkCommercialWrite(ctx: HookContext, entity: string): Promise<void> {
  const m: Row = { ...ctx.before, ...ctx.row };
  const compcode = m.compcode ?? ctx.user?.compcode;
  if (changed(ctx, 'amo_customer', 'customer_aircraft')) {
    const r = await fleetRefusal(ctx.db, compcode, m.amo_customer, m.customer_aircraft);
    if (r) refuse([{ path: '/customer_aircraft', message: r }]);
  }
  // a quotation answers a request of the same customer and aircraft
  if (entity === 'quotation' && has(m.customer_request) && changed(ctx, 'customer_request', 'amo_customer', 'customer_aircraft')) {
    const req = await ctx.db.selectFrom('customer_request').select(['request_no', 'status', 'amo_customer', 'customer_aircraft']).where('request_id', '=', Number(m.customer_request)).where('compcode', '=', String(compcode)).executeTakeFirst();
    const closed = req && changed(ctx, 'customer_request') ? quoteRefusal(String(req.request_no), String(req.status)) : null;
    if (closed) conflict(closed);
    if (req && (Number(req.amo_customer) !== Number(m.amo_customer) || Number(req.customer_aircraft) !== Number(m.customer_aircraft))) {
      refuse([{ path: '/customer_request', message: `${String(req.request_no)} is a request of another customer or aircraft.` }]);
    }
  }
  // only an accepted quotation makes a work order, once, for its customer and aircraft
  if (entity === 'amo_work_order' && has(m.quotation) && changed(ctx, 'quotation', 'amo_customer', 'customer_aircraft')) {
    const q = await ctx.db.selectFrom('quotation').select(['quotation_no', 'quote_status', 'amo_customer', 'customer_aircraft']).where('quotation_id', '=', Number(m.quotation)).where('compcode', '=', String(compcode)).executeTakeFirst();
    if (!q) return;
    if (changed(ctx, 'quotation')) {
      const other = await ctx.db
        .selectFrom('amo_work_order')
        .select('wo_no')
        .where('quotation', '=', Number(m.quotation))
        .where('status', '<>', 'CANCELLED')
        .$if(!!ctx.before, (qb) => qb.where('amo_wo_id', '<>', Number(ctx.before?.amo_wo_id)))
        .executeTakeFirst();
      const r = workOrderRefusal(String(q.quotation_no), String(q.quote_status), other ? String(other.wo_no) : null);
      if (r) conflict(r);
    }
    if (Number(q.amo_customer) !== Number(m.amo_customer) || Number(q.customer_aircraft) !== Number(m.customer_aircraft)) {
      refuse([{ path: '/quotation', message: `${String(q.quotation_no)} quotes another customer or aircraft.` }]);
    }
  }
}

// ------------------------------------------------------------------ request → quotation

const SKILLS = new Set(['B1', 'B2', 'STR', 'NDT', 'CAB', 'PNT']);

/** The planner's estimates per requested item (`lines: [{ item, manhours, skill }]`), validated. */
function estimatesOf(body: Row, items: RequestItem[]): Map<number, Estimate> {
  const out = new Map<number, Estimate>();
  if (body.lines === undefined || body.lines === null) return out;
  if (!Array.isArray(body.lines)) refuse([{ path: '/lines', message: 'must be a list of { item, manhours, skill }' }]);
  (body.lines as unknown[]).forEach((x, i) => {
    const o = (x ?? {}) as Row;
    const item = Number(o.item);
    if (!items.some((it) => it.id === item)) refuse([{ path: `/lines/${i}/item`, message: 'is not an item of this request' }]);
    const e: Estimate = {};
    if (o.manhours !== undefined && o.manhours !== null) {
      if (typeof o.manhours !== 'number' || !(o.manhours >= 0) || Math.round(o.manhours * 10) / 10 !== o.manhours) refuse([{ path: `/lines/${i}/manhours`, message: 'must be a number of hours, at least 0, with at most 1 decimal' }]);
      e.manhours = o.manhours;
    }
    if (o.skill !== undefined && o.skill !== null) {
      if (!SKILLS.has(String(o.skill))) refuse([{ path: `/lines/${i}/skill`, message: `must be one of ${[...SKILLS].join(', ')}` }]);
      e.skill = String(o.skill);
    }
    out.set(item, e);
  });
  return out;
}

const itemOf = (r: Row): RequestItem => ({
  id: Number(r.request_item_id),
  itemNo: Number(r.item_no),
  itemType: String(r.item_type),
  ata: (r.ata as string | null) ?? null,
  taskRef: (r.task_ref as string | null) ?? null,
  description: String(r.description),
});

export function quoteRequest(ctx: ActionContext, key: unknown, body: Row) {
  return documentAction(ctx, { entity: 'customer_request', key, name: 'quote request' }, async (db, req) => {
    const no = req.request_no;
    const refused = quoteRefusal(no, req.status);
    if (refused) conflict(refused);
    const fleet = await fleetRefusal(db, req.compcode, req.amo_customer, req.customer_aircraft);
    if (fleet) refuse([{ path: '/customer_aircraft', message: fleet }]);
    const items = ((req.items as Row[] | undefined) ?? []).map(itemOf).sort((a, b) => a.itemNo - b.itemNo);
    if (items.length === 0) refuse([{ path: '/items', message: `${no} has no requested work: add the items to quote first.` }]);
    const estimates = estimatesOf(body, items);
    const date = businessDate(ctx);
    const ac = await db.selectFrom('customer_aircraft').select('registration').where('customer_aircraft_id', '=', req.customer_aircraft).executeTakeFirstOrThrow();
    const earlier = await db.selectFrom('quotation').select(db.fn.countAll().as('n')).where('customer_request', '=', req.request_id).executeTakeFirstOrThrow();
    const what = has(req.check_type) ? String(req.check_type) : req.description;
    const q = await ctx.repo.create(wctx(ctx, db), 'quotation', {
      quotation_date: date,
      revision: Math.min(Number(earlier.n), 99),
      customer_request: req.request_id,
      amo_customer: req.amo_customer,
      customer_aircraft: req.customer_aircraft,
      subject: `${what} ${String(ac.registration)}`.slice(0, 200),
      valid_until: addDays(date, 30),
      planned_input: req.planned_input ?? null,
      prepared_by: ctx.user.user_id,
      remark: `From ${no}${has(req.customer_ref) ? ` (customer ref. ${String(req.customer_ref)})` : ''}`,
      lines: items.map((it, i) => quotationLineOf(it, i + 1, estimates.get(it.id))),
    });
    // each line keeps the requested item it quotes (server-set link)
    for (const l of (q.lines as Row[] | undefined) ?? []) {
      const it = items[Number(l.line_no) - 1];
      if (it) await ctx.repo.patch(db, ctx.user, 'quotation_line', Number(l.quotation_line_id), { request_item: it.id }, { reason: `quotes item ${it.itemNo} of ${no}`, before: l });
    }
    return { success: 1, message: `${String(q.quotation_no)} prepared from ${no} (${items.length} line(s), total ${String(q.currency ?? '')} ${Number(q.grand_total).toFixed(2)}).`, quotation_id: q.quotation_id, quotation_no: q.quotation_no };
  });
}

// ------------------------------------------------------------------ issue, accept, refuse

const stateOf = (q: Row): QuoteState => ({
  number: String(q.quotation_no),
  statuswf: String(q.statuswf),
  quoteStatus: String(q.quote_status),
  validUntil: day(q.valid_until) ?? '',
  sentDate: day(q.sent_date),
});

export function issueQuotation(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'quotation', key, name: 'issue to customer' }, async (db, q) => {
    const date = businessDate(ctx);
    const refused = issueRefusal(stateOf(q), date);
    if (refused) conflict(refused);
    await ctx.repo.patch(db, ctx.user, 'quotation', q.quotation_id, { quote_status: 'SENT', sent_date: date }, { reason: 'issued to the customer', before: q });
    // an earlier revision the customer has not answered is superseded by this one
    const superseded: string[] = [];
    if (has(q.customer_request)) {
      const older = (await db
        .selectFrom('quotation')
        .selectAll()
        .where('customer_request', '=', Number(q.customer_request))
        .where('quote_status', '=', 'SENT')
        .where('quotation_id', '<>', q.quotation_id)
        .orderBy('quotation_id')
        .forUpdate()
        .execute());
      for (const o of older) {
        await ctx.repo.patch(db, ctx.user, 'quotation', Number(o.quotation_id), { quote_status: 'SUPERSEDED' }, { reason: `superseded by ${q.quotation_no}`, before: o });
        superseded.push(String(o.quotation_no));
      }
      await followRequest(txFrom(ctx, db), q.customer_request);
    }
    return { success: 1, message: `${q.quotation_no} issued to the customer.${superseded.length ? ` ${superseded.join(', ')} superseded.` : ''}`, quote_status: 'SENT' };
  });
}


/** Body or typed value, trimmed; refused when too long. */
function text(body: Row, q: Row, field: string, from: string, max: number): string | null {
  const v = body[from] !== undefined ? body[from] : q[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') refuse([{ path: `/${from}`, message: 'must be text' }]);
  const s = v.trim();
  if (s.length > max) refuse([{ path: `/${from}`, message: `must be at most ${max} characters` }]);
  return s || null;
}

/** The customer's signed answer: a file uploaded for this quotation (POST /api/attachments, entity quotation). */
async function answerDocument(db: DB, q: Row, body: Row): Promise<number | null> {
  const v = body.answer_document !== undefined ? body.answer_document : q.answer_document;
  if (!has(v)) return null;
  const id = Number(v);
  const a = Number.isSafeInteger(id) ? await db.selectFrom('sys_attachment').select(['entity_name', 'record_key', 'compcode']).where('id', '=', id).executeTakeFirst() : undefined;
  if (!a || a.compcode !== q.compcode || a.entity_name !== 'quotation' || (has(a.record_key) && String(a.record_key) !== String(q.quotation_id))) {
    refuse([{ path: '/answer_document', message: 'is not a file uploaded for this quotation' }]);
  }
  return id;
}

export function answerQuotation(ctx: ActionContext, key: unknown, body: Row, answer: 'accept' | 'refuse') {
  return documentAction(ctx, { entity: 'quotation', key, name: answer === 'accept' ? "record customer's acceptance" : "record customer's refusal" }, async (db, q) => {
    const today = businessDate(ctx);
    if (body.answered_date !== undefined && (typeof body.answered_date !== 'string' || !isDate(body.answered_date))) refuse([{ path: '/answered_date', message: 'must be a date (YYYY-MM-DD)' }]);
    const date = (body.answered_date as string | undefined) ?? today;
    const refused = answerRefusal(stateOf(q), answer, date, today);
    if (refused) conflict(refused);
    const values: Row = {
      answered_by: text(body, q, 'answered_by', 'answered_by', 100),
      customer_po: text(body, q, 'customer_po', 'customer_po', 40),
      refusal_reason: text(body, q, 'refusal_reason', 'reason', 1000),
      answer_document: await answerDocument(db, q, body),
    };
    const missing = [
      !values.answered_by && { path: '/answered_by', message: "is required: who answered for the customer" },
      answer === 'accept' && !values.customer_po && { path: '/customer_po', message: "is required: the customer's order or acceptance reference" },
      answer === 'refuse' && !values.refusal_reason && { path: '/reason', message: "is required: the customer's reason for refusing" },
    ].filter((x): x is { path: string; message: string } => !!x);
    if (missing.length) refuse(missing);
    Object.assign(values, answer === 'accept' ? { quote_status: 'ACCEPTED', accepted_date: date } : { quote_status: 'REJECTED', refused_date: date }, { answer_recorded_by: ctx.user.user_id });
    await ctx.repo.patch(db, ctx.user, 'quotation', q.quotation_id, values, { reason: answer === 'accept' ? 'accepted by the customer' : 'refused by the customer', before: q });
    await followRequest(txFrom(ctx, db), q.customer_request);
    const who = String(values.answered_by);
    return answer === 'accept'
      ? { success: 1, message: `${q.quotation_no} accepted by ${who} on ${date} (${String(values.customer_po)}).`, quote_status: 'ACCEPTED' }
      : { success: 1, message: `${q.quotation_no} refused by ${who} on ${date}.`, quote_status: 'REJECTED' };
  });
}

// ------------------------------------------------------------------ accepted quotation → work order

export function workOrderFromQuotation(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'quotation', key, name: 'create work order' }, async (db, q) => {
    const no = q.quotation_no;
    const existing = await db.selectFrom('amo_work_order').select('wo_no').where('quotation', '=', q.quotation_id).where('status', '<>', 'CANCELLED').executeTakeFirst();
    const refused = workOrderRefusal(no, q.quote_status, existing ? String(existing.wo_no) : null);
    if (refused) conflict(refused);
    const fleet = await fleetRefusal(db, q.compcode, q.amo_customer, q.customer_aircraft);
    if (fleet) conflict(fleet);
    const req = has(q.customer_request) ? ((await db.selectFrom('customer_request').selectAll().where('request_id', '=', Number(q.customer_request)).executeTakeFirst())) : undefined;
    const lines = (q.lines as Row[] | undefined) ?? [];
    const itemKeys = [...new Set(lines.map((l) => l.request_item).filter(has).map(Number))];
    const items = new Map((itemKeys.length ? ((await db.selectFrom('customer_request_item').selectAll().where('request_item_id', 'in', itemKeys).execute())) : []).map((r) => [Number(r.request_item_id), itemOf(r)]));
    const partKeys = [...new Set(lines.filter((l) => l.line_type === 'MAT' && !has(l.partnumber) && has(l.item)).map((l) => Number(l.item)))];
    const parts = new Map((partKeys.length ? await db.selectFrom('master_item').select(['item_id', 'partnumber']).where('item_id', 'in', partKeys).execute() : []).map((p) => [Number(p.item_id), String(p.partnumber)]));
    const quoteLines: QuoteLine[] = lines.map((l) => ({
      id: Number(l.quotation_line_id),
      lineNo: Number(l.line_no),
      lineType: String(l.line_type),
      ata: (l.ata as string | null) ?? null,
      description: String(l.description),
      skill: (l.skill as string | null) ?? null,
      manhours: Number(l.manhours ?? 0),
      itemId: has(l.item) ? Number(l.item) : null,
      partnumber: (l.partnumber as string | null) ?? null,
      quantity: Number(l.quantity ?? 0),
      unit: String(l.unit ?? 'PCS'),
      requestItem: has(l.request_item) ? (items.get(Number(l.request_item)) ?? null) : null,
    }));
    const { tasks, materials } = workFromLines(no, quoteLines, (l) => (l.itemId !== null ? parts.get(l.itemId) : undefined) ?? l.description);
    const date = businessDate(ctx);
    const start = day(q.planned_input) ?? day(req?.planned_input) ?? date;
    const release = day(req?.required_release) ?? (has(q.tat_days) ? addDays(start, Number(q.tat_days)) : start);
    const wo = await ctx.repo.create(wctx(ctx, db), 'amo_work_order', {
      wo_date: date,
      amo_customer: q.amo_customer,
      customer_aircraft: q.customer_aircraft,
      quotation: q.quotation_id,
      customer_request: q.customer_request ?? null,
      customer_po: q.customer_po ?? null,
      wo_type: req?.request_type ?? 'CHECK',
      title: q.subject.slice(0, 200),
      check_type: req?.check_type ?? null,
      ...(has(req?.station) ? { station: req?.station } : {}),
      planned_start: start,
      planned_end: release < start ? start : release,
      fh_at_input: req?.fh_at_request ?? null,
      fc_at_input: req?.fc_at_request ?? null,
      planned_manhours: q.total_manhours ?? 0,
      planner: ctx.user.user_id,
      remark: `From ${no}${req ? ` (${String(req.request_no)})` : ''}`,
      tasks,
      materials: materials.map((m) => ({ ...m, required_date: start })),
    });
    // each card and requirement keeps the quotation line it comes from (server-set link)
    for (const c of (wo.tasks as Row[] | undefined) ?? []) {
      const from = tasks.find((x) => x.seq === Number(c.seq));
      if (from) await ctx.repo.patch(db, ctx.user, 'amo_work_order_task', Number(c.amo_task_id), { quotation_line: from.quotation_line }, { reason: `performs line ${from.task_card_no}`, before: c });
    }
    for (const m of (wo.materials as Row[] | undefined) ?? []) {
      const from = materials.find((x) => x.line_no === Number(m.line_no));
      if (from) await ctx.repo.patch(db, ctx.user, 'amo_work_order_material', Number(m.amo_material_id), { quotation_line: from.quotation_line }, { reason: `parts line of ${no}`, before: m });
    }
    return {
      success: 1,
      message: `Work order ${String(wo.wo_no)} opened from ${no}: ${tasks.length} task card(s), ${materials.length} material requirement(s).${has(wo.credit_hold) ? ` ${String(wo.credit_hold)} Send it for credit approval: work starts once it is approved.` : ''}`,
      amo_wo_id: wo.amo_wo_id,
      wo_no: wo.wo_no,
    };
  });
}

/**
 * Hook beforeCreate of amo_work_order (every path: the action, a generic create, fixtures): a
 * customer on credit hold — invoices open over 90 days, or over its credit limit with this work
 * (the quotation's total) — gets the order made on hold, with the reason (decision 0174); it
 * waits for its credit approval (the workflow) before work starts.
 */
export async function holdOnCredit(ctx: HookContext): Promise<void> {
  const m = ctx.row;
  if (!has(m.amo_customer)) return;
  const q = has(m.quotation) ? await ctx.db.selectFrom('quotation').select(['grand_total']).where('quotation_id', '=', Number(m.quotation)).executeTakeFirst() : undefined;
  const hold = await creditHoldRefusal(ctx.db, ctx.user.compcode, Number(m.amo_customer), await companyDate(ctx.db, ctx.user.compcode), fixed(q?.grand_total ?? 0, MONEY));
  if (hold) m.credit_hold = hold.slice(0, 300);
}

/** Hook beforeSend of amo_work_order: only an order on credit hold is sent for (credit) approval. */
export async function onlyHeldOrders(ctx: HookContext): Promise<void> {
  // on credit hold (decision 0174) or amended since its approval (decision 0241)
  if (!has(ctx.row.credit_hold) && !(has(ctx.row.amendment) && String(ctx.row.statuswf) !== STATUS.APPROVED)) conflict(`Work order ${String(ctx.row.wo_no)} is not on credit hold: it needs no approval, start the work.`);
}
