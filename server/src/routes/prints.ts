/**
 * Prints of any document as PDF (letter P):
 *   GET  /api/data/:entity/:key/pdf        the PDF (bearer token)
 *   POST /api/data/:entity/:key/printjob   → { id }: a short-lived print job, for previews in an
 *                                            iframe where no Authorization header can be sent
 *   GET  /api/printpreview/pdf/:id         the job's PDF; the id is an unguessable capability that
 *                                            expires after 10 minutes, and the user's letters are
 *                                            checked again when it is rendered
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { createMongoAbility } from '@casl/ability';
import { appError } from '../../../engine/src/errors.ts';
import { buildAbility, type AppAbility } from '../../../engine/src/access/ability.ts';
import { loadGrants } from '../../../engine/src/access/menus.ts';
import { renderDocument, resolveReferences } from '../../../engine/src/print/print.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import { findUser, type CompanyRow } from '../auth/session.ts';
import type { PdfRenderer } from '../print/pdf.ts';
import { createPrintJob } from '../print/jobs.ts';

export function printRoutes(s: Services, pdf: PdfRenderer): FastifyPluginAsync {
  const db = s.database.db;

  const html = async (ability: AppAbility, company: CompanyRow, printedBy: string, entity: string, key: string) => {
    const e = s.reg.entities.get(entity);
    if (!e) throw appError('ERR_ROUTE_NOT_FOUND');
    if (!ability.can('print', e.name)) throw appError('ERR_FORBIDDEN');
    const row = await s.repo.get({ db, ability }, e.name, key, { action: 'print' });
    await resolveReferences(db, s.reg, e, row);
    return renderDocument(s.reg, e, row, {
      company: company.company,
      address: [company.compaddr1, company.compaddr2, company.compaddr3].filter(Boolean).join(', '),
      color: company.compcolor as string | undefined,
      printedBy,
    });
  };

  const sendPdf = async (reply: FastifyReply, doc: string, name: string) => {
    const buf = await pdf.render(doc);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${name.replace(/[^A-Za-z0-9_.-]/g, '_')}.pdf"`).send(buf);
  };

  return async (app) => {
    app.get<{ Params: { entity: string; key: string } }>('/data/:entity/:key/pdf', async (req, reply) => {
      const a = authOf(req);
      const doc = await html(a.ability, a.company, a.user.full_name, req.params.entity, req.params.key);
      return sendPdf(reply, doc, `${req.params.entity}-${req.params.key}`);
    });

    app.post<{ Params: { entity: string; key: string } }>('/data/:entity/:key/printjob', async (req) => {
      const a = authOf(req);
      const e = s.reg.entities.get(req.params.entity);
      if (!e) throw appError('ERR_ROUTE_NOT_FOUND');
      if (!a.ability.can('print', e.name)) throw appError('ERR_FORBIDDEN');
      const row = await s.repo.get({ db, ability: a.ability }, e.name, req.params.key, { action: 'print' });
      return createPrintJob(db, { compcode: a.company.compcode, entity: e.name, key: row[e.key] as string | number, userId: a.user.user_id });
    });

    app.get<{ Params: { id: string } }>('/printpreview/pdf/:id', { config: { public: true } }, async (req, reply) => {
      const job = await db
        .selectFrom('sys_print_job')
        .selectAll()
        .where('print_id', '=', String(req.params.id).slice(0, 100))
        .where('expires_at', '>', sql<string>`now()`)
        .executeTakeFirst();
      if (!job) throw appError('ERR_NOT_FOUND', { message: 'This print has expired; print again.' });
      const user = await findUser(db, job.user_id as number);
      if (!user || !user.active) throw appError('ERR_FORBIDDEN');
      const company = (await db.selectFrom('company').selectAll().where('compcode', '=', job.compcode as string).executeTakeFirstOrThrow()) as CompanyRow;
      // A task history print was allowed to the task's participants when the job was made.
      const ability: AppAbility =
        job.entity_name === 'wf_task'
          ? createMongoAbility([{ action: 'print', subject: 'wf_task', conditions: { compcode: company.compcode } }])
          : buildAbility(s.reg, { compcode: company.compcode, grants: await loadGrants(db, user.user_id, company.compcode) });
      const doc = await html(ability, company, user.full_name, job.entity_name as string, job.record_key as string);
      return sendPdf(reply, doc, `${job.entity_name as string}-${job.record_key as string}`);
    });
  };
}
