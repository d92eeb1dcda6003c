/**
 * Component changes (fleet-component-change): posting (letter P) applies an installation,
 * removal, shop visit or scrapping to the part and to the aircraft's configuration, in one
 * transaction, and records the part's times at the event on the change.
 *
 * - INSTALL on an aircraft (or into an assembly: an LLP into its engine): the part must be a
 *   serviceable spare, of the aircraft's type programme, not at or over any of its limits, and its
 *   position free; an LLP without known life is refused. The aircraft's totals at installation
 *   are recorded on the part (APU counters for parts counting APU usage). The parts of an
 *   assembly travel with it.
 * - REMOVE: TSI/CSI = the aircraft's totals at removal − at installation; the part keeps its
 *   TSN/CSN/TSO/CSO to the shop and the next aircraft; it becomes unserviceable (serviceable for
 *   a robbery or convenience removal).
 * - SHOP_IN / SHOP_OUT: an overhaul zeroes TSO/CSO, a repair TSR/CSR, never an LLP's life;
 *   the shop work counts as the accomplishment of the part's limits of that kind.
 * - SCRAP: a part off the aircraft is scrapped.
 *
 * An event may be back-dated with the aircraft's totals at that time: an installation then adds
 * the usage flown since to the part, a removal takes back what was posted to it after (ledger rows
 * INSTALL / REMOVE). Events of one part post in date order.
 */
import { sql } from 'kysely';
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import { formatDuration } from '../../engine/src/values/duration.ts';
import { afterShopVisit, addUsage, sinceInstallation, type PartTimes } from './rules/component-times.ts';
import { isoDate, todayUtc } from './rules/dates.ts';
import { limitReached } from './rules/due.ts';
import type { Counter } from './rules/usage.ts';
import { dueRows, loadAircraftInput, refreshDue } from './schedule.ts';
import { descendants, lockAircraft, onePart, partColumns, totalsAt, usageSince, writeLedger, type AircraftState, type LedgerRow, type PartState } from './store.ts';

type Row = Record<string, unknown>;

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const invalid = (path: string, message: string) => appError('ERR_VALIDATION', { errors: [{ path, message }] });

/** Removal reasons after which the part is still serviceable. */
const SERVICEABLE_REMOVAL = ['ROBBERY', 'CONVENIENCE'];

/** The aircraft's totals at the event: typed on the change, else derived from the posted flights. */
async function eventTotals(tx: DB, ac: AircraftState, ch: Row): Promise<Record<Counter, number | null>> {
  const date = isoDate(String(ch.change_date));
  const at = await totalsAt(tx, ac, date);
  const typed: Partial<Record<Counter, number | null>> = { FH: num(ch.ac_fh), FC: num(ch.ac_fc), APUH: num(ch.ac_apu_hours), APUS: num(ch.ac_apu_starts) };
  const out = { ...at };
  for (const [c, v] of Object.entries(typed) as [Counter, number | null][]) {
    if (v === null) continue;
    const now = ac.counters[c];
    if (now !== null && v > now) {
      const path = c === 'FH' ? '/ac_fh' : c === 'FC' ? '/ac_fc' : c === 'APUH' ? '/ac_apu_hours' : '/ac_apu_starts';
      throw invalid(path, `Above the aircraft's current total (${c === 'FH' || c === 'APUH' ? formatDuration(now) : now})`);
    }
    out[c] = v;
    // landings and the extra counter move with the cycles when only those are typed
    if (c === 'FC' && ac.counters.FC !== null) {
      const back = (ac.counters.FC as number) - v;
      if (ac.counters.LDG !== null) out.LDG = Math.min(out.LDG ?? Infinity, (ac.counters.LDG as number) - back);
    }
  }
  return out;
}

/** The part's counters in the aircraft's counters it follows (APU hours/starts for APU parts). */
const partCounters = (p: PartState, t: Record<Counter, number | null>) => ({ h: p.tracksApu ? t.APUH : t.FH, c: p.tracksApu ? t.APUS : t.FC });

