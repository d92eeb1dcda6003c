/* Generated from metadata by engine/scripts/gen-db-types.ts (npm run gen:types). Do not edit. */
import type { ColumnType, Generated } from 'kysely';

/** timestamptz: read as ISO-8601 UTC text, written as text or Date. */
export type Instant = ColumnType<string, string | Date, string | Date>;
/** timestamptz with a default (created_at): as Instant, and an insert may leave it out. */
export type GeneratedInstant = ColumnType<string, string | Date | undefined, string | Date>;

/** Table ad_authority (entity ad_authority). */
export interface AdAuthorityTable {
  id: Generated<number>;
  compcode: string;
  code: string;
  name: string;
  country: string | null;
  ad_number_format: string | null;
  website: string | null;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View ad_compliance_status (entity ad_compliance_status). */
export interface AdComplianceStatusTable {
  status_key: string;
  compcode: string;
  aircraft: number | null;
  type_ad: number | null;
  authority: number | null;
  ad_number: string | null;
  title: string | null;
  ad_subject: string | null;
  effective_date: string | null;
  is_recurring: boolean | null;
  component: number | null;
  review_result: string | null;
  review_date: string | null;
  ad_status: string | null;
  last_done_date: string | null;
  last_done_fh: number | null;
  last_done_fc: number | null;
  work_order: number | null;
  next_due_date: string | null;
  next_due_fh: number | null;
  next_due_fc: number | null;
  remaining_fh: number | null;
  remaining_fc: number | null;
  remaining_days: number | null;
  forecast_date: string | null;
  due_status: string | null;
}

/** Table ad_review (entity ad_review). */
export interface AdReviewTable {
  id: Generated<number>;
  compcode: string;
  type_ad: number;
  review_date: string;
  reviewed_by: string;
  applicability: Generated<string>;
  reason: string;
  compliance_method: string | null;
  effectivity_note: string | null;
  statuswf: Generated<string>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table ad_review_line (entity ad_review_line). */
export interface AdReviewLineTable {
  id: Generated<number>;
  compcode: string;
  ad_review: number;
  aircraft: number;
  applicability: Generated<string>;
  reason: string | null;
  complied_date: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft (entity aircraft). */
export interface AircraftTable {
  aircraft_id: Generated<number>;
  compcode: string;
  registration: string;
  aircraft_type: number;
  msn: string;
  line_number: string | null;
  manufacture_date: string | null;
  delivery_date: string | null;
  selcal: string | null;
  home_base: string | null;
  seat_config: string | null;
  ownership: Generated<string>;
  lessor: string | null;
  total_fh: Generated<number | null>;
  total_fc: Generated<number | null>;
  total_landings: Generated<number | null>;
  total_rin: Generated<number | null>;
  apu_hours: number | null;
  apu_starts: number | null;
  totals_as_of: string | null;
  avg_daily_fh: number | null;
  avg_daily_fc: number | null;
  status: Generated<string>;
  left_fleet_date: string | null;
  left_fleet_to: string | null;
  remark: string | null;
  carry_fh: Generated<number | null>;
  carry_fc: Generated<number | null>;
  carry_ldg: Generated<number | null>;
  carry_apuh: Generated<number | null>;
  carry_apus: Generated<number | null>;
  carry_rin: Generated<number | null>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_ad_status (entity aircraft_ad_status). */
export interface AircraftAdStatusTable {
  ad_status_id: Generated<number>;
  compcode: string;
  aircraft: number;
  type_ad: number;
  component: number | null;
  ad_status: Generated<string>;
  na_reason: string | null;
  superseded_by: number | null;
  ac_fh_at_effective: number | null;
  ac_fc_at_effective: number | null;
  last_done_date: string | null;
  last_done_fh: number | null;
  last_done_fc: number | null;
  part_tsn: number | null;
  part_csn: number | null;
  method: string | null;
  work_order: number | null;
  next_due_date: string | null;
  next_due_fh: number | null;
  next_due_fc: number | null;
  signed_by: string | null;
  remark: string | null;
  ad_review: number | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_document (entity aircraft_document). */
export interface AircraftDocumentTable {
  aircraft_document_id: Generated<number>;
  compcode: string;
  aircraft: number;
  document_type: number;
  document_no: string;
  issue_date: string;
  expiry_date: string | null;
  issued_by: string | null;
  place_of_issue: string | null;
  is_current: Generated<boolean | null>;
  file: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_manufacturer (entity aircraft_manufacturer). */
export interface AircraftManufacturerTable {
  id: Generated<number>;
  compcode: string;
  code: string;
  name: string;
  country: string | null;
  cage_code: string | null;
  website: string | null;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_modification (entity aircraft_modification). */
export interface AircraftModificationTable {
  modification_id: Generated<number>;
  compcode: string;
  aircraft: number;
  mod_date: string;
  mod_kind: Generated<string>;
  mod_reference: string;
  type_sb: number | null;
  mod_description: string;
  component: number | null;
  pre_mod_partnumber: string | null;
  post_mod_partnumber: string | null;
  serial_number: string | null;
  ac_fh: number | null;
  ac_fc: number | null;
  work_order: number | null;
  performed_by: string | null;
  approval_ref: string | null;
  weight_change_kg: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_sb_status (entity aircraft_sb_status). */
export interface AircraftSbStatusTable {
  sb_status_id: Generated<number>;
  compcode: string;
  aircraft: number;
  type_sb: number;
  component: number | null;
  sb_status: Generated<string>;
  na_reason: string | null;
  superseded_by: number | null;
  last_done_date: string | null;
  last_done_fh: number | null;
  last_done_fc: number | null;
  method: string | null;
  work_order: number | null;
  planned_date: string | null;
  next_due_date: string | null;
  next_due_fh: number | null;
  next_due_fc: number | null;
  signed_by: string | null;
  remark: string | null;
  sb_review: number | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_type (entity aircraft_type). */
export interface AircraftTypeTable {
  aircraft_type_id: Generated<number>;
  compcode: string;
  type_name: string;
  model_designation: string | null;
  icao_code: string | null;
  manufacturer: number;
  engine_kind: number | null;
  engine_total: Generated<number>;
  APU_usage: Generated<boolean | null>;
  apu_kind: number | null;
  rin_counter_name: string | null;
  penalty_factor: Generated<number | null>;
  type_certificate: string | null;
  mtow_kg: number | null;
  max_seats: number | null;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_type_ad (entity aircraft_type_ad). */
export interface AircraftTypeAdTable {
  type_ad_id: Generated<number>;
  compcode: string;
  aircraft_type: number;
  authority: number;
  ad_number: string;
  amendment: string | null;
  title: string;
  ata: number | null;
  ad_subject: Generated<string>;
  applies_to_partnumber: string | null;
  issue_date: string | null;
  effective_date: string;
  related_sb: string | null;
  supersedes: string | null;
  compliance: string | null;
  compliance_date: string | null;
  threshold_fh: number | null;
  threshold_fc: number | null;
  threshold_days: number | null;
  measured_in: Generated<string>;
  is_recurring: Generated<boolean | null>;
  interval_fh: number | null;
  interval_fc: number | null;
  interval_days: number | null;
  whichever: Generated<string>;
  terminating_action: string | null;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_type_component (entity aircraft_type_component). */
export interface AircraftTypeComponentTable {
  type_component_id: Generated<number>;
  compcode: string;
  aircraft_type: number;
  partnumber: string;
  partname: string;
  item: number | null;
  ata: number | null;
  component_class: Generated<string>;
  maintenance_process: Generated<string>;
  qty_per_aircraft: Generated<number>;
  positions: string | null;
  is_llp: Generated<boolean | null>;
  tracks_apu: Generated<boolean | null>;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_type_component_limit (entity aircraft_type_component_limit). */
export interface AircraftTypeComponentLimitTable {
  id: Generated<number>;
  compcode: string;
  aircraft_type: number;
  type_component: number;
  inspection_kind: number;
  task_code: string | null;
  inspection_group: number | null;
  limit_fh: number | null;
  limit_fc: number | null;
  limit_landings: number | null;
  limit_rin: number | null;
  limit_days: number | null;
  limit_months: number | null;
  whichever: Generated<string>;
  calendar_rule: Generated<string>;
  tolerance_pc: number | null;
  tolerance_fh: number | null;
  tolerance_fc: number | null;
  tolerance_days: number | null;
  adjust_above_tolerance: Generated<boolean | null>;
  variation_pc: number | null;
  variation_fh: number | null;
  variation_fc: number | null;
  variation_days: number | null;
  source_ref: string | null;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_type_component_penalty (entity aircraft_type_component_penalty). */
export interface AircraftTypeComponentPenaltyTable {
  id: Generated<number>;
  compcode: string;
  aircraft_type: number;
  type_component: number | null;
  counter: Generated<string>;
  basis: Generated<string>;
  applies: Generated<string>;
  operation_code: string | null;
  operation: string;
  factor: Generated<number>;
  effective_from: string | null;
  source_ref: string | null;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_type_inspection (entity aircraft_type_inspection). */
export interface AircraftTypeInspectionTable {
  type_inspection_id: Generated<number>;
  compcode: string;
  aircraft_type: number;
  task_code: string;
  title: string;
  inspection_group: number;
  ata: number | null;
  task_type: Generated<string>;
  zone: string | null;
  skill: string | null;
  est_manhours: number | null;
  measured_in: Generated<string>;
  interval_fh: number | null;
  interval_fc: number | null;
  interval_landings: number | null;
  interval_days: number | null;
  interval_months: number | null;
  whichever: Generated<string>;
  calendar_rule: Generated<string>;
  threshold_fh: number | null;
  threshold_fc: number | null;
  threshold_days: number | null;
  tolerance_pc: number | null;
  tolerance_fh: number | null;
  tolerance_fc: number | null;
  tolerance_days: number | null;
  adjust_above_tolerance: Generated<boolean | null>;
  variation_pc: number | null;
  variation_fh: number | null;
  variation_fc: number | null;
  variation_days: number | null;
  is_ali: Generated<boolean | null>;
  repetitive: Generated<boolean | null>;
  applies_to: string | null;
  reference: string | null;
  remark: string | null;
  active: Generated<boolean>;
  revision: number | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_type_llp (entity aircraft_type_llp). */
export interface AircraftTypeLlpTable {
  type_llp_id: Generated<number>;
  compcode: string;
  aircraft_type: number;
  engine_kind: number | null;
  type_component: number | null;
  partnumber: string;
  partname: string;
  module: string | null;
  ata: number | null;
  life_limit_fc: number;
  life_limit_fh: number | null;
  life_limit_months: number | null;
  thrust_rating: string | null;
  source_ref: string | null;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table aircraft_type_sb (entity aircraft_type_sb). */
export interface AircraftTypeSbTable {
  type_sb_id: Generated<number>;
  compcode: string;
  aircraft_type: number;
  sb_number: string;
  revision: Generated<string | null>;
  title: string;
  issuer: string | null;
  ata: number | null;
  issue_date: string | null;
  revision_date: string | null;
  category: Generated<string>;
  applies_to_partnumber: string | null;
  related_ad: string | null;
  is_recurring: Generated<boolean | null>;
  interval_fh: number | null;
  interval_fc: number | null;
  interval_days: number | null;
  est_manhours: number | null;
  effectivity: string | null;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View aircraft_utilisation (entity aircraft_utilisation). */
export interface AircraftUtilisationTable {
  aircraft_id: number;
  compcode: string;
  aircraft: number | null;
  fh_day: number | null;
  fc_day: number | null;
  ldg_day: number | null;
  rin_day: number | null;
  apuh_day: number | null;
  apus_day: number | null;
  last_flight_date: string | null;
  planned: boolean | null;
}

/** Table amo (entity amo). */
export interface AmoTable {
  id: Generated<number>;
  compcode: string;
  code: string;
  name: string;
  approval_number: string;
  authority: number | null;
  approval_expiry: string | null;
  amo_kind: Generated<string>;
  ratings: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table amo_customer (entity amo_customer). */
export interface AmoCustomerTable {
  amo_customer_id: Generated<number>;
  compcode: string;
  customer_code: string;
  customer_name: string;
  icao_designator: string | null;
  iata_code: string | null;
  aoc_number: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  country: string;
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  contract_type: Generated<string>;
  contract_ref: string | null;
  contract_expiry: string | null;
  payment_terms: Generated<string>;
  currency: Generated<string>;
  labour_rate: number | null;
  tax_exempt: Generated<boolean>;
  tax_exempt_ref: string | null;
  credit_limit: number | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table amo_defect (entity amo_defect). */
export interface AmoDefectTable {
  amo_defect_id: Generated<number>;
  compcode: string;
  nrc_no: string;
  amo_work_order: number;
  raised_date: string;
  raised_by: number | null;
  found_on_task: string | null;
  ata: string;
  zone: string | null;
  finding_type: Generated<string>;
  severity: Generated<string>;
  description: string;
  rectification: string | null;
  est_manhours: Generated<number | null>;
  actual_manhours: Generated<number | null>;
  chargeable: Generated<boolean>;
  status: Generated<string>;
  mel_category: number | null;
  deferral_ref: string | null;
  due_date: string | null;
  closed_date: string | null;
  closed_by: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table amo_work_order (entity amo_work_order). */
export interface AmoWorkOrderTable {
  amo_wo_id: Generated<number>;
  compcode: string;
  wo_no: string;
  wo_date: string;
  amo_customer: number;
  customer_aircraft: number;
  quotation: number | null;
  customer_request: number | null;
  customer_po: string | null;
  wo_type: Generated<string>;
  title: string;
  check_type: string | null;
  station: Generated<string>;
  hangar_bay: string | null;
  planned_start: string;
  planned_end: string;
  actual_start: string | null;
  actual_end: string | null;
  fh_at_input: number | null;
  fc_at_input: number | null;
  planned_manhours: number | null;
  status: Generated<string>;
  planner: number | null;
  crs_no: string | null;
  crs_date: string | null;
  crs_signed_by: string | null;
  crs_user: number | null;
  crs_auth_no: string | null;
  crs_auth_version: number | null;
  credit_hold: string | null;
  amendment: string | null;
  statuswf: Generated<string>;
  invoice_no: string | null;
  invoice_date: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table amo_work_order_labour (entity amo_work_order_labour). */
export interface AmoWorkOrderLabourTable {
  amo_labour_id: Generated<number>;
  compcode: string;
  amo_work_order: number;
  task: number;
  person: number;
  work_date: string;
  hours: number;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table amo_work_order_material (entity amo_work_order_material). */
export interface AmoWorkOrderMaterialTable {
  amo_material_id: Generated<number>;
  compcode: string;
  amo_work_order: number;
  line_no: number;
  amo_defect: number | null;
  task_card_no: string | null;
  quotation_line: number | null;
  item: number | null;
  partnumber: string;
  itemname: string;
  quantity: Generated<number>;
  unit: Generated<string>;
  required_date: string | null;
  priority: Generated<string>;
  supply: Generated<string>;
  status: Generated<string>;
  material_request: number | null;
  issued_qty: Generated<number | null>;
  issued_value: number | null;
  cust_qty: number | null;
  cust_cert_no: string | null;
  cust_received_date: string | null;
  cust_received_by: number | null;
  cust_return_qty: number | null;
  cust_returned_date: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View amo_work_order_progress (entity amo_work_order_progress). */
export interface AmoWorkOrderProgressTable {
  amo_wo_id: number;
  compcode: string;
  wo_no: string | null;
  wo_date: string | null;
  amo_customer: number | null;
  customer_aircraft: number | null;
  wo_type: string | null;
  title: string | null;
  status: string | null;
  planned_start: string | null;
  planned_end: string | null;
  actual_end: string | null;
  tasks_total: number | null;
  tasks_done: number | null;
  tasks_open: number | null;
  tasks_deferred: number | null;
  pct_complete: number | null;
  est_manhours: number | null;
  actual_manhours: number | null;
  nrc_raised: number | null;
  nrc_open: number | null;
}

/** Table amo_work_order_task (entity amo_work_order_task). */
export interface AmoWorkOrderTaskTable {
  amo_task_id: Generated<number>;
  compcode: string;
  amo_work_order: number;
  seq: number;
  task_card_no: string;
  quotation_line: number | null;
  defect_line: number | null;
  task_type: Generated<string>;
  ata: string | null;
  task_ref: string | null;
  description: string;
  skill: Generated<string>;
  est_manhours: Generated<number>;
  opening_manhours: Generated<number | null>;
  actual_manhours: Generated<number | null>;
  status: Generated<string>;
  completed_date: string | null;
  performed_by: string | null;
  inspected_by: string | null;
  remark: string | null;
  cert_category: Generated<string>;
  rii: Generated<boolean | null>;
  performed_user: number | null;
  performed_at: Instant | null;
  ac_fh_done: number | null;
  ac_fc_done: number | null;
  certified_user: number | null;
  certified_auth: string | null;
  certified_auth_version: number | null;
  certified_at: Instant | null;
  inspected_user: number | null;
  inspected_auth: string | null;
  inspected_auth_version: number | null;
  inspected_at: Instant | null;
  deferral_defect: number | null;
  deferral_due: string | null;
  deferral_reason: string | null;
  defer_mel_category: number | null;
  defer_mel_item: string | null;
  carried_to: number | null;
  carry_target: number | null;
  carry_reason: string | null;
  carried_from: number | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table amo_work_order_tool (entity amo_work_order_tool). */
export interface AmoWorkOrderToolTable {
  amo_tool_id: Generated<number>;
  compcode: string;
  amo_work_order: number;
  task: number;
  tool: number;
  signed: Generated<boolean | null>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table arc_status (entity arc_status). */
export interface ArcStatusTable {
  id: Generated<number>;
  compcode: string;
  code: string;
  name: string;
  issuing_authority: string | null;
  regulation_ref: string | null;
  installable: Generated<boolean | null>;
  dual_release: Generated<boolean | null>;
  description: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table ata_group (entity ata_group). */
export interface AtaGroupTable {
  id: Generated<number>;
  compcode: string;
  ata_code: string;
  chapter: number;
  title: string;
  system_group: Generated<string>;
  description: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table canvass_line (entity canvass_line). */
export interface CanvassLineTable {
  csdtlkey: Generated<number>;
  compcode: string;
  canvass_sheet: number;
  lineref: string | null;
  pr_line: number | null;
  item: number;
  partnumber: string | null;
  description: string | null;
  quantity: number;
  unit: Generated<string>;
  condition: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table canvass_quote (entity canvass_quote). */
export interface CanvassQuoteTable {
  quotekey: Generated<number>;
  compcode: string;
  canvass_sheet: number;
  cs_line: number;
  vendor: number;
  item: number;
  partnumber_offered: string | null;
  condition: Generated<string>;
  quantity: number;
  unit_price: number | null;
  currency: Generated<string>;
  lead_time_days: number | null;
  certificate_type: number | null;
  warranty: string | null;
  valid_until: string | null;
  selected: Generated<boolean | null>;
  amount: number | null;
  price_rank: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table canvass_sheet (entity canvass_sheet). */
export interface CanvassSheetTable {
  csheetkey: Generated<number>;
  compcode: string;
  csno: string | null;
  csdate: string;
  purchase_request: number;
  subject: string;
  buyer: number | null;
  quote_deadline: string | null;
  currency: Generated<string>;
  step: Generated<number>;
  statuswf: Generated<string>;
  awarded_vendor: number | null;
  award_basis: string | null;
  award_remark: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table canvass_vendor (entity canvass_vendor). */
export interface CanvassVendorTable {
  csvendorkey: Generated<number>;
  compcode: string;
  canvass_sheet: number;
  vendor: number;
  rfq_no: string | null;
  invited_date: string | null;
  quote_received: Generated<boolean | null>;
  quote_ref: string | null;
  quote_date: string | null;
  quote_valid_until: string | null;
  payment_terms: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table company (entity company). */
export interface CompanyTable {
  compcode: string;
  company: string;
  compaddr1: string | null;
  compaddr2: string | null;
  compaddr3: string | null;
  PhoneNo: string | null;
  compfax: string | null;
  compemail: string | null;
  compwebsite: string | null;
  compcolor: Generated<string | null>;
  holding: string | null;
  isholding: Generated<boolean | null>;
  matauang: Generated<string>;
  timezone: Generated<string>;
  cashinflowNo: string | null;
  cashinflowNm: string | null;
  use_wfservice: Generated<boolean | null>;
  use_procure: Generated<boolean | null>;
  sign_second_factor: Generated<boolean | null>;
  approval_authority: string | null;
  approval_ref: string | null;
  release_independent: Generated<boolean | null>;
  remain_pc_due: Generated<number | null>;
  remain_day_due: Generated<number | null>;
  ad_primary: string | null;
  consumable_inveCatg: string | null;
  insp_group_overhaul: string | null;
  insp_group_timelimit: string | null;
  tglaktif: string | null;
  tglkoran: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table company_sign_in (entity company_sign_in). */
export interface CompanySignInTable {
  id: Generated<number>;
  compcode: string;
  provider_name: string;
  issuer: string;
  client_id: string;
  client_secret: string | null;
  user_claim: Generated<string>;
  match_on: Generated<string>;
  create_users: Generated<boolean | null>;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View company_today (entity company_today). */
export interface CompanyTodayTable {
  compcode: string;
  today: string | null;
}

/** Table component_change (entity component_change). */
export interface ComponentChangeTable {
  change_id: Generated<number>;
  compcode: string;
  component: number;
  change_date: string;
  action: Generated<string>;
  aircraft: number | null;
  parent_component: number | null;
  position: string | null;
  reason: string | null;
  reason_text: string | null;
  shop_finding: string | null;
  shop_finding_ref: string | null;
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
  shop: number | null;
  work_done: number | null;
  shop_order_no: string | null;
  certificate_no: string | null;
  work_order: number | null;
  performed_by: string | null;
  remark: string | null;
  posted: Generated<number>;
  posted_at: Instant | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table component_inspection_kind (entity component_inspection_kind). */
export interface ComponentInspectionKindTable {
  id: Generated<number>;
  compcode: string;
  code: string;
  name: string;
  basis: Generated<string>;
  resets_tso: Generated<boolean | null>;
  removal_required: Generated<boolean | null>;
  description: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View component_installation (entity component_installation). */
export interface ComponentInstallationTable {
  installation_id: number;
  compcode: string;
  component: number | null;
  aircraft: number | null;
  partnumber: string | null;
  partname: string | null;
  serial_number: string | null;
  position: string | null;
  installed_date: string | null;
  installed_ac_fh: number | null;
  installed_ac_fc: number | null;
  installed_tsn: number | null;
  installed_csn: number | null;
  removed_date: string | null;
  removed_ac_fh: number | null;
  removed_ac_fc: number | null;
  removal_reason: string | null;
  removal_detail: string | null;
  tsi: number | null;
  csi: number | null;
  is_current: boolean | null;
}

/** View component_status (entity component_status). */
export interface ComponentStatusTable {
  status_key: string;
  compcode: string;
  aircraft: number | null;
  component: number | null;
  parent_component: number | null;
  partnumber: string | null;
  partname: string | null;
  serial_number: string | null;
  position: string | null;
  component_class: string | null;
  is_engine_item: boolean | null;
  install_date: string | null;
  tsn: number | null;
  csn: number | null;
  tso: number | null;
  cso: number | null;
  tsi: number | null;
  csi: number | null;
  times_known: boolean | null;
  inspection_kind: number | null;
  limit_fh: number | null;
  limit_fc: number | null;
  limit_days: number | null;
  limit_months: number | null;
  whichever: string | null;
  used_fh: number | null;
  used_fc: number | null;
  last_done_date: string | null;
  next_due_date: string | null;
  remaining_fh: number | null;
  remaining_fc: number | null;
  remaining_days: number | null;
  pc_remaining: number | null;
  forecast_date: string | null;
  due_status: string | null;
}

/** Table currency_rate (entity currency_rate). */
export interface CurrencyRateTable {
  rate_id: Generated<number>;
  compcode: string;
  currency: string;
  valid_from: string;
  rate: number;
  source: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table customer (entity customer). */
export interface CustomerTable {
  customer_id: Generated<number>;
  compcode: string;
  customer_code: string;
  customer_name: string;
  customer_type: Generated<string>;
  icao_designator: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  country: string | null;
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  currency: Generated<string | null>;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table customer_aircraft (entity customer_aircraft). */
export interface CustomerAircraftTable {
  customer_aircraft_id: Generated<number>;
  compcode: string;
  amo_customer: number;
  registration: string;
  aircraft_type: number;
  msn: string;
  manufacture_date: string | null;
  engine_serials: string | null;
  total_fh: Generated<number | null>;
  total_fc: Generated<number | null>;
  totals_as_of: string | null;
  last_check: string | null;
  last_check_date: string | null;
  status: Generated<string>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table customer_aircraft_history (entity customer_aircraft_history). */
export interface CustomerAircraftHistoryTable {
  history_id: Generated<number>;
  compcode: string;
  customer_aircraft: number;
  event_date: string;
  event_type: Generated<string>;
  description: string;
  performed_by: string;
  amo_work_order: number | null;
  fh_at: number | null;
  fc_at: number | null;
  document_ref: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table customer_request (entity customer_request). */
export interface CustomerRequestTable {
  request_id: Generated<number>;
  compcode: string;
  request_no: string;
  request_date: string;
  amo_customer: number;
  customer_aircraft: number;
  customer_ref: string | null;
  request_type: Generated<string>;
  priority: Generated<string>;
  check_type: string | null;
  description: string;
  station: string | null;
  planned_input: string | null;
  required_release: string | null;
  fh_at_request: number | null;
  fc_at_request: number | null;
  contact_person: string | null;
  contact_email: string | null;
  status: Generated<string>;
  received_by: number | null;
  workpack: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table customer_request_item (entity customer_request_item). */
export interface CustomerRequestItemTable {
  request_item_id: Generated<number>;
  compcode: string;
  request: number;
  item_no: number;
  item_type: Generated<string>;
  ata: string | null;
  task_ref: string | null;
  description: string;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table defect (entity defect). */
export interface DefectTable {
  defect_id: Generated<number>;
  compcode: string;
  defect_no: string | null;
  aircraft: number;
  found_date: string;
  station: string | null;
  source: Generated<string>;
  techlog_page: string | null;
  flight_log: number | null;
  work_order: number | null;
  ata: number | null;
  description: string;
  reported_by: string | null;
  defect_status: Generated<string>;
  mel_category: number | null;
  mel_item: string | null;
  deferral_date: string | null;
  interval_days: number | null;
  due_date: string | null;
  due_fh: number | null;
  due_fc: number | null;
  ops_procedure: string | null;
  maint_procedure: string | null;
  deferred_by: string | null;
  extension_granted: Generated<boolean | null>;
  extension_days: number | null;
  extended_due_date: string | null;
  extension_approved_by: string | null;
  extension_approved_at: Instant | null;
  extension_reason: string | null;
  parts_required: string | null;
  rectified_date: string | null;
  action_taken: string | null;
  rectified_by: string | null;
  crs_ref: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table department_budget (entity department_budget). */
export interface DepartmentBudgetTable {
  id: Generated<number>;
  compcode: string;
  budget_year: number;
  departkd: string;
  departemen: string | null;
  account_code: string;
  account_name: string;
  budget_amount: number;
  committed_amount: Generated<number | null>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View document_status (entity document_status). */
export interface DocumentStatusTable {
  aircraft_document_id: number;
  compcode: string;
  aircraft: number | null;
  document_type: number | null;
  document_no: string | null;
  issue_date: string | null;
  expiry_date: string | null;
  issued_by: string | null;
  mandatory: boolean | null;
  days_remaining: number | null;
  doc_status: string | null;
}

/** Table document_type (entity document_type). */
export interface DocumentTypeTable {
  id: Generated<number>;
  compcode: string;
  code: string;
  name: string;
  category: Generated<string>;
  issuing_authority: string | null;
  mandatory: Generated<boolean | null>;
  expires: Generated<boolean | null>;
  validity_months: number | null;
  warning_days: Generated<number | null>;
  description: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View due_item (entity due_item). */
export interface DueItemTable {
  due_key: string;
  compcode: string;
  aircraft: number | null;
  item_kind: string | null;
  item_code: string | null;
  description: string | null;
  inspection_group: number | null;
  ata: number | null;
  component: number | null;
  component_limit: number | null;
  measure: string | null;
  whichever: string | null;
  interval_fh: number | null;
  interval_fc: number | null;
  interval_days: number | null;
  last_done_date: string | null;
  last_done_fh: number | null;
  last_done_fc: number | null;
  next_due_fh: number | null;
  next_due_fc: number | null;
  next_due_date: string | null;
  hard_date: string | null;
  remaining_fh: number | null;
  remaining_fc: number | null;
  remaining_ldg: number | null;
  remaining_rin: number | null;
  remaining_days: number | null;
  pc_remaining: number | null;
  forecast_date: string | null;
  driver: string | null;
  due_status: string | null;
  planned_wo: number | null;
  variation: number | null;
  programme_due_fh: number | null;
  programme_due_fc: number | null;
  programme_due_date: string | null;
  prog_revision: number | null;
}

/** Table due_schedule (entity due_schedule). */
export interface DueScheduleTable {
  due_key: string;
  compcode: string;
  aircraft: number;
  component: number | null;
  item_kind: string;
  type_inspection: number | null;
  component_limit: number | null;
  type_llp: number | null;
  ad_status: number | null;
  sb_status: number | null;
  item_code: string | null;
  description: string | null;
  inspection_group: number | null;
  ata: number | null;
  measure: string;
  whichever: Generated<string>;
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
  no_record: Generated<boolean>;
  variation: number | null;
  prog_due_h: number | null;
  prog_due_c: number | null;
  prog_due_date: string | null;
  prog_revision: number | null;
  computed_at: Instant | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table due_variation (entity due_variation). */
export interface DueVariationTable {
  variation_id: Generated<number>;
  compcode: string;
  variation_no: string | null;
  reason: string | null;
  due_key: string;
  aircraft: number | null;
  item_code: string | null;
  description: string | null;
  extend_fh: number | null;
  extend_fc: number | null;
  extend_days: number | null;
  var_status: Generated<string>;
  limit_text: string | null;
  prog_due_fh: number | null;
  prog_due_fc: number | null;
  prog_due_date: string | null;
  ext_due_fh: number | null;
  ext_due_fc: number | null;
  ext_due_date: string | null;
  approved_by: number | null;
  approved_at: Instant | null;
  consumed_record: number | null;
  consumed_date: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table engine_kind (entity engine_kind). */
export interface EngineKindTable {
  id: Generated<number>;
  compcode: string;
  model: string;
  manufacturer: number;
  engine_type: Generated<string>;
  rating: string | null;
  type_certificate: string | null;
  counts_cycles: Generated<boolean | null>;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table engine_manufacturer (entity engine_manufacturer). */
export interface EngineManufacturerTable {
  id: Generated<number>;
  compcode: string;
  code: string;
  name: string;
  country: string | null;
  cage_code: string | null;
  website: string | null;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table fleet_component (entity fleet_component). */
export interface FleetComponentTable {
  component_id: Generated<number>;
  compcode: string;
  aircraft: number | null;
  parent_component: number | null;
  type_component: number | null;
  item: number | null;
  partnumber: string;
  partname: string;
  serial_number: string;
  ata: number | null;
  component_class: Generated<string>;
  position: string | null;
  component_status: Generated<string>;
  manufacture_date: string | null;
  install_date: string | null;
  installed_ac_fh: number | null;
  installed_ac_fc: number | null;
  installed_tsn: number | null;
  installed_csn: number | null;
  tsn: number | null;
  csn: number | null;
  tso: number | null;
  cso: number | null;
  tsr: number | null;
  csr: number | null;
  lsn: Generated<number | null>;
  rsn: Generated<number | null>;
  installed_lsn: number | null;
  installed_rsn: number | null;
  llp_life_used: number | null;
  thrust_rating: string | null;
  times_known: Generated<boolean>;
  times_as_of: string | null;
  last_overhaul_date: string | null;
  last_shop_visit_date: string | null;
  is_llp: Generated<boolean | null>;
  remark: string | null;
  carry_h: Generated<number | null>;
  carry_c: Generated<number | null>;
  carry_l: Generated<number | null>;
  carry_r: Generated<number | null>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View fleet_maintenance_status (entity fleet_maintenance_status). */
export interface FleetMaintenanceStatusTable {
  aircraft_id: number;
  compcode: string;
  aircraft: number | null;
  registration: string | null;
  aircraft_type: number | null;
  status: string | null;
  home_base: string | null;
  total_fh: number | null;
  total_fc: number | null;
  totals_as_of: string | null;
  avg_fh_day: number | null;
  avg_fc_day: number | null;
  last_flight_date: string | null;
  items_overdue: number | null;
  items_due_soon: number | null;
  items_in_tolerance: number | null;
  items_no_record: number | null;
  next_due_date: string | null;
  next_due_item: string | null;
  open_defects: number | null;
  deferred_defects: number | null;
  expired_deferrals: number | null;
  docs_expired: number | null;
  docs_expiring: number | null;
  open_work_orders: number | null;
  airworthiness: string | null;
}

/** Table flight_log (entity flight_log). */
export interface FlightLogTable {
  flight_log_id: Generated<number>;
  compcode: string;
  aircraft: number;
  flight_date: string;
  techlog_page: string;
  flight_no: string | null;
  sector_from: string;
  sector_to: string;
  block_off: Instant;
  takeoff: Instant;
  landing: Instant;
  block_on: Instant;
  block_minutes: number | null;
  flight_minutes: number | null;
  cycles: Generated<number>;
  landings: Generated<number>;
  apu_minutes: number | null;
  apu_starts: number | null;
  rin_count: number | null;
  operation_codes: string | null;
  fuel_uplift: number | null;
  fuel_remaining: number | null;
  oil_uplift_eng1: number | null;
  oil_uplift_eng2: number | null;
  oil_uplift_apu: number | null;
  hyd_uplift: number | null;
  pic: string | null;
  defects_raised: Generated<number | null>;
  posted: Generated<number>;
  posted_at: Instant | null;
  amend_reason: string | null;
  amend_count: Generated<number | null>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table inspection_group (entity inspection_group). */
export interface InspectionGroupTable {
  id: Generated<number>;
  compcode: string;
  code: string;
  name: string;
  group_kind: Generated<string>;
  is_overhaul: Generated<boolean | null>;
  is_timelimit: Generated<boolean | null>;
  seq: Generated<number | null>;
  description: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View inventory_balance (entity inventory_balance). */
export interface InventoryBalanceTable {
  balance_id: number;
  compcode: string;
  store: number | null;
  item: number | null;
  category: number | null;
  inventory_group: number | null;
  serial_number: string | null;
  batch_number: string | null;
  condition: string | null;
  quantity: number | null;
  unit: string | null;
  expiry_date: string | null;
  last_movement: string | null;
  stock_value: number | null;
  serviceable: boolean | null;
}

/** View inventory_card (entity inventory_card). */
export interface InventoryCardTable {
  card_id: number;
  compcode: string;
  txn_date: string | null;
  txn_type: string | null;
  doc_no: string | null;
  store: number | null;
  item: number | null;
  serial_number: string | null;
  batch_number: string | null;
  condition: string | null;
  qty_in: number | null;
  qty_out: number | null;
  balance: number | null;
  balance_all_stores: number | null;
  unit_cost: number | null;
  amount: number | null;
  balance_value: number | null;
  balance_value_all_stores: number | null;
  registration: string | null;
  remark: string | null;
}

/** View inventory_expiry (entity inventory_expiry). */
export interface InventoryExpiryTable {
  expiry_id: number;
  compcode: string;
  store: number | null;
  item: number | null;
  category: number | null;
  serial_number: string | null;
  batch_number: string | null;
  condition: string | null;
  quantity: number | null;
  unit: string | null;
  expiry_date: string | null;
  days_left: number | null;
  expiry_status: string | null;
}

/** Table inventory_issue (entity inventory_issue). */
export interface InventoryIssueTable {
  issuekey: Generated<number>;
  compcode: string;
  issueno: string | null;
  issuedate: string;
  issue_type: Generated<string>;
  material_request: number | null;
  work_order: number | null;
  amo_work_order: number | null;
  registration: string | null;
  workorder_no: string | null;
  store: number;
  issued_to: string | null;
  issued_kind: number | null;
  vendor: number | null;
  posted: Generated<number>;
  posted_date: string | null;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table inventory_issue_line (entity inventory_issue_line). */
export interface InventoryIssueLineTable {
  issuedtlkey: Generated<number>;
  compcode: string;
  issue: number;
  mr_line: number | null;
  task: number | null;
  amo_material: number | null;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: Generated<string>;
  quantity: number;
  unit: Generated<string>;
  certificate_type: number | null;
  certificate_no: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table inventory_issued_kind (entity inventory_issued_kind). */
export interface InventoryIssuedKindTable {
  id: Generated<number>;
  compcode: string;
  code: string;
  name: string;
  returns_to_stock: Generated<boolean | null>;
  document_required: string | null;
  description: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table inventory_postmod (entity inventory_postmod). */
export interface InventoryPostmodTable {
  postmodkey: Generated<number>;
  compcode: string;
  moddate: string;
  item: number;
  pre_mod_partnumber: string;
  post_mod_partnumber: string;
  serial_number: string | null;
  mod_reference: string;
  mod_description: string | null;
  store: number | null;
  workorder_no: string | null;
  performed_by: string | null;
  certificate_type: number | null;
  certificate_no: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table inventory_receipt (entity inventory_receipt). */
export interface InventoryReceiptTable {
  receiptkey: Generated<number>;
  compcode: string;
  receiptno: string | null;
  receiptdate: string;
  source: Generated<string>;
  purchase_order: number | null;
  receiving: number | null;
  vendor: number | null;
  currency: string | null;
  delivery_note: string | null;
  awb_no: string | null;
  customs_doc: string | null;
  received_by: number | null;
  posted: Generated<number>;
  posted_date: string | null;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table inventory_receipt_line (entity inventory_receipt_line). */
export interface InventoryReceiptLineTable {
  receiptdtlkey: Generated<number>;
  compcode: string;
  receipt: number;
  po_line: number | null;
  item: number;
  store: number;
  bin_location: string | null;
  serial_number: string | null;
  batch_number: string | null;
  condition: Generated<string>;
  quantity: number;
  unit: Generated<string>;
  unit_cost: number | null;
  release_certificate: number | null;
  certificate_type: number | null;
  certificate_no: string | null;
  certificate_date: string | null;
  certificate_issuer: string | null;
  inspection: Generated<string>;
  inspected_user: number | null;
  inspected_at: Instant | null;
  inspection_auth: string | null;
  manufacture_date: string | null;
  expiry_date: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View inventory_reorder (entity inventory_reorder). */
export interface InventoryReorderTable {
  item_id: number;
  compcode: string;
  item: number | null;
  category: number | null;
  inventory_group: number | null;
  unit: string | null;
  on_hand: number | null;
  reserved: number | null;
  available: number | null;
  on_order: number | null;
  stock_position: number | null;
  reorder_min: number | null;
  reorder_max: number | null;
  order_qty: number | null;
  last_movement: string | null;
}

/** Table inventory_return (entity inventory_return). */
export interface InventoryReturnTable {
  returnkey: Generated<number>;
  compcode: string;
  returnno: string | null;
  returndate: string;
  issue: number | null;
  registration: string | null;
  workorder_no: string | null;
  store: number;
  reason: Generated<string>;
  returned_by: string | null;
  posted: Generated<number>;
  posted_date: string | null;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table inventory_return_line (entity inventory_return_line). */
export interface InventoryReturnLineTable {
  returndtlkey: Generated<number>;
  compcode: string;
  inventory_return: number;
  issue_line: number | null;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: Generated<string>;
  quantity: number;
  unit: Generated<string>;
  certificate_type: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table invoice_termin (entity invoice_termin). */
export interface InvoiceTerminTable {
  termkey: Generated<number>;
  compcode: string;
  terminno: string | null;
  termindate: string;
  purchase_order: number;
  vendor: number;
  currency: Generated<string>;
  contract_amount: number;
  outstand: Generated<number>;
  paid_amount: Generated<number | null>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table invoice_termin_line (entity invoice_termin_line). */
export interface InvoiceTerminLineTable {
  termdtlkey: Generated<number>;
  compcode: string;
  invoice_termin: number;
  termin_no: number;
  description: string;
  percentage: number | null;
  amount: number;
  due_date: string | null;
  invoice_no: string | null;
  invoice_date: string | null;
  payment_status: Generated<number>;
  paid_date: string | null;
  paid_amount: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table llp_rating_factor (entity llp_rating_factor). */
export interface LlpRatingFactorTable {
  id: Generated<number>;
  compcode: string;
  type_llp: number;
  thrust_rating: string;
  factor: Generated<number>;
  life_limit_fc: number | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View llp_status (entity llp_status). */
export interface LlpStatusTable {
  component_id: number;
  compcode: string;
  component: number | null;
  aircraft: number | null;
  parent_component: number | null;
  engine_serial: string | null;
  engine_position: string | null;
  module: string | null;
  partnumber: string | null;
  partname: string | null;
  serial_number: string | null;
  component_status: string | null;
  thrust_rating: string | null;
  life_limit_fc: number | null;
  csn: number | null;
  life_used: number | null;
  remaining_fc: number | null;
  life_used_pc: number | null;
  life_limit_fh: number | null;
  tsn: number | null;
  remaining_fh: number | null;
  life_limit_date: string | null;
  forecast_date: string | null;
  is_limiter: boolean | null;
  is_module_limiter: boolean | null;
  llp_status: string | null;
}

/** Table logbook_entry (entity logbook_entry). */
export interface LogbookEntryTable {
  logbook_entry_id: Generated<number>;
  compcode: string;
  aircraft: number;
  logbook: Generated<string>;
  component: number | null;
  entry_date: string;
  entry_type: Generated<string>;
  reference: string | null;
  work_order: number | null;
  description: string;
  ac_fh: number | null;
  ac_fc: number | null;
  comp_tsn: number | null;
  comp_csn: number | null;
  signed_by: string | null;
  licence_no: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table maintenance_log (entity maintenance_log). */
export interface MaintenanceLogTable {
  mlog_id: Generated<number>;
  compcode: string;
  aircraft: number;
  log_date: string;
  techlog_page: string;
  station: string | null;
  log_type: Generated<string>;
  ata: number | null;
  description: string;
  action_taken: string | null;
  defect: number | null;
  work_order: number | null;
  ac_fh: number | null;
  ac_fc: number | null;
  performed_by: string | null;
  licence_no: string | null;
  crs_issued: Generated<boolean | null>;
  crs_datetime: Instant | null;
  posted: Generated<number>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table maintenance_record (entity maintenance_record). */
export interface MaintenanceRecordTable {
  record_id: Generated<number>;
  compcode: string;
  record_no: string | null;
  aircraft: number;
  done_date: string;
  ac_fh: number;
  ac_fc: number;
  ac_landings: number | null;
  station: string | null;
  work_order: number | null;
  amo: number | null;
  certifying_staff: string | null;
  licence_no: string | null;
  crs_ref: string | null;
  posted: Generated<number>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table maintenance_record_line (entity maintenance_record_line). */
export interface MaintenanceRecordLineTable {
  record_line_id: Generated<number>;
  compcode: string;
  maintenance_record: number;
  item_kind: Generated<string>;
  type_inspection: number | null;
  component: number | null;
  component_limit: number | null;
  type_ad: number | null;
  type_sb: number | null;
  work_order_task: number | null;
  superseded_by: number | null;
  reset_basis: Generated<string>;
  planned_due_fh: number | null;
  planned_due_fc: number | null;
  planned_due_date: string | null;
  base_h: number | null;
  base_c: number | null;
  base_l: number | null;
  base_r: number | null;
  base_date: string | null;
  next_due_h: number | null;
  next_due_c: number | null;
  next_due_date: string | null;
  part_tsn: number | null;
  part_csn: number | null;
  overrun: Generated<boolean | null>;
  variation: number | null;
  is_terminating: Generated<boolean | null>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table master_inventory_group (entity master_inventory_group). */
export interface MasterInventoryGroupTable {
  id: Generated<number>;
  compcode: string;
  code: string;
  name: string;
  gl_account: string | null;
  description: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table master_item (entity master_item). */
export interface MasterItemTable {
  item_id: Generated<number>;
  compcode: string;
  partnumber: string;
  itemname: string;
  alt_partnumber: string | null;
  manufacturer_name: string | null;
  cage_code: string | null;
  category: number;
  inventory_group: number | null;
  ata_chapter: string | null;
  unit: Generated<string>;
  tracking: Generated<string>;
  shelf_life_days: number | null;
  reorder_min: Generated<number | null>;
  reorder_max: Generated<number | null>;
  is_llp: Generated<boolean | null>;
  is_hazmat: Generated<boolean | null>;
  hazmat_un_number: string | null;
  estimated_price: number | null;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table master_item_category (entity master_item_category). */
export interface MasterItemCategoryTable {
  id: Generated<number>;
  compcode: string;
  code: string;
  name: string;
  item_class: Generated<string>;
  is_consumable: Generated<boolean | null>;
  description: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table material_request (entity material_request). */
export interface MaterialRequestTable {
  requestkey: Generated<number>;
  compcode: string;
  requestno: string | null;
  requestdate: string;
  jasa: Generated<number>;
  requestor: number;
  department: string | null;
  priority: Generated<string>;
  registration: string | null;
  workorder_no: string | null;
  work_order: number | null;
  budgetinfo: string | null;
  budgetname: string | null;
  expectreceipt: string | null;
  jasafinish: string | null;
  locationdeliv: string | null;
  barter: Generated<number>;
  matauang: string | null;
  remark: string | null;
  statuswf: Generated<string>;
  progress: number | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table material_request_line (entity material_request_line). */
export interface MaterialRequestLineTable {
  reqdtlkey: Generated<number>;
  compcode: string;
  request: number;
  lineref: string | null;
  linetype: Generated<number>;
  item: number | null;
  partnumber: string | null;
  itemname: string | null;
  iteminfo: string | null;
  glaccount: string | null;
  description: string | null;
  quantity: number;
  invunitom: Generated<string>;
  outstand: Generated<number>;
  close_reason: string | null;
  qty_on_pr: Generated<number | null>;
  qty_received: Generated<number | null>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table mel_category (entity mel_category). */
export interface MelCategoryTable {
  id: Generated<number>;
  compcode: string;
  category: string;
  interval_days: Generated<number>;
  description: string;
  extension_allowed: Generated<boolean | null>;
  max_extension_days: number | null;
  excludes_discovery_day: Generated<boolean | null>;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table menu (entity menu). */
export interface MenuTable {
  menu_id: Generated<number>;
  modulname: string;
  name: string;
  title: string;
  icon: string | null;
  url: string | null;
  route: string | null;
  level: Generated<number | null>;
  parent_id: number | null;
  badge: string | null;
  seq: Generated<number | null>;
  noaccesscheck: Generated<boolean | null>;
  holdingonly: Generated<boolean | null>;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table module (entity module). */
export interface ModuleTable {
  modulname: string;
  title: string;
  info: string | null;
  url: string | null;
  statichtml: Generated<boolean | null>;
  icon: string | null;
  seq: Generated<number | null>;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View mro_account_entry (entity mro_account_entry). */
export interface MroAccountEntryTable {
  entry_id: number;
  compcode: string;
  amo_customer: number | null;
  entry_date: string | null;
  kind: string | null;
  doc_no: string | null;
  for_invoice: string | null;
  currency: string | null;
  due_date: string | null;
  debit: number | null;
  credit: number | null;
}

/** Table mro_invoice (entity mro_invoice). */
export interface MroInvoiceTable {
  mro_invoice_id: Generated<number>;
  compcode: string;
  invoice_no: string | null;
  doc_type: Generated<string>;
  invoice_date: string | null;
  status: Generated<string>;
  amo_work_order: number | null;
  amo_customer: number | null;
  customer_aircraft: number | null;
  quotation: number | null;
  customer_po: string | null;
  pricing_basis: string | null;
  currency: string | null;
  payment_terms: string | null;
  due_date: string | null;
  credits: number | null;
  credited_by: number | null;
  quoted_amount: Generated<number | null>;
  authorised_amount: Generated<number | null>;
  subtotal: Generated<number | null>;
  discount_pct: Generated<number | null>;
  discount_amount: Generated<number | null>;
  adjustment: Generated<number | null>;
  net_amount: Generated<number | null>;
  tax_pct: Generated<number | null>;
  tax_amount: Generated<number | null>;
  total: Generated<number | null>;
  posted_by: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table mro_invoice_line (entity mro_invoice_line). */
export interface MroInvoiceLineTable {
  mro_invoice_line_id: Generated<number>;
  compcode: string;
  mro_invoice: number;
  line_no: number | null;
  line_type: string | null;
  description: string | null;
  reference_no: string | null;
  quantity: Generated<number | null>;
  unit_price: Generated<number | null>;
  amount: Generated<number | null>;
  quoted_amount: number | null;
  difference: number | null;
  amo_task: number | null;
  amo_material: number | null;
  quotation_line: number | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table mro_labour_rate (entity mro_labour_rate). */
export interface MroLabourRateTable {
  mro_labour_rate_id: Generated<number>;
  compcode: string;
  mro_pricing: number;
  skill: string;
  rate: number;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table mro_payment (entity mro_payment). */
export interface MroPaymentTable {
  mro_payment_id: Generated<number>;
  compcode: string;
  payment_no: string;
  payment_date: string;
  amo_customer: number;
  amount: number;
  currency: Generated<string>;
  mro_invoice: number | null;
  reference: string | null;
  status: Generated<string>;
  posted_by: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table mro_pricing (entity mro_pricing). */
export interface MroPricingTable {
  mro_pricing_id: Generated<number>;
  compcode: string;
  valid_from: string;
  tax_pct: Generated<number>;
  parts_markup_pct: Generated<number | null>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table notification_config (entity notification_config). */
export interface NotificationConfigTable {
  id: Generated<number>;
  compcode: string;
  kind: string;
  notifname: string;
  router_name: string;
  enabled: Generated<boolean>;
  email_enabled: Generated<boolean | null>;
  recipients: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table other_info (entity other_info). */
export interface OtherInfoTable {
  id: Generated<number>;
  compcode: string;
  info_group: Generated<string>;
  code: string;
  description: string;
  seq: Generated<number | null>;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View po_price_list (entity po_price_list). */
export interface PoPriceListTable {
  podtlkey: number;
  compcode: string;
  purchase_order: number | null;
  podate: string | null;
  vendor: number | null;
  po_type: string | null;
  statuswf: string | null;
  item: number | null;
  partnumber: string | null;
  condition: string | null;
  quantity: number | null;
  unit: string | null;
  unit_price: number | null;
  discount_pct: number | null;
  net_price: number | null;
  currency: string | null;
  amount: number | null;
}

/** View pr_history_status (entity pr_history_status). */
export interface PrHistoryStatusTable {
  histkey: string;
  compcode: string;
  root: string | null;
  docdate: string | null;
  material_request: number | null;
  mr_no: string | null;
  mr_line: string | null;
  mr_statuswf: string | null;
  mr_progress: number | null;
  mr_qty: number | null;
  purchase_request: number | null;
  lineref: string | null;
  prdate: string | null;
  pr_type: string | null;
  statuswf: string | null;
  progress: number | null;
  registration: string | null;
  item: number | null;
  description: string | null;
  pr_qty: number | null;
  unit: string | null;
  cs_no: string | null;
  cs_date: string | null;
  quoted_vendors: number | null;
  chosen_vendors: string | null;
  po_no: string | null;
  po_line: string | null;
  po_statuswf: string | null;
  po_date: string | null;
  vendor: number | null;
  po_qty: number | null;
  po_cancelled: number | null;
  rcv_no: string | null;
  rcv_date: string | null;
  rcv_qty: number | null;
  terms_no: string | null;
  terms_amount: number | null;
  paid_amount: number | null;
  payment: string | null;
  stage: string | null;
}

/** Table programme_revision (entity programme_revision). */
export interface ProgrammeRevisionTable {
  id: Generated<number>;
  compcode: string;
  aircraft_type: number;
  revision_no: number | null;
  revision_name: string | null;
  revision_date: string;
  source_document: string | null;
  reason: string;
  based_on: number | null;
  rev_status: Generated<string>;
  activated_at: Instant | null;
  activated_by: string | null;
  superseded_by: number | null;
  aircraft_recomputed: number | null;
  items_changed: number | null;
  statuswf: Generated<string>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View programme_revision_change (entity programme_revision_change). */
export interface ProgrammeRevisionChangeTable {
  change_key: string;
  compcode: string;
  aircraft_type: number | null;
  from_revision: number | null;
  to_revision: number | null;
  change: string | null;
  task_code: string | null;
  title: string | null;
  changed_field: string | null;
  old_value: string | null;
  new_value: string | null;
}

/** Table programme_revision_task (entity programme_revision_task). */
export interface ProgrammeRevisionTaskTable {
  id: Generated<number>;
  compcode: string;
  programme_revision: number;
  task_code: string;
  title: string;
  inspection_group: number;
  ata: number | null;
  task_type: Generated<string>;
  zone: string | null;
  skill: string | null;
  est_manhours: number | null;
  measured_in: Generated<string>;
  interval_fh: number | null;
  interval_fc: number | null;
  interval_landings: number | null;
  interval_days: number | null;
  interval_months: number | null;
  whichever: Generated<string>;
  calendar_rule: Generated<string>;
  threshold_fh: number | null;
  threshold_fc: number | null;
  threshold_days: number | null;
  tolerance_pc: number | null;
  tolerance_fh: number | null;
  tolerance_fc: number | null;
  tolerance_days: number | null;
  adjust_above_tolerance: Generated<boolean | null>;
  variation_pc: number | null;
  variation_fh: number | null;
  variation_fc: number | null;
  variation_days: number | null;
  is_ali: Generated<boolean | null>;
  repetitive: Generated<boolean | null>;
  applies_to: string | null;
  reference: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table purchase_order (entity purchase_order). */
export interface PurchaseOrderTable {
  pokey: Generated<number>;
  compcode: string;
  pono: string | null;
  podate: string;
  vendor: number;
  po_type: Generated<string>;
  purchase_request: number | null;
  canvass_sheet: number | null;
  vendor_quote_ref: string | null;
  currency: Generated<string>;
  payment_terms: Generated<string>;
  incoterm: Generated<string>;
  delivery_date: string | null;
  deliver_to: number | null;
  buyer: number | null;
  statuswf: Generated<string>;
  outstand: Generated<number>;
  total_amount: Generated<number | null>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table purchase_order_line (entity purchase_order_line). */
export interface PurchaseOrderLineTable {
  podtlkey: Generated<number>;
  compcode: string;
  purchase_order: number;
  lineref: string | null;
  pr_line: number | null;
  quote: number | null;
  item: number;
  partnumber: string | null;
  description: string | null;
  condition: Generated<string>;
  quantity: number;
  unit: Generated<string>;
  unit_price: number;
  discount_pct: Generated<number | null>;
  delivery_date: string | null;
  outstand: Generated<number>;
  qty_received: Generated<number | null>;
  qty_cancelled: Generated<number | null>;
  close_reason: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table purchase_request (entity purchase_request). */
export interface PurchaseRequestTable {
  prkey: Generated<number>;
  compcode: string;
  prno: string | null;
  prdate: string;
  requestor: number;
  department: string | null;
  pr_type: Generated<string>;
  material_request: number | null;
  registration: string | null;
  needdate: string | null;
  budgetinfo: string | null;
  matauang: string | null;
  remark: string | null;
  statuswf: Generated<string>;
  progress: number | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table purchase_request_line (entity purchase_request_line). */
export interface PurchaseRequestLineTable {
  prdtlkey: Generated<number>;
  compcode: string;
  purchase_request: number;
  lineref: string | null;
  mr_line: number | null;
  item: number | null;
  partnumber: string | null;
  description: string;
  quantity: number;
  unit: Generated<string>;
  condition: string | null;
  estimated_price: number | null;
  outstand: Generated<number>;
  qty_ordered: Generated<number | null>;
  qty_received: Generated<number | null>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table quotation (entity quotation). */
export interface QuotationTable {
  quotation_id: Generated<number>;
  compcode: string;
  quotation_no: string;
  quotation_date: string;
  revision: Generated<number>;
  customer_request: number | null;
  amo_customer: number;
  customer_aircraft: number;
  subject: string;
  valid_until: string;
  currency: string | null;
  exchange_rate: number | null;
  labour_rate: number | null;
  pricing_basis: Generated<string>;
  planned_input: string | null;
  tat_days: number | null;
  payment_terms: Generated<string>;
  total_manhours: Generated<number | null>;
  total_labour: Generated<number | null>;
  total_material: Generated<number | null>;
  total_services: Generated<number | null>;
  subtotal: Generated<number | null>;
  discount_pct: Generated<number | null>;
  discount_amount: Generated<number | null>;
  net_amount: Generated<number | null>;
  tax_exempt: Generated<boolean | null>;
  tax_pct: Generated<number | null>;
  tax_amount: Generated<number | null>;
  grand_total: Generated<number | null>;
  statuswf: Generated<string>;
  quote_status: Generated<string>;
  sent_date: string | null;
  accepted_date: string | null;
  refused_date: string | null;
  answered_by: string | null;
  customer_po: string | null;
  answer_document: number | null;
  refusal_reason: string | null;
  answer_recorded_by: number | null;
  prepared_by: number | null;
  terms: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table quotation_defect (entity quotation_defect). */
export interface QuotationDefectTable {
  quotation_defect_id: Generated<number>;
  compcode: string;
  quotation_no: string;
  quotation_date: string;
  amo_work_order: number;
  quotation: number | null;
  amo_customer: number;
  customer_aircraft: number;
  subject: string;
  valid_until: string;
  currency: string | null;
  exchange_rate: number | null;
  labour_rate: number | null;
  total_manhours: Generated<number | null>;
  total_labour: Generated<number | null>;
  total_material: Generated<number | null>;
  total_services: Generated<number | null>;
  net_amount: Generated<number | null>;
  tax_exempt: Generated<boolean | null>;
  tax_pct: Generated<number | null>;
  tax_amount: Generated<number | null>;
  grand_total: Generated<number | null>;
  approved_total: Generated<number | null>;
  statuswf: Generated<string>;
  quote_status: Generated<string>;
  sent_date: string | null;
  answered_date: string | null;
  answered_by: string | null;
  customer_ref: string | null;
  answer_recorded_by: number | null;
  prepared_by: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table quotation_defect_line (entity quotation_defect_line). */
export interface QuotationDefectLineTable {
  quotation_defect_line_id: Generated<number>;
  compcode: string;
  quotation_defect: number;
  line_no: number;
  amo_defect: number;
  line_type: Generated<string>;
  ata: string | null;
  description: string;
  skill: string | null;
  item: number | null;
  partnumber: string | null;
  price_source: Generated<string>;
  unit_cost: number | null;
  markup_pct: Generated<number | null>;
  manhours: number | null;
  quantity: Generated<number>;
  unit: Generated<string>;
  unit_price: Generated<number>;
  sell_price: Generated<number | null>;
  amount: Generated<number | null>;
  customer_answer: string | null;
  decision_reason: string | null;
  customer_decision: Generated<string>;
  decided_date: string | null;
  decided_by: string | null;
  decision_ref: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table quotation_line (entity quotation_line). */
export interface QuotationLineTable {
  quotation_line_id: Generated<number>;
  compcode: string;
  quotation: number;
  line_no: number;
  request_item: number | null;
  line_type: Generated<string>;
  ata: string | null;
  description: string;
  skill: string | null;
  item: number | null;
  partnumber: string | null;
  price_source: Generated<string>;
  unit_cost: number | null;
  markup_pct: Generated<number | null>;
  manhours: number | null;
  quantity: Generated<number>;
  unit: Generated<string>;
  unit_price: Generated<number>;
  sell_price: Generated<number | null>;
  amount: Generated<number | null>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View quotation_price_list (entity quotation_price_list). */
export interface QuotationPriceListTable {
  quotekey: number;
  compcode: string;
  canvass_sheet: number | null;
  csdate: string | null;
  purchase_request: number | null;
  vendor: number | null;
  item: number | null;
  partnumber_offered: string | null;
  condition: string | null;
  quantity: number | null;
  unit_price: number | null;
  currency: string | null;
  lead_time_days: number | null;
  certificate_type: number | null;
  valid_until: string | null;
  selected: boolean | null;
  statuswf: string | null;
}

/** Table receiving (entity receiving). */
export interface ReceivingTable {
  rcvkey: Generated<number>;
  compcode: string;
  rcvno: string | null;
  rcvdate: string;
  purchase_order: number;
  vendor: number;
  store: number;
  delivery_note: string | null;
  awb_no: string | null;
  invoice_no: string | null;
  received_by: number | null;
  posted: Generated<number>;
  statuswf: Generated<string>;
  total_amount: Generated<number | null>;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table receiving_line (entity receiving_line). */
export interface ReceivingLineTable {
  rcvdtlkey: Generated<number>;
  compcode: string;
  receiving: number;
  po_line: number;
  item: number;
  quantity: number;
  unit: Generated<string>;
  condition: Generated<string>;
  serial_number: string | null;
  batch_number: string | null;
  certificate_type: number | null;
  certificate_no: string | null;
  expiry_date: string | null;
  inspection: Generated<string>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table records_verification (entity records_verification). */
export interface RecordsVerificationTable {
  verification_id: Generated<number>;
  compcode: string;
  result: string;
  chain_rows: number | null;
  head_seq: number | null;
  head_hash: string | null;
  broken_row: number | null;
  broken_seq: number | null;
  broken_record: string | null;
  finding: string | null;
  seals: string | null;
  duration_ms: number | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table registration (entity registration). */
export interface RegistrationTable {
  regkey: Generated<number>;
  company: string;
  compaddr1: string;
  compaddr2: string | null;
  compaddr3: string | null;
  compphone: string;
  compfax: string | null;
  contact_name: string;
  contact_number: string;
  compemail: string;
  compemail_name: string | null;
  compemail_address: string | null;
  username: string;
  status: Generated<string | null>;
  converted_compcode: string | null;
  converted_user_id: number | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table release_certificate (entity release_certificate). */
export interface ReleaseCertificateTable {
  release_cert_id: Generated<number>;
  compcode: string;
  tracking_no: string;
  amo_work_order: number;
  form_type: number;
  item_no: Generated<number>;
  item: number | null;
  description: string;
  partnumber: string;
  quantity: Generated<number>;
  serial_no: string | null;
  status_work: Generated<string>;
  ata: string | null;
  remarks: string | null;
  status: Generated<string>;
  org_name: string | null;
  org_address: string | null;
  approval_authority: string | null;
  approval_ref: string | null;
  issuer: string | null;
  signed_user: number | null;
  signed_by: string | null;
  signed_auth: string | null;
  signed_auth_version: number | null;
  signed_date: string | null;
  signed_at: Instant | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table reliability_programme (entity reliability_programme). */
export interface ReliabilityProgrammeTable {
  programme_id: Generated<number>;
  compcode: string;
  programme_name: string;
  aircraft_type: number;
  alert_k: Generated<number>;
  alert_window: Generated<number>;
  engineer: number | null;
  active: Generated<boolean>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table reliability_report (entity reliability_report). */
export interface ReliabilityReportTable {
  report_id: Generated<number>;
  compcode: string;
  programme: number;
  period: string;
  aircraft_type: number | null;
  alert_k: number | null;
  alert_window: number | null;
  fleet_minutes: number | null;
  period_minutes: number | null;
  aircraft_count: number | null;
  flagged_count: number | null;
  computed: Generated<number>;
  computed_at: Instant | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table reliability_report_chapter (entity reliability_report_chapter). */
export interface ReliabilityReportChapterTable {
  line_id: Generated<number>;
  compcode: string;
  report: number;
  ata_chapter: number;
  chapter_title: string | null;
  pirep: number | null;
  marep: number | null;
  reports: number | null;
  rate: number | null;
  rolling_reports: number | null;
  rolling_rate: number | null;
  alert_level: number | null;
  flagged: Generated<string>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table reliability_report_component (entity reliability_report_component). */
export interface ReliabilityReportComponentTable {
  line_id: Generated<number>;
  compcode: string;
  report: number;
  partnumber: string;
  partname: string | null;
  qty_per_aircraft: number | null;
  unscheduled_removals: number | null;
  confirmed_failures: number | null;
  mtbur: number | null;
  mtbf: number | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table reliability_report_trend (entity reliability_report_trend). */
export interface ReliabilityReportTrendTable {
  line_id: Generated<number>;
  compcode: string;
  report: number;
  ata_chapter: number;
  chapter_title: string | null;
  month_start: string;
  reports: number | null;
  rate: number | null;
  rolling_rate: number | null;
  alert_level: number | null;
  flagged: Generated<string>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table robbing_part (entity robbing_part). */
export interface RobbingPartTable {
  robbingkey: Generated<number>;
  compcode: string;
  robbingno: string | null;
  robbingdate: string;
  item: number;
  serial_number: string | null;
  quantity: Generated<number>;
  donor_registration: string;
  donor_position: string | null;
  donor_workorder: string | null;
  recipient_registration: string;
  recipient_workorder: string | null;
  reason: Generated<string>;
  authorised_by: number;
  authorisation_ref: string | null;
  replacement_mr: number | null;
  store: number | null;
  posted: Generated<number>;
  posted_date: string | null;
  status: Generated<number>;
  closed_date: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table role (entity role). */
export interface RoleTable {
  id: Generated<number>;
  compcode: string;
  role_name: string;
  description: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table role_menu (entity role_menu). */
export interface RoleMenuTable {
  id: Generated<number>;
  compcode: string;
  role: number;
  menu_id: number;
  permission: string;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table role_user (entity role_user). */
export interface RoleUserTable {
  id: Generated<number>;
  compcode: string;
  role: number;
  user_id: number;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View sb_compliance_status (entity sb_compliance_status). */
export interface SbComplianceStatusTable {
  status_key: string;
  compcode: string;
  aircraft: number | null;
  type_sb: number | null;
  sb_number: string | null;
  revision: string | null;
  title: string | null;
  category: string | null;
  issue_date: string | null;
  is_recurring: boolean | null;
  component: number | null;
  review_result: string | null;
  review_decision: string | null;
  review_date: string | null;
  sb_status: string | null;
  last_done_date: string | null;
  last_done_fh: number | null;
  last_done_fc: number | null;
  work_order: number | null;
  next_due_date: string | null;
  next_due_fh: number | null;
  next_due_fc: number | null;
  remaining_fh: number | null;
  remaining_fc: number | null;
  remaining_days: number | null;
  forecast_date: string | null;
  due_status: string | null;
}

/** Table sb_review (entity sb_review). */
export interface SbReviewTable {
  id: Generated<number>;
  compcode: string;
  type_sb: number;
  review_date: string;
  reviewed_by: string;
  applicability: Generated<string>;
  decision: Generated<string>;
  reason: string;
  effectivity_note: string | null;
  target_date: string | null;
  statuswf: Generated<string>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sb_review_line (entity sb_review_line). */
export interface SbReviewLineTable {
  id: Generated<number>;
  compcode: string;
  sb_review: number;
  aircraft: number;
  applicability: Generated<string>;
  reason: string | null;
  complied_date: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table staff_authorisation (entity staff_authorisation). */
export interface StaffAuthorisationTable {
  auth_id: Generated<number>;
  compcode: string;
  person: number;
  auth_no: string;
  category: string;
  ata_scope: string | null;
  valid_from: string;
  valid_to: string;
  suspended: Generated<boolean | null>;
  suspended_reason: string | null;
  licence_no: string | null;
  remark: string | null;
  statuswf: Generated<string>;
  auth_version: Generated<number | null>;
  change_reason: string | null;
  requested_by: number | null;
  approved_version: number | null;
  approved_by: number | null;
  approved_at: Instant | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table staff_authorisation_type (entity staff_authorisation_type). */
export interface StaffAuthorisationTypeTable {
  auth_type_id: Generated<number>;
  compcode: string;
  authorisation: number;
  aircraft_type: number;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table stock_adjustment (entity stock_adjustment). */
export interface StockAdjustmentTable {
  adjkey: Generated<number>;
  compcode: string;
  adjno: string | null;
  adjdate: string;
  store: number;
  reason: Generated<string>;
  approved_by: number | null;
  posted: Generated<number>;
  posted_date: string | null;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table stock_adjustment_line (entity stock_adjustment_line). */
export interface StockAdjustmentLineTable {
  adjdtlkey: Generated<number>;
  compcode: string;
  adjustment: number;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: Generated<string>;
  quantity: number;
  unit: Generated<string>;
  unit_cost: number | null;
  expiry_date: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table stock_balance (entity stock_balance). */
export interface StockBalanceTable {
  balancekey: Generated<number>;
  compcode: string;
  store: number;
  item: number;
  serial_number: Generated<string>;
  batch_number: Generated<string>;
  condition: string;
  quantity: Generated<number>;
  expiry_date: string | null;
  arc_status: number | null;
  certificate_no: string | null;
  last_movement: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table stock_ledger (entity stock_ledger). */
export interface StockLedgerTable {
  ledgerkey: Generated<number>;
  compcode: string;
  txn_date: string;
  txn_type: string;
  doc_no: string;
  store: number;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: string;
  arc_status: number | null;
  certificate_no: string | null;
  quantity: number;
  unit_cost: number | null;
  amount: number | null;
  expiry_date: string | null;
  registration: string | null;
  posted: Generated<number>;
  balance_store: number | null;
  balance_item: number | null;
  value_store: number | null;
  value_item: number | null;
  source: string | null;
  source_key: number | null;
  source_line: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table stock_reservation (entity stock_reservation). */
export interface StockReservationTable {
  reservekey: Generated<number>;
  compcode: string;
  reserveno: string | null;
  reservedate: string;
  material_request: number | null;
  registration: string | null;
  workorder_no: string | null;
  store: number;
  required_date: string | null;
  valid_until: string | null;
  reserved_by: number | null;
  status: Generated<number>;
  posted: Generated<number>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table stock_reservation_line (entity stock_reservation_line). */
export interface StockReservationLineTable {
  reservedtlkey: Generated<number>;
  compcode: string;
  reservation: number;
  mr_line: number | null;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: string | null;
  quantity: number;
  qty_issued: Generated<number | null>;
  unit: Generated<string>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table stock_transfer (entity stock_transfer). */
export interface StockTransferTable {
  transferkey: Generated<number>;
  compcode: string;
  transferno: string | null;
  transferdate: string;
  from_store: number;
  to_store: number;
  reason: Generated<string>;
  shipped_by: string | null;
  carrier: string | null;
  awb_no: string | null;
  out_posted: Generated<number>;
  received_date: string | null;
  received_by: string | null;
  received: Generated<number>;
  in_posted: Generated<number>;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table stock_transfer_line (entity stock_transfer_line). */
export interface StockTransferLineTable {
  trfdtlkey: Generated<number>;
  compcode: string;
  stock_transfer: number;
  stock: number | null;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: string;
  quantity: number;
  unit: Generated<string>;
  qty_received: number | null;
  certificate_type: number | null;
  certificate_no: string | null;
  expiry_date: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table stock_valuation (entity stock_valuation). */
export interface StockValuationTable {
  valuationkey: Generated<number>;
  compcode: string;
  item: number;
  quantity: Generated<number>;
  value: Generated<number>;
  avg_cost: number | null;
  last_movement: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table store_warehouse (entity store_warehouse). */
export interface StoreWarehouseTable {
  store_id: Generated<number>;
  compcode: string;
  store_code: string;
  store_name: string;
  store_type: Generated<string>;
  station: string | null;
  address: string | null;
  city: string | null;
  storekeeper: string | null;
  phone: string | null;
  serviceable_only: Generated<boolean | null>;
  is_bonded: Generated<boolean | null>;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_attachment (entity sys_attachment). */
export interface SysAttachmentTable {
  id: Generated<number>;
  compcode: string;
  entity_name: string;
  field_name: string | null;
  record_key: string | null;
  filename: string;
  mime: string;
  size: number;
  content: Uint8Array | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_attachment_chunk (entity sys_attachment_chunk). */
export interface SysAttachmentChunkTable {
  id: Generated<number>;
  attachment_id: number;
  seq: number;
  data: Uint8Array;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_audit (entity sys_audit). */
export interface SysAuditTable {
  id: Generated<number>;
  entity: string;
  record_key: string;
  action: string;
  company: string | null;
  user_id: number | null;
  username: string | null;
  changes: string | null;
  content_hash: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_audit_head (entity sys_audit_head). */
export interface SysAuditHeadTable {
  chain: string;
  seq: number;
  hash: string;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_audit_link (entity sys_audit_link). */
export interface SysAuditLinkTable {
  id: Generated<number>;
  audit_id: number;
  chain: string;
  seq: number;
  hash: string;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_import_log (entity sys_import_log). */
export interface SysImportLogTable {
  id: Generated<number>;
  compcode: string;
  entity: string;
  filename: string;
  mode: string;
  key_field: string | null;
  total: number;
  imported: number;
  failed: number;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_login_throttle (entity sys_login_throttle). */
export interface SysLoginThrottleTable {
  throttle_key: string;
  failures: Generated<number>;
  window_start: Instant;
  locked_until: Instant | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_number_series (entity sys_number_series). */
export interface SysNumberSeriesTable {
  id: Generated<number>;
  compcode: string;
  series: string;
  period: string;
  last_seq: Generated<number>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_print_job (entity sys_print_job). */
export interface SysPrintJobTable {
  print_id: string;
  compcode: string;
  entity_name: string;
  record_key: string;
  user_id: number;
  print_name: string | null;
  expires_at: Instant;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_rate_limit (entity sys_rate_limit). */
export interface SysRateLimitTable {
  limit_key: string;
  hits: Generated<number>;
  window_start: Instant;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_refresh_token (entity sys_refresh_token). */
export interface SysRefreshTokenTable {
  id: Generated<number>;
  token_hash: string;
  family: string;
  user_id: number;
  expires_at: Instant;
  used_at: Instant | null;
  revoked_at: Instant | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_seal (entity sys_seal). */
export interface SysSealTable {
  seal_id: Generated<number>;
  compcode: string;
  entity: string;
  record_key: string;
  kind: string;
  signer: number;
  signed_at: Instant;
  content_hash: string;
  canon_version: string;
  covered: string;
  content: string;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_setting (entity sys_setting). */
export interface SysSettingTable {
  setting_key: string;
  setting_value: string;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table sys_user_totp (entity sys_user_totp). */
export interface SysUserTotpTable {
  id: Generated<number>;
  user_id: number;
  secret: string;
  enrolled_at: Instant | null;
  last_step: Generated<number>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table tool (entity tool). */
export interface ToolTable {
  tool_id: Generated<number>;
  compcode: string;
  tool_catalog: number;
  serial_number: string;
  asset_no: string | null;
  store: number | null;
  location: string | null;
  tool_status: Generated<string>;
  last_calibration: string | null;
  calibration_due: string | null;
  calibration_lab: string | null;
  certificate_no: string | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table tool_catalog (entity tool_catalog). */
export interface ToolCatalogTable {
  id: Generated<number>;
  compcode: string;
  tool_partnumber: string;
  tool_name: string;
  manufacturer: string | null;
  tool_type: Generated<string>;
  ata: number | null;
  applicable_types: string | null;
  calibration_required: Generated<boolean | null>;
  calibration_interval_days: number | null;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View tool_usage (entity tool_usage). */
export interface ToolUsageTable {
  usage_key: string;
  compcode: string;
  tool: number | null;
  tool_catalog: number | null;
  serial_number: string | null;
  source: string | null;
  work_order_no: string | null;
  card_seq: number | null;
  card: string | null;
  description: string | null;
  aircraft: string | null;
  signed_on: string | null;
  signed_at: Instant | null;
  signed_by: string | null;
  last_calibration: string | null;
  since_calibration: boolean | null;
}

/** View transfer_in_transit (entity transfer_in_transit). */
export interface TransferInTransitTable {
  trfdtlkey: number;
  compcode: string;
  stock_transfer: number | null;
  transferdate: string | null;
  from_store: number | null;
  to_store: number | null;
  carrier: string | null;
  awb_no: string | null;
  item: number | null;
  serial_number: string | null;
  batch_number: string | null;
  condition: string | null;
  quantity: number | null;
  qty_received: number | null;
  outstanding: number | null;
  days_in_transit: number | null;
}

/** Table unserviceable_receipt (entity unserviceable_receipt). */
export interface UnserviceableReceiptTable {
  usreceiptkey: Generated<number>;
  compcode: string;
  usreceiptno: string | null;
  receiptdate: string;
  source: Generated<string>;
  registration: string | null;
  workorder_no: string | null;
  removal_date: string | null;
  removal_reason: string | null;
  store: number;
  returned_by: string | null;
  posted: Generated<number>;
  posted_date: string | null;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table unserviceable_receipt_line (entity unserviceable_receipt_line). */
export interface UnserviceableReceiptLineTable {
  usdtlkey: Generated<number>;
  compcode: string;
  usreceipt: number;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: Generated<string>;
  quantity: Generated<number>;
  unit: Generated<string>;
  tag_no: string | null;
  defect: string | null;
  tsn: number | null;
  csn: number | null;
  tso: number | null;
  cso: number | null;
  disposition: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table usage_ledger (entity usage_ledger). */
export interface UsageLedgerTable {
  ledger_id: Generated<number>;
  compcode: string;
  aircraft: number;
  component: number | null;
  flight_log: number | null;
  component_change: number | null;
  flight_date: string;
  kind: string;
  d_h: number | null;
  d_c: number | null;
  d_l: number | null;
  d_r: number | null;
  d_apuh: number | null;
  d_apus: number | null;
  d_life: number | null;
  reason: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table user_company (entity user_company). */
export interface UserCompanyTable {
  id: Generated<number>;
  compcode: string;
  user_id: number;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table user_menu (entity user_menu). */
export interface UserMenuTable {
  id: Generated<number>;
  compcode: string;
  user_id: number;
  menu_id: number;
  permission: string;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View user_modul (entity user_modul). */
export interface UserModulTable {
  umkey: string;
  compcode: string;
  user_id: number | null;
  username: string | null;
  full_name: string | null;
  jabatan: string | null;
  modulname: string | null;
  menus: number | null;
  letters: string | null;
}

/** Table users (entity users). */
export interface UsersTable {
  user_id: Generated<number>;
  username: string;
  full_name: string;
  email: string | null;
  mobile: string | null;
  usergroup: Generated<string>;
  jabatan: string | null;
  departemen: string | null;
  departkd: string | null;
  crewnik: string | null;
  depthead: Generated<boolean | null>;
  active: Generated<boolean>;
  password_hash: string | null;
  mustchangepw: Generated<boolean | null>;
  pw_changed_at: Instant | null;
  token_gen: Generated<number>;
  last_compcode: string | null;
  language: Generated<string>;
  gender: string | null;
  religion: string | null;
  birth_date: string | null;
  birth_city: string | null;
  address1: string | null;
  address2: string | null;
  bank_name: string | null;
  bank_rekno: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table vendor (entity vendor). */
export interface VendorTable {
  vendor_id: Generated<number>;
  compcode: string;
  vendor_code: string;
  vendor_name: string;
  vendor_type: Generated<string>;
  cage_code: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  country: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  contact_person: string | null;
  tax_id: string | null;
  approval_status: Generated<string>;
  approval_ref: string | null;
  approval_expiry: string | null;
  payment_terms: Generated<string>;
  currency: Generated<string>;
  remark: string | null;
  active: Generated<boolean>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table vendor_item (entity vendor_item). */
export interface VendorItemTable {
  id: Generated<number>;
  compcode: string;
  vendor: number;
  master_item: number;
  vendor_partnumber: string | null;
  condition: Generated<string>;
  price: number;
  currency: Generated<string>;
  min_order_qty: Generated<number | null>;
  lead_time_days: number | null;
  valid_until: string | null;
  is_preferred: Generated<boolean | null>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table webhook_delivery (entity webhook_delivery). */
export interface WebhookDeliveryTable {
  delivery_id: Generated<number>;
  compcode: string;
  subscription: number;
  event_id: string;
  event_type: string;
  entity_name: string;
  record_key: string;
  occurred_at: Instant;
  status: Generated<string>;
  attempts: Generated<number | null>;
  next_attempt_at: Instant | null;
  lease_until: Instant | null;
  lease_token: string | null;
  response_code: number | null;
  last_error: string | null;
  last_attempt_at: Instant | null;
  delivered_at: Instant | null;
  replays: Generated<number | null>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table webhook_subscription (entity webhook_subscription). */
export interface WebhookSubscriptionTable {
  subscription_id: Generated<number>;
  compcode: string;
  name: string;
  url: string;
  events: string;
  entities: string | null;
  active: Generated<boolean | null>;
  owner_id: number | null;
  secret_hint: string | null;
  signing_secret: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table webhook_watch (entity webhook_watch). */
export interface WebhookWatchTable {
  id: Generated<number>;
  compcode: string;
  watch: string;
  record_key: string;
  state: string;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table wf_assignment (entity wf_assignment). */
export interface WfAssignmentTable {
  taskassignkey: Generated<number>;
  compcode: string;
  taskkey: number;
  step_seq: number;
  assignee: number;
  on_behalf_of: number | null;
  assigndate: Instant;
  deadline: Instant | null;
  actiontake: string | null;
  action_by: number | null;
  message: string | null;
  completeddate: Instant | null;
  postponed: Generated<boolean | null>;
  postuntil: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table wf_definition (entity wf_definition). */
export interface WfDefinitionTable {
  wftypekey: Generated<number>;
  compcode: string;
  name: string;
  title: string;
  entity_name: string;
  route_name: string | null;
  wf_version: Generated<number | null>;
  active: Generated<boolean>;
  description: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table wf_delegation (entity wf_delegation). */
export interface WfDelegationTable {
  id: Generated<number>;
  compcode: string;
  delegator: number | null;
  delegate: number;
  valid_from: string;
  valid_to: string;
  reason: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table wf_functional_approval (entity wf_functional_approval). */
export interface WfFunctionalApprovalTable {
  id: Generated<number>;
  compcode: string;
  wftypekey: number;
  departkd: string;
  level: number;
  approver: number;
  amount_limit: number | null;
  active: Generated<boolean | null>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table wf_step (entity wf_step). */
export interface WfStepTable {
  id: Generated<number>;
  compcode: string;
  wftypekey: number;
  seq: number;
  step_name: string;
  assign_kind: Generated<string>;
  assign_value: string | null;
  item_kind: Generated<string>;
  deadline_hours: number | null;
  condition_field: string | null;
  condition_op: string | null;
  condition_value: string | null;
  required_approvals: Generated<number | null>;
  refusal: Generated<string | null>;
  personal: Generated<boolean | null>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table wf_task (entity wf_task). */
export interface WfTaskTable {
  taskkey: Generated<number>;
  compcode: string;
  wftypekey: number;
  wf_version: Generated<number>;
  taskname: string;
  taskdetail: string | null;
  entity_name: string;
  record_key: string;
  statuswf: Generated<string>;
  current_step: Generated<number | null>;
  createdby: number;
  createdon: Instant;
  route_name: string | null;
  route_param: string | null;
  pjxhdrkey: number | null;
  steps_snapshot: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View wf_waiting_step (entity wf_waiting_step). */
export interface WfWaitingStepTable {
  waiting_key: string;
  compcode: string;
  workflow: number | null;
  step_seq: number | null;
  step_name: string | null;
  label: string | null;
  waiting: number | null;
  oldest_days: number | null;
}

/** Table work_order (entity work_order). */
export interface WorkOrderTable {
  wo_id: Generated<number>;
  compcode: string;
  wo_no: string | null;
  wo_date: string;
  aircraft: number;
  wo_type: Generated<string>;
  title: string;
  inspection_group: number | null;
  station: string | null;
  amo: number | null;
  priority: Generated<string>;
  planned_start: string | null;
  planned_end: string | null;
  actual_start: Instant | null;
  actual_end: Instant | null;
  ac_fh: number | null;
  ac_fc: number | null;
  est_manhours: number | null;
  statuswf: Generated<string>;
  wo_status: Generated<string>;
  crs_no: string | null;
  crs_date: Instant | null;
  crs_signed_by: string | null;
  crs_user: number | null;
  crs_auth_no: string | null;
  crs_auth_version: number | null;
  corrects: number | null;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table work_order_labour (entity work_order_labour). */
export interface WorkOrderLabourTable {
  wo_labour_id: Generated<number>;
  compcode: string;
  work_order: number;
  task: number;
  person: number;
  work_date: string;
  hours: number;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View work_order_material (entity work_order_material). */
export interface WorkOrderMaterialTable {
  reqdtlkey: number;
  compcode: string;
  work_order: number | null;
  aircraft: number | null;
  material_request: number | null;
  requestno: string | null;
  requestdate: string | null;
  priority: string | null;
  statuswf: string | null;
  progress: number | null;
  item: number | null;
  partnumber: string | null;
  itemname: string | null;
  quantity: number | null;
  invunitom: string | null;
  outstand: number | null;
}

/** Table work_order_part (entity work_order_part). */
export interface WorkOrderPartTable {
  wo_part_id: Generated<number>;
  compcode: string;
  work_order: number;
  task: number | null;
  item: number;
  quantity: number;
  unit: Generated<string>;
  remark: string | null;
  mr_line: number | null;
  qty_reserved: Generated<number | null>;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** View work_order_progress (entity work_order_progress). */
export interface WorkOrderProgressTable {
  wo_id: number;
  compcode: string;
  wo_no: string | null;
  wo_date: string | null;
  aircraft: number | null;
  wo_type: string | null;
  title: string | null;
  inspection_group: number | null;
  planned_start: string | null;
  planned_end: string | null;
  wo_status: string | null;
  statuswf: string | null;
  tasks_total: number | null;
  tasks_done: number | null;
  tasks_open: number | null;
  tasks_deferred: number | null;
  tasks_performed: number | null;
  pc_complete: number | null;
  est_manhours: number | null;
  actual_manhours: number | null;
  booked_manhours: number | null;
  parts_requested: number | null;
  parts_reserved: number | null;
  parts_issued: number | null;
  labour_cost: number | null;
  parts_cost: number | null;
  total_cost: number | null;
  defects_raised: number | null;
  is_late: boolean | null;
}

/** Table work_order_task (entity work_order_task). */
export interface WorkOrderTaskTable {
  wo_task_id: Generated<number>;
  compcode: string;
  work_order: number;
  seq: Generated<number>;
  task_source: Generated<string>;
  task_code: string | null;
  description: string;
  type_inspection: number | null;
  component: number | null;
  installed_component: number | null;
  change_reason: string | null;
  removal_change: number | null;
  installation_change: number | null;
  us_receipt: number | null;
  type_ad: number | null;
  type_sb: number | null;
  defect: number | null;
  due_key: string | null;
  ata: number | null;
  skill: string | null;
  est_manhours: number | null;
  actual_manhours: number | null;
  task_status: Generated<string>;
  done_date: string | null;
  done_by: string | null;
  inspected_by: string | null;
  remark: string | null;
  compliance_record: number | null;
  cert_category: Generated<string>;
  rii: Generated<boolean | null>;
  performed_user: number | null;
  performed_at: Instant | null;
  ac_fh_done: number | null;
  ac_fc_done: number | null;
  certified_user: number | null;
  certified_auth: string | null;
  certified_auth_version: number | null;
  certified_at: Instant | null;
  inspected_user: number | null;
  inspected_auth: string | null;
  inspected_auth_version: number | null;
  inspected_at: Instant | null;
  deferral_defect: number | null;
  deferral_due: string | null;
  deferral_reason: string | null;
  defer_mel_category: number | null;
  defer_mel_item: string | null;
  carried_to: number | null;
  carry_target: number | null;
  carry_reason: string | null;
  carried_from: number | null;
  supersedes: number | null;
  correction_reason: string | null;
  superseded_by: number | null;
  superseded_note: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Table work_order_tool (entity work_order_tool). */
export interface WorkOrderToolTable {
  wo_tool_id: Generated<number>;
  compcode: string;
  work_order: number;
  task: number;
  tool: number;
  signed: Generated<boolean | null>;
  remark: string | null;
  created_at: GeneratedInstant;
  created_by: string | null;
  updated_at: Instant | null;
  updated_by: string | null;
  version: Generated<number>;
}

/** Every table and view the metadata declares: a name not listed here does not compile. */
export interface Database {
  ad_authority: AdAuthorityTable;
  ad_compliance_status: AdComplianceStatusTable;
  ad_review: AdReviewTable;
  ad_review_line: AdReviewLineTable;
  aircraft: AircraftTable;
  aircraft_ad_status: AircraftAdStatusTable;
  aircraft_document: AircraftDocumentTable;
  aircraft_manufacturer: AircraftManufacturerTable;
  aircraft_modification: AircraftModificationTable;
  aircraft_sb_status: AircraftSbStatusTable;
  aircraft_type: AircraftTypeTable;
  aircraft_type_ad: AircraftTypeAdTable;
  aircraft_type_component: AircraftTypeComponentTable;
  aircraft_type_component_limit: AircraftTypeComponentLimitTable;
  aircraft_type_component_penalty: AircraftTypeComponentPenaltyTable;
  aircraft_type_inspection: AircraftTypeInspectionTable;
  aircraft_type_llp: AircraftTypeLlpTable;
  aircraft_type_sb: AircraftTypeSbTable;
  aircraft_utilisation: AircraftUtilisationTable;
  amo: AmoTable;
  amo_customer: AmoCustomerTable;
  amo_defect: AmoDefectTable;
  amo_work_order: AmoWorkOrderTable;
  amo_work_order_labour: AmoWorkOrderLabourTable;
  amo_work_order_material: AmoWorkOrderMaterialTable;
  amo_work_order_progress: AmoWorkOrderProgressTable;
  amo_work_order_task: AmoWorkOrderTaskTable;
  amo_work_order_tool: AmoWorkOrderToolTable;
  arc_status: ArcStatusTable;
  ata_group: AtaGroupTable;
  canvass_line: CanvassLineTable;
  canvass_quote: CanvassQuoteTable;
  canvass_sheet: CanvassSheetTable;
  canvass_vendor: CanvassVendorTable;
  company: CompanyTable;
  company_sign_in: CompanySignInTable;
  company_today: CompanyTodayTable;
  component_change: ComponentChangeTable;
  component_inspection_kind: ComponentInspectionKindTable;
  component_installation: ComponentInstallationTable;
  component_status: ComponentStatusTable;
  currency_rate: CurrencyRateTable;
  customer: CustomerTable;
  customer_aircraft: CustomerAircraftTable;
  customer_aircraft_history: CustomerAircraftHistoryTable;
  customer_request: CustomerRequestTable;
  customer_request_item: CustomerRequestItemTable;
  defect: DefectTable;
  department_budget: DepartmentBudgetTable;
  document_status: DocumentStatusTable;
  document_type: DocumentTypeTable;
  due_item: DueItemTable;
  due_schedule: DueScheduleTable;
  due_variation: DueVariationTable;
  engine_kind: EngineKindTable;
  engine_manufacturer: EngineManufacturerTable;
  fleet_component: FleetComponentTable;
  fleet_maintenance_status: FleetMaintenanceStatusTable;
  flight_log: FlightLogTable;
  inspection_group: InspectionGroupTable;
  inventory_balance: InventoryBalanceTable;
  inventory_card: InventoryCardTable;
  inventory_expiry: InventoryExpiryTable;
  inventory_issue: InventoryIssueTable;
  inventory_issue_line: InventoryIssueLineTable;
  inventory_issued_kind: InventoryIssuedKindTable;
  inventory_postmod: InventoryPostmodTable;
  inventory_receipt: InventoryReceiptTable;
  inventory_receipt_line: InventoryReceiptLineTable;
  inventory_reorder: InventoryReorderTable;
  inventory_return: InventoryReturnTable;
  inventory_return_line: InventoryReturnLineTable;
  invoice_termin: InvoiceTerminTable;
  invoice_termin_line: InvoiceTerminLineTable;
  llp_rating_factor: LlpRatingFactorTable;
  llp_status: LlpStatusTable;
  logbook_entry: LogbookEntryTable;
  maintenance_log: MaintenanceLogTable;
  maintenance_record: MaintenanceRecordTable;
  maintenance_record_line: MaintenanceRecordLineTable;
  master_inventory_group: MasterInventoryGroupTable;
  master_item: MasterItemTable;
  master_item_category: MasterItemCategoryTable;
  material_request: MaterialRequestTable;
  material_request_line: MaterialRequestLineTable;
  mel_category: MelCategoryTable;
  menu: MenuTable;
  module: ModuleTable;
  mro_account_entry: MroAccountEntryTable;
  mro_invoice: MroInvoiceTable;
  mro_invoice_line: MroInvoiceLineTable;
  mro_labour_rate: MroLabourRateTable;
  mro_payment: MroPaymentTable;
  mro_pricing: MroPricingTable;
  notification_config: NotificationConfigTable;
  other_info: OtherInfoTable;
  po_price_list: PoPriceListTable;
  pr_history_status: PrHistoryStatusTable;
  programme_revision: ProgrammeRevisionTable;
  programme_revision_change: ProgrammeRevisionChangeTable;
  programme_revision_task: ProgrammeRevisionTaskTable;
  purchase_order: PurchaseOrderTable;
  purchase_order_line: PurchaseOrderLineTable;
  purchase_request: PurchaseRequestTable;
  purchase_request_line: PurchaseRequestLineTable;
  quotation: QuotationTable;
  quotation_defect: QuotationDefectTable;
  quotation_defect_line: QuotationDefectLineTable;
  quotation_line: QuotationLineTable;
  quotation_price_list: QuotationPriceListTable;
  receiving: ReceivingTable;
  receiving_line: ReceivingLineTable;
  records_verification: RecordsVerificationTable;
  registration: RegistrationTable;
  release_certificate: ReleaseCertificateTable;
  reliability_programme: ReliabilityProgrammeTable;
  reliability_report: ReliabilityReportTable;
  reliability_report_chapter: ReliabilityReportChapterTable;
  reliability_report_component: ReliabilityReportComponentTable;
  reliability_report_trend: ReliabilityReportTrendTable;
  robbing_part: RobbingPartTable;
  role: RoleTable;
  role_menu: RoleMenuTable;
  role_user: RoleUserTable;
  sb_compliance_status: SbComplianceStatusTable;
  sb_review: SbReviewTable;
  sb_review_line: SbReviewLineTable;
  staff_authorisation: StaffAuthorisationTable;
  staff_authorisation_type: StaffAuthorisationTypeTable;
  stock_adjustment: StockAdjustmentTable;
  stock_adjustment_line: StockAdjustmentLineTable;
  stock_balance: StockBalanceTable;
  stock_ledger: StockLedgerTable;
  stock_reservation: StockReservationTable;
  stock_reservation_line: StockReservationLineTable;
  stock_transfer: StockTransferTable;
  stock_transfer_line: StockTransferLineTable;
  stock_valuation: StockValuationTable;
  store_warehouse: StoreWarehouseTable;
  sys_attachment: SysAttachmentTable;
  sys_attachment_chunk: SysAttachmentChunkTable;
  sys_audit: SysAuditTable;
  sys_audit_head: SysAuditHeadTable;
  sys_audit_link: SysAuditLinkTable;
  sys_import_log: SysImportLogTable;
  sys_login_throttle: SysLoginThrottleTable;
  sys_number_series: SysNumberSeriesTable;
  sys_print_job: SysPrintJobTable;
  sys_rate_limit: SysRateLimitTable;
  sys_refresh_token: SysRefreshTokenTable;
  sys_seal: SysSealTable;
  sys_setting: SysSettingTable;
  sys_user_totp: SysUserTotpTable;
  tool: ToolTable;
  tool_catalog: ToolCatalogTable;
  tool_usage: ToolUsageTable;
  transfer_in_transit: TransferInTransitTable;
  unserviceable_receipt: UnserviceableReceiptTable;
  unserviceable_receipt_line: UnserviceableReceiptLineTable;
  usage_ledger: UsageLedgerTable;
  user_company: UserCompanyTable;
  user_menu: UserMenuTable;
  user_modul: UserModulTable;
  users: UsersTable;
  vendor: VendorTable;
  vendor_item: VendorItemTable;
  webhook_delivery: WebhookDeliveryTable;
  webhook_subscription: WebhookSubscriptionTable;
  webhook_watch: WebhookWatchTable;
  wf_assignment: WfAssignmentTable;
  wf_definition: WfDefinitionTable;
  wf_delegation: WfDelegationTable;
  wf_functional_approval: WfFunctionalApprovalTable;
  wf_step: WfStepTable;
  wf_task: WfTaskTable;
  wf_waiting_step: WfWaitingStepTable;
  work_order: WorkOrderTable;
  work_order_labour: WorkOrderLabourTable;
  work_order_material: WorkOrderMaterialTable;
  work_order_part: WorkOrderPartTable;
  work_order_progress: WorkOrderProgressTable;
  work_order_task: WorkOrderTaskTable;
  work_order_tool: WorkOrderToolTable;
}

/**
 * Database plus any table name: for the generic engine modules that address tables named at run
 * time by metadata (`e.table`) or their own (_migrations), through engine/src/db/loose.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseDatabase = Database & { [table: string]: Record<string, any> };
