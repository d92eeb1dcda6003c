/**
 * Demo data for the aviation modules (logistic, procurement, maintenance, MRO), per company:
 * GAH Garuda Aero Holding (holding), GAT Garuda Aero Technics (MRO), CTA Citra Aviation (airline).
 *
 * Shape: compcode → entity name → rows. Rows carry no compcode, keys or standard columns.
 * A reference is written '@<entity>:<field>=<value>' and resolved by the seeder to the key of the
 * row of that entity in the same company whose field equals value. Entities are inserted in the
 * order they appear, so referenced entities come first. Flight time is integer minutes.
 */

type Row = Record<string, unknown>;
type CompanyData = Record<string, Row[]>;

/** '@entity:field=value' reference understood by the seeder. */
const ref = (entity: string, field: string, value: string): string => `@${entity}:${field}=${value}`;

/** 'H:MM' (hours may exceed 24) to integer minutes. */
function hm(text: string): number {
  const [h, m] = text.split(':').map(Number);
  return h * 60 + m;
}

// ---------------------------------------------------------------- logistic masters

function itemCategories(): Row[] {
  return [
    { code: 'ROT', name: 'Rotable', item_class: 'ROT', is_consumable: false, description: 'Serialised components overhauled and returned to stock (exchange pool).' },
    { code: 'REP', name: 'Repairable', item_class: 'REP', is_consumable: false, description: 'Parts repaired in shop or by vendor; not usually overhauled to zero time.' },
    { code: 'EXP', name: 'Expendable', item_class: 'EXP', is_consumable: false, description: 'Hardware and parts discarded after removal.' },
    { code: 'CON', name: 'Consumable', item_class: 'CON', is_consumable: true, description: 'Oils, fluids, sealants and other materials used up in maintenance.' },
  ];
}

function inventoryGroups(): Row[] {
  return [
    { code: 'ENG', name: 'Engine and APU parts', gl_account: '1-1510-01' },
    { code: 'LG', name: 'Landing gear, wheels and brakes', gl_account: '1-1510-02' },
    { code: 'AVI', name: 'Avionics and electrical', gl_account: '1-1510-03' },
    { code: 'AF', name: 'Airframe, systems and cabin', gl_account: '1-1510-04' },
    { code: 'HW', name: 'Standard hardware', gl_account: '1-1520-01' },
    { code: 'CHEM', name: 'Oils, fluids and chemicals', gl_account: '1-1530-01' },
  ];
}

interface ItemSpec {
  pn: string;
  name: string;
  alt?: string;
  mfr: string;
  cage: string;
  cat: string;
  grp: string;
  ata: string;
  unit?: string;
  tracking: 'serial' | 'batch' | 'none';
  shelf?: number;
  min: number;
  max: number;
  llp?: boolean;
  un?: string;
  price: number;
}

const ITEMS: ItemSpec[] = [
  { pn: '1864M90P04', name: 'CFM56-7B HPT stage 1 blade', mfr: 'CFM International', cage: 'F0210', cat: 'REP', grp: 'ENG', ata: '72-50', tracking: 'serial', min: 0, max: 4, price: 18500 },
  { pn: '340-190-104-0', name: 'CFM56-7B LPT stage 1 blade', mfr: 'CFM International', cage: 'F0210', cat: 'REP', grp: 'ENG', ata: '72-50', tracking: 'serial', min: 0, max: 6, price: 6200 },
  { pn: '3072165-01', name: 'PW127M fuel nozzle', mfr: 'Pratt & Whitney Canada', cage: '57613', cat: 'REP', grp: 'ENG', ata: '73-10', tracking: 'serial', min: 2, max: 8, price: 7400 },
  { pn: '3072701-01', name: 'PW127 oil filter element', mfr: 'Pratt & Whitney Canada', cage: '57613', cat: 'EXP', grp: 'ENG', ata: '79-21', tracking: 'none', min: 10, max: 40, price: 185 },
  { pn: '3505582-10', name: 'APU 131-9 fuel control unit', mfr: 'Honeywell Aerospace', cage: '59364', cat: 'ROT', grp: 'ENG', ata: '49-30', tracking: 'serial', min: 1, max: 2, price: 42000 },
  { pn: '3214552-3', name: 'Brake assembly, main landing gear (ATR 72)', mfr: 'Safran Landing Systems', cage: 'F0079', cat: 'ROT', grp: 'LG', ata: '32-42', tracking: 'serial', min: 2, max: 4, price: 38500 },
  { pn: '2612312-2', name: 'Brake assembly, carbon (B737NG)', alt: '2612312-1', mfr: 'Honeywell Aerospace', cage: '55939', cat: 'ROT', grp: 'LG', ata: '32-42', tracking: 'serial', min: 2, max: 6, price: 61000 },
  { pn: 'C20195100', name: 'Main wheel assembly (ATR 72)', mfr: 'Safran Landing Systems', cage: 'F0079', cat: 'ROT', grp: 'LG', ata: '32-41', tracking: 'serial', min: 2, max: 6, price: 14200 },
  { pn: 'D23190000-9', name: 'Main landing gear shock strut (A320)', mfr: 'Safran Landing Systems', cage: 'F0079', cat: 'ROT', grp: 'LG', ata: '32-11', tracking: 'serial', min: 0, max: 1, llp: true, price: 585000 },
  { pn: 'M01103', name: 'Tyre, main H44.5x16.5-21 26PR radial', mfr: 'Michelin Aircraft Tyre', cage: 'F6176', cat: 'REP', grp: 'LG', ata: '32-45', tracking: 'serial', min: 4, max: 12, price: 3150 },
  { pn: '761574B', name: 'Integrated drive generator (IDG), 90 kVA', mfr: 'Collins Aerospace', cage: '99167', cat: 'ROT', grp: 'AVI', ata: '24-21', tracking: 'serial', min: 1, max: 2, price: 310000 },
  { pn: '441CH1', name: 'Battery, Ni-Cd 24 V 43 Ah', mfr: 'Saft', cage: 'F0326', cat: 'ROT', grp: 'AVI', ata: '24-31', tracking: 'serial', min: 1, max: 3, un: 'UN2795', price: 5600 },
  { pn: '930-1000-001', name: 'RDR-4000 weather radar receiver/transmitter', mfr: 'Honeywell Aerospace', cage: '97896', cat: 'ROT', grp: 'AVI', ata: '34-41', tracking: 'serial', min: 0, max: 1, price: 148500 },
  { pn: '453-5000', name: 'Emergency locator transmitter C406-1', mfr: 'ACR Electronics / Artex', cage: '0EDX5', cat: 'ROT', grp: 'AVI', ata: '25-62', tracking: 'serial', min: 1, max: 2, un: 'UN3091', price: 3900 },
  { pn: '2206200-4', name: 'Air cycle machine', mfr: 'Collins Aerospace', cage: '73030', cat: 'ROT', grp: 'AF', ata: '21-51', tracking: 'serial', min: 0, max: 2, price: 96000 },
  { pn: 'MS24665-132', name: 'Cotter pin, CRES 1/16 x 1/2 in', mfr: 'Standard part (MS)', cage: '96906', cat: 'EXP', grp: 'HW', ata: '20-00', tracking: 'none', min: 500, max: 2000, price: 0.12 },
  { pn: 'NAS1149F0363P', name: 'Washer, flat, CRES 3/16 in', mfr: 'Standard part (NAS)', cage: '80205', cat: 'EXP', grp: 'HW', ata: '20-00', tracking: 'none', min: 500, max: 3000, price: 0.08 },
  { pn: 'MS29513-232', name: 'O-ring, nitrile, AS568-232', mfr: 'Standard part (MS)', cage: '96906', cat: 'EXP', grp: 'HW', ata: '20-00', tracking: 'batch', shelf: 1825, min: 50, max: 200, price: 1.35 },
  { pn: 'MS20995C32', name: 'Safety wire, CRES 0.032 in, 1 lb roll', mfr: 'Standard part (MS)', cage: '96906', cat: 'CON', grp: 'HW', ata: '20-00', unit: 'ROL', tracking: 'batch', min: 5, max: 20, price: 42 },
  { pn: 'MJO2-QT', name: 'Mobil Jet Oil II turbine oil, 1 US qt', alt: 'MIL-PRF-23699 STD', mfr: 'ExxonMobil Aviation', cage: '0NVY8', cat: 'CON', grp: 'CHEM', ata: '12-13', unit: 'QT', tracking: 'batch', shelf: 1825, min: 48, max: 240, price: 18.5 },
  { pn: 'ASH41-GAL', name: 'AeroShell Fluid 41 hydraulic fluid, 1 US gal', alt: 'MIL-PRF-5606', mfr: 'Shell Aviation', cage: 'K0654', cat: 'CON', grp: 'CHEM', ata: '12-12', unit: 'GAL', tracking: 'batch', shelf: 1825, min: 10, max: 40, price: 65 },
  { pn: 'SKYDROL-LD4-GAL', name: 'Skydrol LD-4 fire-resistant hydraulic fluid, 1 US gal', mfr: 'Eastman Chemical', cage: '1UC61', cat: 'CON', grp: 'CHEM', ata: '12-12', unit: 'GAL', tracking: 'batch', shelf: 1825, min: 10, max: 40, price: 198 },
  { pn: 'PR1422B2-6OZ', name: 'Sealant, fuel tank PR-1422 B2, 6 oz cartridge', alt: 'AMS-S-8802 Type 2 Class B', mfr: 'PPG Aerospace', cage: '83574', cat: 'CON', grp: 'CHEM', ata: '28-11', unit: 'CTG', tracking: 'batch', shelf: 270, min: 10, max: 30, un: 'UN1133', price: 34.5 },
];

