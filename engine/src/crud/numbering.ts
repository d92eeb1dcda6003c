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
function periodOf(format: string, now: Date): string {
  const y = String(now.getUTCFullYear());
  if (format.includes('{MM}')) return `${y}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  if (format.includes('{YYYY}') || format.includes('{YY}')) return y;
  return 'all';
}

export const DEFAULT_NUMBER_FORMAT = '{series}-{YYYY}-{seq:5}';

export async function nextNumber(tx: DB, compcode: string, series: string, format = DEFAULT_NUMBER_FORMAT, now = new Date()): Promise<string> {
  const period = periodOf(format, now);
  const row = await sql<{ last_seq: number }>`
    insert into sys_number_series (compcode, series, period, last_seq)
    values (${compcode}, ${series}, ${period}, 1)
    on conflict (compcode, series, period) do update set last_seq = sys_number_series.last_seq + 1, updated_at = now()
    returning last_seq`.execute(tx);
  return formatNumber(format, series, Number(row.rows[0].last_seq), now);
}

/** A regular expression matching numbers of a numbering format, with groups y, yy, m and seq. */
function numberPattern(format: string, series: string): RegExp {
  const escape = (t: string) => t.replace(/[.*+?^$()|[\]\\/-]/g, (c) => `\\${c}`);
  const src = format
    .split(/(\{[^}]+\})/)
    .filter(Boolean)
    .map((p) => {
      if (p === '{series}') return escape(series);
      if (p === '{YYYY}') return '(?<y>\\d{4})';
      if (p === '{YY}') return '(?<yy>\\d{2})';
      if (p === '{MM}') return '(?<m>\\d{2})';
      if (/^\{seq(:\d+)?\}$/.test(p)) return '(?<seq>\\d+)';
      return escape(p);
    })
    .join('');
  return new RegExp(`^${src}$`);
}

/**
 * Takes a number issued before (an imported document keeps its number: fixtures, data taken over
 * from an earlier system): checks it against the series' format and moves the series of its
 * period past it, so the next number issued never repeats it. Returns undefined when the number
 * does not fit the format.
 */
export async function takeNumber(tx: DB, compcode: string, series: string, format: string, number: string): Promise<string | undefined> {
  const m = numberPattern(format, series).exec(number);
  if (!m?.groups) return undefined;
  const year = m.groups.y ?? (m.groups.yy ? `20${m.groups.yy}` : '2000');
  const period = periodOf(format, new Date(Date.UTC(Number(year), Number(m.groups.m ?? 1) - 1, 1)));
  const seq = Number(m.groups.seq);
  await sql`
    insert into sys_number_series (compcode, series, period, last_seq)
    values (${compcode}, ${series}, ${period}, ${seq})
    on conflict (compcode, series, period) do update set last_seq = greatest(sys_number_series.last_seq, ${seq}), updated_at = now()`.execute(tx);
  return number;
}
