/**
 * Spec §7 Tasks: the to-do list, pending approvals (mine and my team's), the approval detail,
 * actions, history and its print, task attachments, the department budget view and the approval
 * export. Each handler parses the request, calls the workflow engine (reads:
 * engine/src/workflow/tasks.ts and budget.ts; transitions: engine.ts) and shapes the answer.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import { isDate } from '../../../engine/src/values/dates.ts';
import { act } from '../../../engine/src/workflow/act.ts';
import { approvalsActed, participantTask, pendingPage, taskAttachment, taskAttachments, taskDetail, taskHistory, todoList, todoListAllCompanies, type Participant } from '../../../engine/src/workflow/tasks.ts';
import { departmentBudget, mayViewDepartmentBudget } from '../../../engine/src/workflow/budget.ts';
import { sendSpreadsheet } from './spreadsheet.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import type { RequestAuth } from '../auth/session.ts';
import { workflowContext } from '../workflow-context.ts';
import { sendAttachment, withUploads } from './attachments.ts';
import { assertTaskOpen, removeAttachment, saveAttachment } from '../../../engine/src/files/attachments.ts';
import { createPrintJob } from '../../../engine/src/print/jobs.ts';
import { amountText } from '../../../engine/src/values/money.ts';

type Query = Record<string, string | undefined>;

/** A positive safe integer from a path or form value, else 0 (answers not found). */
const intKey = (v: unknown): number => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/** 1, true or '1' as 1, anything else 0 (the action form's flags). */
const flag = (v: unknown): 0 | 1 => (v === true || v === 1 || v === '1' ? 1 : 0);

/** The request's user as the workflow reads see it. */
const participant = (a: RequestAuth): Participant => ({ compcode: a.company.compcode, userId: a.user.user_id, departkd: a.user.departkd, ability: a.ability });

const DOACTION_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    taskassignkey: { type: ['integer', 'string', 'null'] },
    actionTake: { type: ['string', 'null'], maxLength: 20 },
    comment: { type: ['string', 'null'], maxLength: 5000 },
    isrouting: { type: ['integer', 'boolean', 'string', 'null'] },
    routeToNik: { type: ['string', 'null'], maxLength: 60 },
    routeToUser: { type: ['string', 'integer', 'null'], maxLength: 60 },
    postponed: { type: ['integer', 'boolean', 'string', 'null'] },
    postuntil: { type: ['string', 'null'], maxLength: 30 },
    // an approval that is a certifying signature (workflow.signature: an authorisation): the
    // approver's password and, where the company requires it, a code of their authenticator
    password: { type: 'string', maxLength: 200 },
    otp: { type: 'string', maxLength: 10 },
  },
} as const;

const APPROVALS_COLUMNS = [
  { header: 'Task/Approval Name', key: 'taskname' },
  { header: 'Description', key: 'taskdetail' },
  { header: 'Assign To', key: 'assignee' },
  { header: 'Assign Date', key: 'assigndate' },
  { header: 'Action Take', key: 'actiontake' },
  { header: 'Action By', key: 'actor' },
  { header: 'Comment', key: 'message' },
  { header: 'Complete Date', key: 'completeddate' },
];

/** A `YYYY-MM-DD` query value, else ERR_VALIDATION at `path`. */
function isoDay(v: string | undefined, path: string): string {
  if (!v || !isDate(v)) throw appError('ERR_VALIDATION', { errors: [{ path, message: 'must be a date (YYYY-MM-DD)' }] });
  return v;
}

type BudgetLine = Awaited<ReturnType<typeof departmentBudget>>[number];

/** The View Budget modal's printable HTML: the lines, each line's remainder and the totals (escaped). */
function budgetHtml(rows: BudgetLine[], year: number, title: string, dept: string, currency: unknown): string {
  const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const num = (v: unknown) => amountText(Number(v ?? 0));
  const total = rows.reduce((acc, r) => [acc[0] + Number(r.budget_amount ?? 0), acc[1] + Number(r.committed_amount ?? 0)], [0, 0]);
  const body = rows.length
    ? rows.map((r) => `<tr><td>${esc(r.account_code)}</td><td>${esc(r.account_name)}</td><td class="n">${num(r.budget_amount)}</td><td class="n">${num(r.committed_amount)}</td><td class="n">${num(Number(r.budget_amount ?? 0) - Number(r.committed_amount ?? 0))}</td></tr>`).join('')
    : '<tr><td colspan="5">No budget is recorded for this department and year.</td></tr>';
  return `<div class="budget-report"><h3>Annual budget ${year} — ${esc(title)} (${esc(dept)})</h3><table class="table"><thead><tr><th>Account</th><th>Name</th><th class="n">Budget</th><th class="n">Committed</th><th class="n">Remaining</th></tr></thead><tbody>${body}</tbody><tfoot><tr><th colspan="2">Total (${esc(currency)})</th><th class="n">${num(total[0])}</th><th class="n">${num(total[1])}</th><th class="n">${num(total[0] - total[1])}</th></tr></tfoot></table></div>`;
}