/** Limits the part has reached (whichever rule per limit), as messages. */
async function reachedLimits(tx: DB, ac: AircraftState, p: PartState, date: string): Promise<string[]> {
  const prospective: PartState = { ...p, aircraft: ac.id, status: 'INSTALLED', installDate: date, row: { ...p.row, installed_tsn: p.times.tsn, installed_csn: p.times.csn, install_date: date } };
  const input = await loadAircraftInput(tx, ac, [prospective]);
  const rows = dueRows({ ...input, inspections: [], ads: [], sbs: [] });
  const out: string[] = [];
  // the dues are in the aircraft's counters (its APU's for APU parts): reached when they are not above them
  const apu = { h: ac.counters.APUH, c: ac.counters.APUS, l: ac.counters.LDG, r: ac.counters.RIN };
  const air = { h: ac.counters.FH, c: ac.counters.FC, l: ac.counters.LDG, r: ac.counters.RIN };
  for (const r of rows) {
    if (r.no_record) continue;
    if (limitReached({ h: r.due_h, c: r.due_c, l: r.due_l, r: r.due_r, date: r.due_date }, r.measure === 'APU' ? apu : air, date, r.whichever, r.hard_date)) out.push(r.description);
  }
  return out;
}

async function checkEventOrder(tx: DB, p: PartState, ch: Row, today: string): Promise<void> {
  const last = await tx
    .selectFrom('component_change')
    .select((eb) => eb.fn.max<string>('change_date').as('d'))
    .where('component', '=', p.id)
    .where('posted', '=', 1)
    .executeTakeFirst();
  const date = isoDate(String(ch.change_date));
  if (last?.d && date < last.d) throw invalid('/change_date', `Events of a part are posted in date order: the last posted event of S/N ${p.serial} is on ${last.d}`);
  if (date > today) throw invalid('/change_date', 'An event in the future cannot be posted');
}

