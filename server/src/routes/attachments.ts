/**
 * Attachments kept in the database (so every server process can serve them): upload (multipart),
 * download and delete. An attachment belongs to the active company and to an entity; uploading
 * needs C or U on that entity, downloading R, deleting U or D. Attachments of a workflow task are
 * frozen once the task is finished. Uploads and deletes are audited.
 *
 * A file is never held whole in memory (docs/decisions/0051): the upload streams into a temporary
 * file (refused past MAX_ATTACHMENT_BYTES), which the engine copies into chunk rows inside the
 * writing transaction (engine/src/files/attachments.ts); a download streams the chunks back one by one.
 *
 *   POST   /api/attachments        multipart: file, entity, field?, record_key?
 *   GET    /api/attachments/:id
 *   DELETE /api/attachments/:id
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { appError } from '../../../engine/src/errors.ts';
import type { DB } from '../../../engine/src/db/database.ts';
import { assertTaskOpen, attachmentChunks, attachmentContent, findAttachment, removeAttachment, saveAttachment, type SpooledFile } from '../../../engine/src/files/attachments.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** A file of a multipart request, spooled to a temporary file (engine/src/files/attachments.ts stores it). */
export type UploadedFile = SpooledFile;

/**
 * Reads a multipart request, streaming its non-empty files into a temporary folder (each at most
 * MAX_ATTACHMENT_BYTES; a larger one is refused with 413 and `tooLarge`), runs `fn` with the text
 * fields and the files, and removes the folder whatever happens.
 */
export async function withUploads<T>(
  req: FastifyRequest,
  limits: { files: number; fields: number; fieldSize: number },
  tooLarge: string,
  fn: (parts: { fields: Record<string, string>; files: UploadedFile[] }) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'aero-upload-'));
  try {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let n = 0;
    for await (const part of req.parts({ limits: { fileSize: MAX_ATTACHMENT_BYTES, ...limits } })) {
      if (part.type === 'file') {
        const path = join(dir, String(n++));
        const out = createWriteStream(path);
        await pipeline(part.file, out);
        if (part.file.truncated) throw appError('ERR_PAYLOAD_TOO_LARGE', { message: tooLarge });
        if (out.bytesWritten > 0) files.push({ filename: part.filename, mime: part.mimetype || 'application/octet-stream', path, size: out.bytesWritten });
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
    return await fn({ fields, files });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Sends a stored attachment: its chunks streamed one by one (or the whole content of an older one). */
export async function sendAttachment(reply: FastifyReply, db: DB, row: { id: unknown; filename: unknown; mime: unknown }): Promise<FastifyReply> {
  const id = Number(row.id);
  const stored = await attachmentContent(db, id);
  reply
    .header('content-type', String(row.mime))
    .header('content-disposition', `attachment; filename="${encodeURIComponent(String(row.filename))}"`)
    .header('x-content-type-options', 'nosniff');
  if (stored.whole) return reply.header('content-length', String(stored.whole.length)).send(stored.whole);
  return reply.header('content-length', String(stored.size)).send(Readable.from(attachmentChunks(db, id)));
}

export function attachmentRoutes(s: Services): FastifyPluginAsync {
  const db = s.database.db;
  return async (app) => {
    app.post('/attachments', async (req) => {
      const a = authOf(req);
      if (!req.isMultipart()) throw appError('ERR_FILE_REQUIRED');
      return withUploads(req, { files: 1, fields: 10, fieldSize: 1000 }, 'The file is larger than 10 MB.', async ({ fields, files }) => {
        const file = files.at(-1);
        if (!file || !file.filename) throw appError('ERR_FILE_REQUIRED');
        const entity = s.reg.entities.get(fields.entity ?? '');
        if (!entity) throw appError('ERR_VALIDATION', { errors: [{ path: '/entity', message: 'is not an entity' }] });
        if (!a.ability.can('create', entity.name) && !a.ability.can('update', entity.name)) throw appError('ERR_FORBIDDEN');
        // attached to an existing record: it must be one the user may change (own company)
        if (fields.record_key) await s.repo.get({ db, ability: a.ability }, entity.name, fields.record_key, { action: a.ability.can('update', entity.name) ? 'update' : 'read' });
        if (entity.name === 'wf_task' && fields.record_key) await assertTaskOpen(db, fields.record_key);
        const saved = await db.transaction().execute((tx) =>
          saveAttachment(tx, s.reg, a.ref, { compcode: a.company.compcode, entity_name: entity.name, field_name: fields.field, record_key: fields.record_key, filename: file.filename }, file),
        );
        return { success: 1, attachment_id: saved.id, filename: saved.filename, size: saved.size };
      });
    });

    const find = async (req: Parameters<typeof authOf>[0], id: string, action: 'read' | 'update' | 'delete') => {
      const a = authOf(req);
      const n = Number(id);
      if (!Number.isSafeInteger(n) || n < 1) throw appError('ERR_NOT_FOUND');
      const row = await findAttachment(db, n, a.company.compcode);
      if (!row) throw appError('ERR_NOT_FOUND');
      const ok = action === 'read' ? a.ability.can('read', row.entity_name) : a.ability.can('update', row.entity_name) || a.ability.can('delete', row.entity_name);
      if (!ok) throw appError('ERR_FORBIDDEN');
      return { row, n };
    };

    app.get<{ Params: { id: string } }>('/attachments/:id', async (req, reply) => {
      const { row } = await find(req, req.params.id, 'read');
      return sendAttachment(reply, db, row);
    });

    app.delete<{ Params: { id: string } }>('/attachments/:id', async (req) => {
      const { n, row } = await find(req, req.params.id, 'update');
      if (row.entity_name === 'wf_task') await assertTaskOpen(db, row.record_key);
      await db.transaction().execute((tx) => removeAttachment(tx, s.reg, authOf(req).ref, n));
      return { success: 1 };
    });
  };
}
