/**
 * Spec §7 Material requests, the requisition plugin's own routes (a Fastify plugin the server
 * registers under /api: engine/src/plugins/routes.ts): the spec's paths as thin adapters over the
 * material request (the entity, its lines and actions by name). The lists, filters and export
 * rows are lists.ts's, the save's mapping and the detail answer request.ts's; writes go through
 * the repository (whose lifecycle freezes requests on process or approved), sending, withdrawing
 * and closing lines through the plugin actions the screens use (workflow, requisition), the action
 * history is the workflow engine's, prints go through the one print-job creator, exports through
 * the server's one spreadsheet writer. Paths, statuses and answers are the spec's (docs/api.md).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '../../engine/src/errors.ts';
import { inTransaction } from '../../engine/src/crud/repository.ts';
import { runAction } from '../../engine/src/crud/run-action.ts';
import { documentWorkflowHistory } from '../../engine/src/workflow/tasks.ts';
import type { DB } from '../../engine/src/db/database.ts';
import type { RouteCaller, RouteServices } from '../../engine/src/plugins/routes.ts';
import { createPrintJob } from '../../engine/src/print/jobs.ts';
import { saveAttachment, type SpooledFile } from '../../engine/src/files/attachments.ts';
import { OPEN_REQUISITION_COLUMNS, openRequisitionRows, requestHeaders, requestLines, type Reader, type RequestLists, type RequestQuery } from './lists.ts';
import { MATERIAL_REQUEST, requestDetail, requestToSave } from './request.ts';
import { todayIso } from '../../engine/src/values/dates.ts';

const HEADER = MATERIAL_REQUEST.entity;

const reader = (a: RouteCaller): Reader => ({ ability: a.ability, userId: a.user.user_id });

export function requisitionRoutes(s: RouteServices): FastifyPluginAsync {
  const db = s.db;
  if (!s.reg.entities.has(HEADER)) return async () => undefined;
  const lists: RequestLists = { db, reg: s.reg, totalCap: s.listTotalCap };
  const authOf = (req: FastifyRequest) => s.caller(req);
  /** Runs an action for the request's caller through the one action runner (in the caller's transaction when given one). */
  const act = (req: FastifyRequest, entity: string, name: string, key: unknown, body: Record<string, unknown>, tx?: DB): Promise<unknown> =>
    runAction(s.actionContext(req, tx), { entity, name, key: key as string | number, body });

  const lines = (mine: boolean) => async (req: FastifyRequest<{ Querystring: RequestQuery }>) => requestLines(lists, reader(authOf(req)), req.query, mine);
  const headers = (mine: boolean) => async (req: FastifyRequest<{ Querystring: RequestQuery }>) => requestHeaders(lists, reader(authOf(req)), req.query, mine);

  /** Create (no requestkey) or update (requestkey and version) a request with its lines; the lifecycle refuses changes on process or approved. */
  const save = async (req: FastifyRequest<{ Body: Record<string, unknown> }>) => {
    const a = authOf(req);
    const { key, body } = requestToSave(s.reg, req.body, { userId: a.user.user_id, currency: a.company.currency, today: todayIso() });
    const ctx = { db, ability: a.ability, user: a.user };
    const data = key === undefined ? await s.repo.create(ctx, HEADER, body) : await s.repo.update(ctx, HEADER, key, body);
    return { success: 1, message: `${String(data.requestno)} saved`, data };
  };

  /** Only drafts: the lifecycle refuses the others, and a request in a workflow is never deleted. */
  const remove = async (req: FastifyRequest<{ Params: { requestkey: string } }>) => {
    const a = authOf(req);
    await s.repo.remove({ db, ability: a.ability, user: a.user }, HEADER, req.params.requestkey);
    return { success: 1, message: 'Deleted' };
  };

  /** Close a line (letter O): it will not be purchased or issued any further. */
  const closeLine = async (req: FastifyRequest<{ Params: { reqdtlkey: string }; Body: { reason?: string } }>) => {
    const a = authOf(req);
    if (!a.ability.can('other', HEADER)) throw appError('ERR_FORBIDDEN', { message: 'Closing a line needs the O (other) permission.' });
    const { message } = (await act(req, MATERIAL_REQUEST.line, MATERIAL_REQUEST.closeLine, req.params.reqdtlkey, { reason: req.body?.reason })) as { message: string };
    return { success: 1, message };
  };

  const detail = async (req: FastifyRequest<{ Params: { requestkey: string } }>) => {
    const a = authOf(req);
    return requestDetail(db, s.reg, await s.repo.get({ db, ability: a.ability, reader: a.user }, HEADER, req.params.requestkey));
  };

  const actionHistory = async (req: FastifyRequest<{ Params: { requestkey: string } }>) => {
    const a = authOf(req);
    const row: Record<string, unknown> = await s.repo.get({ db, ability: a.ability, reader: a.user }, HEADER, req.params.requestkey);
    return { success: 1, data: await documentWorkflowHistory(db, a.company.compcode, HEADER, String(row[s.reg.entity(HEADER).key])) };
  };

  const exportOpen = async (req: FastifyRequest<{ Querystring: RequestQuery }>, reply: FastifyReply) =>
    s.sendSpreadsheet(req, reply, { filename: 'open_requisition_list', sheet: 'Open requisitions', columns: OPEN_REQUISITION_COLUMNS, rows: openRequisitionRows(lists, reader(authOf(req)), req.query) });

  /** Send to workflow (multipart: requestkey, comment?, files as attachments of the task). */
  const sendToWorkflow = async (req: FastifyRequest) => {
    const a = authOf(req);
    const send = async (fields: Record<string, string>, files: SpooledFile[]) => {
      const unknown = Object.keys(fields).filter((k) => !['requestkey', 'comment'].includes(k));
      if (unknown.length) throw appError('ERR_VALIDATION', { errors: unknown.map((k) => ({ path: `/${k}`, message: 'is not a field of this form' })) });
      const key = fields.requestkey;
      if (!key) throw appError('ERR_VALIDATION', { errors: [{ path: '/requestkey', message: 'is required' }] });
      // the workflow's send action and the task's attachments, in one transaction
      return inTransaction(db, async (tx) => {
        const sent = (await act(req, HEADER, MATERIAL_REQUEST.send, key, {}, tx)) as { taskkey: number; message: string };
        for (const f of files) await saveAttachment(tx, s.reg, a.user, { compcode: a.company.compcode, entity_name: 'wf_task', record_key: String(sent.taskkey), filename: f.filename }, f);
        return { success: 1, message: sent.message, taskkey: sent.taskkey };
      });
    };
    if (req.isMultipart()) return s.withUploads(req, { files: 10, fields: 20, fieldSize: 2000 }, 'A file is larger than 10 MB.', ({ fields, files }) => send(fields, files));
    return send({ ...((req.body ?? {}) as Record<string, string>) }, []);
  };

  const cancelWorkflow = async (req: FastifyRequest<{ Params: { requestkey: string } }>) => {
    s.repo.parseKey(s.reg.entity(HEADER), req.params.requestkey);
    return act(req, HEADER, MATERIAL_REQUEST.cancel, req.params.requestkey, {});
  };

  /** A print job whose id builds the preview address printpreview/pdf/{id}. */
  const print = async (req: FastifyRequest<{ Querystring: { key?: string } }>) => {
    const a = authOf(req);
    if (!req.query.key) throw appError('ERR_VALIDATION', { message: 'Please select a row that want to be Printed!' });
    if (!a.ability.can('print', HEADER)) throw appError('ERR_FORBIDDEN');
    const doc: Record<string, unknown> = await s.repo.get({ db, ability: a.ability, reader: a.user }, HEADER, req.query.key, { action: 'print' });
    return createPrintJob(db, { compcode: a.company.compcode, entity: HEADER, key: doc[s.reg.entity(HEADER).key] as number, userId: a.user.user_id });
  };

  return async (app) => {
    app.get<{ Querystring: RequestQuery }>('/aircraft-mrequest', lines(false));
    app.get<{ Querystring: RequestQuery }>('/aircraft-mrequest/byrequestor', lines(true));
    app.get<{ Querystring: RequestQuery }>('/aircraft-mrequest/list', headers(false));
    app.get<{ Querystring: RequestQuery }>('/aircraft-mrequest/byrequestorheader', headers(true));
    app.post<{ Body: Record<string, unknown> }>('/aircraft-mrequest', { schema: { body: { type: 'object' } } }, save);
    app.delete<{ Params: { requestkey: string } }>('/aircraft-mrequest/:requestkey', remove);
    app.put<{ Params: { reqdtlkey: string }; Body: { reason?: string } }>('/aircraft-mrequest/closed/:reqdtlkey', closeLine);
    app.get<{ Params: { requestkey: string } }>('/aircraft-mrequest/detail/:requestkey', detail);
    app.get<{ Params: { requestkey: string } }>('/aircraft-mrequest/actionhistory/:requestkey', actionHistory);
    app.get<{ Querystring: RequestQuery }>('/aircraft-mrequest/exportxls', exportOpen);
    app.post('/aircraft-mrequest/send2wf', sendToWorkflow);
    app.put<{ Params: { requestkey: string } }>('/aircraft-mrequest/send2wfCancel/:requestkey', cancelWorkflow);
    app.get<{ Querystring: { key?: string } }>('/aircraft-mrequest/print', print);
  };
}
