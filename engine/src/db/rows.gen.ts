/* Generated from metadata by engine/scripts/gen-api-types.ts (npm run gen:types). Do not edit. */
/*
 * The JSON of one row of each entity as the data API sends it (docs/api.md): the columns the
 * repository reads, typed by the database types (engine/src/db/schema.gen.ts) as a select reads
 * them (dates and instants are ISO text), and each child's lines as an array.
 */
import type { SelectType } from 'kysely';
import type * as Db from './schema.gen.ts';

/** The columns `C` of table `T` as one row of an answer. */
type Columns<T, C extends keyof T> = { [K in C]: SelectType<T[K]> };

/** AD Authority (entity ad_authority, table ad_authority). */
export type AdAuthorityRow = Columns<Db.AdAuthorityTable, 'id' | 'code' | 'name' | 'country' | 'ad_number_format' | 'website' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** AD Status (entity ad_compliance_status, view ad_compliance_status). */
export type AdComplianceStatusRow = Columns<Db.AdComplianceStatusTable, 'status_key' | 'aircraft' | 'type_ad' | 'authority' | 'ad_number' | 'title' | 'ad_subject' | 'effective_date' | 'is_recurring' | 'component' | 'review_result' | 'review_date' | 'ad_status' | 'last_done_date' | 'last_done_fh' | 'last_done_fc' | 'work_order' | 'next_due_date' | 'next_due_fh' | 'next_due_fc' | 'remaining_fh' | 'remaining_fc' | 'remaining_days' | 'forecast_date' | 'due_status' | 'compcode'>;

/** AD Review (entity ad_review, table ad_review). */
export type AdReviewRow = Columns<Db.AdReviewTable, 'id' | 'type_ad' | 'review_date' | 'reviewed_by' | 'applicability' | 'reason' | 'compliance_method' | 'effectivity_note' | 'statuswf' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: AdReviewLineRow[] };

/** AD Review Aircraft (entity ad_review_line, table ad_review_line). */
export type AdReviewLineRow = Columns<Db.AdReviewLineTable, 'id' | 'ad_review' | 'aircraft' | 'applicability' | 'reason' | 'complied_date' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Aircraft (entity aircraft, table aircraft). */
export type AircraftRow = Columns<Db.AircraftTable, 'aircraft_id' | 'registration' | 'aircraft_type' | 'msn' | 'line_number' | 'manufacture_date' | 'delivery_date' | 'selcal' | 'home_base' | 'seat_config' | 'ownership' | 'lessor' | 'total_fh' | 'total_fc' | 'total_landings' | 'total_rin' | 'apu_hours' | 'apu_starts' | 'totals_as_of' | 'avg_daily_fh' | 'avg_daily_fc' | 'status' | 'left_fleet_date' | 'left_fleet_to' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { components: FleetComponentRow[] };

/** Aircraft AD Status (entity aircraft_ad_status, table aircraft_ad_status). */
export type AircraftAdStatusRow = Columns<Db.AircraftAdStatusTable, 'ad_status_id' | 'aircraft' | 'type_ad' | 'component' | 'ad_status' | 'na_reason' | 'superseded_by' | 'ac_fh_at_effective' | 'ac_fc_at_effective' | 'last_done_date' | 'last_done_fh' | 'last_done_fc' | 'part_tsn' | 'part_csn' | 'method' | 'work_order' | 'next_due_date' | 'next_due_fh' | 'next_due_fc' | 'signed_by' | 'remark' | 'ad_review' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Aircraft Document (entity aircraft_document, table aircraft_document). */
export type AircraftDocumentRow = Columns<Db.AircraftDocumentTable, 'aircraft_document_id' | 'aircraft' | 'document_type' | 'document_no' | 'issue_date' | 'expiry_date' | 'issued_by' | 'place_of_issue' | 'is_current' | 'file' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Aircraft Manufacturer (entity aircraft_manufacturer, table aircraft_manufacturer). */
export type AircraftManufacturerRow = Columns<Db.AircraftManufacturerTable, 'id' | 'code' | 'name' | 'country' | 'cage_code' | 'website' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Aircraft Modification (entity aircraft_modification, table aircraft_modification). */
export type AircraftModificationRow = Columns<Db.AircraftModificationTable, 'modification_id' | 'aircraft' | 'mod_date' | 'mod_kind' | 'mod_reference' | 'type_sb' | 'mod_description' | 'component' | 'pre_mod_partnumber' | 'post_mod_partnumber' | 'serial_number' | 'ac_fh' | 'ac_fc' | 'work_order' | 'performed_by' | 'approval_ref' | 'weight_change_kg' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Aircraft SB Status (entity aircraft_sb_status, table aircraft_sb_status). */
export type AircraftSbStatusRow = Columns<Db.AircraftSbStatusTable, 'sb_status_id' | 'aircraft' | 'type_sb' | 'component' | 'sb_status' | 'na_reason' | 'superseded_by' | 'last_done_date' | 'last_done_fh' | 'last_done_fc' | 'method' | 'work_order' | 'planned_date' | 'next_due_date' | 'next_due_fh' | 'next_due_fc' | 'signed_by' | 'remark' | 'sb_review' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Aircraft Type (entity aircraft_type, table aircraft_type). */
export type AircraftTypeRow = Columns<Db.AircraftTypeTable, 'aircraft_type_id' | 'type_name' | 'model_designation' | 'icao_code' | 'manufacturer' | 'engine_kind' | 'engine_total' | 'APU_usage' | 'apu_kind' | 'rin_counter_name' | 'penalty_factor' | 'type_certificate' | 'mtow_kg' | 'max_seats' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Airworthiness Directive (entity aircraft_type_ad, table aircraft_type_ad). */
export type AircraftTypeAdRow = Columns<Db.AircraftTypeAdTable, 'type_ad_id' | 'aircraft_type' | 'authority' | 'ad_number' | 'amendment' | 'title' | 'ata' | 'ad_subject' | 'applies_to_partnumber' | 'issue_date' | 'effective_date' | 'related_sb' | 'supersedes' | 'compliance' | 'compliance_date' | 'threshold_fh' | 'threshold_fc' | 'threshold_days' | 'measured_in' | 'is_recurring' | 'interval_fh' | 'interval_fc' | 'interval_days' | 'whichever' | 'terminating_action' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Aircraft Type Component (entity aircraft_type_component, table aircraft_type_component). */
export type AircraftTypeComponentRow = Columns<Db.AircraftTypeComponentTable, 'type_component_id' | 'aircraft_type' | 'partnumber' | 'partname' | 'item' | 'ata' | 'component_class' | 'maintenance_process' | 'qty_per_aircraft' | 'positions' | 'is_llp' | 'tracks_apu' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Component Limit (entity aircraft_type_component_limit, table aircraft_type_component_limit). */
export type AircraftTypeComponentLimitRow = Columns<Db.AircraftTypeComponentLimitTable, 'id' | 'aircraft_type' | 'type_component' | 'inspection_kind' | 'task_code' | 'inspection_group' | 'limit_fh' | 'limit_fc' | 'limit_landings' | 'limit_rin' | 'limit_days' | 'limit_months' | 'whichever' | 'calendar_rule' | 'tolerance_pc' | 'tolerance_fh' | 'tolerance_fc' | 'tolerance_days' | 'adjust_above_tolerance' | 'variation_pc' | 'variation_fh' | 'variation_fc' | 'variation_days' | 'source_ref' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Component Penalty Factor (entity aircraft_type_component_penalty, table aircraft_type_component_penalty). */
export type AircraftTypeComponentPenaltyRow = Columns<Db.AircraftTypeComponentPenaltyTable, 'id' | 'aircraft_type' | 'type_component' | 'counter' | 'basis' | 'applies' | 'operation_code' | 'operation' | 'factor' | 'effective_from' | 'source_ref' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Type Inspection (entity aircraft_type_inspection, table aircraft_type_inspection). */
export type AircraftTypeInspectionRow = Columns<Db.AircraftTypeInspectionTable, 'type_inspection_id' | 'aircraft_type' | 'task_code' | 'title' | 'inspection_group' | 'ata' | 'task_type' | 'zone' | 'skill' | 'est_manhours' | 'measured_in' | 'interval_fh' | 'interval_fc' | 'interval_landings' | 'interval_days' | 'interval_months' | 'whichever' | 'calendar_rule' | 'threshold_fh' | 'threshold_fc' | 'threshold_days' | 'tolerance_pc' | 'tolerance_fh' | 'tolerance_fc' | 'tolerance_days' | 'adjust_above_tolerance' | 'variation_pc' | 'variation_fh' | 'variation_fc' | 'variation_days' | 'is_ali' | 'repetitive' | 'applies_to' | 'reference' | 'remark' | 'active' | 'revision' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Life-Limited Part (entity aircraft_type_llp, table aircraft_type_llp). */
export type AircraftTypeLlpRow = Columns<Db.AircraftTypeLlpTable, 'type_llp_id' | 'aircraft_type' | 'engine_kind' | 'type_component' | 'partnumber' | 'partname' | 'module' | 'ata' | 'life_limit_fc' | 'life_limit_fh' | 'life_limit_months' | 'thrust_rating' | 'source_ref' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { ratings: LlpRatingFactorRow[] };

/** Service Bulletin (entity aircraft_type_sb, table aircraft_type_sb). */
export type AircraftTypeSbRow = Columns<Db.AircraftTypeSbTable, 'type_sb_id' | 'aircraft_type' | 'sb_number' | 'revision' | 'title' | 'issuer' | 'ata' | 'issue_date' | 'revision_date' | 'category' | 'applies_to_partnumber' | 'related_ad' | 'is_recurring' | 'interval_fh' | 'interval_fc' | 'interval_days' | 'est_manhours' | 'effectivity' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Aircraft Utilisation (entity aircraft_utilisation, view aircraft_utilisation). */
export type AircraftUtilisationRow = Columns<Db.AircraftUtilisationTable, 'aircraft_id' | 'aircraft' | 'fh_day' | 'fc_day' | 'ldg_day' | 'rin_day' | 'apuh_day' | 'apus_day' | 'last_flight_date' | 'planned' | 'compcode'>;