function masterItems(): Row[] {
  return ITEMS.map((i) => ({
    partnumber: i.pn,
    itemname: i.name,
    alt_partnumber: i.alt ?? null,
    manufacturer_name: i.mfr,
    cage_code: i.cage,
    category: ref('master_item_category', 'code', i.cat),
    inventory_group: ref('master_inventory_group', 'code', i.grp),
    ata_chapter: i.ata,
    unit: i.unit ?? 'PCS',
    tracking: i.tracking,
    shelf_life_days: i.shelf ?? null,
    reorder_min: i.min,
    reorder_max: i.max,
    is_llp: i.llp ?? false,
    is_hazmat: i.un !== undefined,
    hazmat_un_number: i.un ?? null,
    estimated_price: i.price,
    active: true,
  }));
}

function arcStatuses(): Row[] {
  return [
    { code: 'EASA-F1', name: 'EASA Form 1', issuing_authority: 'EASA', regulation_ref: 'Part-145.A.50 / Part 21.A.163', installable: true, dual_release: false, description: 'Authorised release certificate for new (production) or maintained parts.' },
    { code: 'FAA-8130', name: 'FAA Form 8130-3', issuing_authority: 'FAA', regulation_ref: '14 CFR 43.9 / 21.137', installable: true, dual_release: false, description: 'Airworthiness approval tag.' },
    { code: 'DUAL', name: 'Dual release (EASA Form 1 + FAA 8130-3)', issuing_authority: 'EASA / FAA', regulation_ref: 'EU-US BASA MAG', installable: true, dual_release: true },
    { code: 'DGCA-F1', name: 'DGCA Indonesia Authorized Release Certificate', issuing_authority: 'DGCA Indonesia', regulation_ref: 'CASR Part 145', installable: true, dual_release: false },
    { code: 'TCCA-F1', name: 'TCCA Form One', issuing_authority: 'Transport Canada', regulation_ref: 'CAR 571.10', installable: true, dual_release: false },
    { code: 'COC', name: 'Certificate of Conformity (standard parts)', issuing_authority: 'Manufacturer', regulation_ref: 'Standard parts only', installable: true, dual_release: false, description: 'Accepted for standard hardware and raw material only.' },
    { code: 'NONE', name: 'No release certificate (quarantine)', issuing_authority: null, regulation_ref: null, installable: false, dual_release: false, description: 'Held in quarantine until documentation is obtained.' },
    { code: 'US-TAG', name: 'Unserviceable tag', issuing_authority: null, regulation_ref: null, installable: false, dual_release: false, description: 'Removed part awaiting repair, overhaul or disposal.' },
  ];
}

function issuedKinds(): Row[] {
  return [
    { code: 'DST', name: 'Destroy', returns_to_stock: false, document_required: 'Scrap / mutilation certificate', description: 'Beyond economical repair or life expired; mutilated to prevent re-use.' },
    { code: 'RPR', name: 'Repair', returns_to_stock: true, document_required: 'Repair order and shipping document', description: 'Sent to a repair station; comes back with a release certificate.' },
    { code: 'SLD', name: 'Sold', returns_to_stock: false, document_required: 'Sales invoice', description: 'Sold as-is (AR) to a broker or another operator.' },
  ];
}

// ---------------------------------------------------------------- procurement

