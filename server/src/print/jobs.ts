/**
 * Print jobs: the one creator of the short-lived, unguessable ids that build the spec's preview
 * address `printpreview/pdf/{id}` (GET /aircraft-mrequest/print, /tasktodo/historyprint/{key},
 * POST /data/:entity/:key/printjob). The job names the document and the user; when the preview is
 * rendered the user's letters are checked again (routes/prints.ts).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../../engine/src/db/database.ts';

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
