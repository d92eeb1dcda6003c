import type { DemoRows } from './index.ts';

/**
 * Demo rows of the maintenance module, part A: masters (inspection groups, component inspection
 * kinds, other info, AMOs, tool catalog and tools, document types), aircraft documents, and the
 * type programme (components with limits and penalties, inspections, LLPs, SBs/ADs with reviews).
 * Format: see index.ts. Hours are integer minutes. "Today" of the demo is 2026-11-22 (accounting
 * period November 2026): document expiries and calibration dues are written around that date.
 *
 * Identifiers part B may reference (unique within each company):
 *
 * inspection_group.code (CTA, GAT, GAH): LINE, A-CHK, C-CHK, OH, HT, STR (structural / ALI)
 * component_inspection_kind.code (CTA, GAT, GAH): IR, OH, RP, BS, HSI (hot section inspection)
 * amo.code: CTA: GAT-AMO, HAEC, LHT-AMO, CTA-AMO (own) | GAT: GAT-AMO (own), HAEC, LHT-AMO, PWC-SGP | GAH: GAT-AMO, HAEC, LHT-AMO
 * document_type.code (CTA, GAT, GAH): COA, COR, ARC, INS, RADIO, NOISE
 *
 * aircraft_type_component.partnumber — type — name (CTA: all 18; GAT: the four marked * per type, plus Bell 412EP)
 *   PW127M*          ATR 72-600      Engine, PW127M turboprop (positions 1, 2)
 *   568F-1*          ATR 72-600      Propeller assembly, 568F six-blade (positions 1, 2)
 *   D23190000-5*     ATR 72-600      Main landing gear assembly (LH, RH)
 *   3214552-3*       ATR 72-600      Brake assembly, main landing gear (x4)
 *   C20195100        ATR 72-600      Main wheel assembly (x4)
 *   441CH1           ATR 72-600      Main battery, Ni-Cd 24 V 43 Ah
 *   CFM56-7B26*      Boeing 737-800  Engine, CFM56-7B26 turbofan (positions 1, 2)
 *   3800708-1*       Boeing 737-800  APU, Honeywell 131-9B (tracks APU hours/starts)
 *   114A1000-9*      Boeing 737-800  Main landing gear assembly (LH, RH)
 *   2-1577-3*        Boeing 737-800  Brake assembly, carbon, main landing gear (x4)
 *   761574B          Boeing 737-800  Integrated drive generator 90 kVA (positions 1, 2)
 *   2206200-4        Boeing 737-800  Air cycle machine (LH, RH pack)
 *   LEAP-1A26*       Airbus A320neo  Engine, LEAP-1A26 turbofan (positions 1, 2)
 *   3800608-3*       Airbus A320neo  APU, Honeywell 131-9A (tracks APU hours/starts)
 *   201585001*       Airbus A320neo  Main landing gear assembly (LH, RH)
 *   2-1701-3*        Airbus A320neo  Brake assembly, carbon, main landing gear (x4)
 *   453-5000         Airbus A320neo  Emergency locator transmitter C406-1
 *   930-1000-001     Airbus A320neo  Weather radar receiver/transmitter RDR-4000
 *   GAT only:
 *   PT6T-3D          Bell 412EP      Engine, PT6T-3D Twin-Pac
 *   412-010-101-133  Bell 412EP      Main rotor yoke (RIN-limited)
 *   412-040-002-109  Bell 412EP      Main transmission
 *   212-010-750-105  Bell 412EP      Tail rotor blade (x2)
 *
 * aircraft_type_inspection.task_code
 *   CTA: ATR-DY, ATR-WY, ATR-A1, ATR-C1, ATR-STR-01, ATR-ENG-01, ATR-HT-01,
 *        B738-DY, B738-WY, B738-A1, B738-C1, B738-STR-01, B738-ENG-01, B738-HT-01,
 *        A20N-DY, A20N-WY, A20N-A1, A20N-C1, A20N-STR-01, A20N-ENG-01, A20N-HT-01
 *   GAT: ATR-DY, ATR-A1, ATR-C1, B738-DY, B738-A1, B738-C1, A20N-DY, A20N-A1, A20N-C1,
 *        B412-DY, B412-300H, B412-600H
 *
 * aircraft_type_llp.partnumber
 *   CTA: 3072551-01, 3072552-01, 3073470-01 (PW127M); 340-002-108-0, 1873M37P01, 301-331-126-0 (CFM56-7B26);
 *        2499M30P03, 2603M53P02, 2489M23P05 (LEAP-1A26); 3822233-1 (131-9B); 3822455-2 (131-9A);
 *        D23191000-3 (ATR MLG); 161A1100-67 (B737 MLG); 201163301 (A320neo MLG)
 *   GAT: 3072551-01, 3073470-01 (PW127M); 340-002-108-0, 1873M37P01 (CFM56-7B26); 2499M30P03, 2603M53P02 (LEAP-1A26);
 *        412-010-190-105 (Bell 412EP main rotor grip)
 *
 * aircraft_type_sb.sb_number
 *   CTA: SB ATR72-32-1156, SB ATR72-28-1098, SB 568F-61-251, SB PW127-72-21878,
 *        SB 737-32-1497, SB 737-57A1309, SB CFM56-7B 72-1024, SB 131-9B-49-7964,
 *        SB A320-32-1482, SB A320-21-1208, SB LEAP-1A 72-0345, SB A320-34-1799
 *   GAT: SB ATR72-32-1156, SB 737-57A1309, SB LEAP-1A 72-0345, SB 412-64-152
 *
 * aircraft_type_ad.ad_number (authority)
 *   CTA: AD 2024-0123 (EASA), AD 2023-0187 (EASA), AD 2022-0211 (EASA), AD CF-2023-41 (TCCA)  — ATR 72-600
 *        AD 2020-16-12 (FAA), AD 2023-02-08 (FAA), AD 2021-19-13 (FAA), AD 2024-09-01 (DGCA)  — Boeing 737-800
 *        AD 2023-0045 (EASA), AD 2024-0201 (EASA), AD 2022-0178 (EASA), AD 2025-0012 (EASA)  — Airbus A320neo
 *   GAT: AD 2024-0123 (EASA), AD 2020-16-12 (FAA), AD 2022-0178 (EASA), AD 2019-22-05 (FAA, Bell 412EP)
 *
 * tool.serial_number (tool_catalog.tool_partnumber in brackets)
 *   CTA: NB-180417 (TW-NB-60), NB-180522 (TW-NB-60), BF-DPS-20331 (DPS1000), OLY-NX-7712 (IPLEX-NX),
 *        MIT-420-0915 (MIT420), TPG-22081 (TPG-200), ATR-JA-004 (D32203016000), N2-KIT-031 (TK-32-N2)
 *   GAT: GTA-TW-0101, GTA-TW-0102, GTA-DPS-0201, GTA-BSC-0301, GTA-CFM-0401, GTA-GPU-0501
 *
 * aircraft_document.document_no: CTA 5 per aircraft ('<type code>/<registration>/<yy>', e.g. 'COA/PK-WFA/26');
 *   PK-WFC INS and PK-WGA RADIO expire within 30 days, PK-WFE COA expired 2026-11-08, PK-WFA INS/PK-WFA/25 superseded.
 *   GAT: COA, COR, INS per own aircraft (PK-GTA, PK-GTB, PK-GTC, PK-GTD, PK-GTE, PK-GTH); PK-GTA COA expires 2026-12-05.
 * tool_catalog.tool_partnumber: TW-NB-60, TW-NB-340, DPS1000, IPLEX-NX, MIT420, TPG-200, D32203016000, TK-32-N2
 *   (all companies), plus 856A1165G01, GPU-90 (GAT, GAH).
 */

type Row = Record<string, unknown>;

const ref = (entity: string, field: string, value: string): string => `@${entity}:${field}=${value}`;
const AT = (typeName: string) => ref('aircraft_type', 'type_name', typeName);
const ATA = (code: string) => ref('ata_group', 'ata_code', code);
const TC = (pn: string) => ref('aircraft_type_component', 'partnumber', pn);
const IK = (code: string) => ref('component_inspection_kind', 'code', code);
const IG = (code: string) => ref('inspection_group', 'code', code);
const AUTH = (code: string) => ref('ad_authority', 'code', code);
const ITEM = (pn: string) => ref('master_item', 'partnumber', pn);
const EK = (model: string) => ref('engine_kind', 'model', model);
const SB = (no: string) => ref('aircraft_type_sb', 'sb_number', no);
const AD = (no: string) => ref('aircraft_type_ad', 'ad_number', no);
const TOOLCAT = (pn: string) => ref('tool_catalog', 'tool_partnumber', pn);
const STORE = (code: string) => ref('store_warehouse', 'store_code', code);
const AC = (reg: string) => ref('aircraft', 'registration', reg);
const DOCTYPE = (code: string) => ref('document_type', 'code', code);

/** Whole flight hours to integer minutes. */
const h = (hours: number): number => hours * 60;

const ATR = 'ATR 72-600';
const B738 = 'Boeing 737-800';
const A20N = 'Airbus A320neo';
const B412 = 'Bell 412EP';

// ---------------------------------------------------------------- masters (all companies)

function inspectionGroups(): Row[] {
  return [
    { code: 'LINE', name: 'Line checks (daily / weekly / transit)', group_kind: 'LINE', is_overhaul: false, is_timelimit: false, seq: 10, description: 'Pre-flight, transit, daily and weekly checks performed by line maintenance.' },
    { code: 'A-CHK', name: 'A-check', group_kind: 'CHECK', is_overhaul: false, is_timelimit: false, seq: 20, description: 'Light base check package of the MPD (A1, A2 ... multiples).' },
    { code: 'C-CHK', name: 'C-check', group_kind: 'CHECK', is_overhaul: false, is_timelimit: false, seq: 30, description: 'Heavy base check package of the MPD (C1, C2 ... multiples), performed in hangar.' },
    { code: 'STR', name: 'Structural inspections / ALI', group_kind: 'STRUCT', is_overhaul: false, is_timelimit: false, seq: 40, description: 'Airworthiness limitation items and structural inspection programme tasks; no tolerance.' },
    { code: 'OH', name: 'Overhaul', group_kind: 'OVERHAUL', is_overhaul: true, is_timelimit: false, seq: 50, description: 'Shop overhaul of components, engines and landing gear; completion resets TSO/CSO (company setting insp_group_overhaul).' },
    { code: 'HT', name: 'Hard time / discard', group_kind: 'TIMELIMIT', is_overhaul: false, is_timelimit: true, seq: 60, description: 'Hard-time replacement and discard items (company setting insp_group_timelimit).' },
  ].map((r) => ({ ...r, active: true }));
}

function inspectionKinds(): Row[] {
  return [
    { code: 'IR', name: 'Inspect / repair (shop visit)', basis: 'TSL', resets_tso: false, removal_required: true, description: 'Shop inspection and repair as necessary per CMM; does not restore TSO/CSO.' },
    { code: 'OH', name: 'Overhaul', basis: 'TSO', resets_tso: true, removal_required: true, description: 'Overhaul per CMM/ESM; zeroes time and cycles since overhaul.' },
    { code: 'RP', name: 'Replace / discard', basis: 'TSN', resets_tso: false, removal_required: true, description: 'Hard-time replacement or discard of the part at its limit.' },
    { code: 'BS', name: 'Bench test / functional test', basis: 'TSL', resets_tso: false, removal_required: true, description: 'Bench or capacity test in the workshop (batteries, ELT, IDG).' },
    { code: 'HSI', name: 'Hot section inspection', basis: 'TSL', resets_tso: false, removal_required: false, description: 'On-wing or shop hot section inspection of a turbine engine.' },
  ].map((r) => ({ ...r, active: true }));
}

