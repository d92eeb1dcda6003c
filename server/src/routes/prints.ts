/**
 * Prints of any document as PDF (letter P):
 *   GET  /api/data/:entity/:key/pdf        the PDF (bearer token); ?print=<name> a named print of
 *                                            the entity (metadata `prints`: a certificate, a pack)
 *   POST /api/data/:entity/:key/printjob   → { id }: a short-lived print job ({ print } optional), for previews in an
 *                                            iframe where no Authorization header can be sent
 *   GET  /api/printpreview/pdf/:id         the job's PDF; the id is an unguessable capability that
 *                                            expires after 10 minutes, and the user's letters are
 *                                            checked again when it is rendered
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { createMongoAbility } from '@casl/ability';
import { appError } from '../../../engine/src/errors.ts';
import { buildAbility, type AppAbility } from '../../../engine/src/access/ability.ts';
import { loadGrants } from '../../../engine/src/access/menus.ts';
import { formatValue, printAvailable, referencedRows, renderDocument, renderPrint, resolveReferences } from '../../../engine/src/print/print.ts';
import type { EntityDef, PrintDef } from '../../../engine/src/metadata/registry.ts';
import type { Reader } from '../../../engine/src/access/personal.ts';
import { printSeals } from '../../../engine/src/records/seal-verify.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import { companyByCode, findUser, type CompanyRow } from '../auth/session.ts';
import type { PdfRenderer } from '../print/pdf.ts';
import { createPrintJob, openPrintJob } from '../../../engine/src/print/jobs.ts';

/** What the route groups of printRoutes share (made once per server): pdf, db, namedPrint, availableOrRefuse, html, taskHtml, sendPdf. */
function printRoutesContext(s: Services, pdf: PdfRenderer) {
  const db = s.database.db;

  /** The entity's named print, or 404 naming the ones it has. */
  const namedPrint = (e: EntityDef, name: string | undefined | null): PrintDef | undefined => {
    if (!name) return undefined;
    const p = e.prints?.find((x) => x.name === name);
    if (!p) throw appError('ERR_NOT_FOUND', { message: `${e.title} has no print '${name}'${e.prints?.length ? ` (it has: ${e.prints.map((x) => x.name).join(', ')})` : ''}.` });
    return p;
  };
  const availableOrRefuse = (e: EntityDef, p: PrintDef, row: Record<string, unknown>) => {
    if (!printAvailable(p, row)) throw appError('ERR_LOCKED', { message: p.message ?? `${p.title} cannot be printed for this document yet.` });
  };

  // Every print reads its row as the record read does (repo.get with the reader): the same row
  // rule (the ability) and the same personal-field rule (the reader), so a print never shows what
  // the record hides from the same person (issue 32 pt 7, decision 0266).
  const html = async (ability: AppAbility, reader: Reader, company: CompanyRow, printedBy: string, entity: string, key: string, printName?: string | null) => {
    const e = s.reg.entities.get(entity);
    if (!e) throw appError('ERR_ROUTE_NOT_FOUND');
    if (!ability.can('print', e.name)) throw appError('ERR_FORBIDDEN');
    // Print without a name: the entity's default print (metadata `default`) if it has one
    const named = namedPrint(e, printName) ?? e.prints?.find((p) => p.default);
    const row = await s.repo.get({ db, ability, reader }, e.name, key, { action: 'print' });
    const ctx = {
      company: company.company,
      address: [company.compaddr1, company.compaddr2, company.compaddr3].filter(Boolean).join(', '),
      color: company.compcolor as string | undefined,
      printedBy,
    };
    if (named) {
      availableOrRefuse(e, named, row);
      const seals = await printSeals(s.reg, db, e, row);
      const refs = await referencedRows(db, s.reg, e, named, row);
      await resolveReferences(db, s.reg, e, row);
      return renderPrint(s.reg, e, named, row, { ...ctx, seals, refs });
    }
    if (e.name === 'wf_task') return taskHtml(company, reader, row, ctx);
    await resolveReferences(db, s.reg, e, row);
    return renderDocument(s.reg, e, row, ctx);
  };

  // A task's print shows what is approved: the document itself (header, lines, amounts), read for
  // the task's participant whatever their letters on its screen, then the workflow history. A task
  // whose document is gone prints the task.
  const taskHtml = async (company: CompanyRow, reader: Reader, task: Record<string, unknown>, ctx: Parameters<typeof renderDocument>[3]) => {
    const taskEntity = s.reg.entity('wf_task');
    const when = (v: unknown) => formatValue(s.reg.field('wf_assignment', 'assigndate'), v instanceof Date ? v.toISOString() : v);
    const history = (task.history as Record<string, unknown>[] | undefined) ?? [];
    await resolveReferences(db, s.reg, taskEntity, task);
    const doc = s.reg.entities.get(String(task.entity_name ?? ''));
    const historyTable = {
      title: 'Approval history',
      columns: ['Assign Date', 'Assign To', 'Action Take', 'Action By', 'Comment', 'Complete Date'],
      rows: history.map((h) => [when(h.assigndate), String(h.assignee ?? ''), String(h.actiontake ?? ''), String(h.action_by ?? ''), String(h.message ?? ''), when(h.completeddate)]),
    };
    if (!doc) return renderDocument(s.reg, taskEntity, task, ctx);
    const readDoc: AppAbility = createMongoAbility([{ action: 'print', subject: doc.name, conditions: { compcode: company.compcode } }]);
    try {
      const row = await s.repo.get({ db, ability: readDoc, reader }, doc.name, task.record_key, { action: 'print' });
      await resolveReferences(db, s.reg, doc, row);
      return renderDocument(s.reg, doc, row, ctx, undefined, [historyTable]);
    } catch {
      return renderDocument(s.reg, taskEntity, task, ctx);
    }
  };

  const sendPdf = async (reply: FastifyReply, doc: string, name: string) => {
    let buf: Buffer;
    try {
      buf = await pdf.render(doc);
    } catch (e) {
      reply.server.metrics.prints.inc({ outcome: 'error' });
      throw e;
    }
    reply.server.metrics.prints.inc({ outcome: 'ok' });
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${name.replace(/[^A-Za-z0-9_.-]/g, '_')}.pdf"`).send(buf);
  };
  return { pdf, db, namedPrint, availableOrRefuse, html, taskHtml, sendPdf };
}

