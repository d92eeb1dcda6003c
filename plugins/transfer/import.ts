/**
 * Import of an aircraft records file (format.ts) into the active company, against the company's
 * own programme for the type (docs/records-transfer.md, decision 0361):
 *
 *   1. check: the file's schema and version; the type and its programme in this company; every
 *      task, part limit, AD and SB of the file matched by its number in the programme; every
 *      installed part with a position (or a next higher assembly) and each P/N + S/N once, not
 *      already in the company. Each problem is listed with where it is in the file.
 *   2. write, in the action's one transaction under a savepoint, through the repository (audited):
 *      the aircraft with its totals, the parts with their times and installation, the component
 *      change history, the maintenance records with their items as posted (where the next due
 *      counts from, as the file says), the AD and SB statuses, the deferrals; then the due is
 *      computed by the one due computation (refreshDue).
 *   3. a dry run, or any problem when all-or-nothing, rolls back to the savepoint: nothing stays
 *      but the import log row. With `mode: 'matched'` a task without a match is kept as a record
 *      item naming it (never dropped, counted in no due) and listed for the planner.
 *
 * The records are taken over, not replayed: a posted record's "counted from" point and its next
 * due are the file's (the tolerance decision was made when it was done), marked with the reason
 * "taken over from the records of <company>" in the audit.
 */
import { sql } from 'kysely';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import type { WriteContext } from '../../engine/src/crud/repository.ts';
import { deferDue, refreshDue } from '../airworthiness/schedule.ts';
import { AIRCRAFT_RECORDS_SCHEMA, FORMAT_NAME, FORMAT_VERSION, type AircraftRecords, type PartRef } from './format.ts';
import type { SqlRow } from '../../engine/src/db/sql-row.ts';


export type ProblemKind = 'file' | 'type' | 'registration' | 'unknown_task' | 'unknown_limit' | 'unknown_ad' | 'unknown_sb' | 'no_position' | 'duplicate_serial' | 'unknown_assembly' | 'mel_category';
export interface Problem {
  kind: ProblemKind;
  /** JSON pointer into the file. */
  path: string;
  /** The task, part or directive, as the file names it. */
  item: string;
  message: string;
  /** Whether `mode: 'matched'` still imports the file (the item kept and listed). */
  blocking: boolean;
}
export interface ImportOptions {
  dryRun: boolean;
  /** all: nothing is written unless every item matched; matched: unmatched tasks are kept as record items and listed. */
  mode: 'all' | 'matched';
  filename?: string;
}
export interface ImportResult {
  success: 1;
  dry_run: boolean;
  committed: boolean;
  message: string;
  registration: string;
  aircraft_id: number | null;
  counts: Record<string, number>;
  problems: Problem[];
  /** Tasks of this company's programme for the type the file has no record of (they count from new). */
  programme_without_record: string[];
  due_items: number;
}

let validator: ReturnType<Ajv['compile']> | null = null;
const validate = (doc: unknown) => {
  if (!validator) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    (addFormats as unknown as (a: Ajv) => void)(ajv);
    validator = ajv.compile(AIRCRAFT_RECORDS_SCHEMA);
  }
  return validator(doc) ? [] : (validator.errors ?? []).slice(0, 20).map((e) => ({ path: e.instancePath || '/', message: e.message ?? 'is not valid' }));
};

const key = (p: PartRef) => `${p.part_number}\u0000${p.serial_number}`;
const label = (p: PartRef) => `P/N ${p.part_number} S/N ${p.serial_number}`;
const rowsOf = async (tx: DB, q: ReturnType<typeof sql<SqlRow>>) => (await q.execute(tx)).rows;

/** What the file names, matched in this company. */
interface Plan {
  typeId: number;
  inspections: Map<string, number>;
  limits: Map<string, number>; // `${pn}|${kind}` → limit id
  typeComponents: Map<string, number>;
  /** Part numbers the programme installs in named positions (a list of positions, or more than one per aircraft). */
  positioned: Set<string>;
  ads: Map<string, number>;
  sbs: Map<string, number>;
  ata: Map<string, number>;
  kinds: Map<string, number>;
  mel: Map<string, number>;
  problems: Problem[];
  withoutRecord: string[];
}

