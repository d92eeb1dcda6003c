/**
 * Attachments kept in the database (so every server process can serve them): upload (multipart),
 * download and delete. An attachment belongs to the active company and to an entity; uploading
 * needs C or U on that entity, downloading R, deleting U or D. Attachments of a workflow task are
 * frozen once the task is finished. Uploads and deletes are audited.
 *
 * A file is never held whole in memory (docs/decisions/0051): the upload streams into a temporary
 * file (refused past MAX_ATTACHMENT_BYTES), which is then copied into sys_attachment_chunk rows of
 * CHUNK_BYTES inside the writing transaction; a download streams the chunks back one by one.
 *
 *   POST   /api/attachments        multipart: file, entity, field?, record_key?
 *   GET    /api/attachments/:id
 *   DELETE /api/attachments/:id
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { appError } from '../../../engine/src/errors.ts';
import type { DB } from '../../../engine/src/db/database.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import type { UserRef } from '../../../engine/src/crud/repository.ts';
import { writeAudit } from '../../../engine/src/crud/versioned.ts';
import type { Services } from '../services.ts';
import { authOf } from '../auth/request.ts';
import { STATUS } from '../../../engine/src/workflow/status.ts';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Size of one stored piece of a file (sys_attachment_chunk.data). */
const CHUNK_BYTES = 256 * 1024;

/** A file of a multipart request, spooled to a temporary file. */
export interface UploadedFile {
  filename: string;
  mime: string;
  path: string;
  size: number;
}

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

export interface AttachmentMeta {
  compcode: string;
  entity_name: string;
  field_name?: string | null;
  record_key?: string | null;
  filename: string;
}

const safeName = (name: string) => name.replace(/[\\/\r\n"]/g, '_').slice(0, 255);

/**
 * Stores an uploaded file inside the caller's transaction: the attachment row, then the file's
 * chunks read from the temporary file one at a time; audited as an insert. Returns the new id.
 */
export async function saveAttachment(tx: DB, reg: Registry, by: UserRef, meta: AttachmentMeta, file: UploadedFile): Promise<{ id: number; filename: string; size: number }> {
  const filename = safeName(meta.filename);
  const row = await tx
    .insertInto('sys_attachment')
    .values({
      compcode: meta.compcode,
      entity_name: meta.entity_name,
      field_name: meta.field_name?.slice(0, 60) || null,
      record_key: meta.record_key?.slice(0, 60) || null,
      filename,
      mime: file.mime.slice(0, 120),
      size: file.size,
      content: null,
      created_by: by.username,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const fh = await open(file.path, 'r');
  try {
    for (let seq = 0, pos = 0; pos < file.size; seq++) {
      const buf = Buffer.alloc(Math.min(CHUNK_BYTES, file.size - pos));
      const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
      if (bytesRead !== buf.length) throw new Error(`upload spool ended early at ${pos + bytesRead} of ${file.size} bytes`);
      await tx.insertInto('sys_attachment_chunk').values({ attachment_id: id, seq, data: buf, created_by: by.username }).execute();
      pos += bytesRead;
    }
  } finally {
    await fh.close();
  }
  await writeAudit(tx, by, reg.entity('sys_attachment'), id, 'insert', { after: { entity_name: meta.entity_name, record_key: meta.record_key ?? null, filename, size: file.size } });
  return { id, filename, size: file.size };
}

/** Sends a stored attachment: its chunks streamed one by one (or the whole content of an older one). */
export async function sendAttachment(reply: FastifyReply, db: DB, row: { id: unknown; filename: unknown; mime: unknown }): Promise<FastifyReply> {
  const id = Number(row.id);
  const stored = await db.selectFrom('sys_attachment').select(['size', (eb) => eb('content', 'is not', null).as('whole')]).where('id', '=', id).executeTakeFirstOrThrow();
  reply
    .header('content-type', String(row.mime))
    .header('content-disposition', `attachment; filename="${encodeURIComponent(String(row.filename))}"`)
    .header('x-content-type-options', 'nosniff');
  if (stored.whole) {
    const c = await db.selectFrom('sys_attachment').select('content').where('id', '=', id).executeTakeFirstOrThrow();
    const buf = Buffer.from(c.content as Uint8Array);
    return reply.header('content-length', String(buf.length)).send(buf);
  }
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const c = await db.selectFrom('sys_attachment_chunk').select('data').where('attachment_id', '=', id).where('seq', '=', seq).executeTakeFirst();
      if (!c) return;
      yield Buffer.from(c.data as Uint8Array);
    }
  }
  return reply.header('content-length', String(stored.size)).send(Readable.from(chunks()));
}

/** Deletes an attachment (its chunks go with it) inside the caller's transaction; audited. */
export async function removeAttachment(tx: DB, reg: Registry, by: UserRef, id: number): Promise<void> {
  const before = await tx.selectFrom('sys_attachment').select(['entity_name', 'record_key', 'filename', 'size']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) throw appError('ERR_NOT_FOUND');
  await tx.deleteFrom('sys_attachment').where('id', '=', id).execute();
  await writeAudit(tx, by, reg.entity('sys_attachment'), id, 'delete', { before });
}

/** The attachments of a workflow task are evidence of what was approved: frozen once it is finished. */
export async function assertTaskOpen(db: DB, taskkey: unknown): Promise<void> {
  const task = await db.selectFrom('wf_task').select('statuswf').where('taskkey', '=', Number(taskkey)).executeTakeFirst();
  if (task && task.statuswf !== STATUS.ON_PROCESS) throw appError('ERR_LOCKED', { message: 'This task is finished: its attachments can no longer be changed.' });
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
      const row = await db
        .selectFrom('sys_attachment')
        .select(['id', 'entity_name', 'record_key', 'filename', 'mime', 'size'])
        .where('id', '=', n)
        .where('compcode', '=', a.company.compcode)
        .executeTakeFirst();
      if (!row) throw appError('ERR_NOT_FOUND');
      const ok = action === 'read' ? a.ability.can('read', row.entity_name as string) : a.ability.can('update', row.entity_name as string) || a.ability.can('delete', row.entity_name as string);
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
