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

/** Whether the name is a time zone this runtime knows (IANA, or UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date ('YYYY-MM-DD') at `now` in the time zone. */
export function dateIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Today's business date of the company. */
export async function businessDate(db: DB, compcode: string, now: Date = new Date()): Promise<string> {
  const row = await db.selectFrom('company').select('timezone').where('compcode', '=', compcode).executeTakeFirst();
  const zone = row?.timezone && isTimeZone(String(row.timezone)) ? String(row.timezone) : 'UTC';
  return dateIn(zone, now);
}