function otherInfo(stations: [string, string][]): Row[] {
  const groups: Record<string, [string, string][]> = {
    POSITION: [['1', 'Engine / propeller position 1 (left)'], ['2', 'Engine / propeller position 2 (right)'], ['LH', 'Left hand'], ['RH', 'Right hand'], ['NLG', 'Nose landing gear'], ['LH-OB', 'Left main gear, outboard'], ['LH-IB', 'Left main gear, inboard'], ['RH-IB', 'Right main gear, inboard'], ['RH-OB', 'Right main gear, outboard'], ['APU', 'Auxiliary power unit bay']],
    REMOVAL: [['SCH', 'Scheduled removal (limit reached)'], ['UNS', 'Unscheduled removal (failure / defect)'], ['ROB', 'Robbed for another aircraft'], ['MOD', 'Removed for modification / SB'], ['AD', 'Removed for AD compliance'], ['CONV', 'Convenience removal (access)'], ['LEASE', 'Lease return / exchange']],
    STATION: stations,
    ZONE: [['100', 'Lower half of fuselage'], ['200', 'Upper half of fuselage'], ['300', 'Empennage'], ['400', 'Power plant and nacelles'], ['500', 'Left wing'], ['600', 'Right wing'], ['700', 'Landing gear and doors'], ['800', 'Passenger and cargo doors']],
    SKILL: [['A', 'Category A mechanic (minor scheduled line maintenance)'], ['B1', 'B1 licensed engineer (mechanical)'], ['B2', 'B2 licensed engineer (avionics)'], ['C', 'Category C (base maintenance release)'], ['STR', 'Structures technician'], ['NDT', 'NDT level 2 inspector']],
    DELAY: [['41', 'Aircraft defects'], ['42', 'Scheduled maintenance, late release'], ['43', 'Non-scheduled maintenance, special checks'], ['44', 'Spares and maintenance equipment'], ['45', 'AOG spares to be carried to another station'], ['46', 'Aircraft change for technical reasons'], ['47', 'Standby aircraft lack of planned standby']],
  };
  return Object.entries(groups).flatMap(([info_group, rows]) =>
    rows.map(([code, description], i) => ({ info_group, code, description, seq: (i + 1) * 10, active: true })),
  );
}

function amos(own: 'GAT' | 'CTA' | 'NONE'): Row[] {
  const rows: Row[] = [
    {
      code: 'GAT-AMO', name: 'PT Garuda Aero Technics', approval_number: '145/0006', authority: AUTH('DGCA'), approval_expiry: '2027-08-31',
      amo_kind: own === 'GAT' ? 'OWN' : 'BASE', ratings: 'A1 B737-800, A320neo, ATR 72-600; A3 Bell 412; B1 CFM56-7B, LEAP-1A, PW127M; C-ratings',
      address: 'Hangar 4, Garuda Maintenance Facility, Bandara Soekarno-Hatta', city: 'Tangerang', country: 'Indonesia',
      contact_person: 'Dewi Lestari', phone: '+62 21 550 9000', email: 'quality@gat.example',
      remark: 'Also holds EASA.145.0590 and FAA RS 5GFY194K foreign approvals.',
    },
    {
      code: 'HAEC', name: 'Hong Kong Aircraft Engineering Co. (HAECO)', approval_number: 'EASA.145.0026', authority: AUTH('EASA'), approval_expiry: '2027-03-31',
      amo_kind: 'BASE', ratings: 'A1 A320 family, B737NG; C-ratings landing gear and components',
      address: '80 South Perimeter Road, Hong Kong International Airport', city: 'Hong Kong', country: 'Hong Kong SAR',
      contact_person: 'Raymond Chan', phone: '+852 2767 6111', email: 'customer.support@haeco.example',
    },
    {
      code: 'LHT-AMO', name: 'Lufthansa Technik AG', approval_number: 'DE.145.0001', authority: AUTH('EASA'), approval_expiry: '2026-12-15',
      amo_kind: 'SHOP', ratings: 'B1 CFM56-7B, LEAP-1A; C-ratings APU 131-9, IDG, wheels and brakes',
      address: 'Weg beim Jäger 193', city: 'Hamburg', country: 'Germany',
      contact_person: 'Katrin Vogel', phone: '+49 40 5070 0', email: 'component.services@lht.example',
      remark: 'Approval renewal audit planned December 2026.',
    },
  ];
  if (own === 'CTA') {
    rows.push({
      code: 'CTA-AMO', name: 'Citra Aviation Technical Division', approval_number: '145/0087', authority: AUTH('DGCA'), approval_expiry: '2027-05-31',
      amo_kind: 'OWN', ratings: 'A1 ATR 72-600, A320neo (line); A2 B737-800 (line); B1 PW127M', address: 'Hangar Citra, Bandara Halim Perdanakusuma',
      city: 'Jakarta Timur', country: 'Indonesia', contact_person: 'Hendra Wijaya', phone: '+62 21 809 1122', email: 'quality@citra-aviation.example',
    });
  }
  if (own === 'GAT') {
    rows.push({
      code: 'PWC-SGP', name: 'Pratt & Whitney Canada (SEA) Pte Ltd', approval_number: 'AWI/145/01012', authority: AUTH('TCCA'), approval_expiry: '2026-10-31',
      amo_kind: 'OEM', ratings: 'B1 PW127 series and PT6T engines (overhaul, HSI, on-wing support)', address: '10 Loyang Way', city: 'Singapore', country: 'Singapore',
      contact_person: 'Tan Wei Ming', phone: '+65 6545 2300', email: 'sea.service@pwc.example', remark: 'Approval certificate copy expired; renewal requested 2026-10-15.',
    });
  }
  return rows.map((r) => ({ ...r, active: true }));
}

function documentTypes(): Row[] {
  return [
    { code: 'COA', name: 'Certificate of Airworthiness', category: 'CERT', issuing_authority: 'DGCA (DKPPU)', mandatory: true, expires: true, validity_months: 12, warning_days: 45, description: 'Standard C of A; renewed yearly after the airworthiness review.' },
    { code: 'COR', name: 'Certificate of Registration', category: 'CERT', issuing_authority: 'DGCA (DKPPU)', mandatory: true, expires: true, validity_months: 36, warning_days: 60 },
    { code: 'ARC', name: 'Airworthiness Review Certificate', category: 'APPROVAL', issuing_authority: 'CAMO (delegated)', mandatory: true, expires: true, validity_months: 12, warning_days: 30 },
    { code: 'INS', name: 'Aircraft Hull and Liability Insurance', category: 'INSURANCE', issuing_authority: 'Insurer', mandatory: true, expires: true, validity_months: 12, warning_days: 30 },
    { code: 'RADIO', name: 'Aircraft Radio Station Licence', category: 'LICENCE', issuing_authority: 'Kementerian Komunikasi dan Digital', mandatory: true, expires: true, validity_months: 60, warning_days: 30 },
    { code: 'NOISE', name: 'Noise Certificate', category: 'CERT', issuing_authority: 'DGCA (DKPPU)', mandatory: true, expires: false, validity_months: null, warning_days: 0 },
  ].map((r) => ({ ...r, active: true }));
}

// ---------------------------------------------------------------- tooling

function toolCatalog(withMro: boolean): Row[] {
  const rows: Row[] = [
    { tool_partnumber: 'TW-NB-60', tool_name: 'Torque wrench, 12-60 N·m, 3/8 in drive', manufacturer: 'Norbar Torque Tools', tool_type: 'STANDARD', ata: ATA('20'), applicable_types: 'All types', calibration_required: true, calibration_interval_days: 365 },
    { tool_partnumber: 'TW-NB-340', tool_name: 'Torque wrench, 60-340 N·m, 1/2 in drive', manufacturer: 'Norbar Torque Tools', tool_type: 'STANDARD', ata: ATA('20'), applicable_types: 'All types', calibration_required: true, calibration_interval_days: 365 },
    { tool_partnumber: 'DPS1000', tool_name: 'Pitot-static test set, digital, RVSM', manufacturer: 'Barfield Inc.', tool_type: 'TEST', ata: ATA('34'), applicable_types: 'ATR 72-600, Boeing 737-800, Airbus A320neo', calibration_required: true, calibration_interval_days: 365 },
    { tool_partnumber: 'IPLEX-NX', tool_name: 'Industrial videoscope (borescope), 6 mm x 3.5 m, stereo measurement', manufacturer: 'Olympus / Evident', tool_type: 'TEST', ata: ATA('72'), applicable_types: 'PW127M, CFM56-7B, LEAP-1A', calibration_required: true, calibration_interval_days: 730, remark: 'Measurement function verified every two years.' },
    { tool_partnumber: 'MIT420', tool_name: 'Insulation resistance tester, 50-1000 V', manufacturer: 'Megger', tool_type: 'TEST', ata: ATA('24'), applicable_types: 'All types', calibration_required: true, calibration_interval_days: 365 },
    { tool_partnumber: 'TPG-200', tool_name: 'Digital tyre pressure gauge, 0-300 psi, with inflation head', manufacturer: 'Intercomp', tool_type: 'TEST', ata: ATA('32-40'), applicable_types: 'All types', calibration_required: true, calibration_interval_days: 180 },
    { tool_partnumber: 'D32203016000', tool_name: 'Adapter, main landing gear axle jacking', manufacturer: 'ATR', tool_type: 'SPECIAL', ata: ATA('32'), applicable_types: 'ATR 72-600', calibration_required: false, calibration_interval_days: null, remark: 'AMM 07-11-00 / 32-42-00 wheel and brake change.' },
    { tool_partnumber: 'TK-32-N2', tool_name: 'Nitrogen servicing kit with gauge, 0-5000 psi', manufacturer: 'Tronair', tool_type: 'TEST', ata: ATA('12'), applicable_types: 'All types', calibration_required: true, calibration_interval_days: 365, remark: 'Gauge calibrated; hoses pressure-tested at calibration.' },
  ];
  if (withMro) {
    rows.push(
      { tool_partnumber: '856A1165G01', tool_name: 'Fan blade removal and installation tool set', manufacturer: 'CFM International', tool_type: 'SPECIAL', ata: ATA('72'), applicable_types: 'Boeing 737-800 (CFM56-7B)', calibration_required: false, calibration_interval_days: null },
      { tool_partnumber: 'GPU-90', tool_name: 'Ground power unit, 90 kVA, 115/200 V 400 Hz, diesel', manufacturer: 'TLD Group', tool_type: 'GSE', ata: ATA('24'), applicable_types: 'Boeing 737-800, Airbus A320neo, ATR 72-600', calibration_required: false, calibration_interval_days: null },
    );
  }
  return rows.map((r) => ({ ...r, active: true }));
}