/** Approved Maintenance Organisation (entity amo, table amo). */
export type AmoRow = Columns<Db.AmoTable, 'id' | 'code' | 'name' | 'approval_number' | 'authority' | 'approval_expiry' | 'amo_kind' | 'ratings' | 'address' | 'city' | 'country' | 'contact_person' | 'phone' | 'email' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** AMO Customer (entity amo_customer, table amo_customer). */
export type AmoCustomerRow = Columns<Db.AmoCustomerTable, 'amo_customer_id' | 'customer_code' | 'customer_name' | 'icao_designator' | 'iata_code' | 'aoc_number' | 'address1' | 'address2' | 'city' | 'country' | 'contact_person' | 'phone' | 'email' | 'contract_type' | 'contract_ref' | 'contract_expiry' | 'payment_terms' | 'currency' | 'labour_rate' | 'tax_exempt' | 'tax_exempt_ref' | 'credit_limit' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Raised Defect (NRC) (entity amo_defect, table amo_defect). */
export type AmoDefectRow = Columns<Db.AmoDefectTable, 'amo_defect_id' | 'nrc_no' | 'amo_work_order' | 'raised_date' | 'raised_by' | 'found_on_task' | 'ata' | 'zone' | 'finding_type' | 'severity' | 'description' | 'rectification' | 'est_manhours' | 'actual_manhours' | 'chargeable' | 'status' | 'mel_category' | 'deferral_ref' | 'due_date' | 'closed_date' | 'closed_by' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** AMO Work Order (entity amo_work_order, table amo_work_order). */
export type AmoWorkOrderRow = Columns<Db.AmoWorkOrderTable, 'amo_wo_id' | 'wo_no' | 'wo_date' | 'amo_customer' | 'customer_aircraft' | 'quotation' | 'customer_request' | 'customer_po' | 'wo_type' | 'title' | 'check_type' | 'station' | 'hangar_bay' | 'planned_start' | 'planned_end' | 'actual_start' | 'actual_end' | 'fh_at_input' | 'fc_at_input' | 'planned_manhours' | 'status' | 'planner' | 'crs_no' | 'crs_date' | 'crs_signed_by' | 'crs_user' | 'crs_auth_no' | 'crs_auth_version' | 'credit_hold' | 'amendment' | 'statuswf' | 'invoice_no' | 'invoice_date' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { tasks: AmoWorkOrderTaskRow[]; materials: AmoWorkOrderMaterialRow[]; labour: AmoWorkOrderLabourRow[]; tools: AmoWorkOrderToolRow[] };

/** AMO Labour Booking (entity amo_work_order_labour, table amo_work_order_labour). */
export type AmoWorkOrderLabourRow = Columns<Db.AmoWorkOrderLabourTable, 'amo_labour_id' | 'amo_work_order' | 'task' | 'person' | 'work_date' | 'hours' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** AMO Work Order Material (entity amo_work_order_material, table amo_work_order_material). */
export type AmoWorkOrderMaterialRow = Columns<Db.AmoWorkOrderMaterialTable, 'amo_material_id' | 'amo_work_order' | 'line_no' | 'amo_defect' | 'task_card_no' | 'quotation_line' | 'item' | 'partnumber' | 'itemname' | 'quantity' | 'unit' | 'required_date' | 'priority' | 'supply' | 'status' | 'material_request' | 'issued_qty' | 'issued_value' | 'cust_qty' | 'cust_cert_no' | 'cust_received_date' | 'cust_received_by' | 'cust_return_qty' | 'cust_returned_date' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** AMO Work Order Progress (entity amo_work_order_progress, view amo_work_order_progress). */
export type AmoWorkOrderProgressRow = Columns<Db.AmoWorkOrderProgressTable, 'amo_wo_id' | 'wo_no' | 'wo_date' | 'amo_customer' | 'customer_aircraft' | 'wo_type' | 'title' | 'status' | 'planned_start' | 'planned_end' | 'actual_end' | 'tasks_total' | 'tasks_done' | 'tasks_open' | 'tasks_deferred' | 'pct_complete' | 'est_manhours' | 'actual_manhours' | 'nrc_raised' | 'nrc_open' | 'compcode'>;

/** AMO Work Order Task (entity amo_work_order_task, table amo_work_order_task). */
export type AmoWorkOrderTaskRow = Columns<Db.AmoWorkOrderTaskTable, 'amo_task_id' | 'amo_work_order' | 'seq' | 'task_card_no' | 'quotation_line' | 'defect_line' | 'task_type' | 'ata' | 'task_ref' | 'description' | 'skill' | 'est_manhours' | 'opening_manhours' | 'actual_manhours' | 'status' | 'completed_date' | 'performed_by' | 'inspected_by' | 'remark' | 'cert_category' | 'rii' | 'performed_user' | 'performed_at' | 'ac_fh_done' | 'ac_fc_done' | 'certified_user' | 'certified_auth' | 'certified_auth_version' | 'certified_at' | 'inspected_user' | 'inspected_auth' | 'inspected_auth_version' | 'inspected_at' | 'deferral_defect' | 'deferral_due' | 'deferral_reason' | 'defer_mel_category' | 'defer_mel_item' | 'carried_to' | 'carry_target' | 'carry_reason' | 'carried_from' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** AMO Tool Used (entity amo_work_order_tool, table amo_work_order_tool). */
export type AmoWorkOrderToolRow = Columns<Db.AmoWorkOrderToolTable, 'amo_tool_id' | 'amo_work_order' | 'task' | 'tool' | 'signed' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Release Certificate Status (entity arc_status, table arc_status). */
export type ArcStatusRow = Columns<Db.ArcStatusTable, 'id' | 'code' | 'name' | 'issuing_authority' | 'regulation_ref' | 'installable' | 'dual_release' | 'description' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** ATA Chapter (entity ata_group, table ata_group). */
export type AtaGroupRow = Columns<Db.AtaGroupTable, 'id' | 'ata_code' | 'chapter' | 'title' | 'system_group' | 'description' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Canvass Line (entity canvass_line, table canvass_line). */
export type CanvassLineRow = Columns<Db.CanvassLineTable, 'csdtlkey' | 'canvass_sheet' | 'lineref' | 'pr_line' | 'item' | 'partnumber' | 'description' | 'quantity' | 'unit' | 'condition' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Quotation Line (entity canvass_quote, table canvass_quote). */
export type CanvassQuoteRow = Columns<Db.CanvassQuoteTable, 'quotekey' | 'canvass_sheet' | 'cs_line' | 'vendor' | 'item' | 'partnumber_offered' | 'condition' | 'quantity' | 'unit_price' | 'currency' | 'lead_time_days' | 'certificate_type' | 'warranty' | 'valid_until' | 'selected' | 'amount' | 'price_rank' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Canvass Sheet (entity canvass_sheet, table canvass_sheet). */
export type CanvassSheetRow = Columns<Db.CanvassSheetTable, 'csheetkey' | 'csno' | 'csdate' | 'purchase_request' | 'subject' | 'buyer' | 'quote_deadline' | 'currency' | 'step' | 'statuswf' | 'awarded_vendor' | 'award_basis' | 'award_remark' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: CanvassLineRow[]; vendors: CanvassVendorRow[]; quotes: CanvassQuoteRow[] };

/** Canvass Vendor (entity canvass_vendor, table canvass_vendor). */
export type CanvassVendorRow = Columns<Db.CanvassVendorTable, 'csvendorkey' | 'canvass_sheet' | 'vendor' | 'rfq_no' | 'invited_date' | 'quote_received' | 'quote_ref' | 'quote_date' | 'quote_valid_until' | 'payment_terms' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Company (entity company, table company). */
export type CompanyRow = Columns<Db.CompanyTable, 'compcode' | 'company' | 'compaddr1' | 'compaddr2' | 'compaddr3' | 'PhoneNo' | 'compfax' | 'compemail' | 'compwebsite' | 'compcolor' | 'holding' | 'isholding' | 'matauang' | 'timezone' | 'cashinflowNo' | 'cashinflowNm' | 'use_wfservice' | 'use_procure' | 'sign_second_factor' | 'approval_authority' | 'approval_ref' | 'release_independent' | 'remain_pc_due' | 'remain_day_due' | 'ad_primary' | 'consumable_inveCatg' | 'insp_group_overhaul' | 'insp_group_timelimit' | 'tglaktif' | 'tglkoran' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Company Sign-in Provider (entity company_sign_in, table company_sign_in). */
export type CompanySignInRow = Columns<Db.CompanySignInTable, 'id' | 'provider_name' | 'issuer' | 'client_id' | 'user_claim' | 'match_on' | 'create_users' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Company Business Date (entity company_today, view company_today). */
export type CompanyTodayRow = Columns<Db.CompanyTodayTable, 'compcode' | 'today'>;

/** Component Change (entity component_change, table component_change). */
export type ComponentChangeRow = Columns<Db.ComponentChangeTable, 'change_id' | 'component' | 'change_date' | 'action' | 'aircraft' | 'parent_component' | 'position' | 'reason' | 'reason_text' | 'shop_finding' | 'shop_finding_ref' | 'ac_fh' | 'ac_fc' | 'ac_apu_hours' | 'ac_apu_starts' | 'tsn' | 'csn' | 'tso' | 'cso' | 'tsi' | 'csi' | 'shop' | 'work_done' | 'shop_order_no' | 'certificate_no' | 'work_order' | 'performed_by' | 'remark' | 'posted' | 'posted_at' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Component Inspection Kind (entity component_inspection_kind, table component_inspection_kind). */
export type ComponentInspectionKindRow = Columns<Db.ComponentInspectionKindTable, 'id' | 'code' | 'name' | 'basis' | 'resets_tso' | 'removal_required' | 'description' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Installation Record (entity component_installation, view component_installation). */
export type ComponentInstallationRow = Columns<Db.ComponentInstallationTable, 'installation_id' | 'component' | 'aircraft' | 'partnumber' | 'partname' | 'serial_number' | 'position' | 'installed_date' | 'installed_ac_fh' | 'installed_ac_fc' | 'installed_tsn' | 'installed_csn' | 'removed_date' | 'removed_ac_fh' | 'removed_ac_fc' | 'removal_reason' | 'removal_detail' | 'tsi' | 'csi' | 'is_current' | 'compcode'>;

