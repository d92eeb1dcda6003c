/**
 * Attachments kept in the database (so every server process can serve them): upload (multipart),
 * download and delete. An attachment belongs to the active company and to an entity; uploading
 * needs C or U on that entity, downloading R, deleting U or D.
 *
 *   POST   /api/attachments        multipart: file, entity, field?, record_key?
 *   GET    /api/attachments/:id
 *   DELETE /api/attachments/:id
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import type { Services } from '../services.ts';
import { authOf } from '../app.ts';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export interface UploadedFile {
  filename: string;
  mime: string;
  data: Buffer;
}

/**
 * Reads a multipart request: its text fields and its non-empty files (each at most
 * MAX_ATTACHMENT_BYTES; a larger one is refused with 413 and `tooLarge`).
 */
export async function readMultipart(
  req: FastifyRequest,
  limits: { files: number; fields: number; fieldSize: number },
  tooLarge: string,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of req.parts({ limits: { fileSize: MAX_ATTACHMENT_BYTES, ...limits } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.file.truncated) throw appError('ERR_PAYLOAD_TOO_LARGE', { message: tooLarge });
      if (data.length > 0) files.push({ filename: part.filename, mime: part.mimetype || 'application/octet-stream', data });
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  return { fields, files };
}

export function attachmentRoutes(s: Services): FastifyPluginAsync {
  const db = s.database.db;
  return async (app) => {
    app.post('/attachments', async (req) => {
      const a = authOf(req);
      if (!req.isMultipart()) throw appError('ERR_FILE_REQUIRED');
      const { fields, files } = await readMultipart(req, { files: 1, fields: 10, fieldSize: 1000 }, 'The file is larger than 10 MB.');
      const file = files.at(-1);
      if (!file || !file.filename) throw appError('ERR_FILE_REQUIRED');
      const entity = s.reg.entities.get(fields.entity ?? '');
      if (!entity) throw appError('ERR_VALIDATION', { errors: [{ path: '/entity', message: 'is not an entity' }] });
      if (!a.ability.can('create', entity.name) && !a.ability.can('update', entity.name)) throw appError('ERR_FORBIDDEN');
      // attached to an existing record: it must be one the user may change (own company)
      if (fields.record_key) await s.repo.get({ db, ability: a.ability }, entity.name, fields.record_key, { action: a.ability.can('update', entity.name) ? 'update' : 'read' });
      const filename = file.filename.replace(/[\\/\r\n"]/g, '_').slice(0, 255);
      const row = await db
        .insertInto('sys_attachment')
        .values({
          compcode: a.company.compcode,
          entity_name: entity.name,
          field_name: fields.field?.slice(0, 60) || null,
          record_key: fields.record_key?.slice(0, 60) || null,
          filename,
          mime: file.mime.slice(0, 120),
          size: file.data.length,
          content: file.data,
          created_by: a.user.username,
        })
        .returning(['id'])
        .executeTakeFirstOrThrow();
      return { success: 1, attachment_id: row.id, filename, size: file.data.length };
    });

    const find = async (req: Parameters<typeof authOf>[0], id: string, action: 'read' | 'update' | 'delete') => {
      const a = authOf(req);
      const n = Number(id);
      if (!Number.isSafeInteger(n) || n < 1) throw appError('ERR_NOT_FOUND');
      const row = await db
        .selectFrom('sys_attachment')
        .select(['id', 'entity_name', 'filename', 'mime', 'size'])
        .where('id', '=', n)
        .where('compcode', '=', a.company.compcode)
        .executeTakeFirst();
      if (!row) throw appError('ERR_NOT_FOUND');
      const ok = action === 'read' ? a.ability.can('read', row.entity_name as string) : a.ability.can('update', row.entity_name as string) || a.ability.can('delete', row.entity_name as string);
      if (!ok) throw appError('ERR_FORBIDDEN');
      return { row, n };
    };

    app.get<{ Params: { id: string } }>('/attachments/:id', async (req, reply) => {
      const { n, row } = await find(req, req.params.id, 'read');
      const c = await db.selectFrom('sys_attachment').select('content').where('id', '=', n).executeTakeFirstOrThrow();
      const buf = Buffer.from(c.content as Uint8Array);
      return reply
        .header('content-type', row.mime as string)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(row.filename as string)}"`)
        .header('content-length', String(buf.length))
        .send(buf);
    });

    app.delete<{ Params: { id: string } }>('/attachments/:id', async (req) => {
      const { n } = await find(req, req.params.id, 'update');
      await db.deleteFrom('sys_attachment').where('id', '=', n).execute();
      return { success: 1 };
    });
  };
}
