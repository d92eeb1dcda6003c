/**
 * Migration of a fleet from spreadsheets (issue 36 point 3, docs/records-transfer.md "Migration
 * from spreadsheets", decision 0363): one xlsx workbook with a sheet per record kind (Aircraft,
 * Components, Tasks, AD-SB, Deferrals), a header row of field names and a second row of help.
 *
 * The workbook is turned, per registration, into the same `aeroerp.aircraft-records` file the
 * records import reads (format.ts), so every rule of that import (programme matching, positions,
 * duplicates, MEL categories, the one due computation) is the same. What this module adds: the
 * template, reading the cells (H:MM hours, YYYY-MM-DD dates, counts), and the way back from a
 * records file's path (`/components/3/position`) to the cell it came from (`Components!F14`).
 */
import { appError } from '../../engine/src/errors.ts';
import { FORMAT_NAME, FORMAT_VERSION, type AircraftRecords, type ComponentRecord, type MaintenanceRecordDoc } from './format.ts';
import { plainCell } from '../../engine/src/crud/import.ts';
import { todayIso } from '../../engine/src/values/dates.ts';

type Kind = 'text' | 'hours' | 'count' | 'date' | 'yesno';
interface Column {
  field: string;
  kind: Kind;
  required?: boolean;
  help: string;
}
interface SheetDef {
  name: string;
  section: string;
  columns: Column[];
}

const reg: Column = { field: 'registration', kind: 'text', required: true, help: 'Registration, as on the Aircraft sheet (e.g. PK-WFA)' };

