/**
 * Usage a flight log posts: the aircraft's counters and each installed part's, through the
 * per-type / per-part factor and penalty table (aircraft-type-component-penalty).
 *
 * Counters: FH and APUH are integer minutes; FC, LDG (landings), APUS (APU starts) and RIN (the
 * type's extra counter, e.g. a helicopter's retirement index) are counts. A factor row says that
 * `counter` accrues `factor` × the log's `basis` counter, always or only when the log carries no
 * reading of `counter` (an APU at 0.5 h per flight hour when no APU hours are logged), or only on
 * flights whose log records the row's operation (a short-runway or full-rated take-off penalty:
 * cycles at 1.5 per cycle on those flights). A counter with applicable rows takes their sum instead
 * of its own reading; when operation rows apply to a counter, they replace its other rows (the
 * operation's factor is what that flight costs, not an addition to the usual one).
 *
 * Factored usage is computed exactly, in thousandths of a minute or count ("milli"), and settled
 * into whole minutes / counts against a carry kept per counter (`settle`): the fractions a
 * posting leaves are carried to the next one, so 0.5 × 55 min posts 28 then 27 minutes, and a
 * 1.2 cycle penalty on single-cycle sectors adds a sixth cycle every fifth sector. Nothing drifts.
 */

export const COUNTERS = ['FH', 'FC', 'LDG', 'APUH', 'APUS', 'RIN'] as const;
export type Counter = (typeof COUNTERS)[number];
export type Usage = Record<Counter, number>;

const ZERO: Usage = { FH: 0, FC: 0, LDG: 0, APUH: 0, APUS: 0, RIN: 0 };

export interface FactorRow {
  /** The counter that accrues (the aircraft's, or the part's when the row names a part). */
  counter: Counter;
  /** The log's counter it is computed from (default: the counter itself). */
  basis: Counter;
  factor: number;
  /** ALWAYS; NO_READING: only when the log has no reading of `counter`; OPERATION: only when the log records `operation`. */
  applies: 'ALWAYS' | 'NO_READING' | 'OPERATION';
  /** The operation code of an OPERATION row (as flight logs record it, upper case). */
  operation?: string | null;
  /** The row applies to flights on or after this date. */
  effectiveFrom?: string | null;
}

/** What a flight log says, per sector. APU and RIN readings may be missing (null). */
export interface LegReading {
  flightMinutes: number;
  cycles: number;
  landings: number;
  apuMinutes: number | null;
  apuStarts: number | null;
  rin: number | null;
  date: string;
  /** Codes of the special operations the log records (upper case). */
  operations?: string[];
}

/** Exact thousandths of `x` (usage values are minutes or counts, factors have at most 3 decimals). */
const milli = (x: number): number => Math.round(x * 1000);

/**
 * Whole units of `deltaMilli` given the counter's `carry` (thousandths left over by earlier
 * postings): the whole part is rounded (half away from zero), the rest carried, so the sum of the
 * whole deltas always equals the rounded sum of the exact ones.
 */
export function settle(carry: number, deltaMilli: number): { whole: number; carry: number } {
  const total = carry + deltaMilli;
  const whole = Math.sign(total) * Math.round(Math.abs(total) / 1000);
  return { whole: whole === 0 ? 0 : whole, carry: total - whole * 1000 };
}

/** The log's own values per counter and which counters it actually read. */
function readingOf(leg: LegReading): { raw: Usage; read: Set<Counter> } {
  const read = new Set<Counter>(['FH', 'FC', 'LDG']);
  if (leg.apuMinutes !== null) read.add('APUH');
  if (leg.apuStarts !== null) read.add('APUS');
  if (leg.rin !== null) read.add('RIN');
  return {
    raw: { FH: leg.flightMinutes, FC: leg.cycles, LDG: leg.landings, APUH: leg.apuMinutes ?? 0, APUS: leg.apuStarts ?? 0, RIN: leg.rin ?? 0 },
    read,
  };
}