async function plan(tx: DB, compcode: string, doc: AircraftRecords): Promise<Plan | Problem[]> {
  const problems: Problem[] = [];
  const [type] = await rowsOf(
    tx,
    sql<SqlRow>`select aircraft_type_id from aircraft_type where compcode = ${compcode} and (type_name = ${doc.aircraft.aircraft_type} or (${doc.aircraft.model_designation}::text is not null and model_designation = ${doc.aircraft.model_designation}))
              order by (type_name = ${doc.aircraft.aircraft_type}) desc, aircraft_type_id limit 1`,
  );
  if (!type) return [{ kind: 'type', path: '/aircraft/aircraft_type', item: doc.aircraft.aircraft_type, message: `This company has no aircraft type ${doc.aircraft.aircraft_type}: enter the type and its maintenance programme first.`, blocking: true }];
  const typeId = Number(type.aircraft_type_id);
  const mapOf = async (q: ReturnType<typeof sql<SqlRow>>) => new Map((await rowsOf(tx, q)).map((r) => [String(r.k), Number(r.id)]));
  const p: Plan = {
    typeId,
    inspections: await mapOf(sql<SqlRow>`select task_code as k, type_inspection_id as id from aircraft_type_inspection where compcode = ${compcode} and aircraft_type = ${typeId} and active`),
    limits: await mapOf(
      sql<SqlRow>`select tc.partnumber || '|' || k.code as k, l.id from aircraft_type_component_limit l join aircraft_type_component tc on tc.type_component_id = l.type_component
                join component_inspection_kind k on k.id = l.inspection_kind where l.compcode = ${compcode} and tc.aircraft_type = ${typeId} and l.active`,
    ),
    typeComponents: await mapOf(sql<SqlRow>`select partnumber as k, type_component_id as id from aircraft_type_component where compcode = ${compcode} and aircraft_type = ${typeId}`),
    positioned: new Set(
      (await rowsOf(tx, sql<SqlRow>`select partnumber from aircraft_type_component where compcode = ${compcode} and aircraft_type = ${typeId} and (coalesce(positions, '') <> '' or qty_per_aircraft > 1)`)).map((r) => String(r.partnumber)),
    ),
    ads: await mapOf(sql<SqlRow>`select ad_number as k, type_ad_id as id from aircraft_type_ad where compcode = ${compcode} and aircraft_type = ${typeId}`),
    sbs: await mapOf(sql<SqlRow>`select sb_number as k, type_sb_id as id from aircraft_type_sb where compcode = ${compcode} and aircraft_type = ${typeId}`),
    ata: await mapOf(sql<SqlRow>`select ata_code as k, id from ata_group where compcode = ${compcode}`),
    kinds: await mapOf(sql<SqlRow>`select code as k, id from component_inspection_kind where compcode = ${compcode}`),
    mel: await mapOf(sql<SqlRow>`select category as k, id from mel_category where compcode = ${compcode}`),
    problems,
    withoutRecord: [],
  };

  const reg = await rowsOf(tx, sql<SqlRow>`select aircraft_id from aircraft where compcode = ${compcode} and registration = ${doc.aircraft.registration}`);
  if (reg.length) problems.push({ kind: 'registration', path: '/aircraft/registration', item: doc.aircraft.registration, message: `An aircraft ${doc.aircraft.registration} is already in this company's fleet.`, blocking: true });

  // parts: each P/N + S/N once in the file and not already in the company; a position, or the assembly it is part of
  const seen = new Map<string, number>();
  const inFile = new Set(doc.components.map(key));
  const existing = new Set(
    doc.components.length
      ? (await rowsOf(tx, sql<SqlRow>`select partnumber, serial_number from fleet_component where compcode = ${compcode} and serial_number in (${sql.join(doc.components.map((c) => c.serial_number))})`)).map((r) => `${r.partnumber}\u0000${r.serial_number}`)
      : [],
  );
  doc.components.forEach((c, i) => {
    const k = key(c);
    if (seen.has(k)) problems.push({ kind: 'duplicate_serial', path: `/components/${i}`, item: label(c), message: `${label(c)} is in the file twice (also /components/${seen.get(k)}).`, blocking: true });
    else seen.set(k, i);
    if (existing.has(k)) problems.push({ kind: 'duplicate_serial', path: `/components/${i}`, item: label(c), message: `${label(c)} is already a component of this company.`, blocking: true });
    if (!c.position && !c.next_higher_assembly && p.positioned.has(c.part_number))
      problems.push({ kind: 'no_position', path: `/components/${i}/position`, item: label(c), message: `${label(c)} is installed without a position; the programme installs P/N ${c.part_number} in named positions.`, blocking: true });
    if (c.next_higher_assembly && !inFile.has(key(c.next_higher_assembly))) problems.push({ kind: 'unknown_assembly', path: `/components/${i}/next_higher_assembly`, item: label(c), message: `${label(c)} is part of ${label(c.next_higher_assembly)}, which is not among the installed components of the file.`, blocking: true });
  });

  // programme items: every task, limit, AD and SB of the file by its number
  const unknownTask = (code: string, path: string) => {
    if (!problems.some((x) => x.kind === 'unknown_task' && x.item === code)) problems.push({ kind: 'unknown_task', path, item: code, message: `Task ${code} is not in this company's programme for the ${doc.aircraft.aircraft_type}: add it, or import with unmatched tasks kept for the planner.`, blocking: false });
  };
  doc.tasks.forEach((t, i) => {
    if (t.kind === 'INSPECTION' && t.task_code && !p.inspections.has(t.task_code)) unknownTask(t.task_code, `/tasks/${i}`);
    if (t.kind === 'COMPONENT_LIMIT' && t.component && t.limit_kind && !p.limits.has(`${t.component.part_number}|${t.limit_kind}`))
      problems.push({ kind: 'unknown_limit', path: `/tasks/${i}`, item: `${t.limit_kind} ${label(t.component)}`, message: `The ${t.limit_kind} limit of P/N ${t.component.part_number} is not in this company's programme.`, blocking: false });
  });
  doc.maintenance_records.forEach((r, i) =>
    r.items.forEach((it, j) => {
      if (it.item_kind === 'INSPECTION' && it.task_code && !p.inspections.has(it.task_code)) unknownTask(it.task_code, `/maintenance_records/${i}/items/${j}`);
      if (it.item_kind === 'COMPONENT' && it.component && it.limit_kind && !p.limits.has(`${it.component.part_number}|${it.limit_kind}`) && !problems.some((x) => x.kind === 'unknown_limit' && x.item === `${it.limit_kind} ${label(it.component!)}`))
        problems.push({ kind: 'unknown_limit', path: `/maintenance_records/${i}/items/${j}`, item: `${it.limit_kind} ${label(it.component)}`, message: `The ${it.limit_kind} limit of P/N ${it.component.part_number} is not in this company's programme.`, blocking: false });
    }),
  );
  doc.ad_status.forEach((a, i) => {
    if (!p.ads.has(a.ad_number)) problems.push({ kind: 'unknown_ad', path: `/ad_status/${i}`, item: a.ad_number, message: `AD ${a.ad_number} is not among this company's directives for the type: enter it first.`, blocking: true });
  });
  doc.sb_status.forEach((s, i) => {
    if (!p.sbs.has(s.sb_number)) problems.push({ kind: 'unknown_sb', path: `/sb_status/${i}`, item: s.sb_number, message: `SB ${s.sb_number} is not among this company's service bulletins for the type: enter it first.`, blocking: true });
  });
  doc.deferrals.forEach((d, i) => {
    if (d.mel_category && !p.mel.has(d.mel_category)) problems.push({ kind: 'mel_category', path: `/deferrals/${i}/mel_category`, item: d.defect_no, message: `MEL category ${d.mel_category} of defect ${d.defect_no} is not one of this company's.`, blocking: true });
  });
  const fileTasks = new Set(doc.tasks.filter((t) => t.kind === 'INSPECTION').map((t) => t.task_code));
  p.withoutRecord = [...p.inspections.keys()].filter((c) => !fileTasks.has(c)).sort();
  return p;
}

