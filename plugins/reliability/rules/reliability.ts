/**
 * The reliability programme's arithmetic (AMC M.A.302(d)): per fleet (aircraft type) and month,
 * pilot and maintenance reports per ATA chapter against the fleet's flight hours, the 3-month
 * rolling rate, the alert level of each chapter from its own past, and the component figures
 * (MTBUR, MTBF) per part number.
 *
 *   rate per 1,000 FH      = reports × 1,000 ÷ fleet flight hours of the month
 *   3-month rolling rate   = reports of the month and the 2 before × 1,000 ÷ their hours
 *   alert level            = mean + k × sample SD (n − 1) of the W monthly rates before the month
 *                            (programme defaults k = 2, W = 12; months without hours have no rate
 *                            and are left out; fewer than 2 rates: no alert level)
 *   flagged                = rolling rate > alert level
 *   MTBUR                  = fleet FH of the period × installed quantity per aircraft ÷ unscheduled removals
 *   MTBF                   = the same ÷ confirmed failures (shop finding other than no-fault-found)
 *
 * Hours arrive as integer minutes (the flight logs' flight time). Pure functions: the database
 * aggregates the rows (plugins/reliability/report.ts), these work on the monthly totals only.
 * Hand-worked cases in rules.test.ts.
 */

/** A month as YYYY-MM. */
export type Month = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(v: unknown): v is Month {
  return typeof v === 'string' && MONTH.test(v);
}

/** The month `n` months after `m` (negative: before). */
export function addMonths(m: Month, n: number): Month {
  const [y, mo] = m.split('-').map(Number);
  const i = y * 12 + (mo - 1) + n;
  return `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/** The `n` months ending with `m`, oldest first. */
export function monthsEnding(m: Month, n: number): Month[] {
  return Array.from({ length: n }, (_, i) => addMonths(m, i - n + 1));
}

/** The last complete month before a business date (YYYY-MM-DD). */
export function monthBefore(date: string): Month {
  return addMonths(date.slice(0, 7), -1);
}

/** First day of the month and first day of the month after (a half-open date range). */
export function monthRange(m: Month): { from: string; to: string } {
  return { from: `${m}-01`, to: `${addMonths(m, 1)}-01` };
}

/** Reports per 1,000 flight hours; null when no hours were flown (no rate, not zero). */
export function ratePer1000(reports: number, minutes: number): number | null {
  if (!(minutes > 0)) return null;
  return (reports * 1000 * 60) / minutes;
}

/** Mean and sample standard deviation (n − 1); null below two values. */
export function meanSd(values: number[]): { mean: number; sd: number } | null {
  if (values.length < 2) return null;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const ss = values.reduce((s, v) => s + (v - mean) ** 2, 0);
  return { mean, sd: Math.sqrt(ss / (values.length - 1)) };
}

/** The alert level from the monthly rates before the period: mean + k × SD; null below two rates. */
export function alertLevel(ratesBefore: (number | null)[], k: number): number | null {
  const ms = meanSd(ratesBefore.filter((r): r is number => r !== null));
  return ms ? ms.mean + k * ms.sd : null;
}

/** Monthly totals of one fleet: flight minutes per month; reports per chapter per month. */
export interface FleetMonths {
  minutes: Map<Month, number>;
  /** chapter → month → { pirep, marep } */
  reports: Map<number, Map<Month, { pirep: number; marep: number }>>;
}

export interface ChapterMonth {
  chapter: number;
  month: Month;
  pirep: number;
  marep: number;
  reports: number;
  minutes: number;
  rate: number | null;
  rollingReports: number;
  rollingMinutes: number;
  rollingRate: number | null;
  alertLevel: number | null;
  flagged: boolean;
}

/** The figures of one chapter in one month (its rolling rate and alert level from the months before). */
export function chapterMonth(data: FleetMonths, chapter: number, month: Month, opts: { k: number; window: number }): ChapterMonth {
  const counts = data.reports.get(chapter);
  const reportsIn = (m: Month) => {
    const c = counts?.get(m);
    return c ? c.pirep + c.marep : 0;
  };
  const minutesIn = (m: Month) => data.minutes.get(m) ?? 0;
  const c = counts?.get(month) ?? { pirep: 0, marep: 0 };
  const rolling = monthsEnding(month, 3);
  const rollingReports = rolling.reduce((s, m) => s + reportsIn(m), 0);
  const rollingMinutes = rolling.reduce((s, m) => s + minutesIn(m), 0);
  const rollingRate = ratePer1000(rollingReports, rollingMinutes);
  const before = monthsEnding(addMonths(month, -1), opts.window).map((m) => ratePer1000(reportsIn(m), minutesIn(m)));
  const level = alertLevel(before, opts.k);
  return {
    chapter,
    month,
    pirep: c.pirep,
    marep: c.marep,
    reports: c.pirep + c.marep,
    minutes: minutesIn(month),
    rate: ratePer1000(c.pirep + c.marep, minutesIn(month)),
    rollingReports,
    rollingMinutes,
    rollingRate,
    alertLevel: level,
    flagged: rollingRate !== null && level !== null && rollingRate > level,
  };
}

/** How many months of totals a report of `trend` months needs (the rolling and alert windows before them). */
export function monthsNeeded(window: number, trend = 12): number {
  return trend - 1 + Math.max(window, 2);
}

export interface ComponentFigures {
  partnumber: string;
  unscheduled: number;
  confirmed: number;
  mtbur: number | null;
  mtbf: number | null;
}

/**
 * MTBUR and MTBF of one part number over a period: the fleet's flight hours of the period times the
 * quantity installed per aircraft (the part's hours in service), divided by the unscheduled removals
 * (confirmed failures); null when there were none (no removals: no figure, not infinity).
 */
export function componentFigures(p: { partnumber: string; fleetMinutes: number; qtyPerAircraft: number; unscheduled: number; confirmed: number }): ComponentFigures {
  const partHours = (p.fleetMinutes / 60) * p.qtyPerAircraft;
  return {
    partnumber: p.partnumber,
    unscheduled: p.unscheduled,
    confirmed: p.confirmed,
    mtbur: p.unscheduled > 0 ? partHours / p.unscheduled : null,
    mtbf: p.confirmed > 0 ? partHours / p.confirmed : null,
  };
}

/** A figure rounded as stored (2 decimals); null stays null. */
export const round2 = (v: number | null): number | null => (v === null ? null : Math.round(v * 100) / 100);
