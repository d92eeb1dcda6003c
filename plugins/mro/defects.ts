/**
 * Defect quotations: findings (non-routine cards, amo_defect) raised on an MRO work order, quoted
 * to the customer and answered line by line (issue 21 point 4, decision 0175). Each step one
 * plugin action (letter O, declared on the screens) in one transaction through documentAction:
 *
 *   mro_raise_defect_quotation   finding → a draft quotation_defect carrying the work order's
 *                                customer, aircraft, work order and quotation, and a labour line
 *                                for the finding (its rectification, estimated man-hours); the
 *                                currency and every amount are the server's (quotation.ts, the
 *                                quotation's pricing path, DEFECT_QUOTATION)
 *   send / cancel_quotation_defect  the approval workflow (the engine's, from `workflow:`)
 *   mro_issue_defect_quotation   approved (statuswf 111) → SENT, as a quotation is issued
 *   mro_answer_defect_quotation  SENT → ACCEPTED / PARTIAL / REJECTED: each line approved, or
 *                                refused with the customer's reason (who, when, reference on the
 *                                line); approved labour lines become task cards of the work order
 *                                (defect_line links them), approved parts lines its material
 *                                requirements; refused lines are closed with the reason
 *
 * The customer status and each line's decision are `setBy: actions` (the generic path: 409); the
 * authorised amount of the work order (invoice.ts) adds the approved lines' amounts.
 */
import { STATUS } from '../../engine/src/workflow/status.ts';
import type { DB } from '../../engine/src/db/database.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { ActionContext, HookContext } from '../../engine/src/plugins/host.ts';
import { addDays, isDate } from '../../engine/src/values/dates.ts';
import { MONEY, fixed, sum, toNumber } from '../../engine/src/values/money.ts';
import { todayUtc } from '../airworthiness/rules/dates.ts';
import { conflict, refuse, txOf, type Row } from '../../engine/src/plugins/writes.ts';
import { issueRefusal } from './rules/commercial.ts';
import { answersOf, quoteStatusOf, skillOfFinding, type GivenAnswer } from './rules/defects.ts';
import { stateWords } from '../../engine/src/metadata/labels.ts';

const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const day = (v: unknown): string | null => (has(v) ? (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10) : null);
const businessDate = (ctx: ActionContext) => ctx.asOf ?? todayUtc();
const wctx = (ctx: ActionContext, db: DB) => ({ db, ability: ctx.ability, user: ctx.user });

// ------------------------------------------------------------------ every write path

/** A quoted finding is one of the defect quotation's work order (400 on the line's amo_defect; `line`: one line written directly). */
export async function checkFindings(ctx: HookContext, key: number, line?: number): Promise<void> {
  const t = txOf(ctx);
  const qd = await t.db.selectFrom('quotation_defect').select(['amo_work_order']).where('quotation_defect_id', '=', key).executeTakeFirst();
  if (!qd) return;
  const lines = await t.db
    .selectFrom('quotation_defect_line as l')
    .innerJoin('amo_defect as d', 'd.amo_defect_id', 'l.amo_defect')
    .select(['l.quotation_defect_line_id', 'l.line_no', 'd.nrc_no', 'd.amo_work_order'])
    .where('l.quotation_defect', '=', key)
    .orderBy('l.quotation_defect_line_id')
    .execute();
  const problems = lines.flatMap((l, i) =>
    Number(l.amo_work_order) === Number(qd.amo_work_order) ? [] : [{ path: line !== undefined ? (Number(l.quotation_defect_line_id) === line ? '/amo_defect' : '/quotation_defect') : `/lines/${i}/amo_defect`, message: `line ${String(l.line_no)}: ${String(l.nrc_no)} is a finding of another work order` }],
  );
  if (problems.length) refuse(problems);
}

// ------------------------------------------------------------------ finding → draft defect quotation

/** The quotation lines of a finding (`l`) with their quotation's number (`q`), for the caller's own conditions. */
export function findingQuotations(db: DB, defectId: number) {
  return db
    .selectFrom('quotation_defect_line as l')
    .innerJoin('quotation_defect as q', 'q.quotation_defect_id', 'l.quotation_defect')
    .select(['q.quotation_no'])
    .where('l.amo_defect', '=', defectId);
}