/** INSTALL: on an aircraft or into an assembly. */
async function install(ctx: ActionContext, tx: DB, ch: Row, p: PartState): Promise<{ values: Row; aircraft: number | null; message: string }> {
  const date = isoDate(String(ch.change_date));
  if (p.status !== 'SPARE') {
    const why: Record<string, string> = { INSTALLED: 'is already installed', US: 'is unserviceable', SHOP: 'is in the shop', SCRAPPED: 'is scrapped' };
    throw appError('ERR_CONFLICT', { message: `S/N ${p.serial} ${why[p.status] ?? `is ${p.status}`}: only a serviceable spare can be installed.` });
  }
  if (p.isLlp && (p.times.csn === null || !p.timesKnown)) throw appError('ERR_CONFLICT', { message: `S/N ${p.serial} is a life-limited part without known cycles (no back-to-birth record): it cannot be installed.` });
  let parent: PartState | null = null;
  if (ch.parent_component) {
    parent = await onePart(tx, ch.parent_component, p.compcode);
    if (parent.id === p.id) throw invalid('/parent_component', 'A part cannot be installed into itself');
    if (ch.aircraft && Number(ch.aircraft) !== parent.aircraft) throw invalid('/aircraft', `The assembly S/N ${parent.serial} is not on this aircraft`);
  }
  const aircraftId = parent ? parent.aircraft : num(ch.aircraft);
  if (!parent && aircraftId === null) throw invalid('/aircraft', 'Name the aircraft (or the assembly) the part is installed on');
  const changes: Row = { posted: 1, posted_at: new Date().toISOString(), aircraft: aircraftId, tsn: p.times.tsn, csn: p.times.csn, tso: p.times.tso, cso: p.times.cso };
  if (aircraftId === null) {
    // into an assembly that is off the aircraft (an LLP into an engine in the shop)
    await ctx.repo.patch(tx, ctx.user, 'fleet_component', p.id, { parent_component: (parent as PartState).id, position: ch.position ?? null, component_status: (parent as PartState).status }, { reason: 'install', before: p.row });
    return { values: changes, aircraft: null, message: `S/N ${p.serial} installed in S/N ${(parent as PartState).serial}.` };
  }
  const ac = await lockAircraft(tx, aircraftId, p.compcode);
  if (p.typeComponent !== null) {
    const tc = await tx.selectFrom('aircraft_type_component').select(['aircraft_type']).where('type_component_id', '=', p.typeComponent).executeTakeFirst();
    if (tc && Number(tc.aircraft_type) !== ac.typeId) throw appError('ERR_CONFLICT', { message: `P/N ${p.partnumber} is not in the ${ac.type.name} programme: it cannot be installed on ${ac.registration}.` });
  }
  if (ch.position && !parent) {
    const clash = await sql<Row>`select serial_number from fleet_component
                                 where aircraft = ${ac.id} and component_status = 'INSTALLED' and position = ${String(ch.position)} and component_id <> ${p.id}
                                   and parent_component is null
                                   and (type_component = ${p.typeComponent} or (type_component is null and partnumber = ${p.partnumber}))`.execute(tx);
    if (clash.rows.length) throw appError('ERR_CONFLICT', { message: `Position ${String(ch.position)} of ${ac.registration} holds S/N ${String(clash.rows[0].serial_number)}: remove it first.` });
  }
  const reached = await reachedLimits(tx, ac, p, date);
  if (reached.length) throw appError('ERR_CONFLICT', { message: `S/N ${p.serial} is at or over its limit (${reached.join('; ')}): it cannot be installed.` });
  const at = await eventTotals(tx, ac, ch);
  const ledger: LedgerRow[] = [];
  const assembly = [p, ...(await descendants(tx, p.id))];
  for (const part of assembly) {
    const snap = partCounters(part, at);
    const since = await usageSince(tx, ac, part, at, date);
    const times = addUsage(part.times, since.whole, since.lifeMilli);
    await ctx.repo.patch(
      tx,
      ctx.user,
      'fleet_component',
      part.id,
      {
        ...partColumns(times, since.carry, part.isLlp),
        aircraft: ac.id,
        component_status: 'INSTALLED',
        install_date: date,
        installed_ac_fh: snap.h,
        installed_ac_fc: snap.c,
        installed_tsn: part.times.tsn,
        installed_csn: part.times.csn,
        installed_lsn: part.times.lsn,
        installed_rsn: part.times.rsn,
        ...(part.id === p.id ? { position: ch.position ?? null, ...(parent ? { parent_component: parent.id } : {}) } : {}),
      },
      { reason: 'install', before: part.row },
    );
    if (since.whole.hours || since.whole.cycles || since.whole.landings || since.whole.rin || since.lifeMilli) {
      ledger.push({ compcode: ac.compcode, aircraft: ac.id, component: part.id, component_change: Number(ch.change_id), flight_date: date, kind: 'INSTALL', d_h: since.whole.hours, d_c: since.whole.cycles, d_l: since.whole.landings, d_r: since.whole.rin, d_life: part.isLlp ? since.lifeMilli / 1000 : null, reason: 'usage since a back-dated installation' });
    }
  }
  await writeLedger(tx, ledger, ctx.user);
  changes.ac_fh = at.FH;
  changes.ac_fc = at.FC;
  if (p.tracksApu) Object.assign(changes, { ac_apu_hours: at.APUH, ac_apu_starts: at.APUS });
  return { values: changes, aircraft: ac.id, message: `S/N ${p.serial} installed on ${ac.registration}${ch.position ? ` position ${String(ch.position)}` : ''} at ${formatDuration(at.FH)} FH / ${at.FC ?? ''} FC.` };
}

