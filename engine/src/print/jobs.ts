/**
 * Print jobs: the one creator of the short-lived, unguessable ids that build the spec's preview
 * address `printpreview/pdf/{id}` (GET /aircraft-mrequest/print, /tasktodo/historyprint/{key},
 * POST /data/:entity/:key/printjob). The job names the document and the user; when the preview is
 * rendered the user's letters are checked again (server/src/routes/prints.ts).
 *
 *   const job = await createPrintJob(db, { compcode, entity: 'work_order', key: 7, userId });
 *   const open = await openPrintJob(db, job.id);   // undefined once expired
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';

const PRINT_JOB_SECONDS = 600;

export interface PrintJob {
  success: 1;
  id: string;
  url: string;
}

export async function createPrintJob(db: DB, job: { compcode: string; entity: string; key: string | number; userId: number; print?: string | null }): Promise<PrintJob> {
  const id = randomBytes(18).toString('base64url');
  await db.deleteFrom('sys_print_job').where('expires_at', '<', sql<string>`now()`).execute();
  await db
    .insertInto('sys_print_job')
    .values({ print_id: id, compcode: job.compcode, entity_name: job.entity, record_key: String(job.key), user_id: job.userId, print_name: job.print ?? null, expires_at: new Date(Date.now() + PRINT_JOB_SECONDS * 1000).toISOString() })
    .execute();
  return { success: 1, id, url: `printpreview/pdf/${id}` };
}

/** A job not yet expired, by its id, with its company's row; undefined when unknown or expired. */
export async function openPrintJob(db: DB, id: string): Promise<{ compcode: string; entity_name: string; record_key: string; user_id: number; print_name: string | null } | undefined> {
  const job = await db
    .selectFrom('sys_print_job')
    .select(['compcode', 'entity_name', 'record_key', 'user_id', 'print_name'])
    .where('print_id', '=', id.slice(0, 100))
    .where('expires_at', '>', sql<string>`now()`)
    .executeTakeFirst();
  return job && { compcode: String(job.compcode), entity_name: String(job.entity_name), record_key: String(job.record_key), user_id: Number(job.user_id), print_name: job.print_name === null ? null : String(job.print_name) };
}