/** CTA tools; demo "today" is 2026-11-22: three calibrations are overdue, one due within 8 days. */
function ctaTools(): Row[] {
  return [
    { tool_catalog: TOOLCAT('TW-NB-60'), serial_number: 'NB-180417', asset_no: 'CTA-T-0012', store: STORE('HLP-MS'), location: 'Tool crib A, drawer 3', tool_status: 'SV', last_calibration: '2025-11-10', calibration_due: '2026-11-10', calibration_lab: 'PT Sucofindo Laboratorium Kalibrasi', certificate_no: 'SCI-KAL-25-11842', remark: 'Calibration overdue: quarantine before next use.' },
    { tool_catalog: TOOLCAT('TW-NB-60'), serial_number: 'NB-180522', asset_no: 'CTA-T-0013', store: STORE('HLP-MS'), location: 'Tool crib A, drawer 3', tool_status: 'SV', last_calibration: '2026-06-02', calibration_due: '2027-06-02', calibration_lab: 'PT Sucofindo Laboratorium Kalibrasi', certificate_no: 'SCI-KAL-26-05310' },
    { tool_catalog: TOOLCAT('DPS1000'), serial_number: 'BF-DPS-20331', asset_no: 'CTA-T-0040', store: STORE('HLP-MS'), location: 'Avionics shop', tool_status: 'CAL', last_calibration: '2025-10-28', calibration_due: '2026-10-28', calibration_lab: 'Trescal Singapore', certificate_no: 'TRS-SG-25-77120', remark: 'Sent to Trescal 2026-10-25, expected back 2026-11-30.' },
    { tool_catalog: TOOLCAT('IPLEX-NX'), serial_number: 'OLY-NX-7712', asset_no: 'CTA-T-0051', store: STORE('HLP-MS'), location: 'Engine shop cabinet 2', tool_status: 'SV', last_calibration: '2025-03-14', calibration_due: '2027-03-14', calibration_lab: 'Olympus Service Centre Singapore', certificate_no: 'OLY-CAL-2503-118' },
    { tool_catalog: TOOLCAT('MIT420'), serial_number: 'MIT-420-0915', asset_no: 'CTA-T-0062', store: STORE('HLP-MS'), location: 'Avionics shop', tool_status: 'SV', last_calibration: '2025-11-30', calibration_due: '2026-11-30', calibration_lab: 'Balai Kalibrasi Direktorat Metrologi', certificate_no: 'DM-25-4471' },
    { tool_catalog: TOOLCAT('TPG-200'), serial_number: 'TPG-22081', asset_no: 'CTA-T-0075', store: STORE('SUB-LS'), location: 'Line office locker 1', tool_status: 'SV', last_calibration: '2026-04-15', calibration_due: '2026-10-12', calibration_lab: 'PT Sucofindo Laboratorium Kalibrasi', certificate_no: 'SCI-KAL-26-02277', remark: 'Calibration overdue; replacement gauge requested from HLP.' },
    { tool_catalog: TOOLCAT('D32203016000'), serial_number: 'ATR-JA-004', asset_no: 'CTA-T-0101', store: STORE('UPG-LS'), location: 'GSE area rack 2', tool_status: 'SV', last_calibration: null, calibration_due: null, calibration_lab: null, certificate_no: null },
    { tool_catalog: TOOLCAT('TK-32-N2'), serial_number: 'N2-KIT-031', asset_no: 'CTA-T-0088', store: STORE('HLP-MS'), location: 'Hangar GSE room', tool_status: 'US', last_calibration: '2025-09-01', calibration_due: '2026-09-01', calibration_lab: 'Balai Kalibrasi Direktorat Metrologi', certificate_no: 'DM-25-3120', remark: 'Gauge glass cracked and calibration overdue; unserviceable label fitted.' },
  ];
}

function gatTools(): Row[] {
  return [
    { tool_catalog: TOOLCAT('TW-NB-60'), serial_number: 'GTA-TW-0101', asset_no: 'GAT-TL-1101', store: STORE('CGK-H4'), location: 'Tool crib 1, shelf B', tool_status: 'SV', last_calibration: '2026-02-15', calibration_due: '2027-02-15', calibration_lab: 'PT Sucofindo Laboratorium Kalibrasi', certificate_no: 'SCI-KAL-26-00981' },
    { tool_catalog: TOOLCAT('TW-NB-340'), serial_number: 'GTA-TW-0102', asset_no: 'GAT-TL-1102', store: STORE('CGK-H4'), location: 'Tool crib 1, shelf B', tool_status: 'SV', last_calibration: '2025-11-05', calibration_due: '2026-11-05', calibration_lab: 'PT Sucofindo Laboratorium Kalibrasi', certificate_no: 'SCI-KAL-25-11020', remark: 'Calibration overdue.' },
    { tool_catalog: TOOLCAT('DPS1000'), serial_number: 'GTA-DPS-0201', asset_no: 'GAT-TL-2201', store: STORE('CGK-H4'), location: 'Avionics workshop', tool_status: 'SV', last_calibration: '2026-04-01', calibration_due: '2027-04-01', calibration_lab: 'Trescal Singapore', certificate_no: 'TRS-SG-26-20415' },
    { tool_catalog: TOOLCAT('IPLEX-NX'), serial_number: 'GTA-BSC-0301', asset_no: 'GAT-TL-3301', store: STORE('DPS-LS'), location: 'On loan to DPS line', tool_status: 'LOAN', last_calibration: '2025-01-20', calibration_due: '2027-01-20', calibration_lab: 'Olympus Service Centre Singapore', certificate_no: 'OLY-CAL-2501-044' },
    { tool_catalog: TOOLCAT('856A1165G01'), serial_number: 'GTA-CFM-0401', asset_no: 'GAT-TL-4401', store: STORE('CGK-H4'), location: 'Engine shop tool store', tool_status: 'SV' },
    { tool_catalog: TOOLCAT('GPU-90'), serial_number: 'GTA-GPU-0501', asset_no: 'GAT-GSE-0501', store: STORE('CGK-H4'), location: 'Apron GSE parking 3', tool_status: 'SV' },
  ];
}

// ---------------------------------------------------------------- aircraft documents

type DocSpec = [code: string, issue: string, expiry: string | null, issuedBy?: string, remark?: string];

/** Rows of one aircraft's documents; document_no is '<type code>/<registration>/<yy of issue>'. */
function aircraftDocs(reg: string, docs: DocSpec[], current = true): Row[] {
  const byCode: Record<string, string> = { COA: 'DGCA (DKPPU)', COR: 'DGCA (DKPPU)', NOISE: 'DGCA (DKPPU)', ARC: 'Citra Aviation CAMO', RADIO: 'Kementerian Komunikasi dan Digital', INS: 'PT Asuransi Jasa Indonesia (Jasindo)' };
  return docs.map(([code, issue, expiry, issuedBy, remark]) => ({
    aircraft: AC(reg),
    document_type: DOCTYPE(code),
    document_no: `${code}/${reg}/${issue.slice(2, 4)}`,
    issue_date: issue,
    expiry_date: expiry,
    issued_by: issuedBy ?? byCode[code],
    place_of_issue: code === 'INS' && issuedBy ? null : 'Jakarta',
    is_current: current,
    remark: remark ?? null,
  }));
}

/** CTA fleet documents (demo "today" 2026-11-22): PK-WFC insurance and PK-WGA radio licence expire within 30 days, PK-WFE C of A expired. */
function ctaDocuments(): Row[] {
  return [
    ...aircraftDocs('PK-WFA', [['COA', '2026-03-10', '2027-03-09'], ['COR', '2025-03-10', '2028-03-09'], ['INS', '2026-04-01', '2027-03-31'], ['RADIO', '2022-03-15', '2027-03-14'], ['NOISE', '2016-03-08', null]]),
    ...aircraftDocs('PK-WFA', [['INS', '2025-04-01', '2026-03-31', undefined, 'Superseded by the 2026/27 fleet policy.']], false),
    ...aircraftDocs('PK-WFB', [['COA', '2026-04-28', '2027-04-27'], ['COR', '2024-04-28', '2027-04-27'], ['INS', '2026-04-01', '2027-03-31'], ['RADIO', '2026-05-10', '2031-05-09'], ['NOISE', '2016-04-26', null]]),
    ...aircraftDocs('PK-WFC', [['COA', '2026-10-21', '2027-10-20'], ['COR', '2025-10-21', '2028-10-20'], ['INS', '2025-12-11', '2026-12-10', 'PT Asuransi Tugu Pratama Indonesia', 'Separate policy since the 2025 hull value review; renewal quotation requested.'], ['RADIO', '2023-10-25', '2028-10-24'], ['NOISE', '2016-10-19', null]]),
    ...aircraftDocs('PK-WFD', [['COA', '2026-07-07', '2027-07-06'], ['COR', '2023-07-07', '2029-07-06'], ['INS', '2026-07-01', '2027-06-30', 'AIG Asia Pacific (lessor policy NAC)'], ['RADIO', '2022-07-12', '2027-07-11'], ['NOISE', '2017-07-05', null]]),
    ...aircraftDocs('PK-WFE', [['COA', '2025-11-09', '2026-11-08', undefined, 'Expired while AOG at UPG; renewal inspection after repair.'], ['COR', '2024-11-01', '2027-10-31'], ['INS', '2026-07-01', '2027-06-30', 'AIG Asia Pacific (lessor policy NAC)'], ['RADIO', '2023-11-05', '2028-11-04'], ['NOISE', '2018-10-30', null]]),
    ...aircraftDocs('PK-WGA', [['COA', '2026-09-02', '2027-09-01'], ['COR', '2024-09-02', '2027-09-01'], ['INS', '2026-04-01', '2027-03-31'], ['RADIO', '2021-12-06', '2026-12-05', undefined, 'Renewal application submitted 2026-11-02.'], ['NOISE', '2021-08-30', null]]),
    ...aircraftDocs('PK-WHA', [['COA', '2026-02-12', '2027-02-11'], ['COR', '2024-10-12', '2027-10-11'], ['INS', '2026-01-01', '2026-12-31', 'PT Asuransi Jasa Indonesia (GAH fleet policy)'], ['RADIO', '2022-02-14', '2027-02-13'], ['NOISE', '2006-10-10', null]]),
  ];
}

/** GAT's own aircraft: C of A, registration and insurance. */
function gatDocuments(): Row[] {
  const fleet: [string, string, string][] = [
    ['PK-GTA', '2025-12-05', 'Stored; C of A kept current for the ferry to the lessor.'],
    ['PK-GTB', '2026-06-14', ''],
    ['PK-GTC', '2026-09-03', ''],
    ['PK-GTD', '2026-07-20', ''],
    ['PK-GTE', '2026-05-10', ''],
    ['PK-GTH', '2026-01-15', ''],
  ];
  return fleet.flatMap(([reg, coa, remark]) => {
    const y = Number(coa.slice(0, 4));
    const coaExpiry = `${y + 1}${coa.slice(4)}`;
    return aircraftDocs(reg, [
      ['COA', coa, coaExpiry, undefined, remark || undefined],
      ['COR', `${y - 1}${coa.slice(4)}`, `${y + 2}${coa.slice(4)}`],
      ['INS', '2026-03-01', '2027-02-28', 'PT Asuransi Tugu Pratama Indonesia'],
    ]);
  });
}

// ---------------------------------------------------------------- type programme: components

function comp(type: string, partnumber: string, partname: string, cls: string, process: string, qty: number, positions: string | null, ata: string | null, extra: Row = {}): Row {
  return {
    aircraft_type: AT(type), partnumber, partname, item: null, ata: ata ? ATA(ata) : null, component_class: cls, maintenance_process: process,
    qty_per_aircraft: qty, positions, is_llp: false, tracks_apu: false, remark: null, ...extra, active: true,
  };
}

