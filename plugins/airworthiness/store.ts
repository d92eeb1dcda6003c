/**
 * What the airworthiness actions read and write in the database: aircraft counters, installed
 * parts with their factors, the usage ledger and the aircraft's totals at a past date. The rules
 * themselves are the plain functions of rules/; this file only moves data in and out.
 */
import { sql, type RawBuilder } from 'kysely';
import type * as Db from '../../engine/src/db/schema.gen.ts';
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import type { UserRef } from '../../engine/src/crud/repository.ts';
import { aircraftUsage, COUNTERS, partUsage, settle, type Counter, type FactorRow, type Usage } from './rules/usage.ts';
import { todayUtc } from './rules/dates.ts';
import type { PartTimes } from './rules/component-times.ts';
import type { PartUsage } from './rules/usage.ts';

type Row = Record<string, unknown>;

/** The aircraft's column of each counter, and of its carried fraction. */
const AIRCRAFT_COLUMN: Record<Counter, keyof Db.AircraftTable> = { FH: 'total_fh', FC: 'total_fc', LDG: 'total_landings', APUH: 'apu_hours', APUS: 'apu_starts', RIN: 'total_rin' };
const AIRCRAFT_CARRY: Record<Counter, keyof Db.AircraftTable> = { FH: 'carry_fh', FC: 'carry_fc', LDG: 'carry_ldg', APUH: 'carry_apuh', APUS: 'carry_apus', RIN: 'carry_rin' };

export interface AircraftState {
  id: number;
  compcode: string;
  registration: string;
  typeId: number;
  status: string;
  manufactureDate: string | null;
  deliveryDate: string | null;
  totalsAsOf: string | null;
  counters: Record<Counter, number | null>;
  carry: Record<Counter, number>;
  /** The type tracks APU hours/starts, has an extra counter, and its part penalty factor. */
  type: { apu: boolean; rin: boolean; penalty: number; name: string };
  row: Row;
}

const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Reads an aircraft and its type, locked for update (postings serialise per aircraft). */
export async function lockAircraft(tx: DB, id: unknown, compcode?: string): Promise<AircraftState> {
  const row = (await tx.selectFrom('aircraft').selectAll().where('aircraft_id', '=', Number(id)).forUpdate().executeTakeFirst());
  if (!row || (compcode && row.compcode !== compcode)) throw appError('ERR_NOT_FOUND', { message: 'Aircraft not found.' });
  const type = (await tx.selectFrom('aircraft_type').selectAll().where('aircraft_type_id', '=', Number(row.aircraft_type)).executeTakeFirstOrThrow());
  return {
    id: Number(row.aircraft_id),
    compcode: String(row.compcode),
    registration: String(row.registration),
    typeId: Number(row.aircraft_type),
    status: String(row.status),
    manufactureDate: (row.manufacture_date as string | null) ?? null,
    deliveryDate: (row.delivery_date as string | null) ?? null,
    totalsAsOf: (row.totals_as_of as string | null) ?? null,
    counters: Object.fromEntries(COUNTERS.map((c) => [c, n(row[AIRCRAFT_COLUMN[c]])])) as Record<Counter, number | null>,
    carry: Object.fromEntries(COUNTERS.map((c) => [c, Number(row[AIRCRAFT_CARRY[c]] ?? 0)])) as Record<Counter, number>,
    type: { apu: Boolean(type.APU_usage), rin: Boolean(type.rin_counter_name), penalty: type.penalty_factor === null || type.penalty_factor === undefined ? 1 : Number(type.penalty_factor), name: String(type.type_name) },
    row,
  };
}

