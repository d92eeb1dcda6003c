/**
 * Limits by rule: the next due of an item per counter, from the last accomplishment (with the
 * programme's tolerance), from new (threshold) or from an AD's effective date; whichever comes
 * first (or later where the item says so); remaining per counter and whether a limit is reached.
 *
 * A "point" is the value of an item's counters at one moment: hours (minutes), cycles, landings,
 * the extra counter (RIN) and the date. Which counters those are depends on what the item is
 * measured in: the aircraft's totals, its APU's, or the part's own times (TSN/CSN space) for
 * component limits.
 *
 * Pure functions; the plugin stores what they compute per item (due_schedule), and the due views
 * only subtract the current counters from it.
 */
import { addDays, addMonths, daysBetween, endOfMonth, maxDate, minDate } from './dates.ts';

export type Whichever = 'FIRST' | 'LATER';
/** DAY: due at the end of the day reached; MONTH_END: at the end of that month. */
export type CalendarRule = 'DAY' | 'MONTH_END';

const COUNTER_KEYS = ['h', 'c', 'l', 'r'] as const;
export type CounterKey = (typeof COUNTER_KEYS)[number];

export interface Point {
  h?: number | null;
  c?: number | null;
  l?: number | null;
  r?: number | null;
  date?: string | null;
}

export interface Interval {
  h?: number | null;
  c?: number | null;
  l?: number | null;
  r?: number | null;
  days?: number | null;
  months?: number | null;
}

/** Next due per counter (null: the item has no limit in that counter). */
export interface Due {
  h: number | null;
  c: number | null;
  l: number | null;
  r: number | null;
  date: string | null;
}

export const NO_DUE: Due = { h: null, c: null, l: null, r: null, date: null };

const num = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** The date `iv` after `date` (months first, then days), moved to the month's end if the rule says so. */
function addCalendar(date: string, iv: Interval, rule: CalendarRule = 'DAY'): string | null {
  if (!num(iv.days) && !num(iv.months)) return null;
  let d = date;
  if (num(iv.months)) d = addMonths(d, iv.months);
  if (num(iv.days)) d = addDays(d, iv.days);
  return rule === 'MONTH_END' ? endOfMonth(d) : d;
}

/** Whether the interval limits anything. */
function hasLimit(iv: Interval): boolean {
  return COUNTER_KEYS.some((k) => num(iv[k])) || num(iv.days) || num(iv.months);
}

/** `base` + `iv` per counter; a counter is due only where both the base and the interval have it. */
export function addInterval(base: Point, iv: Interval, rule: CalendarRule = 'DAY'): Due {
  const out: Due = { ...NO_DUE };
  for (const k of COUNTER_KEYS) {
    const b = base[k];
    const i = iv[k];
    if (num(b) && num(i)) out[k] = b + i;
  }
  out.date = base.date ? addCalendar(base.date, iv, rule) : null;
  return out;
}

/** The first due from new: the threshold where it has one, else the interval, from zero and the origin date. */
export function firstDue(threshold: Interval | null, iv: Interval, origin: Point, rule: CalendarRule = 'DAY'): Due {
  const th = threshold && hasLimit(threshold) ? threshold : iv;
  return addInterval(origin, th, rule);
}

export interface ToleranceSpec {
  /** Percent of the interval. */
  pc?: number | null;
  /** Absolute tolerance per counter; a cap when a percentage is given too. */
  h?: number | null;
  c?: number | null;
  days?: number | null;
}

export interface Tolerance {
  h: number | null;
  c: number | null;
  days: number | null;
}

export const NO_TOLERANCE: Tolerance = { h: null, c: null, days: null };

/**
 * Tolerance per counter: the percentage of the interval (rounded down), capped by the absolute
 * value; the absolute value alone when there is no percentage. None for airworthiness limitation
 * items and directives (`none`). Calendar tolerance applies to a days interval or, for months,
 * to 30 days per month.
 */
export function toleranceOf(iv: Interval, t: ToleranceSpec | null, none = false): Tolerance {
  if (none || !t) return { ...NO_TOLERANCE };
  const one = (interval: number | null | undefined, abs: number | null | undefined): number | null => {
    if (!num(interval)) return null;
    if (num(t.pc) && t.pc > 0) {
      const byPc = Math.floor((interval * t.pc) / 100);
      return num(abs) ? Math.min(byPc, abs) : byPc;
    }
    return num(abs) ? abs : null;
  };
  const calendar = num(iv.days) || num(iv.months) ? (iv.days ?? 0) + (iv.months ?? 0) * 30 : null;
  return { h: one(iv.h, t.h), c: one(iv.c, t.c), days: one(calendar, t.days) };
}

export type ResetBasis = 'PLANNED' | 'ACTUAL';

export interface Reset {
  /** Where the next interval is counted from, per counter. */
  base: Point;
  /** PLANNED when at least one counter kept its planned due (done within tolerance), else ACTUAL. */
  basis: ResetBasis;
  /** Per counter: kept the planned due, or restarted from the accomplishment. */
  perCounter: Partial<Record<CounterKey | 'date', ResetBasis>>;
  /** Done beyond the upper tolerance on some counter (an overrun). */
  overrun: boolean;
}

