/**
 * A new business date costs nobody a wait (decision 0370): every stored view (decision 0200: the
 * due items, the fleet status) is computed again for a company's new date at that company's local
 * midnight, by whichever server process gets there first (the refresh's advisory try-lock: one
 * process does it, the others find it current or busy), and once when a process starts, for the
 * days a stopped fleet of servers missed. The minute tick of the server stays as the safety net.
 *
 *   nextDayStart(['Asia/Jakarta'], new Date('2026-12-03T10:00:00Z'))   // 2026-12-03T17:00:00.000Z
 *   const stop = startNewDays(db, reg, { onError })                     // on start, then each midnight
 */
import type { DB } from '../db/database.ts';
import type { Registry } from '../metadata/registry.ts';
import { dateIn, isTimeZone } from '../crud/business-date.ts';
import { refreshAllStored, type Refreshed } from './stored.ts';

const DAY_MS = 86_400_000;

/**
 * The first instant after `now` at which the calendar date changes in `timeZone`: its next local
 * midnight (or the first instant of the day where a zone skips midnight for summer time). Found by
 * bisection over the zone's own calendar (no offset arithmetic, so summer time and odd offsets
 * such as +05:45 or +14:00 need nothing special), to the millisecond.
 */
export function nextMidnight(timeZone: string, now: Date): Date {
  const today = dateIn(timeZone, now);
  let lo = now.getTime();
  // a local day lasts at most 25 hours (a summer-time change); 27 leaves room
  let hi = lo + 27 * 3_600_000;
  if (dateIn(timeZone, new Date(hi)) === today) throw new RangeError(`no date change within 27 hours in ${timeZone}`);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (dateIn(timeZone, new Date(mid)) === today) lo = mid;
    else hi = mid;
  }
  return new Date(hi);
}

/** The earliest next local midnight among the zones (unknown names count as UTC, as the business date does). */
export function nextDayStart(zones: readonly string[], now: Date): Date {
  const known = [...new Set(zones.map((z) => (z && isTimeZone(z) ? z : 'UTC')))];
  if (!known.length) known.push('UTC');
  return new Date(Math.min(...known.map((z) => nextMidnight(z, now).getTime())));
}

/** The time zones of the companies (company.timezone; empty or unknown is UTC). */
export async function companyZones(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('company').select('timezone').distinct().execute();
  return rows.map((r) => String(r.timezone ?? ''));
}

export interface NewDayOptions {
  /** Called with what each run stored (tests, logs). */
  onRun?: (result: Refreshed[], why: 'start' | 'midnight') => void;
  onError?: (err: unknown) => void;
  /** The clock (tests); the date change is looked for after it. */
  now?: () => Date;
  /** Waited after the midnight itself, so the database's clock has passed it too (default 1 s). */
  graceMs?: number;
}

/**
 * Runs the stored views' refresh once now (a day missed while no server ran), then at each next
 * local midnight of any company. Returns the function that stops it and waits for a run in flight.
 */
export function startNewDays(db: DB, reg: Registry, opts: NewDayOptions = {}): () => Promise<void> {
  const now = opts.now ?? (() => new Date());
  const grace = opts.graceMs ?? 1000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = (why: 'start' | 'midnight') => {
    running = running
      .then(async () => {
        if (stopped) return;
        const result = await refreshAllStored(db, reg);
        opts.onRun?.(result, why);
      })
      .catch((err: unknown) => opts.onError?.(err))
      .finally(() => schedule());
  };
  const schedule = () => {
    if (stopped) return;
    companyZones(db)
      .then((zones) => {
        if (stopped) return;
        const at = nextDayStart(zones, now()).getTime() + grace;
        // a timer cannot wait longer than ~24.8 days; a day is far less, but a clock jump is not
        const wait = Math.min(Math.max(at - now().getTime(), 0), DAY_MS);
        timer = setTimeout(() => run('midnight'), wait);
        timer.unref();
      })
      .catch((err: unknown) => {
        opts.onError?.(err);
        if (stopped) return;
        // the database was away: look again in a minute
        timer = setTimeout(schedule, 60_000);
        timer.unref();
      });
  };
  run('start');
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