/** The type's factor table: rows for the aircraft's own counters (no component) and per type component. */
export async function factorTable(tx: DB, typeId: number): Promise<{ aircraft: FactorRow[]; byComponent: Map<number, FactorRow[]> }> {
  const rows = await tx
    .selectFrom('aircraft_type_component_penalty')
    .select(['type_component', 'counter', 'basis', 'applies', 'operation_code', 'factor', 'effective_from'])
    .where('aircraft_type', '=', typeId)
    .where('active', '=', true)
    .execute();
  const aircraft: FactorRow[] = [];
  const byComponent = new Map<number, FactorRow[]>();
  for (const r of rows) {
    const applies = r.applies === 'NO_READING' || r.applies === 'OPERATION' ? r.applies : 'ALWAYS';
    const f: FactorRow = { counter: r.counter as Counter, basis: (r.basis ?? r.counter) as Counter, factor: Number(r.factor), applies, operation: r.operation_code ? String(r.operation_code).toUpperCase() : null, effectiveFrom: r.effective_from };
    if (r.type_component === null) aircraft.push(f);
    else {
      const list = byComponent.get(Number(r.type_component)) ?? [];
      list.push(f);
      byComponent.set(Number(r.type_component), list);
    }
  }
  return { aircraft, byComponent };
}

/** A serial-numbered part with what its usage depends on. */
export interface PartState {
  id: number;
  compcode: string;
  partnumber: string;
  serial: string;
  aircraft: number | null;
  parent: number | null;
  typeComponent: number | null;
  status: string;
  installDate: string | null;
  /** Counts APU hours/starts (its type component does, or its assembly's). */
  tracksApu: boolean;
  isLlp: boolean;
  times: PartTimes;
  carry: { h: number; c: number; l: number; r: number };
  /** Life consumed per reference cycle at the rating its engine is operated at (1 off-engine). */
  ratingFactor: number;
  timesKnown: boolean;
  row: Row;
}

const PART_SELECT = `select c.*, coalesce(tc.tracks_apu, ptc.tracks_apu, false) as x_tracks_apu,
       p.thrust_rating as x_parent_rating,
       llp.type_llp_id as x_type_llp, llp.thrust_rating as x_reference_rating
  from fleet_component c
  left join aircraft_type_component tc on tc.type_component_id = c.type_component
  left join fleet_component p on p.component_id = c.parent_component
  left join aircraft_type_component ptc on ptc.type_component_id = p.type_component
  left join aircraft a on a.aircraft_id = c.aircraft
  left join lateral (
    select t.type_llp_id, t.thrust_rating from aircraft_type_llp t
     where t.compcode = c.compcode and t.partnumber = c.partnumber and t.active
       and (a.aircraft_type is null or t.aircraft_type = a.aircraft_type)
     order by t.type_llp_id limit 1) llp on true`;

function partState(r: Row, ratings: Map<number, { thrust_rating: string; factor: number }[]>): PartState {
  const typeLlp = n(r.x_type_llp);
  const isLlp = Boolean(r.is_llp) || typeLlp !== null;
  let ratingFactor = 1;
  const rating = (r.x_parent_rating as string | null) ?? (r.thrust_rating as string | null);
  const reference = r.x_reference_rating as string | null;
  if (isLlp && typeLlp !== null && rating && reference && rating.trim().toUpperCase() !== reference.trim().toUpperCase()) {
    const hit = (ratings.get(typeLlp) ?? []).find((x) => x.thrust_rating.trim().toUpperCase() === rating.trim().toUpperCase());
    if (hit) ratingFactor = Number(hit.factor);
  }
  const csn = n(r.csn);
  const life = n(r.llp_life_used);
  return {
    id: Number(r.component_id),
    compcode: String(r.compcode),
    partnumber: String(r.partnumber),
    serial: String(r.serial_number),
    aircraft: n(r.aircraft),
    parent: n(r.parent_component),
    typeComponent: n(r.type_component),
    status: String(r.component_status),
    installDate: (r.install_date as string | null) ?? null,
    tracksApu: Boolean(r.x_tracks_apu),
    isLlp,
    times: {
      tsn: n(r.tsn),
      csn,
      tso: n(r.tso),
      cso: n(r.cso),
      tsr: n(r.tsr),
      csr: n(r.csr),
      lsn: n(r.lsn),
      rsn: n(r.rsn),
      lifeMilli: isLlp ? (life !== null ? Math.round(life * 1000) : csn !== null ? csn * 1000 : null) : null,
    },
    carry: { h: Number(r.carry_h ?? 0), c: Number(r.carry_c ?? 0), l: Number(r.carry_l ?? 0), r: Number(r.carry_r ?? 0) },
    ratingFactor,
    timesKnown: r.times_known !== false,
    row: r,
  };
}

