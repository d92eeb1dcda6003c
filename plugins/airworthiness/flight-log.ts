/**
 * Flight logs (fleet-afl). Block and flight times are computed by the server from the four UTC
 * times on every write (rules/flight-times.ts) and inconsistent times are refused. Posting
 * (letter P) advances, in one transaction, the aircraft's counters and those of every part
 * installed on it on the flight date, through the type's factor and penalty table, and writes the
 * usage ledger. A posted log's times and counts may be amended, with a reason: the difference
 * between what the amended log gives and what was posted for it is posted to the same aircraft
 * and parts (even if a part has since been removed), with its own ledger rows.
 */
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { ActionContext, HookContext } from '../../engine/src/plugins/host.ts';
import type { Repository, UserRef } from '../../engine/src/crud/repository.ts';
import { formatDuration } from '../../engine/src/values/duration.ts';
import { sectorTimes } from './rules/flight-times.ts';
import { isoDate, todayUtc } from './rules/dates.ts';
import { aircraftUsage, operationCodes, partUsage, type LegReading, type Usage } from './rules/usage.ts';
import { addUsage } from './rules/component-times.ts';
import type { VersionedRow } from '../../engine/src/crud/versioned.ts';
import {
  aircraftColumns,
  factorTable,
  installedParts,
  loadParts,
  lockAircraft,
  partColumns,
  settleAircraft,
  settlePart,
  writeLedger,
  type AircraftState,
  type LedgerRow,
  type PartState,
} from './store.ts';
import { sql } from 'kysely';

type Row = Record<string, unknown>;

/** Fields of a posted log whose change is an amendment of its usage. */
const COUNTING = ['flight_minutes', 'cycles', 'landings', 'apu_minutes', 'apu_starts', 'rin_count'] as const;

const numOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * beforeCreate / beforeUpdate: block and flight minutes and the date (the UTC date of block off)
 * from the four times, never typed; a posted log whose usage changes counts the amendment.
 */
export async function checkFlightLog(ctx: HookContext): Promise<void> {
  const merged = { ...ctx.before, ...ctx.row };
  const t = sectorTimes({ block_off: merged.block_off as string, takeoff: merged.takeoff as string, landing: merged.landing as string, block_on: merged.block_on as string });
  if (!t.ok) throw appError('ERR_VALIDATION', { errors: t.errors });
  if (Number(merged.landings ?? 0) < Number(merged.cycles ?? 0)) throw appError('ERR_VALIDATION', { errors: [{ path: '/landings', message: 'Landings cannot be fewer than cycles' }] });
  if (ctx.before && isoDate(String(ctx.before.flight_date)) !== t.date && Number(ctx.before.posted) === 1) {
    throw appError('ERR_VALIDATION', { errors: [{ path: '/block_off', message: `A posted log stays on its date (${isoDate(String(ctx.before.flight_date))})` }] });
  }
  await checkOperations(ctx, merged);
  ctx.row.flight_date = t.date;
  ctx.row.block_minutes = t.blockMinutes;
  ctx.row.flight_minutes = t.flightMinutes;
  if (ctx.before && Number(ctx.before.posted) === 1) {
    const after: Record<string, unknown> = { ...merged, flight_minutes: t.flightMinutes };
    if (COUNTING.some((f) => numOrNull(after[f]) !== numOrNull(ctx.before?.[f])) || operationsChanged(after, ctx.before)) ctx.row.amend_count = Number(ctx.before.amend_count ?? 0) + 1;
  }
}

const operationsChanged = (a: Row, b: Row | undefined) => operationCodes(a.operation_codes).sort().join(' ') !== operationCodes(b?.operation_codes).sort().join(' ');

/**
 * The operations a log records are codes of the aircraft type's factor table (rows applying on
 * flights of that operation); stored upper case, space-separated. An unknown code is refused.
 */