/** Component Status (entity component_status, view component_status). */
export type ComponentStatusRow = Columns<Db.ComponentStatusTable, 'status_key' | 'aircraft' | 'component' | 'parent_component' | 'partnumber' | 'partname' | 'serial_number' | 'position' | 'component_class' | 'is_engine_item' | 'install_date' | 'tsn' | 'csn' | 'tso' | 'cso' | 'tsi' | 'csi' | 'times_known' | 'inspection_kind' | 'limit_fh' | 'limit_fc' | 'limit_days' | 'limit_months' | 'whichever' | 'used_fh' | 'used_fc' | 'last_done_date' | 'next_due_date' | 'remaining_fh' | 'remaining_fc' | 'remaining_days' | 'pc_remaining' | 'forecast_date' | 'due_status' | 'compcode'>;

/** Currency Rate (entity currency_rate, table currency_rate). */
export type CurrencyRateRow = Columns<Db.CurrencyRateTable, 'rate_id' | 'currency' | 'valid_from' | 'rate' | 'source' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Customer (entity customer, table customer). */
export type CustomerRow = Columns<Db.CustomerTable, 'customer_id' | 'customer_code' | 'customer_name' | 'customer_type' | 'icao_designator' | 'address1' | 'address2' | 'city' | 'country' | 'contact_person' | 'phone' | 'email' | 'currency' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Customer Aircraft (entity customer_aircraft, table customer_aircraft). */
export type CustomerAircraftRow = Columns<Db.CustomerAircraftTable, 'customer_aircraft_id' | 'amo_customer' | 'registration' | 'aircraft_type' | 'msn' | 'manufacture_date' | 'engine_serials' | 'total_fh' | 'total_fc' | 'totals_as_of' | 'last_check' | 'last_check_date' | 'status' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { history: CustomerAircraftHistoryRow[] };

/** Customer Aircraft Work History (entity customer_aircraft_history, table customer_aircraft_history). */
export type CustomerAircraftHistoryRow = Columns<Db.CustomerAircraftHistoryTable, 'history_id' | 'customer_aircraft' | 'event_date' | 'event_type' | 'description' | 'performed_by' | 'amo_work_order' | 'fh_at' | 'fc_at' | 'document_ref' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Customer Request (entity customer_request, table customer_request). */
export type CustomerRequestRow = Columns<Db.CustomerRequestTable, 'request_id' | 'request_no' | 'request_date' | 'amo_customer' | 'customer_aircraft' | 'customer_ref' | 'request_type' | 'priority' | 'check_type' | 'description' | 'station' | 'planned_input' | 'required_release' | 'fh_at_request' | 'fc_at_request' | 'contact_person' | 'contact_email' | 'status' | 'received_by' | 'workpack' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { items: CustomerRequestItemRow[] };

/** Requested Work Item (entity customer_request_item, table customer_request_item). */
export type CustomerRequestItemRow = Columns<Db.CustomerRequestItemTable, 'request_item_id' | 'request' | 'item_no' | 'item_type' | 'ata' | 'task_ref' | 'description' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Defect (entity defect, table defect). */
export type DefectRow = Columns<Db.DefectTable, 'defect_id' | 'defect_no' | 'aircraft' | 'found_date' | 'station' | 'source' | 'techlog_page' | 'flight_log' | 'work_order' | 'ata' | 'description' | 'reported_by' | 'defect_status' | 'mel_category' | 'mel_item' | 'deferral_date' | 'interval_days' | 'due_date' | 'due_fh' | 'due_fc' | 'ops_procedure' | 'maint_procedure' | 'deferred_by' | 'extension_granted' | 'extension_days' | 'extended_due_date' | 'extension_approved_by' | 'extension_approved_at' | 'extension_reason' | 'parts_required' | 'rectified_date' | 'action_taken' | 'rectified_by' | 'crs_ref' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Department budget (entity department_budget, table department_budget). */
export type DepartmentBudgetRow = Columns<Db.DepartmentBudgetTable, 'id' | 'budget_year' | 'departkd' | 'departemen' | 'account_code' | 'account_name' | 'budget_amount' | 'committed_amount' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Document Status (entity document_status, view document_status). */
export type DocumentStatusRow = Columns<Db.DocumentStatusTable, 'aircraft_document_id' | 'aircraft' | 'document_type' | 'document_no' | 'issue_date' | 'expiry_date' | 'issued_by' | 'mandatory' | 'days_remaining' | 'doc_status' | 'compcode'>;

/** Document Type (entity document_type, table document_type). */
export type DocumentTypeRow = Columns<Db.DocumentTypeTable, 'id' | 'code' | 'name' | 'category' | 'issuing_authority' | 'mandatory' | 'expires' | 'validity_months' | 'warning_days' | 'description' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Due Item (entity due_item, view due_item). */
export type DueItemRow = Columns<Db.DueItemTable, 'due_key' | 'aircraft' | 'item_kind' | 'item_code' | 'description' | 'inspection_group' | 'ata' | 'component' | 'component_limit' | 'measure' | 'whichever' | 'interval_fh' | 'interval_fc' | 'interval_days' | 'last_done_date' | 'last_done_fh' | 'last_done_fc' | 'next_due_fh' | 'next_due_fc' | 'next_due_date' | 'hard_date' | 'remaining_fh' | 'remaining_fc' | 'remaining_ldg' | 'remaining_rin' | 'remaining_days' | 'pc_remaining' | 'forecast_date' | 'driver' | 'due_status' | 'planned_wo' | 'variation' | 'programme_due_fh' | 'programme_due_fc' | 'programme_due_date' | 'prog_revision' | 'compcode'>;

/** Due Schedule (entity due_schedule, table due_schedule). */
export type DueScheduleRow = Columns<Db.DueScheduleTable, 'due_key' | 'aircraft' | 'component' | 'item_kind' | 'type_inspection' | 'component_limit' | 'type_llp' | 'ad_status' | 'sb_status' | 'item_code' | 'description' | 'inspection_group' | 'ata' | 'measure' | 'whichever' | 'interval_h' | 'interval_c' | 'interval_days' | 'last_done_date' | 'last_done_h' | 'last_done_c' | 'due_h' | 'due_c' | 'due_l' | 'due_r' | 'due_date' | 'hard_date' | 'tol_h' | 'tol_c' | 'tol_days' | 'no_record' | 'variation' | 'prog_due_h' | 'prog_due_c' | 'prog_due_date' | 'prog_revision' | 'computed_at' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** One-time Variation (entity due_variation, table due_variation). */
export type DueVariationRow = Columns<Db.DueVariationTable, 'variation_id' | 'variation_no' | 'reason' | 'due_key' | 'aircraft' | 'item_code' | 'description' | 'extend_fh' | 'extend_fc' | 'extend_days' | 'var_status' | 'limit_text' | 'prog_due_fh' | 'prog_due_fc' | 'prog_due_date' | 'ext_due_fh' | 'ext_due_fc' | 'ext_due_date' | 'approved_by' | 'approved_at' | 'consumed_record' | 'consumed_date' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Engine Kind (entity engine_kind, table engine_kind). */
export type EngineKindRow = Columns<Db.EngineKindTable, 'id' | 'model' | 'manufacturer' | 'engine_type' | 'rating' | 'type_certificate' | 'counts_cycles' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Engine Manufacturer (entity engine_manufacturer, table engine_manufacturer). */
export type EngineManufacturerRow = Columns<Db.EngineManufacturerTable, 'id' | 'code' | 'name' | 'country' | 'cage_code' | 'website' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Fleet Component (entity fleet_component, table fleet_component). */
export type FleetComponentRow = Columns<Db.FleetComponentTable, 'component_id' | 'aircraft' | 'parent_component' | 'type_component' | 'item' | 'partnumber' | 'partname' | 'serial_number' | 'ata' | 'component_class' | 'position' | 'component_status' | 'manufacture_date' | 'install_date' | 'installed_ac_fh' | 'installed_ac_fc' | 'installed_tsn' | 'installed_csn' | 'tsn' | 'csn' | 'tso' | 'cso' | 'tsr' | 'csr' | 'lsn' | 'rsn' | 'installed_lsn' | 'installed_rsn' | 'llp_life_used' | 'thrust_rating' | 'times_known' | 'times_as_of' | 'last_overhaul_date' | 'last_shop_visit_date' | 'is_llp' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Fleet Maintenance Status (entity fleet_maintenance_status, view fleet_maintenance_status). */
export type FleetMaintenanceStatusRow = Columns<Db.FleetMaintenanceStatusTable, 'aircraft_id' | 'aircraft' | 'registration' | 'aircraft_type' | 'status' | 'home_base' | 'total_fh' | 'total_fc' | 'totals_as_of' | 'avg_fh_day' | 'avg_fc_day' | 'last_flight_date' | 'items_overdue' | 'items_due_soon' | 'items_in_tolerance' | 'items_no_record' | 'next_due_date' | 'next_due_item' | 'open_defects' | 'deferred_defects' | 'expired_deferrals' | 'docs_expired' | 'docs_expiring' | 'open_work_orders' | 'airworthiness' | 'compcode'>;

/** Flight Log (entity flight_log, table flight_log). */
export type FlightLogRow = Columns<Db.FlightLogTable, 'flight_log_id' | 'aircraft' | 'flight_date' | 'techlog_page' | 'flight_no' | 'sector_from' | 'sector_to' | 'block_off' | 'takeoff' | 'landing' | 'block_on' | 'block_minutes' | 'flight_minutes' | 'cycles' | 'landings' | 'apu_minutes' | 'apu_starts' | 'rin_count' | 'operation_codes' | 'fuel_uplift' | 'fuel_remaining' | 'oil_uplift_eng1' | 'oil_uplift_eng2' | 'oil_uplift_apu' | 'hyd_uplift' | 'pic' | 'defects_raised' | 'posted' | 'posted_at' | 'amend_reason' | 'amend_count' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Inspection Group (entity inspection_group, table inspection_group). */
export type InspectionGroupRow = Columns<Db.InspectionGroupTable, 'id' | 'code' | 'name' | 'group_kind' | 'is_overhaul' | 'is_timelimit' | 'seq' | 'description' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Inventory Balance (entity inventory_balance, view inventory_balance). */
export type InventoryBalanceRow = Columns<Db.InventoryBalanceTable, 'balance_id' | 'store' | 'item' | 'category' | 'inventory_group' | 'serial_number' | 'batch_number' | 'condition' | 'quantity' | 'unit' | 'expiry_date' | 'last_movement' | 'stock_value' | 'serviceable' | 'compcode'>;