export const SHEETS: SheetDef[] = [
  {
    name: 'Aircraft',
    section: 'aircraft',
    columns: [
      reg,
      { field: 'msn', kind: 'text', required: true, help: 'Manufacturer serial number' },
      { field: 'aircraft_type', kind: 'text', required: true, help: 'Type name as in Aircraft Types (its programme is used), e.g. ATR 72-600' },
      { field: 'model_designation', kind: 'text', help: 'TCDS model, if the type name differs' },
      { field: 'manufacture_date', kind: 'date', help: 'YYYY-MM-DD' },
      { field: 'delivery_date', kind: 'date', help: 'YYYY-MM-DD' },
      { field: 'home_base', kind: 'text', help: 'Station code' },
      { field: 'totals_as_of', kind: 'date', required: true, help: 'YYYY-MM-DD: the date of the totals' },
      { field: 'flight_hours', kind: 'hours', required: true, help: 'Airframe total hours, H:MM (e.g. 21043:30)' },
      { field: 'flight_cycles', kind: 'count', required: true, help: 'Airframe total cycles' },
      { field: 'landings', kind: 'count', help: 'Total landings (empty: the cycles)' },
      { field: 'apu_hours', kind: 'hours', help: 'APU hours, H:MM' },
      { field: 'apu_starts', kind: 'count', help: 'APU starts' },
      { field: 'planned_daily_fh', kind: 'hours', help: 'Planned hours a day, H:MM (the forecast)' },
      { field: 'planned_daily_fc', kind: 'count', help: 'Planned cycles a day' },
    ],
  },
  {
    name: 'Components',
    section: 'components',
    columns: [
      reg,
      { field: 'part_number', kind: 'text', required: true, help: 'P/N' },
      { field: 'serial_number', kind: 'text', required: true, help: 'S/N (each P/N + S/N once)' },
      { field: 'part_name', kind: 'text', required: true, help: 'Description' },
      { field: 'component_class', kind: 'text', help: 'ENGINE, APU, PROPELLER, MODULE, LLP, LG or ROTABLE (empty: ROTABLE)' },
      { field: 'position', kind: 'text', help: 'Installed position (e.g. 1, 2, LH); needed where the programme names positions' },
      { field: 'ata', kind: 'text', help: 'ATA chapter code, as in ATA Chapters' },
      { field: 'nha_part_number', kind: 'text', help: 'Next higher assembly P/N (a module of an engine)' },
      { field: 'nha_serial_number', kind: 'text', help: 'Next higher assembly S/N' },
      { field: 'install_date', kind: 'date', help: 'YYYY-MM-DD' },
      { field: 'tsn', kind: 'hours', help: 'Time since new, H:MM' },
      { field: 'csn', kind: 'count', help: 'Cycles since new' },
      { field: 'tso', kind: 'hours', help: 'Time since overhaul, H:MM' },
      { field: 'cso', kind: 'count', help: 'Cycles since overhaul' },
      { field: 'installed_ac_fh', kind: 'hours', help: 'Aircraft hours at installation, H:MM' },
      { field: 'installed_ac_fc', kind: 'count', help: 'Aircraft cycles at installation' },
      { field: 'installed_tsn', kind: 'hours', help: 'Part TSN at installation, H:MM' },
      { field: 'installed_csn', kind: 'count', help: 'Part CSN at installation' },
      { field: 'is_llp', kind: 'yesno', help: 'yes / no: a life-limited part' },
      { field: 'remark', kind: 'text', help: 'Free text' },
    ],
  },
  {
    name: 'Tasks',
    section: 'tasks',
    columns: [
      reg,
      { field: 'task_code', kind: 'text', required: true, help: 'Task code of the programme (e.g. 05-21-01)' },
      { field: 'last_done_date', kind: 'date', required: true, help: 'YYYY-MM-DD: last accomplished' },
      { field: 'last_done_fh', kind: 'hours', required: true, help: 'Aircraft hours then, H:MM' },
      { field: 'last_done_fc', kind: 'count', required: true, help: 'Aircraft cycles then' },
      { field: 'crs_ref', kind: 'text', help: 'CRS or work order reference' },
      { field: 'remark', kind: 'text', help: 'Free text' },
    ],
  },
  {
    name: 'AD-SB',
    section: 'ad_sb',
    columns: [
      reg,
      { field: 'kind', kind: 'text', required: true, help: 'AD or SB' },
      { field: 'number', kind: 'text', required: true, help: 'AD / SB number, as entered for the type' },
      { field: 'status', kind: 'text', required: true, help: 'OPEN, COMPLIED, RECURRING, TERMINATED or NA' },
      { field: 'method', kind: 'text', help: 'Method of compliance' },
      { field: 'last_done_date', kind: 'date', help: 'YYYY-MM-DD' },
      { field: 'last_done_fh', kind: 'hours', help: 'Aircraft hours then, H:MM' },
      { field: 'last_done_fc', kind: 'count', help: 'Aircraft cycles then' },
      { field: 'next_due_date', kind: 'date', help: 'YYYY-MM-DD' },
      { field: 'next_due_fh', kind: 'hours', help: 'Aircraft hours, H:MM' },
      { field: 'next_due_fc', kind: 'count', help: 'Aircraft cycles' },
      { field: 'na_reason', kind: 'text', help: 'Why not applicable (status NA)' },
      { field: 'remark', kind: 'text', help: 'Free text' },
    ],
  },
  {
    name: 'Deferrals',
    section: 'deferrals',
    columns: [
      reg,
      { field: 'defect_no', kind: 'text', required: true, help: 'Defect number of the old system (kept)' },
      { field: 'found_date', kind: 'date', required: true, help: 'YYYY-MM-DD' },
      { field: 'description', kind: 'text', required: true, help: 'The defect' },
      { field: 'ata', kind: 'text', help: 'ATA chapter code' },
      { field: 'mel_category', kind: 'text', help: 'MEL category (A, B, C, D) as in MEL Categories' },
      { field: 'mel_item', kind: 'text', help: 'MEL item, e.g. 30-42-01' },
      { field: 'deferral_date', kind: 'date', help: 'YYYY-MM-DD' },
      { field: 'interval_days', kind: 'count', help: 'Days allowed' },
      { field: 'due_fh', kind: 'hours', help: 'Due at aircraft hours, H:MM' },
      { field: 'due_fc', kind: 'count', help: 'Due at aircraft cycles' },
      { field: 'station', kind: 'text', help: 'Station code' },
      { field: 'techlog_page', kind: 'text', help: 'Tech log page' },
    ],
  },
];