function vendors(approvals: Record<string, string> = {}): Row[] {
  const rows: Row[] = [
    { vendor_code: 'HON', vendor_name: 'Honeywell Aerospace', vendor_type: 'OEM', cage_code: '55939', address1: '1944 E Sky Harbor Circle', city: 'Phoenix, AZ', country: 'United States', phone: '+1 602 365 3099', email: 'aerospace.orders@honeywell.example', website: 'aerospace.honeywell.com', contact_person: 'Megan Alvarez', approval_ref: 'FAA RS 2HWR011K', approval_expiry: '2026-09-30', payment_terms: 'NET45', currency: 'USD' },
    { vendor_code: 'SLS', vendor_name: 'Safran Landing Systems', vendor_type: 'OEM', cage_code: 'F0079', address1: 'Inovel Parc Sud, 7 rue Général Valérie André', city: 'Vélizy-Villacoublay', country: 'France', phone: '+33 1 46 29 81 00', email: 'customer.support@safran.example', website: 'www.safran-group.com', contact_person: 'Julien Moreau', approval_ref: 'EASA.145.0069', approval_expiry: '2026-12-31', payment_terms: 'NET60', currency: 'USD' },
    { vendor_code: 'COL', vendor_name: 'Collins Aerospace', vendor_type: 'OEM', cage_code: '99167', address1: '2730 West Tyvola Road', city: 'Charlotte, NC', country: 'United States', phone: '+1 704 423 7000', email: 'spares@collins.example', website: 'www.collinsaerospace.com', contact_person: 'Daniel Whitaker', approval_ref: 'FAA RS H8SR726K', approval_expiry: '2027-03-31', payment_terms: 'NET45', currency: 'USD' },
    { vendor_code: 'AAR', vendor_name: 'AAR Corp', vendor_type: 'DIST', cage_code: '0HCD6', address1: '1100 N Wood Dale Road', city: 'Wood Dale, IL', country: 'United States', phone: '+1 630 227 2000', email: 'sales.asia@aarcorp.example', website: 'www.aarcorp.com', contact_person: 'Kevin Tan', approval_ref: 'ASA-100 / FAA AC 00-56', approval_expiry: '2026-06-30', payment_terms: 'NET30', currency: 'USD' },
    { vendor_code: 'ATR', vendor_name: 'ATR Spares Support', vendor_type: 'OEM', cage_code: 'F6177', address1: '1 Allée Pierre Nadot', city: 'Blagnac', country: 'France', phone: '+33 5 62 21 62 21', email: 'spares@atr-aircraft.example', website: 'www.atr-aircraft.com', contact_person: 'Claire Dubois', approval_ref: 'EASA.21G.0001', approval_expiry: '2027-01-31', payment_terms: 'NET30', currency: 'EUR' },
    { vendor_code: 'SAT', vendor_name: 'Satair (an Airbus services company)', vendor_type: 'DIST', cage_code: 'SA774', address1: 'Amager Landevej 147A', city: 'Kastrup', country: 'Denmark', phone: '+45 32 47 01 00', email: 'customer.services@satair.example', website: 'www.satair.com', contact_person: 'Mads Kristensen', approval_ref: 'EN 9120 / EASA Form 1 distributor', approval_expiry: '2026-11-30', payment_terms: 'NET30', currency: 'USD' },
    { vendor_code: 'BDS', vendor_name: 'Boeing Distribution Services', vendor_type: 'DIST', cage_code: '0E7F1', address1: '3401 NW 72nd Avenue', city: 'Miami, FL', country: 'United States', phone: '+1 305 599 6100', email: 'bds.apac@boeing.example', website: 'www.boeingdistribution.com', contact_person: 'Rachel Lim', approval_ref: 'ASA-100', approval_expiry: '2026-08-31', payment_terms: 'NET30', currency: 'USD' },
    { vendor_code: 'PWC', vendor_name: 'Pratt & Whitney Canada', vendor_type: 'OEM', cage_code: '57613', address1: '1000 Marie-Victorin Boulevard', city: 'Longueuil, QC', country: 'Canada', phone: '+1 450 677 9411', email: 'customerfirst@pwc.example', website: 'www.pwc.ca', contact_person: 'Sébastien Gagnon', approval_ref: 'TCCA 1-90', approval_expiry: '2027-05-31', payment_terms: 'NET45', currency: 'USD' },
    { vendor_code: 'MIC', vendor_name: 'Michelin Aircraft Tyre', vendor_type: 'OEM', cage_code: 'F6176', address1: '23 place des Carmes-Déchaux', city: 'Clermont-Ferrand', country: 'France', phone: '+33 4 73 32 20 00', email: 'aircraft.tyre@michelin.example', website: 'aircraft.michelin.com', contact_person: 'Antoine Lefèvre', approval_ref: 'EASA.21G.0012', approval_expiry: '2026-10-31', payment_terms: 'NET60', currency: 'USD' },
    { vendor_code: 'ASN', vendor_name: 'PT Aero Supply Nusantara', vendor_type: 'DIST', cage_code: null, address1: 'Jl. Marsekal Suryadarma No. 12', address2: 'Kawasan Pergudangan Bandara Soekarno-Hatta', city: 'Tangerang', country: 'Indonesia', phone: '+62 21 5591 2233', email: 'sales@aerosupply.example', contact_person: 'Budi Santoso', tax_id: '01.234.567.8-402.000', approval_ref: 'DGCA Supplier Audit 2024-117', approval_expiry: '2025-12-31', payment_terms: 'COD', currency: 'IDR' },
  ];
  return rows.map((r) => ({ approval_status: approvals[r.vendor_code as string] ?? 'APPROVED', active: true, ...r }));
}

interface VendorItemSpec {
  v: string;
  pn: string;
  vpn?: string;
  cond: string;
  price: number;
  cur?: string;
  moq?: number;
  lead: number;
  pref?: boolean;
}

const VENDOR_ITEMS: VendorItemSpec[] = [
  { v: 'HON', pn: '930-1000-001', cond: 'NE', price: 148500, lead: 60, pref: true },
  { v: 'HON', pn: '3505582-10', cond: 'OH', price: 42000, lead: 30, pref: true },
  { v: 'HON', pn: '2612312-2', cond: 'NE', price: 61000, lead: 45 },
  { v: 'HON', pn: '2612312-2', cond: 'OH', price: 27500, lead: 21, pref: true },
  { v: 'SLS', pn: '3214552-3', cond: 'NE', price: 38500, lead: 90 },
  { v: 'SLS', pn: '3214552-3', cond: 'OH', price: 16800, lead: 30, pref: true },
  { v: 'SLS', pn: 'C20195100', cond: 'OH', price: 9800, lead: 21 },
  { v: 'SLS', pn: 'D23190000-9', cond: 'OH', price: 410000, lead: 120, pref: true },
  { v: 'COL', pn: '761574B', cond: 'OH', price: 182000, lead: 30, pref: true },
  { v: 'COL', pn: '2206200-4', cond: 'OH', price: 56000, lead: 45, pref: true },
  { v: 'AAR', pn: '761574B', vpn: '761574B-EXCH', cond: 'SV', price: 155000, lead: 5 },
  { v: 'AAR', pn: '441CH1', cond: 'OH', price: 5200, lead: 10, pref: true },
  { v: 'AAR', pn: '1864M90P04', cond: 'NS', price: 12500, lead: 14 },
  { v: 'AAR', pn: '340-190-104-0', cond: 'SV', price: 4100, lead: 14, pref: true },
  { v: 'ATR', pn: '3214552-3', vpn: 'D23189000-3', cond: 'NE', price: 35900, cur: 'EUR', lead: 60 },
  { v: 'ATR', pn: 'C20195100', cond: 'NE', price: 13100, cur: 'EUR', lead: 45, pref: true },
  { v: 'ATR', pn: '3072701-01', cond: 'NE', price: 172, cur: 'EUR', moq: 6, lead: 15 },
  { v: 'SAT', pn: 'D23190000-9', cond: 'NE', price: 585000, lead: 180 },
  { v: 'SAT', pn: 'SKYDROL-LD4-GAL', vpn: 'LD4-1G', cond: 'NE', price: 198, moq: 4, lead: 10, pref: true },
  { v: 'SAT', pn: 'PR1422B2-6OZ', vpn: 'PR1422B2-1/2', cond: 'NE', price: 34.5, moq: 12, lead: 14, pref: true },
  { v: 'SAT', pn: 'MS29513-232', cond: 'NE', price: 1.35, moq: 25, lead: 7, pref: true },
  { v: 'BDS', pn: 'MS24665-132', cond: 'NE', price: 0.14, moq: 100, lead: 7, pref: true },
  { v: 'BDS', pn: 'NAS1149F0363P', cond: 'NE', price: 0.09, moq: 100, lead: 7, pref: true },
  { v: 'BDS', pn: 'MS20995C32', cond: 'NE', price: 42, moq: 1, lead: 7, pref: true },
  { v: 'BDS', pn: 'ASH41-GAL', vpn: 'AEROSHELL41-1G', cond: 'NE', price: 65, moq: 4, lead: 10, pref: true },
  { v: 'BDS', pn: '453-5000', cond: 'NE', price: 3900, lead: 21, pref: true },
  { v: 'PWC', pn: '3072165-01', cond: 'NE', price: 7400, lead: 45 },
  { v: 'PWC', pn: '3072165-01', cond: 'OH', price: 3900, lead: 20, pref: true },
  { v: 'PWC', pn: '3072701-01', cond: 'NE', price: 185, moq: 6, lead: 20, pref: true },
  { v: 'MIC', pn: 'M01103', cond: 'NE', price: 3150, moq: 2, lead: 30, pref: true },
  { v: 'MIC', pn: 'M01103', vpn: 'M01103-R', cond: 'RP', price: 1450, lead: 21 },
  { v: 'ASN', pn: 'MJO2-QT', vpn: 'MOBIL-JO2-946ML', cond: 'NE', price: 315000, cur: 'IDR', moq: 24, lead: 3, pref: true },
  { v: 'ASN', pn: 'MS24665-132', cond: 'NE', price: 2500, cur: 'IDR', moq: 100, lead: 3 },
];