const MLG_POS = 'LH-OB, LH-IB, RH-IB, RH-OB';

/** Tracked components of the three airline types (GAT keeps the ones named in GAT_COMPONENTS). */
function typeComponents(only?: string[]): Row[] {
  const rows: Row[] = [
    comp(ATR, 'PW127M', 'Engine, PW127M turboprop', 'ENGINE', 'OC', 2, '1, 2', '72', { remark: 'On condition; HSI at 6,000 FH. The limiter is the LLP with the least remaining cycles.' }),
    comp(ATR, '568F-1', 'Propeller assembly, 568F six-blade composite', 'PROPELLER', 'HT', 2, '1, 2', '61', { remark: 'Collins (Hamilton Sundstrand) 568F; overhaul 12,000 FH or 96 months.' }),
    comp(ATR, 'D23190000-5', 'Main landing gear assembly', 'LG', 'HT', 2, 'LH, RH', '32'),
    comp(ATR, '3214552-3', 'Brake assembly, main landing gear', 'ROTABLE', 'OC', 4, MLG_POS, '32-40', { item: ITEM('3214552-3') }),
    comp(ATR, 'C20195100', 'Main wheel assembly', 'ROTABLE', 'OC', 4, MLG_POS, '32-40', { item: ITEM('C20195100') }),
    comp(ATR, '441CH1', 'Main battery, Ni-Cd 24 V 43 Ah', 'ROTABLE', 'HT', 1, null, '24', { item: ITEM('441CH1') }),
    comp(B738, 'CFM56-7B26', 'Engine, CFM56-7B26 turbofan', 'ENGINE', 'OC', 2, '1, 2', '72', { remark: 'On condition; shop visits planned on EGT margin and LLP limiters.' }),
    comp(B738, '3800708-1', 'APU, Honeywell 131-9B', 'APU', 'OC', 1, 'APU', '49', { tracks_apu: true }),
    comp(B738, '114A1000-9', 'Main landing gear assembly', 'LG', 'HT', 2, 'LH, RH', '32'),
    comp(B738, '2-1577-3', 'Brake assembly, carbon, main landing gear', 'ROTABLE', 'OC', 4, MLG_POS, '32-40', { remark: 'Alternate to 2612312-2 (Honeywell) per IPC 32-42-27.' }),
    comp(B738, '761574B', 'Integrated drive generator, 90 kVA', 'ROTABLE', 'OC', 2, '1, 2', '24', { item: ITEM('761574B') }),
    comp(B738, '2206200-4', 'Air cycle machine', 'ROTABLE', 'OC', 2, 'LH, RH', '21', { item: ITEM('2206200-4') }),
    comp(A20N, 'LEAP-1A26', 'Engine, LEAP-1A26 turbofan', 'ENGINE', 'OC', 2, '1, 2', '72', { remark: 'On condition; HPT borescope every 800 FC per EASA AD 2022-0178.' }),
    comp(A20N, '3800608-3', 'APU, Honeywell 131-9A', 'APU', 'OC', 1, 'APU', '49', { tracks_apu: true }),
    comp(A20N, '201585001', 'Main landing gear assembly', 'LG', 'HT', 2, 'LH, RH', '32'),
    comp(A20N, '2-1701-3', 'Brake assembly, carbon, main landing gear', 'ROTABLE', 'OC', 4, MLG_POS, '32-40'),
    comp(A20N, '453-5000', 'Emergency locator transmitter C406-1', 'ROTABLE', 'HT', 1, null, '25', { item: ITEM('453-5000') }),
    comp(A20N, '930-1000-001', 'Weather radar receiver/transmitter RDR-4000', 'ROTABLE', 'CM', 1, null, '34', { item: ITEM('930-1000-001'), remark: 'Condition monitored; no scheduled limit.' }),
  ];
  return only ? rows.filter((r) => only.includes(r.partnumber as string)) : rows;
}

const GAT_COMPONENTS = ['PW127M', '568F-1', 'D23190000-5', '3214552-3', 'CFM56-7B26', '3800708-1', '114A1000-9', '2-1577-3', 'LEAP-1A26', '3800608-3', '201585001', '2-1701-3'];

function bellComponents(): Row[] {
  return [
    comp(B412, 'PT6T-3D', 'Engine, PT6T-3D Twin-Pac', 'ENGINE', 'HT', 1, '1', '72', { remark: 'Two power sections and the combining gearbox tracked as one engine.' }),
    comp(B412, '412-010-101-133', 'Main rotor yoke', 'LLP', 'HT', 1, null, null, { is_llp: true, remark: 'Retirement in hours or RIN, whichever first (BHT-412-MM-1 chapter 4).' }),
    comp(B412, '412-040-002-109', 'Main transmission', 'ROTABLE', 'HT', 1, null, null),
    comp(B412, '212-010-750-105', 'Tail rotor blade', 'ROTABLE', 'HT', 2, '1, 2', null),
  ];
}

/**
 * A factor row (aircraft-type-component-penalty): `counter` of the part (or of the aircraft when `pn`
 * is null) accrues `factor` × the flight log's `basis` counter. Rows for an operation the flight log
 * does not record (short runway, full-rated take-off, reverser inoperative, hook cycles) are kept
 * for reference but inactive: applied to every flight they would overstate usage.
 */
function penalty(type: string, pn: string | null, counter: string, operation: string, factor: number, source_ref: string, o: { basis?: string; applies?: 'ALWAYS' | 'NO_READING'; remark?: string; active?: boolean; effective?: string } = {}): Row {
  return {
    aircraft_type: AT(type), type_component: pn ? TC(pn) : null, counter, basis: o.basis ?? counter, applies: o.applies ?? 'ALWAYS', operation, factor,
    effective_from: o.effective ?? '2024-01-01', source_ref, remark: o.remark ?? null, active: o.active ?? true,
  };
}

const PER_OPERATION = 'Applies to flights with this operation only; the flight log does not record it yet, so the row is kept for reference and inactive.';

/** APU hours and starts of a type estimated from the flight when the log carries no APU reading. */
function apuEstimate(type: string): Row[] {
  return [
    penalty(type, null, 'APUH', 'No APU reading logged: 0.5 APU hour per flight hour', 0.5, 'CTA EO-49-003 (APU usage survey 2024)', { basis: 'FH', applies: 'NO_READING' }),
    penalty(type, null, 'APUS', 'No APU reading logged: one APU start per flight cycle', 1, 'CTA EO-49-003 (APU usage survey 2024)', { basis: 'FC', applies: 'NO_READING' }),
  ];
}

function ctaPenalties(): Row[] {
  return [
    penalty(ATR, 'PW127M', 'FH', 'Hotel mode ground running (propeller brake engaged)', 1.08, 'CTA EO-72-014 / PW127M EMM 72-00-00', { effective: '2026-11-01', remark: 'Average hotel-mode running measured over 2025, spread over every flight hour from November 2026.' }),
    penalty(ATR, '3214552-3', 'LDG', 'Short runway operation (< 1,400 m, e.g. Labuan Bajo, Ende)', 1.25, 'CTA Reliability Report 2024-Q4', { remark: PER_OPERATION, active: false }),
    penalty(B738, 'CFM56-7B26', 'FC', 'Take-off at full rated thrust 26K (no assumed-temperature derate)', 1.1, 'CFM56-7B ESM 05-11-01 / CTA EO-72-031', { remark: PER_OPERATION, active: false }),
    penalty(A20N, '2-1701-3', 'LDG', 'Landing with one thrust reverser inoperative (MEL 78-30-01)', 1.2, 'CTA EO-32-022', { remark: PER_OPERATION, active: false }),
    ...apuEstimate(B738),
    ...apuEstimate(A20N),
  ];
}

function gatPenalties(): Row[] {
  return [
    penalty(ATR, 'PW127M', 'FH', 'Hotel mode ground running (propeller brake engaged)', 1.08, 'PW127M EMM 72-00-00', { effective: '2026-11-01', remark: 'Fleet average, spread over every flight hour from November 2026.' }),
    penalty(B412, 'PT6T-3D', 'FH', 'Hover and external load operations', 1.25, 'BHT-412-MM-1 chapter 4 / aircraft type penalty factor', { effective: '2026-11-01', remark: 'The operator flies external load work on every sortie of this helicopter from November 2026.' }),
    penalty(B412, '412-010-101-133', 'RIN', 'External load lift (each hook cycle counts twice)', 2, 'BHT-412-MM-1 chapter 4 RIN table', { remark: PER_OPERATION, active: false }),
    ...apuEstimate(B738),
    ...apuEstimate(A20N),
  ];
}

function lim(type: string, pn: string, kind: string, task_code: string, group: string | null, limits: Row): Row {
  return {
    aircraft_type: AT(type), type_component: TC(pn), inspection_kind: IK(kind), task_code, inspection_group: group ? IG(group) : null,
    whichever: 'FIRST', ...limits, active: true,
  };
}