const README = [
  'AeroERP fleet migration workbook (docs/records-transfer.md, "Migration from spreadsheets").',
  '',
  'One sheet per record kind: Aircraft, Components, Tasks, AD-SB, Deferrals. Row 1 holds the field names (do not change them), row 2 the help; data starts on row 3.',
  'Every row names its aircraft by registration; the aircraft must be on the Aircraft sheet.',
  'Hours are H:MM (21043:30 is 21,043 hours 30 minutes; a plain number is hours, 12.5 = 12:30). Dates are YYYY-MM-DD. Cycles, landings and days are whole numbers.',
  'Columns marked * on row 2 are required.',
  '',
  'Aircraft: totals as of a date; the type name selects the maintenance programme of your company.',
  'Components: each installed part with its times; P/N + S/N once in the workbook; a position where the programme installs that P/N in named positions (engines, propellers, wheels), or the next higher assembly.',
  'Tasks: the last accomplishment of each programme task (task code, date, aircraft hours and cycles then). The next due is computed by the product from the programme\'s interval.',
  'AD-SB: the compliance status of each AD and SB entered for the type.',
  'Deferrals: open deferred defects, with their MEL category and item.',
  '',
  'Upload: Fleet > Import Spreadsheets. Preview (dry run) lists every problem at its sheet and cell, per aircraft; nothing is written. Import writes the whole fleet or nothing.',
];