function vendorItems(validUntil: string): Row[] {
  return VENDOR_ITEMS.map((x) => ({
    vendor: ref('vendor', 'vendor_code', x.v),
    master_item: ref('master_item', 'partnumber', x.pn),
    vendor_partnumber: x.vpn ?? x.pn,
    condition: x.cond,
    price: x.price,
    currency: x.cur ?? 'USD',
    min_order_qty: x.moq ?? 1,
    lead_time_days: x.lead,
    valid_until: validUntil,
    is_preferred: x.pref ?? false,
  }));
}

// ---------------------------------------------------------------- maintenance masters

function aircraftManufacturers(withHelicopters: boolean): Row[] {
  const rows: Row[] = [
    { code: 'ATR', name: 'ATR (Avions de Transport Régional)', country: 'France', cage_code: 'F6177', website: 'www.atr-aircraft.com' },
    { code: 'BOEING', name: 'The Boeing Company', country: 'United States', cage_code: '81205', website: 'www.boeing.com' },
    { code: 'AIRBUS', name: 'Airbus SAS', country: 'France', cage_code: 'F0114', website: 'www.airbus.com' },
  ];
  if (withHelicopters) rows.push({ code: 'BELL', name: 'Bell Textron Inc.', country: 'United States', cage_code: '97499', website: 'www.bellflight.com' });
  return rows.map((r) => ({ ...r, active: true }));
}

function engineManufacturers(): Row[] {
  return [
    { code: 'PWC', name: 'Pratt & Whitney Canada', country: 'Canada', cage_code: '57613', website: 'www.pwc.ca' },
    { code: 'CFM', name: 'CFM International', country: 'France / United States', cage_code: 'F0210', website: 'www.cfmaeroengines.com' },
    { code: 'HON', name: 'Honeywell Aerospace', country: 'United States', cage_code: '59364', website: 'aerospace.honeywell.com' },
  ].map((r) => ({ ...r, active: true }));
}

function engineKinds(withHelicopters: boolean): Row[] {
  const rows: Row[] = [
    { model: 'PW127M', manufacturer: ref('engine_manufacturer', 'code', 'PWC'), engine_type: 'TURBOPROP', rating: '2,750 shp', type_certificate: 'EASA.IM.E.041', counts_cycles: true },
    { model: 'CFM56-7B26', manufacturer: ref('engine_manufacturer', 'code', 'CFM'), engine_type: 'TURBOFAN', rating: '26,300 lbf', type_certificate: 'EASA.E.004', counts_cycles: true },
    { model: 'LEAP-1A26', manufacturer: ref('engine_manufacturer', 'code', 'CFM'), engine_type: 'TURBOFAN', rating: '27,120 lbf', type_certificate: 'EASA.E.110', counts_cycles: true },
    { model: '131-9B', manufacturer: ref('engine_manufacturer', 'code', 'HON'), engine_type: 'APU', rating: '90 kVA', type_certificate: 'FAA TSO-C77b', counts_cycles: true, remark: 'APU of the Boeing 737NG.' },
    { model: '131-9A', manufacturer: ref('engine_manufacturer', 'code', 'HON'), engine_type: 'APU', rating: '90 kVA', type_certificate: 'FAA TSO-C77b', counts_cycles: true, remark: 'APU of the Airbus A320 family.' },
  ];
  if (withHelicopters) {
    rows.push({ model: 'PT6T-3D Twin-Pac', manufacturer: ref('engine_manufacturer', 'code', 'PWC'), engine_type: 'TURBOSHAFT', rating: '1,800 shp', type_certificate: 'FAA E22EA', counts_cycles: true, remark: 'Two power sections driving one combining gearbox.' });
  }
  return rows.map((r) => ({ ...r, active: true }));
}

function ataGroups(): Row[] {
  const chapters: [string, string, string][] = [
    ['05', 'Time Limits / Maintenance Checks', 'GENERAL'],
    ['12', 'Servicing', 'GENERAL'],
    ['20', 'Standard Practices - Airframe', 'AIRFRAME'],
    ['21', 'Air Conditioning', 'AIRFRAME'],
    ['22', 'Auto Flight', 'AIRFRAME'],
    ['23', 'Communications', 'AIRFRAME'],
    ['24', 'Electrical Power', 'AIRFRAME'],
    ['25', 'Equipment / Furnishings', 'AIRFRAME'],
    ['26', 'Fire Protection', 'AIRFRAME'],
    ['27', 'Flight Controls', 'AIRFRAME'],
    ['28', 'Fuel', 'AIRFRAME'],
    ['29', 'Hydraulic Power', 'AIRFRAME'],
    ['30', 'Ice and Rain Protection', 'AIRFRAME'],
    ['31', 'Indicating / Recording Systems', 'AIRFRAME'],
    ['32', 'Landing Gear', 'AIRFRAME'],
    ['32-40', 'Landing Gear - Wheels and Brakes', 'AIRFRAME'],
    ['33', 'Lights', 'AIRFRAME'],
    ['34', 'Navigation', 'AIRFRAME'],
    ['35', 'Oxygen', 'AIRFRAME'],
    ['36', 'Pneumatic', 'AIRFRAME'],
    ['38', 'Water / Waste', 'AIRFRAME'],
    ['49', 'Airborne Auxiliary Power', 'AIRFRAME'],
    ['52', 'Doors', 'STRUCTURE'],
    ['53', 'Fuselage', 'STRUCTURE'],
    ['57', 'Wings', 'STRUCTURE'],
    ['61', 'Propellers / Propulsors', 'PROPELLER'],
    ['71', 'Power Plant', 'POWERPLANT'],
    ['72', 'Engine', 'POWERPLANT'],
    ['72-50', 'Engine - Turbine Section', 'POWERPLANT'],
    ['73', 'Engine Fuel and Control', 'POWERPLANT'],
    ['74', 'Ignition', 'POWERPLANT'],
    ['79', 'Oil', 'POWERPLANT'],
    ['80', 'Starting', 'POWERPLANT'],
  ];
  return chapters.map(([code, title, group]) => ({
    ata_code: code,
    chapter: Number(code.slice(0, 2)),
    title,
    system_group: group,
    active: true,
  }));
}