/** Stock Card (entity inventory_card, view inventory_card). */
export type InventoryCardRow = Columns<Db.InventoryCardTable, 'card_id' | 'txn_date' | 'txn_type' | 'doc_no' | 'store' | 'item' | 'serial_number' | 'batch_number' | 'condition' | 'qty_in' | 'qty_out' | 'balance' | 'balance_all_stores' | 'unit_cost' | 'amount' | 'balance_value' | 'balance_value_all_stores' | 'registration' | 'remark' | 'compcode'>;

/** Shelf-life Expiry (entity inventory_expiry, view inventory_expiry). */
export type InventoryExpiryRow = Columns<Db.InventoryExpiryTable, 'expiry_id' | 'store' | 'item' | 'category' | 'serial_number' | 'batch_number' | 'condition' | 'quantity' | 'unit' | 'expiry_date' | 'days_left' | 'expiry_status' | 'compcode'>;

/** Inventory Issue (entity inventory_issue, table inventory_issue). */
export type InventoryIssueRow = Columns<Db.InventoryIssueTable, 'issuekey' | 'issueno' | 'issuedate' | 'issue_type' | 'material_request' | 'work_order' | 'amo_work_order' | 'registration' | 'workorder_no' | 'store' | 'issued_to' | 'issued_kind' | 'vendor' | 'posted' | 'posted_date' | 'reverses' | 'reversed_by' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: InventoryIssueLineRow[] };

/** Inventory Issue Line (entity inventory_issue_line, table inventory_issue_line). */
export type InventoryIssueLineRow = Columns<Db.InventoryIssueLineTable, 'issuedtlkey' | 'issue' | 'mr_line' | 'task' | 'amo_material' | 'item' | 'serial_number' | 'batch_number' | 'condition' | 'quantity' | 'unit' | 'certificate_type' | 'certificate_no' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Inventory Issued Kind (entity inventory_issued_kind, table inventory_issued_kind). */
export type InventoryIssuedKindRow = Columns<Db.InventoryIssuedKindTable, 'id' | 'code' | 'name' | 'returns_to_stock' | 'document_required' | 'description' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Post-Modification Record (entity inventory_postmod, table inventory_postmod). */
export type InventoryPostmodRow = Columns<Db.InventoryPostmodTable, 'postmodkey' | 'moddate' | 'item' | 'pre_mod_partnumber' | 'post_mod_partnumber' | 'serial_number' | 'mod_reference' | 'mod_description' | 'store' | 'workorder_no' | 'performed_by' | 'certificate_type' | 'certificate_no' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Inventory Receipt (entity inventory_receipt, table inventory_receipt). */
export type InventoryReceiptRow = Columns<Db.InventoryReceiptTable, 'receiptkey' | 'receiptno' | 'receiptdate' | 'source' | 'purchase_order' | 'receiving' | 'vendor' | 'currency' | 'delivery_note' | 'awb_no' | 'customs_doc' | 'received_by' | 'posted' | 'posted_date' | 'reverses' | 'reversed_by' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: InventoryReceiptLineRow[] };

/** Inventory Receipt Line (entity inventory_receipt_line, table inventory_receipt_line). */
export type InventoryReceiptLineRow = Columns<Db.InventoryReceiptLineTable, 'receiptdtlkey' | 'receipt' | 'po_line' | 'item' | 'store' | 'bin_location' | 'serial_number' | 'batch_number' | 'condition' | 'quantity' | 'unit' | 'unit_cost' | 'release_certificate' | 'certificate_type' | 'certificate_no' | 'certificate_date' | 'certificate_issuer' | 'inspection' | 'inspected_user' | 'inspected_at' | 'inspection_auth' | 'manufacture_date' | 'expiry_date' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Items to Reorder (entity inventory_reorder, view inventory_reorder). */
export type InventoryReorderRow = Columns<Db.InventoryReorderTable, 'item_id' | 'item' | 'category' | 'inventory_group' | 'unit' | 'on_hand' | 'reserved' | 'available' | 'on_order' | 'stock_position' | 'reorder_min' | 'reorder_max' | 'order_qty' | 'last_movement' | 'compcode'>;

/** Return to Store (entity inventory_return, table inventory_return). */
export type InventoryReturnRow = Columns<Db.InventoryReturnTable, 'returnkey' | 'returnno' | 'returndate' | 'issue' | 'registration' | 'workorder_no' | 'store' | 'reason' | 'returned_by' | 'posted' | 'posted_date' | 'reverses' | 'reversed_by' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: InventoryReturnLineRow[] };

/** Return Line (entity inventory_return_line, table inventory_return_line). */
export type InventoryReturnLineRow = Columns<Db.InventoryReturnLineTable, 'returndtlkey' | 'inventory_return' | 'issue_line' | 'item' | 'serial_number' | 'batch_number' | 'condition' | 'quantity' | 'unit' | 'certificate_type' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Invoice Terms (entity invoice_termin, table invoice_termin). */
export type InvoiceTerminRow = Columns<Db.InvoiceTerminTable, 'termkey' | 'terminno' | 'termindate' | 'purchase_order' | 'vendor' | 'currency' | 'contract_amount' | 'outstand' | 'paid_amount' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: InvoiceTerminLineRow[] };

/** Invoice Instalment (entity invoice_termin_line, table invoice_termin_line). */
export type InvoiceTerminLineRow = Columns<Db.InvoiceTerminLineTable, 'termdtlkey' | 'invoice_termin' | 'termin_no' | 'description' | 'percentage' | 'amount' | 'due_date' | 'invoice_no' | 'invoice_date' | 'payment_status' | 'paid_date' | 'paid_amount' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** LLP Thrust Rating Factor (entity llp_rating_factor, table llp_rating_factor). */
export type LlpRatingFactorRow = Columns<Db.LlpRatingFactorTable, 'id' | 'type_llp' | 'thrust_rating' | 'factor' | 'life_limit_fc' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** LLP Status (entity llp_status, view llp_status). */
export type LlpStatusRow = Columns<Db.LlpStatusTable, 'component_id' | 'component' | 'aircraft' | 'parent_component' | 'engine_serial' | 'engine_position' | 'module' | 'partnumber' | 'partname' | 'serial_number' | 'component_status' | 'thrust_rating' | 'life_limit_fc' | 'csn' | 'life_used' | 'remaining_fc' | 'life_used_pc' | 'life_limit_fh' | 'tsn' | 'remaining_fh' | 'life_limit_date' | 'forecast_date' | 'is_limiter' | 'is_module_limiter' | 'llp_status' | 'compcode'>;

/** Logbook Entry (entity logbook_entry, table logbook_entry). */
export type LogbookEntryRow = Columns<Db.LogbookEntryTable, 'logbook_entry_id' | 'aircraft' | 'logbook' | 'component' | 'entry_date' | 'entry_type' | 'reference' | 'work_order' | 'description' | 'ac_fh' | 'ac_fc' | 'comp_tsn' | 'comp_csn' | 'signed_by' | 'licence_no' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Maintenance Log (entity maintenance_log, table maintenance_log). */
export type MaintenanceLogRow = Columns<Db.MaintenanceLogTable, 'mlog_id' | 'aircraft' | 'log_date' | 'techlog_page' | 'station' | 'log_type' | 'ata' | 'description' | 'action_taken' | 'defect' | 'work_order' | 'ac_fh' | 'ac_fc' | 'performed_by' | 'licence_no' | 'crs_issued' | 'crs_datetime' | 'posted' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Maintenance Record (entity maintenance_record, table maintenance_record). */
export type MaintenanceRecordRow = Columns<Db.MaintenanceRecordTable, 'record_id' | 'record_no' | 'aircraft' | 'done_date' | 'ac_fh' | 'ac_fc' | 'ac_landings' | 'station' | 'work_order' | 'amo' | 'certifying_staff' | 'licence_no' | 'crs_ref' | 'posted' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: MaintenanceRecordLineRow[] };

/** Maintenance Record Item (entity maintenance_record_line, table maintenance_record_line). */
export type MaintenanceRecordLineRow = Columns<Db.MaintenanceRecordLineTable, 'record_line_id' | 'maintenance_record' | 'item_kind' | 'type_inspection' | 'component' | 'component_limit' | 'type_ad' | 'type_sb' | 'work_order_task' | 'superseded_by' | 'reset_basis' | 'planned_due_fh' | 'planned_due_fc' | 'planned_due_date' | 'base_h' | 'base_c' | 'base_l' | 'base_r' | 'base_date' | 'next_due_h' | 'next_due_c' | 'next_due_date' | 'part_tsn' | 'part_csn' | 'overrun' | 'variation' | 'is_terminating' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Inventory Group (entity master_inventory_group, table master_inventory_group). */
export type MasterInventoryGroupRow = Columns<Db.MasterInventoryGroupTable, 'id' | 'code' | 'name' | 'gl_account' | 'description' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Master Item (entity master_item, table master_item). */
export type MasterItemRow = Columns<Db.MasterItemTable, 'item_id' | 'partnumber' | 'itemname' | 'alt_partnumber' | 'manufacturer_name' | 'cage_code' | 'category' | 'inventory_group' | 'ata_chapter' | 'unit' | 'tracking' | 'shelf_life_days' | 'reorder_min' | 'reorder_max' | 'is_llp' | 'is_hazmat' | 'hazmat_un_number' | 'estimated_price' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Item Category (entity master_item_category, table master_item_category). */
export type MasterItemCategoryRow = Columns<Db.MasterItemCategoryTable, 'id' | 'code' | 'name' | 'item_class' | 'is_consumable' | 'description' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Material Request (entity material_request, table material_request). */
export type MaterialRequestRow = Columns<Db.MaterialRequestTable, 'requestkey' | 'requestno' | 'requestdate' | 'jasa' | 'requestor' | 'department' | 'priority' | 'registration' | 'workorder_no' | 'work_order' | 'budgetinfo' | 'budgetname' | 'expectreceipt' | 'jasafinish' | 'locationdeliv' | 'barter' | 'matauang' | 'remark' | 'statuswf' | 'progress' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: MaterialRequestLineRow[] };

