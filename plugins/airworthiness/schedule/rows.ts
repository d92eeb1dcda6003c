/**
 * The due rows of an aircraft, pure: each programme inspection, part limit, LLP, AD and SB by the
 * rules of rules/due.ts (whichever first / later, thresholds, tolerance, AD effective dates, "not
 * later than"), parts' dues moved into the aircraft's counters (`dueRows`).
 */
import { addInterval, adFirstDue, firstDue, NO_DUE, toleranceOf, type Due, type Interval, type Point, type Tolerance } from '../rules/due.ts';
import type { Counter } from '../rules/usage.ts';
import { addMonths } from '../rules/dates.ts';
import type { AdInput, AircraftInput, DueRow, InspectionInput, LimitInput, Measure, PartInput, SbInput } from './inputs.ts';

/** The calendar length of an interval in days (months as 30 days), for % remaining. */
function calendarDays(iv: Interval): number | null {
  return iv.days != null || iv.months != null ? (iv.days ?? 0) + (iv.months ?? 0) * 30 : null;
}

function row(base: Omit<DueRow, 'due_h' | 'due_c' | 'due_l' | 'due_r' | 'due_date' | 'tol_h' | 'tol_c' | 'tol_days' | 'hard_date'>, due: Due, tol: Tolerance, hardDate: string | null = null): DueRow {
  return { ...base, due_h: due.h, due_c: due.c, due_l: due.l, due_r: due.r, due_date: due.date, hard_date: hardDate, tol_h: tol.h, tol_c: tol.c, tol_days: tol.days };
}

const noDueAtAll = (d: Due, hard: string | null = null) => d.h === null && d.c === null && d.l === null && d.r === null && d.date === null && hard === null;

/** A programme inspection: from its last accomplishment, else its threshold (or interval) from new. */
function inspectionRow(ac: AircraftInput, i: InspectionInput): DueRow | null {
  if (i.last && !i.repetitive) return null; // done once, not repetitive: closed
  const tol = toleranceOf(i.interval, i.tolerance, i.is_ali);
  const measure: Measure = i.measured_in === 'APU' ? 'APU' : 'AIRCRAFT';
  let due: Due;
  let noRecord = false;
  if (i.last) {
    due = addInterval(i.last.base, i.interval, i.calendar_rule);
  } else {
    const origin: Point = { h: 0, c: 0, l: 0, r: 0, date: ac.manufactureDate };
    due = firstDue(i.threshold, { ...i.interval, l: i.interval.l }, origin, i.calendar_rule);
    noRecord = !(i.threshold && (i.threshold.h != null || i.threshold.c != null || i.threshold.days != null));
  }
  return row(
    {
      due_key: `I${ac.id}-${i.id}`,
      item_kind: 'INSPECTION',
      type_inspection: i.id,
      prog_revision: i.revision ?? null,
      item_code: i.task_code,
      description: i.title,
      inspection_group: i.inspection_group,
      ata: i.ata,
      measure,
      rate_basis: measure === 'APU' ? 'APU' : 'AIRCRAFT',
      factor_h: 1,
      factor_c: 1,
      whichever: i.whichever,
      interval_h: i.interval.h ?? null,
      interval_c: i.interval.c ?? null,
      interval_days: calendarDays(i.interval),
      last_done_date: i.last?.date ?? null,
      last_done_h: i.last?.done.h ?? null,
      last_done_c: i.last?.done.c ?? null,
      no_record: noRecord,
    },
    due,
    tol,
  );
}

/**
 * A limit of an installed part, in the part's TSN/CSN space: due = the part's time at the base of
 * the limit's basis + the limit (TSN: since new; TSO: since the last overhaul; TSI: since this
 * installation; TSL: since the last accomplishment of the limit, else since installation).
 * Landings and extra-counter limits count since new. Unknown part times flag the item.
 */
