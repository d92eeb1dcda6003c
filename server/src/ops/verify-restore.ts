/**
 * The records check after a restore (issue 41 point 4): what `npm run verify:records` checks (the
 * audit chain and the seals of every company, engine/src/records/verify.ts). Empty when intact;
 * else the verifier's whole report, a line each, the broken link or seal named in it.
 */
import type { Database } from '../../../engine/src/db/database.ts';
import { formatRecordsReport, verifyRecords } from '../../../engine/src/records/verify.ts';

export async function verifyAfterRestore(database: Database): Promise<string[]> {
  const r = await verifyRecords(database.db);
  return r.ok ? [] : formatRecordsReport(r).split('\n');
}
