/**
 * The records check after a restore (issue 41 point 4): what `npm run verify:records` checks (the
 * audit chain and the seals of every company, engine/src/records/verify.ts), as lines naming what
 * is broken; empty when intact.
 */
import type { Database } from '../../../engine/src/db/database.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import { formatRecordsReport, verifyRecords } from '../../../engine/src/records/verify.ts';

export async function verifyAfterRestore(database: Database, _reg: Registry): Promise<string[]> {
  const r = await verifyRecords(database.db);
  if (r.ok) return [];
  // the report's lines but the intact chains and the count of rows from before the chain
  return formatRecordsReport(r)
    .split('\n')
    .filter((l) => l.trim() !== '' && !/: intact, /.test(l) && !/before the chain existed/.test(l));
}