/** Material Request Line (entity material_request_line, table material_request_line). */
export type MaterialRequestLineRow = Columns<Db.MaterialRequestLineTable, 'reqdtlkey' | 'request' | 'lineref' | 'linetype' | 'item' | 'partnumber' | 'itemname' | 'iteminfo' | 'glaccount' | 'description' | 'quantity' | 'invunitom' | 'outstand' | 'close_reason' | 'qty_on_pr' | 'qty_received' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** MEL Category (entity mel_category, table mel_category). */
export type MelCategoryRow = Columns<Db.MelCategoryTable, 'id' | 'category' | 'interval_days' | 'description' | 'extension_allowed' | 'max_extension_days' | 'excludes_discovery_day' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Menu (entity menu, table menu). */
export type MenuRow = Columns<Db.MenuTable, 'menu_id' | 'modulname' | 'name' | 'title' | 'icon' | 'url' | 'route' | 'level' | 'parent_id' | 'badge' | 'seq' | 'noaccesscheck' | 'holdingonly' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Module (entity module, table module). */
export type ModuleRow = Columns<Db.ModuleTable, 'modulname' | 'title' | 'info' | 'url' | 'statichtml' | 'icon' | 'seq' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** MRO Customer Account Entry (entity mro_account_entry, view mro_account_entry). */
export type MroAccountEntryRow = Columns<Db.MroAccountEntryTable, 'entry_id' | 'amo_customer' | 'entry_date' | 'kind' | 'doc_no' | 'for_invoice' | 'currency' | 'due_date' | 'debit' | 'credit' | 'compcode'>;

/** MRO Invoice (entity mro_invoice, table mro_invoice). */
export type MroInvoiceRow = Columns<Db.MroInvoiceTable, 'mro_invoice_id' | 'invoice_no' | 'doc_type' | 'invoice_date' | 'status' | 'amo_work_order' | 'amo_customer' | 'customer_aircraft' | 'quotation' | 'customer_po' | 'pricing_basis' | 'currency' | 'payment_terms' | 'due_date' | 'credits' | 'credited_by' | 'quoted_amount' | 'authorised_amount' | 'subtotal' | 'discount_pct' | 'discount_amount' | 'adjustment' | 'net_amount' | 'tax_pct' | 'tax_amount' | 'total' | 'posted_by' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: MroInvoiceLineRow[] };

/** MRO Invoice Line (entity mro_invoice_line, table mro_invoice_line). */
export type MroInvoiceLineRow = Columns<Db.MroInvoiceLineTable, 'mro_invoice_line_id' | 'mro_invoice' | 'line_no' | 'line_type' | 'description' | 'reference_no' | 'quantity' | 'unit_price' | 'amount' | 'quoted_amount' | 'difference' | 'amo_task' | 'amo_material' | 'quotation_line' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Labour Rate per Skill (entity mro_labour_rate, table mro_labour_rate). */
export type MroLabourRateRow = Columns<Db.MroLabourRateTable, 'mro_labour_rate_id' | 'mro_pricing' | 'skill' | 'rate' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** MRO Customer Payment (entity mro_payment, table mro_payment). */
export type MroPaymentRow = Columns<Db.MroPaymentTable, 'mro_payment_id' | 'payment_no' | 'payment_date' | 'amo_customer' | 'amount' | 'currency' | 'mro_invoice' | 'reference' | 'status' | 'posted_by' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** MRO Pricing (entity mro_pricing, table mro_pricing). */
export type MroPricingRow = Columns<Db.MroPricingTable, 'mro_pricing_id' | 'valid_from' | 'tax_pct' | 'parts_markup_pct' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { rates: MroLabourRateRow[] };

/** Notification (entity notification_config, table notification_config). */
export type NotificationConfigRow = Columns<Db.NotificationConfigTable, 'id' | 'kind' | 'notifname' | 'router_name' | 'enabled' | 'email_enabled' | 'recipients' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Other Information (entity other_info, table other_info). */
export type OtherInfoRow = Columns<Db.OtherInfoTable, 'id' | 'info_group' | 'code' | 'description' | 'seq' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** PO Price List (entity po_price_list, view po_price_list). */
export type PoPriceListRow = Columns<Db.PoPriceListTable, 'podtlkey' | 'purchase_order' | 'podate' | 'vendor' | 'po_type' | 'statuswf' | 'item' | 'partnumber' | 'condition' | 'quantity' | 'unit' | 'unit_price' | 'discount_pct' | 'net_price' | 'currency' | 'amount' | 'compcode'>;

/** PR History Status (entity pr_history_status, view pr_history_status). */
export type PrHistoryStatusRow = Columns<Db.PrHistoryStatusTable, 'histkey' | 'root' | 'docdate' | 'material_request' | 'mr_no' | 'mr_line' | 'mr_statuswf' | 'mr_progress' | 'mr_qty' | 'purchase_request' | 'lineref' | 'prdate' | 'pr_type' | 'statuswf' | 'progress' | 'registration' | 'item' | 'description' | 'pr_qty' | 'unit' | 'cs_no' | 'cs_date' | 'quoted_vendors' | 'chosen_vendors' | 'po_no' | 'po_line' | 'po_statuswf' | 'po_date' | 'vendor' | 'po_qty' | 'po_cancelled' | 'rcv_no' | 'rcv_date' | 'rcv_qty' | 'terms_no' | 'terms_amount' | 'paid_amount' | 'payment' | 'stage' | 'compcode'>;

/** Programme Revision (entity programme_revision, table programme_revision). */
export type ProgrammeRevisionRow = Columns<Db.ProgrammeRevisionTable, 'id' | 'aircraft_type' | 'revision_no' | 'revision_name' | 'revision_date' | 'source_document' | 'reason' | 'based_on' | 'rev_status' | 'activated_at' | 'activated_by' | 'superseded_by' | 'aircraft_recomputed' | 'items_changed' | 'statuswf' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { tasks: ProgrammeRevisionTaskRow[] };

/** Programme Revision Change (entity programme_revision_change, view programme_revision_change). */
export type ProgrammeRevisionChangeRow = Columns<Db.ProgrammeRevisionChangeTable, 'change_key' | 'aircraft_type' | 'from_revision' | 'to_revision' | 'change' | 'task_code' | 'title' | 'changed_field' | 'old_value' | 'new_value' | 'compcode'>;

/** Programme Revision Task (entity programme_revision_task, table programme_revision_task). */
export type ProgrammeRevisionTaskRow = Columns<Db.ProgrammeRevisionTaskTable, 'id' | 'programme_revision' | 'task_code' | 'title' | 'inspection_group' | 'ata' | 'task_type' | 'zone' | 'skill' | 'est_manhours' | 'measured_in' | 'interval_fh' | 'interval_fc' | 'interval_landings' | 'interval_days' | 'interval_months' | 'whichever' | 'calendar_rule' | 'threshold_fh' | 'threshold_fc' | 'threshold_days' | 'tolerance_pc' | 'tolerance_fh' | 'tolerance_fc' | 'tolerance_days' | 'adjust_above_tolerance' | 'variation_pc' | 'variation_fh' | 'variation_fc' | 'variation_days' | 'is_ali' | 'repetitive' | 'applies_to' | 'reference' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Purchase Order (entity purchase_order, table purchase_order). */
export type PurchaseOrderRow = Columns<Db.PurchaseOrderTable, 'pokey' | 'pono' | 'podate' | 'vendor' | 'po_type' | 'purchase_request' | 'canvass_sheet' | 'vendor_quote_ref' | 'currency' | 'payment_terms' | 'incoterm' | 'delivery_date' | 'deliver_to' | 'buyer' | 'statuswf' | 'outstand' | 'total_amount' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: PurchaseOrderLineRow[] };

/** Purchase Order Line (entity purchase_order_line, table purchase_order_line). */
export type PurchaseOrderLineRow = Columns<Db.PurchaseOrderLineTable, 'podtlkey' | 'purchase_order' | 'lineref' | 'pr_line' | 'quote' | 'item' | 'partnumber' | 'description' | 'condition' | 'quantity' | 'unit' | 'unit_price' | 'discount_pct' | 'delivery_date' | 'outstand' | 'qty_received' | 'qty_cancelled' | 'close_reason' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Purchase Request (entity purchase_request, table purchase_request). */
export type PurchaseRequestRow = Columns<Db.PurchaseRequestTable, 'prkey' | 'prno' | 'prdate' | 'requestor' | 'department' | 'pr_type' | 'material_request' | 'registration' | 'needdate' | 'budgetinfo' | 'matauang' | 'remark' | 'statuswf' | 'progress' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: PurchaseRequestLineRow[] };

/** Purchase Request Line (entity purchase_request_line, table purchase_request_line). */
export type PurchaseRequestLineRow = Columns<Db.PurchaseRequestLineTable, 'prdtlkey' | 'purchase_request' | 'lineref' | 'mr_line' | 'item' | 'partnumber' | 'description' | 'quantity' | 'unit' | 'condition' | 'estimated_price' | 'outstand' | 'qty_ordered' | 'qty_received' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Quotation (entity quotation, table quotation). */
export type QuotationRow = Columns<Db.QuotationTable, 'quotation_id' | 'quotation_no' | 'quotation_date' | 'revision' | 'customer_request' | 'amo_customer' | 'customer_aircraft' | 'subject' | 'valid_until' | 'currency' | 'exchange_rate' | 'labour_rate' | 'pricing_basis' | 'planned_input' | 'tat_days' | 'payment_terms' | 'total_manhours' | 'total_labour' | 'total_material' | 'total_services' | 'subtotal' | 'discount_pct' | 'discount_amount' | 'net_amount' | 'tax_exempt' | 'tax_pct' | 'tax_amount' | 'grand_total' | 'statuswf' | 'quote_status' | 'sent_date' | 'accepted_date' | 'refused_date' | 'answered_by' | 'customer_po' | 'answer_document' | 'refusal_reason' | 'answer_recorded_by' | 'prepared_by' | 'terms' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: QuotationLineRow[] };