async function checkOperations(ctx: HookContext, merged: Row): Promise<void> {
  if (merged.operation_codes === undefined || merged.operation_codes === null || merged.operation_codes === '') return;
  const codes = operationCodes(merged.operation_codes);
  const known = await sql<{ code: string }>`
    select distinct upper(p.operation_code) as code
      from aircraft_type_component_penalty p join aircraft a on a.aircraft_type = p.aircraft_type
     where a.aircraft_id = ${Number(merged.aircraft)} and p.active and p.applies = 'OPERATION' and p.operation_code is not null`.execute(ctx.db);
  const have = new Set(known.rows.map((r) => r.code));
  const unknown = codes.filter((c) => !have.has(c));
  if (unknown.length) {
    throw appError('ERR_VALIDATION', { errors: [{ path: '/operation_codes', message: `${unknown.join(', ')}: not an operation of this aircraft type's factor table${have.size ? ` (${[...have].sort().join(', ')})` : ' (it has none)'}` }] });
  }
  ctx.row.operation_codes = codes.join(' ');
}

/** What a log reads, per sector. */
function legOf(log: Row): LegReading {
  return {
    flightMinutes: Number(log.flight_minutes ?? 0),
    cycles: Number(log.cycles ?? 0),
    landings: Number(log.landings ?? 0),
    apuMinutes: numOrNull(log.apu_minutes),
    apuStarts: numOrNull(log.apu_starts),
    rin: numOrNull(log.rin_count),
    date: isoDate(String(log.flight_date)),
    operations: operationCodes(log.operation_codes),
  };
}

interface Posted {
  aircraft: Usage;
  parts: number;
}

/**
 * Posts usage of one log to the aircraft and to `parts`: the usage the log gives, less what was
 * already posted for it (nothing on first posting), settled with the carried fractions.
 */