function typeLimits(only?: string[]): Row[] {
  const rows: Row[] = [
    lim(ATR, 'PW127M', 'HSI', 'A72-ENG-HSI', null, { limit_fh: h(6000), tolerance_pc: 10, tolerance_fh: h(300), source_ref: 'PW127M EMM 72-00-00 / ATR MPD 72-00-00' }),
    lim(ATR, 'PW127M', 'OH', 'A72-ENG-OH', 'OH', { limit_fh: h(12000), tolerance_pc: 5, source_ref: 'P&WC ESP soft-time planning limit', remark: 'Soft time for shop-visit planning; the engine itself is on condition.' }),
    lim(ATR, '568F-1', 'OH', 'A72-PRP-OH', 'OH', { limit_fh: h(12000), limit_months: 96, tolerance_pc: 5, tolerance_fh: h(600), source_ref: 'Collins CMM 61-10-68 / ATR MPD 61-10-00' }),
    lim(ATR, 'D23190000-5', 'OH', 'A72-MLG-OH', 'OH', { limit_fc: 20000, limit_months: 120, tolerance_days: 90, source_ref: 'ATR 72 MPD 32-10-00 / Safran CMM 32-11-05' }),
    lim(ATR, '3214552-3', 'IR', 'A72-BRK-IR', null, { limit_landings: 1800, source_ref: 'Safran CMM 32-42-21', remark: 'Planning limit; removed earlier when the wear pin is flush.' }),
    lim(ATR, 'C20195100', 'IR', 'A72-WHL-IR', null, { limit_landings: 350, source_ref: 'Safran CMM 32-41-21 (wheel inspection at each tyre change)' }),
    lim(ATR, '441CH1', 'BS', 'A72-BAT-CAP', null, { limit_fh: h(1500), limit_days: 180, tolerance_days: 15, source_ref: 'Saft CMM 24-31-35 capacity check' }),
    lim(ATR, '441CH1', 'RP', 'A72-BAT-RP', 'HT', { limit_months: 72, source_ref: 'CTA AMP 24-31-00 (battery discard)' }),
    lim(B738, 'CFM56-7B26', 'OH', 'B738-ENG-SV', 'OH', { limit_fh: h(30000), limit_fc: 18000, tolerance_pc: 5, source_ref: 'CFM56-7B workscope planning guide (soft time)' }),
    lim(B738, 'CFM56-7B26', 'HSI', 'B738-ENG-BSI', null, { limit_fc: 1600, tolerance_pc: 10, source_ref: 'AMM 72-00-00 HPT stage 1 borescope (CTA reliability programme)' }),
    lim(B738, '3800708-1', 'IR', 'B738-APU-IR', null, { limit_fh: h(8000), source_ref: 'Honeywell 131-9B MSP soft time', remark: 'Counted in APU hours.' }),
    lim(B738, '114A1000-9', 'OH', 'B738-MLG-OH', 'OH', { limit_fc: 21000, limit_months: 120, tolerance_days: 90, source_ref: '737NG MPD 32-11-00 / Boeing CMM 32-11-01' }),
    lim(B738, '2-1577-3', 'IR', 'B738-BRK-IR', null, { limit_landings: 2200, source_ref: 'Collins CMM 32-42-77' }),
    lim(B738, '761574B', 'BS', 'B738-IDG-BS', null, { limit_fh: h(16000), source_ref: 'Collins CMM 24-21-43 (soft time)' }),
    lim(B738, '2206200-4', 'IR', 'B738-ACM-IR', null, { limit_fh: h(20000), source_ref: 'Collins CMM 21-51-22 (reliability soft time)' }),
    lim(A20N, 'LEAP-1A26', 'OH', 'A20N-ENG-SV', 'OH', { limit_fh: h(25000), limit_fc: 12000, tolerance_pc: 5, source_ref: 'LEAP-1A shop visit planning (soft time)' }),
    lim(A20N, 'LEAP-1A26', 'HSI', 'A20N-ENG-BSI', null, { limit_fc: 800, source_ref: 'EASA AD 2022-0178 / AMM 72-00-00 HPT borescope', remark: 'AD repetitive inspection: no tolerance.' }),
    lim(A20N, '3800608-3', 'IR', 'A20N-APU-IR', null, { limit_fh: h(9000), source_ref: 'Honeywell 131-9A soft time', remark: 'Counted in APU hours.' }),
    lim(A20N, '201585001', 'OH', 'A20N-MLG-OH', 'OH', { limit_fc: 20000, limit_months: 120, tolerance_days: 90, source_ref: 'A320 MPD 32-11-00 / Safran CMM 32-11-15' }),
    lim(A20N, '2-1701-3', 'IR', 'A20N-BRK-IR', null, { limit_landings: 1600, source_ref: 'Collins CMM 32-42-95' }),
    lim(A20N, '453-5000', 'BS', 'A20N-ELT-BS', null, { limit_months: 12, tolerance_days: 30, source_ref: 'A320 MPD 25-62-00 ELT functional test' }),
    lim(A20N, '453-5000', 'RP', 'A20N-ELT-BAT', 'HT', { limit_months: 72, source_ref: 'Artex CMM 25-62-05 battery pack replacement' }),
  ];
  return only ? rows.filter((r) => only.some((pn) => r.type_component === TC(pn))) : rows;
}

function bellLimits(): Row[] {
  return [
    lim(B412, 'PT6T-3D', 'OH', 'B412-ENG-OH', 'OH', { limit_fh: h(4000), tolerance_pc: 5, tolerance_fh: h(100), source_ref: 'P&WC PT6T-3D TBO (SB 5002)' }),
    lim(B412, 'PT6T-3D', 'HSI', 'B412-ENG-HSI', null, { limit_fh: h(2000), tolerance_fh: h(100), source_ref: 'P&WC PT6T-3D EMM 72-00-00' }),
    lim(B412, '412-010-101-133', 'RP', 'B412-MRY-RP', 'HT', { limit_fh: h(10000), limit_rin: 60000, source_ref: 'BHT-412-MM-1 chapter 4 retirement schedule' }),
    lim(B412, '412-040-002-109', 'OH', 'B412-XMSN-OH', 'OH', { limit_fh: h(5000), tolerance_fh: h(50), source_ref: 'BHT-412-MM-1 chapter 4' }),
    lim(B412, '212-010-750-105', 'RP', 'B412-TRB-RP', 'HT', { limit_fh: h(5000), source_ref: 'BHT-412-MM-1 chapter 4 retirement schedule' }),
  ];
}

// ---------------------------------------------------------------- type programme: inspections

function insp(type: string, task_code: string, title: string, group: string, ata: string | null, task_type: string, extra: Row): Row {
  return {
    aircraft_type: AT(type), task_code, title, inspection_group: IG(group), ata: ata ? ATA(ata) : null, task_type,
    whichever: 'FIRST', is_ali: false, repetitive: true, ...extra, active: true,
  };
}

const REF_ATR = 'ATR 72 MPD Rev. 24 / CTA AMP Rev. 11';
const REF_B738 = '737NG MPD D626A001 Rev. July 2024 / CTA AMP Rev. 7';
const REF_A20N = 'A318/A319/A320/A321 MPD Rev. 52 / CTA AMP Rev. 5';

function typeInspections(only?: string[]): Row[] {
  const rows: Row[] = [
    insp(ATR, 'ATR-DY', 'Daily check', 'LINE', '05', 'PKG', { skill: 'B1', est_manhours: 1.5, interval_days: 1, reference: REF_ATR }),
    insp(ATR, 'ATR-WY', 'Weekly check', 'LINE', '05', 'PKG', { skill: 'B1', est_manhours: 4, interval_days: 7, reference: REF_ATR }),
    insp(ATR, 'ATR-A1', 'A-check (1A)', 'A-CHK', '05', 'PKG', { skill: 'B1', est_manhours: 60, interval_fh: h(750), interval_days: 120, tolerance_pc: 10, tolerance_fh: h(75), tolerance_days: 12, reference: REF_ATR }),
    insp(ATR, 'ATR-C1', 'C-check (1C)', 'C-CHK', '05', 'PKG', { skill: 'C', est_manhours: 2200, interval_fh: h(8000), interval_months: 24, tolerance_pc: 10, tolerance_fh: h(500), tolerance_days: 60, reference: REF_ATR }),
    insp(ATR, 'ATR-STR-01', 'Fuselage frame 25 lower junction - detailed inspection (SSID)', 'STR', '53', 'DET', { zone: '100', skill: 'STR', est_manhours: 6, threshold_fc: 30000, interval_fc: 10000, is_ali: true, reference: 'ATR 72 ALS Part 2 task 532101-DET-10' }),
    insp(ATR, 'ATR-ENG-01', 'PW127M HP turbine borescope inspection', 'A-CHK', '72', 'SDI', { zone: '400', skill: 'B1', est_manhours: 4, interval_fh: h(3000), tolerance_pc: 10, tolerance_fh: h(150), reference: 'PW127M EMM 72-00-00 / ATR MPD 720000-SDI-10' }),
    insp(ATR, 'ATR-HT-01', 'Engine fire extinguisher bottle cartridge - discard', 'HT', '26', 'DIS', { zone: '400', skill: 'B1', est_manhours: 2, interval_months: 120, reference: 'ATR 72 MPD 262100-DIS-10' }),
    insp(B738, 'B738-DY', 'Daily check (48 h)', 'LINE', '05', 'PKG', { skill: 'B1', est_manhours: 2, interval_days: 2, reference: REF_B738 }),
    insp(B738, 'B738-WY', 'Weekly check', 'LINE', '05', 'PKG', { skill: 'B1', est_manhours: 5, interval_days: 7, reference: REF_B738 }),
    insp(B738, 'B738-A1', 'A-check', 'A-CHK', '05', 'PKG', { skill: 'B1', est_manhours: 90, interval_fh: h(750), interval_days: 120, tolerance_pc: 10, tolerance_fh: h(75), tolerance_days: 12, reference: REF_B738 }),
    insp(B738, 'B738-C1', 'C-check', 'C-CHK', '05', 'PKG', { skill: 'C', est_manhours: 4500, interval_fh: h(7500), interval_fc: 5000, interval_months: 24, tolerance_pc: 10, tolerance_fh: h(500), tolerance_fc: 500, tolerance_days: 60, reference: REF_B738 }),
    insp(B738, 'B738-STR-01', 'Lower wing skin at stringer S-11 aft of the MLG beam - detailed inspection (AWL)', 'STR', '57', 'DET', { zone: '500/600', skill: 'STR', est_manhours: 12, threshold_fc: 25000, interval_fc: 6000, is_ali: true, reference: '737NG MPD Section 9 AWL 57-110-01' }),
    insp(B738, 'B738-ENG-01', 'CFM56-7B magnetic chip detectors - inspection', 'A-CHK', '79', 'DET', { zone: '400', skill: 'B1', est_manhours: 1.5, interval_fh: h(750), tolerance_pc: 10, reference: '737NG MPD 79-100-01' }),
    insp(B738, 'B738-HT-01', 'Crew oxygen cylinder - hydrostatic test', 'HT', '35', 'RST', { zone: '100', skill: 'B1', est_manhours: 3, interval_months: 60, reference: '737NG MPD 35-110-02 / DOT-3HT' }),
    insp(A20N, 'A20N-DY', 'Daily check (48 h)', 'LINE', '05', 'PKG', { skill: 'B1', est_manhours: 1.5, interval_days: 2, reference: REF_A20N }),
    insp(A20N, 'A20N-WY', 'Weekly check', 'LINE', '05', 'PKG', { skill: 'B1', est_manhours: 4, interval_days: 8, reference: REF_A20N }),
    insp(A20N, 'A20N-A1', 'A-check', 'A-CHK', '05', 'PKG', { skill: 'B1', est_manhours: 120, interval_fh: h(750), interval_fc: 750, interval_days: 120, tolerance_pc: 10, tolerance_fh: h(75), tolerance_fc: 75, tolerance_days: 12, reference: REF_A20N }),
    insp(A20N, 'A20N-C1', 'C-check', 'C-CHK', '05', 'PKG', { skill: 'C', est_manhours: 4000, interval_fh: h(7500), interval_fc: 5000, interval_months: 24, tolerance_pc: 10, tolerance_fh: h(500), tolerance_fc: 500, tolerance_days: 60, reference: REF_A20N }),
    insp(A20N, 'A20N-STR-01', 'Wing-to-fuselage junction, rib 1 lower - detailed inspection (ALS Part 2)', 'STR', '57', 'DET', { zone: '500/600', skill: 'STR', est_manhours: 10, threshold_fc: 24800, interval_fc: 12000, is_ali: true, reference: 'A320 ALS Part 2 task 571101-01-1' }),
    insp(A20N, 'A20N-ENG-01', 'LEAP-1A fan blades and leading edges - detailed visual inspection', 'A-CHK', '72', 'DET', { zone: '400', skill: 'B1', est_manhours: 2, interval_fc: 1000, tolerance_pc: 10, reference: 'A320 MPD 720000-01-1' }),
    insp(A20N, 'A20N-HT-01', 'CVR underwater locator beacon battery - discard', 'HT', '23', 'DIS', { zone: '300', skill: 'B2', est_manhours: 1, interval_months: 72, reference: 'A320 MPD 237300-01-1' }),
  ];
  return only ? rows.filter((r) => only.includes(r.task_code as string)) : rows;
}

const GAT_INSPECTIONS = ['ATR-DY', 'ATR-A1', 'ATR-C1', 'B738-DY', 'B738-A1', 'B738-C1', 'A20N-DY', 'A20N-A1', 'A20N-C1'];

