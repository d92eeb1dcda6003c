/**
 * Bulk import of any entity with a list (engine/src/crud/import.ts; docs/import.md):
 *
 *   GET  /api/data/:entity/import/template      xlsx with the form's columns (header row only)
 *   POST /api/data/:entity/import?dryRun=1&policy=all|valid&key=<unique field>
 *        multipart: file (.xlsx or .csv). Answers NDJSON: `{"progress":n,"total":m}` lines while
 *        rows are written, then `{"result":{total, imported, failed, committed, rows:[…]}}`
 *        (or `{"error":{…}}`), so a long file shows a progress bar.
 *   GET  /api/data/:entity/import/log           the company's last 50 imports of the entity
 *
 * Needs C on the entity (U too when updating by key); the repository checks every row again.
 */
import type { FastifyPluginAsync } from 'fastify';
import { PassThrough } from 'node:stream';
import { appError, isAppError } from '../../../engine/src/errors.ts';
import { importColumns, importFields, importLog, importRows, readSheet } from '../../../engine/src/crud/import.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import { sendSpreadsheet } from './spreadsheet.ts';

/** Upload limit of an import file (10,000 item rows of the template are about 1 MB as xlsx). */
const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export function importRoutes(s: Services): FastifyPluginAsync {
  const importable = (name: string, a: ReturnType<typeof authOf>) => {
    const e = s.reg.entities.get(name);
    if (!e || e.system || e.view) throw appError('ERR_ROUTE_NOT_FOUND');
    if (!s.reg.screensOfEntity(e.name).some((sc) => sc.kind === 'list')) throw appError('ERR_ROUTE_NOT_FOUND');
    if (!a.ability.can('create', e.name) && !a.ability.can('update', e.name)) throw appError('ERR_FORBIDDEN');
    return e;
  };
  return async (app) => {
    app.get<{ Params: { entity: string } }>('/data/:entity/import/template', async (req, reply) => {
      const e = importable(req.params.entity, authOf(req));
      const columns = importColumns(e).map((c) => ({ header: c.label, key: c.field }));
      async function* none() {
        /* the template is the header row */
      }
      return sendSpreadsheet(req, reply, { filename: `${e.name}_import_template`, sheet: e.title ?? e.name, columns, rows: none(), total: 0 });
    });

    app.get<{ Params: { entity: string } }>('/data/:entity/import/log', async (req) => {
      const a = authOf(req);
      const e = importable(req.params.entity, a);
      const rows = await importLog(s.database.db, a.company.compcode, e.name);
      return { data: rows };
    });

    app.post<{ Params: { entity: string }; Querystring: { dryRun?: string; policy?: string; key?: string } }>(
      '/data/:entity/import',
      { schema: { querystring: { type: 'object', additionalProperties: false, properties: { dryRun: { type: 'string', enum: ['0', '1'] }, policy: { type: 'string', enum: ['all', 'valid'] }, key: { type: 'string', maxLength: 60 } } } } },
      async (req, reply) => {
        const a = authOf(req);
        const e = importable(req.params.entity, a);
        const part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
        if (!part) throw appError('ERR_FILE_REQUIRED');
        const data = await part.toBuffer();
        if (part.file.truncated) throw appError('ERR_PAYLOAD_TOO_LARGE');
        const name = part.filename ?? 'import';
        const kind = /\.csv$/i.test(name) || /csv/.test(part.mimetype) ? 'csv' : 'xlsx';
        const sheet = await readSheet(data, kind);
        importFields(e, sheet.headers, req.query.key || undefined); // a wrong column or key is a 400 before anything streams
        const out = new PassThrough();
        reply.header('content-type', 'application/x-ndjson; charset=utf-8');
        const line = (o: unknown) => out.write(`${JSON.stringify(o)}\n`);
        line({ progress: 0, total: sheet.rows.length });
        importRows(
          { db: s.database.db, reg: s.reg, repo: s.repo, ability: a.ability, user: a.ref, compcode: a.company.compcode },
          e.name,
          sheet,
          { keyField: req.query.key || undefined, policy: req.query.policy === 'valid' ? 'valid' : 'all', dryRun: req.query.dryRun === '1', filename: name, onProgress: (done, total) => line({ progress: done, total }) },
        )
          .then((result) => {
            app.metrics.imports.inc({ outcome: req.query.dryRun === '1' ? 'dry_run' : result.committed ? 'committed' : 'refused' });
            line({ result });
          })
          .catch((err: unknown) => {
            app.metrics.imports.inc({ outcome: 'refused' });
            if (!isAppError(err)) req.log.error({ err }, 'import failed');
            const e2 = isAppError(err) ? err : appError('ERR_INTERNAL');
            line({ error: { message: e2.message, code: e2.code, statusCode: e2.status, ...(e2.errors ? { errors: e2.errors } : {}) } });
          })
          .finally(() => out.end());
        return reply.send(out);
      },
    );
  };
}
