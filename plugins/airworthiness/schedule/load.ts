/** Reads everything the due of an aircraft depends on (`loadAircraftInput`), one step per kind of item. */
import { sql } from 'kysely';
import type { DB } from '../../../engine/src/db/database.ts';
import { NO_DUE, type CalendarRule, type Whichever } from '../rules/due.ts';
import { appliesTo } from '../rules/programme.ts';
import type { Counter, FactorRow } from '../rules/usage.ts';
import { installedParts, totalsAt, type AircraftState, type PartState } from '../store.ts';
import type { AdInput, AircraftInput, InspectionInput, LimitInput, PartInput, SbInput } from './inputs.ts';
import type { SqlRow } from '../../../engine/src/db/sql-row.ts';
import { num, str } from './values.ts';

const tolOf = (r: SqlRow, prefix = 'tolerance_') => ({ pc: num(r[`${prefix}pc`]), h: num(r[`${prefix}fh`]), c: num(r[`${prefix}fc`]), days: num(r[`${prefix}days`]) });

/** The effective factor of a part's hours / cycles for forecasts (rows over their own counter, else the type's factor). */
function forecastFactor(rows: FactorRow[], counters: Counter[], typeFactor: number): number {
  const own = rows.filter((r) => counters.includes(r.counter) && r.applies === 'ALWAYS' && counters.includes(r.basis));
  return own.length ? own.reduce((s, r) => s + r.factor, 0) : typeFactor;
}

/** Reads everything the due of an aircraft depends on. */
export async function loadAircraftInput(tx: DB, ac: AircraftState, parts?: PartState[]): Promise<AircraftInput> {
  return {
    id: ac.id,
    manufactureDate: ac.manufactureDate ?? ac.deliveryDate,
    counters: ac.counters,
    inspections: await loadInspections(tx, ac),
    parts: await loadParts(tx, ac, parts ?? (await installedParts(tx, ac.id))),
    ads: await loadAds(tx, ac),
    sbs: await loadSbs(tx, ac),
  };
}

/**
 * The type programme's inspections that apply to this aircraft (their Applies To empty or naming its
 * MSN or registration: decision 0380), each with its last posted accomplishment on this aircraft (a
 * line a correction superseded does not count: decision 0315).
 */
async function loadInspections(tx: DB, ac: AircraftState): Promise<InspectionInput[]> {
  const inspections = await sql<SqlRow>`
    select i.*, lr.done_date, lr.base_h, lr.base_c, lr.base_l, lr.base_r, lr.base_date, lr.ac_fh, lr.ac_fc, lr.ac_landings
      from aircraft_type_inspection i
      left join lateral (
        select r.done_date, r.ac_fh, r.ac_fc, r.ac_landings, ml.base_h, ml.base_c, ml.base_l, ml.base_r, ml.base_date
          from maintenance_record_line ml
          join maintenance_record r on r.record_id = ml.maintenance_record
         where r.aircraft = ${ac.id} and ml.type_inspection = i.type_inspection_id and r.posted = 1 and ml.superseded_by is null
         order by r.done_date desc, r.record_id desc
         limit 1) lr on true
     where i.aircraft_type = ${ac.typeId} and i.compcode = ${ac.compcode} and i.active`.execute(tx);

  return inspections.rows.filter((i) => appliesTo(i.applies_to, { msn: ac.row.msn, registration: ac.registration })).map((i) => ({
    id: Number(i.type_inspection_id),
    revision: num(i.revision),
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
  }));
}