async function postUsage(tx: DB, repo: Repository, user: UserRef | null, ac: AircraftState, log: Row, parts: PartState[], kind: 'POST' | 'AMEND'): Promise<Posted> {
  const leg = legOf(log);
  const logId = Number(log.flight_log_id);
  const factors = await factorTable(tx, ac.typeId);
  const acMilli = aircraftUsage(leg, { apu: ac.type.apu, rin: ac.type.rin }, factors.aircraft);
  const already = new Map<string, Row>();
  if (kind === 'AMEND') {
    const sums = await sql<Row>`select component, sum(d_h) as h, sum(d_c) as c, sum(d_l) as l, sum(d_r) as r, sum(d_apuh) as apuh, sum(d_apus) as apus, sum(d_life) as life
                                  from usage_ledger where flight_log = ${logId} group by component`.execute(tx);
    for (const s of sums.rows) already.set(String(s.component ?? 'aircraft'), s);
  }
  const before = already.get('aircraft');
  const prev = (k: string) => Number(before?.[k] ?? 0) * 1000;
  const acDelta: Usage = {
    FH: acMilli.FH - prev('h'),
    FC: acMilli.FC - prev('c'),
    LDG: acMilli.LDG - prev('l'),
    RIN: acMilli.RIN - prev('r'),
    APUH: acMilli.APUH - prev('apuh'),
    APUS: acMilli.APUS - prev('apus'),
  };
  const settled = settleAircraft(ac, acDelta);
  const asOf = ac.totalsAsOf && ac.totalsAsOf > leg.date ? ac.totalsAsOf : leg.date;
  await repo.patch(tx, user, 'aircraft', ac.id, { ...aircraftColumns(settled.counters, settled.carry), totals_as_of: asOf }, { reason: `${kind === 'POST' ? 'post' : 'amend'} flight log ${String(log.techlog_page)}`, before: ac.row });
  // an amendment keeps the reason typed with it (else says that it is one)
  const reason = kind === 'AMEND' ? (log.amend_reason ? String(log.amend_reason) : 'amended') : null;
  const ledger: LedgerRow[] = [
    { compcode: ac.compcode, aircraft: ac.id, flight_log: logId, flight_date: leg.date, kind, d_h: settled.whole.FH, d_c: settled.whole.FC, d_l: settled.whole.LDG, d_r: settled.whole.RIN, d_apuh: settled.whole.APUH, d_apus: settled.whole.APUS, reason },
  ];
  const updates: VersionedRow[] = [];
  for (const p of parts) {
    const u = partUsage(leg, acMilli, { tracksApu: p.tracksApu }, factors.byComponent.get(p.typeComponent ?? -1) ?? [], ac.type.penalty);
    const lifeMilli = p.isLlp ? Math.round(u.cycles * p.ratingFactor) : 0;
    const had = already.get(String(p.id));
    const hadMilli = (k: string) => Number(had?.[k] ?? 0) * 1000;
    const delta = { hours: u.hours - hadMilli('h'), cycles: u.cycles - hadMilli('c'), landings: u.landings - hadMilli('l'), rin: u.rin - hadMilli('r') };
    const lifeDelta = lifeMilli - Math.round(Number(had?.life ?? 0) * 1000);
    const s = settlePart(p, delta, lifeDelta);
    if (kind === 'AMEND' && s.whole.hours === 0 && s.whole.cycles === 0 && s.whole.landings === 0 && s.whole.rin === 0 && lifeDelta === 0) continue;
    // every part's counters, in one versioned write (LLPs carry their life used too)
    updates.push({ key: p.id, values: { ...partColumns(addUsage(p.times, s.whole, lifeDelta), s.carry, true), llp_life_used: p.isLlp && p.times.lifeMilli !== null ? (p.times.lifeMilli + lifeDelta) / 1000 : (p.row.llp_life_used ?? null) }, before: p.row });
    ledger.push({ compcode: ac.compcode, aircraft: ac.id, component: p.id, flight_log: logId, flight_date: leg.date, kind, d_h: s.whole.hours, d_c: s.whole.cycles, d_l: s.whole.landings, d_r: s.whole.rin, d_life: p.isLlp ? lifeDelta / 1000 : null, reason });
  }
  await repo.patchMany(tx, user, 'fleet_component', updates, { reason: `${kind === 'POST' ? 'post' : 'amend'} flight log ${String(log.techlog_page)}` });
  await writeLedger(tx, ledger, user);
  return { aircraft: settled.whole, parts: ledger.length - 1 };
}

/** Action post_flight_log (letter P): posts one log. */
export async function postFlightLog(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'flight_log', key, name: 'post' }, async (tx, log) => {
    const page = log.techlog_page;
    if (log.posted === 1) throw appError('ERR_CONFLICT', { message: `Flight log ${page} is already posted.` });
    const t = sectorTimes({ block_off: log.block_off as string, takeoff: log.takeoff as string, landing: log.landing as string, block_on: log.block_on as string });
    if (!t.ok) throw appError('ERR_VALIDATION', { errors: t.errors });
    const date = isoDate(log.flight_date);
    if (date > (ctx.asOf ?? todayUtc())) throw appError('ERR_VALIDATION', { errors: [{ path: '/flight_date', message: 'A flight in the future cannot be posted' }] });
    const ac = await lockAircraft(tx, log.aircraft, ctx.user.compcode);
    if (ac.status === 'PHASEOUT') throw appError('ERR_CONFLICT', { message: `${ac.registration} is phased out: its logs are no longer posted.` });
    if (ac.status === 'RETIRED' || ac.status === 'TRANSFERRED') throw appError('ERR_CONFLICT', { message: `${ac.registration} has left the fleet: its records are kept, its logs are no longer posted.` });
    const current = { ...log, block_minutes: t.blockMinutes, flight_minutes: t.flightMinutes };
    const parts = await installedParts(tx, ac.id, date);
    const posted = await postUsage(tx, ctx.repo, ctx.user, ac, current, parts, 'POST');
    await ctx.repo.patch(tx, ctx.user, 'flight_log', log.flight_log_id, { posted: 1, posted_at: new Date().toISOString(), block_minutes: t.blockMinutes, flight_minutes: t.flightMinutes }, { reason: 'post', before: log });
    await ctx.plugins.run('afterPost', 'flight_log', { db: tx, user: ctx.user, reg: ctx.reg, repo: ctx.repo, row: { ...current, posted: 1 } });
    return {
      success: 1,
      message: `Flight log ${page} posted: ${ac.registration} +${formatDuration(posted.aircraft.FH)} FH, +${posted.aircraft.FC} FC${ac.type.apu ? `, +${formatDuration(posted.aircraft.APUH)} APU` : ''}; ${posted.parts} installed part(s) advanced.`,
      aircraft: ac.registration,
      fh: posted.aircraft.FH,
      fc: posted.aircraft.FC,
      apu_minutes: posted.aircraft.APUH,
      parts: posted.parts,
    };
  });
}