function adAuthorities(): Row[] {
  return [
    { code: 'DGCA', name: 'Directorate General of Civil Aviation (DKPPU), Republic of Indonesia', country: 'Indonesia', ad_number_format: 'YYYY-MM-NN', website: 'imsis-djpu.dephub.go.id' },
    { code: 'FAA', name: 'Federal Aviation Administration', country: 'United States', ad_number_format: 'YYYY-NN-NN', website: 'drs.faa.gov' },
    { code: 'EASA', name: 'European Union Aviation Safety Agency', country: 'European Union', ad_number_format: 'YYYY-NNNN', website: 'ad.easa.europa.eu' },
    { code: 'TCCA', name: 'Transport Canada Civil Aviation', country: 'Canada', ad_number_format: 'CF-YYYY-NN', website: 'wwwapps.tc.gc.ca/saf-sec-sur/2/cawis-swimn' },
    { code: 'CASA', name: 'Civil Aviation Safety Authority', country: 'Australia', ad_number_format: 'AD/TYPE/NN', website: 'www.casa.gov.au' },
  ].map((r) => ({ ...r, active: true }));
}

function melCategories(): Row[] {
  return [
    { category: 'A', interval_days: 0, description: 'Interval specified in the remarks of the MEL item', extension_allowed: false, max_extension_days: 0, excludes_discovery_day: true },
    { category: 'B', interval_days: 3, description: 'Rectify within 3 consecutive calendar days', extension_allowed: true, max_extension_days: 3, excludes_discovery_day: true },
    { category: 'C', interval_days: 10, description: 'Rectify within 10 consecutive calendar days', extension_allowed: true, max_extension_days: 10, excludes_discovery_day: true },
    { category: 'D', interval_days: 120, description: 'Rectify within 120 consecutive calendar days', extension_allowed: true, max_extension_days: 120, excludes_discovery_day: true },
  ].map((r) => ({ ...r, active: true }));
}

function aircraftTypes(withHelicopters: boolean): Row[] {
  const rows: Row[] = [
    {
      type_name: 'ATR 72-600', model_designation: 'ATR 72-212A', icao_code: 'AT76',
      manufacturer: ref('aircraft_manufacturer', 'code', 'ATR'), engine_kind: ref('engine_kind', 'model', 'PW127M'),
      engine_total: 2, APU_usage: false, apu_kind: null, rin_counter_name: null, penalty_factor: 1,
      type_certificate: 'EASA.A.084', mtow_kg: 23000, max_seats: 78,
      remark: 'No APU; ground power from engine 2 in hotel mode (propeller brake).',
    },
    {
      type_name: 'Boeing 737-800', model_designation: '737-8U3', icao_code: 'B738',
      manufacturer: ref('aircraft_manufacturer', 'code', 'BOEING'), engine_kind: ref('engine_kind', 'model', 'CFM56-7B26'),
      engine_total: 2, APU_usage: true, apu_kind: ref('engine_kind', 'model', '131-9B'), rin_counter_name: null, penalty_factor: 1,
      type_certificate: 'FAA A16WE', mtow_kg: 79016, max_seats: 189,
    },
    {
      type_name: 'Airbus A320neo', model_designation: 'A320-251N', icao_code: 'A20N',
      manufacturer: ref('aircraft_manufacturer', 'code', 'AIRBUS'), engine_kind: ref('engine_kind', 'model', 'LEAP-1A26'),
      engine_total: 2, APU_usage: true, apu_kind: ref('engine_kind', 'model', '131-9A'), rin_counter_name: null, penalty_factor: 1,
      type_certificate: 'EASA.A.064', mtow_kg: 79000, max_seats: 194,
    },
  ];
  if (withHelicopters) {
    rows.push({
      type_name: 'Bell 412EP', model_designation: '412EP', icao_code: 'B412',
      manufacturer: ref('aircraft_manufacturer', 'code', 'BELL'), engine_kind: ref('engine_kind', 'model', 'PT6T-3D Twin-Pac'),
      engine_total: 1, APU_usage: false, apu_kind: null, rin_counter_name: 'RIN', penalty_factor: 1.25,
      type_certificate: 'FAA H4SW', mtow_kg: 5398, max_seats: 13,
      remark: 'Dynamic components also count RIN (one per take-off, landing or external load lift).',
    });
  }
  return rows.map((r) => ({ ...r, active: true }));
}

interface AircraftSpec {
  reg: string;
  type: string;
  msn: string;
  ln?: string;
  mfd: string;
  eis: string;
  base: string;
  seats?: string;
  own?: string;
  lessor?: string;
  fh: string;
  fc: number;
  apu?: [string, number];
  asOf: string;
  dailyFh: string;
  dailyFc: number;
  status?: string;
  selcal?: string;
}

function aircraft(specs: AircraftSpec[]): Row[] {
  return specs.map((a) => ({
    registration: a.reg,
    aircraft_type: ref('aircraft_type', 'type_name', a.type),
    msn: a.msn,
    line_number: a.ln ?? null,
    manufacture_date: a.mfd,
    delivery_date: a.eis,
    selcal: a.selcal ?? null,
    home_base: a.base,
    seat_config: a.seats ?? null,
    ownership: a.own ?? 'OWNED',
    lessor: a.lessor ?? null,
    total_fh: hm(a.fh),
    total_fc: a.fc,
    total_landings: a.fc,
    apu_hours: a.apu ? hm(a.apu[0]) : null,
    apu_starts: a.apu ? a.apu[1] : null,
    totals_as_of: a.asOf,
    avg_daily_fh: hm(a.dailyFh),
    avg_daily_fc: a.dailyFc,
    status: a.status ?? 'ACTIVE',
  }));
}

// ---------------------------------------------------------------- companies

const AS_OF = '2025-05-31';

