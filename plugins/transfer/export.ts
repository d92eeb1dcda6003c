/**
 * An aircraft's complete records as one document (docs/records-transfer.md, decision 0360): the
 * aircraft and its totals as of the business date, its installed components with their times and
 * positions, LLPs with limits and remaining life, AD and SB status, each programme task's last done
 * and next due with the interval it was computed from, deferrals, component change history and
 * maintenance history with CRS numbers and the seals of the signed work orders.
 *
 *   const doc = await exportAircraftRecords(tx, 'CTA', 12, '2026-12-03', 'Citra Aviation');
 *
 * Read inside the action's transaction (the one connection on PGlite), scoped to the company.
 */
import { sql } from 'kysely';
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import { FORMAT_NAME, FORMAT_VERSION, type AircraftRecords, type ComponentRecord, type MaintenanceRecordDoc, type TaskStatus } from './format.ts';
import type { SqlRow } from '../../engine/src/db/sql-row.ts';

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't';

const rows = async (tx: DB, q: ReturnType<typeof sql<SqlRow>>): Promise<SqlRow[]> => (await q.execute(tx)).rows;

export async function exportAircraftRecords(tx: DB, compcode: string, aircraftId: number, asOf: string, companyName: string): Promise<AircraftRecords> {
  const [ac] = await rows(
    tx,
    sql<SqlRow>`select a.*, t.type_name, t.model_designation, t.icao_code from aircraft a join aircraft_type t on t.aircraft_type_id = a.aircraft_type
              where a.aircraft_id = ${aircraftId} and a.compcode = ${compcode}`,
  );
  if (!ac) throw appError('ERR_NOT_FOUND', { message: 'Aircraft not found.' });
  const util = (await rows(tx, sql<SqlRow>`select * from aircraft_utilisation where aircraft_id = ${aircraftId}`))[0] ?? {};

  const comps = await rows(
    tx,
    sql<SqlRow>`select c.*, g.ata_code, p.partnumber as parent_pn, p.serial_number as parent_sn
               from fleet_component c left join ata_group g on g.id = c.ata left join fleet_component p on p.component_id = c.parent_component
              where c.compcode = ${compcode} and (c.aircraft = ${aircraftId} or c.component_id in (select x.component from component_change x where x.aircraft = ${aircraftId} and x.compcode = ${compcode}))
              order by c.component_id`,
  );
  const byId = new Map(comps.map((c) => [Number(c.component_id), c]));
  const ref = (id: unknown) => {
    const c = byId.get(Number(id));
    return c ? { part_number: String(c.partnumber), serial_number: String(c.serial_number) } : null;
  };
  const installed = comps.filter((c) => Number(c.aircraft) === aircraftId && c.component_status === 'INSTALLED');
  const components: ComponentRecord[] = installed.map((c) => ({
    part_number: String(c.partnumber),
    serial_number: String(c.serial_number),
    part_name: String(c.partname),
    component_class: String(c.component_class),
    ata: str(c.ata_code),
    position: str(c.position),
    next_higher_assembly: c.parent_component ? { part_number: String(c.parent_pn), serial_number: String(c.parent_sn) } : null,
    manufacture_date: str(c.manufacture_date),
    install_date: str(c.install_date),
    is_llp: bool(c.is_llp),
    thrust_rating: str(c.thrust_rating),
    times_known: bool(c.times_known),
    times_as_of: str(c.times_as_of),
    tsn: num(c.tsn),
    csn: num(c.csn),
    tso: num(c.tso),
    cso: num(c.cso),
    tsr: num(c.tsr),
    csr: num(c.csr),
    landings: num(c.lsn),
    extra_counter: num(c.rsn),
    llp_life_used: num(c.llp_life_used),
    last_overhaul_date: str(c.last_overhaul_date),
    last_shop_visit_date: str(c.last_shop_visit_date),
    at_installation: { ac_fh: num(c.installed_ac_fh), ac_fc: num(c.installed_ac_fc), tsn: num(c.installed_tsn), csn: num(c.installed_csn), landings: num(c.installed_lsn), extra_counter: num(c.installed_rsn) },
    remark: str(c.remark),
  }));

  const llps = (await rows(tx, sql<SqlRow>`select * from llp_status where aircraft = ${aircraftId} order by engine_serial, partnumber, serial_number`)).map((l) => ({
    part_number: String(l.partnumber),
    serial_number: String(l.serial_number),
    part_name: str(l.partname),
    engine_serial: str(l.engine_serial),
    module: str(l.module),
    life_limit_fc: num(l.life_limit_fc),
    life_limit_fh: num(l.life_limit_fh),
    life_limit_date: str(l.life_limit_date),
    csn: num(l.csn),
    tsn: num(l.tsn),
    life_used: num(l.life_used),
    remaining_fc: num(l.remaining_fc),
    remaining_fh: num(l.remaining_fh),
  }));

  // the due list as of the date: every tracked item with its next due and what remains
  const due = await rows(
    tx,
    sql<SqlRow>`select d.*, c.partnumber, c.serial_number from due_item d left join fleet_component c on c.component_id = d.component
              where d.aircraft = ${aircraftId} order by d.item_kind, d.item_code, d.due_key`,
  );
  const dueOf = (d: SqlRow): TaskStatus => ({
    last_done_date: str(d.last_done_date),
    last_done_fh: num(d.last_done_fh),
    last_done_fc: num(d.last_done_fc),
    next_due_fh: num(d.next_due_fh),
    next_due_fc: num(d.next_due_fc),
    next_due_date: str(d.next_due_date),
    hard_date: str(d.hard_date),
    remaining_fh: num(d.remaining_fh),
    remaining_fc: num(d.remaining_fc),
    remaining_days: num(d.remaining_days),
    due_status: str(d.due_status),
  });

  const sched = await rows(
    tx,
    sql<SqlRow>`select s.due_key, s.item_kind, s.ad_status, s.sb_status, s.type_inspection, s.component_limit, s.component, i.task_code, i.title, k.code as kind_code, tc.partnumber as limit_pn
               from due_schedule s left join aircraft_type_inspection i on i.type_inspection_id = s.type_inspection
               left join aircraft_type_component_limit l on l.id = s.component_limit left join component_inspection_kind k on k.id = l.inspection_kind
               left join aircraft_type_component tc on tc.type_component_id = l.type_component
              where s.aircraft = ${aircraftId}`,
  );
  const dueByKey = new Map(due.map((d) => [String(d.due_key), d]));
  const tasks = sched
    .filter((s) => s.item_kind === 'INSPECTION' || s.item_kind === 'COMPONENT')
    .map((s) => {
      const d = dueByKey.get(String(s.due_key)) ?? {};
      return {
        kind: s.item_kind === 'INSPECTION' ? ('INSPECTION' as const) : ('COMPONENT_LIMIT' as const),
        task_code: s.item_kind === 'INSPECTION' ? String(s.task_code) : str(d.item_code),
        title: str(d.description) ?? str(s.title),
        component: s.item_kind === 'COMPONENT' ? ref(s.component) : null,
        limit_kind: s.item_kind === 'COMPONENT' ? str(s.kind_code) : null,
        interval: { fh: num(d.interval_fh), fc: num(d.interval_fc), days: num(d.interval_days), whichever: str(d.whichever) },
        ...dueOf(d),
      };
    })
    .sort((a, b) => `${a.kind}|${a.task_code}|${a.component?.serial_number ?? ''}`.localeCompare(`${b.kind}|${b.task_code}|${b.component?.serial_number ?? ''}`));

  const nextOf = (kind: 'AD' | 'SB', id: unknown) => {
    const s = sched.find((x) => x.item_kind === kind && Number(kind === 'AD' ? x.ad_status : x.sb_status) === Number(id));
    return s ? dueOf(dueByKey.get(String(s.due_key)) ?? {}) : null;
  };
  const ads = (
    await rows(
      tx,
      sql<SqlRow>`select s.*, d.ad_number, d.title, sup.ad_number as superseded_number, w.wo_no from aircraft_ad_status s join aircraft_type_ad d on d.type_ad_id = s.type_ad
                 left join aircraft_type_ad sup on sup.type_ad_id = s.superseded_by left join work_order w on w.wo_id = s.work_order
                where s.aircraft = ${aircraftId} order by d.ad_number, s.ad_status_id`,
    )
  ).map((s) => ({
    ad_number: String(s.ad_number),
    title: str(s.title),
    status: String(s.ad_status),
    component: s.component ? ref(s.component) : null,
    method: str(s.method),
    na_reason: str(s.na_reason),
    superseded_by: str(s.superseded_number),
    ac_fh_at_effective: num(s.ac_fh_at_effective),
    ac_fc_at_effective: num(s.ac_fc_at_effective),
    last_done_date: str(s.last_done_date),
    last_done_fh: num(s.last_done_fh),
    last_done_fc: num(s.last_done_fc),
    part_tsn: num(s.part_tsn),
    part_csn: num(s.part_csn),
    typed_next_due: { fh: num(s.next_due_fh), fc: num(s.next_due_fc), date: str(s.next_due_date) },
    work_order: str(s.wo_no),
    signed_by: str(s.signed_by),
    remark: str(s.remark),
    next_due: nextOf('AD', s.ad_status_id),
  }));
  const sbs = (
    await rows(
      tx,
      sql<SqlRow>`select s.*, d.sb_number, d.title, sup.sb_number as superseded_number, w.wo_no from aircraft_sb_status s join aircraft_type_sb d on d.type_sb_id = s.type_sb
                 left join aircraft_type_sb sup on sup.type_sb_id = s.superseded_by left join work_order w on w.wo_id = s.work_order
                where s.aircraft = ${aircraftId} order by d.sb_number, s.sb_status_id`,
    )
  ).map((s) => ({
    sb_number: String(s.sb_number),
    title: str(s.title),
    status: String(s.sb_status),
    component: s.component ? ref(s.component) : null,
    method: str(s.method),
    na_reason: str(s.na_reason),
    superseded_by: str(s.superseded_number),
    last_done_date: str(s.last_done_date),
    last_done_fh: num(s.last_done_fh),
    last_done_fc: num(s.last_done_fc),
    planned_date: str(s.planned_date),
    typed_next_due: { fh: num(s.next_due_fh), fc: num(s.next_due_fc), date: str(s.next_due_date) },
    work_order: str(s.wo_no),
    signed_by: str(s.signed_by),
    remark: str(s.remark),
    next_due: nextOf('SB', s.sb_status_id),
  }));

  const deferrals = (
    await rows(
      tx,
      sql<SqlRow>`select f.*, g.ata_code, m.category from defect f left join ata_group g on g.id = f.ata left join mel_category m on m.id = f.mel_category
                where f.aircraft = ${aircraftId} and f.compcode = ${compcode} and (f.deferral_date is not null or f.mel_category is not null or f.defect_status = 'DEFERRED')
                order by f.found_date, f.defect_id`,
    )
  ).map((f) => ({
    defect_no: String(f.defect_no),
    found_date: String(f.found_date),
    status: String(f.defect_status),
    source: str(f.source),
    station: str(f.station),
    techlog_page: str(f.techlog_page),
    ata: str(f.ata_code),
    description: String(f.description),
    reported_by: str(f.reported_by),
    mel_category: str(f.category),
    mel_item: str(f.mel_item),
    deferral_date: str(f.deferral_date),
    interval_days: num(f.interval_days),
    due_date: str(f.due_date),
    due_fh: num(f.due_fh),
    due_fc: num(f.due_fc),
    extension_granted: bool(f.extension_granted),
    extension_days: num(f.extension_days),
    extended_due_date: str(f.extended_due_date),
    extension_approved_by: str(f.extension_approved_by),
    extension_reason: str(f.extension_reason),
    ops_procedure: str(f.ops_procedure),
    maint_procedure: str(f.maint_procedure),
    deferred_by: str(f.deferred_by),
    parts_required: str(f.parts_required),
    rectified_date: str(f.rectified_date),
    action_taken: str(f.action_taken),
    rectified_by: str(f.rectified_by),
    crs_ref: str(f.crs_ref),
  }));

  const componentChanges = (
    await rows(
      tx,
      sql<SqlRow>`select x.*, k.code as work_done_code, m.name as shop_name, w.wo_no from component_change x
                 left join component_inspection_kind k on k.id = x.work_done left join amo m on m.id = x.shop left join work_order w on w.wo_id = x.work_order
                where x.compcode = ${compcode} and x.posted = 1 and x.component in (${sql.join([...byId.keys(), -1])})
                order by x.change_date, x.change_id`,
    )
  ).map((x) => ({
    change_date: String(x.change_date),
    action: String(x.action),
    component: ref(x.component) ?? { part_number: '', serial_number: '' },
    on_this_aircraft: Number(x.aircraft) === aircraftId,
    next_higher_assembly: x.parent_component ? ref(x.parent_component) : null,
    position: str(x.position),
    reason: str(x.reason),
    reason_text: str(x.reason_text),
    ac_fh: num(x.ac_fh),
    ac_fc: num(x.ac_fc),
    ac_apu_hours: num(x.ac_apu_hours),
    ac_apu_starts: num(x.ac_apu_starts),
    tsn: num(x.tsn),
    csn: num(x.csn),
    tso: num(x.tso),
    cso: num(x.cso),
    tsi: num(x.tsi),
    csi: num(x.csi),
    work_done: str(x.work_done_code),
    shop: str(x.shop_name),
    shop_order_no: str(x.shop_order_no),
    certificate_no: str(x.certificate_no),
    work_order: str(x.wo_no),
    performed_by: str(x.performed_by),
    remark: str(x.remark),
  }));

  const recs = await rows(
    tx,
    sql<SqlRow>`select r.*, w.wo_no, m.name as amo_name from maintenance_record r left join work_order w on w.wo_id = r.work_order left join amo m on m.id = r.amo
              where r.aircraft = ${aircraftId} and r.compcode = ${compcode} and r.posted = 1 order by r.done_date, r.record_id`,
  );
  const lines = recs.length
    ? await rows(
        tx,
        sql<SqlRow>`select ml.*, i.task_code, k.code as limit_kind, c.partnumber, c.serial_number, ad.ad_number, sb.sb_number, sup.task_code as superseded_card
                   from maintenance_record_line ml
                   left join aircraft_type_inspection i on i.type_inspection_id = ml.type_inspection
                   left join aircraft_type_component_limit l on l.id = ml.component_limit left join component_inspection_kind k on k.id = l.inspection_kind
                   left join fleet_component c on c.component_id = ml.component
                   left join aircraft_type_ad ad on ad.type_ad_id = ml.type_ad left join aircraft_type_sb sb on sb.type_sb_id = ml.type_sb
                   left join work_order_task sup on sup.wo_task_id = ml.superseded_by
                  where ml.maintenance_record in (${sql.join(recs.map((r) => r.record_id))}) order by ml.maintenance_record, ml.record_line_id`,
      )
    : [];
  const maintenance: MaintenanceRecordDoc[] = recs.map((r) => ({
    record_no: String(r.record_no),
    done_date: String(r.done_date),
    ac_fh: num(r.ac_fh) ?? 0,
    ac_fc: num(r.ac_fc) ?? 0,
    ac_landings: num(r.ac_landings),
    station: str(r.station),
    work_order: str(r.wo_no),
    organisation: str(r.amo_name),
    certifying_staff: str(r.certifying_staff),
    licence_no: str(r.licence_no),
    crs_ref: str(r.crs_ref),
    remark: str(r.remark),
    items: lines
      .filter((l) => Number(l.maintenance_record) === Number(r.record_id))
      .map((l) => ({
        item_kind: String(l.item_kind) as 'INSPECTION' | 'COMPONENT' | 'AD' | 'SB',
        task_code: str(l.task_code),
        component: l.component ? { part_number: String(l.partnumber), serial_number: String(l.serial_number) } : null,
        limit_kind: str(l.limit_kind),
        ad_number: str(l.ad_number),
        sb_number: str(l.sb_number),
        reset_basis: String(l.reset_basis),
        counted_from: { fh: num(l.base_h), fc: num(l.base_c), landings: num(l.base_l), extra_counter: num(l.base_r), date: str(l.base_date) },
        planned_due: { fh: num(l.planned_due_fh), fc: num(l.planned_due_fc), date: str(l.planned_due_date) },
        next_due: { fh: num(l.next_due_h), fc: num(l.next_due_c), date: str(l.next_due_date) },
        part_tsn: num(l.part_tsn),
        part_csn: num(l.part_csn),
        overrun: bool(l.overrun),
        is_terminating: bool(l.is_terminating),
        superseded: l.superseded_by !== null && l.superseded_by !== undefined,
        remark: str(l.remark),
      })),
  }));

  const wos = await rows(
    tx,
    sql<SqlRow>`select w.wo_id, w.wo_no, w.title, w.wo_type, w.wo_status, w.crs_no, w.crs_date, w.crs_signed_by, w.crs_auth_no, w.ac_fh, w.ac_fc
               from work_order w where w.aircraft = ${aircraftId} and w.compcode = ${compcode} and w.crs_no is not null order by w.crs_date, w.wo_id`,
  );
  const seals = wos.length
    ? await rows(
        tx,
        sql<SqlRow>`select entity, record_key, kind, signed_at, content_hash, canon_version from sys_seal
                  where compcode = ${compcode} and entity = 'work_order' and record_key in (${sql.join(wos.map((w) => String(w.wo_id)))}) order by seal_id`,
      )
    : [];
  const workOrders = wos.map((w) => ({
    wo_no: String(w.wo_no),
    title: str(w.title),
    wo_type: str(w.wo_type),
    status: str(w.wo_status),
    crs_no: String(w.crs_no),
    crs_date: w.crs_date instanceof Date ? w.crs_date.toISOString() : str(w.crs_date),
    crs_signed_by: str(w.crs_signed_by),
    crs_authorisation: str(w.crs_auth_no),
    ac_fh: num(w.ac_fh),
    ac_fc: num(w.ac_fc),
    documents: [`crs/${fileName(String(w.wo_no))}.pdf`, `work-pack/${fileName(String(w.wo_no))}.pdf`],
    seals: seals
      .filter((s) => String(s.record_key) === String(w.wo_id))
      .map((s) => ({ kind: String(s.kind), signed_at: s.signed_at instanceof Date ? s.signed_at.toISOString() : String(s.signed_at), hash: String(s.content_hash), canon_version: String(s.canon_version) })),
  }));

  return {
    format: FORMAT_NAME,
    version: FORMAT_VERSION,
    exported_at: new Date().toISOString(),
    as_of: asOf,
    source: { company: compcode, name: companyName },
    aircraft: {
      registration: String(ac.registration),
      msn: String(ac.msn),
      line_number: str(ac.line_number),
      aircraft_type: String(ac.type_name),
      model_designation: str(ac.model_designation),
      icao_type: str(ac.icao_code),
      manufacture_date: str(ac.manufacture_date),
      delivery_date: str(ac.delivery_date),
      ownership: str(ac.ownership),
      lessor: str(ac.lessor),
      home_base: str(ac.home_base),
      selcal: str(ac.selcal),
      seat_config: str(ac.seat_config),
      totals: {
        as_of: str(ac.totals_as_of),
        flight_hours: num(ac.total_fh) ?? 0,
        flight_cycles: num(ac.total_fc) ?? 0,
        landings: num(ac.total_landings) ?? 0,
        extra_counter: num(ac.total_rin) ?? 0,
        apu_hours: num(ac.apu_hours),
        apu_starts: num(ac.apu_starts),
      },
      utilisation: { planned_daily_fh: num(ac.avg_daily_fh), planned_daily_fc: num(ac.avg_daily_fc), daily_fh: num(util.fh_day), daily_fc: num(util.fc_day), last_flight_date: str(util.last_flight_date) },
    },
    components,
    life_limited_parts: llps,
    tasks,
    ad_status: ads,
    sb_status: sbs,
    deferrals,
    component_changes: componentChanges,
    maintenance_records: maintenance,
    work_orders: workOrders,
    due_list: due
      .filter((d) => d.item_kind !== 'DOCUMENT')
      .map((d) => ({ item_kind: String(d.item_kind), item_code: String(d.item_code), description: str(d.description), component: d.component ? { part_number: String(d.partnumber), serial_number: String(d.serial_number) } : null, ...dueOf(d) })),
  };
}

/** A file name for a document number. */
/** The keys of the company's work orders by number (the records zip prints each one's CRS and work pack). */
export async function workOrderKeys(db: DB, compcode: string, numbers: string[]): Promise<Map<string, number>> {
  if (!numbers.length) return new Map();
  const rows = await db.selectFrom('work_order').select(['wo_id', 'wo_no']).where('compcode', '=', compcode).where('wo_no', 'in', numbers).execute();
  return new Map(rows.map((r) => [String(r.wo_no), Number(r.wo_id)]));
}

export const fileName = (s: string) => s.replace(/[^A-Za-z0-9_.-]/g, '_');