/** Reads, checks and (unless a dry run or refused) writes the file. */
export async function importAircraftRecords(ctx: ActionContext, file: unknown, opts: ImportOptions): Promise<ImportResult> {
  const tx = ctx.db;
  if (!tx.isTransaction) throw new Error('importAircraftRecords runs inside the action transaction');
  const compcode = ctx.user.compcode;
  const doc = file as AircraftRecords;
  const head = (file ?? {}) as { format?: unknown; version?: unknown };
  if (head.format !== FORMAT_NAME) throw appError('ERR_VALIDATION', { errors: [{ path: '/file/format', message: `is not an aircraft records file (format ${FORMAT_NAME})` }] });
  if (head.version !== FORMAT_VERSION) throw appError('ERR_VALIDATION', { errors: [{ path: '/file/version', message: `version ${String(head.version)} cannot be read: this product reads version ${FORMAT_VERSION}` }] });
  const invalid = validate(file);
  if (invalid.length) throw appError('ERR_VALIDATION', { message: 'The records file does not follow its schema.', errors: invalid.map((e) => ({ path: `/file${e.path === '/' ? '' : e.path}`, message: e.message })) });

  const planned = await plan(tx, compcode, doc);
  const problems = Array.isArray(planned) ? planned : planned.problems;
  const refused = problems.some((x) => x.blocking || opts.mode === 'all');
  const counts: Record<string, number> = { components: 0, component_changes: 0, maintenance_records: 0, record_items: 0, ad_status: 0, sb_status: 0, deferrals: 0 };
  let aircraftId: number | null = null;
  let dueItems = 0;
  let committed = false;

  if (!Array.isArray(planned) && !refused) {
    await sql`savepoint records_import`.execute(tx);
    try {
      // the hooks of each part placed and record posted ask for the due: computed once, at the end
      aircraftId = await deferDue(tx, () => write(ctx, doc, planned, counts), ctx.user.username);
      dueItems = Number((await rowsOf(tx, sql<SqlRow>`select count(*) as n from due_item where aircraft = ${aircraftId}`))[0]?.n ?? 0);
      if (opts.dryRun) await sql`rollback to savepoint records_import`.execute(tx);
      else {
        await sql`release savepoint records_import`.execute(tx);
        committed = true;
      }
    } catch (e) {
      await sql`rollback to savepoint records_import`.execute(tx);
      throw e;
    }
  }

  const total = doc.components.length + doc.maintenance_records.length + doc.ad_status.length + doc.sb_status.length + doc.deferrals.length + doc.component_changes.length;
  await tx
    .insertInto('sys_import_log')
    .values({ compcode, entity: 'aircraft', filename: (opts.filename ?? `${doc.aircraft.registration}-records.json`).slice(0, 200), mode: opts.dryRun ? 'dry' : opts.mode === 'all' ? 'all' : 'valid', key_field: null, total, imported: committed ? total : 0, failed: problems.length, created_by: ctx.user.username })
    .execute();

  const reg = doc.aircraft.registration;
  const message = Array.isArray(planned)
    ? problems[0].message
    : refused
      ? `Nothing was imported: ${problems.length} item${problems.length === 1 ? '' : 's'} of the file need${problems.length === 1 ? 's' : ''} the planner (listed).`
      : opts.dryRun
        ? `Dry run: ${reg} would be imported with ${counts.components} components, ${counts.maintenance_records} maintenance records and ${dueItems} due items; nothing was written.`
        : `${reg} was imported with ${counts.components} components, ${counts.maintenance_records} maintenance records and ${dueItems} due items.${problems.length ? ` ${problems.length} unmatched item(s) are kept for the planner (listed).` : ''}`;
  return { success: 1, dry_run: opts.dryRun, committed, message, registration: reg, aircraft_id: committed ? aircraftId : null, counts, problems, programme_without_record: Array.isArray(planned) ? [] : planned.withoutRecord, due_items: dueItems };
}

