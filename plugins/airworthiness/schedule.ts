/**
 * The one due computation: for every tracked item of an aircraft (programme inspections, limits of
 * installed parts, LLPs, AD and SB statuses) its next due per counter, in the aircraft's counters
 * (its APU's for items counted in APU usage), by the rules of rules/due.ts (whichever first / later, thresholds, tolerance, AD
 * effective dates and "not later than" dates). `dueRows` is pure; `refreshDue` reads an aircraft's
 * items, runs it and stores the rows in due_schedule, which the due list view reads
 * (docs/decisions/0111). Run whenever something changes a next due: a compliance, a component
 * change, a programme or status edit; a flight does not (it changes what remains, not the due).
 */
import { sql } from 'kysely';
import type { DB } from '../../engine/src/db/database.ts';
import { addInterval, adFirstDue, firstDue, NO_DUE, toleranceOf, type CalendarRule, type Due, type Interval, type Point, type Tolerance, type Whichever } from './rules/due.ts';
import type { Counter, FactorRow } from './rules/usage.ts';
import { installedParts, lockAircraft, totalsAt, type AircraftState, type PartState } from './store.ts';
import { addDays as addDaysIso, addMonths } from './rules/dates.ts';

type Row = Record<string, unknown>;

export type Measure = 'AIRCRAFT' | 'APU' | 'PART' | 'LLP';

