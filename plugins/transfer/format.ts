/**
 * The aircraft records transfer file (docs/records-transfer.md, decision 0360): its name, version,
 * TypeScript shape and JSON Schema (published in the OpenAPI description as
 * components.schemas.AircraftRecords). Hours are integer minutes (as everywhere in the product),
 * cycles and landings counts, dates YYYY-MM-DD. A field that has a counterpart in ATA Spec 2500
 * says so in its description (`Spec 2500: …`); the mapping and where it is only approximate are in
 * docs/records-transfer.md.
 */

export const FORMAT_NAME = 'aeroerp.aircraft-records';
/** Major version: a file of another major version is refused; minor additions keep the major. */
export const FORMAT_VERSION = 1;

export interface PartRef {
  part_number: string;
  serial_number: string;
}
export interface TaskStatus {
  last_done_date: string | null;
  last_done_fh: number | null;
  last_done_fc: number | null;
  next_due_fh: number | null;
  next_due_fc: number | null;
  next_due_date: string | null;
  hard_date: string | null;
  remaining_fh: number | null;
  remaining_fc: number | null;
  remaining_days: number | null;
  due_status: string | null;
}
export interface ComponentRecord extends PartRef {
  part_name: string;
  component_class: string;
  ata: string | null;
  position: string | null;
  next_higher_assembly: PartRef | null;
  manufacture_date: string | null;
  install_date: string | null;
  is_llp: boolean;
  thrust_rating: string | null;
  times_known: boolean;
  times_as_of: string | null;
  tsn: number | null;
  csn: number | null;
  tso: number | null;
  cso: number | null;
  tsr: number | null;
  csr: number | null;
  landings: number | null;
  extra_counter: number | null;
  llp_life_used: number | null;
  last_overhaul_date: string | null;
  last_shop_visit_date: string | null;
  at_installation: { ac_fh: number | null; ac_fc: number | null; tsn: number | null; csn: number | null; landings: number | null; extra_counter: number | null };
  remark: string | null;
}
export interface RecordItem {
  item_kind: 'INSPECTION' | 'COMPONENT' | 'AD' | 'SB';
  task_code: string | null;
  component: PartRef | null;
  limit_kind: string | null;
  ad_number: string | null;
  sb_number: string | null;
  reset_basis: string;
  counted_from: { fh: number | null; fc: number | null; landings: number | null; extra_counter: number | null; date: string | null };
  planned_due: { fh: number | null; fc: number | null; date: string | null };
  next_due: { fh: number | null; fc: number | null; date: string | null };
  part_tsn: number | null;
  part_csn: number | null;
  overrun: boolean;
  is_terminating: boolean;
  superseded: boolean;
  remark: string | null;
}
export interface MaintenanceRecordDoc {
  record_no: string;
  done_date: string;
  ac_fh: number;
  ac_fc: number;
  ac_landings: number | null;
  station: string | null;
  work_order: string | null;
  organisation: string | null;
  certifying_staff: string | null;
  licence_no: string | null;
  crs_ref: string | null;
  remark: string | null;
  items: RecordItem[];
}
type Due3 = { fh: number | null; fc: number | null; date: string | null };
export interface AdStatusDoc {
  ad_number: string;
  title: string | null;
  status: string;
  component: PartRef | null;
  method: string | null;
  na_reason: string | null;
  superseded_by: string | null;
  ac_fh_at_effective: number | null;
  ac_fc_at_effective: number | null;
  last_done_date: string | null;
  last_done_fh: number | null;
  last_done_fc: number | null;
  part_tsn: number | null;
  part_csn: number | null;
  typed_next_due: Due3;
  work_order: string | null;
  signed_by: string | null;
  remark: string | null;
  next_due: TaskStatus | null;
}
export interface SbStatusDoc extends Omit<AdStatusDoc, 'ad_number' | 'ac_fh_at_effective' | 'ac_fc_at_effective' | 'part_tsn' | 'part_csn'> {
  sb_number: string;
  planned_date: string | null;
}
export interface DeferralDoc {
  defect_no: string;
  found_date: string;
  status: string;
  source: string | null;
  station: string | null;
  techlog_page: string | null;
  ata: string | null;
  description: string;
  reported_by: string | null;
  mel_category: string | null;
  mel_item: string | null;
  deferral_date: string | null;
  interval_days: number | null;
  due_date: string | null;
  due_fh: number | null;
  due_fc: number | null;
  extension_granted: boolean;
  extension_days: number | null;
  extended_due_date: string | null;
  extension_approved_by: string | null;
  extension_reason: string | null;
  ops_procedure: string | null;
  maint_procedure: string | null;
  deferred_by: string | null;
  parts_required: string | null;
  rectified_date: string | null;
  action_taken: string | null;
  rectified_by: string | null;
  crs_ref: string | null;
}
export interface ComponentChangeDoc {
  change_date: string;
  action: string;
  component: PartRef;
  on_this_aircraft: boolean;
  next_higher_assembly: PartRef | null;
  position: string | null;
  reason: string | null;
  reason_text: string | null;
  ac_fh: number | null;
  ac_fc: number | null;
  ac_apu_hours: number | null;
  ac_apu_starts: number | null;
  tsn: number | null;
  csn: number | null;
  tso: number | null;
  cso: number | null;
  tsi: number | null;
  csi: number | null;
  work_done: string | null;
  shop: string | null;
  shop_order_no: string | null;
  certificate_no: string | null;
  work_order: string | null;
  performed_by: string | null;
  remark: string | null;
}
export interface TaskDoc extends TaskStatus {
  kind: 'INSPECTION' | 'COMPONENT_LIMIT';
  task_code: string | null;
  title: string | null;
  component: PartRef | null;
  limit_kind: string | null;
  interval: { fh: number | null; fc: number | null; days: number | null; whichever: string | null };
}
export interface AircraftRecords {
  format: typeof FORMAT_NAME;
  version: number;
  exported_at: string;
  as_of: string;
  source: { company: string; name: string };
  aircraft: {
    registration: string;
    msn: string;
    line_number: string | null;
    aircraft_type: string;
    model_designation: string | null;
    icao_type: string | null;
    manufacture_date: string | null;
    delivery_date: string | null;
    ownership: string | null;
    lessor: string | null;
    home_base: string | null;
    selcal: string | null;
    seat_config: string | null;
    totals: { as_of: string | null; flight_hours: number; flight_cycles: number; landings: number; extra_counter: number; apu_hours: number | null; apu_starts: number | null };
    utilisation: { planned_daily_fh: number | null; planned_daily_fc: number | null; daily_fh: number | null; daily_fc: number | null; last_flight_date: string | null };
  };
  components: ComponentRecord[];
  life_limited_parts: {
    part_number: string;
    serial_number: string;
    part_name: string | null;
    engine_serial: string | null;
    module: string | null;
    life_limit_fc: number | null;
    life_limit_fh: number | null;
    life_limit_date: string | null;
    csn: number | null;
    tsn: number | null;
    life_used: number | null;
    remaining_fc: number | null;
    remaining_fh: number | null;
  }[];
  tasks: TaskDoc[];
  ad_status: AdStatusDoc[];
  sb_status: SbStatusDoc[];
  deferrals: DeferralDoc[];
  component_changes: ComponentChangeDoc[];
  maintenance_records: MaintenanceRecordDoc[];
  work_orders: {
    wo_no: string;
    title: string | null;
    wo_type: string | null;
    status: string | null;
    crs_no: string;
    crs_date: string | null;
    crs_signed_by: string | null;
    crs_authorisation: string | null;
    ac_fh: number | null;
    ac_fc: number | null;
    documents: string[];
    seals: { kind: string; signed_at: string; hash: string; canon_version: string }[];
  }[];
  due_list: ({ item_kind: string; item_code: string; description: string | null; component: PartRef | null } & TaskStatus)[];
}

