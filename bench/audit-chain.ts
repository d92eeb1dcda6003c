/**
 * The audit chain's cost (decision 0310): transactions writing audit rows through writeAudits with
 * the chain's link trigger on and off, in alternating rounds, on a fresh migrated database.
 *
 *   npx tsx bench/audit-chain.ts                      # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/aero_bench npx tsx bench/audit-chain.ts   # an empty PostgreSQL database
 */
import { sql } from 'kysely';
import { loadMetadata } from '../engine/src/metadata/loader.ts';
import { openDatabase } from '../engine/src/db/database.ts';
import { migrate } from '../engine/src/db/migrate.ts';
import { writeAudits, type AuditRow } from '../engine/src/crud/versioned.ts';
import { loadConfig } from '../server/src/config.ts';

const config = loadConfig();
const reg = await loadMetadata(config.metadataDirs);
const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: 'memory://' });
await migrate(database.db, reg);
const db = database.db;
const row = (n: number): AuditRow => ({ entity: 'work_order_task', record_key: String(n), action: 'update', company: 'GAT', user_id: 5, username: 'engineer', changes: JSON.stringify({ changes: { task_status: ['OPEN', 'DONE'], done_by: [null, 'Engineer'] } }) });
const TX = Number(process.env.TX ?? 300);
const ROUNDS = 4;
async function round(rows: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < TX; i++) await db.transaction().execute((tx) => writeAudits(tx, Array.from({ length: rows }, (_, j) => row(i * rows + j))));
  return ((performance.now() - start) * 1000) / TX;
}
const chain = (on: boolean) => sql.raw(`alter table sys_audit ${on ? 'enable' : 'disable'} trigger sys_audit_chain_link`).execute(db);
for (const rows of [1, 10]) {
  const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
  await round(rows); // warm
  for (let r = 0; r < ROUNDS; r++) {
    for (const mode of r % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      await chain(mode === 'on');
      times[mode].push(await round(rows));
    }
  }
  await chain(true);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const on = median(times.on);
  const off = median(times.off);
  console.log(`${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${rows} audit row(s) per transaction, ${TX} transactions x ${ROUNDS} rounds: chain off ${off.toFixed(0)} µs, on ${on.toFixed(0)} µs per transaction (+${(on - off).toFixed(0)} µs, +${((on - off) / rows).toFixed(0)} µs a row)`);
}
await database.close();
