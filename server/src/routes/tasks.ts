/**
 * Spec §7 Tasks: the to-do list, pending approvals (mine and my team's), the approval detail,
 * actions, history and its print, task attachments, the department budget view and the approval
 * export. Transitions are the workflow engine's (engine/src/workflow/engine.ts).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { appError } from '../../../engine/src/errors.ts';
import { act, mayActForOthers, ITEM_ACTIONS, requiredApprovals, STATUS, type StepSnapshot } from '../../../engine/src/workflow/engine.ts';
import { sendSpreadsheet } from './spreadsheet.ts';
import { keysetPages } from '../../../engine/src/query/keyset.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import type { RequestAuth } from '../auth/session.ts';
import { workflowContext } from '../workflow-context.ts';
import { assertTaskOpen, removeAttachment, saveAttachment, sendAttachment, withUploads } from './attachments.ts';
import { createPrintJob } from '../print/jobs.ts';

const SORTABLE: Record<string, string> = {
  taskname: 't.taskname',
  taskdetail: 't.taskdetail',
  createdby: 'c.full_name',
  creatorName: 'c.full_name',
  createdon: 't.createdon',
  crewname: 'u.full_name',
  assigndate: 'a.assigndate',
};

/** A positive safe integer from a path or form value, else 0 (answers not found). */
const intKey = (v: unknown): number => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

