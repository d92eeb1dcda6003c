/**
 * Spec §7 Material requests: the spec's paths as thin adapters over the metadata entity
 * material_request (with its lines): reads through the access compiler, writes through the
 * repository (whose lifecycle freezes requests on process or approved), sending, withdrawing and
 * closing lines through the plugin actions the screens use (workflow, requisition), prints through
 * the one print-job creator, exports through the one spreadsheet writer. Line-level lists answer
 * /aircraft-mrequest, header-level ones /list.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { appError } from '../../../engine/src/errors.ts';
import { accessCondition } from '../../../engine/src/access/compile.ts';
import { cappedTotal, filterValue } from '../../../engine/src/query/list.ts';
import { keysetPages } from '../../../engine/src/query/keyset.ts';
import { inTransaction } from '../../../engine/src/crud/repository.ts';
import { runAction } from '../../../engine/src/crud/run-action.ts';
import type { DB } from '../../../engine/src/db/database.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import type { RequestAuth } from '../auth/session.ts';
import { actionContext } from '../workflow-context.ts';
import { createPrintJob } from '../print/jobs.ts';
import { sendSpreadsheet } from './spreadsheet.ts';
import { saveAttachment, withUploads, type UploadedFile } from './attachments.ts';
import { STATUS } from '../../../engine/src/workflow/engine.ts';

type Query = Record<string, string | undefined>;

const LINE_SORT: Record<string, string> = {
  requestno: 'h.requestno',
  requestdate: 'h.requestdate',
  uraian: 'l.description',
  itemname: 'l.itemname',
  partnumber: 'l.partnumber',
  quantity: 'l.quantity',
  create_by: 'u.full_name',
  statuswf: 'h.statuswf',
  outstand: 'l.outstand',
  registration: 'h.registration',
};
/** Columns a dimension filter (DimCol/DimVal) may name. */
const DIMENSIONS: Record<string, string> = {
  registration: 'h.registration',
  aircraft_registration: 'h.registration',
  budgetinfo: 'h.budgetinfo',
  department: 'h.department',
  workorder_no: 'h.workorder_no',
  locationdeliv: 'h.locationdeliv',
  priority: 'h.priority',
};

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const date = (v: string | undefined, param: string): string | undefined => (v ? (filterValue({ type: 'date' }, v, param) as string) : undefined);

/** Runs an action for the request's user through the one action runner (in the caller's transaction when given one). */
function act(s: Services, a: RequestAuth, entity: string, name: string, key: unknown, body: Record<string, unknown>, tx?: DB): Promise<unknown> {
  return runAction({ ...actionContext(s, a), ...(tx ? { db: tx } : {}) }, { entity, name, key: key as string | number, body });
}