async function ratingTables(tx: DB, rows: Row[]): Promise<Map<number, { thrust_rating: string; factor: number }[]>> {
  const ids = [...new Set(rows.map((r) => n(r.x_type_llp)).filter((x): x is number => x !== null))];
  const out = new Map<number, { thrust_rating: string; factor: number }[]>();
  if (ids.length === 0) return out;
  const found = await tx.selectFrom('llp_rating_factor').select(['type_llp', 'thrust_rating', 'factor']).where('type_llp', 'in', ids).execute();
  for (const f of found) {
    const list = out.get(Number(f.type_llp)) ?? [];
    list.push({ thrust_rating: String(f.thrust_rating), factor: Number(f.factor) });
    out.set(Number(f.type_llp), list);
  }
  return out;
}

/** Parts by a condition on `c` (the fleet_component alias), locked for update. */
export async function loadParts(tx: DB, where: RawBuilder<unknown>): Promise<PartState[]> {
  const rows = (await sql<Row>`${sql.raw(PART_SELECT)} where ${where} order by c.component_id for update of c`.execute(tx)).rows;
  const ratings = await ratingTables(tx, rows);
  return rows.map((r) => partState(r, ratings));
}

/** Parts installed on an aircraft (on or before `date` when given). */
export function installedParts(tx: DB, aircraftId: number, date?: string): Promise<PartState[]> {
  return date
    ? loadParts(tx, sql`c.aircraft = ${aircraftId} and c.component_status = 'INSTALLED' and (c.install_date is null or c.install_date <= ${date})`)
    : loadParts(tx, sql`c.aircraft = ${aircraftId} and c.component_status = 'INSTALLED'`);
}

export async function onePart(tx: DB, id: unknown, compcode: string): Promise<PartState> {
  const [p] = await loadParts(tx, sql`c.component_id = ${Number(id)}`);
  if (!p || p.compcode !== compcode) throw appError('ERR_NOT_FOUND', { message: 'Component not found.' });
  return p;
}

/** Every part below an assembly (LLPs of an engine, of its modules), level by level. */
export async function descendants(tx: DB, id: number): Promise<PartState[]> {
  const out: PartState[] = [];
  let level = [id];
  for (let depth = 0; depth < 5 && level.length; depth++) {
    const kids = await loadParts(tx, sql`c.parent_component in (${sql.join(level)})`);
    out.push(...kids);
    level = kids.map((k) => k.id);
  }
  return out;
}

/** Part usage (thousandths) settled into whole units with the part's carries. */
export function settlePart(p: PartState, u: PartUsage, lifeMilli: number): { whole: PartUsage; carry: PartState['carry']; lifeMilli: number } {
  const h = settle(p.carry.h, u.hours);
  const c = settle(p.carry.c, u.cycles);
  const l = settle(p.carry.l, u.landings);
  const r = settle(p.carry.r, u.rin);
  return { whole: { hours: h.whole, cycles: c.whole, landings: l.whole, rin: r.whole }, carry: { h: h.carry, c: c.carry, l: l.carry, r: r.carry }, lifeMilli };
}

/** The part's counters as columns of fleet_component. */
export function partColumns(t: PartTimes, carry: PartState['carry'] | null, isLlp: boolean): Row {
  return {
    tsn: t.tsn,
    csn: t.csn,
    tso: t.tso,
    cso: t.cso,
    tsr: t.tsr,
    csr: t.csr,
    lsn: t.lsn,
    rsn: t.rsn,
    ...(isLlp && t.lifeMilli !== null ? { llp_life_used: t.lifeMilli / 1000 } : {}),
    ...(carry ? { carry_h: carry.h, carry_c: carry.c, carry_l: carry.l, carry_r: carry.r } : {}),
  };
}

export interface LedgerRow {
  compcode: string;
  aircraft: number;
  component?: number | null;
  flight_log?: number | null;
  component_change?: number | null;
  flight_date: string;
  kind: 'POST' | 'AMEND' | 'INSTALL' | 'REMOVE';
  d_h?: number | null;
  d_c?: number | null;
  d_l?: number | null;
  d_r?: number | null;
  d_apuh?: number | null;
  d_apus?: number | null;
  d_life?: number | null;
  reason?: string | null;
}