async function write(ctx: ActionContext, doc: AircraftRecords, p: Plan, counts: Record<string, number>): Promise<number> {
  const tx = ctx.db;
  const w: WriteContext = { db: tx, ability: ctx.ability, user: ctx.user };
  const reason = `taken over from the records of ${doc.source.name} (${doc.source.company}), exported ${doc.as_of}`;
  const patch = (entity: string, k: number, values: Record<string, unknown>) => ctx.repo.patch(tx, ctx.user, entity, k, values, { reason });
  const a = doc.aircraft;
  const t = a.totals;

  const created = await ctx.repo.create(w, 'aircraft', {
    registration: a.registration,
    aircraft_type: p.typeId,
    msn: a.msn,
    line_number: a.line_number,
    manufacture_date: a.manufacture_date,
    delivery_date: a.delivery_date,
    home_base: a.home_base,
    selcal: a.selcal,
    seat_config: a.seat_config,
    ownership: a.ownership ?? 'OWNED',
    lessor: a.lessor,
    total_fh: t.flight_hours,
    total_fc: t.flight_cycles,
    total_landings: t.landings,
    total_rin: t.extra_counter,
    apu_hours: t.apu_hours,
    apu_starts: t.apu_starts,
    avg_daily_fh: a.utilisation?.planned_daily_fh ?? null,
    avg_daily_fc: a.utilisation?.planned_daily_fc ?? null,
    remark: `Records taken over from ${doc.source.name} (${doc.source.company}) as of ${doc.as_of}.`,
  });
  const aircraftId = Number(created.aircraft_id);
  if (t.as_of) await patch('aircraft', aircraftId, { totals_as_of: t.as_of });

  // parts: created with their times, then placed on the aircraft as they are (an opening position)
  const parts = new Map<string, number>();
  for (const c of doc.components) {
    const row = await ctx.repo.create(w, 'fleet_component', {
      type_component: p.typeComponents.get(c.part_number) ?? null,
      partnumber: c.part_number,
      partname: c.part_name,
      serial_number: c.serial_number,
      ata: c.ata ? (p.ata.get(c.ata) ?? null) : null,
      component_class: c.component_class,
      manufacture_date: c.manufacture_date,
      tsn: c.tsn,
      csn: c.csn,
      tso: c.tso,
      cso: c.cso,
      tsr: c.tsr,
      csr: c.csr,
      lsn: c.landings ?? 0,
      rsn: c.extra_counter ?? 0,
      llp_life_used: c.llp_life_used,
      thrust_rating: c.thrust_rating,
      times_known: c.times_known,
      times_as_of: c.times_as_of,
      last_overhaul_date: c.last_overhaul_date,
      last_shop_visit_date: c.last_shop_visit_date,
      is_llp: c.is_llp,
      remark: c.remark,
    });
    parts.set(key(c), Number(row.component_id));
    counts.components++;
  }
  for (const c of doc.components) {
    const i = c.at_installation;
    await patch('fleet_component', parts.get(key(c))!, {
      aircraft: aircraftId,
      parent_component: c.next_higher_assembly ? (parts.get(key(c.next_higher_assembly)) ?? null) : null,
      position: c.position,
      component_status: 'INSTALLED',
      install_date: c.install_date,
      installed_ac_fh: i.ac_fh,
      installed_ac_fc: i.ac_fc,
      installed_tsn: i.tsn,
      installed_csn: i.csn,
      installed_lsn: i.landings,
      installed_rsn: i.extra_counter,
    });
  }

  // component change history of these parts, as posted records (the part times they recorded)
  for (const x of doc.component_changes) {
    const component = parts.get(key(x.component));
    if (component === undefined) continue;
    const row = await ctx.repo.create(w, 'component_change', {
      component,
      change_date: x.change_date,
      action: x.action,
      aircraft: x.on_this_aircraft ? aircraftId : null,
      parent_component: x.next_higher_assembly ? (parts.get(key(x.next_higher_assembly)) ?? null) : null,
      position: x.position,
      reason: x.reason,
      reason_text: x.reason_text,
      ac_fh: x.ac_fh,
      ac_fc: x.ac_fc,
      ac_apu_hours: x.ac_apu_hours,
      ac_apu_starts: x.ac_apu_starts,
      work_done: x.work_done ? (p.kinds.get(x.work_done) ?? null) : null,
      shop_order_no: x.shop_order_no,
      certificate_no: x.certificate_no,
      performed_by: x.performed_by,
      remark: [x.remark, x.shop ? `Shop: ${x.shop}` : null, x.work_order ? `Work order ${x.work_order} (${doc.source.company})` : null, x.on_this_aircraft ? null : 'On another aircraft before the transfer'].filter(Boolean).join('. ') || null,
    });
    await patch('component_change', Number(row.change_id), { tsn: x.tsn, csn: x.csn, tso: x.tso, cso: x.cso, tsi: x.tsi, csi: x.csi, posted: 1, posted_at: new Date().toISOString() });
    counts.component_changes++;
  }

  // maintenance history: each record with its items, the "counted from" point and next due as the file says, posted
  for (const r of doc.maintenance_records) {
    const items = r.items.map((it) => {
      const matched = it.item_kind === 'INSPECTION' && it.task_code ? (p.inspections.get(it.task_code) ?? null) : null;
      const unmatched = it.item_kind === 'INSPECTION' && it.task_code && matched === null;
      // a superseded item stays in the history but counts in no due (the correction's item does)
      const inspection = it.superseded ? null : matched;
      return {
        item_kind: it.item_kind,
        type_inspection: inspection,
        component: it.component ? (parts.get(key(it.component)) ?? null) : null,
        component_limit: !it.superseded && it.item_kind === 'COMPONENT' && it.component && it.limit_kind ? (p.limits.get(`${it.component.part_number}|${it.limit_kind}`) ?? null) : null,
        type_ad: it.ad_number ? (p.ads.get(it.ad_number) ?? null) : null,
        type_sb: it.sb_number ? (p.sbs.get(it.sb_number) ?? null) : null,
        is_terminating: it.is_terminating,
        remark:
          [it.remark, unmatched ? `Task ${it.task_code} of the transferred records: not in this programme` : null, it.superseded ? `Superseded by a correction before the transfer (${it.task_code ?? it.limit_kind ?? ''})` : null]
            .filter(Boolean)
            .join('. ')
            .slice(0, 500) || null,
      };
    });
    const rec = await ctx.repo.create(w, 'maintenance_record', {
      aircraft: aircraftId,
      done_date: r.done_date,
      ac_fh: r.ac_fh,
      ac_fc: r.ac_fc,
      ac_landings: r.ac_landings,
      station: r.station,
      certifying_staff: r.certifying_staff,
      licence_no: r.licence_no,
      crs_ref: r.crs_ref,
      remark: [`Record ${r.record_no} of ${doc.source.company}${r.work_order ? `, work order ${r.work_order}` : ''}${r.organisation ? `, ${r.organisation}` : ''}`, r.remark].filter(Boolean).join('. ').slice(0, 1000),
      lines: items,
    });
    const stored = rec.lines.map((l) => l.record_line_id);
    for (const [j, it] of r.items.entries()) {
      // an item that counts in no due (superseded, or a task without a match) keeps no "counted from" point
      const taken = it.superseded || (it.item_kind === 'INSPECTION' && items[j].type_inspection === null);
      await patch('maintenance_record_line', stored[j], {
        reset_basis: it.reset_basis,
        planned_due_fh: it.planned_due.fh,
        planned_due_fc: it.planned_due.fc,
        planned_due_date: it.planned_due.date,
        base_h: taken ? null : it.counted_from.fh,
        base_c: taken ? null : it.counted_from.fc,
        base_l: taken ? null : it.counted_from.landings,
        base_r: taken ? null : it.counted_from.extra_counter,
        base_date: taken ? null : it.counted_from.date,
        next_due_h: it.next_due.fh,
        next_due_c: it.next_due.fc,
        next_due_date: it.next_due.date,
        part_tsn: it.part_tsn,
        part_csn: it.part_csn,
        overrun: it.overrun,
      });
      counts.record_items++;
    }
    await patch('maintenance_record', Number(rec.record_id), { posted: 1 });
    counts.maintenance_records++;
  }

  // AD and SB status of the aircraft
  for (const s of doc.ad_status) {
    await ctx.repo.create(w, 'aircraft_ad_status', {
      aircraft: aircraftId,
      type_ad: p.ads.get(s.ad_number),
      component: s.component ? (parts.get(key(s.component)) ?? null) : null,
      ad_status: s.status,
      na_reason: s.na_reason,
      superseded_by: s.superseded_by ? (p.ads.get(s.superseded_by) ?? null) : null,
      ac_fh_at_effective: s.ac_fh_at_effective,
      ac_fc_at_effective: s.ac_fc_at_effective,
      last_done_date: s.last_done_date,
      last_done_fh: s.last_done_fh,
      last_done_fc: s.last_done_fc,
      part_tsn: s.part_tsn,
      part_csn: s.part_csn,
      method: s.method,
      next_due_date: s.typed_next_due.date,
      next_due_fh: s.typed_next_due.fh,
      next_due_fc: s.typed_next_due.fc,
      signed_by: s.signed_by,
      remark: [s.remark, s.work_order ? `Work order ${s.work_order} (${doc.source.company})` : null].filter(Boolean).join('. ').slice(0, 1000) || null,
    });
    counts.ad_status++;
  }
  for (const s of doc.sb_status) {
    await ctx.repo.create(w, 'aircraft_sb_status', {
      aircraft: aircraftId,
      type_sb: p.sbs.get(s.sb_number),
      component: s.component ? (parts.get(key(s.component)) ?? null) : null,
      sb_status: s.status,
      na_reason: s.na_reason,
      superseded_by: s.superseded_by ? (p.sbs.get(s.superseded_by) ?? null) : null,
      last_done_date: s.last_done_date,
      last_done_fh: s.last_done_fh,
      last_done_fc: s.last_done_fc,
      method: s.method,
      planned_date: s.planned_date,
      next_due_date: s.typed_next_due.date,
      next_due_fh: s.typed_next_due.fh,
      next_due_fc: s.typed_next_due.fc,
      signed_by: s.signed_by,
      remark: [s.remark, s.work_order ? `Work order ${s.work_order} (${doc.source.company})` : null].filter(Boolean).join('. ').slice(0, 1000) || null,
    });
    counts.sb_status++;
  }

  // deferrals, with their numbers (the due list names them)
  for (const d of doc.deferrals) {
    const row = await ctx.repo.create({ ...w, importNumbers: true }, 'defect', {
      defect_no: d.defect_no,
      aircraft: aircraftId,
      found_date: d.found_date,
      station: d.station,
      source: d.source ?? 'PIREP',
      techlog_page: d.techlog_page,
      ata: d.ata ? (p.ata.get(d.ata) ?? null) : null,
      description: d.description,
      reported_by: d.reported_by,
      defect_status: d.status,
      mel_category: d.mel_category ? p.mel.get(d.mel_category) : null,
      mel_item: d.mel_item,
      deferral_date: d.deferral_date,
      interval_days: d.interval_days,
      due_fh: d.due_fh,
      due_fc: d.due_fc,
      ops_procedure: d.ops_procedure,
      maint_procedure: d.maint_procedure,
      deferred_by: d.deferred_by,
      extension_days: d.extension_days,
      extension_reason: d.extension_reason,
      parts_required: d.parts_required,
      rectified_date: d.rectified_date,
      action_taken: d.action_taken,
      rectified_by: d.rectified_by,
      crs_ref: d.crs_ref,
    });
    if (d.extension_granted && d.status !== 'CLOSED') await patch('defect', Number(row.defect_id), { extension_granted: true, extended_due_date: d.extended_due_date, extension_approved_by: d.extension_approved_by });
    counts.deferrals++;
  }

  await refreshDue(tx, aircraftId, ctx.user.username);
  return aircraftId;
}