/** The template: a Read me sheet and one sheet per record kind (header row of field names, a row of help). */
export async function templateWorkbook(): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  const readme = wb.addWorksheet('Read me');
  readme.getColumn(1).width = 140;
  README.forEach((l, i) => (readme.getCell(i + 1, 1).value = l));
  readme.getCell(1, 1).font = { bold: true };
  for (const s of SHEETS) {
    const ws = wb.addWorksheet(s.name);
    s.columns.forEach((c, i) => {
      ws.getCell(1, i + 1).value = c.field;
      ws.getCell(1, i + 1).font = { bold: true };
      ws.getCell(2, i + 1).value = `${c.help}${c.required ? ' *' : ''}`;
      ws.getCell(2, i + 1).font = { italic: true, color: { argb: 'FF666666' } };
      ws.getColumn(i + 1).width = Math.max(14, c.field.length + 2);
      // hours and codes as text, so Excel keeps 21043:30 and 05-21-01 as typed
      if (c.kind === 'hours' || c.kind === 'text') ws.getColumn(i + 1).numFmt = '@';
    });
    ws.views = [{ state: 'frozen', ySplit: 2 }];
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface SheetProblem {
  kind: string;
  /** `Components!F14` */
  cell: string;
  sheet: string;
  row: number;
  column: string;
  registration: string | null;
  item: string;
  message: string;
}

/** Where a records file's paths came from: `/components/3` → its sheet and row. */
export interface Origin {
  rows: Map<string, { sheet: SheetDef; row: number }>;
}
export interface FleetWorkbook {
  aircraft: { registration: string; doc: AircraftRecords; origin: Origin }[];
  problems: SheetProblem[];
  rows: number;
}

const letter = (n: number): string => (n <= 26 ? String.fromCharCode(64 + n) : letter(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26)));

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
/** A cell's value as the column's kind: minutes for hours, an integer for counts, YYYY-MM-DD for dates; a string is the problem. */
export function cellValue(kind: Kind, v: unknown): { value: unknown } | { error: string } {
  if (v === null || v === undefined || v === '') return { value: null };
  if (kind === 'text') return { value: v instanceof Date ? v.toISOString().slice(0, 10) : String(v) };
  if (kind === 'hours') {
    // a duration cell ([h]:mm) comes as a date after 1899-12-30
    if (v instanceof Date) return { value: Math.round((v.getTime() - EXCEL_EPOCH) / 60000) };
    if (typeof v === 'number') return v >= 0 ? { value: Math.round(v * 60) } : { error: 'hours cannot be negative' };
    const s = String(v).replace(/,/g, '');
    const m = /^(\d+):([0-5]\d)$/.exec(s);
    if (m) return { value: Number(m[1]) * 60 + Number(m[2]) };
    if (/^\d+(\.\d+)?$/.test(s)) return { value: Math.round(Number(s) * 60) };
    return { error: `"${String(v)}" is not hours as H:MM (e.g. 21043:30)` };
  }
  if (kind === 'count') {
    const n = typeof v === 'number' ? v : /^\d[\d,]*$/.test(String(v)) ? Number(String(v).replace(/,/g, '')) : NaN;
    return Number.isInteger(n) && n >= 0 ? { value: n } : { error: `"${String(v)}" is not a whole number` };
  }
  if (kind === 'date') {
    if (v instanceof Date) return { value: v.toISOString().slice(0, 10) };
    const s = String(v);
    return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) ? { value: s } : { error: `"${s}" is not a date as YYYY-MM-DD` };
  }
  const s = String(v).toLowerCase();
  if (['yes', 'y', 'true', '1', 'ya'].includes(s) || v === true) return { value: true };
  if (['no', 'n', 'false', '0', 'tidak'].includes(s) || v === false) return { value: false };
  return { error: `"${String(v)}" is not yes or no` };
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Reads the workbook: per registration, its records file and where each of its rows came from. */
export async function readFleetWorkbook(data: Buffer, maxRows = 200_000): Promise<FleetWorkbook> {
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(data as never);
  } catch {
    throw appError('ERR_BAD_REQUEST', { message: 'The file is not a readable xlsx workbook.' });
  }
  const problems: SheetProblem[] = [];
  const at = (s: SheetDef, row: number, field: string | null, registration: string | null, kind: string, item: string, message: string) => {
    const col = field ? s.columns.findIndex((c) => c.field === field) + 1 : 1;
    const column = letter(Math.max(col, 1));
    problems.push({ kind, cell: `${s.name}!${column}${row}`, sheet: s.name, row, column, registration, item, message });
  };
  const read: Record<string, { row: number; values: Record<string, unknown> }[]> = {};
  let total = 0;
  for (const s of SHEETS) {
    const ws = wb.getWorksheet(s.name);
    read[s.section] = [];
    if (!ws) {
      if (s.name === 'Aircraft') throw appError('ERR_VALIDATION', { errors: [{ path: '/file', message: 'has no Aircraft sheet: start from the migration template' }] });
      continue;
    }
    const cols = new Map<number, Column>();
    ws.getRow(1).eachCell({ includeEmpty: false }, (c, n) => {
      const name = String(plainCell(c.value) ?? '').trim();
      const def = s.columns.find((x) => x.field === name);
      if (def) cols.set(n, def);
      else if (name) throw appError('ERR_VALIDATION', { errors: [{ path: `/file/${s.name}!${letter(n)}1`, message: `"${name}" is not a column of the ${s.name} sheet (columns: ${s.columns.map((x) => x.field).join(', ')})` }] });
    });
    const required = s.columns.filter((c) => c.required && ![...cols.values()].includes(c));
    if (required.length) throw appError('ERR_VALIDATION', { errors: [{ path: `/file/${s.name}!1`, message: `the ${s.name} sheet has no column ${required.map((c) => c.field).join(', ')}` }] });
    ws.eachRow({ includeEmpty: false }, (r, n) => {
      if (n <= 2) return;
      const values: Record<string, unknown> = {};
      const raw: Record<string, unknown> = {};
      r.eachCell({ includeEmpty: false }, (c, col) => {
        const def = cols.get(col);
        if (def) raw[def.field] = plainCell(c.value);
      });
      if (Object.values(raw).every((v) => v === null || v === '')) return;
      const regn = str(raw.registration);
      let bad = false;
      for (const def of s.columns) {
        const got = cellValue(def.kind, raw[def.field]);
        if ('error' in got) {
          at(s, n, def.field, regn, 'cell', String(raw[def.field]), `${def.field}: ${got.error}.`);
          bad = true;
        } else if (got.value === null && def.required) {
          at(s, n, def.field, regn, 'cell', def.field, `${def.field} is required.`);
          bad = true;
        } else values[def.field] = got.value;
      }
      total++;
      if (total > maxRows) throw appError('ERR_BAD_REQUEST', { message: `The workbook has more than ${maxRows} rows; import the fleet in parts.` });
      if (!bad) read[s.section].push({ row: n, values });
    });
  }

  // one records file per aircraft
  const fleet = new Map<string, { registration: string; doc: AircraftRecords; origin: Origin }>();
  const asOf = todayIso();
  const aircraftSheet = SHEETS[0];
  for (const { row, values: v } of read.aircraft) {
    const r = String(v.registration);
    if (fleet.has(r)) {
      at(aircraftSheet, row, 'registration', r, 'registration', r, `Aircraft ${r} is on the Aircraft sheet twice.`);
      continue;
    }
    const origin: Origin = { rows: new Map([['/aircraft', { sheet: aircraftSheet, row }]]) };
    const doc: AircraftRecords = {
      format: FORMAT_NAME,
      version: FORMAT_VERSION,
      exported_at: new Date().toISOString(),
      as_of: String(v.totals_as_of ?? asOf),
      source: { company: 'SHEETS', name: 'the migration workbook' },
      aircraft: {
        registration: r,
        msn: String(v.msn),
        line_number: null,
        aircraft_type: String(v.aircraft_type),
        model_designation: str(v.model_designation),
        icao_type: null,
        manufacture_date: str(v.manufacture_date),
        delivery_date: str(v.delivery_date),
        ownership: null,
        lessor: null,
        home_base: str(v.home_base),
        selcal: null,
        seat_config: null,
        totals: { as_of: str(v.totals_as_of), flight_hours: Number(v.flight_hours), flight_cycles: Number(v.flight_cycles), landings: Number(v.landings ?? v.flight_cycles), extra_counter: 0, apu_hours: num(v.apu_hours), apu_starts: num(v.apu_starts) },
        utilisation: { planned_daily_fh: num(v.planned_daily_fh), planned_daily_fc: num(v.planned_daily_fc), daily_fh: null, daily_fc: null, last_flight_date: null },
      },
      components: [],
      life_limited_parts: [],
      tasks: [],
      ad_status: [],
      sb_status: [],
      deferrals: [],
      component_changes: [],
      maintenance_records: [],
      work_orders: [],
      due_list: [],
    };
    fleet.set(r, { registration: r, doc, origin });
  }
  const owner = (s: SheetDef, row: number, v: Record<string, unknown>) => {
    const a = fleet.get(String(v.registration));
    if (!a) at(s, row, 'registration', String(v.registration), 'no_aircraft', String(v.registration), `Could not place: ${String(v.registration)} is not on the Aircraft sheet.`);
    return a;
  };

  // components: P/N + S/N once across the workbook (within one aircraft the records import says so)
  const sheetOf = (section: string) => SHEETS.find((s) => s.section === section)!;
  const cs = sheetOf('components');
  const serials = new Map<string, { row: number; registration: string }>();
  for (const { row, values: v } of read.components) {
    const a = owner(cs, row, v);
    if (!a) continue;
    const k = `${String(v.part_number)}\u0000${String(v.serial_number)}`;
    const first = serials.get(k);
    if (first && first.registration !== a.registration) {
      at(cs, row, 'serial_number', a.registration, 'duplicate_serial', `P/N ${String(v.part_number)} S/N ${String(v.serial_number)}`, `P/N ${String(v.part_number)} S/N ${String(v.serial_number)} is also on ${first.registration} (Components row ${first.row}).`);
      continue;
    }
    if (!first) serials.set(k, { row, registration: a.registration });
    const tsn = num(v.tsn);
    const csn = num(v.csn);
    const c: ComponentRecord = {
      part_number: String(v.part_number),
      serial_number: String(v.serial_number),
      part_name: String(v.part_name),
      component_class: String(v.component_class ?? 'ROTABLE').toUpperCase(),
      ata: str(v.ata),
      position: str(v.position),
      next_higher_assembly: v.nha_part_number && v.nha_serial_number ? { part_number: String(v.nha_part_number), serial_number: String(v.nha_serial_number) } : null,
      manufacture_date: null,
      install_date: str(v.install_date),
      is_llp: v.is_llp === true,
      thrust_rating: null,
      times_known: tsn !== null || csn !== null,
      times_as_of: a.doc.aircraft.totals.as_of,
      tsn,
      csn,
      tso: num(v.tso),
      cso: num(v.cso),
      tsr: null,
      csr: null,
      landings: null,
      extra_counter: null,
      llp_life_used: null,
      last_overhaul_date: null,
      last_shop_visit_date: null,
      at_installation: { ac_fh: num(v.installed_ac_fh), ac_fc: num(v.installed_ac_fc), tsn: num(v.installed_tsn), csn: num(v.installed_csn), landings: null, extra_counter: null },
      remark: str(v.remark),
    };
    a.origin.rows.set(`/components/${a.doc.components.length}`, { sheet: cs, row });
    a.doc.components.push(c);
  }

  // tasks: each row a last accomplishment; rows of one aircraft done at the same date and times make one maintenance record
  const ts = sheetOf('tasks');
  for (const { row, values: v } of read.tasks) {
    const a = owner(ts, row, v);
    if (!a) continue;
    const fh = Number(v.last_done_fh);
    const fc = Number(v.last_done_fc);
    const date = String(v.last_done_date);
    a.origin.rows.set(`/tasks/${a.doc.tasks.length}`, { sheet: ts, row });
    a.doc.tasks.push({ kind: 'INSPECTION', task_code: String(v.task_code), title: null, component: null, limit_kind: null, interval: { fh: null, fc: null, days: null, whichever: null }, last_done_date: date, last_done_fh: fh, last_done_fc: fc, next_due_fh: null, next_due_fc: null, next_due_date: null, hard_date: null, remaining_fh: null, remaining_fc: null, remaining_days: null, due_status: null });
    let i = a.doc.maintenance_records.findIndex((m) => m.done_date === date && m.ac_fh === fh && m.ac_fc === fc);
    if (i < 0) {
      i = a.doc.maintenance_records.length;
      const rec: MaintenanceRecordDoc = { record_no: `${a.registration} ${date}`, done_date: date, ac_fh: fh, ac_fc: fc, ac_landings: null, station: null, work_order: null, organisation: null, certifying_staff: null, licence_no: null, crs_ref: str(v.crs_ref), remark: 'Last done, from the migration workbook', items: [] };
      a.doc.maintenance_records.push(rec);
    }
    const m = a.doc.maintenance_records[i];
    a.origin.rows.set(`/maintenance_records/${i}/items/${m.items.length}`, { sheet: ts, row });
    m.items.push({
      item_kind: 'INSPECTION',
      task_code: String(v.task_code),
      component: null,
      limit_kind: null,
      ad_number: null,
      sb_number: null,
      reset_basis: 'ACTUAL',
      counted_from: { fh, fc, landings: null, extra_counter: null, date },
      planned_due: { fh: null, fc: null, date: null },
      next_due: { fh: null, fc: null, date: null },
      part_tsn: null,
      part_csn: null,
      overrun: false,
      is_terminating: false,
      superseded: false,
      remark: str(v.remark),
    });
  }

  const ad = sheetOf('ad_sb');
  for (const { row, values: v } of read.ad_sb) {
    const a = owner(ad, row, v);
    if (!a) continue;
    const kind = String(v.kind).toUpperCase();
    const status = String(v.status).toUpperCase();
    if (kind !== 'AD' && kind !== 'SB') {
      at(ad, row, 'kind', a.registration, 'cell', String(v.kind), 'kind must be AD or SB.');
      continue;
    }
    if (!['OPEN', 'COMPLIED', 'RECURRING', 'TERMINATED', 'NA'].includes(status)) {
      at(ad, row, 'status', a.registration, 'cell', String(v.status), 'status must be OPEN, COMPLIED, RECURRING, TERMINATED or NA.');
      continue;
    }
    const common = {
      title: null,
      status,
      component: null,
      method: str(v.method),
      na_reason: str(v.na_reason),
      superseded_by: null,
      last_done_date: str(v.last_done_date),
      last_done_fh: num(v.last_done_fh),
      last_done_fc: num(v.last_done_fc),
      typed_next_due: { fh: num(v.next_due_fh), fc: num(v.next_due_fc), date: str(v.next_due_date) },
      work_order: null,
      signed_by: null,
      remark: str(v.remark),
      next_due: null,
    };
    if (kind === 'AD') {
      a.origin.rows.set(`/ad_status/${a.doc.ad_status.length}`, { sheet: ad, row });
      a.doc.ad_status.push({ ad_number: String(v.number), ac_fh_at_effective: null, ac_fc_at_effective: null, part_tsn: null, part_csn: null, ...common });
    } else {
      a.origin.rows.set(`/sb_status/${a.doc.sb_status.length}`, { sheet: ad, row });
      a.doc.sb_status.push({ sb_number: String(v.number), planned_date: null, ...common });
    }
  }

  const df = sheetOf('deferrals');
  for (const { row, values: v } of read.deferrals) {
    const a = owner(df, row, v);
    if (!a) continue;
    a.origin.rows.set(`/deferrals/${a.doc.deferrals.length}`, { sheet: df, row });
    a.doc.deferrals.push({
      defect_no: String(v.defect_no),
      found_date: String(v.found_date),
      status: v.mel_category || v.deferral_date ? 'DEFERRED' : 'OPEN',
      source: null,
      station: str(v.station),
      techlog_page: str(v.techlog_page),
      ata: str(v.ata),
      description: String(v.description),
      reported_by: null,
      mel_category: str(v.mel_category),
      mel_item: str(v.mel_item),
      deferral_date: str(v.deferral_date),
      interval_days: num(v.interval_days),
      due_date: null,
      due_fh: num(v.due_fh),
      due_fc: num(v.due_fc),
      extension_granted: false,
      extension_days: null,
      extended_due_date: null,
      extension_approved_by: null,
      extension_reason: null,
      ops_procedure: null,
      maint_procedure: null,
      deferred_by: null,
      parts_required: null,
      rectified_date: null,
      action_taken: null,
      rectified_by: null,
      crs_ref: null,
    });
  }
  return { aircraft: [...fleet.values()], problems, rows: total };
}