/** REMOVE: from the aircraft (or the assembly), TSI/CSI recorded, times taken back to the event. */
async function remove(ctx: ActionContext, tx: DB, ch: Row, p: PartState): Promise<{ values: Row; aircraft: number | null; message: string }> {
  const date = isoDate(String(ch.change_date));
  if (p.aircraft === null && p.parent === null) throw appError('ERR_CONFLICT', { message: `S/N ${p.serial} is not installed.` });
  if (ch.aircraft && p.aircraft !== Number(ch.aircraft)) throw invalid('/aircraft', `S/N ${p.serial} is not installed on this aircraft`);
  if (p.installDate && date < p.installDate) throw invalid('/change_date', `S/N ${p.serial} was installed on ${p.installDate}`);
  const status = SERVICEABLE_REMOVAL.includes(String(ch.reason ?? '')) ? 'SPARE' : 'US';
  const changes: Row = { posted: 1, posted_at: new Date().toISOString(), aircraft: p.aircraft };
  if (p.aircraft === null) {
    await ctx.repo.patch(tx, ctx.user, 'fleet_component', p.id, { parent_component: null, position: null, component_status: status }, { reason: 'remove', before: p.row });
    Object.assign(changes, { tsn: p.times.tsn, csn: p.times.csn, tso: p.times.tso, cso: p.times.cso });
    return { values: changes, aircraft: null, message: `S/N ${p.serial} removed from its assembly.` };
  }
  const ac = await lockAircraft(tx, p.aircraft, p.compcode);
  const at = await eventTotals(tx, ac, ch);
  const ledger: LedgerRow[] = [];
  const assembly = [p, ...(await descendants(tx, p.id))];
  let mine: { times: PartTimes; tsi: number | null; csi: number | null } | null = null;
  for (const part of assembly) {
    const snap = partCounters(part, at);
    const installed = { h: num(part.row.installed_ac_fh), c: num(part.row.installed_ac_fc) };
    if (snap.h !== null && installed.h !== null && snap.h < installed.h) throw invalid('/ac_fh', `Below the aircraft's total at the installation of S/N ${part.serial} (${formatDuration(installed.h)})`);
    // the usage the part had after the removal (nothing when removed today): the aircraft's since then, through the part's factors
    const back = await usageSince(tx, ac, part, at, date);
    const times = addUsage(part.times, back.whole, back.lifeMilli, -1);
    const since = sinceInstallation(installed, { h: snap.h ?? 0, c: snap.c ?? 0 });
    await ctx.repo.patch(
      tx,
      ctx.user,
      'fleet_component',
      part.id,
      {
        ...partColumns(times, null, part.isLlp),
        aircraft: null,
        component_status: status,
        install_date: null,
        installed_ac_fh: null,
        installed_ac_fc: null,
        installed_tsn: null,
        installed_csn: null,
        installed_lsn: null,
        installed_rsn: null,
        ...(part.id === p.id ? { position: null, ...(p.parent !== null ? { parent_component: null } : {}) } : {}),
      },
      { reason: 'remove', before: part.row },
    );
    if (back.whole.hours || back.whole.cycles || back.whole.landings || back.whole.rin || back.lifeMilli) {
      ledger.push({ compcode: ac.compcode, aircraft: ac.id, component: part.id, component_change: Number(ch.change_id), flight_date: date, kind: 'REMOVE', d_h: -back.whole.hours, d_c: -back.whole.cycles, d_l: -back.whole.landings, d_r: -back.whole.rin, d_life: part.isLlp ? -back.lifeMilli / 1000 : null, reason: 'usage after a back-dated removal' });
    }
    if (part.id === p.id) mine = { times, tsi: since.tsi, csi: since.csi };
  }
  await writeLedger(tx, ledger, ctx.user);
  const m = mine as { times: PartTimes; tsi: number | null; csi: number | null };
  Object.assign(changes, { ac_fh: at.FH, ac_fc: at.FC, tsn: m.times.tsn, csn: m.times.csn, tso: m.times.tso, cso: m.times.cso, tsi: m.tsi, csi: m.csi });
  if (p.tracksApu) Object.assign(changes, { ac_apu_hours: at.APUH, ac_apu_starts: at.APUS });
  return {
    values: changes,
    aircraft: ac.id,
    message: `S/N ${p.serial} removed from ${ac.registration}: TSI ${formatDuration(m.tsi)}, CSI ${m.csi ?? ''}; TSN ${formatDuration(m.times.tsn)}, CSN ${m.times.csn ?? ''}; now ${status === 'US' ? 'unserviceable' : 'a serviceable spare'}.`,
  };
}