/** The installed parts with their limits, last accomplishments and shop visits, LLP lives and forecast factors. */
async function loadParts(tx: DB, ac: AircraftState, installed: PartState[]): Promise<PartInput[]> {
  const factors = await sql<SqlRow>`select type_component, counter, basis, applies, factor from aircraft_type_component_penalty where aircraft_type = ${ac.typeId} and active and type_component is not null`.execute(tx);
  const rowsOf = (tc: number | null): FactorRow[] =>
    tc === null ? [] : factors.rows.filter((f) => Number(f.type_component) === tc).map((f) => ({ counter: f.counter as Counter, basis: f.basis as Counter, applies: f.applies as 'ALWAYS' | 'NO_READING', factor: Number(f.factor) }));
  const tcs = [...new Set(installed.map((p) => p.typeComponent).filter((x): x is number => x !== null))];
  const limits = tcs.length
    ? (
        await sql<SqlRow>`select l.*, k.name as kind_name, k.basis from aircraft_type_component_limit l join component_inspection_kind k on k.id = l.inspection_kind
                      where l.type_component in (${sql.join(tcs)}) and l.active`.execute(tx)
      ).rows
    : [];
  const ids = installed.map((p) => p.id);
  // the last accomplishment of each limit of a part: a posted record line not superseded by a correction, or a shop visit doing that kind of work
  const lastLines = ids.length
    ? (
        await sql<SqlRow>`select ml.component, ml.component_limit, r.done_date as date, ml.base_h, ml.base_c, ml.base_l, ml.base_r, ml.base_date, ml.part_tsn, ml.part_csn
                      from maintenance_record_line ml join maintenance_record r on r.record_id = ml.maintenance_record
                     where ml.component in (${sql.join(ids)}) and r.posted = 1 and ml.superseded_by is null and ml.component_limit is not null
                     order by r.done_date, r.record_id`.execute(tx)
      ).rows
    : [];
  const shopVisits = ids.length
    ? (
        await sql<SqlRow>`select x.component, x.work_done, x.change_date as date, x.tsn, x.csn from component_change x
                     where x.component in (${sql.join(ids)}) and x.posted = 1 and x.action = 'SHOP_OUT' and x.work_done is not null
                     order by x.change_date, x.change_id`.execute(tx)
      ).rows
    : [];
  const llps = ids.length
    ? (
        await sql<SqlRow>`select c.component_id, t.type_llp_id, t.module, t.life_limit_fc, t.life_limit_fh, t.life_limit_months
                      from fleet_component c
                      join lateral (select t.* from aircraft_type_llp t where t.compcode = c.compcode and t.partnumber = c.partnumber
                                     and t.aircraft_type = ${ac.typeId} and t.active order by t.type_llp_id limit 1) t on true
                     where c.component_id in (${sql.join(ids)})`.execute(tx)
      ).rows
    : [];
  const parents = new Map<number, string>();
  const parentIds = [...new Set(installed.map((p) => p.parent).filter((x): x is number => x !== null))];
  if (parentIds.length) for (const r of (await sql<SqlRow>`select component_id, serial_number from fleet_component where component_id in (${sql.join(parentIds)})`.execute(tx)).rows) parents.set(Number(r.component_id), String(r.serial_number));

  return installed.map((p): PartInput => {
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
      limits: limitsOf(p, limits, lastLines, shopVisits),
    };
  });
}

/** The open and recurring ADs of the aircraft, with its totals at each AD's effective date where a threshold counts from it. */
async function loadAds(tx: DB, ac: AircraftState): Promise<AdInput[]> {
  const adRows = (
    await sql<SqlRow>`select s.*, d.ad_number, d.title, d.ata as ad_ata, d.whichever, d.effective_date, d.threshold_fh, d.threshold_fc, d.threshold_days,
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
  return ads;
}

/** The open and recurring SBs of the aircraft. */
async function loadSbs(tx: DB, ac: AircraftState): Promise<SbInput[]> {
  const sbRows = (
    await sql<SqlRow>`select s.*, d.sb_number, d.title, d.ata as sb_ata, d.is_recurring, d.interval_fh, d.interval_fc, d.interval_days
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
  return sbs;
}

/** A part's limits, each with its last accomplishment: a posted record line, or a shop visit doing that kind of work, whichever is later. */
function limitsOf(p: PartState, limits: SqlRow[], lastLines: SqlRow[], shopVisits: SqlRow[]): LimitInput[] {
  return limits
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
    });
}