function limitRow(ac: AircraftInput, p: PartInput, l: LimitInput): DueRow {
  const t = p.part.times;
  let base: Point;
  let lastDate: string | null = null;
  const atInstall: Point = { h: p.installedTsn, c: p.installedCsn, l: p.installedLsn, r: p.installedRsn, date: p.part.installDate };
  switch (l.basis) {
    case 'TSN':
      base = { h: 0, c: 0, l: 0, r: 0, date: p.manufactureDate };
      break;
    case 'TSO':
      base = t.tso === null || t.tsn === null ? { h: 0, c: 0, l: 0, r: 0, date: p.manufactureDate } : { h: t.tsn - t.tso, c: t.csn === null || t.cso === null ? null : t.csn - t.cso, l: 0, r: 0, date: p.lastOverhaulDate ?? p.manufactureDate };
      lastDate = p.lastOverhaulDate;
      break;
    case 'TSI':
      base = atInstall;
      break;
    default:
      base = l.last ? { ...l.last.base, l: l.last.base.l ?? atInstall.l, r: l.last.base.r ?? atInstall.r } : atInstall;
      lastDate = l.last?.date ?? null;
  }
  const iv: Interval = { h: l.limit.h, c: l.limit.c, l: l.limit.landings, r: l.limit.rin, days: l.limit.days, months: l.limit.months };
  const due = addInterval(base, iv, l.calendar_rule);
  const unknown = !p.part.timesKnown || (iv.h != null && (t.tsn === null || due.h === null)) || (iv.c != null && (t.csn === null || due.c === null));
  return row(
    {
      due_key: `C${p.part.id}-${l.id}`,
      item_kind: 'COMPONENT',
      component: p.part.id,
      component_limit: l.id,
      item_code: `${p.part.partnumber} S/N ${p.part.serial}`,
      description: `${p.partname}${p.position ? ` (${p.position})` : ''} - ${l.kind_name}`.slice(0, 300),
      inspection_group: l.inspection_group,
      ata: p.ata,
      measure: 'PART',
      rate_basis: p.part.tracksApu ? 'APU' : 'AIRCRAFT',
      factor_h: p.factorH,
      factor_c: p.factorC,
      whichever: l.whichever,
      interval_h: iv.h ?? null,
      interval_c: iv.c ?? null,
      interval_days: calendarDays(iv),
      last_done_date: lastDate,
      last_done_h: l.last?.base.h ?? null,
      last_done_c: l.last?.base.c ?? null,
      no_record: unknown,
    },
    unknown ? { ...due, h: iv.h != null && t.tsn === null ? null : due.h, c: iv.c != null && t.csn === null ? null : due.c } : due,
    toleranceOf(iv, l.tolerance),
  );
}

/** A life-limited part: retirement at its life (reference cycles, prorated), hours or calendar life; never a tolerance. */
function llpRow(ac: AircraftInput, p: PartInput): DueRow | null {
  const l = p.llp;
  if (!l) return null;
  const due: Due = { ...NO_DUE, c: l.life_limit_fc, h: l.life_limit_fh ?? null, date: l.life_limit_months != null && p.manufactureDate ? addMonths(p.manufactureDate, l.life_limit_months) : null };
  return row(
    {
      due_key: `L${p.part.id}`,
      item_kind: 'LLP',
      component: p.part.id,
      type_llp: l.id,
      item_code: `${p.part.partnumber} S/N ${p.part.serial}`,
      description: `${p.partname}${p.engineSerial ? ` - ${p.engineSerial}` : ''}${l.module ? ` ${l.module}` : ''} life limit`.slice(0, 300),
      ata: p.ata,
      measure: 'LLP',
      rate_basis: p.part.tracksApu ? 'APU' : 'AIRCRAFT',
      factor_h: p.factorH,
      factor_c: p.factorC * p.part.ratingFactor,
      whichever: 'FIRST',
      interval_h: l.life_limit_fh ?? null,
      interval_c: l.life_limit_fc,
      interval_days: l.life_limit_months != null ? l.life_limit_months * 30 : null,
      last_done_date: null,
      last_done_h: null,
      last_done_c: null,
      no_record: !p.part.timesKnown || p.part.times.csn === null,
    },
    due,
    { h: null, c: null, days: null },
  );
}

/**
 * An AD status: repeats from the last compliance (no tolerance); a first compliance by the
 * directive's thresholds after its effective date, with its "not later than" date on top; a
 * directive without thresholds by the next due typed on its status.
 */
function adRow(ac: AircraftInput, a: AdInput): DueRow | null {
  if (!['OPEN', 'RECURRING'].includes(a.status)) return null;
  let due: Due;
  let hard: string | null = null;
  let noRecord = false;
  const repeating = a.status === 'RECURRING' && a.last && a.recurring;
  if (repeating) {
    due = addInterval(a.last as Point, a.interval);
  } else if (a.threshold.h != null || a.threshold.c != null || a.threshold.days != null || a.notLaterThan) {
    const first = adFirstDue({ date: a.effectiveDate, h: a.atEffective.h, c: a.atEffective.c }, { h: a.threshold.h, c: a.threshold.c, days: a.threshold.days, notLaterThan: a.notLaterThan });
    due = first.due;
    hard = first.hardDate;
    // "within N FH after the effective date" without the aircraft's totals on that date: flagged
    noRecord = (a.threshold.h != null && a.atEffective.h === null) || (a.threshold.c != null && a.atEffective.c === null);
  } else {
    due = a.typed;
    noRecord = noDueAtAll(due);
  }
  const measure: Measure = a.measured_in === 'APU' ? 'APU' : 'AIRCRAFT';
  return row(
    {
      due_key: `A${a.statusId}`,
      item_kind: 'AD',
      ad_status: a.statusId,
      component: a.component,
      item_code: a.ad_number,
      description: a.title.slice(0, 300),
      ata: a.ata,
      measure,
      rate_basis: measure === 'APU' ? 'APU' : 'AIRCRAFT',
      factor_h: 1,
      factor_c: 1,
      whichever: a.whichever,
      interval_h: repeating ? (a.interval.h ?? null) : null,
      interval_c: repeating ? (a.interval.c ?? null) : null,
      interval_days: repeating ? calendarDays(a.interval) : null,
      last_done_date: a.last?.date ?? null,
      last_done_h: a.last?.h ?? null,
      last_done_c: a.last?.c ?? null,
      no_record: noRecord,
    },
    due,
    { h: null, c: null, days: null },
    hard,
  );
}