/** The column a records file's field came from, per section (`next_higher_assembly` → nha_part_number). */
const FIELD_COLUMN: Record<string, Record<string, string>> = {
  aircraft: { totals: 'flight_hours', utilisation: 'planned_daily_fh' },
  components: { next_higher_assembly: 'nha_part_number', at_installation: 'installed_ac_fh', '': 'serial_number' },
  tasks: { '': 'task_code' },
  maintenance_records: { '': 'task_code' },
  ad_status: { ad_number: 'number', typed_next_due: 'next_due_date', '': 'number' },
  sb_status: { sb_number: 'number', typed_next_due: 'next_due_date', '': 'number' },
  deferrals: { '': 'defect_no' },
};

/** `/components/3/position` of an aircraft's records file → `Components!F14`. */
export function cellOf(origin: Origin, path: string): { cell: string; sheet: string; row: number; column: string } | null {
  const parts = path.replace(/^\/file/, '').split('/').filter(Boolean);
  const section = parts[0];
  let key: string;
  let rest: string[];
  if (section === 'aircraft') {
    key = '/aircraft';
    rest = parts.slice(1);
  } else if (section === 'maintenance_records') {
    key = `/maintenance_records/${parts[1]}/items/${parts[3] ?? 0}`;
    rest = parts.slice(4);
  } else {
    key = `/${section}/${parts[1]}`;
    rest = parts.slice(2);
  }
  const o = origin.rows.get(key);
  if (!o) return null;
  const named = rest.find((f) => o.sheet.columns.some((c) => c.field === f));
  const field = named ?? FIELD_COLUMN[section]?.[rest[0] ?? ''] ?? FIELD_COLUMN[section]?.[''];
  const col = o.sheet.columns.findIndex((c) => c.field === field) + 1 || 1;
  const column = letter(col);
  return { cell: `${o.sheet.name}!${column}${o.row}`, sheet: o.sheet.name, row: o.row, column };
}