const GAH: CompanyData = {
  master_item_category: itemCategories(),
  master_inventory_group: inventoryGroups(),
  master_item: masterItems(),
  store_warehouse: [
    { store_code: 'CGK-MS', store_name: 'Soekarno-Hatta Central Store', store_type: 'MAIN', station: 'CGK', address: 'Area Perkantoran GMF, Bandara Soekarno-Hatta', city: 'Tangerang', storekeeper: 'Agus Prasetyo', phone: '+62 21 550 8001', serviceable_only: true, is_bonded: false, active: true },
    { store_code: 'CGK-BW', store_name: 'Soekarno-Hatta Bonded Warehouse', store_type: 'BOND', station: 'CGK', address: 'Kawasan Berikat Cargo Area Blok C-3', city: 'Tangerang', storekeeper: 'Rina Wulandari', phone: '+62 21 550 8045', serviceable_only: true, is_bonded: true, active: true },
    { store_code: 'CGK-QR', store_name: 'Quarantine Store', store_type: 'QUAR', station: 'CGK', address: 'Hangar 1 Mezzanine', city: 'Tangerang', storekeeper: 'Agus Prasetyo', phone: '+62 21 550 8002', serviceable_only: false, is_bonded: false, active: true },
  ],
  arc_status: arcStatuses(),
  inventory_issued_kind: issuedKinds(),
  vendor: vendors({ ASN: 'CONDITIONAL' }),
  vendor_item: vendorItems('2025-12-31'),
  aircraft_manufacturer: aircraftManufacturers(false),
  engine_manufacturer: engineManufacturers(),
  engine_kind: engineKinds(false),
  ata_group: ataGroups(),
  ad_authority: adAuthorities(),
  mel_category: melCategories(),
  aircraft_type: aircraftTypes(false),
  aircraft: aircraft([
    { reg: 'PK-GHA', type: 'Boeing 737-800', msn: '30141', ln: '3654', mfd: '2011-06-14', eis: '2011-07-02', base: 'CGK', seats: 'C12Y150', own: 'OPLEASE', lessor: 'Avolon Aerospace Leasing', fh: '28914:42', fc: 17822, apu: ['14210:15', 19877], asOf: AS_OF, dailyFh: '9:40', dailyFc: 5.6, selcal: 'AJ-FK' },
    { reg: 'PK-GHB', type: 'Boeing 737-800', msn: '30142', ln: '3702', mfd: '2011-07-22', eis: '2011-08-19', base: 'CGK', seats: 'C12Y150', own: 'OPLEASE', lessor: 'Avolon Aerospace Leasing', fh: '28105:10', fc: 17310, apu: ['13988:40', 19402], asOf: AS_OF, dailyFh: '9:25', dailyFc: 5.4, selcal: 'AJ-FL' },
    { reg: 'PK-GHC', type: 'Boeing 737-800', msn: '39920', ln: '4410', mfd: '2013-04-03', eis: '2013-04-29', base: 'DPS', seats: 'C12Y150', fh: '23210:55', fc: 14650, apu: ['11020:05', 16110], asOf: AS_OF, dailyFh: '0:00', dailyFc: 0, status: 'MAINT' },
    { reg: 'PK-GHD', type: 'Airbus A320neo', msn: '9876', mfd: '2020-02-11', eis: '2020-03-05', base: 'CGK', seats: 'Y180', own: 'FINLEASE', lessor: 'BOC Aviation', fh: '10840:25', fc: 6120, apu: ['5120:30', 7015], asOf: AS_OF, dailyFh: '10:15', dailyFc: 5.9 },
    { reg: 'PK-GHE', type: 'Airbus A320neo', msn: '10233', mfd: '2021-03-18', eis: '2021-04-09', base: 'CGK', seats: 'Y180', own: 'FINLEASE', lessor: 'BOC Aviation', fh: '8712:05', fc: 4980, apu: ['4011:50', 5620], asOf: AS_OF, dailyFh: '10:05', dailyFc: 5.8 },
    { reg: 'PK-GHF', type: 'ATR 72-600', msn: '1412', mfd: '2017-05-02', eis: '2017-06-01', base: 'HLP', seats: 'Y70', fh: '14875:33', fc: 16240, asOf: AS_OF, dailyFh: '5:50', dailyFc: 6.4 },
  ]),
  customer: [
    { customer_code: 'CTA', customer_name: 'Citra Aviation', customer_type: 'AIRLINE', icao_designator: 'CTV', address1: 'Jl. Halim Perdanakusuma No. 8', city: 'Jakarta Timur', country: 'Indonesia', contact_person: 'Hendra Wijaya', phone: '+62 21 809 1122', email: 'technical@citra-aviation.example', currency: 'IDR', active: true },
    { customer_code: 'GAT', customer_name: 'Garuda Aero Technics', customer_type: 'MRO', address1: 'Hangar 4, Bandara Soekarno-Hatta', city: 'Tangerang', country: 'Indonesia', contact_person: 'Dewi Lestari', phone: '+62 21 550 9000', email: 'marketing@gat.example', currency: 'IDR', active: true },
    { customer_code: 'AVOLON', customer_name: 'Avolon Aerospace Leasing', customer_type: 'LESSOR', address1: 'Number One Ballsbridge, Shelbourne Road', city: 'Dublin', country: 'Ireland', contact_person: 'Siobhan Kelly', phone: '+353 1 231 5800', email: 'technical.asset@avolon.example', currency: 'USD', active: true },
  ],
};