const fmt = (iso: unknown) => {
  if (!iso) return null;
  const d = new Date(String(iso));
  return `${String(d.getUTCDate()).padStart(2, '0')} ${d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${d.getUTCFullYear()} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
};

export function taskRoutes(s: Services): FastifyPluginAsync {
  const db = s.database.db;
  /** Open assignments visible now: not queued past the company's business date (company_today), on a task still on process. */
  const openAssignments = (compcode: string) =>
    db
      .selectFrom('wf_assignment as a')
      .innerJoin('wf_task as t', 't.taskkey', 'a.taskkey')
      .innerJoin('users as c', 'c.user_id', 't.createdby')
      .innerJoin('users as u', 'u.user_id', 'a.assignee')
      .where('a.compcode', '=', compcode)
      .where('a.completeddate', 'is', null)
      .where('t.statuswf', '=', STATUS.ON_PROCESS)
      .where((eb) => eb.or([eb('a.postponed', 'is not', true), eb('a.postuntil', 'is', null), eb('a.postuntil', '<=', sql<string>`(select ct.today from company_today ct where ct.compcode = ${compcode})`)]));

  const pendingColumns = [
    't.taskkey',
    'a.taskassignkey',
    't.wftypekey',
    't.taskname',
    't.taskdetail',
    'c.username as createdby',
    'c.crewnik as creatorNik',
    'c.full_name as creatorName',
    't.createdon',
    'u.full_name as crewname',
    'a.assigndate',
    't.route_name as routeName',
    't.route_param as routeParam',
  ] as const;

  const paged = async (req: FastifyRequest<{ Querystring: Record<string, string | undefined> }>, team: boolean) => {
    const a = authOf(req);
    const page = Math.min(1_000_000, Math.max(1, Math.trunc(Number(req.query.page ?? 1)) || 1));
    const limit = Math.min(100, Math.max(1, Number(req.query.limit ?? 20) || 20));
    const sortBy = SORTABLE[req.query.sortBy ?? 'createdon'];
    if (!sortBy) throw appError('ERR_BAD_REQUEST', { message: `Cannot sort by '${req.query.sortBy}'.` });
    const dir = req.query.sortDir?.toLowerCase() === 'desc' ? 'desc' : 'asc';
    let q = openAssignments(a.company.compcode);
    if (team) {
      if (!a.user.departkd) return { meta: { total: 0, page, limit }, list: [] };
      q = q.where('u.departkd', '=', a.user.departkd).where('a.assignee', '<>', a.user.user_id);
    } else {
      q = q.where('a.assignee', '=', a.user.user_id);
    }
    const [list, total] = await Promise.all([
      q.select([...pendingColumns]).orderBy(sortBy, dir).orderBy('a.taskassignkey').limit(limit).offset((page - 1) * limit).execute(),
      q.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { meta: { total: Number(total?.n ?? 0), page, limit }, list };
  };

  /** The task of an assignment, if the user takes part in it (assignee, creator, or delegate). */
  const participantTask = async (a: RequestAuth, taskkey: number) => {
    const task = await db.selectFrom('wf_task').selectAll().where('taskkey', '=', taskkey).where('compcode', '=', a.company.compcode).executeTakeFirst();
    if (!task) throw appError('ERR_NOT_FOUND', { message: 'The task was not found.' });
    if (Number(task.createdby) === a.user.user_id || mayActForOthers(a.ability)) return task;
    const mine = await db.selectFrom('wf_assignment').select('taskassignkey').where('taskkey', '=', taskkey).where('assignee', '=', a.user.user_id).executeTakeFirst();
    if (!mine) throw appError('ERR_NOT_FOUND', { message: 'The task was not found.' });
    return task;
  };

  const history = async (taskkey: number) => {
    const rows = await db
      .selectFrom('wf_assignment as a')
      .innerJoin('users as u', 'u.user_id', 'a.assignee')
      .leftJoin('users as b', 'b.user_id', 'a.action_by')
      .leftJoin('users as o', 'o.user_id', 'a.on_behalf_of')
      .select(['a.taskassignkey', 'a.assigndate', 'u.full_name as crewname', 'o.full_name as onBehalfOf', 'a.actiontake', 'a.action_by', 'a.assignee', 'b.full_name as actor', 'a.message', 'a.completeddate', 'a.postponed', 'a.postuntil', 'a.step_seq'])
      .where('a.taskkey', '=', taskkey)
      .orderBy('a.taskassignkey')
      .execute();
    return rows.map((r) => ({
      taskassignkey: r.taskassignkey,
      assignstr: fmt(r.assigndate),
      assigndate: r.assigndate,
      crewname: r.crewname,
      // a delegate's item (docs/workflow.md "Delegation"): "on behalf of <name>"
      onBehalfOf: r.onBehalfOf ?? null,
      behalfText: r.onBehalfOf ? `on behalf of ${r.onBehalfOf}` : null,
      actiontake: r.actiontake,
      actionBy: r.action_by && Number(r.action_by) !== Number(r.assignee) ? r.actor : null,
      message: r.message,
      completeddate: r.completeddate,
      postponed: r.postponed ? 1 : 0,
      postuntil: r.postuntil,
      step: r.step_seq,
      expired: r.actiontake === 'EXPIRED',
    }));
  };

  const attachmentList = async (compcode: string, taskkey: number) =>
    (
      await db
        .selectFrom('sys_attachment')
        .select(['id', 'filename', 'record_key', 'size', 'created_by', 'created_at'])
        .where('compcode', '=', compcode)
        .where('entity_name', '=', 'wf_task')
        .where('record_key', '=', String(taskkey))
        .orderBy('id')
        .execute()
    ).map((x) => ({ attachmentKey: x.id, attchFileNm: x.filename, taskkey: Number(x.record_key), size: x.size, uploadedBy: x.created_by, uploadedAt: x.created_at }));

  return async (app) => {
    app.get('/tasktodo', async (req) => {
      const a = authOf(req);
      const rows = await openAssignments(a.company.compcode)
        .where('a.assignee', '=', a.user.user_id)
        .select(['t.taskkey', 'a.taskassignkey', 't.taskname', 't.taskdetail', 'c.full_name as createby', 't.createdon as createdate', 't.route_name as routeName', 't.route_param as routeParam'])
        .orderBy('t.createdon', 'desc')
        .limit(500)
        .execute();
      return rows.map((r) => ({
        ...r,
        routeName: r.routeName ?? 'app.approvalfrm',
        routeParam: r.routeParam ?? JSON.stringify({ key: r.taskassignkey, taskkey: r.taskkey }),
      }));
    });

    app.get<{ Querystring: Record<string, string | undefined> }>('/tasktodo/mypending', async (req) => paged(req, false));
    app.get<{ Querystring: Record<string, string | undefined> }>('/tasktodo/teampending', async (req) => paged(req, true));

    app.get<{ Querystring: { key?: string } }>('/tasktodo/detail', async (req) => {
      const a = authOf(req);
      const key = Number(req.query.key);
      if (!Number.isSafeInteger(key) || key < 1) throw appError('ERR_VALIDATION', { errors: [{ path: '/key', message: 'is required' }] });
      const asg = await db.selectFrom('wf_assignment').selectAll().where('taskassignkey', '=', key).where('compcode', '=', a.company.compcode).executeTakeFirst();
      if (!asg) throw appError('ERR_NOT_FOUND', { message: 'The task was not found.' });
      const task = await participantTask(a, Number(asg.taskkey));
      if (Number(asg.assignee) !== a.user.user_id && Number(task.createdby) !== a.user.user_id && !mayActForOthers(a.ability)) {
        throw appError('ERR_NOT_FOUND', { message: 'The task was not found.' });
      }
      const creator = await db.selectFrom('users').select(['username', 'full_name', 'jabatan', 'departemen', 'departkd', 'crewnik', 'user_id']).where('user_id', '=', task.createdby as number).executeTakeFirstOrThrow();
      const assignee = await db.selectFrom('users').select(['username', 'full_name', 'crewnik', 'user_id']).where('user_id', '=', asg.assignee as number).executeTakeFirstOrThrow();
      const behalf = asg.on_behalf_of ? await db.selectFrom('users').select(['full_name', 'user_id']).where('user_id', '=', asg.on_behalf_of as number).executeTakeFirst() : undefined;
      const steps = JSON.parse(String(task.steps_snapshot ?? '[]')) as StepSnapshot[];
      const step = steps.find((x) => x.seq === Number(asg.step_seq));
      const def = await db.selectFrom('wf_definition').select(['name', 'title']).where('wftypekey', '=', task.wftypekey as number).executeTakeFirst();
      const header = {
        taskkey: task.taskkey,
        taskassignkey: asg.taskassignkey,
        wftypekey: task.wftypekey,
        wfname: def?.name ?? null,
        taskname: task.taskname,
        taskdetail: task.taskdetail,
        entity_name: task.entity_name,
        record_key: task.record_key,
        statuswf: task.statuswf,
        createdby: creator.full_name,
        createdbyUsername: creator.username,
        createdon: task.createdon,
        jabatan: creator.jabatan,
        departemen: creator.departemen,
        departkd: creator.departkd,
        layout: task.entity_name,
        pjxhdrkey: task.pjxhdrkey ?? null,
        isTask: step?.item_kind === 'task' ? 1 : 0,
        actions: step ? ITEM_ACTIONS[step.item_kind] : [],
        step: step ? { seq: step.seq, name: step.step_name, of: steps.length } : null,
        isrouting: 0,
        routeToNik: null,
        routeToUser: null,
        postponed: asg.postponed ? 1 : 0,
        postuntil: asg.postuntil ?? null,
        message: asg.message ?? null,
        completeddate: asg.completeddate ?? null,
        actiontake: asg.actiontake ?? null,
        canAct: !asg.completeddate && task.statuswf === STATUS.ON_PROCESS && (Number(asg.assignee) === a.user.user_id || mayActForOthers(a.ability)) ? 1 : 0,
        crewinfo: assignee.full_name,
        crewkey: assignee.user_id,
        onBehalfOf: behalf?.full_name ?? null,
        behalfText: behalf ? `on behalf of ${String(behalf.full_name)}` : null,
        requiredApprovals: step ? requiredApprovals(step) : 1,
        route_name: task.route_name,
        route_param: task.route_param,
      };
      return { success: 1, data: [[header], await history(Number(task.taskkey)), await attachmentList(a.company.compcode, Number(task.taskkey))], message: '' };
    });

    app.post<{ Body: Record<string, unknown> }>(
      '/tasktodo/doaction',
      {
        schema: {
          body: {
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
            },
          },
        },
      },
      async (req) => {
        const a = authOf(req);
        const b = req.body ?? {};
        return act(workflowContext(s, a), {
          taskassignkey: Number(b.taskassignkey),
          actionTake: String(b.actionTake ?? ''),
          comment: (b.comment as string | null) ?? null,
          isrouting: b.isrouting === true || b.isrouting === 1 || b.isrouting === '1' ? 1 : 0,
          routeToUser: (b.routeToUser as string | number | null) ?? null,
          routeToNik: (b.routeToNik as string | null) ?? null,
          postponed: b.postponed === true || b.postponed === 1 || b.postponed === '1' ? 1 : 0,
          postuntil: (b.postuntil as string | null) ?? null,
        });
      },
    );

    app.get<{ Params: { key: string } }>('/tasktodo/history/:key', async (req) => {
      const a = authOf(req);
      const task = await participantTask(a, intKey(req.params.key));
      return { success: 1, data: await history(Number(task.taskkey)) };
    });

    // The history as a printable PDF: a short-lived print job of the task with its history lines.
    app.get<{ Params: { key: string } }>('/tasktodo/historyprint/:key', async (req) => {
      const a = authOf(req);
      const task = await participantTask(a, intKey(req.params.key));
      return createPrintJob(db, { compcode: a.company.compcode, entity: 'wf_task', key: Number(task.taskkey), userId: a.user.user_id });
    });

    app.post('/tasktodo/attachment', async (req) => {
      const a = authOf(req);
      if (!req.isMultipart()) throw appError('ERR_FILE_REQUIRED');
      return withUploads(req, { files: 1, fields: 10, fieldSize: 1000 }, 'The file is larger than 10 MB.', async ({ fields, files }) => {
        const file = files.at(-1);
        if (!file) throw appError('ERR_FILE_REQUIRED');
        const task = await participantTask(a, intKey(fields.tablekey ?? fields.taskkey));
        await assertTaskOpen(db, task.taskkey);
        await db.transaction().execute((tx) =>
          saveAttachment(tx, s.reg, a.ref, { compcode: a.company.compcode, entity_name: 'wf_task', record_key: String(task.taskkey), filename: fields.filename || file.filename }, file),
        );
        return { success: 1, data: await attachmentList(a.company.compcode, Number(task.taskkey)) };
      });
    });

    const taskAttachment = async (a: RequestAuth, id: string) => {
      const row = await db
        .selectFrom('sys_attachment')
        .select(['id', 'record_key', 'filename', 'mime'])
        .where('id', '=', intKey(id))
        .where('compcode', '=', a.company.compcode)
        .where('entity_name', '=', 'wf_task')
        .executeTakeFirst();
      if (!row) throw appError('ERR_NOT_FOUND');
      await participantTask(a, Number(row.record_key));
      return row;
    };

    app.get<{ Params: { attachmentKey: string } }>('/tasktodo/attachment/:attachmentKey', async (req, reply) => {
      const a = authOf(req);
      const row = await taskAttachment(a, req.params.attachmentKey);
      return sendAttachment(reply, db, row);
    });

    app.get<{ Params: { taskkey: string } }>('/tasktodo/attachmentlist/:taskkey', async (req) => {
      const a = authOf(req);
      const task = await participantTask(a, intKey(req.params.taskkey));
      return { success: 1, data: await attachmentList(a.company.compcode, Number(task.taskkey)) };
    });

    app.delete<{ Params: { attachmentKey: string } }>('/tasktodo/attachment/:attachmentKey', async (req) => {
      const a = authOf(req);
      const row = await taskAttachment(a, req.params.attachmentKey);
      await assertTaskOpen(db, row.record_key);
      await db.transaction().execute((tx) => removeAttachment(tx, s.reg, a.ref, Number(row.id)));
      return { success: 1, data: await attachmentList(a.company.compcode, Number(row.record_key)) };
    });

    // Annual budget of a department (the View Budget modal): budget lines of the year with the
    // amounts committed by approved documents, as printable HTML.
    app.get<{ Querystring: { departkd?: string; departemen?: string; tahun?: string; layout?: string } }>('/budgetdept/viewprint', async (req, reply) => {
      const a = authOf(req);
      const year = Number(req.query.tahun ?? new Date().getUTCFullYear());
      if (!Number.isInteger(year) || year < 1990 || year > 2200) throw appError('ERR_VALIDATION', { errors: [{ path: '/tahun', message: 'is not a year' }] });
      const dept = String(req.query.departkd ?? '').slice(0, 20);
      if (!dept) throw appError('ERR_VALIDATION', { errors: [{ path: '/departkd', message: 'is required' }] });
      // R on the budget screen, or a task of a requestor of that department the user takes part in
      // (the approval form's View Budget); a delegate (U on the workflow configuration) takes part in all
      if (!a.ability.can('read', 'department_budget') && !mayActForOthers(a.ability)) {
        const shown = await db
          .selectFrom('wf_task as t')
          .innerJoin('users as c', 'c.user_id', 't.createdby')
          .select('t.taskkey')
          .where('t.compcode', '=', a.company.compcode)
          .where('c.departkd', '=', dept)
          .where((eb) =>
            eb.or([
              eb('t.createdby', '=', a.user.user_id),
              eb.exists(eb.selectFrom('wf_assignment as x').select('x.taskassignkey').whereRef('x.taskkey', '=', 't.taskkey').where('x.assignee', '=', a.user.user_id)),
            ]),
          )
          .limit(1)
          .executeTakeFirst();
        if (!shown) throw appError('ERR_FORBIDDEN');
      }
      const rows = await db
        .selectFrom('department_budget')
        .select(['account_code', 'account_name', 'budget_amount', 'committed_amount'])
        .where('compcode', '=', a.company.compcode)
        .where('departkd', '=', dept)
        .where('budget_year', '=', year)
        .orderBy('account_code')
        .execute();
      const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      const num = (v: unknown) => Number(v ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      const total = rows.reduce((acc, r) => [acc[0] + Number(r.budget_amount ?? 0), acc[1] + Number(r.committed_amount ?? 0)], [0, 0]);
      const body = rows.length
        ? rows.map((r) => `<tr><td>${esc(r.account_code)}</td><td>${esc(r.account_name)}</td><td class="n">${num(r.budget_amount)}</td><td class="n">${num(r.committed_amount)}</td><td class="n">${num(Number(r.budget_amount ?? 0) - Number(r.committed_amount ?? 0))}</td></tr>`).join('')
        : '<tr><td colspan="5">No budget is recorded for this department and year.</td></tr>';
      const html = `<div class="budget-report"><h3>Annual budget ${year} — ${esc(req.query.departemen ?? dept)} (${esc(dept)})</h3><table class="table"><thead><tr><th>Account</th><th>Name</th><th class="n">Budget</th><th class="n">Committed</th><th class="n">Remaining</th></tr></thead><tbody>${body}</tbody><tfoot><tr><th colspan="2">Total (${esc(a.company.matauang)})</th><th class="n">${num(total[0])}</th><th class="n">${num(total[1])}</th><th class="n">${num(total[0] - total[1])}</th></tr></tfoot></table></div>`;
      return reply.type('text/html; charset=utf-8').send(html);
    });

    // Approvals acted on in a period, as a spreadsheet (apreval_list.xlsx): the user's own, or the
    // company's for someone holding O on the workflow action history.
    app.get<{ Querystring: { tgl1?: string; tgl2?: string } }>('/apreval/exportxls', async (req, reply) => {
      const a = authOf(req);
      const d = (v: string | undefined, path: string) => {
        if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw appError('ERR_VALIDATION', { errors: [{ path, message: 'must be a date (YYYY-MM-DD)' }] });
        return v;
      };
      const from = d(req.query.tgl1, '/tgl1');
      const to = d(req.query.tgl2, '/tgl2');
      let q = db
        .selectFrom('wf_assignment as a')
        .innerJoin('wf_task as t', 't.taskkey', 'a.taskkey')
        .innerJoin('users as u', 'u.user_id', 'a.assignee')
        .leftJoin('users as b', 'b.user_id', 'a.action_by')
        .select(['t.taskname', 't.taskdetail', 'u.full_name as assignee', 'a.assigndate', 'a.actiontake', 'b.full_name as actor', 'a.message', 'a.completeddate'])
        .where('a.compcode', '=', a.company.compcode)
        .where('a.completeddate', '>=', `${from}T00:00:00Z`)
        .where('a.completeddate', '<', sql<string>`(${to}::date + 1)::timestamptz`);
      const all = a.ability.can('other', 'wf_assignment');
      if (!all) q = q.where((eb) => eb.or([eb('a.assignee', '=', a.user.user_id), eb('a.action_by', '=', a.user.user_id)]));
      return sendSpreadsheet(req, reply, {
        filename: 'apreval_list',
        sheet: 'apreval_list',
        columns: [
          { header: 'Task/Approval Name', key: 'taskname' },
          { header: 'Description', key: 'taskdetail' },
          { header: 'Assign To', key: 'assignee' },
          { header: 'Assign Date', key: 'assigndate' },
          { header: 'Action Take', key: 'actiontake' },
          { header: 'Action By', key: 'actor' },
          { header: 'Comment', key: 'message' },
          { header: 'Complete Date', key: 'completeddate' },
        ],
        rows: keysetPages(q, [
          ['a.completeddate', 'asc'],
          ['a.taskassignkey', 'asc'],
        ]),
      });
    });
  };
}