/** Action post_component_change (letter P). */
export async function postComponentChange(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'component_change', key, name: 'post' }, async (tx, ch) => {
    if (ch.posted === 1) throw appError('ERR_CONFLICT', { message: 'This component change is already posted.' });
    const p = await onePart(tx, ch.component, ctx.user.compcode);
    await checkEventOrder(tx, p, ch, ctx.asOf ?? todayUtc());
    let result: { values: Row; aircraft: number | null; message: string };
    switch (ch.action) {
      case 'INSTALL':
        result = await install(ctx, tx, ch, p);
        break;
      case 'REMOVE':
        result = await remove(ctx, tx, ch, p);
        break;
      case 'SHOP_IN': {
        if (p.status === 'INSTALLED' || p.aircraft !== null) throw appError('ERR_CONFLICT', { message: `S/N ${p.serial} is installed: remove it before sending it to a shop.` });
        if (p.status === 'SCRAPPED' || p.status === 'SHOP') throw appError('ERR_CONFLICT', { message: `S/N ${p.serial} is ${p.status === 'SHOP' ? 'already in a shop' : 'scrapped'}.` });
        await ctx.repo.patch(tx, ctx.user, 'fleet_component', p.id, { component_status: 'SHOP', last_shop_visit_date: isoDate(ch.change_date) }, { reason: 'shop in', before: p.row });
        result = { values: { posted: 1, posted_at: new Date().toISOString(), tsn: p.times.tsn, csn: p.times.csn, tso: p.times.tso, cso: p.times.cso }, aircraft: null, message: `S/N ${p.serial} sent to the shop.` };
        break;
      }
      case 'SHOP_OUT': {
        if (p.status !== 'SHOP') throw appError('ERR_CONFLICT', { message: `S/N ${p.serial} is not in a shop.` });
        const kind = ch.work_done ? await tx.selectFrom('component_inspection_kind').select(['resets_tso', 'name']).where('id', '=', ch.work_done).executeTakeFirst() : undefined;
        const times = afterShopVisit(p.times, { overhaul: Boolean(kind?.resets_tso), repair: Boolean(kind) }, p.isLlp);
        const date = isoDate(ch.change_date);
        await ctx.repo.patch(
          tx,
          ctx.user,
          'fleet_component',
          p.id,
          { ...partColumns(times, null, p.isLlp), component_status: 'SPARE', last_shop_visit_date: date, ...(kind?.resets_tso && !p.isLlp ? { last_overhaul_date: date } : {}) },
          { reason: 'shop out', before: p.row },
        );
        result = { values: { posted: 1, posted_at: new Date().toISOString(), tsn: times.tsn, csn: times.csn, tso: times.tso, cso: times.cso }, aircraft: null, message: `S/N ${p.serial} back from the shop${kind ? ` (${String(kind.name)})` : ''}: TSO ${formatDuration(times.tso)}, CSO ${times.cso ?? ''}.` };
        break;
      }
      case 'SCRAP': {
        if (p.aircraft !== null || p.status === 'INSTALLED') throw appError('ERR_CONFLICT', { message: `S/N ${p.serial} is installed: remove it before scrapping it.` });
        await ctx.repo.patch(tx, ctx.user, 'fleet_component', p.id, { component_status: 'SCRAPPED' }, { reason: 'scrap', before: p.row });
        result = { values: { posted: 1, posted_at: new Date().toISOString(), tsn: p.times.tsn, csn: p.times.csn, tso: p.times.tso, cso: p.times.cso }, aircraft: null, message: `S/N ${p.serial} scrapped.` };
        break;
      }
      default:
        throw invalid('/action', 'Unknown action');
    }
    await ctx.repo.patch(tx, ctx.user, 'component_change', ch.change_id, result.values, { reason: 'post', before: ch });
    if (result.aircraft !== null) await refreshDue(tx, result.aircraft, ctx.user.username);
    await ctx.plugins.run('afterPost', 'component_change', { db: tx, user: ctx.user, reg: ctx.reg, repo: ctx.repo, row: { ...ch, ...result.values } });
    return { success: 1, message: result.message };
  });
}