function bellInspections(): Row[] {
  const ref412 = 'BHT-412-MM-1 chapter 5 / GAT AMP Bell 412 Rev. 3';
  return [
    insp(B412, 'B412-DY', 'Daily inspection', 'LINE', '05', 'PKG', { skill: 'B1', est_manhours: 1.5, interval_days: 1, reference: ref412 }),
    insp(B412, 'B412-300H', '300-hour / 12-month inspection', 'A-CHK', '05', 'PKG', { skill: 'B1', est_manhours: 45, interval_fh: h(300), interval_months: 12, tolerance_fh: h(30), tolerance_days: 30, reference: ref412 }),
    insp(B412, 'B412-600H', '600-hour / 24-month inspection', 'C-CHK', '05', 'PKG', { skill: 'C', est_manhours: 160, interval_fh: h(600), interval_months: 24, tolerance_fh: h(60), tolerance_days: 30, reference: ref412 }),
  ];
}

// ---------------------------------------------------------------- type programme: life-limited parts

function llp(type: string, engine: string | null, component: string, partnumber: string, partname: string, module: string, ata: string, fc: number, extra: Row = {}): Row {
  return {
    aircraft_type: AT(type), engine_kind: engine ? EK(engine) : null, type_component: TC(component), partnumber, partname, module, ata: ATA(ata),
    life_limit_fc: fc, life_limit_fh: null, life_limit_months: null, thrust_rating: null, source_ref: null, remark: null, ...extra, active: true,
  };
}

const PW_ALS = 'PW127M EMM 05-10-00 Table 1 (Airworthiness Limitations)';
const CFM_ESM = 'CFM56-7B ESM 05-11-01 (LLP limits)';
const LEAP_EM = 'LEAP-1A EM 05-11-00 (LLP limits)';

function typeLlps(only?: string[]): Row[] {
  const rows: Row[] = [
    llp(ATR, 'PW127M', 'PW127M', '3072551-01', 'Impeller, low pressure compressor', 'LPC', '72', 30000, { source_ref: PW_ALS }),
    llp(ATR, 'PW127M', 'PW127M', '3072552-01', 'Impeller, high pressure compressor', 'HPC', '72', 25000, { source_ref: PW_ALS }),
    llp(ATR, 'PW127M', 'PW127M', '3073470-01', 'Disk, high pressure turbine', 'HPT', '72-50', 20000, { source_ref: PW_ALS }),
    llp(ATR, null, 'D23190000-5', 'D23191000-3', 'Main landing gear sliding rod', 'MLG', '32', 70000, { source_ref: 'ATR 72 ALS Part 4 (life-limited parts)' }),
    llp(B738, 'CFM56-7B26', 'CFM56-7B26', '340-002-108-0', 'Disk, fan stage 1', 'Fan', '72', 30000, { thrust_rating: 'CFM56-7B26', source_ref: CFM_ESM }),
    llp(B738, 'CFM56-7B26', 'CFM56-7B26', '1873M37P01', 'Disk, high pressure turbine stage 1', 'HPT', '72-50', 20000, { thrust_rating: 'CFM56-7B26', source_ref: CFM_ESM }),
    llp(B738, 'CFM56-7B26', 'CFM56-7B26', '301-331-126-0', 'Disk, low pressure turbine stage 1', 'LPT', '72-50', 25000, { thrust_rating: 'CFM56-7B26', source_ref: CFM_ESM }),
    llp(B738, '131-9B', '3800708-1', '3822233-1', 'Impeller, APU load compressor', 'APU', '49', 52000, { source_ref: 'Honeywell 131-9B EMM 49-10-00 Table 801', remark: 'Cycles are APU starts.' }),
    llp(B738, null, '114A1000-9', '161A1100-67', 'Main landing gear outer cylinder', 'MLG', '32', 75000, { source_ref: '737NG Airworthiness Limitations D626A001-CMR section 9' }),
    llp(A20N, 'LEAP-1A26', 'LEAP-1A26', '2499M30P03', 'Disk, fan', 'Fan', '72', 20000, { thrust_rating: 'LEAP-1A26', source_ref: LEAP_EM }),
    llp(A20N, 'LEAP-1A26', 'LEAP-1A26', '2603M53P02', 'Disk, high pressure turbine stage 1', 'HPT', '72-50', 15000, { thrust_rating: 'LEAP-1A26', source_ref: LEAP_EM }),
    llp(A20N, 'LEAP-1A26', 'LEAP-1A26', '2489M23P05', 'Disk, low pressure turbine stage 1', 'LPT', '72-50', 20000, { thrust_rating: 'LEAP-1A26', source_ref: LEAP_EM }),
    llp(A20N, '131-9A', '3800608-3', '3822455-2', 'Turbine wheel, APU', 'APU', '49', 45000, { source_ref: 'Honeywell 131-9A EMM 49-10-00 Table 801', remark: 'Cycles are APU starts.' }),
    llp(A20N, null, '201585001', '201163301', 'Main landing gear main fitting', 'MLG', '32', 60000, { source_ref: 'A320 ALS Part 4 (safe-life parts)' }),
  ];
  return only ? rows.filter((r) => only.includes(r.partnumber as string)) : rows;
}

const GAT_LLPS = ['3072551-01', '3073470-01', '340-002-108-0', '1873M37P01', '2499M30P03', '2603M53P02'];

/**
 * Proration of the CFM56-7B LLP lives published at the 7B26 rating for engines operated at another
 * rating (factor = life at 7B26 / life at the rating, ESM 05-11-01 proration method).
 */
function llpRatings(only?: string[]): Row[] {
  const cfm: [string, number, number][] = [['340-002-108-0', 30000, 25000], ['1873M37P01', 20000, 16000], ['301-331-126-0', 25000, 21000]];
  return cfm
    .filter(([pn]) => !only || only.includes(pn))
    .flatMap(([pn, life, bump]) => [
      { type_llp: ref('aircraft_type_llp', 'partnumber', pn), thrust_rating: 'CFM56-7B27', factor: Math.round((life / bump) * 1000) / 1000, life_limit_fc: bump },
      { type_llp: ref('aircraft_type_llp', 'partnumber', pn), thrust_rating: 'CFM56-7B24', factor: 1, life_limit_fc: life },
    ]);
}

function bellLlps(): Row[] {
  return [
    llp(B412, null, '412-010-101-133', '412-010-190-105', 'Main rotor grip', 'Main rotor', '61', 40000, { life_limit_fh: h(15000), source_ref: 'BHT-412-MM-1 chapter 4 retirement schedule', remark: 'Cycle life counted in RIN.' }),
  ];
}

// ---------------------------------------------------------------- type programme: service bulletins

function sb(type: string, sb_number: string, revision: string, title: string, issuer: string, ata: string | null, issue: string, revised: string | null, category: string, extra: Row = {}): Row {
  return {
    aircraft_type: AT(type), sb_number, revision, title, issuer, ata: ata ? ATA(ata) : null, issue_date: issue, revision_date: revised, category,
    applies_to_partnumber: null, related_ad: null, is_recurring: false, ...extra, active: true,
  };
}

function typeSbs(only?: string[]): Row[] {
  const rows: Row[] = [
    sb(ATR, 'SB ATR72-32-1156', '1', 'Main landing gear side brace - inspection of the upper attachment lug and replacement of bushings', 'ATR', '32', '2023-06-12', '2024-02-20', 'MANDATORY', { related_ad: 'AD 2024-0123', is_recurring: true, interval_fc: 4000, est_manhours: 14, effectivity: 'ATR 72-212A MSN 1000 to 1520 not modified by mod 8455.' }),
    sb(ATR, 'SB ATR72-28-1098', '0', 'Fuel quantity indication - replacement of fuel probes by improved design', 'ATR', '28', '2022-09-15', null, 'RECOMMENDED', { est_manhours: 22, effectivity: 'ATR 72-212A MSN 1100 to 1450.' }),
    sb(ATR, 'SB 568F-61-251', '2', 'Propeller blade de-icing heater - inspection of the erosion shield bond line', 'Collins Aerospace (Hamilton Sundstrand)', '61', '2021-04-10', '2023-08-01', 'RECOMMENDED', { applies_to_partnumber: '568F-1', est_manhours: 3, effectivity: 'Blades 568F-1 with serial numbers FR1200 to FR4500.' }),
    sb(ATR, 'SB PW127-72-21878', '0', 'No. 6/7 bearing oil scavenge tube - replacement with improved tube', 'Pratt & Whitney Canada', '72', '2025-03-05', null, 'RECOMMENDED', { applies_to_partnumber: 'PW127M', est_manhours: 8, effectivity: 'PW127M engines S/N ED1001 to ED1380.' }),
    sb(B738, 'SB 737-32-1497', '0', 'Main landing gear trunnion pin - inspection for corrosion and chrome plating damage', 'Boeing', '32', '2022-11-03', null, 'RECOMMENDED', { est_manhours: 24, effectivity: '737-600/-700/-800/-900 line numbers 1 to 3500.' }),
    sb(B738, 'SB 737-57A1309', '1', 'Lower wing skin at stringer S-11 - repetitive detailed and eddy current inspection', 'Boeing', '57', '2022-04-21', '2023-01-12', 'ALERT', { related_ad: 'AD 2023-02-08', is_recurring: true, interval_fc: 3000, est_manhours: 16, effectivity: '737-800 line numbers 1 to 3100 with 22,000 FC or more.' }),
    sb(B738, 'SB CFM56-7B 72-1024', '3', 'HPT stage 1 blades - introduction of improved blade P/N 1864M90P04', 'CFM International', '72-50', '2019-08-22', '2024-05-10', 'RECOMMENDED', { applies_to_partnumber: 'CFM56-7B26', effectivity: 'CFM56-7B engines with pre-SB blades; accomplish at shop visit.' }),
    sb(B738, 'SB 131-9B-49-7964', '0', 'APU generator cooling air duct - replacement of V-band clamp', 'Honeywell Aerospace', '49', '2020-02-14', null, 'OPTIONAL', { applies_to_partnumber: '3800708-1', est_manhours: 2, effectivity: 'APU 131-9B S/N P-1001 to P-4800.' }),
    sb(A20N, 'SB A320-32-1482', '0', 'MLG retraction actuator - replacement of the rod end', 'Airbus', '32', '2024-01-18', null, 'RECOMMENDED', { est_manhours: 10, effectivity: 'A320-251N MSN 7000 to 11000 pre mod 171522.' }),
    sb(A20N, 'SB A320-21-1208', '1', 'Pack outlet temperature sensor - introduction of new part number', 'Airbus', '21', '2021-05-27', '2022-03-15', 'OPTIONAL', { est_manhours: 3, effectivity: 'A320neo family pre mod 160123.' }),
    sb(A20N, 'SB LEAP-1A 72-0345', '2', 'HPT stage 1 blades - borescope inspection for coating loss', 'CFM International', '72-50', '2022-06-30', '2023-11-20', 'MANDATORY', { applies_to_partnumber: 'LEAP-1A26', related_ad: 'AD 2022-0178', is_recurring: true, interval_fc: 800, est_manhours: 4, effectivity: 'LEAP-1A engines with pre-SB 72-0290 HPT stage 1 blades.' }),
    sb(A20N, 'SB A320-34-1799', '0', 'Weather radar RDR-4000 - software load 3.2 (predictive windshear improvement)', 'Airbus', '34', '2025-06-09', null, 'RECOMMENDED', { applies_to_partnumber: '930-1000-001', est_manhours: 2, effectivity: 'Aircraft with RDR-4000 R/T P/N 930-1000-001.' }),
  ];
  return only ? rows.filter((r) => only.includes(r.sb_number as string)) : rows;
}