/** One row of due_schedule. */
export interface DueRow {
  due_key: string;
  item_kind: 'INSPECTION' | 'COMPONENT' | 'LLP' | 'AD' | 'SB';
  component?: number | null;
  type_inspection?: number | null;
  component_limit?: number | null;
  type_llp?: number | null;
  ad_status?: number | null;
  sb_status?: number | null;
  item_code: string;
  description: string;
  inspection_group?: number | null;
  ata?: number | null;
  measure: Measure;
  rate_basis: 'AIRCRAFT' | 'APU';
  factor_h: number;
  factor_c: number;
  whichever: Whichever;
  interval_h: number | null;
  interval_c: number | null;
  interval_days: number | null;
  last_done_date: string | null;
  last_done_h: number | null;
  last_done_c: number | null;
  due_h: number | null;
  due_c: number | null;
  due_l: number | null;
  due_r: number | null;
  due_date: string | null;
  hard_date: string | null;
  tol_h: number | null;
  tol_c: number | null;
  tol_days: number | null;
  no_record: boolean;
  /** An approved one-time variation extending this due (applyVariations), and the due before it. */
  variation?: number | null;
  prog_due_h?: number | null;
  prog_due_c?: number | null;
  prog_due_date?: string | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** The calendar length of an interval in days (months as 30 days), for % remaining. */
function calendarDays(iv: Interval): number | null {
  return iv.days != null || iv.months != null ? (iv.days ?? 0) + (iv.months ?? 0) * 30 : null;
}

function row(base: Omit<DueRow, 'due_h' | 'due_c' | 'due_l' | 'due_r' | 'due_date' | 'tol_h' | 'tol_c' | 'tol_days' | 'hard_date'>, due: Due, tol: Tolerance, hardDate: string | null = null): DueRow {
  return { ...base, due_h: due.h, due_c: due.c, due_l: due.l, due_r: due.r, due_date: due.date, hard_date: hardDate, tol_h: tol.h, tol_c: tol.c, tol_days: tol.days };
}

const noDueAtAll = (d: Due, hard: string | null = null) => d.h === null && d.c === null && d.l === null && d.r === null && d.date === null && hard === null;

// ------------------------------------------------------------------------------------------ inputs

export interface InspectionInput {
  id: number;
  task_code: string;
  title: string;
  inspection_group: number | null;
  ata: number | null;
  measured_in: 'AIRCRAFT' | 'APU';
  interval: Interval;
  threshold: Interval | null;
  whichever: Whichever;
  calendar_rule: CalendarRule;
  tolerance: { pc: number | null; h: number | null; c: number | null; days: number | null };
  is_ali: boolean;
  repetitive: boolean;
  /** The last posted accomplishment: where the next interval counts from (after tolerance). */
  last: { date: string; base: Point; done: Point } | null;
}

export interface LimitInput {
  id: number;
  task_code: string | null;
  kind_name: string;
  basis: 'TSN' | 'TSO' | 'TSI' | 'TSL';
  inspection_group: number | null;
  limit: Interval & { landings?: number | null; rin?: number | null };
  whichever: Whichever;
  calendar_rule: CalendarRule;
  tolerance: { pc: number | null; h: number | null; c: number | null; days: number | null };
  /** TSL: the last accomplishment of this limit, as a point in the part's TSN/CSN space. */
  last: { date: string; base: Point } | null;
}

export interface PartInput {
  part: PartState;
  partname: string;
  position: string | null;
  ata: number | null;
  manufactureDate: string | null;
  lastOverhaulDate: string | null;
  installedTsn: number | null;
  installedCsn: number | null;
  installedLsn: number | null;
  installedRsn: number | null;
  factorH: number;
  factorC: number;
  limits: LimitInput[];
  llp: { id: number; module: string | null; life_limit_fc: number; life_limit_fh: number | null; life_limit_months: number | null } | null;
  engineSerial: string | null;
}

export interface AdInput {
  statusId: number;
  status: string;
  ad_number: string;
  title: string;
  ata: number | null;
  component: number | null;
  measured_in: 'AIRCRAFT' | 'APU';
  whichever: Whichever;
  effectiveDate: string;
  /** Aircraft (or APU) totals on the effective date. */
  atEffective: { h: number | null; c: number | null };
  threshold: { h: number | null; c: number | null; days: number | null };
  notLaterThan: string | null;
  recurring: boolean;
  interval: Interval;
  last: Point | null;
  /** Next due typed on the status (directives without thresholds). */
  typed: Due;
}

export interface SbInput {
  statusId: number;
  status: string;
  sb_number: string;
  title: string;
  ata: number | null;
  component: number | null;
  recurring: boolean;
  interval: Interval;
  last: Point | null;
  typed: Due;
  plannedDate: string | null;
}

export interface AircraftInput {
  id: number;
  manufactureDate: string | null;
  /** The aircraft's counters now: the dues of parts are stored in them (see `inAircraftCounters`). */
  counters: Record<Counter, number | null>;
  inspections: InspectionInput[];
  parts: PartInput[];
  ads: AdInput[];
  sbs: SbInput[];
}

// ------------------------------------------------------------------------------------------ rules

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

// ------------------------------------------------------------------------------------------ loading

const tolOf = (r: Row, prefix = 'tolerance_') => ({ pc: num(r[`${prefix}pc`]), h: num(r[`${prefix}fh`]), c: num(r[`${prefix}fc`]), days: num(r[`${prefix}days`]) });

/** The effective factor of a part's hours / cycles for forecasts (rows over their own counter, else the type's factor). */
function forecastFactor(rows: FactorRow[], counters: Counter[], typeFactor: number): number {
  const own = rows.filter((r) => counters.includes(r.counter) && r.applies === 'ALWAYS' && counters.includes(r.basis));
  return own.length ? own.reduce((s, r) => s + r.factor, 0) : typeFactor;
}

/** Reads everything the due of an aircraft depends on. */
export async function loadAircraftInput(tx: DB, ac: AircraftState, parts?: PartState[]): Promise<AircraftInput> {
  const inspections = await sql<Row>`
    select i.*, lr.done_date, lr.base_h, lr.base_c, lr.base_l, lr.base_r, lr.base_date, lr.ac_fh, lr.ac_fc, lr.ac_landings
      from aircraft_type_inspection i
      left join lateral (
        select r.done_date, r.ac_fh, r.ac_fc, r.ac_landings, ml.base_h, ml.base_c, ml.base_l, ml.base_r, ml.base_date
          from maintenance_record_line ml
          join maintenance_record r on r.record_id = ml.maintenance_record
         where r.aircraft = ${ac.id} and ml.type_inspection = i.type_inspection_id and r.posted = 1
         order by r.done_date desc, r.record_id desc
         limit 1) lr on true
     where i.aircraft_type = ${ac.typeId} and i.compcode = ${ac.compcode} and i.active`.execute(tx);

  const installed = parts ?? (await installedParts(tx, ac.id));
  const factors = await sql<Row>`select type_component, counter, basis, applies, factor from aircraft_type_component_penalty where aircraft_type = ${ac.typeId} and active and type_component is not null`.execute(tx);
  const rowsOf = (tc: number | null): FactorRow[] =>
    tc === null ? [] : factors.rows.filter((f) => Number(f.type_component) === tc).map((f) => ({ counter: f.counter as Counter, basis: f.basis as Counter, applies: f.applies as 'ALWAYS' | 'NO_READING', factor: Number(f.factor) }));
  const tcs = [...new Set(installed.map((p) => p.typeComponent).filter((x): x is number => x !== null))];
  const limits = tcs.length
    ? (
        await sql<Row>`select l.*, k.name as kind_name, k.basis from aircraft_type_component_limit l join component_inspection_kind k on k.id = l.inspection_kind
                      where l.type_component in (${sql.join(tcs)}) and l.active`.execute(tx)
      ).rows
    : [];
  const ids = installed.map((p) => p.id);
  // the last accomplishment of each limit of a part: a posted record line, or a shop visit doing that kind of work
  const lastLines = ids.length
    ? (
        await sql<Row>`select ml.component, ml.component_limit, r.done_date as date, ml.base_h, ml.base_c, ml.base_l, ml.base_r, ml.base_date, ml.part_tsn, ml.part_csn
                      from maintenance_record_line ml join maintenance_record r on r.record_id = ml.maintenance_record
                     where ml.component in (${sql.join(ids)}) and r.posted = 1 and ml.component_limit is not null
                     order by r.done_date, r.record_id`.execute(tx)
      ).rows
    : [];
  const shopVisits = ids.length
    ? (
        await sql<Row>`select x.component, x.work_done, x.change_date as date, x.tsn, x.csn from component_change x
                     where x.component in (${sql.join(ids)}) and x.posted = 1 and x.action = 'SHOP_OUT' and x.work_done is not null
                     order by x.change_date, x.change_id`.execute(tx)
      ).rows
    : [];
  const llps = ids.length
    ? (
        await sql<Row>`select c.component_id, t.type_llp_id, t.module, t.life_limit_fc, t.life_limit_fh, t.life_limit_months
                      from fleet_component c
                      join lateral (select t.* from aircraft_type_llp t where t.compcode = c.compcode and t.partnumber = c.partnumber
                                     and t.aircraft_type = ${ac.typeId} and t.active order by t.type_llp_id limit 1) t on true
                     where c.component_id in (${sql.join(ids)})`.execute(tx)
      ).rows
    : [];
  const parents = new Map<number, string>();
  const parentIds = [...new Set(installed.map((p) => p.parent).filter((x): x is number => x !== null))];
  if (parentIds.length) for (const r of (await sql<Row>`select component_id, serial_number from fleet_component where component_id in (${sql.join(parentIds)})`.execute(tx)).rows) parents.set(Number(r.component_id), String(r.serial_number));

  const partInputs: PartInput[] = installed.map((p) => {
    const r = p.row;
    const own = rowsOf(p.typeComponent);
    const hours: Counter[] = p.tracksApu ? ['APUH'] : ['FH'];
    const cycles: Counter[] = p.tracksApu ? ['APUS'] : ['FC'];
    const llp = llps.find((x) => Number(x.component_id) === p.id);
    return {
      part: p,
      partname: String(r.partname),
      position: str(r.position),
      ata: num(r.ata),
      manufactureDate: str(r.manufacture_date),
      lastOverhaulDate: str(r.last_overhaul_date),
      installedTsn: num(r.installed_tsn),
      installedCsn: num(r.installed_csn),
      installedLsn: num(r.installed_lsn),
      installedRsn: num(r.installed_rsn),
      factorH: forecastFactor(own, hours, ac.type.penalty),
      factorC: forecastFactor(own, cycles, ac.type.penalty),
      engineSerial: p.parent !== null ? (parents.get(p.parent) ?? null) : null,
      llp: llp ? { id: Number(llp.type_llp_id), module: str(llp.module), life_limit_fc: Number(llp.life_limit_fc), life_limit_fh: num(llp.life_limit_fh), life_limit_months: num(llp.life_limit_months) } : null,
      limits: limits
        .filter((l) => Number(l.type_component) === p.typeComponent)
        .map((l): LimitInput => {
          const line = lastLines.filter((x) => Number(x.component) === p.id && Number(x.component_limit) === Number(l.id)).at(-1);
          const shop = shopVisits.filter((x) => Number(x.component) === p.id && Number(x.work_done) === Number(l.inspection_kind)).at(-1);
          let last: LimitInput['last'] = null;
          if (line && (!shop || String(line.date) >= String(shop.date))) last = { date: String(line.date), base: { h: num(line.base_h ?? line.part_tsn), c: num(line.base_c ?? line.part_csn), l: num(line.base_l), r: num(line.base_r), date: str(line.base_date) ?? String(line.date) } };
          else if (shop) last = { date: String(shop.date), base: { h: num(shop.tsn), c: num(shop.csn), date: String(shop.date) } };
          return {
            id: Number(l.id),
            task_code: str(l.task_code),
            kind_name: String(l.kind_name),
            basis: String(l.basis) as LimitInput['basis'],
            inspection_group: num(l.inspection_group),
            limit: { h: num(l.limit_fh), c: num(l.limit_fc), days: num(l.limit_days), months: num(l.limit_months), landings: num(l.limit_landings), rin: num(l.limit_rin) },
            whichever: (l.whichever as Whichever) ?? 'FIRST',
            calendar_rule: (l.calendar_rule as CalendarRule) ?? 'DAY',
            tolerance: tolOf(l),
            last,
          };
        }),
    };
  });

  const adRows = (
    await sql<Row>`select s.*, d.ad_number, d.title, d.ata as ad_ata, d.whichever, d.effective_date, d.threshold_fh, d.threshold_fc, d.threshold_days,
                          d.compliance_date, d.is_recurring, d.interval_fh, d.interval_fc, d.interval_days, d.measured_in
                     from aircraft_ad_status s join aircraft_type_ad d on d.type_ad_id = s.type_ad
                    where s.aircraft = ${ac.id} and s.ad_status in ('OPEN', 'RECURRING')`.execute(tx)
  ).rows;
  const ads: AdInput[] = [];
  for (const a of adRows) {
    const apu = a.measured_in === 'APU';
    let atEff = { h: num(a.ac_fh_at_effective), c: num(a.ac_fc_at_effective) };
    if ((atEff.h === null || atEff.c === null) && a.effective_date && (num(a.threshold_fh) !== null || num(a.threshold_fc) !== null)) {
      const t = await totalsAt(tx, ac, String(a.effective_date));
      atEff = { h: atEff.h ?? (apu ? t.APUH : t.FH), c: atEff.c ?? (apu ? t.APUS : t.FC) };
    }
    ads.push({
      statusId: Number(a.ad_status_id),
      status: String(a.ad_status),
      ad_number: String(a.ad_number),
      title: String(a.title),
      ata: num(a.ad_ata),
      component: num(a.component),
      measured_in: apu ? 'APU' : 'AIRCRAFT',
      whichever: (a.whichever as Whichever) ?? 'FIRST',
      effectiveDate: String(a.effective_date),
      atEffective: atEff,
      threshold: { h: num(a.threshold_fh), c: num(a.threshold_fc), days: num(a.threshold_days) },
      notLaterThan: str(a.compliance_date),
      recurring: Boolean(a.is_recurring),
      interval: { h: num(a.interval_fh), c: num(a.interval_fc), days: num(a.interval_days) },
      last: a.last_done_date ? { h: num(a.last_done_fh), c: num(a.last_done_fc), date: String(a.last_done_date) } : null,
      typed: { ...NO_DUE, h: num(a.next_due_fh), c: num(a.next_due_fc), date: str(a.next_due_date) },
    });
  }
  const sbRows = (
    await sql<Row>`select s.*, d.sb_number, d.title, d.ata as sb_ata, d.is_recurring, d.interval_fh, d.interval_fc, d.interval_days
                     from aircraft_sb_status s join aircraft_type_sb d on d.type_sb_id = s.type_sb
                    where s.aircraft = ${ac.id} and s.sb_status in ('OPEN', 'RECURRING')`.execute(tx)
  ).rows;
  const sbs: SbInput[] = sbRows.map((s) => ({
    statusId: Number(s.sb_status_id),
    status: String(s.sb_status),
    sb_number: String(s.sb_number),
    title: String(s.title),
    ata: num(s.sb_ata),
    component: num(s.component),
    recurring: Boolean(s.is_recurring),
    interval: { h: num(s.interval_fh), c: num(s.interval_fc), days: num(s.interval_days) },
    last: s.last_done_date ? { h: num(s.last_done_fh), c: num(s.last_done_fc), date: String(s.last_done_date) } : null,
    typed: { ...NO_DUE, h: num(s.next_due_fh), c: num(s.next_due_fc), date: str(s.next_due_date) },
    plannedDate: str(s.planned_date),
  }));

  return {
    id: ac.id,
    manufactureDate: ac.manufactureDate ?? ac.deliveryDate,
    counters: ac.counters,
    inspections: inspections.rows.map((i) => ({
      id: Number(i.type_inspection_id),
      task_code: String(i.task_code),
      title: String(i.title),
      inspection_group: num(i.inspection_group),
      ata: num(i.ata),
      measured_in: i.measured_in === 'APU' ? 'APU' : 'AIRCRAFT',
      interval: { h: num(i.interval_fh), c: num(i.interval_fc), l: num(i.interval_landings), days: num(i.interval_days), months: num(i.interval_months) },
      threshold: i.threshold_fh != null || i.threshold_fc != null || i.threshold_days != null ? { h: num(i.threshold_fh), c: num(i.threshold_fc), days: num(i.threshold_days) } : null,
      whichever: (i.whichever as Whichever) ?? 'FIRST',
      calendar_rule: (i.calendar_rule as CalendarRule) ?? 'DAY',
      tolerance: tolOf(i),
      is_ali: Boolean(i.is_ali),
      repetitive: i.repetitive !== false,
      last: i.done_date
        ? {
            date: String(i.done_date),
            // records posted before the base was stored count from the accomplishment
            base: { h: num(i.base_h ?? i.ac_fh), c: num(i.base_c ?? i.ac_fc), l: num(i.base_l ?? i.ac_landings), r: num(i.base_r), date: str(i.base_date) ?? String(i.done_date) },
            done: { h: num(i.ac_fh), c: num(i.ac_fc), date: String(i.done_date) },
          }
        : null,
    })),
    parts: partInputs,
    ads,
    sbs,
  };
}

const SCHEDULE_COLUMNS = [
  'due_key', 'item_kind', 'component', 'type_inspection', 'component_limit', 'type_llp', 'ad_status', 'sb_status', 'item_code', 'description', 'inspection_group', 'ata',
  'measure', 'whichever', 'interval_h', 'interval_c', 'interval_days', 'last_done_date', 'last_done_h', 'last_done_c',
  'due_h', 'due_c', 'due_l', 'due_r', 'due_date', 'hard_date', 'tol_h', 'tol_c', 'tol_days', 'no_record',
  'variation', 'prog_due_h', 'prog_due_c', 'prog_due_date',
] as const;

/**
 * The approved one-time variations of the aircraft's items (decision 0164): each extends its
 * item's due once by its hours, cycles and days; the due before it is kept (prog_due_*) for the
 * due list and for the accomplishment that consumes it, and no tolerance is added on top.
 */
export async function applyVariations(tx: DB, ac: { id: number; compcode: string }, rows: DueRow[]): Promise<DueRow[]> {
  const vs = await tx
    .selectFrom('due_variation')
    .select(['variation_id', 'due_key', 'extend_fh', 'extend_fc', 'extend_days'])
    .where('compcode', '=', ac.compcode)
    .where('aircraft', '=', ac.id)
    .where('var_status', '=', 'APPROVED')
    .execute();
  if (vs.length === 0) return rows;
  const byKey = new Map(vs.map((v) => [String(v.due_key), v]));
  return rows.map((r) => {
    const v = byKey.get(r.due_key);
    if (!v) return r;
    const add = (due: number | null, by: unknown) => (due === null ? null : due + (num(by) ?? 0));
    return {
      ...r,
      variation: Number(v.variation_id),
      prog_due_h: r.due_h,
      prog_due_c: r.due_c,
      prog_due_date: r.due_date,
      due_h: add(r.due_h, v.extend_fh),
      due_c: add(r.due_c, v.extend_fc),
      due_date: r.due_date && num(v.extend_days) ? addDaysIso(r.due_date, Number(v.extend_days)) : r.due_date,
      tol_h: null,
      tol_c: null,
      tol_days: null,
    };
  });
}

/** Replaces an aircraft's rows of due_schedule by what `dueRows` computes now. */
async function writeSchedule(tx: DB, ac: { id: number; compcode: string }, computed: DueRow[], by = 'system'): Promise<number> {
  const rows = await applyVariations(tx, ac, computed);
  await tx.deleteFrom('due_schedule').where('aircraft', '=', ac.id).execute();
  const now = new Date().toISOString();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((r) => {
      const values: Record<string, unknown> = { compcode: ac.compcode, aircraft: ac.id, computed_at: now, created_by: by };
      for (const c of SCHEDULE_COLUMNS) values[c] = (r as unknown as Record<string, unknown>)[c] ?? null;
      values.no_record = r.no_record;
      return values;
    });
    await tx.insertInto('due_schedule').values(chunk as never).execute();
  }
  return rows.length;
}

/** Re-computes and stores the due of one aircraft (inside the caller's transaction). */
export async function refreshDue(tx: DB, aircraftId: number, by = 'system'): Promise<number> {
  const ac = await lockAircraft(tx, aircraftId);
  const input = await loadAircraftInput(tx, ac);
  return writeSchedule(tx, ac, dueRows(input), by);
}

/** Re-computes the due of every aircraft of a type (a programme change). */
export async function refreshType(tx: DB, typeId: number, compcode: string, by = 'system'): Promise<void> {
  const acs = await tx.selectFrom('aircraft').select('aircraft_id').where('aircraft_type', '=', typeId).where('compcode', '=', compcode).orderBy('aircraft_id').execute();
  for (const a of acs) await refreshDue(tx, Number(a.aircraft_id), by);
}