const GAT: CompanyData = {
  master_item_category: itemCategories(),
  master_inventory_group: inventoryGroups(),
  master_item: masterItems(),
  store_warehouse: [
    { store_code: 'CGK-H4', store_name: 'Hangar 4 Main Store', store_type: 'MAIN', station: 'CGK', address: 'Hangar 4, Garuda Maintenance Area, Bandara Soekarno-Hatta', city: 'Tangerang', storekeeper: 'Slamet Riyadi', phone: '+62 21 550 9101', serviceable_only: true, is_bonded: true, active: true },
    { store_code: 'CGK-US', store_name: 'Unserviceable / Repairable Store', store_type: 'US', station: 'CGK', address: 'Hangar 4, Bay 2', city: 'Tangerang', storekeeper: 'Slamet Riyadi', phone: '+62 21 550 9102', serviceable_only: false, is_bonded: false, active: true },
    { store_code: 'DPS-LS', store_name: 'Denpasar Line Station Store', store_type: 'LINE', station: 'DPS', address: 'I Gusti Ngurah Rai Intl Airport, GSE Building 2', city: 'Badung', storekeeper: 'Made Suarjana', phone: '+62 361 935 1120', serviceable_only: true, is_bonded: false, active: true },
  ],
  arc_status: arcStatuses(),
  inventory_issued_kind: issuedKinds(),
  vendor: vendors({ ASN: 'APPROVED', MIC: 'CONDITIONAL' }),
  vendor_item: vendorItems('2025-12-31'),
  aircraft_manufacturer: aircraftManufacturers(true),
  engine_manufacturer: engineManufacturers(),
  engine_kind: engineKinds(true),
  ata_group: ataGroups(),
  ad_authority: adAuthorities(),
  mel_category: melCategories(),
  aircraft_type: aircraftTypes(true),
  // Aircraft under GAT's own CAMO management (training and test fleet).
  aircraft: aircraft([
    { reg: 'PK-GTA', type: 'Boeing 737-800', msn: '28614', ln: '614', mfd: '2000-09-12', eis: '2000-10-05', base: 'CGK', own: 'OWNED', fh: '61420:18', fc: 38911, apu: ['30112:40', 41200], asOf: AS_OF, dailyFh: '0:00', dailyFc: 0, status: 'STORED' },
    { reg: 'PK-GTB', type: 'Boeing 737-800', msn: '35075', ln: '2255', mfd: '2007-05-20', eis: '2007-06-14', base: 'CGK', seats: 'Y189', own: 'OPLEASE', lessor: 'SMBC Aviation Capital', fh: '45230:05', fc: 29018, apu: ['22015:10', 31540], asOf: AS_OF, dailyFh: '8:30', dailyFc: 5.1 },
    { reg: 'PK-GTC', type: 'ATR 72-600', msn: '1188', mfd: '2014-08-11', eis: '2014-09-03', base: 'DPS', seats: 'Y72', fh: '19820:47', fc: 22105, asOf: AS_OF, dailyFh: '6:10', dailyFc: 6.8 },
    { reg: 'PK-GTD', type: 'ATR 72-600', msn: '1254', mfd: '2015-06-25', eis: '2015-07-20', base: 'DPS', seats: 'Y72', fh: '18102:22', fc: 20440, asOf: AS_OF, dailyFh: '6:00', dailyFc: 6.5, status: 'MAINT' },
    { reg: 'PK-GTE', type: 'Airbus A320neo', msn: '8812', mfd: '2019-04-17', eis: '2019-05-10', base: 'CGK', seats: 'Y180', own: 'OPLEASE', lessor: 'Avolon Aerospace Leasing', fh: '12455:35', fc: 7302, apu: ['5980:20', 8110], asOf: AS_OF, dailyFh: '9:50', dailyFc: 5.7 },
    { reg: 'PK-GTH', type: 'Bell 412EP', msn: '36512', mfd: '2010-11-30', eis: '2011-01-15', base: 'BDO', seats: 'Y13', fh: '7210:40', fc: 9815, asOf: AS_OF, dailyFh: '1:45', dailyFc: 2.4 },
  ]),
  customer: [
    { customer_code: 'CTA', customer_name: 'Citra Aviation', customer_type: 'AIRLINE', icao_designator: 'CTV', address1: 'Jl. Halim Perdanakusuma No. 8', city: 'Jakarta Timur', country: 'Indonesia', contact_person: 'Hendra Wijaya', phone: '+62 21 809 1122', email: 'technical@citra-aviation.example', currency: 'IDR', active: true },
    { customer_code: 'PAS', customer_name: 'Pelita Air Service', customer_type: 'AIRLINE', icao_designator: 'PAS', address1: 'Jl. Abdul Muis No. 52-56A', city: 'Jakarta Pusat', country: 'Indonesia', contact_person: 'Rudy Hartono', phone: '+62 21 231 2030', email: 'engineering@pelita-air.example', currency: 'IDR', active: true },
    { customer_code: 'BHS', customer_name: 'Bali Heli Services', customer_type: 'CHARTER', address1: 'Jl. Bypass Ngurah Rai No. 88', city: 'Denpasar', country: 'Indonesia', contact_person: 'Ketut Arsana', phone: '+62 361 766 100', email: 'ops@baliheli.example', currency: 'USD', active: true },
  ],
  amo_customer: [
    { customer_code: 'CTA', customer_name: 'Citra Aviation', icao_designator: 'CTV', iata_code: 'C7', aoc_number: 'AOC 121/061', address1: 'Jl. Halim Perdanakusuma No. 8', city: 'Jakarta Timur', country: 'Indonesia', contact_person: 'Hendra Wijaya', phone: '+62 21 809 1122', email: 'technical@citra-aviation.example', contract_type: 'FP', contract_ref: 'GTA-CTA-2023-004', contract_expiry: '2026-12-31', payment_terms: 'NET30', currency: 'IDR', labour_rate: 850000, credit_limit: 15000000000, active: true },
    { customer_code: 'GAH', customer_name: 'Garuda Aero Holding', icao_designator: 'GAH', aoc_number: 'AOC 121/001', address1: 'Gedung Garuda City Center, Jl. M1', city: 'Tangerang', country: 'Indonesia', contact_person: 'Bambang Sutrisno', phone: '+62 21 2560 1000', email: 'fleet.technical@gah.example', contract_type: 'TM', contract_ref: 'GTA-GAH-2022-001', contract_expiry: '2027-06-30', payment_terms: 'NET45', currency: 'USD', labour_rate: 58, credit_limit: 5000000, active: true },
    { customer_code: 'PAS', customer_name: 'Pelita Air Service', icao_designator: 'PAS', iata_code: '6D', aoc_number: 'AOC 121/008', address1: 'Jl. Abdul Muis No. 52-56A', city: 'Jakarta Pusat', country: 'Indonesia', contact_person: 'Rudy Hartono', phone: '+62 21 231 2030', email: 'engineering@pelita-air.example', contract_type: 'TM', contract_ref: 'GTA-PAS-2024-002', contract_expiry: '2025-12-31', payment_terms: 'NET30', currency: 'USD', labour_rate: 55, credit_limit: 2500000, active: true },
    { customer_code: 'TNU', customer_name: 'TransNusa Aviation Mandiri', icao_designator: 'TNU', iata_code: '8B', aoc_number: 'AOC 121/048', address1: 'Jl. Raya Kalimalang No. 1', city: 'Jakarta Timur', country: 'Indonesia', contact_person: 'Yohanes Lado', phone: '+62 21 8690 4455', email: 'technical@transnusa.example', contract_type: 'ADHOC', payment_terms: 'CIA', currency: 'USD', labour_rate: 60, credit_limit: 0, active: true },
    { customer_code: 'RBA', customer_name: 'Royal Brunei Airlines', icao_designator: 'RBA', iata_code: 'BI', aoc_number: 'BN AOC 001', address1: 'RBA Plaza, Jalan Sultan', city: 'Bandar Seri Begawan', country: 'Brunei Darussalam', contact_person: 'Hj. Aziz Rahman', phone: '+673 221 2222', email: 'engineering@rba.example', contract_type: 'FP', contract_ref: 'GTA-RBA-2024-A320NEO', contract_expiry: '2027-03-31', payment_terms: 'NET30', currency: 'USD', labour_rate: 62, credit_limit: 3000000, active: true },
    { customer_code: 'BHS', customer_name: 'Bali Heli Services', address1: 'Jl. Bypass Ngurah Rai No. 88', city: 'Denpasar', country: 'Indonesia', aoc_number: 'AOC 135/032', contact_person: 'Ketut Arsana', phone: '+62 361 766 100', email: 'ops@baliheli.example', contract_type: 'PBH', contract_ref: 'GTA-BHS-2023-412', contract_expiry: '2026-02-28', payment_terms: 'NET30', currency: 'USD', labour_rate: 52, credit_limit: 750000, active: true },
  ],
  customer_aircraft: [
    { cust: 'CTA', reg: 'PK-WFA', type: 'ATR 72-600', msn: '1302', mfd: '2016-02-18', eng: 'PCE-ED1201, PCE-ED1207', fh: '16540:12', fc: 18320, check: '4A-check', checkDate: '2025-03-14', status: 'ACTIVE' },
    { cust: 'CTA', reg: 'PK-WFB', type: 'ATR 72-600', msn: '1318', mfd: '2016-04-05', eng: 'PCE-ED1233, PCE-ED1240', fh: '16105:48', fc: 17890, check: 'C1-check', checkDate: '2025-05-20', status: 'INSHOP' },
    { cust: 'CTA', reg: 'PK-WFC', type: 'ATR 72-600', msn: '1355', mfd: '2016-09-27', eng: 'PCE-ED1302, PCE-ED1311', fh: '15220:30', fc: 16905, check: '3A-check', checkDate: '2025-02-02', status: 'ACTIVE' },
    { cust: 'CTA', reg: 'PK-WGA', type: 'Airbus A320neo', msn: '10458', mfd: '2021-08-09', eng: '598-412, 598-415', fh: '7640:05', fc: 4312, check: 'A2-check', checkDate: '2025-04-11', status: 'ACTIVE' },
    { cust: 'GAH', reg: 'PK-GHC', type: 'Boeing 737-800', msn: '39920', mfd: '2013-04-03', eng: '896-522, 896-530', fh: '23210:55', fc: 14650, check: 'C4-check', checkDate: '2025-05-26', status: 'INSHOP' },
    { cust: 'GAH', reg: 'PK-GHD', type: 'Airbus A320neo', msn: '9876', mfd: '2020-02-11', eng: '598-118, 598-121', fh: '10840:25', fc: 6120, check: 'A4-check', checkDate: '2025-01-30', status: 'ACTIVE' },
    { cust: 'PAS', reg: 'PK-PWA', type: 'Airbus A320neo', msn: '11022', mfd: '2022-05-16', eng: '598-733, 598-740', fh: '5120:40', fc: 3018, check: 'A1-check', checkDate: '2025-03-08', status: 'ACTIVE' },
    { cust: 'PAS', reg: 'PK-PWB', type: 'Airbus A320neo', msn: '11087', mfd: '2022-07-01', eng: '598-751, 598-756', fh: '4985:15', fc: 2950, check: 'A1-check', checkDate: '2025-04-22', status: 'ACTIVE' },
    { cust: 'TNU', reg: 'PK-TNA', type: 'ATR 72-600', msn: '1098', mfd: '2013-11-20', eng: 'PCE-ED0944, PCE-ED0951', fh: '22840:03', fc: 25110, check: 'C2-check', checkDate: '2024-10-15', status: 'ACTIVE' },
    { cust: 'RBA', reg: 'V8-RBD', type: 'Airbus A320neo', msn: '8355', mfd: '2018-09-04', eng: '598-201, 598-209', fh: '17230:50', fc: 9650, check: 'C1-check', checkDate: '2024-12-06', status: 'ACTIVE' },
    { cust: 'BHS', reg: 'PK-BHA', type: 'Bell 412EP', msn: '36488', mfd: '2009-06-12', eng: 'CP-PS0874', fh: '8015:25', fc: 11240, check: '300 h inspection', checkDate: '2025-05-02', status: 'ACTIVE' },
    { cust: 'BHS', reg: 'PK-BHB', type: 'Bell 412EP', msn: '36530', mfd: '2011-03-22', eng: 'CP-PS0912', fh: '6480:10', fc: 9102, check: '600 h inspection', checkDate: '2024-11-19', status: 'INACTIVE' },
  ].map((c) => ({
    amo_customer: ref('amo_customer', 'customer_code', c.cust),
    registration: c.reg,
    aircraft_type: ref('aircraft_type', 'type_name', c.type),
    msn: c.msn,
    manufacture_date: c.mfd,
    engine_serials: c.eng,
    total_fh: hm(c.fh),
    total_fc: c.fc,
    totals_as_of: AS_OF,
    last_check: c.check,
    last_check_date: c.checkDate,
    status: c.status,
  })),
};