/** Quotation for Defects (entity quotation_defect, table quotation_defect). */
export type QuotationDefectRow = Columns<Db.QuotationDefectTable, 'quotation_defect_id' | 'quotation_no' | 'quotation_date' | 'amo_work_order' | 'quotation' | 'amo_customer' | 'customer_aircraft' | 'subject' | 'valid_until' | 'currency' | 'exchange_rate' | 'labour_rate' | 'total_manhours' | 'total_labour' | 'total_material' | 'total_services' | 'net_amount' | 'tax_exempt' | 'tax_pct' | 'tax_amount' | 'grand_total' | 'approved_total' | 'statuswf' | 'quote_status' | 'sent_date' | 'answered_date' | 'answered_by' | 'customer_ref' | 'answer_recorded_by' | 'prepared_by' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: QuotationDefectLineRow[] };

/** Quoted Finding (entity quotation_defect_line, table quotation_defect_line). */
export type QuotationDefectLineRow = Columns<Db.QuotationDefectLineTable, 'quotation_defect_line_id' | 'quotation_defect' | 'line_no' | 'amo_defect' | 'line_type' | 'ata' | 'description' | 'skill' | 'item' | 'partnumber' | 'price_source' | 'unit_cost' | 'markup_pct' | 'manhours' | 'quantity' | 'unit' | 'unit_price' | 'sell_price' | 'amount' | 'customer_answer' | 'decision_reason' | 'customer_decision' | 'decided_date' | 'decided_by' | 'decision_ref' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Quotation Line (entity quotation_line, table quotation_line). */
export type QuotationLineRow = Columns<Db.QuotationLineTable, 'quotation_line_id' | 'quotation' | 'line_no' | 'request_item' | 'line_type' | 'ata' | 'description' | 'skill' | 'item' | 'partnumber' | 'price_source' | 'unit_cost' | 'markup_pct' | 'manhours' | 'quantity' | 'unit' | 'unit_price' | 'sell_price' | 'amount' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Quotation Price List (entity quotation_price_list, view quotation_price_list). */
export type QuotationPriceListRow = Columns<Db.QuotationPriceListTable, 'quotekey' | 'canvass_sheet' | 'csdate' | 'purchase_request' | 'vendor' | 'item' | 'partnumber_offered' | 'condition' | 'quantity' | 'unit_price' | 'currency' | 'lead_time_days' | 'certificate_type' | 'valid_until' | 'selected' | 'statuswf' | 'compcode'>;

/** Receiving (entity receiving, table receiving). */
export type ReceivingRow = Columns<Db.ReceivingTable, 'rcvkey' | 'rcvno' | 'rcvdate' | 'purchase_order' | 'vendor' | 'store' | 'delivery_note' | 'awb_no' | 'invoice_no' | 'received_by' | 'posted' | 'statuswf' | 'total_amount' | 'reverses' | 'reversed_by' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: ReceivingLineRow[] };

/** Receiving Line (entity receiving_line, table receiving_line). */
export type ReceivingLineRow = Columns<Db.ReceivingLineTable, 'rcvdtlkey' | 'receiving' | 'po_line' | 'item' | 'quantity' | 'unit' | 'condition' | 'serial_number' | 'batch_number' | 'certificate_type' | 'certificate_no' | 'expiry_date' | 'inspection' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Records Verification (entity records_verification, table records_verification). */
export type RecordsVerificationRow = Columns<Db.RecordsVerificationTable, 'verification_id' | 'result' | 'chain_rows' | 'head_seq' | 'head_hash' | 'broken_row' | 'broken_seq' | 'broken_record' | 'finding' | 'seals' | 'duration_ms' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Registration (entity registration, table registration). */
export type RegistrationRow = Columns<Db.RegistrationTable, 'regkey' | 'company' | 'compaddr1' | 'compaddr2' | 'compaddr3' | 'compphone' | 'compfax' | 'contact_name' | 'contact_number' | 'compemail' | 'compemail_name' | 'compemail_address' | 'username' | 'status' | 'converted_compcode' | 'converted_user_id' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Authorised Release Certificate (entity release_certificate, table release_certificate). */
export type ReleaseCertificateRow = Columns<Db.ReleaseCertificateTable, 'release_cert_id' | 'tracking_no' | 'amo_work_order' | 'form_type' | 'item_no' | 'item' | 'description' | 'partnumber' | 'quantity' | 'serial_no' | 'status_work' | 'ata' | 'remarks' | 'status' | 'org_name' | 'org_address' | 'approval_authority' | 'approval_ref' | 'issuer' | 'signed_user' | 'signed_by' | 'signed_auth' | 'signed_auth_version' | 'signed_date' | 'signed_at' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Reliability Programme (entity reliability_programme, table reliability_programme). */
export type ReliabilityProgrammeRow = Columns<Db.ReliabilityProgrammeTable, 'programme_id' | 'programme_name' | 'aircraft_type' | 'alert_k' | 'alert_window' | 'engineer' | 'active' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Reliability Report (entity reliability_report, table reliability_report). */
export type ReliabilityReportRow = Columns<Db.ReliabilityReportTable, 'report_id' | 'programme' | 'period' | 'aircraft_type' | 'alert_k' | 'alert_window' | 'fleet_minutes' | 'period_minutes' | 'aircraft_count' | 'flagged_count' | 'computed' | 'computed_at' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { chapters: ReliabilityReportChapterRow[]; components: ReliabilityReportComponentRow[]; trend: ReliabilityReportTrendRow[] };

/** Reliability Report Chapter (entity reliability_report_chapter, table reliability_report_chapter). */
export type ReliabilityReportChapterRow = Columns<Db.ReliabilityReportChapterTable, 'line_id' | 'report' | 'ata_chapter' | 'chapter_title' | 'pirep' | 'marep' | 'reports' | 'rate' | 'rolling_reports' | 'rolling_rate' | 'alert_level' | 'flagged' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Component Reliability (entity reliability_report_component, table reliability_report_component). */
export type ReliabilityReportComponentRow = Columns<Db.ReliabilityReportComponentTable, 'line_id' | 'report' | 'partnumber' | 'partname' | 'qty_per_aircraft' | 'unscheduled_removals' | 'confirmed_failures' | 'mtbur' | 'mtbf' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Reliability Trend (entity reliability_report_trend, table reliability_report_trend). */
export type ReliabilityReportTrendRow = Columns<Db.ReliabilityReportTrendTable, 'line_id' | 'report' | 'ata_chapter' | 'chapter_title' | 'month_start' | 'reports' | 'rate' | 'rolling_rate' | 'alert_level' | 'flagged' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Robbing Part (entity robbing_part, table robbing_part). */
export type RobbingPartRow = Columns<Db.RobbingPartTable, 'robbingkey' | 'robbingno' | 'robbingdate' | 'item' | 'serial_number' | 'quantity' | 'donor_registration' | 'donor_position' | 'donor_workorder' | 'recipient_registration' | 'recipient_workorder' | 'reason' | 'authorised_by' | 'authorisation_ref' | 'replacement_mr' | 'store' | 'posted' | 'posted_date' | 'status' | 'closed_date' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Role (entity role, table role). */
export type RoleRow = Columns<Db.RoleTable, 'id' | 'role_name' | 'description' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { menus: RoleMenuRow[]; users: RoleUserRow[] };

/** Role letters (entity role_menu, table role_menu). */
export type RoleMenuRow = Columns<Db.RoleMenuTable, 'id' | 'role' | 'menu_id' | 'permission' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Role assignment (entity role_user, table role_user). */
export type RoleUserRow = Columns<Db.RoleUserTable, 'id' | 'role' | 'user_id' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** SB Status (entity sb_compliance_status, view sb_compliance_status). */
export type SbComplianceStatusRow = Columns<Db.SbComplianceStatusTable, 'status_key' | 'aircraft' | 'type_sb' | 'sb_number' | 'revision' | 'title' | 'category' | 'issue_date' | 'is_recurring' | 'component' | 'review_result' | 'review_decision' | 'review_date' | 'sb_status' | 'last_done_date' | 'last_done_fh' | 'last_done_fc' | 'work_order' | 'next_due_date' | 'next_due_fh' | 'next_due_fc' | 'remaining_fh' | 'remaining_fc' | 'remaining_days' | 'forecast_date' | 'due_status' | 'compcode'>;

/** SB Review (entity sb_review, table sb_review). */
export type SbReviewRow = Columns<Db.SbReviewTable, 'id' | 'type_sb' | 'review_date' | 'reviewed_by' | 'applicability' | 'decision' | 'reason' | 'effectivity_note' | 'target_date' | 'statuswf' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: SbReviewLineRow[] };

/** SB Review Aircraft (entity sb_review_line, table sb_review_line). */
export type SbReviewLineRow = Columns<Db.SbReviewLineTable, 'id' | 'sb_review' | 'aircraft' | 'applicability' | 'reason' | 'complied_date' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Certifying Staff Authorisation (entity staff_authorisation, table staff_authorisation). */
export type StaffAuthorisationRow = Columns<Db.StaffAuthorisationTable, 'auth_id' | 'person' | 'auth_no' | 'category' | 'ata_scope' | 'valid_from' | 'valid_to' | 'suspended' | 'suspended_reason' | 'licence_no' | 'remark' | 'statuswf' | 'auth_version' | 'change_reason' | 'requested_by' | 'approved_version' | 'approved_by' | 'approved_at' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { types: StaffAuthorisationTypeRow[] };

/** Authorised Aircraft Type (entity staff_authorisation_type, table staff_authorisation_type). */
export type StaffAuthorisationTypeRow = Columns<Db.StaffAuthorisationTypeTable, 'auth_type_id' | 'authorisation' | 'aircraft_type' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Stock Adjustment (entity stock_adjustment, table stock_adjustment). */
export type StockAdjustmentRow = Columns<Db.StockAdjustmentTable, 'adjkey' | 'adjno' | 'adjdate' | 'store' | 'reason' | 'approved_by' | 'posted' | 'posted_date' | 'reverses' | 'reversed_by' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: StockAdjustmentLineRow[] };