// ---- JSON Schema (draft 2020-12, as OpenAPI 3.1 takes it) ----

const S = { type: 'string' } as const;
const nS = { type: ['string', 'null'] } as const;
const nDate = { type: ['string', 'null'], format: 'date' } as const;
const date = { type: 'string', format: 'date' } as const;
const nInt = { type: ['integer', 'null'], minimum: 0 } as const;
const nNum = { type: ['number', 'null'] } as const;
const B = { type: 'boolean' } as const;
const minutes = (d: string) => ({ ...nInt, description: `${d} Integer minutes (hours × 60).` });
const obj = (properties: Record<string, unknown>, required: string[] = Object.keys(properties), description?: string) => ({
  type: 'object',
  ...(description ? { description } : {}),
  required,
  properties,
});

const partRef = obj({ part_number: { ...S, description: 'Spec 2500: PNR (part number).' }, serial_number: { ...S, description: 'Spec 2500: SER (serial number).' } });
const nPartRef = { oneOf: [partRef, { type: 'null' }] };
const due3 = obj({ fh: minutes('Due at aircraft hours.'), fc: nInt, date: nDate });
const taskStatus = {
  last_done_date: { ...nDate, description: 'Spec 2500 (Maintenance Task Record): date last accomplished.' },
  last_done_fh: minutes('Aircraft hours at the last accomplishment.'),
  last_done_fc: nInt,
  next_due_fh: minutes('Next due in aircraft hours (APU hours for items counted in APU usage).'),
  next_due_fc: nInt,
  next_due_date: nDate,
  hard_date: { ...nDate, description: 'AD "not later than" date.' },
  remaining_fh: { type: ['integer', 'null'], description: 'Minutes remaining as of `as_of` (negative: overdue).' },
  remaining_fc: { type: ['integer', 'null'] },
  remaining_days: { type: ['integer', 'null'] },
  due_status: { type: ['string', 'null'], enum: ['OK', 'DUE_SOON', 'TOLERANCE', 'OVERDUE', 'NO_RECORD', null] },
};
const taskStatusSchema = obj(taskStatus);