export async function writeLedger(tx: DB, rows: LedgerRow[], user: UserRef | null): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('usage_ledger')
    .values(rows.map((r) => ({ ...r, created_by: user?.username ?? 'system' })))
    .execute();
}

/**
 * The aircraft's counters at the end of `date`: today's totals less the usage posted for flights
 * after that date (usage ledger). Before the first posted flight, the totals the aircraft was
 * entered with.
 */
export async function totalsAt(tx: DB, ac: AircraftState, date: string): Promise<Record<Counter, number | null>> {
  const after = await tx
    .selectFrom('usage_ledger')
    .select((eb) => [eb.fn.sum<number>('d_h').as('fh'), eb.fn.sum<number>('d_c').as('fc'), eb.fn.sum<number>('d_l').as('ldg'), eb.fn.sum<number>('d_r').as('rin'), eb.fn.sum<number>('d_apuh').as('apuh'), eb.fn.sum<number>('d_apus').as('apus')])
    .where('aircraft', '=', ac.id)
    .where('component', 'is', null)
    .where('flight_date', '>', date)
    .executeTakeFirst();
  const less = (c: Counter, v: unknown) => (ac.counters[c] === null ? null : (ac.counters[c] as number) - Number(v ?? 0));
  return { FH: less('FH', after?.fh), FC: less('FC', after?.fc), LDG: less('LDG', after?.ldg), RIN: less('RIN', after?.rin), APUH: less('APUH', after?.apuh), APUS: less('APUS', after?.apus) };
}

/** Settles the aircraft's usage (thousandths) with its carries: the whole deltas, new counters and carries. */
export function settleAircraft(ac: AircraftState, milli: Usage): { whole: Usage; counters: Record<Counter, number | null>; carry: Record<Counter, number> } {
  const whole = { ...milli };
  const counters = { ...ac.counters };
  const carry = { ...ac.carry };
  for (const c of COUNTERS) {
    const s = settle(ac.carry[c], milli[c]);
    whole[c] = s.whole;
    carry[c] = s.carry;
    counters[c] = ac.counters[c] === null ? null : (ac.counters[c] as number) + s.whole;
  }
  return { whole, counters, carry };
}

/** The aircraft's counters and carries as columns. */
export function aircraftColumns(counters: Record<Counter, number | null>, carry: Record<Counter, number>): Row {
  const out: Row = {};
  for (const c of COUNTERS) {
    out[AIRCRAFT_COLUMN[c]] = counters[c];
    out[AIRCRAFT_CARRY[c]] = carry[c];
  }
  return out;
}

/** The user's full name (who approved, who certified). */
export async function fullName(tx: DB, user: UserRef): Promise<string> {
  const u = await tx.selectFrom('users').select(['full_name', 'username']).where('user_id', '=', user.user_id).executeTakeFirst();
  return String(u?.full_name || u?.username || user.username);
}

/**
 * The usage a part had between a past moment (the aircraft's totals `at`) and now, from the
 * aircraft's usage in between through the part's factors (those that apply to every flight):
 * what a back-dated installation adds, or what separates the part's times at an accomplishment
 * from today's. Settled with the part's carries.
 */
export async function usageSince(tx: DB, ac: AircraftState, p: PartState, at: Record<Counter, number | null>, since: string = todayUtc()) {
  const d = (c: Counter) => Math.max(0, (ac.counters[c] ?? 0) - (at[c] ?? ac.counters[c] ?? 0));
  // the factors in force at the start of the period count for all of it
  const leg = { flightMinutes: d('FH'), cycles: d('FC'), landings: d('LDG'), apuMinutes: d('APUH'), apuStarts: d('APUS'), rin: d('RIN'), date: since };
  const factors = await factorTable(tx, ac.typeId);
  const acMilli = aircraftUsage(leg, { apu: ac.type.apu, rin: ac.type.rin }, []);
  const rows = (factors.byComponent.get(p.typeComponent ?? -1) ?? []).filter((r) => r.applies === 'ALWAYS');
  const u = partUsage(leg, acMilli, { tracksApu: p.tracksApu }, rows, ac.type.penalty);
  const lifeMilli = p.isLlp ? Math.round(u.cycles * p.ratingFactor) : 0;
  return settlePart(p, u, lifeMilli);
}
