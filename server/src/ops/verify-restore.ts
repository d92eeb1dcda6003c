/**
 * The records check after a restore (issue 41 point 4): what `npm run verify:records` checks
 * (the audit chain and the seals of every company), as lines naming what is broken; empty when
 * intact. Until the records verification lands this checks nothing and says so in docs/operations.md.
 */
import type { Database } from '../../../engine/src/db/database.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';

export async function verifyAfterRestore(_database: Database, _reg: Registry): Promise<string[]> {
  return [];
}
