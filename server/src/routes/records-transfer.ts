/**
 * Aircraft records transfer (docs/records-transfer.md, decisions 0360-0362): HTTP only; the export
 * and the import are the transfer plugin's actions, run by the one action runner (letter, row in
 * the company, one transaction, audit).
 *
 *   GET  /api/records-transfer/aircraft/:key        the records file (JSON), as a download (P on the fleet)
 *   GET  /api/records-transfer/aircraft/:key/zip    the file + the PDFs of its CRSs and work packs (P)
 *   POST /api/records-transfer/import               { file, dryRun?, mode?: all | matched, filename? } (C);
 *                                                   files up to 20 MB
 *   GET  /api/records-transfer/sheets/template      the fleet migration workbook template (xlsx; C on the fleet)
 *   POST /api/records-transfer/sheets?dryRun=1      multipart: the filled workbook (C); NDJSON
 *                                                   `{"progress":n,"total":m}` per aircraft, then
 *                                                   `{"result":…}` or `{"error":…}` (decision 0363)
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { zipSync, strToU8 } from 'fflate';
import { PassThrough } from 'node:stream';
import { appError, isAppError } from '../../../engine/src/errors.ts';
import { templateWorkbook } from '../../../plugins/transfer/sheets.ts';
import { workOrderKeys } from '../../../plugins/transfer/export.ts';
import { runAction } from '../../../engine/src/crud/run-action.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import { actionContext } from '../workflow-context.ts';

export const RECORDS_FILE_LIMIT = 20 * 1024 * 1024;

interface Exported {
  records: { aircraft: { registration: string }; as_of: string; work_orders: { wo_no: string; documents: string[] }[] };
}

const keyParams = { type: 'object', required: ['key'], properties: { key: { type: 'string', pattern: '^[0-9]{1,12}$' } } } as const;
const safe = (s: string) => s.replace(/[^A-Za-z0-9_.-]/g, '_');

export function recordsTransferRoutes(s: Services): FastifyPluginAsync {
  const exportOf = async (req: FastifyRequest<{ Params: { key: string } }>) => {
    const a = authOf(req);
    return (await runAction(actionContext(s, a, req.ip), { entity: 'aircraft', name: 'export_aircraft_records', key: Number(req.params.key), body: {} }, { offered: true })) as Exported;
  };

  return async (app) => {
    app.get<{ Params: { key: string } }>('/records-transfer/aircraft/:key', { schema: { params: keyParams } }, async (req, reply) => {
      const { records } = await exportOf(req);
      return reply.type('application/json').header('content-disposition', `attachment; filename="${safe(records.aircraft.registration)}-records-${records.as_of}.json"`).send(JSON.stringify(records, null, 2));
    });

    app.get<{ Params: { key: string } }>('/records-transfer/aircraft/:key/zip', { schema: { params: keyParams } }, async (req, reply) => {
      const { records } = await exportOf(req);
      const files: Record<string, Uint8Array> = { 'records.json': strToU8(JSON.stringify(records, null, 2)) };
      // each PDF through the print route itself, as the same user: its letters and row rules apply
      const wos = await workOrderKeys(s.database.db, authOf(req).company.compcode, records.work_orders.map((w) => w.wo_no));
      for (const w of records.work_orders) {
        const id = wos.get(w.wo_no);
        if (id === undefined) continue;
        for (const [i, print] of ['crs', 'work_pack'].entries()) {
          const res = await app.inject({ method: 'GET', url: `/api/data/work_order/${id}/pdf?print=${print}`, headers: { authorization: String(req.headers.authorization ?? '') } });
          if (res.statusCode !== 200) throw appError('ERR_UNAVAILABLE', { message: `The ${print === 'crs' ? 'CRS' : 'work pack'} of ${w.wo_no} could not be printed (${res.statusCode}): ${res.json<{ message?: string }>().message ?? ''}` });
          files[w.documents[i]] = new Uint8Array(res.rawPayload);
        }
      }
      const zip = zipSync(files, { level: 6 });
      return reply.type('application/zip').header('content-disposition', `attachment; filename="${safe(records.aircraft.registration)}-records-${records.as_of}.zip"`).send(Buffer.from(zip));
    });

    app.post<{ Body: { file: unknown; dryRun?: boolean; mode?: string; filename?: string } }>(
      '/records-transfer/import',
      {
        bodyLimit: RECORDS_FILE_LIMIT,
        schema: {
          body: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'object' }, dryRun: { type: 'boolean' }, mode: { type: 'string', enum: ['all', 'matched'] }, filename: { type: 'string', maxLength: 200 } },
          },
        },
      },
      async (req) => {
        const a = authOf(req);
        return runAction(actionContext(s, a, req.ip), { entity: 'aircraft', name: 'import_aircraft_records', body: req.body as Record<string, unknown> }, { offered: true });
      },
    );

    app.get('/records-transfer/sheets/template', async (req, reply) => {
      if (!authOf(req).ability.can('create', 'aircraft')) throw appError('ERR_FORBIDDEN');
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="fleet-migration-template.xlsx"')
        .send(await templateWorkbook());
    });

    app.post<{ Querystring: { dryRun?: string } }>(
      '/records-transfer/sheets',
      { schema: { querystring: { type: 'object', additionalProperties: false, properties: { dryRun: { type: 'string', enum: ['0', '1'] } } } } },
      async (req, reply) => {
        const a = authOf(req);
        if (!a.ability.can('create', 'aircraft')) throw appError('ERR_FORBIDDEN');
        const part = await req.file({ limits: { fileSize: RECORDS_FILE_LIMIT, files: 1 } });
        if (!part) throw appError('ERR_FILE_REQUIRED');
        const data = await part.toBuffer();
        if (part.file.truncated) throw appError('ERR_PAYLOAD_TOO_LARGE');
        const out = new PassThrough();
        reply.header('content-type', 'application/x-ndjson; charset=utf-8');
        const line = (o: unknown) => out.write(`${JSON.stringify(o)}\n`);
        const body = { data, filename: part.filename ?? 'fleet.xlsx', dryRun: req.query.dryRun === '1', onProgress: (progress: number, total: number) => line({ progress, total }) };
        runAction(actionContext(s, a, req.ip), { entity: 'aircraft', name: 'import_fleet_sheets', body }, { offered: true })
          .then((result) => line({ result }))
          .catch((err: unknown) => {
            if (!isAppError(err)) req.log.error({ err }, 'fleet workbook import failed');
            const e = isAppError(err) ? err : appError('ERR_INTERNAL');
            line({ error: { message: e.message, code: e.code, statusCode: e.status, ...(e.errors ? { errors: e.errors } : {}) } });
          })
          .finally(() => out.end());
        return reply.send(out);
      },
    );
  };
}