const GAT_SBS = ['SB ATR72-32-1156', 'SB 737-57A1309', 'SB LEAP-1A 72-0345'];

function bellSbs(): Row[] {
  return [
    sb(B412, 'SB 412-64-152', '0', 'Tail rotor blade - inspection of the abrasion strip bond line', 'Bell Textron', null, '2024-08-19', null, 'ALERT', { applies_to_partnumber: '212-010-750-105', is_recurring: true, interval_fh: h(100), est_manhours: 1.5, effectivity: 'Tail rotor blades 212-010-750-105 S/N A-1000 to A-5999.' }),
  ];
}

function sbRev(no: string, review_date: string, reviewed_by: string, applicability: string, decision: string, reason: string, extra: Row = {}): Row {
  return { type_sb: SB(no), review_date, reviewed_by, applicability, decision, reason, effectivity_note: null, target_date: null, statuswf: '111', ...extra };
}

const CTA_PWR = 'Rahmat Hidayat (Powerplant Engineer)';
const CTA_STR = 'Yuliana Sari (Structures Engineer)';
const CTA_SYS = 'Agus Setiawan (Systems Engineer)';
const GAT_ENG = 'Ir. Made Wirawan (Technical Services)';

function ctaSbReviews(): Row[] {
  return [
    sbRev('SB ATR72-32-1156', '2024-03-11', CTA_STR, 'APPLICABLE', 'AT_CHECK', 'All five ATR 72-600 (MSN 1302 to 1502) are within effectivity and mod 8455 is not embodied. Initial inspection at the next A-check; bushing replacement (terminating action of AD 2024-0123) at the next C-check.', { effectivity_note: 'PK-WFA to PK-WFE', target_date: '2027-01-31' }),
    sbRev('SB ATR72-28-1098', '2022-11-02', CTA_SYS, 'APPLICABLE', 'ON_FAILURE', 'MSN 1302 to 1421 within effectivity; MSN 1502 delivered with the new probes. Two probe removals in 24 months: incorporate on failure.', { effectivity_note: 'PK-WFA, PK-WFB, PK-WFC, PK-WFD' }),
    sbRev('SB 568F-61-251', '2023-09-14', CTA_PWR, 'NOT_APPLICABLE', 'NONE', 'All CTA propeller blades have serial numbers above FR4500 (component records checked 2023-09); erosion shields already of the improved standard.'),
    sbRev('SB PW127-72-21878', '2025-04-22', CTA_PWR, 'APPLICABLE', 'ON_FAILURE', 'Nine of ten installed PW127M engines are within the serial range. Incorporate at the next HSI or shop visit; no on-wing action.', { effectivity_note: 'All ATR engines except S/N ED1402', target_date: '2027-12-31', statuswf: '100' }),
    sbRev('SB 737-32-1497', '2023-01-16', CTA_STR, 'APPLICABLE', 'AT_CHECK', 'PK-WHA (LN 2011) within effectivity. Incorporate at the next C-check, coordinated with the owner (GAH CAMO) under the wet-lease agreement.', { effectivity_note: 'PK-WHA', target_date: '2027-03-31' }),
    sbRev('SB 737-57A1309', '2023-02-06', CTA_STR, 'APPLICABLE', 'INCORPORATE', 'Mandated by FAA AD 2023-02-08; PK-WHA (31,240 FC) is above the 22,000 FC threshold. Repetitive inspection every 3,000 FC entered in the AMP.', { effectivity_note: 'PK-WHA', target_date: '2023-05-31' }),
    sbRev('SB CFM56-7B 72-1024', '2024-06-03', CTA_PWR, 'APPLICABLE', 'ON_FAILURE', 'Both engines of PK-WHA have pre-SB blades. Incorporate at the next engine shop visit; improved blades P/N 1864M90P04 are stocked.', { effectivity_note: 'PK-WHA engines 1 and 2' }),
    sbRev('SB 131-9B-49-7964', '2026-11-16', CTA_SYS, 'NOT_APPLICABLE', 'NONE', 'APU S/N P-5012 fitted to PK-WHA is outside the serial range (post-SB standard from production).', { statuswf: '000' }),
    sbRev('SB A320-32-1482', '2024-02-26', CTA_STR, 'APPLICABLE', 'AT_CHECK', 'PK-WGA (MSN 10458) pre mod 171522. Incorporate at the next C-check together with the MLG lubrication tasks.', { effectivity_note: 'PK-WGA', target_date: '2027-05-31' }),
    sbRev('SB A320-21-1208', '2022-04-04', CTA_SYS, 'NOT_APPLICABLE', 'NONE', 'MSN 10458 delivered with mod 160123 (new sensor) embodied in production.'),
    sbRev('SB LEAP-1A 72-0345', '2023-12-04', CTA_PWR, 'APPLICABLE', 'INCORPORATE', 'Both LEAP-1A26 engines of PK-WGA have pre-SB 72-0290 HPT blades. Repetitive borescope every 800 FC as required by EASA AD 2022-0178.', { effectivity_note: 'PK-WGA engines 1 and 2' }),
    sbRev('SB A320-34-1799', '2025-07-14', CTA_SYS, 'APPLICABLE', 'INCORPORATE', 'Software load improves predictive windshear alerts. Approval rejected: the lessor (Avolon) must consent to a configuration change first; resubmit with lessor approval.', { effectivity_note: 'PK-WGA', statuswf: '110' }),
  ];
}

function gatSbReviews(): Row[] {
  return [
    sbRev('SB ATR72-32-1156', '2024-03-20', GAT_ENG, 'APPLICABLE', 'AT_CHECK', 'PK-GTC (MSN 1188) and PK-GTD (MSN 1254) within effectivity. Bushing replacement at the C-check of PK-GTD now in progress; PK-GTC at its next C-check.', { effectivity_note: 'PK-GTC, PK-GTD', target_date: '2027-02-28' }),
    sbRev('SB 737-57A1309', '2023-02-13', GAT_ENG, 'APPLICABLE', 'INCORPORATE', 'PK-GTA and PK-GTB are above 22,000 FC. Repetitive inspection every 3,000 FC; PK-GTA stored, inspection before return to service.', { effectivity_note: 'PK-GTA, PK-GTB' }),
    sbRev('SB LEAP-1A 72-0345', '2023-12-11', GAT_ENG, 'APPLICABLE', 'INCORPORATE', 'PK-GTE engines pre-SB 72-0290; repetitive borescope per EASA AD 2022-0178.', { effectivity_note: 'PK-GTE' }),
    sbRev('SB 412-64-152', '2024-09-02', GAT_ENG, 'APPLICABLE', 'INCORPORATE', 'Both tail rotor blades of PK-GTH (S/N A-3120, A-3127) within the serial range; inspection added to the daily check package.', { effectivity_note: 'PK-GTH', statuswf: '100' }),
  ];
}

// ---------------------------------------------------------------- type programme: airworthiness directives

function ad(type: string, authority: string, ad_number: string, title: string, ata: string | null, subject: string, issue: string, effective: string, compliance: string, extra: Row = {}): Row {
  return {
    aircraft_type: AT(type), authority: AUTH(authority), ad_number, amendment: null, title, ata: ata ? ATA(ata) : null, ad_subject: subject,
    applies_to_partnumber: null, issue_date: issue, effective_date: effective, related_sb: null, supersedes: null, compliance,
    is_recurring: false, whichever: 'FIRST', terminating_action: null, ...extra, active: true,
  };
}

function typeAds(only?: string[]): Row[] {
  const rows: Row[] = [
    ad(ATR, 'EASA', 'AD 2024-0123', 'Landing gear - main landing gear side brace upper attachment lug - inspection and bushing replacement', '32', 'AIRFRAME', '2024-06-14', '2024-06-28', 'Within 2,000 FC after the effective date, inspect the side brace upper attachment lug; repeat every 4,000 FC.', { related_sb: 'SB ATR72-32-1156', threshold_fc: 2000, is_recurring: true, interval_fc: 4000, terminating_action: 'Replacement of the bushings per SB ATR72-32-1156 Revision 1 (mod 8455).' }),
    ad(ATR, 'EASA', 'AD 2023-0187', 'Flight controls - elevator trim tab actuator attachment fitting - inspection', '27', 'AIRFRAME', '2023-10-20', '2023-11-03', 'Within 600 FH after the effective date, detailed inspection of the fitting; replace if cracked.', { threshold_fh: h(600) }),
    ad(ATR, 'EASA', 'AD 2022-0211', 'Propellers - 568F blades - inspection of the blade retention taper bore for corrosion', '61', 'PROPELLER', '2022-10-10', '2022-10-24', 'Before exceeding 5,000 FH since new or since last blade overhaul, and thereafter every 5,000 FH.', { applies_to_partnumber: '568F-1', related_sb: 'SB 568F-61-240', threshold_fh: h(5000), is_recurring: true, interval_fh: h(5000) }),
    ad(ATR, 'TCCA', 'AD CF-2023-41', 'Engines - PW127 series - HP turbine stage 1 blades of a suspect batch - replacement', '72-50', 'ENGINE', '2023-08-22', '2023-09-05', 'Replace the suspect blades at the next shop visit or before 3,000 FH after the effective date, whichever comes first.', { applies_to_partnumber: 'PW127M', related_sb: 'SB PW127-72-21850', threshold_fh: h(3000) }),
    ad(B738, 'FAA', 'AD 2020-16-12', 'CFM56-7B engines - fan blade dovetail - ultrasonic inspection', '72', 'ENGINE', '2020-07-24', '2020-08-28', 'Before 20,000 cycles since new, ultrasonic inspection of each fan blade dovetail; repeat every 3,000 cycles.', { applies_to_partnumber: 'CFM56-7B26', related_sb: 'SB CFM56-7B 72-1033', threshold_fc: 20000, is_recurring: true, interval_fc: 3000 }),
    ad(B738, 'FAA', 'AD 2023-02-08', 'Wings - lower wing skin at stringer S-11 - repetitive inspections', '57', 'AIRFRAME', '2023-01-20', '2023-02-24', 'Before 22,000 total FC or within 1,200 FC after the effective date, whichever comes later; repeat every 3,000 FC.', { related_sb: 'SB 737-57A1309', threshold_fc: 1200, is_recurring: true, interval_fc: 3000, whichever: 'LATER' }),
    ad(B738, 'FAA', 'AD 2021-19-13', 'Landing gear - MLG beam to side-of-body fitting bolts - replacement', '32', 'AIRFRAME', '2021-09-10', '2021-10-15', 'Within 6,000 FC after the effective date, replace the fitting bolts with Inconel bolts.', { threshold_fc: 6000, terminating_action: 'Installation of Inconel bolts.' }),
    ad(B738, 'DGCA', 'AD 2024-09-01', 'Emergency equipment - 406 MHz ELT - programming with the Indonesian country code and registration', '25', 'APPLIANCE', '2024-09-05', '2024-09-20', 'Before 31 December 2024, reprogram each 406 MHz ELT and register it with BASARNAS.', { applies_to_partnumber: '453-5000', compliance_date: '2024-12-31' }),
    ad(A20N, 'EASA', 'AD 2023-0045', 'Fuel - fuel pump canister electrical connector - inspection', '28', 'AIRFRAME', '2023-02-27', '2023-03-13', 'Within 1,500 FH after the effective date, inspect the connector and replace damaged pins.', { threshold_fh: h(1500) }),
    ad(A20N, 'EASA', 'AD 2024-0201', 'Doors - passenger door escape slide - replacement of the inflation reservoir', '52', 'APPLIANCE', '2024-10-14', '2024-10-28', 'Within 24 months after the effective date, replace reservoirs of the affected serial range.', { compliance_date: '2026-10-28' }),
    ad(A20N, 'EASA', 'AD 2022-0178', 'Engines - LEAP-1A - HPT stage 1 blades - repetitive borescope inspections', '72-50', 'ENGINE', '2022-08-25', '2022-09-08', 'Within 800 FC after the effective date, borescope inspection of the HPT stage 1 blades; repeat every 800 FC.', { applies_to_partnumber: 'LEAP-1A26', related_sb: 'SB LEAP-1A 72-0345', threshold_fc: 800, is_recurring: true, interval_fc: 800, terminating_action: 'Installation of post-SB 72-0290 HPT stage 1 blades.' }),
    ad(A20N, 'EASA', 'AD 2025-0012', 'APU 131-9A - oil cooler fan blades - inspection', '49', 'APPLIANCE', '2025-01-16', '2025-01-30', 'Within 1,000 APU hours after the effective date, inspect the oil cooler fan; repeat every 2,000 APU hours.', { applies_to_partnumber: '3800608-3', threshold_fh: h(1000), is_recurring: true, interval_fh: h(2000) }),
  ];
  return only ? rows.filter((r) => only.includes(r.ad_number as string)) : rows;
}