export function mrequestRoutes(s: Services): FastifyPluginAsync {
  const db = s.database.db;
  const reg = s.reg;
  if (!reg.entities.has('material_request')) return async () => undefined;
  const header = reg.entity('material_request');
  const line = reg.entity('material_request_line');
  const child = header.children.find((c) => c.entity === 'material_request_line');
  if (!child) throw new Error('material_request must have material_request_line children');
  const fk = child.foreignKey;

  /** Filters of the spec, only non-empty ones applied; restricted by the user's read access. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const filtered = <Q extends SelectQueryBuilder<any, any, any>>(a: RequestAuth, base: Q, q: Query, mine: boolean): Q => {
    if (!a.ability.can('read', header.name)) throw appError('ERR_FORBIDDEN');
    let r = base.where(accessCondition(a.ability, 'read', header, reg, 'h')) as Q;
    const eq = (col: string, v: string | undefined) => {
      if (v !== undefined && v !== '') r = r.where(col, '=', v) as Q;
    };
    if (mine) r = r.where('h.requestor', '=', a.user.user_id) as Q;
    if (q.uraian) r = r.where((eb) => eb.or([eb('l.description', 'ilike', like(q.uraian ?? '')), eb('l.itemname', 'ilike', like(q.uraian ?? '')), eb('l.partnumber', 'ilike', like(q.uraian ?? ''))])) as Q;
    if (q.create_by) r = r.where((eb) => eb.or([eb('u.full_name', 'ilike', like(q.create_by ?? '')), eb('u.username', 'ilike', like(q.create_by ?? ''))])) as Q;
    if (q.nmcategory) r = r.where('cat.name', 'ilike', like(q.nmcategory)) as Q;
    if (q.requestno) r = r.where('h.requestno', 'ilike', like(q.requestno)) as Q;
    if (q.remark) r = r.where('h.remark', 'ilike', like(q.remark)) as Q;
    if (q.aircraft_registration) r = r.where('h.registration', 'ilike', like(q.aircraft_registration)) as Q;
    const code = (v: string | undefined, path: string): string | undefined => {
      if (v === undefined || v === '') return undefined;
      if (!/^[01]$/.test(v)) throw appError('ERR_VALIDATION', { errors: [{ path, message: 'must be 0 or 1' }] });
      return v;
    };
    eq('h.jasa', code(q.jasa, '/jasa'));
    eq('h.statuswf', q.statuswf);
    eq('l.outstand', code(q.outstand, '/outstand'));
    if (q.approved === '1') r = r.where('h.statuswf', '=', STATUS.APPROVED) as Q;
    if (q.approved === '0') r = r.where('h.statuswf', '<>', STATUS.APPROVED) as Q;
    if (q.pr === '1') r = r.where('h.progress', '>=', 1) as Q;
    if (q.pr === '0') r = r.where((eb) => eb.or([eb('h.progress', 'is', null), eb('h.progress', '=', 0)])) as Q;
    if (q.isproject === '1') r = r.where('h.budgetinfo', 'is not', null) as Q;
    if (q.isproject === '0') r = r.where('h.budgetinfo', 'is', null) as Q;
    const t1 = date(q.tgl1, 'tgl1');
    const t2 = date(q.tgl2, 'tgl2');
    if (t1) r = r.where('h.requestdate', '>=', t1) as Q;
    if (t2) r = r.where('h.requestdate', '<=', t2) as Q;
    if (q.DimCol && q.DimVal) {
      const col = DIMENSIONS[q.DimCol];
      if (!col) throw appError('ERR_BAD_REQUEST', { message: `Cannot filter by '${q.DimCol}'.` });
      r = r.where(col, '=', q.DimVal) as Q;
    }
    return r;
  };

  const lineBase = () =>
    db
      .selectFrom(`${line.table} as l`)
      .innerJoin(`${header.table} as h`, `h.${header.key}`, `l.${fk}`)
      .leftJoin('users as u', 'u.user_id', 'h.requestor')
      .leftJoin('master_item as mi', 'mi.item_id', 'l.item')
      .leftJoin('master_item_category as cat', 'cat.id', 'mi.category');

  const LINE_COLUMNS = [
    `h.${header.key} as requestkey`,
    `l.${line.key} as reqdtlkey`,
    'h.requestno',
    'h.requestdate',
    'h.jasa',
    'h.statuswf',
    'h.progress',
    'h.registration as aircraft_registration',
    'h.remark',
    'l.linetype',
    'l.partnumber',
    'l.itemname',
    'l.iteminfo',
    'l.description as uraian',
    'l.quantity',
    'l.invunitom',
    'l.outstand',
    'u.full_name as create_by',
    'cat.name as nmcategory',
  ];

  const lineList = async (a: RequestAuth, q: Query, mine: boolean) => {
    const page = Math.min(1_000_000, Math.max(1, Math.trunc(Number(q.page ?? 1)) || 1));
    const limit = Math.min(100, Math.max(1, Number(q.limit ?? 10) || 10));
    const sortBy = LINE_SORT[q.sortBy ?? 'requestdate'];
    if (!sortBy) throw appError('ERR_BAD_REQUEST', { message: `Cannot sort by '${q.sortBy}'.` });
    const dir = (q.sortDir ?? 'desc').toLowerCase() === 'asc' ? 'asc' : 'desc';
    const base = filtered(a, lineBase(), q, mine);
    const [list, total] = await Promise.all([
      base.select(LINE_COLUMNS).orderBy(sortBy, dir).orderBy(`l.${line.key}`, dir).limit(limit).offset((page - 1) * limit).execute(),
      cappedTotal(db, base, page, limit, s.config.listTotalCap),
    ]);
    return { meta: { ...total, page, limit }, list };
  };

  const headerList = async (a: RequestAuth, q: Query, mine: boolean) => {
    const page = Math.min(1_000_000, Math.max(1, Math.trunc(Number(q.page ?? 1)) || 1));
    const limit = Math.min(100, Math.max(1, Number(q.limit ?? 10) || 10));
    const sortBy = { requestno: 'h.requestno', requestdate: 'h.requestdate', statuswf: 'h.statuswf', create_by: 'u.full_name', registration: 'h.registration' }[q.sortBy ?? 'requestdate'];
    if (!sortBy) throw appError('ERR_BAD_REQUEST', { message: `Cannot sort by '${q.sortBy}'.` });
    const dir = (q.sortDir ?? 'desc').toLowerCase() === 'asc' ? 'asc' : 'desc';
    // header filters directly; line filters as "some line matches"
    const keys = filtered(a, lineBase(), q, mine).select(`h.${header.key} as k`).distinct();
    const base = db
      .selectFrom(`${header.table} as h`)
      .leftJoin('users as u', 'u.user_id', 'h.requestor')
      .where(`h.${header.key}`, 'in', keys);
    const cols = [
      `h.${header.key} as requestkey`,
      'h.requestno',
      'h.requestdate',
      'h.jasa',
      'h.budgetinfo',
      'h.budgetname',
      'h.expectreceipt',
      'h.jasafinish',
      'h.locationdeliv',
      'h.remark',
      'h.barter',
      'h.registration',
      'h.matauang',
      'h.statuswf',
      'h.progress',
      'u.full_name as create_by',
    ];
    const [list, total] = await Promise.all([
      base.select(cols).orderBy(sortBy, dir).orderBy(`h.${header.key}`, dir).limit(limit).offset((page - 1) * limit).execute(),
      cappedTotal(db, base, page, limit, s.config.listTotalCap),
    ]);
    return { meta: { ...total, page, limit }, list };
  };

  return async (app) => {
    app.get<{ Querystring: Query }>('/aircraft-mrequest', async (req) => lineList(authOf(req), req.query, false));
    app.get<{ Querystring: Query }>('/aircraft-mrequest/byrequestor', async (req) => lineList(authOf(req), req.query, true));
    app.get<{ Querystring: Query }>('/aircraft-mrequest/list', async (req) => headerList(authOf(req), req.query, false));
    app.get<{ Querystring: Query }>('/aircraft-mrequest/byrequestorheader', async (req) => headerList(authOf(req), req.query, true));

    // Create (no requestkey) or update (requestkey and version) a request with its lines.
    app.post<{ Body: Record<string, unknown> }>('/aircraft-mrequest', { schema: { body: { type: 'object' } } }, async (req) => {
      const a = authOf(req);
      const body: Record<string, unknown> = { ...req.body };
      const key = body.requestkey;
      delete body.requestkey;
      const lines = (body.lines ?? body.detail) as Record<string, unknown>[] | undefined;
      delete body.detail;
      if (lines !== undefined) body.lines = Array.isArray(lines) ? lines.map(({ reqdtlkey, ...l }) => ({ ...l, ...(reqdtlkey ? { [line.key]: reqdtlkey } : {}) })) : lines;
      body.requestor ??= a.user.user_id;
      body.requestdate ??= new Date().toISOString().slice(0, 10);
      body.matauang ??= a.company.matauang ?? null;
      const ctx = { db, ability: a.ability, user: a.ref };
      if (key === undefined || key === null || key === '') {
        const data = await s.repo.create(ctx, header.name, body);
        return { success: 1, message: `${String(data.requestno)} saved`, data };
      }
      // the request's lifecycle (metadata) refuses changes on process or approved
      const data = await s.repo.update(ctx, header.name, key, body);
      return { success: 1, message: `${String(data.requestno)} saved`, data };
    });

    app.delete<{ Params: { requestkey: string } }>('/aircraft-mrequest/:requestkey', async (req) => {
      const a = authOf(req);
      // only drafts: the lifecycle refuses the others, and a request in a workflow is never deleted
      await s.repo.remove({ db, ability: a.ability, user: a.ref }, header.name, req.params.requestkey);
      return { success: 1, message: 'Deleted' };
    });

    // Close a line (letter O): it will not be purchased or issued any further.
    app.put<{ Params: { reqdtlkey: string }; Body: { reason?: string } }>('/aircraft-mrequest/closed/:reqdtlkey', async (req) => {
      const a = authOf(req);
      if (!a.ability.can('other', header.name)) throw appError('ERR_FORBIDDEN', { message: 'Closing a line needs the O (other) permission.' });
      const { message } = (await act(s, a, 'material_request_line', 'close_material_request_line', req.params.reqdtlkey, { reason: req.body?.reason })) as { message: string };
      return { success: 1, message };
    });

    app.get<{ Params: { requestkey: string } }>('/aircraft-mrequest/detail/:requestkey', async (req) => {
      const a = authOf(req);
      const row = await s.repo.get({ db, ability: a.ability }, header.name, req.params.requestkey);
      const { [child.name]: lines, ...head } = row;
      const requestor = head.requestor ? await db.selectFrom('users').select(['full_name', 'username']).where('user_id', '=', head.requestor as number).executeTakeFirst() : undefined;
      return [[{ ...head, requestkey: head[header.key], create_by: requestor?.full_name ?? null }], ((lines as Record<string, unknown>[]) ?? []).map((l) => ({ ...l, reqdtlkey: l[line.key] }))];
    });

    app.get<{ Params: { requestkey: string } }>('/aircraft-mrequest/actionhistory/:requestkey', async (req) => {
      const a = authOf(req);
      const row = await s.repo.get({ db, ability: a.ability }, header.name, req.params.requestkey);
      const rows = await db
        .selectFrom('wf_assignment as x')
        .innerJoin('wf_task as t', 't.taskkey', 'x.taskkey')
        .innerJoin('users as u', 'u.user_id', 'x.assignee')
        .leftJoin('users as b', 'b.user_id', 'x.action_by')
        .leftJoin('users as o', 'o.user_id', 'x.on_behalf_of')
        .select(['t.taskkey', 'x.taskassignkey', 'x.assigndate', 'u.full_name as crewname', 'o.full_name as onBehalfOf', 'x.actiontake', 'x.assignee', 'x.action_by', 'b.full_name as actor', 'x.message', 'x.completeddate'])
        .where('t.compcode', '=', a.company.compcode)
        .where('t.entity_name', '=', header.name)
        .where('t.record_key', '=', String(row[header.key]))
        .orderBy('x.taskassignkey')
        .execute();
      return {
        success: 1,
        data: rows.map((r) => ({ ...r, actionBy: r.action_by && Number(r.action_by) !== Number(r.assignee) ? r.actor : null, expired: r.actiontake === 'EXPIRED' })),
      };
    });

    app.get<{ Querystring: Query }>('/aircraft-mrequest/exportxls', async (req, reply) => {
      const a = authOf(req);
      if (!a.ability.can('other', header.name)) throw appError('ERR_FORBIDDEN', { message: 'Exporting needs the O (other) permission on this screen.' });
      const base = filtered(a, lineBase(), req.query, false).select(LINE_COLUMNS);
      return sendSpreadsheet(req, reply, {
        filename: 'open_requisition_list',
        sheet: 'Open requisitions',
        columns: [
          { header: 'Request No.', key: 'requestno' },
          { header: 'Request Date', key: 'requestdate' },
          { header: 'Requested By', key: 'create_by' },
          { header: 'Aircraft', key: 'aircraft_registration' },
          { header: 'Part Number', key: 'partnumber' },
          { header: 'Item Name', key: 'itemname' },
          { header: 'Description', key: 'uraian' },
          { header: 'Category', key: 'nmcategory' },
          { header: 'Quantity', key: 'quantity' },
          { header: 'Unit', key: 'invunitom' },
          { header: 'Approval Status', key: 'statuswf' },
          { header: 'Progress', key: 'progress' },
          { header: 'Open', key: 'outstand' },
        ],
        rows: keysetPages(base, [
          ['h.requestdate', 'desc'],
          [`l.${line.key}`, 'desc'],
        ]),
      });
    });

    // Send to workflow (multipart: requestkey, comment?, files as attachments of the task).
    app.post('/aircraft-mrequest/send2wf', async (req) => {
      const a = authOf(req);
      const send = async (fields: Record<string, string>, files: UploadedFile[]) => {
        const unknown = Object.keys(fields).filter((k) => !['requestkey', 'comment'].includes(k));
        if (unknown.length) throw appError('ERR_VALIDATION', { errors: unknown.map((k) => ({ path: `/${k}`, message: 'is not a field of this form' })) });
        const key = fields.requestkey;
        if (!key) throw appError('ERR_VALIDATION', { errors: [{ path: '/requestkey', message: 'is required' }] });
        // the workflow plugin's send action and the task's attachments, in one transaction
        return inTransaction(db, async (tx) => {
          const sent = (await act(s, a, 'material_request', 'send_material_request', key, {}, tx)) as { taskkey: number; message: string };
          for (const f of files) await saveAttachment(tx, s.reg, a.ref, { compcode: a.company.compcode, entity_name: 'wf_task', record_key: String(sent.taskkey), filename: f.filename }, f);
          return { success: 1, message: sent.message, taskkey: sent.taskkey };
        });
      };
      if (req.isMultipart()) return withUploads(req, { files: 10, fields: 20, fieldSize: 2000 }, 'A file is larger than 10 MB.', ({ fields, files }) => send(fields, files));
      return send({ ...((req.body ?? {}) as Record<string, string>) }, []);
    });

    app.put<{ Params: { requestkey: string } }>('/aircraft-mrequest/send2wfCancel/:requestkey', async (req) => {
      const a = authOf(req);
      s.repo.parseKey(header, req.params.requestkey);
      return act(s, a, 'material_request', 'cancel_material_request', req.params.requestkey, {});
    });

    // A print job whose id builds the preview address printpreview/pdf/{id}.
    app.get<{ Querystring: { key?: string } }>('/aircraft-mrequest/print', async (req) => {
      const a = authOf(req);
      if (!req.query.key) throw appError('ERR_VALIDATION', { message: 'Please select a row that want to be Printed!' });
      if (!a.ability.can('print', header.name)) throw appError('ERR_FORBIDDEN');
      const doc = await s.repo.get({ db, ability: a.ability }, header.name, req.query.key, { action: 'print' });
      return createPrintJob(db, { compcode: a.company.compcode, entity: header.name, key: doc[header.key] as number, userId: a.user.user_id });
    });
  };
}