/** Adjustment Line (entity stock_adjustment_line, table stock_adjustment_line). */
export type StockAdjustmentLineRow = Columns<Db.StockAdjustmentLineTable, 'adjdtlkey' | 'adjustment' | 'item' | 'serial_number' | 'batch_number' | 'condition' | 'quantity' | 'unit' | 'unit_cost' | 'expiry_date' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Stock Balance (entity stock_balance, table stock_balance). */
export type StockBalanceRow = Columns<Db.StockBalanceTable, 'balancekey' | 'store' | 'item' | 'serial_number' | 'batch_number' | 'condition' | 'quantity' | 'expiry_date' | 'arc_status' | 'certificate_no' | 'last_movement' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Stock Ledger (entity stock_ledger, table stock_ledger). */
export type StockLedgerRow = Columns<Db.StockLedgerTable, 'ledgerkey' | 'txn_date' | 'txn_type' | 'doc_no' | 'store' | 'item' | 'serial_number' | 'batch_number' | 'condition' | 'arc_status' | 'certificate_no' | 'quantity' | 'unit_cost' | 'amount' | 'expiry_date' | 'registration' | 'posted' | 'balance_store' | 'balance_item' | 'value_store' | 'value_item' | 'source' | 'source_key' | 'source_line' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Stock Reservation (entity stock_reservation, table stock_reservation). */
export type StockReservationRow = Columns<Db.StockReservationTable, 'reservekey' | 'reserveno' | 'reservedate' | 'material_request' | 'registration' | 'workorder_no' | 'store' | 'required_date' | 'valid_until' | 'reserved_by' | 'status' | 'posted' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: StockReservationLineRow[] };

/** Reservation Line (entity stock_reservation_line, table stock_reservation_line). */
export type StockReservationLineRow = Columns<Db.StockReservationLineTable, 'reservedtlkey' | 'reservation' | 'mr_line' | 'item' | 'serial_number' | 'batch_number' | 'condition' | 'quantity' | 'qty_issued' | 'unit' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Stock Transfer (entity stock_transfer, table stock_transfer). */
export type StockTransferRow = Columns<Db.StockTransferTable, 'transferkey' | 'transferno' | 'transferdate' | 'from_store' | 'to_store' | 'reason' | 'shipped_by' | 'carrier' | 'awb_no' | 'out_posted' | 'received_date' | 'received_by' | 'received' | 'in_posted' | 'reverses' | 'reversed_by' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: StockTransferLineRow[] };

/** Stock Transfer Line (entity stock_transfer_line, table stock_transfer_line). */
export type StockTransferLineRow = Columns<Db.StockTransferLineTable, 'trfdtlkey' | 'stock_transfer' | 'stock' | 'item' | 'serial_number' | 'batch_number' | 'condition' | 'quantity' | 'unit' | 'qty_received' | 'certificate_type' | 'certificate_no' | 'expiry_date' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Moving Average Cost (entity stock_valuation, table stock_valuation). */
export type StockValuationRow = Columns<Db.StockValuationTable, 'valuationkey' | 'item' | 'quantity' | 'value' | 'avg_cost' | 'last_movement' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Store / Warehouse (entity store_warehouse, table store_warehouse). */
export type StoreWarehouseRow = Columns<Db.StoreWarehouseTable, 'store_id' | 'store_code' | 'store_name' | 'store_type' | 'station' | 'address' | 'city' | 'storekeeper' | 'phone' | 'serviceable_only' | 'is_bonded' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Attachment (entity sys_attachment, table sys_attachment). */
export type SysAttachmentRow = Columns<Db.SysAttachmentTable, 'id' | 'entity_name' | 'field_name' | 'record_key' | 'filename' | 'mime' | 'size' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Attachment chunk (entity sys_attachment_chunk, table sys_attachment_chunk). */
export type SysAttachmentChunkRow = Columns<Db.SysAttachmentChunkTable, 'id' | 'attachment_id' | 'seq' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Audit trail (entity sys_audit, table sys_audit). */
export type SysAuditRow = Columns<Db.SysAuditTable, 'id' | 'entity' | 'record_key' | 'action' | 'company' | 'user_id' | 'username' | 'changes' | 'content_hash' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Audit chain head (entity sys_audit_head, table sys_audit_head). */
export type SysAuditHeadRow = Columns<Db.SysAuditHeadTable, 'chain' | 'seq' | 'hash' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Audit chain link (entity sys_audit_link, table sys_audit_link). */
export type SysAuditLinkRow = Columns<Db.SysAuditLinkTable, 'id' | 'audit_id' | 'chain' | 'seq' | 'hash' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Import log (entity sys_import_log, table sys_import_log). */
export type SysImportLogRow = Columns<Db.SysImportLogTable, 'id' | 'entity' | 'filename' | 'mode' | 'key_field' | 'total' | 'imported' | 'failed' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Sign-in throttle (entity sys_login_throttle, table sys_login_throttle). */
export type SysLoginThrottleRow = Columns<Db.SysLoginThrottleTable, 'throttle_key' | 'failures' | 'window_start' | 'locked_until' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Numbering series (entity sys_number_series, table sys_number_series). */
export type SysNumberSeriesRow = Columns<Db.SysNumberSeriesTable, 'id' | 'series' | 'period' | 'last_seq' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Print job (entity sys_print_job, table sys_print_job). */
export type SysPrintJobRow = Columns<Db.SysPrintJobTable, 'print_id' | 'entity_name' | 'record_key' | 'user_id' | 'print_name' | 'expires_at' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Rate limit (entity sys_rate_limit, table sys_rate_limit). */
export type SysRateLimitRow = Columns<Db.SysRateLimitTable, 'limit_key' | 'hits' | 'window_start' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Refresh token (entity sys_refresh_token, table sys_refresh_token). */
export type SysRefreshTokenRow = Columns<Db.SysRefreshTokenTable, 'id' | 'token_hash' | 'family' | 'user_id' | 'expires_at' | 'used_at' | 'revoked_at' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Seal (entity sys_seal, table sys_seal). */
export type SysSealRow = Columns<Db.SysSealTable, 'seal_id' | 'entity' | 'record_key' | 'kind' | 'signer' | 'signed_at' | 'content_hash' | 'canon_version' | 'covered' | 'content' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Installation setting (entity sys_setting, table sys_setting). */
export type SysSettingRow = Columns<Db.SysSettingTable, 'setting_key' | 'setting_value' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Second factor (entity sys_user_totp, table sys_user_totp). */
export type SysUserTotpRow = Columns<Db.SysUserTotpTable, 'id' | 'user_id' | 'enrolled_at' | 'last_step' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Tool (entity tool, table tool). */
export type ToolRow = Columns<Db.ToolTable, 'tool_id' | 'tool_catalog' | 'serial_number' | 'asset_no' | 'store' | 'location' | 'tool_status' | 'last_calibration' | 'calibration_due' | 'calibration_lab' | 'certificate_no' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Tool Catalog (entity tool_catalog, table tool_catalog). */
export type ToolCatalogRow = Columns<Db.ToolCatalogTable, 'id' | 'tool_partnumber' | 'tool_name' | 'manufacturer' | 'tool_type' | 'ata' | 'applicable_types' | 'calibration_required' | 'calibration_interval_days' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Tool Traceability (entity tool_usage, view tool_usage). */
export type ToolUsageRow = Columns<Db.ToolUsageTable, 'usage_key' | 'tool' | 'tool_catalog' | 'serial_number' | 'source' | 'work_order_no' | 'card_seq' | 'card' | 'description' | 'aircraft' | 'signed_on' | 'signed_at' | 'signed_by' | 'last_calibration' | 'since_calibration' | 'compcode'>;

/** Transfer Not Received (entity transfer_in_transit, view transfer_in_transit). */
export type TransferInTransitRow = Columns<Db.TransferInTransitTable, 'trfdtlkey' | 'stock_transfer' | 'transferdate' | 'from_store' | 'to_store' | 'carrier' | 'awb_no' | 'item' | 'serial_number' | 'batch_number' | 'condition' | 'quantity' | 'qty_received' | 'outstanding' | 'days_in_transit' | 'compcode'>;

/** Unserviceable Receipt (entity unserviceable_receipt, table unserviceable_receipt). */
export type UnserviceableReceiptRow = Columns<Db.UnserviceableReceiptTable, 'usreceiptkey' | 'usreceiptno' | 'receiptdate' | 'source' | 'registration' | 'workorder_no' | 'removal_date' | 'removal_reason' | 'store' | 'returned_by' | 'posted' | 'posted_date' | 'reverses' | 'reversed_by' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { lines: UnserviceableReceiptLineRow[] };

/** Unserviceable Receipt Line (entity unserviceable_receipt_line, table unserviceable_receipt_line). */
export type UnserviceableReceiptLineRow = Columns<Db.UnserviceableReceiptLineTable, 'usdtlkey' | 'usreceipt' | 'item' | 'serial_number' | 'batch_number' | 'condition' | 'quantity' | 'unit' | 'tag_no' | 'defect' | 'tsn' | 'csn' | 'tso' | 'cso' | 'disposition' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Usage Ledger (entity usage_ledger, table usage_ledger). */
export type UsageLedgerRow = Columns<Db.UsageLedgerTable, 'ledger_id' | 'aircraft' | 'component' | 'flight_log' | 'component_change' | 'flight_date' | 'kind' | 'd_h' | 'd_c' | 'd_l' | 'd_r' | 'd_apuh' | 'd_apus' | 'd_life' | 'reason' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** User company (entity user_company, table user_company). */
export type UserCompanyRow = Columns<Db.UserCompanyTable, 'id' | 'user_id' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Menu permission (entity user_menu, table user_menu). */
export type UserMenuRow = Columns<Db.UserMenuTable, 'id' | 'user_id' | 'menu_id' | 'permission' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** User per module (entity user_modul, view user_modul). */
export type UserModulRow = Columns<Db.UserModulTable, 'umkey' | 'user_id' | 'username' | 'full_name' | 'jabatan' | 'modulname' | 'menus' | 'letters' | 'compcode'>;

/** User (entity users, table users). */
export type UsersRow = Columns<Db.UsersTable, 'user_id' | 'username' | 'full_name' | 'email' | 'mobile' | 'usergroup' | 'jabatan' | 'departemen' | 'departkd' | 'crewnik' | 'depthead' | 'active' | 'mustchangepw' | 'last_compcode' | 'language' | 'gender' | 'religion' | 'birth_date' | 'birth_city' | 'address1' | 'address2' | 'bank_name' | 'bank_rekno' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'>;