const GAT_ADS = ['AD 2024-0123', 'AD 2020-16-12', 'AD 2022-0178'];

function bellAds(): Row[] {
  return [
    ad(B412, 'FAA', 'AD 2019-22-05', 'Bell 412 - main rotor yoke - inspection for cracks in the flexure area', '61', 'AIRFRAME', '2019-10-24', '2019-11-28', 'Within 25 FH, inspect the yoke flexure area; repeat every 100 FH.', { applies_to_partnumber: '412-010-101-133', threshold_fh: h(25), is_recurring: true, interval_fh: h(100) }),
  ];
}

function adRev(no: string, review_date: string, reviewed_by: string, applicability: string, reason: string, extra: Row = {}): Row {
  return { type_ad: AD(no), review_date, reviewed_by, applicability, reason, compliance_method: null, effectivity_note: null, statuswf: '111', ...extra };
}

function ctaAdReviews(): Row[] {
  return [
    adRev('AD 2024-0123', '2024-07-01', CTA_STR, 'APPLICABLE', 'All CTA ATR 72-600 are within the applicability (pre mod 8455).', { compliance_method: 'Initial inspection per SB ATR72-32-1156 Rev. 1 at A-check, repeat every 4,000 FC; bushing replacement at the next C-check terminates the repeats.', effectivity_note: 'PK-WFA to PK-WFE' }),
    adRev('AD 2023-0187', '2023-11-06', CTA_STR, 'NOT_APPLICABLE', 'Applies to ATR 72-212A MSN 1250 to 1300 pre mod 7890; the CTA fleet is MSN 1302 to 1502.'),
    adRev('AD 2022-0211', '2022-10-31', CTA_PWR, 'APPLICABLE', 'All 568F-1 propellers of the ATR fleet are affected.', { compliance_method: 'Taper bore inspection per SB 568F-61-240 at propeller shop visit or every 5,000 FH, whichever first (tracked as recurring AD).', effectivity_note: 'PK-WFA to PK-WFE, all propeller positions' }),
    adRev('AD CF-2023-41', '2023-09-11', CTA_PWR, 'APPLICABLE', 'Engines ED1233 and ED1240 (PK-WFB) had HPT stage 1 blades from the suspect batch; the other engines were checked and are not affected.', { compliance_method: 'Blades replaced during the HSI at P&WC Singapore, March 2024.', effectivity_note: 'PK-WFB engines 1 and 2' }),
    adRev('AD 2020-16-12', '2020-09-07', CTA_PWR, 'APPLICABLE', 'Both CFM56-7B26 engines of PK-WHA are above 20,000 cycles since new.', { compliance_method: 'Ultrasonic inspection per CFM SB 72-1033 every 3,000 cycles, performed by GAT under the wet-lease maintenance agreement.', effectivity_note: 'PK-WHA engines 1 and 2' }),
    adRev('AD 2023-02-08', '2023-02-27', CTA_STR, 'APPLICABLE', 'PK-WHA (LN 2011, 31,240 FC) is above 22,000 FC: the 1,200 FC grace period applies (whichever later).', { compliance_method: 'Detailed and eddy current inspection per SB 737-57A1309 Rev. 1, repeat every 3,000 FC.', effectivity_note: 'PK-WHA' }),
    adRev('AD 2021-19-13', '2021-10-18', CTA_STR, 'NOT_APPLICABLE', 'Applies to 737-800 line numbers 4200 and after (production change of the fitting); PK-WHA is LN 2011.'),
    adRev('AD 2024-09-01', '2024-09-23', CTA_SYS, 'APPLICABLE', 'All aircraft with 406 MHz ELTs on the Indonesian register; entered on the Boeing 737-800 programme, the ATR and A320neo ELTs are handled under the same work order.', { compliance_method: 'ELT reprogrammed and registered with BASARNAS, December 2024.', effectivity_note: 'Whole fleet' }),
    adRev('AD 2023-0045', '2023-03-20', CTA_SYS, 'APPLICABLE', 'PK-WGA fuel pump canisters are of the affected part number.', { compliance_method: 'Connector inspection per Airbus AOT A28N004-23 at A-check, no damage found.', effectivity_note: 'PK-WGA' }),
    adRev('AD 2024-0201', '2024-11-04', CTA_SYS, 'NOT_APPLICABLE', 'The escape slide reservoirs fitted to PK-WGA are outside the affected serial range (checked against slide records, November 2024).'),
    adRev('AD 2022-0178', '2022-09-12', CTA_PWR, 'APPLICABLE', 'Both LEAP-1A26 engines of PK-WGA have pre-SB 72-0290 HPT stage 1 blades.', { compliance_method: 'Borescope per SB LEAP-1A 72-0345 every 800 FC, tracked as component limit A20N-ENG-BSI.', effectivity_note: 'PK-WGA engines 1 and 2' }),
    adRev('AD 2025-0012', '2026-11-18', CTA_SYS, 'APPLICABLE', 'APU 131-9A of PK-WGA is of the affected configuration.', { compliance_method: 'Fan inspection at next A-check, repeat every 2,000 APU hours.', effectivity_note: 'PK-WGA', statuswf: '100' }),
  ];
}

function gatAdReviews(): Row[] {
  return [
    adRev('AD 2024-0123', '2024-07-08', GAT_ENG, 'APPLICABLE', 'PK-GTC and PK-GTD are pre mod 8455.', { compliance_method: 'Per SB ATR72-32-1156 Rev. 1; terminating action at C-check.', effectivity_note: 'PK-GTC, PK-GTD' }),
    adRev('AD 2020-16-12', '2020-09-14', GAT_ENG, 'APPLICABLE', 'Engines of PK-GTA and PK-GTB are above 20,000 cycles since new.', { compliance_method: 'Ultrasonic inspection in the GAT engine shop every 3,000 cycles.', effectivity_note: 'PK-GTA, PK-GTB' }),
    adRev('AD 2022-0178', '2022-09-19', GAT_ENG, 'APPLICABLE', 'PK-GTE engines have pre-SB HPT blades.', { compliance_method: 'Borescope every 800 FC per SB LEAP-1A 72-0345.', effectivity_note: 'PK-GTE' }),
    adRev('AD 2019-22-05', '2019-12-02', GAT_ENG, 'APPLICABLE', 'The main rotor yoke of PK-GTH is of the affected part number.', { compliance_method: 'Flexure inspection every 100 FH, in the 100-hour card.', effectivity_note: 'PK-GTH', statuswf: '000' }),
  ];
}

// ---------------------------------------------------------------- companies

const CTA: Record<string, Row[]> = {
  inspection_group: inspectionGroups(),
  component_inspection_kind: inspectionKinds(),
  other_info: otherInfo([['HLP', 'Jakarta Halim Perdanakusuma (main base)'], ['SUB', 'Surabaya Juanda (line station)'], ['UPG', 'Makassar Sultan Hasanuddin (line station)'], ['DPS', 'Denpasar Ngurah Rai (transit)']]),
  amo: amos('CTA'),
  document_type: documentTypes(),
  tool_catalog: toolCatalog(false),
  tool: ctaTools(),
  aircraft_document: ctaDocuments(),
  aircraft_type_component: typeComponents(),
  aircraft_type_component_penalty: ctaPenalties(),
  aircraft_type_component_limit: typeLimits(),
  aircraft_type_inspection: typeInspections(),
  aircraft_type_llp: typeLlps(),
  llp_rating_factor: llpRatings(),
  aircraft_type_sb: typeSbs(),
  sb_review: ctaSbReviews(),
  aircraft_type_ad: typeAds(),
  ad_review: ctaAdReviews(),
};

/** MRO: the same masters and a lighter programme for its types, including the Bell 412EP. */
const GAT: Record<string, Row[]> = {
  inspection_group: inspectionGroups(),
  component_inspection_kind: inspectionKinds(),
  other_info: otherInfo([['CGK', 'Jakarta Soekarno-Hatta (main base, Hangar 4)'], ['DPS', 'Denpasar Ngurah Rai (line station)'], ['BDO', 'Bandung Husein Sastranegara (helicopter base)']]),
  amo: amos('GAT'),
  document_type: documentTypes(),
  tool_catalog: toolCatalog(true),
  tool: gatTools(),
  aircraft_document: gatDocuments(),
  aircraft_type_component: [...typeComponents(GAT_COMPONENTS), ...bellComponents()],
  aircraft_type_component_penalty: gatPenalties(),
  aircraft_type_component_limit: [...typeLimits(GAT_COMPONENTS), ...bellLimits()],
  aircraft_type_inspection: [...typeInspections(GAT_INSPECTIONS), ...bellInspections()],
  aircraft_type_llp: [...typeLlps(GAT_LLPS), ...bellLlps()],
  llp_rating_factor: llpRatings(GAT_LLPS),
  aircraft_type_sb: [...typeSbs(GAT_SBS), ...bellSbs()],
  sb_review: gatSbReviews(),
  aircraft_type_ad: [...typeAds(GAT_ADS), ...bellAds()],
  ad_review: gatAdReviews(),
};

/** Holding: masters only. */
const GAH: Record<string, Row[]> = {
  inspection_group: inspectionGroups(),
  component_inspection_kind: inspectionKinds(),
  other_info: otherInfo([['CGK', 'Jakarta Soekarno-Hatta (main base)'], ['DPS', 'Denpasar Ngurah Rai'], ['HLP', 'Jakarta Halim Perdanakusuma']]),
  amo: amos('NONE'),
  document_type: documentTypes(),
  tool_catalog: toolCatalog(true),
};

export const maintenanceADemo: DemoRows = { CTA, GAT, GAH };