/** An SB status: repeats from the last accomplishment; an open SB by its typed next due or planned date. */
function sbRow(ac: AircraftInput, s: SbInput): DueRow | null {
  if (!['OPEN', 'RECURRING'].includes(s.status)) return null;
  const repeating = s.status === 'RECURRING' && s.last && s.recurring;
  const due: Due = repeating ? addInterval(s.last as Point, s.interval) : { ...s.typed, date: s.typed.date ?? s.plannedDate };
  if (noDueAtAll(due)) return null; // open, not planned: nothing to forecast (SB status shows it)
  return row(
    {
      due_key: `S${s.statusId}`,
      item_kind: 'SB',
      sb_status: s.statusId,
      component: s.component,
      item_code: s.sb_number,
      description: s.title.slice(0, 300),
      ata: s.ata,
      measure: 'AIRCRAFT',
      rate_basis: 'AIRCRAFT',
      factor_h: 1,
      factor_c: 1,
      whichever: 'FIRST',
      interval_h: repeating ? (s.interval.h ?? null) : null,
      interval_c: repeating ? (s.interval.c ?? null) : null,
      interval_days: repeating ? calendarDays(s.interval) : null,
      last_done_date: s.last?.date ?? null,
      last_done_h: s.last?.h ?? null,
      last_done_c: s.last?.c ?? null,
      no_record: false,
    },
    due,
    { h: null, c: null, days: null },
  );
}

/**
 * A part's due moved from its own counters (TSN/CSN, or LLP life used) into the aircraft's (its
 * APU's for parts counting APU usage): the aircraft's counter now plus what remains to the part,
 * divided by the part's factor (rounded down: never later). Flights move the part and the aircraft
 * together by that factor, so the stored due stays true until something changes the factor or the
 * part (a component change or a rating change re-computes it), and the due list needs nothing but
 * the aircraft's counters.
 */
function inAircraftCounters(r: DueRow, p: PartInput, ac: Record<Counter, number | null>): DueRow {
  const apu = p.part.tracksApu;
  const H = apu ? ac.APUH : ac.FH;
  const C = apu ? ac.APUS : ac.FC;
  const t = p.part.times;
  const curC = r.measure === 'LLP' ? (t.lifeMilli !== null ? t.lifeMilli / 1000 : t.csn) : t.csn;
  const fh = r.factor_h > 0 ? r.factor_h : 1;
  const fc = r.factor_c > 0 ? r.factor_c : 1;
  const shift = (due: number | null, cur: number | null, base: number | null, f: number) => (due === null || cur === null || base === null ? null : base + Math.floor((due - cur) / f));
  const per = (v: number | null, f: number) => (v === null ? null : Math.floor(v / f));
  return {
    ...r,
    measure: apu ? 'APU' : 'AIRCRAFT',
    rate_basis: apu ? 'APU' : 'AIRCRAFT',
    factor_h: 1,
    factor_c: 1,
    due_h: shift(r.due_h, t.tsn, H, fh),
    due_c: shift(r.due_c, curC, C, fc),
    due_l: shift(r.due_l, t.lsn, ac.LDG, 1),
    due_r: shift(r.due_r, t.rsn, ac.RIN, 1),
    interval_h: per(r.interval_h, fh),
    interval_c: per(r.interval_c, fc),
    tol_h: per(r.tol_h, fh),
    tol_c: per(r.tol_c, fc),
    last_done_h: shift(r.last_done_h, t.tsn, H, fh),
    last_done_c: shift(r.last_done_c, t.csn, C, fc),
  };
}

/** Every due row of an aircraft, in the aircraft's (or its APU's) counters. */
export function dueRows(ac: AircraftInput): DueRow[] {
  const out: DueRow[] = [];
  for (const i of ac.inspections) {
    const r = inspectionRow(ac, i);
    if (r) out.push(r);
  }
  for (const p of ac.parts) {
    for (const l of p.limits) out.push(inAircraftCounters(limitRow(ac, p, l), p, ac.counters));
    const r = llpRow(ac, p);
    if (r) out.push(inAircraftCounters(r, p, ac.counters));
  }
  for (const a of ac.ads) {
    const r = adRow(ac, a);
    if (r) out.push(r);
  }
  for (const s of ac.sbs) {
    const r = sbRow(ac, s);
    if (r) out.push(r);
  }
  return out;
}