export const AIRCRAFT_RECORDS_SCHEMA = {
  $id: 'https://aeroerp.example/schemas/aircraft-records-1.json',
  title: 'Aircraft records transfer file',
  description:
    'An aircraft\'s complete records as of a date (docs/records-transfer.md). `format` and the major `version` identify the file; hours are integer minutes. Record types and fields follow ATA Spec 2500 where one maps (each field\'s description names its Spec 2500 counterpart).',
  type: 'object',
  required: ['format', 'version', 'exported_at', 'as_of', 'source', 'aircraft', 'components', 'life_limited_parts', 'tasks', 'ad_status', 'sb_status', 'deferrals', 'component_changes', 'maintenance_records', 'work_orders', 'due_list'],
  properties: {
    format: { const: FORMAT_NAME },
    version: { type: 'integer', const: FORMAT_VERSION },
    exported_at: { type: 'string', format: 'date-time' },
    as_of: { ...date, description: 'The business date the totals, remaining values and statuses are as of.' },
    source: obj({ company: S, name: S }, ['company', 'name'], 'The organisation that exported the records.'),
    aircraft: obj(
      {
        registration: { ...S, description: 'Spec 2500 (Aircraft Record): REG.' },
        msn: { ...S, description: 'Spec 2500: manufacturer serial number (MSN / SER).' },
        line_number: nS,
        aircraft_type: { ...S, description: 'The type name; the receiving company\'s type of that name (or model designation) is its programme.' },
        model_designation: { ...nS, description: 'Spec 2500: aircraft model (TCDS designation).' },
        icao_type: nS,
        manufacture_date: { ...nDate, description: 'Spec 2500: DMF (date of manufacture).' },
        delivery_date: nDate,
        ownership: nS,
        lessor: nS,
        home_base: nS,
        selcal: nS,
        seat_config: nS,
        totals: obj(
          {
            as_of: nDate,
            flight_hours: { type: 'integer', minimum: 0, description: 'Spec 2500: TSN of the airframe (aircraft total time), minutes.' },
            flight_cycles: { type: 'integer', minimum: 0, description: 'Spec 2500: CSN of the airframe.' },
            landings: { type: 'integer', minimum: 0 },
            extra_counter: { type: 'integer', minimum: 0 },
            apu_hours: minutes('APU hours.'),
            apu_starts: nInt,
          },
          ['flight_hours', 'flight_cycles', 'landings', 'extra_counter'],
        ),
        utilisation: obj({ planned_daily_fh: nInt, planned_daily_fc: nNum, daily_fh: nNum, daily_fc: nNum, last_flight_date: nDate }, []),
      },
      ['registration', 'msn', 'aircraft_type', 'totals'],
    ),
    components: {
      type: 'array',
      description: 'Spec 2500 (Installed Component / Part Record): the parts installed as of `as_of`.',
      items: obj(
        {
          part_number: partRef.properties.part_number,
          serial_number: partRef.properties.serial_number,
          part_name: { ...S, description: 'Spec 2500: part description.' },
          component_class: S,
          ata: { ...nS, description: 'Spec 2500: ATA chapter-section.' },
          position: { ...nS, description: 'Spec 2500: installed position (POS).' },
          next_higher_assembly: { ...nPartRef, description: 'Spec 2500: NHA (next higher assembly) part and serial.' },
          manufacture_date: nDate,
          install_date: { ...nDate, description: 'Spec 2500: date installed.' },
          is_llp: B,
          thrust_rating: nS,
          times_known: { ...B, description: 'False: the part\'s history is incomplete (times not shown as zero).' },
          times_as_of: nDate,
          tsn: minutes('Spec 2500: TSN.'),
          csn: { ...nInt, description: 'Spec 2500: CSN.' },
          tso: minutes('Spec 2500: TSO.'),
          cso: { ...nInt, description: 'Spec 2500: CSO.' },
          tsr: minutes('Spec 2500: TSR (since repair).'),
          csr: nInt,
          landings: nInt,
          extra_counter: nInt,
          llp_life_used: nNum,
          last_overhaul_date: nDate,
          last_shop_visit_date: nDate,
          at_installation: obj({ ac_fh: minutes('Aircraft hours at installation.'), ac_fc: nInt, tsn: minutes('Part TSN at installation.'), csn: nInt, landings: nInt, extra_counter: nInt }),
          remark: nS,
        },
        ['part_number', 'serial_number', 'part_name', 'component_class', 'position', 'times_known', 'at_installation'],
      ),
    },
    life_limited_parts: {
      type: 'array',
      description: 'Spec 2500 (LLP / Back-to-Birth record, summary): limits and remaining life as of `as_of`.',
      items: obj(
        {
          part_number: S,
          serial_number: S,
          part_name: nS,
          engine_serial: nS,
          module: nS,
          life_limit_fc: nInt,
          life_limit_fh: minutes('Life limit in hours.'),
          life_limit_date: nDate,
          csn: nInt,
          tsn: minutes('TSN.'),
          life_used: nNum,
          remaining_fc: { type: ['integer', 'null'] },
          remaining_fh: { type: ['integer', 'null'] },
        },
        ['part_number', 'serial_number'],
      ),
    },
    tasks: {
      type: 'array',
      description: 'Spec 2500 (Maintenance Task Record / Maintenance Program status): each programme task and part limit with the interval its next due was computed from.',
      items: obj(
        {
          kind: { enum: ['INSPECTION', 'COMPONENT_LIMIT'] },
          task_code: { ...nS, description: 'Spec 2500: task number (MPD / AMP task reference).' },
          title: nS,
          component: nPartRef,
          limit_kind: { ...nS, description: 'Component limits: the inspection kind code (OH, HT …).' },
          interval: obj({ fh: minutes('Interval hours.'), fc: nInt, days: nInt, whichever: nS }),
          ...taskStatus,
        },
        ['kind', 'task_code', 'interval', 'next_due_fh', 'next_due_fc', 'next_due_date'],
      ),
    },
    ad_status: {
      type: 'array',
      description: 'Spec 2500 (AD Status / Compliance Record).',
      items: obj(
        {
          ad_number: { ...S, description: 'Spec 2500: AD number.' },
          title: nS,
          status: { enum: ['OPEN', 'COMPLIED', 'RECURRING', 'TERMINATED', 'NA', 'SUPERSEDED'] },
          component: nPartRef,
          method: { ...nS, description: 'Spec 2500: method of compliance.' },
          na_reason: nS,
          superseded_by: nS,
          ac_fh_at_effective: minutes('Aircraft hours on the effective date.'),
          ac_fc_at_effective: nInt,
          last_done_date: nDate,
          last_done_fh: minutes('At compliance.'),
          last_done_fc: nInt,
          part_tsn: minutes('Part TSN at compliance.'),
          part_csn: nInt,
          typed_next_due: due3,
          work_order: nS,
          signed_by: nS,
          remark: nS,
          next_due: { oneOf: [taskStatusSchema, { type: 'null' }] },
        },
        ['ad_number', 'status'],
      ),
    },
    sb_status: {
      type: 'array',
      description: 'Spec 2500 (SB Status record; modification status).',
      items: obj(
        {
          sb_number: S,
          title: nS,
          status: { enum: ['OPEN', 'COMPLIED', 'RECURRING', 'TERMINATED', 'NA', 'SUPERSEDED'] },
          component: nPartRef,
          method: nS,
          na_reason: nS,
          superseded_by: nS,
          last_done_date: nDate,
          last_done_fh: minutes('At accomplishment.'),
          last_done_fc: nInt,
          planned_date: nDate,
          typed_next_due: due3,
          work_order: nS,
          signed_by: nS,
          remark: nS,
          next_due: { oneOf: [taskStatusSchema, { type: 'null' }] },
        },
        ['sb_number', 'status'],
      ),
    },
    deferrals: {
      type: 'array',
      description: 'Spec 2500 (Deferred Defect record): open and closed deferrals.',
      items: { type: 'object', required: ['defect_no', 'found_date', 'status', 'description'], properties: { defect_no: S, found_date: date, status: S, description: S, mel_category: nS, mel_item: nS, deferral_date: nDate, due_date: nDate } },
    },
    component_changes: {
      type: 'array',
      description: 'Spec 2500 (Component Change / Removal-Installation record): the history of every part installed on the aircraft.',
      items: {
        type: 'object',
        required: ['change_date', 'action', 'component'],
        properties: { change_date: date, action: { enum: ['INSTALL', 'REMOVE', 'SHOP_IN', 'SHOP_OUT', 'SCRAP'] }, component: partRef, position: nS, tsn: minutes('At the event.'), csn: nInt, tso: minutes('At the event.'), cso: nInt, tsi: minutes('Since installation.'), csi: nInt, certificate_no: { ...nS, description: 'Spec 2500: authorised release certificate (Form 1 / 8130-3) tracking number.' } },
      },
    },
    maintenance_records: {
      type: 'array',
      description: 'Spec 2500 (Maintenance Task Record, history): every posted accomplishment with its CRS reference.',
      items: {
        type: 'object',
        required: ['record_no', 'done_date', 'ac_fh', 'ac_fc', 'items'],
        properties: {
          record_no: S,
          done_date: date,
          ac_fh: { type: 'integer', minimum: 0 },
          ac_fc: { type: 'integer', minimum: 0 },
          crs_ref: { ...nS, description: 'Spec 2500: CRS (certificate of release to service) number.' },
          items: {
            type: 'array',
            items: {
              type: 'object',
              required: ['item_kind', 'reset_basis', 'counted_from'],
              properties: {
                item_kind: { enum: ['INSPECTION', 'COMPONENT', 'AD', 'SB'] },
                task_code: nS,
                component: nPartRef,
                limit_kind: nS,
                ad_number: nS,
                sb_number: nS,
                reset_basis: { enum: ['ACTUAL', 'PLANNED'] },
                counted_from: obj({ fh: nInt, fc: nInt, landings: nInt, extra_counter: nInt, date: nDate }, [], 'Where the next interval counts from (the planned due within tolerance, else the accomplishment).'),
                superseded: B,
              },
            },
          },
        },
      },
    },
    work_orders: {
      type: 'array',
      description: 'Work orders released to service: CRS number, certifier and the seals of the signatures; their PDFs are in the zip under `documents`.',
      items: {
        type: 'object',
        required: ['wo_no', 'crs_no', 'documents', 'seals'],
        properties: {
          wo_no: S,
          crs_no: S,
          crs_date: { type: ['string', 'null'], format: 'date-time' },
          documents: { type: 'array', items: S },
          seals: { type: 'array', items: obj({ kind: S, signed_at: S, hash: { ...S, description: 'SHA-256 (hex) of the canonical form signed (decision 0305).' }, canon_version: S }) },
        },
      },
    },
    due_list: { type: 'array', description: 'The due list as of `as_of`, for comparison by the receiving system.', items: { type: 'object', required: ['item_kind', 'item_code'], properties: { item_kind: S, item_code: S, ...taskStatus } } },
  },
} as const;
