import { sql } from 'kysely';
import type { DB } from '../../../engine/src/db/database.ts';
import { stockError } from '../ledger/stock-checks.ts';

/** The company's quarantine store for a receipt into `store`: itself, else one at the same station, else any. */
export async function quarantineStore(tx: DB, compcode: string, store: number): Promise<number> {
  const own = await tx.selectFrom('store_warehouse').select(['store_id', 'store_type', 'station']).where('compcode', '=', compcode).where('store_id', '=', store).executeTakeFirst();
  if (own?.store_type === 'QUAR') return store;
  const q = await tx
    .selectFrom('store_warehouse')
    .select(['store_id'])
    .where('compcode', '=', compcode)
    .where('store_type', '=', 'QUAR')
    .where('active', '=', true)
    .orderBy(sql`case when station = ${own?.station ?? ''} then 0 else 1 end`)
    .orderBy('store_code')
    .limit(1)
    .executeTakeFirst();
  if (!q) throw stockError('Goods in quarantine (documents pending) go to a quarantine store, and the company has none: create an active store of type Quarantine first.');
  return Number(q.store_id);
}
