/**
 * Document numbering: a gap-free sequence per series, company and period. The counter row is
 * incremented inside the caller's transaction (INSERT … ON CONFLICT DO UPDATE … RETURNING), so it
 * stays locked until that transaction ends: concurrent creations queue, and a rollback gives the
 * number back. The counter is its own version (no optimistic lock is ever taken on it), so this
 * atomic upsert is the one in-place write outside crud/versioned.ts.
 *
 *   await nextNumber(tx, 'GAH', 'MR', '{series}-{YYYY}-{seq:5}')  // 'MR-2026-00001'
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';

export function formatNumber(format: string, series: string, seq: number, now: Date): string {
  const yyyy = String(now.getUTCFullYear());
  return format
    .replace(/\{series\}/g, series)
    .replace(/\{YYYY\}/g, yyyy)
    .replace(/\{YY\}/g, yyyy.slice(2))
    .replace(/\{MM\}/g, String(now.getUTCMonth() + 1).padStart(2, '0'))
    .replace(/\{seq(?::(\d+))?\}/g, (_m, w: string | undefined) => String(seq).padStart(Number(w ?? 1), '0'));
}

/** The period a format restarts on: yearly when it shows the year, monthly with the month, else never. */
export function periodOf(format: string, now: Date): string {
  const y = String(now.getUTCFullYear());
  if (format.includes('{MM}')) return `${y}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  if (format.includes('{YYYY}') || format.includes('{YY}')) return y;
  return 'all';
}

export async function nextNumber(tx: DB, compcode: string, series: string, format = '{series}-{YYYY}-{seq:5}', now = new Date()): Promise<string> {
  const period = periodOf(format, now);
  const row = await sql<{ last_seq: number }>`
    insert into sys_number_series (compcode, series, period, last_seq)
    values (${compcode}, ${series}, ${period}, 1)
    on conflict (compcode, series, period) do update set last_seq = sys_number_series.last_seq + 1, updated_at = now()
    returning last_seq`.execute(tx);
  return formatNumber(format, series, Number(row.rows[0].last_seq), now);
}