/** Vendor (entity vendor, table vendor). */
export type VendorRow = Columns<Db.VendorTable, 'vendor_id' | 'vendor_code' | 'vendor_name' | 'vendor_type' | 'cage_code' | 'address1' | 'address2' | 'city' | 'country' | 'phone' | 'email' | 'website' | 'contact_person' | 'tax_id' | 'approval_status' | 'approval_ref' | 'approval_expiry' | 'payment_terms' | 'currency' | 'remark' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { items: VendorItemRow[] };

/** Vendor Item (entity vendor_item, table vendor_item). */
export type VendorItemRow = Columns<Db.VendorItemTable, 'id' | 'vendor' | 'master_item' | 'vendor_partnumber' | 'condition' | 'price' | 'currency' | 'min_order_qty' | 'lead_time_days' | 'valid_until' | 'is_preferred' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Webhook Delivery (entity webhook_delivery, table webhook_delivery). */
export type WebhookDeliveryRow = Columns<Db.WebhookDeliveryTable, 'delivery_id' | 'subscription' | 'event_id' | 'event_type' | 'entity_name' | 'record_key' | 'occurred_at' | 'status' | 'attempts' | 'next_attempt_at' | 'lease_until' | 'response_code' | 'last_error' | 'last_attempt_at' | 'delivered_at' | 'replays' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Webhook Subscription (entity webhook_subscription, table webhook_subscription). */
export type WebhookSubscriptionRow = Columns<Db.WebhookSubscriptionTable, 'subscription_id' | 'name' | 'url' | 'events' | 'entities' | 'active' | 'owner_id' | 'secret_hint' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Webhook State Watch (entity webhook_watch, table webhook_watch). */
export type WebhookWatchRow = Columns<Db.WebhookWatchTable, 'id' | 'watch' | 'record_key' | 'state' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Assignment (entity wf_assignment, table wf_assignment). */
export type WfAssignmentRow = Columns<Db.WfAssignmentTable, 'taskassignkey' | 'taskkey' | 'step_seq' | 'assignee' | 'on_behalf_of' | 'assigndate' | 'deadline' | 'actiontake' | 'action_by' | 'message' | 'completeddate' | 'postponed' | 'postuntil' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Workflow (entity wf_definition, table wf_definition). */
export type WfDefinitionRow = Columns<Db.WfDefinitionTable, 'wftypekey' | 'name' | 'title' | 'entity_name' | 'route_name' | 'wf_version' | 'active' | 'description' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { steps: WfStepRow[] };

/** Delegation (entity wf_delegation, table wf_delegation). */
export type WfDelegationRow = Columns<Db.WfDelegationTable, 'id' | 'delegator' | 'delegate' | 'valid_from' | 'valid_to' | 'reason' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Functional approval (entity wf_functional_approval, table wf_functional_approval). */
export type WfFunctionalApprovalRow = Columns<Db.WfFunctionalApprovalTable, 'id' | 'wftypekey' | 'departkd' | 'level' | 'approver' | 'amount_limit' | 'active' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Workflow step (entity wf_step, table wf_step). */
export type WfStepRow = Columns<Db.WfStepTable, 'id' | 'wftypekey' | 'seq' | 'step_name' | 'assign_kind' | 'assign_value' | 'item_kind' | 'deadline_hours' | 'condition_field' | 'condition_op' | 'condition_value' | 'required_approvals' | 'refusal' | 'personal' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Task (entity wf_task, table wf_task). */
export type WfTaskRow = Columns<Db.WfTaskTable, 'taskkey' | 'wftypekey' | 'wf_version' | 'taskname' | 'taskdetail' | 'entity_name' | 'record_key' | 'statuswf' | 'current_step' | 'createdby' | 'createdon' | 'route_name' | 'route_param' | 'pjxhdrkey' | 'steps_snapshot' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { history: WfAssignmentRow[] };

/** Approvals Waiting (entity wf_waiting_step, view wf_waiting_step). */
export type WfWaitingStepRow = Columns<Db.WfWaitingStepTable, 'waiting_key' | 'workflow' | 'step_seq' | 'step_name' | 'label' | 'waiting' | 'oldest_days' | 'compcode'>;

/** Work Order (entity work_order, table work_order). */
export type WorkOrderRow = Columns<Db.WorkOrderTable, 'wo_id' | 'wo_no' | 'wo_date' | 'aircraft' | 'wo_type' | 'title' | 'inspection_group' | 'station' | 'amo' | 'priority' | 'planned_start' | 'planned_end' | 'actual_start' | 'actual_end' | 'ac_fh' | 'ac_fc' | 'est_manhours' | 'statuswf' | 'wo_status' | 'crs_no' | 'crs_date' | 'crs_signed_by' | 'crs_user' | 'crs_auth_no' | 'crs_auth_version' | 'corrects' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'> & { tasks: WorkOrderTaskRow[]; parts: WorkOrderPartRow[]; labour: WorkOrderLabourRow[]; tools: WorkOrderToolRow[] };

/** Labour Booking (entity work_order_labour, table work_order_labour). */
export type WorkOrderLabourRow = Columns<Db.WorkOrderLabourTable, 'wo_labour_id' | 'work_order' | 'task' | 'person' | 'work_date' | 'hours' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Work Order Material Request (entity work_order_material, view work_order_material). */
export type WorkOrderMaterialRow = Columns<Db.WorkOrderMaterialTable, 'reqdtlkey' | 'work_order' | 'aircraft' | 'material_request' | 'requestno' | 'requestdate' | 'priority' | 'statuswf' | 'progress' | 'item' | 'partnumber' | 'itemname' | 'quantity' | 'invunitom' | 'outstand' | 'compcode'>;

/** Work Order Part (entity work_order_part, table work_order_part). */
export type WorkOrderPartRow = Columns<Db.WorkOrderPartTable, 'wo_part_id' | 'work_order' | 'task' | 'item' | 'quantity' | 'unit' | 'remark' | 'mr_line' | 'qty_reserved' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Work Order Progress (entity work_order_progress, view work_order_progress). */
export type WorkOrderProgressRow = Columns<Db.WorkOrderProgressTable, 'wo_id' | 'wo_no' | 'wo_date' | 'aircraft' | 'wo_type' | 'title' | 'inspection_group' | 'planned_start' | 'planned_end' | 'wo_status' | 'statuswf' | 'tasks_total' | 'tasks_done' | 'tasks_open' | 'tasks_deferred' | 'tasks_performed' | 'pc_complete' | 'est_manhours' | 'actual_manhours' | 'booked_manhours' | 'parts_requested' | 'parts_reserved' | 'parts_issued' | 'labour_cost' | 'parts_cost' | 'total_cost' | 'defects_raised' | 'is_late' | 'compcode'>;

/** Work Order Task (entity work_order_task, table work_order_task). */
export type WorkOrderTaskRow = Columns<Db.WorkOrderTaskTable, 'wo_task_id' | 'work_order' | 'seq' | 'task_source' | 'task_code' | 'description' | 'type_inspection' | 'component' | 'installed_component' | 'change_reason' | 'removal_change' | 'installation_change' | 'us_receipt' | 'type_ad' | 'type_sb' | 'defect' | 'due_key' | 'ata' | 'skill' | 'est_manhours' | 'actual_manhours' | 'task_status' | 'done_date' | 'done_by' | 'inspected_by' | 'remark' | 'compliance_record' | 'cert_category' | 'rii' | 'performed_user' | 'performed_at' | 'ac_fh_done' | 'ac_fc_done' | 'certified_user' | 'certified_auth' | 'certified_auth_version' | 'certified_at' | 'inspected_user' | 'inspected_auth' | 'inspected_auth_version' | 'inspected_at' | 'deferral_defect' | 'deferral_due' | 'deferral_reason' | 'defer_mel_category' | 'defer_mel_item' | 'carried_to' | 'carry_target' | 'carry_reason' | 'carried_from' | 'supersedes' | 'correction_reason' | 'superseded_by' | 'superseded_note' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

/** Tool Used (entity work_order_tool, table work_order_tool). */
export type WorkOrderToolRow = Columns<Db.WorkOrderToolTable, 'wo_tool_id' | 'work_order' | 'task' | 'tool' | 'signed' | 'remark' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version' | 'compcode'>;

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
  amo_work_order_tool: AmoWorkOrderToolRow;
  arc_status: ArcStatusRow;
  ata_group: AtaGroupRow;
  canvass_line: CanvassLineRow;
  canvass_quote: CanvassQuoteRow;
  canvass_sheet: CanvassSheetRow;
  canvass_vendor: CanvassVendorRow;
  company: CompanyRow;
  company_sign_in: CompanySignInRow;
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
  programme_revision: ProgrammeRevisionRow;
  programme_revision_change: ProgrammeRevisionChangeRow;
  programme_revision_task: ProgrammeRevisionTaskRow;
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
  records_verification: RecordsVerificationRow;
  registration: RegistrationRow;
  release_certificate: ReleaseCertificateRow;
  reliability_programme: ReliabilityProgrammeRow;
  reliability_report: ReliabilityReportRow;
  reliability_report_chapter: ReliabilityReportChapterRow;
  reliability_report_component: ReliabilityReportComponentRow;
  reliability_report_trend: ReliabilityReportTrendRow;
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
  sys_audit_head: SysAuditHeadRow;
  sys_audit_link: SysAuditLinkRow;
  sys_import_log: SysImportLogRow;
  sys_login_throttle: SysLoginThrottleRow;
  sys_number_series: SysNumberSeriesRow;
  sys_print_job: SysPrintJobRow;
  sys_rate_limit: SysRateLimitRow;
  sys_refresh_token: SysRefreshTokenRow;
  sys_seal: SysSealRow;
  sys_setting: SysSettingRow;
  sys_user_totp: SysUserTotpRow;
  tool: ToolRow;
  tool_catalog: ToolCatalogRow;
  tool_usage: ToolUsageRow;
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
  webhook_delivery: WebhookDeliveryRow;
  webhook_subscription: WebhookSubscriptionRow;
  webhook_watch: WebhookWatchRow;
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
  work_order_tool: WorkOrderToolRow;
}
