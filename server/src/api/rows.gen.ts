/* Generated from metadata by engine/scripts/gen-api-types.ts (npm run gen:types). Do not edit. */
/* The JSON of one row of each entity as the data API sends it (docs/api.md); dates and instants are ISO text. */

/** AD Authority (entity ad_authority, table ad_authority). */
export interface AdAuthorityRow {
  id: number;
  code: string;
  name: string;
  country: string | null;
  ad_number_format: string | null;
  website: string | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** AD Status (entity ad_compliance_status, view ad_compliance_status). */
export interface AdComplianceStatusRow {
  status_key: string;
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
  compcode: string;
}

/** AD Review (entity ad_review, table ad_review). */
export interface AdReviewRow {
  id: number;
  type_ad: number;
  review_date: string;
  reviewed_by: string;
  applicability: string;
  reason: string;
  compliance_method: string | null;
  effectivity_note: string | null;
  statuswf: string;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: AdReviewLineRow[];
}

/** AD Review Aircraft (entity ad_review_line, table ad_review_line). */
export interface AdReviewLineRow {
  id: number;
  ad_review: number;
  aircraft: number;
  applicability: string;
  reason: string | null;
  complied_date: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Aircraft (entity aircraft, table aircraft). */
export interface AircraftRow {
  aircraft_id: number;
  registration: string;
  aircraft_type: number;
  msn: string;
  line_number: string | null;
  manufacture_date: string | null;
  delivery_date: string | null;
  selcal: string | null;
  home_base: string | null;
  seat_config: string | null;
  ownership: string;
  lessor: string | null;
  total_fh: number | null;
  total_fc: number | null;
  total_landings: number | null;
  total_rin: number | null;
  apu_hours: number | null;
  apu_starts: number | null;
  totals_as_of: string | null;
  avg_daily_fh: number | null;
  avg_daily_fc: number | null;
  status: string;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  components: FleetComponentRow[];
}

/** Aircraft AD Status (entity aircraft_ad_status, table aircraft_ad_status). */
export interface AircraftAdStatusRow {
  ad_status_id: number;
  aircraft: number;
  type_ad: number;
  component: number | null;
  ad_status: string;
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
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Aircraft Document (entity aircraft_document, table aircraft_document). */
export interface AircraftDocumentRow {
  aircraft_document_id: number;
  aircraft: number;
  document_type: number;
  document_no: string;
  issue_date: string;
  expiry_date: string | null;
  issued_by: string | null;
  place_of_issue: string | null;
  is_current: boolean | null;
  file: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Aircraft Manufacturer (entity aircraft_manufacturer, table aircraft_manufacturer). */
export interface AircraftManufacturerRow {
  id: number;
  code: string;
  name: string;
  country: string | null;
  cage_code: string | null;
  website: string | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Aircraft Modification (entity aircraft_modification, table aircraft_modification). */
export interface AircraftModificationRow {
  modification_id: number;
  aircraft: number;
  mod_date: string;
  mod_kind: string;
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
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Aircraft SB Status (entity aircraft_sb_status, table aircraft_sb_status). */
export interface AircraftSbStatusRow {
  sb_status_id: number;
  aircraft: number;
  type_sb: number;
  component: number | null;
  sb_status: string;
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
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Aircraft Type (entity aircraft_type, table aircraft_type). */
export interface AircraftTypeRow {
  aircraft_type_id: number;
  type_name: string;
  model_designation: string | null;
  icao_code: string | null;
  manufacturer: number;
  engine_kind: number | null;
  engine_total: number;
  APU_usage: boolean | null;
  apu_kind: number | null;
  rin_counter_name: string | null;
  penalty_factor: number | null;
  type_certificate: string | null;
  mtow_kg: number | null;
  max_seats: number | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Airworthiness Directive (entity aircraft_type_ad, table aircraft_type_ad). */
export interface AircraftTypeAdRow {
  type_ad_id: number;
  aircraft_type: number;
  authority: number;
  ad_number: string;
  amendment: string | null;
  title: string;
  ata: number | null;
  ad_subject: string;
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
  measured_in: string;
  is_recurring: boolean | null;
  interval_fh: number | null;
  interval_fc: number | null;
  interval_days: number | null;
  whichever: string;
  terminating_action: string | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Aircraft Type Component (entity aircraft_type_component, table aircraft_type_component). */
export interface AircraftTypeComponentRow {
  type_component_id: number;
  aircraft_type: number;
  partnumber: string;
  partname: string;
  item: number | null;
  ata: number | null;
  component_class: string;
  maintenance_process: string;
  qty_per_aircraft: number;
  positions: string | null;
  is_llp: boolean | null;
  tracks_apu: boolean | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Component Limit (entity aircraft_type_component_limit, table aircraft_type_component_limit). */
export interface AircraftTypeComponentLimitRow {
  id: number;
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
  whichever: string;
  calendar_rule: string;
  tolerance_pc: number | null;
  tolerance_fh: number | null;
  tolerance_fc: number | null;
  tolerance_days: number | null;
  adjust_above_tolerance: boolean | null;
  variation_pc: number | null;
  variation_fh: number | null;
  variation_fc: number | null;
  variation_days: number | null;
  source_ref: string | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Component Penalty Factor (entity aircraft_type_component_penalty, table aircraft_type_component_penalty). */
export interface AircraftTypeComponentPenaltyRow {
  id: number;
  aircraft_type: number;
  type_component: number | null;
  counter: string;
  basis: string;
  applies: string;
  operation_code: string | null;
  operation: string;
  factor: number;
  effective_from: string | null;
  source_ref: string | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Type Inspection (entity aircraft_type_inspection, table aircraft_type_inspection). */
export interface AircraftTypeInspectionRow {
  type_inspection_id: number;
  aircraft_type: number;
  task_code: string;
  title: string;
  inspection_group: number;
  ata: number | null;
  task_type: string;
  zone: string | null;
  skill: string | null;
  est_manhours: number | null;
  measured_in: string;
  interval_fh: number | null;
  interval_fc: number | null;
  interval_landings: number | null;
  interval_days: number | null;
  interval_months: number | null;
  whichever: string;
  calendar_rule: string;
  threshold_fh: number | null;
  threshold_fc: number | null;
  threshold_days: number | null;
  tolerance_pc: number | null;
  tolerance_fh: number | null;
  tolerance_fc: number | null;
  tolerance_days: number | null;
  adjust_above_tolerance: boolean | null;
  variation_pc: number | null;
  variation_fh: number | null;
  variation_fc: number | null;
  variation_days: number | null;
  is_ali: boolean | null;
  repetitive: boolean | null;
  reference: string | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Life-Limited Part (entity aircraft_type_llp, table aircraft_type_llp). */
export interface AircraftTypeLlpRow {
  type_llp_id: number;
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
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  ratings: LlpRatingFactorRow[];
}

/** Service Bulletin (entity aircraft_type_sb, table aircraft_type_sb). */
export interface AircraftTypeSbRow {
  type_sb_id: number;
  aircraft_type: number;
  sb_number: string;
  revision: string | null;
  title: string;
  issuer: string | null;
  ata: number | null;
  issue_date: string | null;
  revision_date: string | null;
  category: string;
  applies_to_partnumber: string | null;
  related_ad: string | null;
  is_recurring: boolean | null;
  interval_fh: number | null;
  interval_fc: number | null;
  interval_days: number | null;
  est_manhours: number | null;
  effectivity: string | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Aircraft Utilisation (entity aircraft_utilisation, view aircraft_utilisation). */
export interface AircraftUtilisationRow {
  aircraft_id: number;
  aircraft: number | null;
  fh_day: number | null;
  fc_day: number | null;
  ldg_day: number | null;
  rin_day: number | null;
  apuh_day: number | null;
  apus_day: number | null;
  last_flight_date: string | null;
  planned: boolean | null;
  compcode: string;
}

/** Approved Maintenance Organisation (entity amo, table amo). */
export interface AmoRow {
  id: number;
  code: string;
  name: string;
  approval_number: string;
  authority: number | null;
  approval_expiry: string | null;
  amo_kind: string;
  ratings: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** AMO Customer (entity amo_customer, table amo_customer). */
export interface AmoCustomerRow {
  amo_customer_id: number;
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
  contract_type: string;
  contract_ref: string | null;
  contract_expiry: string | null;
  payment_terms: string;
  currency: string;
  labour_rate: number | null;
  tax_exempt: boolean;
  tax_exempt_ref: string | null;
  credit_limit: number | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Raised Defect (NRC) (entity amo_defect, table amo_defect). */
export interface AmoDefectRow {
  amo_defect_id: number;
  nrc_no: string;
  amo_work_order: number;
  raised_date: string;
  raised_by: number | null;
  found_on_task: string | null;
  ata: string;
  zone: string | null;
  finding_type: string;
  severity: string;
  description: string;
  rectification: string | null;
  est_manhours: number | null;
  actual_manhours: number | null;
  chargeable: boolean;
  status: string;
  mel_category: number | null;
  deferral_ref: string | null;
  closed_date: string | null;
  closed_by: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** AMO Work Order (entity amo_work_order, table amo_work_order). */
export interface AmoWorkOrderRow {
  amo_wo_id: number;
  wo_no: string;
  wo_date: string;
  amo_customer: number;
  customer_aircraft: number;
  quotation: number | null;
  customer_request: number | null;
  customer_po: string | null;
  wo_type: string;
  title: string;
  check_type: string | null;
  station: string;
  hangar_bay: string | null;
  planned_start: string;
  planned_end: string;
  actual_start: string | null;
  actual_end: string | null;
  fh_at_input: number | null;
  fc_at_input: number | null;
  planned_manhours: number | null;
  status: string;
  planner: number | null;
  crs_no: string | null;
  crs_date: string | null;
  crs_signed_by: string | null;
  crs_user: number | null;
  crs_auth_no: string | null;
  credit_hold: string | null;
  statuswf: string;
  invoice_no: string | null;
  invoice_date: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  tasks: AmoWorkOrderTaskRow[];
  materials: AmoWorkOrderMaterialRow[];
  labour: AmoWorkOrderLabourRow[];
}

/** AMO Labour Booking (entity amo_work_order_labour, table amo_work_order_labour). */
export interface AmoWorkOrderLabourRow {
  amo_labour_id: number;
  amo_work_order: number;
  task: number;
  person: number;
  work_date: string;
  hours: number;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** AMO Work Order Material (entity amo_work_order_material, table amo_work_order_material). */
export interface AmoWorkOrderMaterialRow {
  amo_material_id: number;
  amo_work_order: number;
  line_no: number;
  amo_defect: number | null;
  task_card_no: string | null;
  quotation_line: number | null;
  item: number | null;
  partnumber: string;
  itemname: string;
  quantity: number;
  unit: string;
  required_date: string | null;
  priority: string;
  supply: string;
  status: string;
  material_request: number | null;
  issued_qty: number | null;
  issued_value: number | null;
  cust_qty: number | null;
  cust_cert_no: string | null;
  cust_received_date: string | null;
  cust_received_by: number | null;
  cust_return_qty: number | null;
  cust_returned_date: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** AMO Work Order Progress (entity amo_work_order_progress, view amo_work_order_progress). */
export interface AmoWorkOrderProgressRow {
  amo_wo_id: number;
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
  compcode: string;
}

/** AMO Work Order Task (entity amo_work_order_task, table amo_work_order_task). */
export interface AmoWorkOrderTaskRow {
  amo_task_id: number;
  amo_work_order: number;
  seq: number;
  task_card_no: string;
  quotation_line: number | null;
  defect_line: number | null;
  task_type: string;
  ata: string | null;
  task_ref: string | null;
  description: string;
  skill: string;
  est_manhours: number;
  opening_manhours: number | null;
  actual_manhours: number | null;
  status: string;
  completed_date: string | null;
  performed_by: string | null;
  inspected_by: string | null;
  remark: string | null;
  cert_category: string;
  rii: boolean | null;
  performed_user: number | null;
  performed_at: string | null;
  ac_fh_done: number | null;
  ac_fc_done: number | null;
  certified_user: number | null;
  certified_auth: string | null;
  certified_at: string | null;
  inspected_user: number | null;
  inspected_auth: string | null;
  inspected_at: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Release Certificate Status (entity arc_status, table arc_status). */
export interface ArcStatusRow {
  id: number;
  code: string;
  name: string;
  issuing_authority: string | null;
  regulation_ref: string | null;
  installable: boolean | null;
  dual_release: boolean | null;
  description: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** ATA Chapter (entity ata_group, table ata_group). */
export interface AtaGroupRow {
  id: number;
  ata_code: string;
  chapter: number;
  title: string;
  system_group: string;
  description: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Canvass Line (entity canvass_line, table canvass_line). */
export interface CanvassLineRow {
  csdtlkey: number;
  canvass_sheet: number;
  lineref: string | null;
  pr_line: number | null;
  item: number;
  description: string | null;
  quantity: number;
  unit: string;
  condition: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Quotation Line (entity canvass_quote, table canvass_quote). */
export interface CanvassQuoteRow {
  quotekey: number;
  canvass_sheet: number;
  cs_line: number;
  vendor: number;
  item: number;
  partnumber_offered: string | null;
  condition: string;
  quantity: number;
  unit_price: number;
  currency: string;
  lead_time_days: number | null;
  certificate_type: number | null;
  warranty: string | null;
  valid_until: string | null;
  selected: boolean | null;
  amount: number | null;
  price_rank: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Canvass Sheet (entity canvass_sheet, table canvass_sheet). */
export interface CanvassSheetRow {
  csheetkey: number;
  csno: string | null;
  csdate: string;
  purchase_request: number;
  subject: string;
  buyer: number | null;
  quote_deadline: string | null;
  currency: string;
  step: number;
  statuswf: string;
  awarded_vendor: number | null;
  award_basis: string | null;
  award_remark: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: CanvassLineRow[];
  vendors: CanvassVendorRow[];
  quotes: CanvassQuoteRow[];
}

/** Canvass Vendor (entity canvass_vendor, table canvass_vendor). */
export interface CanvassVendorRow {
  csvendorkey: number;
  canvass_sheet: number;
  vendor: number;
  rfq_no: string | null;
  invited_date: string | null;
  quote_received: boolean | null;
  quote_ref: string | null;
  quote_date: string | null;
  quote_valid_until: string | null;
  payment_terms: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Company (entity company, table company). */
export interface CompanyRow {
  compcode: string;
  company: string;
  compaddr1: string | null;
  compaddr2: string | null;
  compaddr3: string | null;
  PhoneNo: string | null;
  compfax: string | null;
  compemail: string | null;
  compwebsite: string | null;
  compcolor: string | null;
  holding: string | null;
  isholding: boolean | null;
  matauang: string;
  timezone: string;
  cashinflowNo: string | null;
  cashinflowNm: string | null;
  use_wfservice: boolean | null;
  use_procure: boolean | null;
  remain_pc_due: number | null;
  remain_day_due: number | null;
  ad_primary: string | null;
  consumable_inveCatg: string | null;
  insp_group_overhaul: string | null;
  insp_group_timelimit: string | null;
  tglaktif: string | null;
  tglkoran: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
}

/** Company Business Date (entity company_today, view company_today). */
export interface CompanyTodayRow {
  compcode: string;
  today: string | null;
}

/** Component Change (entity component_change, table component_change). */
export interface ComponentChangeRow {
  change_id: number;
  component: number;
  change_date: string;
  action: string;
  aircraft: number | null;
  parent_component: number | null;
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
  shop: number | null;
  work_done: number | null;
  shop_order_no: string | null;
  certificate_no: string | null;
  work_order: number | null;
  performed_by: string | null;
  remark: string | null;
  posted: number;
  posted_at: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Component Inspection Kind (entity component_inspection_kind, table component_inspection_kind). */
export interface ComponentInspectionKindRow {
  id: number;
  code: string;
  name: string;
  basis: string;
  resets_tso: boolean | null;
  removal_required: boolean | null;
  description: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Installation Record (entity component_installation, view component_installation). */
export interface ComponentInstallationRow {
  installation_id: number;
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
  compcode: string;
}

/** Component Status (entity component_status, view component_status). */
export interface ComponentStatusRow {
  status_key: string;
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
  compcode: string;
}

/** Currency Rate (entity currency_rate, table currency_rate). */
export interface CurrencyRateRow {
  rate_id: number;
  currency: string;
  valid_from: string;
  rate: number;
  source: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Customer (entity customer, table customer). */
export interface CustomerRow {
  customer_id: number;
  customer_code: string;
  customer_name: string;
  customer_type: string;
  icao_designator: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  country: string | null;
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  currency: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Customer Aircraft (entity customer_aircraft, table customer_aircraft). */
export interface CustomerAircraftRow {
  customer_aircraft_id: number;
  amo_customer: number;
  registration: string;
  aircraft_type: number;
  msn: string;
  manufacture_date: string | null;
  engine_serials: string | null;
  total_fh: number | null;
  total_fc: number | null;
  totals_as_of: string | null;
  last_check: string | null;
  last_check_date: string | null;
  status: string;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  history: CustomerAircraftHistoryRow[];
}

/** Customer Aircraft Work History (entity customer_aircraft_history, table customer_aircraft_history). */
export interface CustomerAircraftHistoryRow {
  history_id: number;
  customer_aircraft: number;
  event_date: string;
  event_type: string;
  description: string;
  performed_by: string;
  amo_work_order: number | null;
  fh_at: number | null;
  fc_at: number | null;
  document_ref: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Customer Request (entity customer_request, table customer_request). */
export interface CustomerRequestRow {
  request_id: number;
  request_no: string;
  request_date: string;
  amo_customer: number;
  customer_aircraft: number;
  customer_ref: string | null;
  request_type: string;
  priority: string;
  check_type: string | null;
  description: string;
  station: string | null;
  planned_input: string | null;
  required_release: string | null;
  fh_at_request: number | null;
  fc_at_request: number | null;
  contact_person: string | null;
  contact_email: string | null;
  status: string;
  received_by: number | null;
  workpack: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  items: CustomerRequestItemRow[];
}

/** Requested Work Item (entity customer_request_item, table customer_request_item). */
export interface CustomerRequestItemRow {
  request_item_id: number;
  request: number;
  item_no: number;
  item_type: string;
  ata: string | null;
  task_ref: string | null;
  description: string;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Defect (entity defect, table defect). */
export interface DefectRow {
  defect_id: number;
  defect_no: string | null;
  aircraft: number;
  found_date: string;
  station: string | null;
  source: string;
  techlog_page: string | null;
  flight_log: number | null;
  work_order: number | null;
  ata: number | null;
  description: string;
  reported_by: string | null;
  defect_status: string;
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
  extension_granted: boolean | null;
  extension_days: number | null;
  extended_due_date: string | null;
  extension_approved_by: string | null;
  extension_approved_at: string | null;
  extension_reason: string | null;
  parts_required: string | null;
  rectified_date: string | null;
  action_taken: string | null;
  rectified_by: string | null;
  crs_ref: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Department budget (entity department_budget, table department_budget). */
export interface DepartmentBudgetRow {
  id: number;
  budget_year: number;
  departkd: string;
  departemen: string | null;
  account_code: string;
  account_name: string;
  budget_amount: number;
  committed_amount: number | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Document Status (entity document_status, view document_status). */
export interface DocumentStatusRow {
  aircraft_document_id: number;
  aircraft: number | null;
  document_type: number | null;
  document_no: string | null;
  issue_date: string | null;
  expiry_date: string | null;
  issued_by: string | null;
  mandatory: boolean | null;
  days_remaining: number | null;
  doc_status: string | null;
  compcode: string;
}

/** Document Type (entity document_type, table document_type). */
export interface DocumentTypeRow {
  id: number;
  code: string;
  name: string;
  category: string;
  issuing_authority: string | null;
  mandatory: boolean | null;
  expires: boolean | null;
  validity_months: number | null;
  warning_days: number | null;
  description: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Due Item (entity due_item, view due_item). */
export interface DueItemRow {
  due_key: string;
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
  compcode: string;
}

/** Due Schedule (entity due_schedule, table due_schedule). */
export interface DueScheduleRow {
  due_key: string;
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
  whichever: string;
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
  no_record: boolean;
  variation: number | null;
  prog_due_h: number | null;
  prog_due_c: number | null;
  prog_due_date: string | null;
  computed_at: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** One-time Variation (entity due_variation, table due_variation). */
export interface DueVariationRow {
  variation_id: number;
  variation_no: string | null;
  reason: string | null;
  due_key: string;
  aircraft: number | null;
  item_code: string | null;
  description: string | null;
  extend_fh: number | null;
  extend_fc: number | null;
  extend_days: number | null;
  var_status: string;
  limit_text: string | null;
  prog_due_fh: number | null;
  prog_due_fc: number | null;
  prog_due_date: string | null;
  ext_due_fh: number | null;
  ext_due_fc: number | null;
  ext_due_date: string | null;
  approved_by: number | null;
  approved_at: string | null;
  consumed_record: number | null;
  consumed_date: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Engine Kind (entity engine_kind, table engine_kind). */
export interface EngineKindRow {
  id: number;
  model: string;
  manufacturer: number;
  engine_type: string;
  rating: string | null;
  type_certificate: string | null;
  counts_cycles: boolean | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Engine Manufacturer (entity engine_manufacturer, table engine_manufacturer). */
export interface EngineManufacturerRow {
  id: number;
  code: string;
  name: string;
  country: string | null;
  cage_code: string | null;
  website: string | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Fleet Component (entity fleet_component, table fleet_component). */
export interface FleetComponentRow {
  component_id: number;
  aircraft: number | null;
  parent_component: number | null;
  type_component: number | null;
  item: number | null;
  partnumber: string;
  partname: string;
  serial_number: string;
  ata: number | null;
  component_class: string;
  position: string | null;
  component_status: string;
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
  lsn: number | null;
  rsn: number | null;
  installed_lsn: number | null;
  installed_rsn: number | null;
  llp_life_used: number | null;
  thrust_rating: string | null;
  times_known: boolean;
  times_as_of: string | null;
  last_overhaul_date: string | null;
  last_shop_visit_date: string | null;
  is_llp: boolean | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Fleet Maintenance Status (entity fleet_maintenance_status, view fleet_maintenance_status). */
export interface FleetMaintenanceStatusRow {
  aircraft_id: number;
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
  compcode: string;
}

/** Flight Log (entity flight_log, table flight_log). */
export interface FlightLogRow {
  flight_log_id: number;
  aircraft: number;
  flight_date: string;
  techlog_page: string;
  flight_no: string | null;
  sector_from: string;
  sector_to: string;
  block_off: string;
  takeoff: string;
  landing: string;
  block_on: string;
  block_minutes: number | null;
  flight_minutes: number | null;
  cycles: number;
  landings: number;
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
  defects_raised: number | null;
  posted: number;
  posted_at: string | null;
  amend_reason: string | null;
  amend_count: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Inspection Group (entity inspection_group, table inspection_group). */
export interface InspectionGroupRow {
  id: number;
  code: string;
  name: string;
  group_kind: string;
  is_overhaul: boolean | null;
  is_timelimit: boolean | null;
  seq: number | null;
  description: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Inventory Balance (entity inventory_balance, view inventory_balance). */
export interface InventoryBalanceRow {
  balance_id: number;
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
  compcode: string;
}

/** Stock Card (entity inventory_card, view inventory_card). */
export interface InventoryCardRow {
  card_id: number;
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
  compcode: string;
}

/** Shelf-life Expiry (entity inventory_expiry, view inventory_expiry). */
export interface InventoryExpiryRow {
  expiry_id: number;
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
  compcode: string;
}

/** Inventory Issue (entity inventory_issue, table inventory_issue). */
export interface InventoryIssueRow {
  issuekey: number;
  issueno: string | null;
  issuedate: string;
  issue_type: string;
  material_request: number | null;
  work_order: number | null;
  amo_work_order: number | null;
  registration: string | null;
  workorder_no: string | null;
  store: number;
  issued_to: string | null;
  issued_kind: number | null;
  vendor: number | null;
  posted: number;
  posted_date: string | null;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: InventoryIssueLineRow[];
}

/** Inventory Issue Line (entity inventory_issue_line, table inventory_issue_line). */
export interface InventoryIssueLineRow {
  issuedtlkey: number;
  issue: number;
  mr_line: number | null;
  task: number | null;
  amo_material: number | null;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: string;
  quantity: number;
  unit: string;
  certificate_type: number | null;
  certificate_no: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Inventory Issued Kind (entity inventory_issued_kind, table inventory_issued_kind). */
export interface InventoryIssuedKindRow {
  id: number;
  code: string;
  name: string;
  returns_to_stock: boolean | null;
  document_required: string | null;
  description: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Post-Modification Record (entity inventory_postmod, table inventory_postmod). */
export interface InventoryPostmodRow {
  postmodkey: number;
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
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Inventory Receipt (entity inventory_receipt, table inventory_receipt). */
export interface InventoryReceiptRow {
  receiptkey: number;
  receiptno: string | null;
  receiptdate: string;
  source: string;
  purchase_order: number | null;
  receiving: number | null;
  vendor: number | null;
  currency: string | null;
  delivery_note: string | null;
  awb_no: string | null;
  customs_doc: string | null;
  received_by: number | null;
  posted: number;
  posted_date: string | null;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: InventoryReceiptLineRow[];
}

/** Inventory Receipt Line (entity inventory_receipt_line, table inventory_receipt_line). */
export interface InventoryReceiptLineRow {
  receiptdtlkey: number;
  receipt: number;
  po_line: number | null;
  item: number;
  store: number;
  bin_location: string | null;
  serial_number: string | null;
  batch_number: string | null;
  condition: string;
  quantity: number;
  unit: string;
  unit_cost: number | null;
  certificate_type: number | null;
  certificate_no: string | null;
  certificate_date: string | null;
  certificate_issuer: string | null;
  inspection: string;
  inspected_user: number | null;
  inspected_at: string | null;
  inspection_auth: string | null;
  manufacture_date: string | null;
  expiry_date: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Items to Reorder (entity inventory_reorder, view inventory_reorder). */
export interface InventoryReorderRow {
  item_id: number;
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
  compcode: string;
}

/** Return to Store (entity inventory_return, table inventory_return). */
export interface InventoryReturnRow {
  returnkey: number;
  returnno: string | null;
  returndate: string;
  issue: number | null;
  registration: string | null;
  workorder_no: string | null;
  store: number;
  reason: string;
  returned_by: string | null;
  posted: number;
  posted_date: string | null;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: InventoryReturnLineRow[];
}

/** Return Line (entity inventory_return_line, table inventory_return_line). */
export interface InventoryReturnLineRow {
  returndtlkey: number;
  inventory_return: number;
  issue_line: number | null;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: string;
  quantity: number;
  unit: string;
  certificate_type: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Invoice Terms (entity invoice_termin, table invoice_termin). */
export interface InvoiceTerminRow {
  termkey: number;
  terminno: string | null;
  termindate: string;
  purchase_order: number;
  vendor: number;
  currency: string;
  contract_amount: number;
  outstand: number;
  paid_amount: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: InvoiceTerminLineRow[];
}

/** Invoice Instalment (entity invoice_termin_line, table invoice_termin_line). */
export interface InvoiceTerminLineRow {
  termdtlkey: number;
  invoice_termin: number;
  termin_no: number;
  description: string;
  percentage: number | null;
  amount: number;
  due_date: string | null;
  invoice_no: string | null;
  invoice_date: string | null;
  payment_status: number;
  paid_date: string | null;
  paid_amount: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** LLP Thrust Rating Factor (entity llp_rating_factor, table llp_rating_factor). */
export interface LlpRatingFactorRow {
  id: number;
  type_llp: number;
  thrust_rating: string;
  factor: number;
  life_limit_fc: number | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** LLP Status (entity llp_status, view llp_status). */
export interface LlpStatusRow {
  component_id: number;
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
  compcode: string;
}

/** Logbook Entry (entity logbook_entry, table logbook_entry). */
export interface LogbookEntryRow {
  logbook_entry_id: number;
  aircraft: number;
  logbook: string;
  component: number | null;
  entry_date: string;
  entry_type: string;
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
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Maintenance Log (entity maintenance_log, table maintenance_log). */
export interface MaintenanceLogRow {
  mlog_id: number;
  aircraft: number;
  log_date: string;
  techlog_page: string;
  station: string | null;
  log_type: string;
  ata: number | null;
  description: string;
  action_taken: string | null;
  defect: number | null;
  work_order: number | null;
  ac_fh: number | null;
  ac_fc: number | null;
  performed_by: string | null;
  licence_no: string | null;
  crs_issued: boolean | null;
  crs_datetime: string | null;
  posted: number;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Maintenance Record (entity maintenance_record, table maintenance_record). */
export interface MaintenanceRecordRow {
  record_id: number;
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
  posted: number;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: MaintenanceRecordLineRow[];
}

/** Maintenance Record Item (entity maintenance_record_line, table maintenance_record_line). */
export interface MaintenanceRecordLineRow {
  record_line_id: number;
  maintenance_record: number;
  item_kind: string;
  type_inspection: number | null;
  component: number | null;
  component_limit: number | null;
  type_ad: number | null;
  type_sb: number | null;
  reset_basis: string;
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
  overrun: boolean | null;
  variation: number | null;
  is_terminating: boolean | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Inventory Group (entity master_inventory_group, table master_inventory_group). */
export interface MasterInventoryGroupRow {
  id: number;
  code: string;
  name: string;
  gl_account: string | null;
  description: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Master Item (entity master_item, table master_item). */
export interface MasterItemRow {
  item_id: number;
  partnumber: string;
  itemname: string;
  alt_partnumber: string | null;
  manufacturer_name: string | null;
  cage_code: string | null;
  category: number;
  inventory_group: number | null;
  ata_chapter: string | null;
  unit: string;
  tracking: string;
  shelf_life_days: number | null;
  reorder_min: number | null;
  reorder_max: number | null;
  is_llp: boolean | null;
  is_hazmat: boolean | null;
  hazmat_un_number: string | null;
  estimated_price: number | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Item Category (entity master_item_category, table master_item_category). */
export interface MasterItemCategoryRow {
  id: number;
  code: string;
  name: string;
  item_class: string;
  is_consumable: boolean | null;
  description: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Material Request (entity material_request, table material_request). */
export interface MaterialRequestRow {
  requestkey: number;
  requestno: string | null;
  requestdate: string;
  jasa: number;
  requestor: number;
  department: string | null;
  priority: string;
  registration: string | null;
  workorder_no: string | null;
  work_order: number | null;
  budgetinfo: string | null;
  budgetname: string | null;
  expectreceipt: string | null;
  jasafinish: string | null;
  locationdeliv: string | null;
  barter: number;
  matauang: string | null;
  remark: string | null;
  statuswf: string;
  progress: number | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: MaterialRequestLineRow[];
}

/** Material Request Line (entity material_request_line, table material_request_line). */
export interface MaterialRequestLineRow {
  reqdtlkey: number;
  request: number;
  lineref: string | null;
  linetype: number;
  item: number | null;
  partnumber: string | null;
  itemname: string | null;
  iteminfo: string | null;
  glaccount: string | null;
  description: string | null;
  quantity: number;
  invunitom: string;
  outstand: number;
  close_reason: string | null;
  qty_on_pr: number | null;
  qty_received: number | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** MEL Category (entity mel_category, table mel_category). */
export interface MelCategoryRow {
  id: number;
  category: string;
  interval_days: number;
  description: string;
  extension_allowed: boolean | null;
  max_extension_days: number | null;
  excludes_discovery_day: boolean | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Menu (entity menu, table menu). */
export interface MenuRow {
  menu_id: number;
  modulname: string;
  name: string;
  title: string;
  icon: string | null;
  url: string | null;
  route: string | null;
  level: number | null;
  parent_id: number | null;
  badge: string | null;
  seq: number | null;
  noaccesscheck: boolean | null;
  holdingonly: boolean | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
}

/** Module (entity module, table module). */
export interface ModuleRow {
  modulname: string;
  title: string;
  info: string | null;
  url: string | null;
  statichtml: boolean | null;
  icon: string | null;
  seq: number | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
}

/** MRO Customer Account Entry (entity mro_account_entry, view mro_account_entry). */
export interface MroAccountEntryRow {
  entry_id: number;
  amo_customer: number | null;
  entry_date: string | null;
  kind: string | null;
  doc_no: string | null;
  for_invoice: string | null;
  currency: string | null;
  due_date: string | null;
  debit: number | null;
  credit: number | null;
  compcode: string;
}

/** MRO Invoice (entity mro_invoice, table mro_invoice). */
export interface MroInvoiceRow {
  mro_invoice_id: number;
  invoice_no: string | null;
  doc_type: string;
  invoice_date: string | null;
  status: string;
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
  quoted_amount: number | null;
  authorised_amount: number | null;
  subtotal: number | null;
  discount_pct: number | null;
  discount_amount: number | null;
  adjustment: number | null;
  net_amount: number | null;
  tax_pct: number | null;
  tax_amount: number | null;
  total: number | null;
  posted_by: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: MroInvoiceLineRow[];
}

/** MRO Invoice Line (entity mro_invoice_line, table mro_invoice_line). */
export interface MroInvoiceLineRow {
  mro_invoice_line_id: number;
  mro_invoice: number;
  line_no: number | null;
  line_type: string | null;
  description: string | null;
  reference_no: string | null;
  quantity: number | null;
  unit_price: number | null;
  amount: number | null;
  quoted_amount: number | null;
  difference: number | null;
  amo_task: number | null;
  amo_material: number | null;
  quotation_line: number | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Labour Rate per Skill (entity mro_labour_rate, table mro_labour_rate). */
export interface MroLabourRateRow {
  mro_labour_rate_id: number;
  mro_pricing: number;
  skill: string;
  rate: number;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** MRO Customer Payment (entity mro_payment, table mro_payment). */
export interface MroPaymentRow {
  mro_payment_id: number;
  payment_no: string;
  payment_date: string;
  amo_customer: number;
  amount: number;
  currency: string;
  mro_invoice: number | null;
  reference: string | null;
  status: string;
  posted_by: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** MRO Pricing (entity mro_pricing, table mro_pricing). */
export interface MroPricingRow {
  mro_pricing_id: number;
  valid_from: string;
  tax_pct: number;
  parts_markup_pct: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  rates: MroLabourRateRow[];
}

/** Notification (entity notification_config, table notification_config). */
export interface NotificationConfigRow {
  id: number;
  kind: string;
  notifname: string;
  router_name: string;
  enabled: boolean;
  email_enabled: boolean | null;
  recipients: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Other Information (entity other_info, table other_info). */
export interface OtherInfoRow {
  id: number;
  info_group: string;
  code: string;
  description: string;
  seq: number | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** PO Price List (entity po_price_list, view po_price_list). */
export interface PoPriceListRow {
  podtlkey: number;
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
  compcode: string;
}

/** PR History Status (entity pr_history_status, view pr_history_status). */
export interface PrHistoryStatusRow {
  histkey: string;
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
  compcode: string;
}

/** Purchase Order (entity purchase_order, table purchase_order). */
export interface PurchaseOrderRow {
  pokey: number;
  pono: string | null;
  podate: string;
  vendor: number;
  po_type: string;
  purchase_request: number | null;
  canvass_sheet: number | null;
  vendor_quote_ref: string | null;
  currency: string;
  payment_terms: string;
  incoterm: string;
  delivery_date: string | null;
  deliver_to: number | null;
  buyer: number | null;
  statuswf: string;
  outstand: number;
  total_amount: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: PurchaseOrderLineRow[];
}

/** Purchase Order Line (entity purchase_order_line, table purchase_order_line). */
export interface PurchaseOrderLineRow {
  podtlkey: number;
  purchase_order: number;
  lineref: string | null;
  pr_line: number | null;
  quote: number | null;
  item: number;
  partnumber: string | null;
  description: string | null;
  condition: string;
  quantity: number;
  unit: string;
  unit_price: number;
  discount_pct: number | null;
  delivery_date: string | null;
  outstand: number;
  qty_received: number | null;
  qty_cancelled: number | null;
  close_reason: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Purchase Request (entity purchase_request, table purchase_request). */
export interface PurchaseRequestRow {
  prkey: number;
  prno: string | null;
  prdate: string;
  requestor: number;
  department: string | null;
  pr_type: string;
  material_request: number | null;
  registration: string | null;
  needdate: string | null;
  budgetinfo: string | null;
  matauang: string | null;
  remark: string | null;
  statuswf: string;
  progress: number | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: PurchaseRequestLineRow[];
}

/** Purchase Request Line (entity purchase_request_line, table purchase_request_line). */
export interface PurchaseRequestLineRow {
  prdtlkey: number;
  purchase_request: number;
  lineref: string | null;
  mr_line: number | null;
  item: number | null;
  partnumber: string | null;
  description: string;
  quantity: number;
  unit: string;
  condition: string | null;
  estimated_price: number | null;
  outstand: number;
  qty_ordered: number | null;
  qty_received: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Quotation (entity quotation, table quotation). */
export interface QuotationRow {
  quotation_id: number;
  quotation_no: string;
  quotation_date: string;
  revision: number;
  customer_request: number | null;
  amo_customer: number;
  customer_aircraft: number;
  subject: string;
  valid_until: string;
  currency: string | null;
  exchange_rate: number | null;
  labour_rate: number | null;
  pricing_basis: string;
  planned_input: string | null;
  tat_days: number | null;
  payment_terms: string;
  total_manhours: number | null;
  total_labour: number | null;
  total_material: number | null;
  total_services: number | null;
  subtotal: number | null;
  discount_pct: number | null;
  discount_amount: number | null;
  net_amount: number | null;
  tax_exempt: boolean | null;
  tax_pct: number | null;
  tax_amount: number | null;
  grand_total: number | null;
  statuswf: string;
  quote_status: string;
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
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: QuotationLineRow[];
}

/** Quotation for Defects (entity quotation_defect, table quotation_defect). */
export interface QuotationDefectRow {
  quotation_defect_id: number;
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
  total_manhours: number | null;
  total_labour: number | null;
  total_material: number | null;
  total_services: number | null;
  net_amount: number | null;
  tax_exempt: boolean | null;
  tax_pct: number | null;
  tax_amount: number | null;
  grand_total: number | null;
  approved_total: number | null;
  statuswf: string;
  quote_status: string;
  sent_date: string | null;
  answered_date: string | null;
  answered_by: string | null;
  customer_ref: string | null;
  answer_recorded_by: number | null;
  prepared_by: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: QuotationDefectLineRow[];
}

/** Quoted Finding (entity quotation_defect_line, table quotation_defect_line). */
export interface QuotationDefectLineRow {
  quotation_defect_line_id: number;
  quotation_defect: number;
  line_no: number;
  amo_defect: number;
  line_type: string;
  ata: string | null;
  description: string;
  skill: string | null;
  item: number | null;
  partnumber: string | null;
  price_source: string;
  unit_cost: number | null;
  markup_pct: number | null;
  manhours: number | null;
  quantity: number;
  unit: string;
  unit_price: number;
  sell_price: number | null;
  amount: number | null;
  customer_answer: string | null;
  decision_reason: string | null;
  customer_decision: string;
  decided_date: string | null;
  decided_by: string | null;
  decision_ref: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Quotation Line (entity quotation_line, table quotation_line). */
export interface QuotationLineRow {
  quotation_line_id: number;
  quotation: number;
  line_no: number;
  request_item: number | null;
  line_type: string;
  ata: string | null;
  description: string;
  skill: string | null;
  item: number | null;
  partnumber: string | null;
  price_source: string;
  unit_cost: number | null;
  markup_pct: number | null;
  manhours: number | null;
  quantity: number;
  unit: string;
  unit_price: number;
  sell_price: number | null;
  amount: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Quotation Price List (entity quotation_price_list, view quotation_price_list). */
export interface QuotationPriceListRow {
  quotekey: number;
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
  compcode: string;
}

/** Receiving (entity receiving, table receiving). */
export interface ReceivingRow {
  rcvkey: number;
  rcvno: string | null;
  rcvdate: string;
  purchase_order: number;
  vendor: number;
  store: number;
  delivery_note: string | null;
  awb_no: string | null;
  invoice_no: string | null;
  received_by: number | null;
  posted: number;
  statuswf: string;
  total_amount: number | null;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: ReceivingLineRow[];
}

/** Receiving Line (entity receiving_line, table receiving_line). */
export interface ReceivingLineRow {
  rcvdtlkey: number;
  receiving: number;
  po_line: number;
  item: number;
  quantity: number;
  unit: string;
  condition: string;
  serial_number: string | null;
  batch_number: string | null;
  certificate_type: number | null;
  certificate_no: string | null;
  expiry_date: string | null;
  inspection: string;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Registration (entity registration, table registration). */
export interface RegistrationRow {
  regkey: number;
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
  status: string | null;
  converted_compcode: string | null;
  converted_user_id: number | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
}

/** Robbing Part (entity robbing_part, table robbing_part). */
export interface RobbingPartRow {
  robbingkey: number;
  robbingno: string | null;
  robbingdate: string;
  item: number;
  serial_number: string | null;
  quantity: number;
  donor_registration: string;
  donor_position: string | null;
  donor_workorder: string | null;
  recipient_registration: string;
  recipient_workorder: string | null;
  reason: string;
  authorised_by: number;
  authorisation_ref: string | null;
  replacement_mr: number | null;
  store: number | null;
  posted: number;
  posted_date: string | null;
  status: number;
  closed_date: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Role (entity role, table role). */
export interface RoleRow {
  id: number;
  role_name: string;
  description: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  menus: RoleMenuRow[];
  users: RoleUserRow[];
}

/** Role letters (entity role_menu, table role_menu). */
export interface RoleMenuRow {
  id: number;
  role: number;
  menu_id: number;
  permission: string;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Role assignment (entity role_user, table role_user). */
export interface RoleUserRow {
  id: number;
  role: number;
  user_id: number;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** SB Status (entity sb_compliance_status, view sb_compliance_status). */
export interface SbComplianceStatusRow {
  status_key: string;
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
  compcode: string;
}

/** SB Review (entity sb_review, table sb_review). */
export interface SbReviewRow {
  id: number;
  type_sb: number;
  review_date: string;
  reviewed_by: string;
  applicability: string;
  decision: string;
  reason: string;
  effectivity_note: string | null;
  target_date: string | null;
  statuswf: string;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: SbReviewLineRow[];
}

/** SB Review Aircraft (entity sb_review_line, table sb_review_line). */
export interface SbReviewLineRow {
  id: number;
  sb_review: number;
  aircraft: number;
  applicability: string;
  reason: string | null;
  complied_date: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Certifying Staff Authorisation (entity staff_authorisation, table staff_authorisation). */
export interface StaffAuthorisationRow {
  auth_id: number;
  person: number;
  auth_no: string;
  category: string;
  ata_scope: string | null;
  valid_from: string;
  valid_to: string;
  suspended: boolean | null;
  suspended_reason: string | null;
  licence_no: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  types: StaffAuthorisationTypeRow[];
}

/** Authorised Aircraft Type (entity staff_authorisation_type, table staff_authorisation_type). */
export interface StaffAuthorisationTypeRow {
  auth_type_id: number;
  authorisation: number;
  aircraft_type: number;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Stock Adjustment (entity stock_adjustment, table stock_adjustment). */
export interface StockAdjustmentRow {
  adjkey: number;
  adjno: string | null;
  adjdate: string;
  store: number;
  reason: string;
  approved_by: number | null;
  posted: number;
  posted_date: string | null;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: StockAdjustmentLineRow[];
}

/** Adjustment Line (entity stock_adjustment_line, table stock_adjustment_line). */
export interface StockAdjustmentLineRow {
  adjdtlkey: number;
  adjustment: number;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: string;
  quantity: number;
  unit: string;
  unit_cost: number | null;
  expiry_date: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Stock Balance (entity stock_balance, table stock_balance). */
export interface StockBalanceRow {
  balancekey: number;
  store: number;
  item: number;
  serial_number: string;
  batch_number: string;
  condition: string;
  quantity: number;
  expiry_date: string | null;
  arc_status: number | null;
  certificate_no: string | null;
  last_movement: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Stock Ledger (entity stock_ledger, table stock_ledger). */
export interface StockLedgerRow {
  ledgerkey: number;
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
  posted: number;
  balance_store: number | null;
  balance_item: number | null;
  value_store: number | null;
  value_item: number | null;
  source: string | null;
  source_key: number | null;
  source_line: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Stock Reservation (entity stock_reservation, table stock_reservation). */
export interface StockReservationRow {
  reservekey: number;
  reserveno: string | null;
  reservedate: string;
  material_request: number | null;
  registration: string | null;
  workorder_no: string | null;
  store: number;
  required_date: string | null;
  valid_until: string | null;
  reserved_by: number | null;
  status: number;
  posted: number;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: StockReservationLineRow[];
}

/** Reservation Line (entity stock_reservation_line, table stock_reservation_line). */
export interface StockReservationLineRow {
  reservedtlkey: number;
  reservation: number;
  mr_line: number | null;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: string | null;
  quantity: number;
  qty_issued: number | null;
  unit: string;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Stock Transfer (entity stock_transfer, table stock_transfer). */
export interface StockTransferRow {
  transferkey: number;
  transferno: string | null;
  transferdate: string;
  from_store: number;
  to_store: number;
  reason: string;
  shipped_by: string | null;
  carrier: string | null;
  awb_no: string | null;
  out_posted: number;
  received_date: string | null;
  received_by: string | null;
  received: number;
  in_posted: number;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: StockTransferLineRow[];
}

/** Stock Transfer Line (entity stock_transfer_line, table stock_transfer_line). */
export interface StockTransferLineRow {
  trfdtlkey: number;
  stock_transfer: number;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: string;
  quantity: number;
  unit: string;
  qty_received: number | null;
  certificate_type: number | null;
  certificate_no: string | null;
  expiry_date: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Moving Average Cost (entity stock_valuation, table stock_valuation). */
export interface StockValuationRow {
  valuationkey: number;
  item: number;
  quantity: number;
  value: number;
  avg_cost: number | null;
  last_movement: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Store / Warehouse (entity store_warehouse, table store_warehouse). */
export interface StoreWarehouseRow {
  store_id: number;
  store_code: string;
  store_name: string;
  store_type: string;
  station: string | null;
  address: string | null;
  city: string | null;
  storekeeper: string | null;
  phone: string | null;
  serviceable_only: boolean | null;
  is_bonded: boolean | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Attachment (entity sys_attachment, table sys_attachment). */
export interface SysAttachmentRow {
  id: number;
  entity_name: string;
  field_name: string | null;
  record_key: string | null;
  filename: string;
  mime: string;
  size: number;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Attachment chunk (entity sys_attachment_chunk, table sys_attachment_chunk). */
export interface SysAttachmentChunkRow {
  id: number;
  attachment_id: number;
  seq: number;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
}

/** Audit trail (entity sys_audit, table sys_audit). */
export interface SysAuditRow {
  id: number;
  entity: string;
  record_key: string;
  action: string;
  company: string | null;
  user_id: number | null;
  username: string | null;
  changes: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
}

/** Import log (entity sys_import_log, table sys_import_log). */
export interface SysImportLogRow {
  id: number;
  entity: string;
  filename: string;
  mode: string;
  key_field: string | null;
  total: number;
  imported: number;
  failed: number;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Sign-in throttle (entity sys_login_throttle, table sys_login_throttle). */
export interface SysLoginThrottleRow {
  throttle_key: string;
  failures: number;
  window_start: string;
  locked_until: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
}

/** Numbering series (entity sys_number_series, table sys_number_series). */
export interface SysNumberSeriesRow {
  id: number;
  series: string;
  period: string;
  last_seq: number;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Print job (entity sys_print_job, table sys_print_job). */
export interface SysPrintJobRow {
  print_id: string;
  entity_name: string;
  record_key: string;
  user_id: number;
  print_name: string | null;
  expires_at: string;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Rate limit (entity sys_rate_limit, table sys_rate_limit). */
export interface SysRateLimitRow {
  limit_key: string;
  hits: number;
  window_start: string;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
}

/** Refresh token (entity sys_refresh_token, table sys_refresh_token). */
export interface SysRefreshTokenRow {
  id: number;
  token_hash: string;
  family: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
}

/** Installation setting (entity sys_setting, table sys_setting). */
export interface SysSettingRow {
  setting_key: string;
  setting_value: string;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
}

/** Tool (entity tool, table tool). */
export interface ToolRow {
  tool_id: number;
  tool_catalog: number;
  serial_number: string;
  asset_no: string | null;
  store: number | null;
  location: string | null;
  tool_status: string;
  last_calibration: string | null;
  calibration_due: string | null;
  calibration_lab: string | null;
  certificate_no: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Tool Catalog (entity tool_catalog, table tool_catalog). */
export interface ToolCatalogRow {
  id: number;
  tool_partnumber: string;
  tool_name: string;
  manufacturer: string | null;
  tool_type: string;
  ata: number | null;
  applicable_types: string | null;
  calibration_required: boolean | null;
  calibration_interval_days: number | null;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Transfer Not Received (entity transfer_in_transit, view transfer_in_transit). */
export interface TransferInTransitRow {
  trfdtlkey: number;
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
  compcode: string;
}

/** Unserviceable Receipt (entity unserviceable_receipt, table unserviceable_receipt). */
export interface UnserviceableReceiptRow {
  usreceiptkey: number;
  usreceiptno: string | null;
  receiptdate: string;
  source: string;
  registration: string | null;
  workorder_no: string | null;
  removal_date: string | null;
  removal_reason: string | null;
  store: number;
  returned_by: string | null;
  posted: number;
  posted_date: string | null;
  reverses: number | null;
  reversed_by: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  lines: UnserviceableReceiptLineRow[];
}

/** Unserviceable Receipt Line (entity unserviceable_receipt_line, table unserviceable_receipt_line). */
export interface UnserviceableReceiptLineRow {
  usdtlkey: number;
  usreceipt: number;
  item: number;
  serial_number: string | null;
  batch_number: string | null;
  condition: string;
  quantity: number;
  unit: string;
  tag_no: string | null;
  defect: string | null;
  tsn: number | null;
  csn: number | null;
  tso: number | null;
  cso: number | null;
  disposition: number | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Usage Ledger (entity usage_ledger, table usage_ledger). */
export interface UsageLedgerRow {
  ledger_id: number;
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
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** User company (entity user_company, table user_company). */
export interface UserCompanyRow {
  id: number;
  user_id: number;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Menu permission (entity user_menu, table user_menu). */
export interface UserMenuRow {
  id: number;
  user_id: number;
  menu_id: number;
  permission: string;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** User per module (entity user_modul, view user_modul). */
export interface UserModulRow {
  umkey: string;
  user_id: number | null;
  username: string | null;
  full_name: string | null;
  jabatan: string | null;
  modulname: string | null;
  menus: number | null;
  letters: string | null;
  compcode: string;
}

/** User (entity users, table users). */
export interface UsersRow {
  user_id: number;
  username: string;
  full_name: string;
  email: string | null;
  mobile: string | null;
  usergroup: string;
  jabatan: string | null;
  departemen: string | null;
  departkd: string | null;
  crewnik: string | null;
  depthead: boolean | null;
  active: boolean;
  mustchangepw: boolean | null;
  last_compcode: string | null;
  language: string;
  gender: string | null;
  religion: string | null;
  birth_date: string | null;
  birth_city: string | null;
  address1: string | null;
  address2: string | null;
  bank_name: string | null;
  bank_rekno: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
}

/** Vendor (entity vendor, table vendor). */
export interface VendorRow {
  vendor_id: number;
  vendor_code: string;
  vendor_name: string;
  vendor_type: string;
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
  approval_status: string;
  approval_ref: string | null;
  approval_expiry: string | null;
  payment_terms: string;
  currency: string;
  remark: string | null;
  active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  items: VendorItemRow[];
}

/** Vendor Item (entity vendor_item, table vendor_item). */
export interface VendorItemRow {
  id: number;
  vendor: number;
  master_item: number;
  vendor_partnumber: string | null;
  condition: string;
  price: number;
  currency: string;
  min_order_qty: number | null;
  lead_time_days: number | null;
  valid_until: string | null;
  is_preferred: boolean | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Assignment (entity wf_assignment, table wf_assignment). */
export interface WfAssignmentRow {
  taskassignkey: number;
  taskkey: number;
  step_seq: number;
  assignee: number;
  on_behalf_of: number | null;
  assigndate: string;
  deadline: string | null;
  actiontake: string | null;
  action_by: number | null;
  message: string | null;
  completeddate: string | null;
  postponed: boolean | null;
  postuntil: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Workflow (entity wf_definition, table wf_definition). */
export interface WfDefinitionRow {
  wftypekey: number;
  name: string;
  title: string;
  entity_name: string;
  route_name: string | null;
  wf_version: number | null;
  active: boolean;
  description: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  steps: WfStepRow[];
}

/** Delegation (entity wf_delegation, table wf_delegation). */
export interface WfDelegationRow {
  id: number;
  delegator: number | null;
  delegate: number;
  valid_from: string;
  valid_to: string;
  reason: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Functional approval (entity wf_functional_approval, table wf_functional_approval). */
export interface WfFunctionalApprovalRow {
  id: number;
  wftypekey: number;
  departkd: string;
  level: number;
  approver: number;
  amount_limit: number | null;
  active: boolean | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Workflow step (entity wf_step, table wf_step). */
export interface WfStepRow {
  id: number;
  wftypekey: number;
  seq: number;
  step_name: string;
  assign_kind: string;
  assign_value: string | null;
  item_kind: string;
  deadline_hours: number | null;
  condition_field: string | null;
  condition_op: string | null;
  condition_value: string | null;
  required_approvals: number | null;
  refusal: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Task (entity wf_task, table wf_task). */
export interface WfTaskRow {
  taskkey: number;
  wftypekey: number;
  wf_version: number;
  taskname: string;
  taskdetail: string | null;
  entity_name: string;
  record_key: string;
  statuswf: string;
  current_step: number | null;
  createdby: number;
  createdon: string;
  route_name: string | null;
  route_param: string | null;
  pjxhdrkey: number | null;
  steps_snapshot: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  history: WfAssignmentRow[];
}

/** Approvals Waiting (entity wf_waiting_step, view wf_waiting_step). */
export interface WfWaitingStepRow {
  waiting_key: string;
  workflow: number | null;
  step_seq: number | null;
  step_name: string | null;
  label: string | null;
  waiting: number | null;
  oldest_days: number | null;
  compcode: string;
}

/** Work Order (entity work_order, table work_order). */
export interface WorkOrderRow {
  wo_id: number;
  wo_no: string | null;
  wo_date: string;
  aircraft: number;
  wo_type: string;
  title: string;
  inspection_group: number | null;
  station: string | null;
  amo: number | null;
  priority: string;
  planned_start: string | null;
  planned_end: string | null;
  actual_start: string | null;
  actual_end: string | null;
  ac_fh: number | null;
  ac_fc: number | null;
  est_manhours: number | null;
  statuswf: string;
  wo_status: string;
  crs_no: string | null;
  crs_date: string | null;
  crs_signed_by: string | null;
  crs_user: number | null;
  crs_auth_no: string | null;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
  tasks: WorkOrderTaskRow[];
  parts: WorkOrderPartRow[];
  labour: WorkOrderLabourRow[];
}

/** Labour Booking (entity work_order_labour, table work_order_labour). */
export interface WorkOrderLabourRow {
  wo_labour_id: number;
  work_order: number;
  task: number;
  person: number;
  work_date: string;
  hours: number;
  remark: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Work Order Material Request (entity work_order_material, view work_order_material). */
export interface WorkOrderMaterialRow {
  reqdtlkey: number;
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
  compcode: string;
}

/** Work Order Part (entity work_order_part, table work_order_part). */
export interface WorkOrderPartRow {
  wo_part_id: number;
  work_order: number;
  task: number | null;
  item: number;
  quantity: number;
  unit: string;
  remark: string | null;
  mr_line: number | null;
  qty_reserved: number | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Work Order Progress (entity work_order_progress, view work_order_progress). */
export interface WorkOrderProgressRow {
  wo_id: number;
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
  compcode: string;
}

/** Work Order Task (entity work_order_task, table work_order_task). */
export interface WorkOrderTaskRow {
  wo_task_id: number;
  work_order: number;
  seq: number;
  task_source: string;
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
  task_status: string;
  done_date: string | null;
  done_by: string | null;
  inspected_by: string | null;
  remark: string | null;
  compliance_record: number | null;
  cert_category: string;
  rii: boolean | null;
  performed_user: number | null;
  performed_at: string | null;
  ac_fh_done: number | null;
  ac_fc_done: number | null;
  certified_user: number | null;
  certified_auth: string | null;
  certified_at: string | null;
  inspected_user: number | null;
  inspected_auth: string | null;
  inspected_at: string | null;
  deferral_defect: number | null;
  carried_to: number | null;
  carry_reason: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string | null;
  updated_by: string | null;
  version: number;
  compcode: string;
}

/** Row type by entity name. */
export interface EntityRows {
  ad_authority: AdAuthorityRow;
  ad_compliance_status: AdComplianceStatusRow;
  ad_review: AdReviewRow;
  ad_review_line: AdReviewLineRow;
  aircraft: AircraftRow;
  aircraft_ad_status: AircraftAdStatusRow;
  aircraft_document: AircraftDocumentRow;
  aircraft_manufacturer: AircraftManufacturerRow;
  aircraft_modification: AircraftModificationRow;
  aircraft_sb_status: AircraftSbStatusRow;
  aircraft_type: AircraftTypeRow;
  aircraft_type_ad: AircraftTypeAdRow;
  aircraft_type_component: AircraftTypeComponentRow;
  aircraft_type_component_limit: AircraftTypeComponentLimitRow;
  aircraft_type_component_penalty: AircraftTypeComponentPenaltyRow;
  aircraft_type_inspection: AircraftTypeInspectionRow;
  aircraft_type_llp: AircraftTypeLlpRow;
  aircraft_type_sb: AircraftTypeSbRow;
  aircraft_utilisation: AircraftUtilisationRow;
  amo: AmoRow;
  amo_customer: AmoCustomerRow;
  amo_defect: AmoDefectRow;
  amo_work_order: AmoWorkOrderRow;
  amo_work_order_labour: AmoWorkOrderLabourRow;
  amo_work_order_material: AmoWorkOrderMaterialRow;
  amo_work_order_progress: AmoWorkOrderProgressRow;
  amo_work_order_task: AmoWorkOrderTaskRow;
  arc_status: ArcStatusRow;
  ata_group: AtaGroupRow;
  canvass_line: CanvassLineRow;
  canvass_quote: CanvassQuoteRow;
  canvass_sheet: CanvassSheetRow;
  canvass_vendor: CanvassVendorRow;
  company: CompanyRow;
  company_today: CompanyTodayRow;
  component_change: ComponentChangeRow;
  component_inspection_kind: ComponentInspectionKindRow;
  component_installation: ComponentInstallationRow;
  component_status: ComponentStatusRow;
  currency_rate: CurrencyRateRow;
  customer: CustomerRow;
  customer_aircraft: CustomerAircraftRow;
  customer_aircraft_history: CustomerAircraftHistoryRow;
  customer_request: CustomerRequestRow;
  customer_request_item: CustomerRequestItemRow;
  defect: DefectRow;
  department_budget: DepartmentBudgetRow;
  document_status: DocumentStatusRow;
  document_type: DocumentTypeRow;
  due_item: DueItemRow;
  due_schedule: DueScheduleRow;
  due_variation: DueVariationRow;
  engine_kind: EngineKindRow;
  engine_manufacturer: EngineManufacturerRow;
  fleet_component: FleetComponentRow;
  fleet_maintenance_status: FleetMaintenanceStatusRow;
  flight_log: FlightLogRow;
  inspection_group: InspectionGroupRow;
  inventory_balance: InventoryBalanceRow;
  inventory_card: InventoryCardRow;
  inventory_expiry: InventoryExpiryRow;
  inventory_issue: InventoryIssueRow;
  inventory_issue_line: InventoryIssueLineRow;
  inventory_issued_kind: InventoryIssuedKindRow;
  inventory_postmod: InventoryPostmodRow;
  inventory_receipt: InventoryReceiptRow;
  inventory_receipt_line: InventoryReceiptLineRow;
  inventory_reorder: InventoryReorderRow;
  inventory_return: InventoryReturnRow;
  inventory_return_line: InventoryReturnLineRow;
  invoice_termin: InvoiceTerminRow;
  invoice_termin_line: InvoiceTerminLineRow;
  llp_rating_factor: LlpRatingFactorRow;
  llp_status: LlpStatusRow;
  logbook_entry: LogbookEntryRow;
  maintenance_log: MaintenanceLogRow;
  maintenance_record: MaintenanceRecordRow;
  maintenance_record_line: MaintenanceRecordLineRow;
  master_inventory_group: MasterInventoryGroupRow;
  master_item: MasterItemRow;
  master_item_category: MasterItemCategoryRow;
  material_request: MaterialRequestRow;
  material_request_line: MaterialRequestLineRow;
  mel_category: MelCategoryRow;
  menu: MenuRow;
  module: ModuleRow;
  mro_account_entry: MroAccountEntryRow;
  mro_invoice: MroInvoiceRow;
  mro_invoice_line: MroInvoiceLineRow;
  mro_labour_rate: MroLabourRateRow;
  mro_payment: MroPaymentRow;
  mro_pricing: MroPricingRow;
  notification_config: NotificationConfigRow;
  other_info: OtherInfoRow;
  po_price_list: PoPriceListRow;
  pr_history_status: PrHistoryStatusRow;
  purchase_order: PurchaseOrderRow;
  purchase_order_line: PurchaseOrderLineRow;
  purchase_request: PurchaseRequestRow;
  purchase_request_line: PurchaseRequestLineRow;
  quotation: QuotationRow;
  quotation_defect: QuotationDefectRow;
  quotation_defect_line: QuotationDefectLineRow;
  quotation_line: QuotationLineRow;
  quotation_price_list: QuotationPriceListRow;
  receiving: ReceivingRow;
  receiving_line: ReceivingLineRow;
  registration: RegistrationRow;
  robbing_part: RobbingPartRow;
  role: RoleRow;
  role_menu: RoleMenuRow;
  role_user: RoleUserRow;
  sb_compliance_status: SbComplianceStatusRow;
  sb_review: SbReviewRow;
  sb_review_line: SbReviewLineRow;
  staff_authorisation: StaffAuthorisationRow;
  staff_authorisation_type: StaffAuthorisationTypeRow;
  stock_adjustment: StockAdjustmentRow;
  stock_adjustment_line: StockAdjustmentLineRow;
  stock_balance: StockBalanceRow;
  stock_ledger: StockLedgerRow;
  stock_reservation: StockReservationRow;
  stock_reservation_line: StockReservationLineRow;
  stock_transfer: StockTransferRow;
  stock_transfer_line: StockTransferLineRow;
  stock_valuation: StockValuationRow;
  store_warehouse: StoreWarehouseRow;
  sys_attachment: SysAttachmentRow;
  sys_attachment_chunk: SysAttachmentChunkRow;
  sys_audit: SysAuditRow;
  sys_import_log: SysImportLogRow;
  sys_login_throttle: SysLoginThrottleRow;
  sys_number_series: SysNumberSeriesRow;
  sys_print_job: SysPrintJobRow;
  sys_rate_limit: SysRateLimitRow;
  sys_refresh_token: SysRefreshTokenRow;
  sys_setting: SysSettingRow;
  tool: ToolRow;
  tool_catalog: ToolCatalogRow;
  transfer_in_transit: TransferInTransitRow;
  unserviceable_receipt: UnserviceableReceiptRow;
  unserviceable_receipt_line: UnserviceableReceiptLineRow;
  usage_ledger: UsageLedgerRow;
  user_company: UserCompanyRow;
  user_menu: UserMenuRow;
  user_modul: UserModulRow;
  users: UsersRow;
  vendor: VendorRow;
  vendor_item: VendorItemRow;
  wf_assignment: WfAssignmentRow;
  wf_definition: WfDefinitionRow;
  wf_delegation: WfDelegationRow;
  wf_functional_approval: WfFunctionalApprovalRow;
  wf_step: WfStepRow;
  wf_task: WfTaskRow;
  wf_waiting_step: WfWaitingStepRow;
  work_order: WorkOrderRow;
  work_order_labour: WorkOrderLabourRow;
  work_order_material: WorkOrderMaterialRow;
  work_order_part: WorkOrderPartRow;
  work_order_progress: WorkOrderProgressRow;
  work_order_task: WorkOrderTaskRow;
}