export function raiseDefectQuotation(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'amo_defect', key, name: 'raise defect quotation' }, async (db, d) => {
    const nrc = d.nrc_no;
    if (!d.chargeable) conflict(`${nrc} is not chargeable to the customer: only a chargeable finding is quoted.`);
    if (d.status === 'CANCELLED') conflict(`${nrc} is cancelled.`);
    const quoted = await findingQuotations(db, d.amo_defect_id)
      .where('l.customer_decision', '<>', 'REFUSED')
      .where('q.statuswf', '<>', STATUS.REJECTED)
      .executeTakeFirst();
    if (quoted) conflict(`${nrc} is already quoted on ${String(quoted.quotation_no)}.`);
    const wo = (await db.selectFrom('amo_work_order').selectAll().where('amo_wo_id', '=', d.amo_work_order).executeTakeFirstOrThrow());
    if (['CLOSED', 'CANCELLED'].includes(String(wo.status))) conflict(`Work order ${String(wo.wo_no)} is ${stateWords('amo_work_order', 'status', wo.status)}: no finding is quoted on it.`);
    const ac = await db.selectFrom('customer_aircraft').select('registration').where('customer_aircraft_id', '=', Number(wo.customer_aircraft)).executeTakeFirstOrThrow();
    const date = businessDate(ctx);
    const manhours = d.est_manhours ?? 0;
    const finding = d.description;
    const qd = await ctx.repo.create(wctx(ctx, db), 'quotation_defect', {
      quotation_date: date,
      amo_work_order: wo.amo_wo_id,
      quotation: wo.quotation ?? null,
      amo_customer: wo.amo_customer,
      customer_aircraft: wo.customer_aircraft,
      subject: `${String(wo.wo_no)} ${String(ac.registration)}: ${nrc} ${finding}`.slice(0, 200),
      valid_until: addDays(date, 14),
      prepared_by: ctx.user.user_id,
      remark: `Finding ${nrc}: ${finding}`.slice(0, 2000),
      lines: [
        {
          line_no: 1,
          amo_defect: d.amo_defect_id,
          line_type: 'LAB',
          ata: d.ata ?? null,
          description: `${nrc}: ${has(d.rectification) ? String(d.rectification) : finding}`.slice(0, 300),
          skill: skillOfFinding(d.finding_type),
          manhours,
          quantity: manhours,
          unit: 'MH',
        },
      ],
    });
    return {
      success: 1,
      message: `${String(qd.quotation_no)} prepared for ${nrc} on ${String(wo.wo_no)} (draft: add the parts and send it for approval; total ${String(qd.currency ?? '')} ${Number(qd.grand_total).toFixed(2)}).`,
      quotation_defect_id: qd.quotation_defect_id,
      quotation_no: qd.quotation_no,
    };
  });
}

// ------------------------------------------------------------------ issue and answer

export function issueDefectQuotation(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'quotation_defect', key, name: 'issue to customer' }, async (db, q) => {
    const date = businessDate(ctx);
    const refused = issueRefusal({ number: q.quotation_no, statuswf: q.statuswf, quoteStatus: q.quote_status, validUntil: day(q.valid_until) ?? '', sentDate: day(q.sent_date) }, date);
    if (refused) conflict(refused);
    if (!((q.lines as Row[] | undefined) ?? []).length) conflict(`${q.quotation_no} quotes no finding.`);
    await ctx.repo.patch(db, ctx.user, 'quotation_defect', q.quotation_defect_id, { quote_status: 'SENT', sent_date: date }, { reason: 'issued to the customer', before: q });
    await followFindings(ctx, db, (q.lines as Row[]).map((l) => Number(l.amo_defect)), 'OPEN', 'QUOTED', `quoted to the customer on ${q.quotation_no}`);
    return { success: 1, message: `${q.quotation_no} issued to the customer.`, quote_status: 'SENT' };
  });
}

function text(v: unknown, path: string, max: number): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') refuse([{ path, message: 'must be text' }]);
  const s = v.trim();
  if (s.length > max) refuse([{ path, message: `must be at most ${max} characters` }]);
  return s || null;
}

/**
 * Body (all optional): `{ answered_by, customer_ref, answered_date, lines: [{ line_no, answer:
 * APPROVE|REFUSE, reason }] }`; what is not given is taken from the document (typed before).
 */
