/**
 * Attachments kept in the database (so every server process can serve them, decision 0051): the
 * attachment row and its file in sys_attachment_chunk rows of CHUNK_BYTES, never held whole in
 * memory. The server spools an upload to a temporary file and streams a download back; these
 * functions are the storage (each write inside the caller's transaction, audited).
 *
 *   const saved = await saveAttachment(tx, reg, user, { compcode, entity_name, filename }, spooled);
 *   for await (const buf of attachmentChunks(db, id)) …
 */
import { open } from 'node:fs/promises';
import { appError } from '../errors.ts';
import type { DB } from '../db/database.ts';
import type { Registry } from '../metadata/registry.ts';
import type { UserRef } from '../crud/repository.ts';
import { writeAudit } from '../crud/versioned.ts';
import { STATUS } from '../workflow/status.ts';

/** Size of one stored piece of a file (sys_attachment_chunk.data). */
export const CHUNK_BYTES = 256 * 1024;

/** A file spooled to disk (the server's multipart upload): its name, type, path and size. */
export interface SpooledFile {
  filename: string;
  mime: string;
  path: string;
  size: number;
}

export interface AttachmentMeta {
  compcode: string;
  entity_name: string;
  field_name?: string | null;
  record_key?: string | null;
  filename: string;
}

/** What a download needs of an attachment row. */
export interface AttachmentRow {
  id: number;
  entity_name: string;
  record_key: string | null;
  filename: string;
  mime: string;
  size: number;
}

const safeName = (name: string) => name.replace(/[\\/\r\n"]/g, '_').slice(0, 255);

/**
 * Stores a spooled file inside the caller's transaction: the attachment row, then the file's
 * chunks read from the spool one at a time; audited as an insert. Returns the new id.
 */
export async function saveAttachment(tx: DB, reg: Registry, by: UserRef, meta: AttachmentMeta, file: SpooledFile): Promise<{ id: number; filename: string; size: number }> {
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

/** An attachment of the company, or undefined. */
export async function findAttachment(db: DB, id: number, compcode: string): Promise<AttachmentRow | undefined> {
  const row = await db
    .selectFrom('sys_attachment')
    .select(['id', 'entity_name', 'record_key', 'filename', 'mime', 'size'])
    .where('id', '=', id)
    .where('compcode', '=', compcode)
    .executeTakeFirst();
  return row && { id: Number(row.id), entity_name: String(row.entity_name), record_key: row.record_key === null ? null : String(row.record_key), filename: String(row.filename), mime: String(row.mime), size: Number(row.size) };
}

/**
 * The stored file: its size and either its whole content (an attachment stored before chunks,
 * held in one column) or null, when its chunks are read with attachmentChunks.
 */
export async function attachmentContent(db: DB, id: number): Promise<{ size: number; whole: Buffer | null }> {
  const stored = await db.selectFrom('sys_attachment').select(['size', (eb) => eb('content', 'is not', null).as('whole')]).where('id', '=', id).executeTakeFirstOrThrow();
  if (!stored.whole) return { size: Number(stored.size), whole: null };
  const c = await db.selectFrom('sys_attachment').select('content').where('id', '=', id).executeTakeFirstOrThrow();
  return { size: Number(stored.size), whole: Buffer.from(c.content as Uint8Array) };
}

/** The file's chunks in order, one query each (never the whole file in memory). */
export async function* attachmentChunks(db: DB, id: number): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const c = await db.selectFrom('sys_attachment_chunk').select('data').where('attachment_id', '=', id).where('seq', '=', seq).executeTakeFirst();
    if (!c) return;
    yield Buffer.from(c.data as Uint8Array);
  }
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
