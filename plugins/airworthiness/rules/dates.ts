/**
 * Calendar arithmetic on ISO dates ('YYYY-MM-DD'), in UTC: the airworthiness rules count whole
 * calendar days and months in UTC, whatever the server's time zone.
 */


function parse(date: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) throw new Error(`not an ISO date: ${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

const iso = (d: Date): string => d.toISOString().slice(0, 10);

/** The date part of a date or timestamp, as stored (`2026-11-23T22:40:00Z` → '2026-11-23', in UTC). */
export function isoDate(v: string | Date): string {
  if (v instanceof Date) return iso(v);
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : iso(new Date(v));
}

// days and today: the engine's one copy (engine/src/values/dates.ts)
export { addDays, daysBetween, todayIso as todayUtc } from '../../../engine/src/values/dates.ts';

/** Whole months later, clamped to the month's last day (31 January + 1 month = 28/29 February). */
export function addMonths(date: string, months: number): string {
  const d = parse(date);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last))));
}

export function endOfMonth(date: string): string {
  const d = parse(date);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));
}

export function minDate(...dates: (string | null | undefined)[]): string | null {
  const xs = dates.filter((d): d is string => Boolean(d)).sort();
  return xs[0] ?? null;
}

export function maxDate(...dates: (string | null | undefined)[]): string | null {
  const xs = dates.filter((d): d is string => Boolean(d)).sort();
  return xs.at(-1) ?? null;
}