/** printRoutes: GET /data/:entity/:key/pdf, POST /data/:entity/:key/printjob, GET /printpreview/pdf/:id. */
function printFileRoutes(app: FastifyInstance, s: Services, c: ReturnType<typeof printRoutesContext>): void {
  const { db, namedPrint, availableOrRefuse, html, sendPdf } = c;
  const printQuery = { type: 'object', properties: { print: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 60 } } } as const;

  app.get<{ Params: { entity: string; key: string }; Querystring: { print?: string } }>('/data/:entity/:key/pdf', { schema: { querystring: printQuery } }, async (req, reply) => {
    const a = authOf(req);
    const doc = await html(a.ability, a.ref, a.company, a.user.full_name, req.params.entity, req.params.key, req.query.print);
    return sendPdf(reply, doc, `${req.params.entity}-${req.params.key}${req.query.print ? `-${req.query.print}` : ''}`);
  });

  app.post<{ Params: { entity: string; key: string }; Body: { print?: unknown } | null }>('/data/:entity/:key/printjob', async (req) => {
    const a = authOf(req);
    const e = s.reg.entities.get(req.params.entity);
    if (!e) throw appError('ERR_ROUTE_NOT_FOUND');
    if (!a.ability.can('print', e.name)) throw appError('ERR_FORBIDDEN');
    const name = req.body?.print;
    if (name !== undefined && name !== null && (typeof name !== 'string' || !/^[a-z][a-z0-9_]{0,59}$/.test(name))) throw appError('ERR_VALIDATION', { errors: [{ path: '/print', message: 'must be the name of a print of the entity' }] });
    const named = namedPrint(e, name as string | undefined);
    const row = await s.repo.get({ db, ability: a.ability, reader: a.ref }, e.name, req.params.key, { action: 'print' });
    if (named) availableOrRefuse(e, named, row);
    return createPrintJob(db, { compcode: a.company.compcode, entity: e.name, key: row[e.key] as string | number, userId: a.user.user_id, print: named?.name ?? null });
  });

  app.get<{ Params: { id: string } }>('/printpreview/pdf/:id', { config: { public: true } }, async (req, reply) => {
    const job = await openPrintJob(db, String(req.params.id));
    if (!job) throw appError('ERR_NOT_FOUND', { message: 'This print has expired; print again.' });
    const user = await findUser(db, job.user_id);
    if (!user || !user.active) throw appError('ERR_FORBIDDEN');
    const company = await companyByCode(db, job.compcode);
    // A task history print was allowed to the task's participants when the job was made.
    const ability: AppAbility =
      job.entity_name === 'wf_task'
        ? createMongoAbility([{ action: 'print', subject: 'wf_task', conditions: { compcode: company.compcode } }])
        : buildAbility(s.reg, { compcode: company.compcode, grants: await loadGrants(db, user.user_id, company.compcode) });
    const doc = await html(ability, { user_id: user.user_id }, company, user.full_name, job.entity_name, job.record_key, job.print_name);
    return sendPdf(reply, doc, `${job.entity_name}-${job.record_key}${job.print_name ? `-${job.print_name}` : ''}`);
  });
}

export function printRoutes(s: Services, pdf: PdfRenderer): FastifyPluginAsync {
  const c = printRoutesContext(s, pdf);
  return async (app) => {
    printFileRoutes(app, s, c);
  };
}