/**
 * Where the next interval counts from after an accomplishment (`actual`) of an item planned at
 * `planned`: per counter, from the planned due when done within its tolerance of it (early or
 * late), from the accomplishment when done earlier than the lower tolerance; when done later than
 * the upper tolerance, from the accomplishment if the item says "adjust above upper tolerance"
 * (default), else still from the planned due (an overrun never extends the schedule). A counter
 * without tolerance (directives, limitation items) always restarts from the accomplishment,
 * unless done exactly at the planned due.
 */
export function resetPoint(planned: Due | null, actual: Point, tol: Tolerance, opts: { adjustAboveTolerance?: boolean } = {}): Reset {
  const adjust = opts.adjustAboveTolerance ?? true;
  const base: Point = { ...actual };
  const perCounter: Reset['perCounter'] = {};
  let overrun = false;
  const decide = (p: number, a: number, t: number | null): ResetBasis => {
    const diff = a - p;
    const within = Math.abs(diff) <= (t ?? 0);
    if (within) return 'PLANNED';
    if (diff > 0) {
      overrun = true;
      return adjust ? 'ACTUAL' : 'PLANNED';
    }
    return 'ACTUAL';
  };
  for (const k of ['h', 'c'] as const) {
    const p = planned?.[k];
    const a = actual[k];
    if (!num(p) || !num(a)) continue;
    perCounter[k] = decide(p, a, tol[k]);
    if (perCounter[k] === 'PLANNED') base[k] = p;
  }
  for (const k of ['l', 'r'] as const) {
    if (num(planned?.[k]) && num(actual[k])) perCounter[k] = 'ACTUAL';
  }
  if (planned?.date && actual.date) {
    perCounter.date = decide(0, daysBetween(planned.date, actual.date), tol.days);
    if (perCounter.date === 'PLANNED') base.date = planned.date;
  }
  const basis: ResetBasis = Object.values(perCounter).includes('PLANNED') ? 'PLANNED' : 'ACTUAL';
  return { base, basis, perCounter, overrun };
}

/** The next due after an accomplishment: `resetPoint` + the interval. */
export function nextDueAfter(planned: Due | null, actual: Point, iv: Interval, tol: Tolerance, rule: CalendarRule = 'DAY', opts: { adjustAboveTolerance?: boolean } = {}): { due: Due; reset: Reset } {
  const reset = resetPoint(planned, actual, tol, opts);
  return { due: addInterval(reset.base, iv, rule), reset };
}

export interface AdThreshold {
  /** Within this many minutes / cycles / days after the effective date. */
  h?: number | null;
  c?: number | null;
  days?: number | null;
  /** Not later than this date, whatever the other counters say. */
  notLaterThan?: string | null;
}

/**
 * An AD's first compliance: each "within N after the effective date" threshold counted from the
 * aircraft's totals on that date; the "not later than" date is a hard date on top (returned apart
 * so that a "whichever later" directive still never passes it).
 */
export function adFirstDue(effective: { date: string; h?: number | null; c?: number | null }, th: AdThreshold): { due: Due; hardDate: string | null } {
  const due: Due = { ...NO_DUE };
  if (num(th.h) && num(effective.h)) due.h = effective.h + th.h;
  if (num(th.c) && num(effective.c)) due.c = effective.c + th.c;
  if (num(th.days)) due.date = addDays(effective.date, th.days);
  return { due, hardDate: th.notLaterThan ?? null };
}

/** Remaining per counter (due − current) and days to the due date (due day counts: 0 is due today). */
export function remaining(due: Due, current: Point, today: string): Due & { days: number | null } {
  const out = { ...NO_DUE, days: null as number | null };
  for (const k of COUNTER_KEYS) {
    const d = due[k];
    const c = current[k];
    out[k] = num(d) && num(c) ? d - c : null;
  }
  out.days = due.date ? daysBetween(today, due.date) : null;
  return out;
}

/**
 * Whether the item's limit is reached at `current`: whichever first, as soon as one counter
 * reaches its due; whichever later, once every counter with a due has. A hard date counts on top.
 */
export function limitReached(due: Due, current: Point, today: string, whichever: Whichever = 'FIRST', hardDate: string | null = null): boolean {
  const rem = remaining(due, current, today);
  const reached: boolean[] = [];
  for (const k of COUNTER_KEYS) if (rem[k] !== null) reached.push((rem[k] as number) <= 0);
  // the due day itself is still within the limit (end of day): reached the day after
  if (rem.days !== null) reached.push(rem.days < 0);
  if (hardDate && daysBetween(today, hardDate) < 0) return true;
  if (reached.length === 0) return false;
  return whichever === 'LATER' ? reached.every(Boolean) : reached.some(Boolean);
}

/** The earliest (whichever first) or latest (whichever later) calendar date among candidates, capped by a hard date. */
export function combineDates(dates: (string | null)[], whichever: Whichever, hardDate: string | null = null): string | null {
  const d = whichever === 'LATER' ? maxDate(...dates) : minDate(...dates);
  return minDate(d, hardDate);
}
