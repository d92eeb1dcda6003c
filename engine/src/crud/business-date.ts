/**
 * One business date: the day an action is taken on, in the company's time zone (company.timezone,
 * an IANA name; UTC when unset). The action runner fills `ActionContext.asOf` with it unless the
 * caller gives one (a fixture step replaying a dated document), so stores, airworthiness,
 * maintenance and MRO date what they post by the same day, never by the JavaScript or the database
 * clock (decision 0122).
 *
 *   dateIn('Asia/Jakarta', new Date('2026-11-27T20:00:00Z'))   // '2026-11-28'
 */
import type { DB } from '../db/database.ts';

/**
 * One formatter per time zone, made once: building an Intl.DateTimeFormat costs far more than
 * using one (it was a visible share of a posting's CPU, decision 0133). `null`: not a zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      f = null;
    }
    // names come from company rows (a few); bounded all the same
    if (formatters.size >= 1000) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the name is a time zone this runtime knows (IANA, or UTC). */
export function isTimeZone(name: string): boolean {
  return formatter(name) !== null;
}

/** The calendar date ('YYYY-MM-DD') at `now` in the time zone. */
export function dateIn(timeZone: string, now: Date = new Date()): string {
  const f = formatter(timeZone);
  if (!f) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  const parts = f.formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Today's business date of the company. */
export async function businessDate(db: DB, compcode: string, now: Date = new Date()): Promise<string> {
  const row = await db.selectFrom('company').select('timezone').where('compcode', '=', compcode).executeTakeFirst();
  const zone = row?.timezone && isTimeZone(String(row.timezone)) ? String(row.timezone) : 'UTC';
  return dateIn(zone, now);
}