const CTA: CompanyData = {
  master_item_category: itemCategories(),
  master_inventory_group: inventoryGroups(),
  master_item: masterItems(),
  store_warehouse: [
    { store_code: 'HLP-MS', store_name: 'Halim Main Store', store_type: 'MAIN', station: 'HLP', address: 'Hangar Citra, Bandara Halim Perdanakusuma', city: 'Jakarta Timur', storekeeper: 'Yudi Kurniawan', phone: '+62 21 809 1150', serviceable_only: true, is_bonded: false, active: true },
    { store_code: 'SUB-LS', store_name: 'Surabaya Juanda Line Store', store_type: 'LINE', station: 'SUB', address: 'Bandara Juanda Terminal 1, Line Maintenance Office', city: 'Sidoarjo', storekeeper: 'Eko Wahyudi', phone: '+62 31 866 7720', serviceable_only: true, is_bonded: false, active: true },
    { store_code: 'UPG-LS', store_name: 'Makassar Line Store', store_type: 'LINE', station: 'UPG', address: 'Bandara Sultan Hasanuddin, Apron Timur', city: 'Maros', storekeeper: 'Andi Rahman', phone: '+62 411 555 310', serviceable_only: true, is_bonded: false, active: true },
  ],
  arc_status: arcStatuses(),
  inventory_issued_kind: issuedKinds(),
  vendor: vendors({ SAT: 'CONDITIONAL', BDS: 'PENDING' }),
  vendor_item: vendorItems('2025-09-30'),
  aircraft_manufacturer: aircraftManufacturers(false),
  engine_manufacturer: engineManufacturers(),
  engine_kind: engineKinds(false),
  ata_group: ataGroups(),
  ad_authority: adAuthorities(),
  mel_category: melCategories(),
  aircraft_type: aircraftTypes(false),
  aircraft: aircraft([
    { reg: 'PK-WFA', type: 'ATR 72-600', msn: '1302', mfd: '2016-02-18', eis: '2016-03-10', base: 'HLP', seats: 'Y70', fh: '16540:12', fc: 18320, asOf: AS_OF, dailyFh: '6:20', dailyFc: 7.1, selcal: 'CK-DM' },
    { reg: 'PK-WFB', type: 'ATR 72-600', msn: '1318', mfd: '2016-04-05', eis: '2016-04-28', base: 'HLP', seats: 'Y70', fh: '16105:48', fc: 17890, asOf: AS_OF, dailyFh: '0:00', dailyFc: 0, status: 'MAINT', selcal: 'CK-DP' },
    { reg: 'PK-WFC', type: 'ATR 72-600', msn: '1355', mfd: '2016-09-27', eis: '2016-10-21', base: 'SUB', seats: 'Y70', fh: '15220:30', fc: 16905, asOf: AS_OF, dailyFh: '6:35', dailyFc: 7.4 },
    { reg: 'PK-WFD', type: 'ATR 72-600', msn: '1421', mfd: '2017-06-14', eis: '2017-07-07', base: 'UPG', seats: 'Y70', own: 'OPLEASE', lessor: 'Nordic Aviation Capital', fh: '13988:05', fc: 15402, asOf: AS_OF, dailyFh: '6:05', dailyFc: 6.9 },
    { reg: 'PK-WFE', type: 'ATR 72-600', msn: '1502', mfd: '2018-10-03', eis: '2018-11-01', base: 'UPG', seats: 'Y70', own: 'OPLEASE', lessor: 'Nordic Aviation Capital', fh: '11240:52', fc: 12655, asOf: AS_OF, dailyFh: '0:00', dailyFc: 0, status: 'AOG' },
    { reg: 'PK-WGA', type: 'Airbus A320neo', msn: '10458', mfd: '2021-08-09', eis: '2021-09-02', base: 'HLP', seats: 'Y180', own: 'OPLEASE', lessor: 'Avolon Aerospace Leasing', fh: '7640:05', fc: 4312, apu: ['3520:40', 4880], asOf: AS_OF, dailyFh: '9:45', dailyFc: 5.5 },
    { reg: 'PK-WHA', type: 'Boeing 737-800', msn: '34952', ln: '2011', mfd: '2006-09-19', eis: '2006-10-12', base: 'SUB', seats: 'Y189', own: 'WETLEASE', lessor: 'Garuda Aero Holding', fh: '49870:33', fc: 31240, apu: ['24110:05', 34002], asOf: AS_OF, dailyFh: '8:10', dailyFc: 4.9 },
  ]),
  customer: [
    { customer_code: 'GAH', customer_name: 'Garuda Aero Holding', customer_type: 'AIRLINE', icao_designator: 'GAH', address1: 'Gedung Garuda City Center, Jl. M1', city: 'Tangerang', country: 'Indonesia', contact_person: 'Bambang Sutrisno', phone: '+62 21 2560 1000', email: 'fleet.technical@gah.example', currency: 'USD', active: true },
    { customer_code: 'SQS', customer_name: 'Susi Air', customer_type: 'CHARTER', icao_designator: 'SQS', address1: 'Jl. Merdeka No. 312', city: 'Pangandaran', country: 'Indonesia', contact_person: 'Wahyu Nugroho', phone: '+62 265 639 120', email: 'technical@susiair.example', currency: 'IDR', active: true },
    { customer_code: 'KEMENHUB', customer_name: 'Ministry of Transportation (Kemenhub)', customer_type: 'GOV', address1: 'Jl. Medan Merdeka Barat No. 8', city: 'Jakarta Pusat', country: 'Indonesia', contact_person: 'Ir. Sri Handayani', phone: '+62 21 381 1308', email: 'djpu@dephub.example', currency: 'IDR', active: true },
  ],
};

export const aviationDemo: Record<string /* compcode */, Record<string /* entity name */, Record<string, unknown>[]>> = {
  GAH,
  GAT,
  CTA,
};