/** The rows that apply to `counter` on this flight: its operation rows when the log records their operation, else the others. */
function applicable(rows: FactorRow[], counter: Counter, read: Set<Counter>, leg: LegReading): FactorRow[] {
  const inForce = rows.filter((r) => r.counter === counter && (!r.effectiveFrom || r.effectiveFrom <= leg.date));
  const ops = new Set(leg.operations ?? []);
  const operation = inForce.filter((r) => r.applies === 'OPERATION' && r.operation && ops.has(r.operation));
  if (operation.length) return operation;
  return inForce.filter((r) => r.applies === 'ALWAYS' || (r.applies === 'NO_READING' && !read.has(counter)));
}

/** `counter`'s value in thousandths: the sum of its applicable factor rows over `from` (thousandths), else `fallback`. */
function factored(rows: FactorRow[], counter: Counter, read: Set<Counter>, leg: LegReading, from: Usage, fallback: number): number {
  const hits = applicable(rows, counter, read, leg);
  if (hits.length === 0) return fallback;
  return hits.reduce((sum, r) => sum + Math.round(r.factor * from[r.basis]), 0);
}

export interface TypeCounters {
  /** The type tracks APU hours and starts (aircraft_type.APU_usage). */
  apu: boolean;
  /** The type has an extra counter (aircraft_type.rin_counter_name). */
  rin: boolean;
}

/**
 * The aircraft's counters for one sector, in thousandths: its readings, with the type's factor
 * rows (those not naming a part) applied; APU and RIN only when the type tracks them.
 */
export function aircraftUsage(leg: LegReading, type: TypeCounters, rows: FactorRow[]): Usage {
  const { raw, read } = readingOf(leg);
  const rawMilli = Object.fromEntries(COUNTERS.map((c) => [c, milli(raw[c])])) as Usage;
  const out: Usage = { ...ZERO };
  for (const c of COUNTERS) {
    if ((c === 'APUH' || c === 'APUS') && !type.apu) continue;
    if (c === 'RIN' && !type.rin) continue;
    out[c] = factored(rows, c, read, leg, rawMilli, rawMilli[c]);
  }
  return out;
}

/** A part's counters: hours (TSN, TSO…), cycles (CSN…), landings and the extra counter. */
export interface PartUsage {
  hours: number;
  cycles: number;
  landings: number;
  rin: number;
}

/**
 * A part's usage for one sector, in thousandths: it follows the aircraft's FH/FC, or its APU hours/starts when it
 * counts APU usage (an APU and its parts), unless rows of its type component say otherwise (a
 * penalty: cycles at 1.2 per flight; cycles counted from landings; RIN per landing and take-off).
 * `aircraft` is the aircraft's usage of the sector in thousandths (`aircraftUsage`), `leg` the log.
 * The type's `penalty_factor` (`typeFactor`, default 1) multiplies the hours and cycles of every
 * part that has no row of its own for them.
 */
export function partUsage(leg: LegReading, aircraft: Usage, part: { tracksApu: boolean }, rows: FactorRow[], typeFactor = 1): PartUsage {
  const { read } = readingOf(leg);
  const hoursCounter: Counter = part.tracksApu ? 'APUH' : 'FH';
  const cyclesCounter: Counter = part.tracksApu ? 'APUS' : 'FC';
  const pick = (counters: Counter[], fallback: number) => {
    const hit = counters.find((c) => applicable(rows, c, read, leg).length > 0);
    return hit ? factored(rows, hit, read, leg, aircraft, fallback) : fallback;
  };
  return {
    hours: pick([hoursCounter], Math.round(aircraft[hoursCounter] * typeFactor)),
    cycles: pick([cyclesCounter], Math.round(aircraft[cyclesCounter] * typeFactor)),
    landings: pick(['LDG'], aircraft.LDG),
    rin: pick(['RIN'], aircraft.RIN),
  };
}

/** The operation codes a log records: upper case, separated by spaces or commas, each once. */
export function operationCodes(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...new Set(text.toUpperCase().split(/[\s,;]+/).filter(Boolean))];
}
