/**
 * Whole-day arithmetic on ISO dates ('YYYY-MM-DD', or the date part of a stored timestamp) in UTC:
 * the one copy of adding days, counting days and today for the engine and every plugin (the
 * airworthiness calendar, plugins/airworthiness/rules/dates.ts, adds months and ends of month on
 * top of it). "Today" of a document is the company's business date (crud/business-date.ts,
 * `ctx.asOf`); `todayIso` is only the fallback where no action runs.
 */

export const DAY_MS = 86_400_000;

function utc(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(date);
  if (!m) throw new Error(`not an ISO date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** The date `days` days later (earlier when negative). */
export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** Today's date in UTC. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A calendar date YYYY-MM-DD, optionally followed by an ISO time (`T12:30`, `T12:30:00.000Z`, `+07:00`). */
export function isDate(date: string, time = ''): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return false;
  return time === '' || /^[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/.test(time);
}