/** afterUpdate: a posted log whose usage changed posts the difference. */
export async function amendFlightLog(ctx: HookContext): Promise<void> {
  const before = ctx.before;
  if (!before || Number(before.posted) !== 1 || !ctx.repo) return;
  const after = ctx.row;
  if (!COUNTING.some((f) => numOrNull(after[f]) !== numOrNull(before[f])) && !operationsChanged(after, before)) return;
  const ac = await lockAircraft(ctx.db, after.aircraft);
  // the parts this log was posted to, wherever they are now
  const ids = (await ctx.db.selectFrom('usage_ledger').select('component').distinct().where('flight_log', '=', Number(after.flight_log_id)).where('component', 'is not', null).execute()).map((r) => Number(r.component));
  const parts = ids.length ? await loadParts(ctx.db, sql`c.component_id in (${sql.join(ids)})`) : [];
  await postUsage(ctx.db, ctx.repo, ctx.user, ac, after, parts, 'AMEND');
}

/** Action post_maintenance_log (letter P): a maintenance log entry is certified and frozen. */
export async function postMaintenanceLog(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'maintenance_log', key, name: 'post' }, async (tx, doc) => {
    if (doc.posted === 1) throw appError('ERR_CONFLICT', { message: `Maintenance log ${doc.techlog_page} is already posted.` });
    const errors: { path: string; message: string }[] = [];
    const reports = ['PIREP', 'MAREP'].includes(doc.log_type);
    if (!reports && !doc.performed_by) errors.push({ path: '/performed_by', message: 'Name who performed the work before posting' });
    if (doc.crs_issued && !doc.licence_no) errors.push({ path: '/licence_no', message: 'A release to service needs the licence number of who certified it' });
    if (isoDate(doc.log_date) > (ctx.asOf ?? todayUtc())) errors.push({ path: '/log_date', message: 'An entry in the future cannot be posted' });
    if (errors.length) throw appError('ERR_VALIDATION', { errors });
    const values: Row = { posted: 1 };
    if (doc.ac_fh === null || doc.ac_fh === undefined || doc.ac_fc === null || doc.ac_fc === undefined) {
      const ac = await lockAircraft(tx, doc.aircraft, ctx.user.compcode);
      if (doc.ac_fh === null || doc.ac_fh === undefined) values.ac_fh = ac.counters.FH;
      if (doc.ac_fc === null || doc.ac_fc === undefined) values.ac_fc = ac.counters.FC;
    }
    await ctx.repo.patch(tx, ctx.user, 'maintenance_log', doc.mlog_id, values, { reason: 'post', before: doc });
    await ctx.plugins.run('afterPost', 'maintenance_log', { db: tx, user: ctx.user, reg: ctx.reg, repo: ctx.repo, row: { ...doc, ...values } });
    return { success: 1, message: `Maintenance log ${doc.techlog_page} posted.` };
  });
}