export function taskRoutes(s: Services): FastifyPluginAsync {
  const db = s.database.db;

  const pending = (team: boolean) => async (req: FastifyRequest<{ Querystring: Query }>) => {
    const q = req.query;
    const page = Math.min(1_000_000, Math.max(1, Math.trunc(Number(q.page ?? 1)) || 1));
    const limit = Math.min(100, Math.max(1, Number(q.limit ?? 20) || 20));
    const sortDir = q.sortDir?.toLowerCase() === 'desc' ? 'desc' : 'asc';
    return pendingPage(db, participant(authOf(req)), { team, page, limit, sortBy: q.sortBy ?? 'createdon', sortDir });
  };

  const detail = async (req: FastifyRequest<{ Querystring: { key?: string } }>) => {
    const key = Number(req.query.key);
    if (!Number.isSafeInteger(key) || key < 1) throw appError('ERR_VALIDATION', { errors: [{ path: '/key', message: 'is required' }] });
    const { header, history, attachments } = await taskDetail(db, participant(authOf(req)), key);
    // budget controls only for a document that has a budget: a project/production budget key, or
    // an entity carrying its internal budget (material and purchase requests); a work order has none
    const entity = s.reg.entities.get(String(header.entity_name ?? ''));
    const hasBudget = (header.pjxhdrkey !== null && header.pjxhdrkey !== undefined) || Boolean(entity?.fields.some((f) => f.name === 'budgetinfo'));
    return { success: 1, data: [[{ ...header, hasBudget }], history, attachments], message: '' };
  };

  const doAction = async (req: FastifyRequest<{ Body: Record<string, unknown> }>) => {
    const b = req.body ?? {};
    return act(workflowContext(s, authOf(req), req.ip), {
      taskassignkey: Number(b.taskassignkey),
      actionTake: String(b.actionTake ?? ''),
      comment: (b.comment as string | null) ?? null,
      isrouting: flag(b.isrouting),
      routeToUser: (b.routeToUser as string | number | null) ?? null,
      routeToNik: (b.routeToNik as string | null) ?? null,
      postponed: flag(b.postponed),
      postuntil: (b.postuntil as string | null) ?? null,
      ...(b.password !== undefined ? { password: b.password as string } : {}),
      ...(b.otp !== undefined ? { otp: b.otp as string } : {}),
    });
  };

  const history = async (req: FastifyRequest<{ Params: { key: string } }>) => {
    const task = await participantTask(db, participant(authOf(req)), intKey(req.params.key));
    return { success: 1, data: await taskHistory(db, Number(task.taskkey)) };
  };

  /** The history as a printable PDF: a short-lived print job of the task with its history lines. */
  const historyPrint = async (req: FastifyRequest<{ Params: { key: string } }>) => {
    const a = authOf(req);
    const task = await participantTask(db, participant(a), intKey(req.params.key));
    return createPrintJob(db, { compcode: a.company.compcode, entity: 'wf_task', key: Number(task.taskkey), userId: a.user.user_id });
  };

  const attach = async (req: FastifyRequest) => {
    const a = authOf(req);
    if (!req.isMultipart()) throw appError('ERR_FILE_REQUIRED');
    return withUploads(req, { files: 1, fields: 10, fieldSize: 1000 }, 'The file is larger than 10 MB.', async ({ fields, files }) => {
      const file = files.at(-1);
      if (!file) throw appError('ERR_FILE_REQUIRED');
      const task = await participantTask(db, participant(a), intKey(fields.tablekey ?? fields.taskkey));
      await assertTaskOpen(db, task.taskkey);
      await db.transaction().execute((tx) =>
        saveAttachment(tx, s.reg, a.ref, { compcode: a.company.compcode, entity_name: 'wf_task', record_key: String(task.taskkey), filename: fields.filename || file.filename }, file),
      );
      return { success: 1, data: await taskAttachments(db, a.company.compcode, Number(task.taskkey)) };
    });
  };

  const download = async (req: FastifyRequest<{ Params: { attachmentKey: string } }>, reply: FastifyReply) =>
    sendAttachment(reply, db, await taskAttachment(db, participant(authOf(req)), intKey(req.params.attachmentKey)));

  const attachmentList = async (req: FastifyRequest<{ Params: { taskkey: string } }>) => {
    const a = authOf(req);
    const task = await participantTask(db, participant(a), intKey(req.params.taskkey));
    return { success: 1, data: await taskAttachments(db, a.company.compcode, Number(task.taskkey)) };
  };

  const removeTaskAttachment = async (req: FastifyRequest<{ Params: { attachmentKey: string } }>) => {
    const a = authOf(req);
    const row = await taskAttachment(db, participant(a), intKey(req.params.attachmentKey));
    await assertTaskOpen(db, row.record_key);
    await db.transaction().execute((tx) => removeAttachment(tx, s.reg, a.ref, Number(row.id)));
    return { success: 1, data: await taskAttachments(db, a.company.compcode, Number(row.record_key)) };
  };

  /** Annual budget of a department (the View Budget modal), as printable HTML. */
  const budgetView = async (req: FastifyRequest<{ Querystring: { departkd?: string; departemen?: string; tahun?: string; layout?: string } }>, reply: FastifyReply) => {
    const a = authOf(req);
    const year = Number(req.query.tahun ?? new Date().getUTCFullYear());
    if (!Number.isInteger(year) || year < 1990 || year > 2200) throw appError('ERR_VALIDATION', { errors: [{ path: '/tahun', message: 'is not a year' }] });
    const dept = String(req.query.departkd ?? '').slice(0, 20);
    if (!dept) throw appError('ERR_VALIDATION', { errors: [{ path: '/departkd', message: 'is required' }] });
    if (!(await mayViewDepartmentBudget(db, participant(a), dept))) throw appError('ERR_FORBIDDEN');
    const rows = await departmentBudget(db, a.company.compcode, dept, year);
    return reply.type('text/html; charset=utf-8').send(budgetHtml(rows, year, req.query.departemen ?? dept, dept, a.company.matauang));
  };

  /** Approvals acted on in a period, as a spreadsheet (apreval_list.xlsx). */
  const approvalsExport = async (req: FastifyRequest<{ Querystring: { tgl1?: string; tgl2?: string } }>, reply: FastifyReply) => {
    const a = authOf(req);
    const from = isoDay(req.query.tgl1, '/tgl1');
    const to = isoDay(req.query.tgl2, '/tgl2');
    return sendSpreadsheet(req, reply, { filename: 'apreval_list', sheet: 'apreval_list', columns: APPROVALS_COLUMNS, rows: approvalsActed(db, participant(a), from, to) });
  };

  return async (app) => {
    // ?companies=all: every company the user belongs to, each row with its company (decision 0256)
    app.get<{ Querystring: { companies?: 'all' } }>('/tasktodo', { schema: { querystring: { type: 'object', properties: { companies: { type: 'string', enum: ['all'] } } } } }, async (req) => {
      const a = authOf(req);
      return req.query.companies === 'all' ? todoListAllCompanies(db, a.user.user_id, a.company.compcode) : todoList(db, participant(a));
    });
    app.get<{ Querystring: Query }>('/tasktodo/mypending', pending(false));
    app.get<{ Querystring: Query }>('/tasktodo/teampending', pending(true));
    app.get<{ Querystring: { key?: string } }>('/tasktodo/detail', detail);
    app.post<{ Body: Record<string, unknown> }>('/tasktodo/doaction', { schema: { body: DOACTION_BODY } }, doAction);
    app.get<{ Params: { key: string } }>('/tasktodo/history/:key', history);
    app.get<{ Params: { key: string } }>('/tasktodo/historyprint/:key', historyPrint);
    app.post('/tasktodo/attachment', attach);
    app.get<{ Params: { attachmentKey: string } }>('/tasktodo/attachment/:attachmentKey', download);
    app.get<{ Params: { taskkey: string } }>('/tasktodo/attachmentlist/:taskkey', attachmentList);
    app.delete<{ Params: { attachmentKey: string } }>('/tasktodo/attachment/:attachmentKey', removeTaskAttachment);
    app.get<{ Querystring: { departkd?: string; departemen?: string; tahun?: string; layout?: string } }>('/budgetdept/viewprint', budgetView);
    app.get<{ Querystring: { tgl1?: string; tgl2?: string } }>('/apreval/exportxls', approvalsExport);
  };
}