export function answerDefectQuotation(ctx: ActionContext, key: unknown, body: Row) {
  return documentAction(ctx, { entity: 'quotation_defect', key, name: "record customer's answer" }, async (db, q) => {
    const no = q.quotation_no;
    const today = businessDate(ctx);
    if (q.quote_status === 'OPEN') conflict(`${no} has not been issued to the customer: issue it before recording the customer's answer.`);
    if (q.quote_status !== 'SENT') conflict(`The customer's answer to ${no} is already recorded.`);
    if (body.answered_date !== undefined && (typeof body.answered_date !== 'string' || !isDate(body.answered_date))) refuse([{ path: '/answered_date', message: 'must be a date (YYYY-MM-DD)' }]);
    const date = (body.answered_date as string | undefined) ?? today;
    if (date > today) conflict(`The customer's answer cannot be dated after today (${today}).`);
    const sent = day(q.sent_date);
    if (sent && date < sent) conflict(`The customer's answer cannot be dated before the quotation was sent (${sent}).`);
    const answeredBy = text(body.answered_by !== undefined ? body.answered_by : q.answered_by, '/answered_by', 100);
    const ref = text(body.customer_ref !== undefined ? body.customer_ref : q.customer_ref, '/customer_ref', 40);
    const missing = [
      !answeredBy && { path: '/answered_by', message: 'is required: who answered for the customer' },
      !ref && { path: '/customer_ref', message: "is required: the customer's letter, e-mail or order answering" },
    ].filter((x): x is { path: string; message: string } => !!x);
    if (missing.length) refuse(missing);
    if (body.lines !== undefined && !Array.isArray(body.lines)) refuse([{ path: '/lines', message: 'must be a list of { line_no, answer, reason }' }]);
    const lines = [...((q.lines as Row[] | undefined) ?? [])].sort((a, b) => Number(a.quotation_defect_line_id) - Number(b.quotation_defect_line_id));
    if (!lines.length) conflict(`${no} quotes no finding.`);
    const { answers, problems } = answersOf(
      lines.map((l) => ({ lineNo: Number(l.line_no), typed: (l.customer_answer as string | null) ?? null, typedReason: (l.decision_reason as string | null) ?? null })),
      ((body.lines as GivenAnswer[] | undefined) ?? []).map((g) => (g ?? {}) as GivenAnswer),
    );
    if (problems.length) refuse(problems);

    const wo = (await db.selectFrom('amo_work_order').selectAll().where('amo_wo_id', '=', q.amo_work_order).forUpdate().executeTakeFirstOrThrow());
    const approved = lines.filter((l) => answers.find((a) => a.lineNo === Number(l.line_no))?.decision === 'APPROVED');
    if (approved.length && ['CLOSED', 'CANCELLED'].includes(String(wo.status))) conflict(`Work order ${String(wo.wo_no)} is ${stateWords('amo_work_order', 'status', wo.status)}: approved findings cannot be added to it.`);

    // each line: the decision, who, when and the reference; a refused line is closed with the reason
    for (const l of lines) {
      const a = answers.find((x) => x.lineNo === Number(l.line_no));
      if (!a) continue;
      await ctx.repo.patch(
        db,
        ctx.user,
        'quotation_defect_line',
        Number(l.quotation_defect_line_id),
        { customer_answer: a.decision === 'APPROVED' ? 'APPROVE' : 'REFUSE', decision_reason: a.reason, customer_decision: a.decision, decided_date: date, decided_by: answeredBy, decision_ref: ref },
        { reason: a.decision === 'APPROVED' ? 'approved by the customer' : 'refused by the customer', before: l },
      );
    }
    const approvedTotal = sum(approved.map((l) => fixed(l.amount, MONEY)));
    const status = quoteStatusOf(answers.map((a) => a.decision));
    await ctx.repo.patch(
      db,
      ctx.user,
      'quotation_defect',
      q.quotation_defect_id,
      { quote_status: status, answered_date: date, answered_by: answeredBy, customer_ref: ref, answer_recorded_by: ctx.user.user_id, approved_total: toNumber(approvedTotal, MONEY) },
      { reason: "the customer's answer", before: q },
    );

    // approved lines become the work order's task cards (labour) and material requirements (parts)
    const { cards, parts } = await addWork(ctx, db, wo, no, approved);
    // a finding with an approved line is approved for rectification
    await followFindings(ctx, db, approved.map((l) => Number(l.amo_defect)), 'QUOTED', 'APPROVED', `approved by the customer on ${no}`);
    return {
      success: 1,
      message: `${no}: ${approved.length} of ${lines.length} line(s) approved by ${String(answeredBy)} on ${date} (${q.currency ?? ''} ${toNumber(approvedTotal, MONEY).toFixed(2)} added to ${String(wo.wo_no)}: ${cards} task card(s), ${parts} material requirement(s)).`,
      quote_status: status,
      approved_total: toNumber(approvedTotal, MONEY),
    };
  });
}

/** Moves the findings still at `from` (open or quoted) to `to`; one further on is left as it is. */
async function followFindings(ctx: ActionContext, db: DB, keys: number[], from: 'OPEN' | 'QUOTED', to: 'QUOTED' | 'APPROVED', reason: string): Promise<void> {
  const list = [...new Set(keys)].sort((a, b) => a - b);
  if (!list.length) return;
  const rows = (await db.selectFrom('amo_defect').selectAll().where('amo_defect_id', 'in', list).where('status', 'in', from === 'OPEN' ? ['OPEN'] : ['OPEN', 'QUOTED']).orderBy('amo_defect_id').forUpdate().execute());
  for (const d of rows) await ctx.repo.patch(db, ctx.user, 'amo_defect', Number(d.amo_defect_id), { status: to }, { reason, before: d });
}

async function addWork(ctx: ActionContext, db: DB, wo: Row, no: string, approved: Row[]): Promise<{ cards: number; parts: number }> {
  const woId = Number(wo.amo_wo_id);
  const defects = new Map(
    (approved.length ? await db.selectFrom('amo_defect').select(['amo_defect_id', 'nrc_no', 'ata']).where('amo_defect_id', 'in', [...new Set(approved.map((l) => Number(l.amo_defect)))]).execute() : []).map((d) => [Number(d.amo_defect_id), d]),
  );
  const top = await db.selectFrom('amo_work_order_task').select(db.fn.max('seq').as('seq')).where('amo_work_order', '=', woId).executeTakeFirst();
  let seq = Number(top?.seq ?? 0);
  const cardOf = new Map<number, string>();
  let cards = 0;
  for (const l of approved.filter((x) => x.line_type === 'LAB')) {
    const d = defects.get(Number(l.amo_defect));
    seq = Math.min(9999, (Math.floor(seq / 10) + 1) * 10);
    const card = `${no}/${String(l.line_no)}`.slice(0, 30);
    const c = await ctx.repo.create(wctx(ctx, db), 'amo_work_order_task', {
      amo_work_order: woId,
      seq,
      task_card_no: card,
      task_type: 'NRC',
      ata: l.ata ?? d?.ata ?? null,
      task_ref: d ? String(d.nrc_no) : null,
      description: String(l.description),
      skill: l.skill ?? 'B1',
      est_manhours: Number(l.manhours ?? 0),
    });
    await ctx.repo.patch(db, ctx.user, 'amo_work_order_task', Number(c.amo_task_id), { defect_line: l.quotation_defect_line_id }, { reason: `performs line ${String(l.line_no)} of ${no}, approved by the customer`, before: c });
    cardOf.set(Number(l.amo_defect), card);
    cards++;
  }
  const mats = approved.filter((x) => x.line_type === 'MAT' && Number(x.quantity ?? 0) > 0);
  if (!mats.length) return { cards, parts: 0 };
  const lastMat = await db.selectFrom('amo_work_order_material').select(db.fn.max('line_no').as('n')).where('amo_work_order', '=', woId).executeTakeFirst();
  let lineNo = Number(lastMat?.n ?? 0);
  const partKeys = [...new Set(mats.filter((l) => !has(l.partnumber) && has(l.item)).map((l) => Number(l.item)))];
  const pn = new Map((partKeys.length ? await db.selectFrom('master_item').select(['item_id', 'partnumber']).where('item_id', 'in', partKeys).execute() : []).map((p) => [Number(p.item_id), String(p.partnumber)]));
  for (const l of mats) {
    lineNo = Math.min(9999, lineNo + 1);
    await ctx.repo.create(wctx(ctx, db), 'amo_work_order_material', {
      amo_work_order: woId,
      line_no: lineNo,
      amo_defect: l.amo_defect,
      task_card_no: cardOf.get(Number(l.amo_defect)) ?? null,
      item: l.item ?? null,
      partnumber: String(has(l.partnumber) ? l.partnumber : ((has(l.item) ? pn.get(Number(l.item)) : undefined) ?? l.description)).slice(0, 40),
      itemname: String(l.description).slice(0, 120),
      quantity: Number(l.quantity),
      unit: String(l.unit ?? 'PCS'),
      required_date: businessDate(ctx),
    });
  }
  return { cards, parts: mats.length };
}
