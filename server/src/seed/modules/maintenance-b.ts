import type { DemoRows } from './index.ts';

/**
 * Demo rows of the maintenance module, part B (see index.ts for the format): the fleet's
 * serial-numbered components and their installation / removal history, flight logs (operation),
 * maintenance logs, logbook entries, modifications, maintenance records (accomplishments that the
 * due list computes from), work orders with task lines, defects with MEL deferrals, and the SB / AD
 * status of each aircraft.
 *
 * Dates: history is written with fixed dates in 2026 (the companies' period is November 2026, as in
 * logistic.ts, whose documents name the work orders below). The flight logs of the last ten days,
 * the recent technical log entries and the MEL deferrals are dated relative to the day the database
 * is seeded, so that the utilisation, the deferral states (open / extended / expired) and the due
 * screens read as "now" whenever the demo is loaded. Hours are integer minutes; times are UTC.
 *
 * Nothing here writes a counter or a part's times beyond what a person types when entering data:
 * the aircraft come with their totals (demo-aviation.ts) and the parts with their times at the
 * start of their recorded history, as spares; installations, removals and shop visits, the
 * accomplishments, the maintenance log entries and the flight logs are inserted unposted and posted
 * through the airworthiness plugin's actions by maintenance-post.ts (`maintenanceBPostings` says
 * which), which moves the counters, part times and due list exactly as a user's postings would.
 */

type Row = Record<string, unknown>;

const ref = (entity: string, field: string, value: string): string => `@${entity}:${field}=${value}`;
const ac = (reg: string) => ref('aircraft', 'registration', reg);
const ata = (code: string) => ref('ata_group', 'ata_code', code);
const wo = (no: string) => ref('work_order', 'wo_no', no);
const mel = (cat: string) => ref('mel_category', 'category', cat);
const amo = (code: string) => ref('amo', 'code', code);
const group = (code: string) => ref('inspection_group', 'code', code);
const kind = (code: string) => ref('component_inspection_kind', 'code', code);
const typeInsp = (taskCode: string) => ref('aircraft_type_inspection', 'task_code', taskCode);
const typeComp = (pn: string) => ref('aircraft_type_component', 'partnumber', pn);
const typeLimit = (taskCode: string) => ref('aircraft_type_component_limit', 'task_code', taskCode);
const typeSb = (sb: string) => ref('aircraft_type_sb', 'sb_number', sb);
const typeAd = (ad: string) => ref('aircraft_type_ad', 'ad_number', ad);
const item = (pn: string) => ref('master_item', 'partnumber', pn);
const defectRef = (no: string) => ref('defect', 'defect_no', no);
const flightRef = (page: string) => ref('flight_log', 'techlog_page', page);
const mrc = (no: string) => ref('maintenance_record', 'record_no', no);

/** CTA certifying staff. */
const B1A = 'Yusuf Hamdani (AMEL B1 3120)';
const B1B = 'Rahmat Fauzi (AMEL B1 4012)';
const B1C = 'Dewanto Saputra (AMEL B1 3388)';
const B2A = 'Agus Salim (AMEL B2 2875)';
const QC = 'Sri Wahyuni (QC INSP-07)';

/** 'H:MM' (hours may exceed 24) to integer minutes. */
function hm(text: string): number {
  const [h, m] = text.split(':').map(Number);
  return h * 60 + m;
}

// ---------------------------------------------------------------- relative dates

const DAY_MS = 86_400_000;
const NOW = new Date();
/** Midnight UTC of the day the demo is seeded. */
const TODAY_MS = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate());

/** ISO date `n` days from today (negative: in the past). */
function rel(n: number): string {
  return new Date(TODAY_MS + n * DAY_MS).toISOString().slice(0, 10);
}

/** ISO timestamp `n` days from today at 'HH:MM' UTC. */
function relAt(n: number, time: string): string {
  return new Date(TODAY_MS + n * DAY_MS + hm(time) * 60_000).toISOString();
}

/** ISO timestamp of a fixed date at 'HH:MM' UTC. */
function at(date: string, time: string): string {
  return `${date}T${time}:00.000Z`;
}

// ---------------------------------------------------------------- aircraft totals

/** Days of the flight-log window: ten full days posted, plus today's first sectors not yet posted. */
const FIRST_DAY = -10;

/** Fixed "today" of the dated history (the demo's period is November 2026). */
const DEMO_TODAY = '2026-11-22';

interface Totals {
  fh: string; // current total hours (demo-aviation.ts)
  fc: number;
  apu?: [string, number]; // APU hours and starts
  rate: [string, number]; // typical daily FH and FC when flying
  since?: string; // not flown since (check, AOG, storage)
}

/** Current totals of the aircraft (demo-aviation.ts) and their usual daily utilisation. */
const TOTALS: Record<string, Totals> = {
  'PK-WFA': { fh: '16540:12', fc: 18320, rate: ['6:20', 7.1] },
  'PK-WFB': { fh: '16105:48', fc: 17890, rate: ['6:15', 7.0], since: '2026-11-02' },
  'PK-WFC': { fh: '15220:30', fc: 16905, rate: ['6:35', 7.4] },
  'PK-WFD': { fh: '13988:05', fc: 15402, rate: ['6:05', 6.9] },
  'PK-WFE': { fh: '11240:52', fc: 12655, rate: ['6:00', 6.8], since: rel(-3) },
  'PK-WGA': { fh: '7640:05', fc: 4312, apu: ['3520:40', 4880], rate: ['9:45', 5.5] },
  'PK-WHA': { fh: '49870:33', fc: 31240, apu: ['24110:05', 34002], rate: ['8:10', 4.9] },
  'PK-GTA': { fh: '61420:18', fc: 38911, apu: ['30112:40', 41200], rate: ['8:00', 5.0], since: '2026-03-01' },
  'PK-GTB': { fh: '45230:05', fc: 29018, apu: ['22015:10', 31540], rate: ['8:30', 5.1] },
  'PK-GTC': { fh: '19820:47', fc: 22105, rate: ['6:10', 6.8] },
  'PK-GTD': { fh: '18102:22', fc: 20440, rate: ['6:00', 6.5], since: '2026-10-26' },
  'PK-GTE': { fh: '12455:35', fc: 7302, apu: ['5980:20', 8110], rate: ['9:50', 5.7] },
  'PK-GTH': { fh: '7210:40', fc: 9815, rate: ['1:45', 2.4] },
  'PK-GHA': { fh: '28914:42', fc: 17822, apu: ['14210:15', 19877], rate: ['9:40', 5.6] },
  'PK-GHC': { fh: '23210:55', fc: 14650, apu: ['11020:05', 16110], rate: ['9:00', 5.5], since: '2026-10-19' },
  'PK-GHD': { fh: '10840:25', fc: 6120, apu: ['5120:30', 7015], rate: ['10:15', 5.9] },
  'PK-GHF': { fh: '14875:33', fc: 16240, rate: ['5:50', 6.4] },
};

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

/**
 * Aircraft totals on a date of the history: the totals the aircraft is entered with less the usual
 * utilisation of the days in between; within the window of flight logs, those totals plus the
 * sectors flown up to the end of that day (what the posted logs will give). `apu` gives the APU
 * hours and starts instead (parts that count APU usage).
 */
function acAt(reg: string, date: string, apu = false): [number, number] {
  const t = TOTALS[reg];
  if (!t) throw new Error(`maintenance-b demo: no totals for ${reg}`);
  if (date >= rel(FIRST_DAY) && ROTATIONS.some((r) => r.reg === reg)) {
    const [fh0, fc0] = apu && t.apu ? [hm(t.apu[0]), t.apu[1]] : [hm(t.fh), t.fc];
    let fh = fh0;
    let fc = fc0;
    for (const f of flightLogs()) {
      if (f.aircraft !== ac(reg) || String(f.flight_date) > date || !FLIGHTS_TO_POST.includes(String(f.techlog_page))) continue;
      fh += apu ? Number(f.apu_minutes ?? 0) : Number(f.flight_minutes);
      fc += apu ? Number(f.apu_starts ?? 0) : Number(f.cycles);
    }
    return [fh, fc];
  }
  const end = t.since && t.since < DEMO_TODAY ? t.since : DEMO_TODAY;
  const days = Math.max(0, daysBetween(date, end));
  const [fh, fc] = apu && t.apu ? [hm(t.apu[0]), t.apu[1]] : [hm(t.fh), t.fc];
  const ratio = apu && t.apu ? [hm(t.apu[0]) / hm(t.fh), t.apu[1] / t.fc] : [1, 1];
  return [Math.max(0, fh - Math.round(days * hm(t.rate[0]) * ratio[0])), Math.max(0, fc - Math.round(days * t.rate[1] * ratio[1]))];
}


// ---------------------------------------------------------------- fleet components (fleet-components)

type CompClass = 'ENGINE' | 'APU' | 'PROPELLER' | 'MODULE' | 'LLP' | 'LG' | 'ROTABLE';

interface CompSpec {
  pn: string;
  name: string;
  sn: string;
  cls: CompClass;
  ata: string;
  mfd: string;
  reg?: string; // installed on (with inst); absent for parts in store or shop
  pos?: string;
  inst?: string; // installation date
  parent?: string; // serial number of the next higher assembly (listed before)
  tc?: boolean; // has an aircraft_type_component row (false for LLPs and parts outside the programme)
  item?: boolean; // master_item with the same part number
  apu?: boolean; // counts APU hours / starts
  at: [string | number, number, (string | number | null)?, (number | null)?]; // TSN ('H:MM' or minutes), CSN, TSO, CSO at installation (or now, when not installed)
  oh?: string; // last overhaul
  shop?: string; // last shop visit
  status?: 'INSTALLED' | 'SPARE' | 'US' | 'SHOP' | 'SCRAPPED';
  known?: boolean;
  rating?: string; // engines: the thrust rating operated (LLP life proration)
  remark?: string;
}

/** Times (TSN, CSN, TSO, CSO) of parts at the start of their recorded history (their first stint). */
const INITIAL_TIMES = new Map<string, [number, number, (number | null)?, (number | null)?]>();
/** Status of parts whose history starts in a shop. */
const INITIAL_STATUS = new Map<string, string>([['A-3087', 'SHOP']]);

/** 'H:MM' or minutes to minutes. */
function mins(t: string | number): number {
  return typeof t === 'number' ? t : hm(t);
}

/**
 * Parts as entered before their recorded history: times at their first recorded event (for parts
 * with past stints, the times when the first one began; else the times at their current
 * installation, or now for spares), not installed (the posted installations put them on the
 * aircraft and count the usage since).
 */
function components(specs: CompSpec[]): Row[] {
  return specs.map((c) => {
    const [itsn, icsn, itso, icso] = INITIAL_TIMES.get(c.sn) ?? c.at;
    const known = c.known ?? true;
    return {
      aircraft: null,
      parent_component: null,
      type_component: c.tc === false || (c.cls === 'LLP' && c.tc !== true) ? null : typeComp(c.pn),
      item: c.item ? item(c.pn) : null,
      partnumber: c.pn,
      partname: c.name,
      serial_number: c.sn,
      ata: c.ata ? ata(c.ata) : null,
      component_class: c.cls,
      position: null,
      component_status: INITIAL_STATUS.get(c.sn) ?? (c.reg || INITIAL_TIMES.has(c.sn) ? 'SPARE' : (c.status ?? 'SPARE')),
      manufacture_date: c.mfd,
      tsn: known ? mins(itsn) : null,
      csn: known ? icsn : null,
      tso: itso != null ? mins(itso) : null,
      cso: icso != null ? icso : null,
      tsr: null,
      csr: null,
      thrust_rating: c.rating ?? null,
      times_known: known,
      times_as_of: c.inst ?? c.shop ?? c.oh ?? null,
      last_overhaul_date: c.oh ?? null,
      last_shop_visit_date: c.shop ?? c.oh ?? null,
      is_llp: c.cls === 'LLP',
      remark: c.remark ?? null,
    };
  });
}

const PW = 'Engine, PW127M turboprop';
const PROP = 'Propeller assembly, 568F six-blade composite';
const BRK_ATR = 'Brake assembly, main landing gear';
const BAT = 'Main battery, Ni-Cd 24 V 43 Ah';
const CFM = 'Engine, CFM56-7B26 turbofan';
const LEAP = 'Engine, LEAP-1A26 turbofan';
const BRK_C = 'Brake assembly, carbon, main landing gear';

/** Totals of engines that came new with their aircraft, at their removal (TSN = aircraft hours). */
const ED1201_OFF = acAt('PK-WFA', '2023-11-05');
const ED1506_OFF = acAt('PK-WFE', '2025-06-13');

/** CTA: engines, propellers, landing gears, APUs, LLPs and rotables of the fleet, and its spares. */
const CTA_COMPONENTS: CompSpec[] = [
  // PK-WFA
  { reg: 'PK-WFA', pn: 'PW127M', name: PW, sn: 'PCE-ED1201', cls: 'ENGINE', ata: '72', pos: '1', mfd: '2015-11-20', inst: '2024-07-15', at: [...ED1201_OFF, 0, 0], oh: '2024-06-28', remark: 'Back on PK-WFA after overhaul at the GAT engine shop; spare engine PCE-ED0977 flew in its place.' },
  { reg: 'PK-WFA', pn: '3072551-01', name: 'Impeller, low pressure compressor', sn: 'PCE-IL30412', cls: 'LLP', ata: '72', pos: 'LPC', parent: 'PCE-ED1201', mfd: '2015-10-02', inst: '2024-07-15', at: ED1201_OFF },
  { reg: 'PK-WFA', pn: '3072552-01', name: 'Impeller, high pressure compressor', sn: 'PCE-IH30877', cls: 'LLP', ata: '72', pos: 'HPC', parent: 'PCE-ED1201', mfd: '2015-10-05', inst: '2024-07-15', at: ED1201_OFF },
  { reg: 'PK-WFA', pn: '3073470-01', name: 'Disk, high pressure turbine', sn: 'PCE-HD41190', cls: 'LLP', ata: '72-50', pos: 'HPT', parent: 'PCE-ED1201', mfd: '2015-09-21', inst: '2024-07-15', at: ED1201_OFF },
  { reg: 'PK-WFA', pn: 'PW127M', name: PW, sn: 'PCE-ED1207', cls: 'ENGINE', ata: '72', pos: '2', mfd: '2015-12-02', inst: '2025-09-02', at: ['13050:25', 14480, '6460:10', 7240], oh: '2022-11-15', shop: '2025-08-20' },
  { reg: 'PK-WFA', pn: '568F-1', name: PROP, sn: 'FR20151109', cls: 'PROPELLER', ata: '61', pos: '1', mfd: '2015-11-09', inst: '2023-12-05', at: ['10950:00', 12100, '0:00', 0], oh: '2023-11-20' },
  { reg: 'PK-WFA', pn: '568F-1', name: PROP, sn: 'FR20151122', cls: 'PROPELLER', ata: '61', pos: '2', mfd: '2015-11-22', inst: '2023-12-05', at: ['10950:00', 12100, '0:00', 0], oh: '2023-11-22' },
  { reg: 'PK-WFA', pn: 'D23190000-5', name: 'Main landing gear assembly', sn: 'MLG-ATR-4471', cls: 'LG', ata: '32', pos: 'LH', mfd: '2015-10-01', inst: '2025-12-05', at: ['14050:00', 15600, '0:00', 0], oh: '2025-11-10', remark: 'Overhauled exchange unit fitted at the 2025 C-check.' },
  { reg: 'PK-WFA', pn: 'D23191000-3', name: 'Main landing gear sliding rod', sn: 'SLS-SR2201', cls: 'LLP', ata: '32', pos: 'MLG LH', parent: 'MLG-ATR-4471', mfd: '2015-09-14', inst: '2025-12-05', at: ['14050:00', 15600] },
  { reg: 'PK-WFA', pn: 'D23190000-5', name: 'Main landing gear assembly', sn: 'MLG-ATR-4472', cls: 'LG', ata: '32', pos: 'RH', mfd: '2015-10-01', inst: '2025-12-05', at: ['14050:00', 15600, '0:00', 0], oh: '2025-11-12' },
  { reg: 'PK-WFA', pn: '3214552-3', name: BRK_ATR, sn: 'SLS-B7010', cls: 'ROTABLE', ata: '32-40', pos: 'LH-OB', item: true, mfd: '2019-04-02', inst: '2026-05-20', at: ['5210:00', 6020, '0:00', 0], oh: '2026-05-04' },
  { reg: 'PK-WFA', pn: '3214552-3', name: BRK_ATR, sn: 'SLS-B7011', cls: 'ROTABLE', ata: '32-40', pos: 'LH-IB', item: true, mfd: '2019-04-02', inst: '2026-05-20', at: ['5208:00', 6018, '0:00', 0], oh: '2026-05-04' },
  { reg: 'PK-WFA', pn: '3214552-3', name: BRK_ATR, sn: 'SLS-B7012', cls: 'ROTABLE', ata: '32-40', pos: 'RH-IB', item: true, mfd: '2019-05-16', inst: '2026-06-24', at: ['4480:00', 5175, '0:00', 0], oh: '2026-06-05' },
  { reg: 'PK-WFA', pn: '3214552-3', name: BRK_ATR, sn: 'SLS-B7013', cls: 'ROTABLE', ata: '32-40', pos: 'RH-OB', item: true, mfd: '2019-05-16', inst: '2026-06-24', at: ['4475:00', 5170, '0:00', 0], oh: '2026-06-05' },
  { reg: 'PK-WFA', pn: 'C20195100', name: 'Main wheel assembly', sn: 'W-40112', cls: 'ROTABLE', ata: '32-40', pos: 'LH-OB', item: true, mfd: '2020-02-11', inst: '2026-10-30', at: ['3105:00', 3560, '0:00', 0], oh: '2026-10-14' },
  { reg: 'PK-WFA', pn: 'C20195100', name: 'Main wheel assembly', sn: 'W-40118', cls: 'ROTABLE', ata: '32-40', pos: 'RH-OB', item: true, mfd: '2020-02-11', inst: '2026-10-30', at: ['3090:00', 3541, '0:00', 0], oh: '2026-10-14' },
  { reg: 'PK-WFA', pn: '441CH1', name: BAT, sn: 'SAFT-84410', cls: 'ROTABLE', ata: '24', item: true, mfd: '2022-03-14', inst: '2026-06-10', at: ['6120:00', 6850] },
  // PK-WFB (C-check since 2 November)
  { reg: 'PK-WFB', pn: 'PW127M', name: PW, sn: 'PCE-ED1233', cls: 'ENGINE', ata: '72', pos: '1', mfd: '2016-01-28', inst: '2024-03-28', at: ['10210:00', 11380, '3120:35', 3475], oh: '2022-05-10', shop: '2024-03-20', remark: 'HSI and HPT stage 1 blade replacement (AD CF-2023-41) at P&WC Singapore, March 2024.' },
  { reg: 'PK-WFB', pn: 'PW127M', name: PW, sn: 'PCE-ED1240', cls: 'ENGINE', ata: '72', pos: '2', mfd: '2016-02-10', inst: '2024-03-30', at: ['10188:40', 11352, '3098:15', 3446], oh: '2022-05-24', shop: '2024-03-22', remark: 'HSI and HPT stage 1 blade replacement (AD CF-2023-41) at P&WC Singapore, March 2024.' },
  // PK-WFC
  { reg: 'PK-WFC', pn: 'PW127M', name: PW, sn: 'PCE-ED1302', cls: 'ENGINE', ata: '72', pos: '1', mfd: '2016-07-12', inst: '2025-01-20', at: ['10320:05', 11230, '2150:45', 2390], oh: '2023-08-02', shop: '2025-01-10' },
  { reg: 'PK-WFC', pn: 'PW127M', name: PW, sn: 'PCE-ED1311', cls: 'ENGINE', ata: '72', pos: '2', mfd: '2016-08-01', inst: '2025-05-11', at: ['11012:30', 12040, '2840:00', 3150], oh: '2023-06-14', shop: '2025-05-02' },
  { reg: 'PK-WFC', pn: '568F-1', name: PROP, sn: 'FR20160830', cls: 'PROPELLER', ata: '61', pos: '1', mfd: '2016-08-30', inst: '2024-09-14', at: ['9850:00', 10970, '0:00', 0], oh: '2024-08-30' },
  { reg: 'PK-WFC', pn: '568F-1', name: PROP, sn: 'FR20160844', cls: 'PROPELLER', ata: '61', pos: '2', mfd: '2016-08-30', inst: '2022-03-10', at: ['3800:00', 4330, '0:00', 0], oh: '2022-02-25', remark: 'Overhaul due on hours: planned at the next C-check.' },
  { reg: 'PK-WFC', pn: '441CH1', name: BAT, sn: 'SAFT-85102', cls: 'ROTABLE', ata: '24', item: true, mfd: '2023-01-10', inst: '2026-08-30', at: ['4310:00', 4780] },
  // PK-WFD
  { reg: 'PK-WFD', pn: 'PW127M', name: PW, sn: 'PCE-ED1415', cls: 'ENGINE', ata: '72', pos: '1', mfd: '2017-04-03', inst: '2024-11-03', at: ['9120:15', 10010, '1820:00', 2010], oh: '2024-01-15', shop: '2024-10-20' },
  { reg: 'PK-WFD', pn: 'PW127M', name: PW, sn: 'PCE-ED1422', cls: 'ENGINE', ata: '72', pos: '2', mfd: '2017-04-20', inst: '2025-08-19', at: ['10830:20', 11905, '4410:00', 4870], oh: '2023-03-01', shop: '2025-08-05' },
  { reg: 'PK-WFD', pn: '441CH1', name: BAT, sn: 'SAFT-87011', cls: 'ROTABLE', ata: '24', item: true, mfd: '2023-06-02', inst: '2026-10-28', at: ['3650:20', 4010], remark: 'Robbed from PK-WFB in C-check (ROB-2026-00001).' },
  // PK-WFE (AOG at UPG)
  { reg: 'PK-WFE', pn: 'PW127M', name: PW, sn: 'PCE-ED1498', cls: 'ENGINE', ata: '72', pos: '1', mfd: '2018-08-10', inst: '2025-02-14', at: ['6980:00', 7820], shop: '2025-02-01' },
  { reg: 'PK-WFE', pn: 'PW127M', name: PW, sn: 'PCE-ED0977', cls: 'ENGINE', ata: '72', pos: '2', mfd: '2014-05-22', inst: '2025-06-14', at: ['18950:40', 21020, '5210:20', 5780], oh: '2023-04-18', shop: '2025-05-30', remark: 'CTA spare engine; flew on PK-WFA (Nov 2023 - Jul 2024) and on PK-WFE since June 2025. Chip detector event: removal in progress (WO-2026-00478).' },
  { reg: 'PK-WFE', pn: '3214552-3', name: BRK_ATR, sn: 'SLS-B8240', cls: 'ROTABLE', ata: '32-40', pos: 'RH-OB', item: true, mfd: '2020-07-07', inst: '2026-07-24', at: ['2410:00', 2780, '0:00', 0], oh: '2026-07-10', remark: 'Issued from the Makassar line store (ISS-2026-00001).' },
  // PK-WGA
  { reg: 'PK-WGA', pn: 'LEAP-1A26', name: LEAP, sn: '598-412', cls: 'ENGINE', ata: '72', pos: '1', mfd: '2021-06-15', inst: '2021-09-02', at: ['0:00', 0] },
  { reg: 'PK-WGA', pn: '2499M30P03', name: 'Disk, fan', sn: 'LEAP-FD11207', cls: 'LLP', ata: '72', pos: 'Fan', parent: '598-412', mfd: '2021-03-30', inst: '2021-09-02', at: ['0:00', 0] },
  { reg: 'PK-WGA', pn: '2603M53P02', name: 'Disk, high pressure turbine stage 1', sn: 'LEAP-HD22871', cls: 'LLP', ata: '72-50', pos: 'HPT', parent: '598-412', mfd: '2021-04-12', inst: '2021-09-02', at: ['0:00', 0] },
  { reg: 'PK-WGA', pn: '2489M23P05', name: 'Disk, low pressure turbine stage 1', sn: 'LEAP-LD31940', cls: 'LLP', ata: '72-50', pos: 'LPT', parent: '598-412', mfd: '2021-04-20', inst: '2021-09-02', at: ['0:00', 0] },
  { reg: 'PK-WGA', pn: 'LEAP-1A26', name: LEAP, sn: '598-415', cls: 'ENGINE', ata: '72', pos: '2', mfd: '2021-06-22', inst: '2021-09-02', at: ['0:00', 0] },
  { reg: 'PK-WGA', pn: '3800608-3', name: 'APU, Honeywell 131-9A', sn: 'P-7718', cls: 'APU', ata: '49', pos: 'APU', apu: true, mfd: '2021-05-04', inst: '2021-09-02', at: ['0:00', 0] },
  { reg: 'PK-WGA', pn: '3822455-2', name: 'Turbine wheel, APU', sn: 'APU-TW-5511', cls: 'LLP', ata: '49', pos: 'APU turbine', parent: 'P-7718', apu: true, mfd: '2021-03-18', inst: '2021-09-02', at: ['0:00', 0] },
  { reg: 'PK-WGA', pn: '201585001', name: 'Main landing gear assembly', sn: 'MLG-A20N-0917', cls: 'LG', ata: '32', pos: 'LH', mfd: '2021-03-02', inst: '2021-09-02', at: ['0:00', 0] },
  { reg: 'PK-WGA', pn: '201163301', name: 'Main landing gear main fitting', sn: 'SLS-MF5521', cls: 'LLP', ata: '32', pos: 'MLG LH', parent: 'MLG-A20N-0917', mfd: '2021-01-25', inst: '2021-09-02', at: ['0:00', 0] },
  { reg: 'PK-WGA', pn: '201585001', name: 'Main landing gear assembly', sn: 'MLG-A20N-0918', cls: 'LG', ata: '32', pos: 'RH', mfd: '2021-03-02', inst: '2021-09-02', at: ['0:00', 0] },
  { reg: 'PK-WGA', pn: '2-1701-3', name: BRK_C, sn: 'HB-A3301', cls: 'ROTABLE', ata: '32-40', pos: 'LH-OB', mfd: '2021-02-17', inst: '2026-05-18', at: ['4210:00', 2350, '0:00', 0], oh: '2026-05-02' },
  { reg: 'PK-WGA', pn: '2-1701-3', name: BRK_C, sn: 'HB-A3302', cls: 'ROTABLE', ata: '32-40', pos: 'LH-IB', mfd: '2021-02-17', inst: '2026-08-07', at: ['2050:00', 1110, '0:00', 0], oh: '2026-07-20' },
  { reg: 'PK-WGA', pn: '453-5000', name: 'Emergency locator transmitter C406-1', sn: 'ELT-80412', cls: 'ROTABLE', ata: '25', item: true, mfd: '2021-05-20', inst: '2021-09-02', at: ['0:00', 0] },
  { reg: 'PK-WGA', pn: '930-1000-001', name: 'Weather radar receiver/transmitter RDR-4000', sn: 'RDR-4K-2210', cls: 'ROTABLE', ata: '34', item: true, mfd: '2021-04-11', inst: '2021-09-02', at: ['0:00', 0] },
  // PK-WHA
  { reg: 'PK-WHA', pn: 'CFM56-7B26', name: CFM, sn: '890-431', cls: 'ENGINE', ata: '72', pos: '1', mfd: '2006-07-10', inst: '2023-02-14', at: ['37200:00', 23100, '0:00', 0], oh: '2023-01-20', rating: 'CFM56-7B26', remark: 'Performance restoration shop visit January 2023 (HPT stage 1 disk replaced); fan disk is the limiter.' },
  { reg: 'PK-WHA', pn: '340-002-108-0', name: 'Disk, fan stage 1', sn: 'CFM-FD7721', cls: 'LLP', ata: '72', pos: 'Fan', parent: '890-431', mfd: '2006-03-02', inst: '2023-02-14', at: ['36200:00', 22400], remark: 'Stub life: replacement planned at the next shop visit.' },
  { reg: 'PK-WHA', pn: '1873M37P01', name: 'Disk, high pressure turbine stage 1', sn: 'CFM-HD4410', cls: 'LLP', ata: '72-50', pos: 'HPT', parent: '890-431', mfd: '2022-10-11', inst: '2023-02-14', at: ['0:00', 0] },
  { reg: 'PK-WHA', pn: '301-331-126-0', name: 'Disk, low pressure turbine stage 1', sn: 'CFM-LD3318', cls: 'LLP', ata: '72-50', pos: 'LPT', parent: '890-431', mfd: '2012-06-19', inst: '2023-02-14', at: ['22900:00', 14000] },
  { reg: 'PK-WHA', pn: 'CFM56-7B26', name: CFM, sn: '890-447', cls: 'ENGINE', rating: 'CFM56-7B27', ata: '72', pos: '2', mfd: '2006-07-28', inst: '2024-05-20', at: ['39010:00', 25510, '0:00', 0], oh: '2024-04-25' },
  { reg: 'PK-WHA', pn: '3800708-1', name: 'APU, Honeywell 131-9B', sn: 'P-4420', cls: 'APU', ata: '49', pos: 'APU', apu: true, mfd: '2005-11-30', inst: '2022-04-01', at: ['15800:00', 22100, '0:00', 0], oh: '2022-03-10' },
  { reg: 'PK-WHA', pn: '3822233-1', name: 'Impeller, APU load compressor', sn: 'APU-LC3307', cls: 'LLP', ata: '49', pos: 'APU load compressor', parent: 'P-4420', apu: true, mfd: '2005-09-12', inst: '2022-04-01', at: ['15800:00', 22100] },
  { reg: 'PK-WHA', pn: '114A1000-9', name: 'Main landing gear assembly', sn: 'MLG-737-2231', cls: 'LG', ata: '32', pos: 'LH', mfd: '2006-05-15', inst: '2018-04-12', at: ['30100:00', 18900, '0:00', 0], oh: '2018-03-20' },
  { reg: 'PK-WHA', pn: '161A1100-67', name: 'Main landing gear outer cylinder', sn: 'MLG-OC1181', cls: 'LLP', ata: '32', pos: 'MLG LH', parent: 'MLG-737-2231', mfd: '2006-04-03', inst: '2018-04-12', at: ['30100:00', 18900] },
  { reg: 'PK-WHA', pn: '114A1000-9', name: 'Main landing gear assembly', sn: 'MLG-737-2232', cls: 'LG', ata: '32', pos: 'RH', mfd: '2006-05-15', inst: '2018-04-12', at: ['30100:00', 18900, '0:00', 0], oh: '2018-03-22' },
  { reg: 'PK-WHA', pn: '2-1577-3', name: BRK_C, sn: 'HB-31150', cls: 'ROTABLE', ata: '32-40', pos: 'LH-OB', mfd: '2017-09-05', inst: '2026-02-10', at: ['6100:00', 3700, '0:00', 0], oh: '2026-01-28' },
  { reg: 'PK-WHA', pn: '2-1577-3', name: BRK_C, sn: 'HB-31151', cls: 'ROTABLE', ata: '32-40', pos: 'LH-IB', mfd: '2017-09-05', inst: '2026-02-10', at: ['6090:00', 3694, '0:00', 0], oh: '2026-01-28' },
  { reg: 'PK-WHA', pn: '2-1577-3', name: BRK_C, sn: 'HB-31152', cls: 'ROTABLE', ata: '32-40', pos: 'RH-IB', mfd: '2018-01-22', inst: '2026-06-22', at: ['4400:00', 2680, '0:00', 0], oh: '2026-06-08' },
  { reg: 'PK-WHA', pn: '2-1577-3', name: BRK_C, sn: 'HB-31153', cls: 'ROTABLE', ata: '32-40', pos: 'RH-OB', mfd: '2018-01-22', inst: '2026-06-22', at: ['4395:00', 2676, '0:00', 0], oh: '2026-06-08' },
  { reg: 'PK-WHA', pn: '761574B', name: 'Integrated drive generator, 90 kVA', sn: 'IDG-17720', cls: 'ROTABLE', ata: '24', pos: '1', item: true, mfd: '2008-02-14', inst: '2024-02-19', at: ['21500:00', 13400, '0:00', 0], oh: '2024-01-30' },
  { reg: 'PK-WHA', pn: '761574B', name: 'Integrated drive generator, 90 kVA', sn: 'IDG-18809', cls: 'ROTABLE', ata: '24', pos: '2', item: true, mfd: '2009-06-30', inst: '2026-04-20', at: ['18800:00', 11750, '0:00', 0], oh: '2026-03-25' },
  { reg: 'PK-WHA', pn: '2206200-4', name: 'Air cycle machine', sn: 'ACM-5531', cls: 'ROTABLE', ata: '21', pos: 'LH', item: true, mfd: '2006-02-20', inst: '2021-08-01', at: ['20400:00', 12800, '0:00', 0], oh: '2021-07-10' },
  { reg: 'PK-WHA', pn: '2206200-4', name: 'Air cycle machine', sn: 'ACM-6012', cls: 'ROTABLE', ata: '21', pos: 'RH', item: true, mfd: '2007-11-05', inst: '2025-03-03', at: ['0:00', 0], known: false, remark: 'Bought from a broker with incomplete back-to-birth records: TSN/CSN unknown until the records search is closed.' },
  // spares and parts in shops
  { pn: 'PW127M', name: PW, sn: 'PCE-ED1506', cls: 'ENGINE', ata: '72', mfd: '2018-09-14', at: [...ED1506_OFF, 0, 0], oh: '2025-10-24', status: 'SPARE', remark: 'Serviceable spare at Halim after FOD repair and overhaul at the GAT engine shop; allocated to PK-WFE (WO-2026-00478).' },
  { pn: '3214552-3', name: BRK_ATR, sn: 'SLS-B5512', cls: 'ROTABLE', ata: '32-40', item: true, mfd: '2018-03-08', at: ['7810:30', 9020, '1520:10', 1760], shop: '2026-08-05', status: 'SHOP', remark: 'At Safran Landing Systems for repair (RO CTA-RO-26-041).' },
  { pn: 'C20195100', name: 'Main wheel assembly', sn: 'W-39877', cls: 'ROTABLE', ata: '32-40', item: true, mfd: '2019-11-04', at: ['3200:00', 3650, '0:00', 0], oh: '2026-06-15', remark: 'Serviceable in Halim main store (bin LG-02), post-mod SB ATR72-32-1108.' },
  { pn: '441CH1', name: BAT, sn: 'SAFT-85920', cls: 'ROTABLE', ata: '24', item: true, mfd: '2021-09-01', at: ['7420:00', 8150], status: 'US', remark: 'Removed from PK-WFD: failed capacity check (68%).' },
  { pn: '441CH1', name: BAT, sn: 'SAFT-88120', cls: 'ROTABLE', ata: '24', item: true, mfd: '2023-11-20', at: ['2210:00', 2480, '0:00', 0], oh: '2026-05-30', remark: 'Serviceable in Halim main store (bin AV-01).' },
  { pn: '761574B', name: 'Integrated drive generator, 90 kVA', sn: 'IDG-16034', cls: 'ROTABLE', ata: '24', item: true, mfd: '2005-12-01', at: ['35210:00', 22010, '15320:00', 9480], shop: '2026-04-28', status: 'SHOP', remark: 'Removed from PK-WHA position 2 for low oil pressure; at Collins Aerospace Singapore for repair (RO CTA-RO-26-018).' },
];

/** GAT: components of its managed fleet (training / test aircraft and the Bell 412EP). */
const GAT_COMPONENTS: CompSpec[] = [
  { reg: 'PK-GTB', pn: 'CFM56-7B26', name: CFM, sn: '892-118', cls: 'ENGINE', ata: '72', pos: '1', mfd: '2007-04-02', inst: '2022-09-10', at: ['30500:00', 19600, '0:00', 0], oh: '2022-08-15' },
  { reg: 'PK-GTB', pn: 'CFM56-7B26', name: CFM, sn: '892-125', cls: 'ENGINE', ata: '72', pos: '2', mfd: '2007-04-19', inst: '2024-01-22', at: ['36400:00', 23300, '0:00', 0], oh: '2023-12-20' },
  { reg: 'PK-GTB', pn: '3800708-1', name: 'APU, Honeywell 131-9B', sn: 'P-3315', cls: 'APU', ata: '49', pos: 'APU', apu: true, mfd: '2006-12-11', inst: '2023-05-05', at: ['14100:00', 19800, '0:00', 0], oh: '2023-04-10' },
  { reg: 'PK-GTB', pn: '2-1577-3', name: BRK_C, sn: 'HB-30412', cls: 'ROTABLE', ata: '32-40', pos: 'LH-OB', mfd: '2016-10-03', inst: '2026-08-29', at: ['3100:00', 1800, '0:00', 0], oh: '2026-08-10' },
  { reg: 'PK-GTB', pn: '2-1577-3', name: BRK_C, sn: 'HB-30415', cls: 'ROTABLE', ata: '32-40', pos: 'LH-IB', mfd: '2016-10-03', inst: '2026-08-29', at: ['3095:00', 1797, '0:00', 0], oh: '2026-08-10' },
  { reg: 'PK-GTC', pn: 'PW127M', name: PW, sn: 'PCE-ED0811', cls: 'ENGINE', ata: '72', pos: '1', mfd: '2014-06-20', inst: '2024-04-18', at: ['12010:00', 13400, '0:00', 0], oh: '2024-03-30' },
  { reg: 'PK-GTC', pn: '3072551-01', name: 'Impeller, low pressure compressor', sn: 'PCE-IL20988', cls: 'LLP', ata: '72', pos: 'LPC', parent: 'PCE-ED0811', mfd: '2014-05-02', inst: '2024-04-18', at: ['12010:00', 13400] },
  { reg: 'PK-GTC', pn: 'PW127M', name: PW, sn: 'PCE-ED0820', cls: 'ENGINE', ata: '72', pos: '2', mfd: '2014-07-08', inst: '2025-03-12', at: ['14200:30', 15850, '3900:00', 4310], oh: '2023-05-02', shop: '2025-03-01' },
  { reg: 'PK-GTC', pn: '568F-1', name: PROP, sn: 'FR20140702', cls: 'PROPELLER', ata: '61', pos: '1', mfd: '2014-07-02', inst: '2023-02-01', at: ['8800:00', 9900, '0:00', 0], oh: '2023-01-15' },
  { reg: 'PK-GTC', pn: '3214552-3', name: BRK_ATR, sn: 'SLS-B7731', cls: 'ROTABLE', ata: '32-40', pos: 'LH-OB', mfd: '2021-03-11', inst: '2026-08-25', at: ['1200:00', 1390, '0:00', 0], oh: '2026-08-12', remark: 'Received from Safran on 24 Aug (RSV-2026-00001).' },
  { reg: 'PK-GTC', pn: '3214552-3', name: BRK_ATR, sn: 'SLS-B7735', cls: 'ROTABLE', ata: '32-40', pos: 'LH-IB', mfd: '2021-03-11', inst: '2026-08-25', at: ['1195:00', 1384, '0:00', 0], oh: '2026-08-12' },
  { reg: 'PK-GTD', pn: 'PW127M', name: PW, sn: 'PCE-ED0902', cls: 'ENGINE', ata: '72', pos: '1', mfd: '2015-03-30', inst: '2024-09-09', at: ['11300:00', 12500, '2400:00', 2650], oh: '2023-02-01', shop: '2024-08-28' },
  { reg: 'PK-GTD', pn: 'PW127M', name: PW, sn: 'PCE-ED0915', cls: 'ENGINE', ata: '72', pos: '2', mfd: '2015-04-14', inst: '2025-06-30', at: ['12800:00', 14300, '4100:00', 4500], oh: '2023-03-15', shop: '2025-06-18' },
  { reg: 'PK-GTE', pn: 'LEAP-1A26', name: LEAP, sn: '598-233', cls: 'ENGINE', ata: '72', pos: '1', mfd: '2019-02-11', inst: '2019-05-10', at: ['0:00', 0] },
  { reg: 'PK-GTE', pn: '2499M30P03', name: 'Disk, fan', sn: 'LEAP-FD08812', cls: 'LLP', ata: '72', pos: 'Fan', parent: '598-233', mfd: '2018-11-20', inst: '2019-05-10', at: ['0:00', 0] },
  { reg: 'PK-GTE', pn: '2603M53P02', name: 'Disk, high pressure turbine stage 1', sn: 'LEAP-HD09931', cls: 'LLP', ata: '72-50', pos: 'HPT', parent: '598-233', mfd: '2018-12-04', inst: '2019-05-10', at: ['0:00', 0] },
  { reg: 'PK-GTE', pn: 'LEAP-1A26', name: LEAP, sn: '598-240', cls: 'ENGINE', ata: '72', pos: '2', mfd: '2019-02-25', inst: '2019-05-10', at: ['0:00', 0] },
  { reg: 'PK-GTH', pn: 'PT6T-3D', name: 'Engine, PT6T-3D Twin-Pac', sn: 'CP-PS0931', cls: 'ENGINE', ata: '72', pos: '1', mfd: '2009-08-17', inst: '2025-04-02', at: ['5210:00', 7100, '0:00', 0], oh: '2025-03-10' },
  { reg: 'PK-GTH', pn: '412-010-101-133', name: 'Main rotor yoke', sn: 'MRY-10233', cls: 'LLP', tc: true, ata: '', pos: 'Main rotor', mfd: '2010-05-04', inst: '2020-06-15', at: ['3100:00', 4100] },
  { reg: 'PK-GTH', pn: '412-010-190-105', name: 'Main rotor grip', sn: 'MRG-5521', cls: 'LLP', ata: '', pos: 'Main rotor', parent: 'MRY-10233', mfd: '2010-04-12', inst: '2020-06-15', at: ['3100:00', 4100] },
  { reg: 'PK-GTH', pn: '212-010-750-105', name: 'Tail rotor blade', sn: 'TRB-A5512', cls: 'ROTABLE', ata: '', pos: '1', mfd: '2024-06-20', inst: '2024-10-02', at: ['0:00', 0] },
  { reg: 'PK-GTH', pn: '212-010-750-105', name: 'Tail rotor blade', sn: 'TRB-A5519', cls: 'ROTABLE', ata: '', pos: '2', mfd: '2024-06-20', inst: '2024-10-02', at: ['0:00', 0] },
  { pn: '412-040-002-109', name: 'Main transmission', sn: 'A-2214', cls: 'ROTABLE', ata: '', mfd: '2008-09-01', at: ['9950:00', 13900, '4980:00', 6810], shop: '2026-11-14', status: 'US', remark: 'Removed from PK-GTH at the overhaul limit (WO-2026-00183); awaiting shipment to the Bell repair station.' },
  { pn: '412-040-002-109', name: 'Main transmission', sn: 'A-3087', cls: 'ROTABLE', ata: '', mfd: '2011-02-14', at: ['6120:00', 8400, '0:00', 0], oh: '2026-10-20', remark: 'Overhauled unit being installed on PK-GTH (WO-2026-00183).' },
];

/** GAH: engines of one A320neo (its CAMO tracks the fleet; the programme is kept by GAT). */
const GAH_COMPONENTS: CompSpec[] = [
  { reg: 'PK-GHD', pn: 'LEAP-1A26', name: LEAP, sn: '598-118', cls: 'ENGINE', ata: '72', pos: '1', tc: false, mfd: '2019-12-02', inst: '2020-03-05', at: ['0:00', 0] },
  { reg: 'PK-GHD', pn: 'LEAP-1A26', name: LEAP, sn: '598-121', cls: 'ENGINE', ata: '72', pos: '2', tc: false, mfd: '2019-12-10', inst: '2020-03-05', at: ['0:00', 0] },
];

// ---------------------------------------------------------------- component changes (fleet-component-change, hsr-component)

type Reason = 'NEW' | 'SCHEDULED' | 'UNSCHEDULED' | 'ROBBERY' | 'CONVENIENCE' | 'MOD' | 'OVERHAUL' | 'REPAIR' | 'TEST';

interface EventOpts {
  reg?: string;
  pos?: string;
  reason?: Reason;
  text?: string;
  ac?: [number, number]; // aircraft totals (default: from the utilisation)
  apu?: boolean; // the part counts APU usage: the APU totals at the event too
  into?: string; // installation into this assembly (serial number) instead of an aircraft
  shop?: string; // amo code
  kind?: string; // component_inspection_kind code of the shop work
  order?: string;
  cert?: string;
  wo?: string;
  by?: string;
  remark?: string;
}

function changeRow(sn: string, date: string, action: 'INSTALL' | 'REMOVE' | 'SHOP_IN' | 'SHOP_OUT' | 'SCRAP', o: EventOpts = {}): Row {
  const acTotals = o.ac ?? (o.reg ? acAt(o.reg, date) : null);
  const apuTotals = o.apu && o.reg ? acAt(o.reg, date, true) : null;
  return {
    component: ref('fleet_component', 'serial_number', sn),
    change_date: date,
    action,
    aircraft: o.reg ? ac(o.reg) : null,
    parent_component: o.into ? ref('fleet_component', 'serial_number', o.into) : null,
    position: o.pos ?? null,
    reason: o.reason ?? null,
    reason_text: o.text ?? null,
    // the aircraft's totals at the event (the part's times are computed when the change is posted)
    ac_fh: acTotals?.[0] ?? null,
    ac_fc: acTotals?.[1] ?? null,
    ac_apu_hours: apuTotals?.[0] ?? null,
    ac_apu_starts: apuTotals?.[1] ?? null,
    shop: o.shop ? amo(o.shop) : null,
    work_done: o.kind ? kind(o.kind) : null,
    shop_order_no: o.order ?? null,
    certificate_no: o.cert ?? null,
    work_order: o.wo ? wo(o.wo) : null,
    performed_by: o.by ?? null,
    remark: o.remark ?? null,
    posted: 0,
  };
}

/**
 * A past stint of a part on an aircraft: the installation and the removal (posted, the part's times
 * follow). `t0` holds TSN, CSN, TSO, CSO at installation: the part's times when its recorded
 * history starts, for the first stint of a part.
 */
function stint(sn: string, reg: string, pos: string, from: string, to: string, t0: [number, number, (number | null)?, (number | null)?],
  inn: EventOpts, out: EventOpts, apu = false): Row[] {
  if (!INITIAL_TIMES.has(sn)) INITIAL_TIMES.set(sn, t0);
  return [
    changeRow(sn, from, 'INSTALL', { reg, pos, apu, ...inn }),
    changeRow(sn, to, 'REMOVE', { reg, pos, apu, ...out }),
  ];
}

/**
 * The current installation of each installed part. A part inside an assembly (an LLP in its
 * engine, a grip in its rotor yoke) is first installed into the assembly, on the day the assembly
 * goes on the aircraft; it then travels with it.
 */
function installations(specs: CompSpec[], why: Record<string, EventOpts>, by: string): Row[] {
  return specs
    .filter((c) => c.reg && c.inst)
    .map((c) => {
      if (c.parent) {
        return changeRow(c.sn, c.inst as string, 'INSTALL', { into: c.parent, pos: c.pos, reason: 'NEW', text: 'Fitted in its assembly', by, ...why[c.sn] });
      }
      const [itsn, icsn] = c.at;
      const isNew = mins(itsn) === 0 && icsn === 0;
      return changeRow(c.sn, c.inst as string, 'INSTALL', {
        reg: c.reg, pos: c.pos, apu: c.apu,
        reason: isNew ? 'NEW' : 'SCHEDULED', text: isNew ? 'Delivered with the aircraft' : undefined, by, ...why[c.sn],
      });
    });
}

const CTA_TECH = 'CTA line maintenance';

/** Why the installed parts went on (default: scheduled replacement, or new with the aircraft). */
const CTA_INSTALL_WHY: Record<string, EventOpts> = {
  'PCE-ED1201': { reason: 'OVERHAUL', text: 'Reinstalled after overhaul; spare engine PCE-ED0977 removed', cert: 'GAT-F1-24-0611', by: B1A },
  'PCE-ED0977': { reason: 'UNSCHEDULED', text: 'Replaces PCE-ED1506 removed after bird ingestion', by: B1B },
  'PCE-ED1207': { reason: 'SCHEDULED', text: 'Reinstalled after HSI at the GAT engine shop', cert: 'GAT-F1-25-0788' },
  'PCE-ED1233': { reason: 'SCHEDULED', text: 'Reinstalled after HSI and AD CF-2023-41 blade replacement (P&WC Singapore)', cert: 'PWC-F1-2403-0210' },
  'PCE-ED1240': { reason: 'SCHEDULED', text: 'Reinstalled after HSI and AD CF-2023-41 blade replacement (P&WC Singapore)', cert: 'PWC-F1-2403-0214' },
  'SLS-B8240': { reason: 'UNSCHEDULED', text: 'Replaces brake S/N SLS-B5512 worn beyond limit (AOG UPG)', wo: 'WO-2026-00318', cert: 'SLS-F1-26-49911', by: B1B },
  'SAFT-87011': { reason: 'ROBBERY', text: 'Robbed from PK-WFB in C-check (ROB-2026-00001)', wo: 'WO-2026-00461', by: B1C },
  'IDG-18809': { reason: 'UNSCHEDULED', text: 'Replaces IDG S/N IDG-16034 (low oil pressure)', by: B1A },
  'MLG-ATR-4471': { reason: 'OVERHAUL', text: 'Overhauled exchange gear fitted at the C-check', cert: 'SLS-F1-25-44102' },
  'MLG-ATR-4472': { reason: 'OVERHAUL', text: 'Overhauled exchange gear fitted at the C-check', cert: 'SLS-F1-25-44107' },
  'ACM-5531': { reason: 'OVERHAUL', text: 'Overhauled unit', cert: 'COL-8130-21-7741' },
};

/** Past installations, removals and shop visits: the history of serial numbers across aircraft. */
function ctaChangeHistory(): Row[] {
  const ed0977At = acAt('PK-WFA', '2024-07-14')[0] - acAt('PK-WFA', '2023-11-06')[0];
  const ed0977Fc = acAt('PK-WFA', '2024-07-14')[1] - acAt('PK-WFA', '2023-11-06')[1];
  const ed0977T0: [number, number, number, number] = [hm('18950:40') - ed0977At, 21020 - ed0977Fc, hm('5210:20') - ed0977At, 5780 - ed0977Fc];
  return [
    // PCE-ED1201: new on PK-WFA, removed for overhaul, back on PK-WFA
    ...stint('PCE-ED1201', 'PK-WFA', '1', '2016-03-10', '2023-11-05', [0, 0, null, null],
      { reason: 'NEW', text: 'Delivered with the aircraft' },
      { reason: 'OVERHAUL', text: 'Removed for overhaul (EGT margin and soft-time planning)', by: B1A }),
    changeRow('PCE-ED1201', '2023-11-10', 'SHOP_IN', { shop: 'GAT-AMO', kind: 'OH', order: 'CTA-RO-23-112', remark: 'Engine shop, Hangar 4 Soekarno-Hatta' }),
    changeRow('PCE-ED1201', '2024-06-28', 'SHOP_OUT', { shop: 'GAT-AMO', kind: 'OH', order: 'CTA-RO-23-112', cert: 'GAT-F1-24-0611', remark: 'Overhauled; LLPs retained (see LLP status).' }),
    // PCE-ED0977: CTA's spare engine, on PK-WFA during the overhaul of PCE-ED1201, then on PK-WFE
    ...stint('PCE-ED0977', 'PK-WFA', '1', '2023-11-06', '2024-07-14', ed0977T0,
      { reason: 'CONVENIENCE', text: 'Spare engine fitted while PCE-ED1201 is overhauled', by: B1A },
      { reason: 'SCHEDULED', text: 'Removed: PCE-ED1201 back from overhaul', by: B1A }),
    changeRow('PCE-ED0977', '2025-05-02', 'SHOP_IN', { shop: 'GAT-AMO', kind: 'HSI', order: 'CTA-RO-25-047' }),
    changeRow('PCE-ED0977', '2025-05-30', 'SHOP_OUT', { shop: 'GAT-AMO', kind: 'HSI', order: 'CTA-RO-25-047', cert: 'GAT-F1-25-0402' }),
    // PCE-ED1506: new on PK-WFE, bird ingestion, repaired and overhauled, now the spare for PK-WFE
    ...stint('PCE-ED1506', 'PK-WFE', '2', '2018-11-01', '2025-06-13', [0, 0, null, null],
      { reason: 'NEW', text: 'Delivered with the aircraft' },
      { reason: 'UNSCHEDULED', text: 'Bird ingestion at DPS: HP compressor damage beyond limits', by: B1B }),
    changeRow('PCE-ED1506', '2025-06-20', 'SHOP_IN', { shop: 'GAT-AMO', kind: 'IR', order: 'CTA-RO-25-061' }),
    changeRow('PCE-ED1506', '2025-10-24', 'SHOP_OUT', { shop: 'GAT-AMO', kind: 'OH', order: 'CTA-RO-25-061', cert: 'GAT-F1-25-0955', remark: 'Repaired and overhauled; serviceable spare at Halim.' }),
    // Brake SLS-B5512: worn out on PK-WFE (AOG), sent to Safran for repair
    ...stint('SLS-B5512', 'PK-WFE', 'RH-OB', '2025-12-20', '2026-07-23', [hm('6300:00'), 7310, hm('10:10'), 50],
      { reason: 'SCHEDULED', text: 'Overhauled brake from Halim stock', by: B1B },
      { reason: 'UNSCHEDULED', text: 'Worn beyond wear-pin limit (AOG UPG)', wo: 'WO-2026-00318', by: B1B }),
    changeRow('SLS-B5512', '2026-08-05', 'SHOP_IN', { order: 'CTA-RO-26-041', remark: 'Safran Landing Systems Singapore (disposal ISS-2026-00002).' }),
    // Batteries: SAFT-87011 robbed from PK-WFB for PK-WFD, whose battery failed its capacity check
    ...stint('SAFT-87011', 'PK-WFB', '', '2025-05-02', '2026-10-28', [hm('1520:00'), 1620],
      { reason: 'SCHEDULED', text: 'Battery replacement at the 72-month discard of the previous unit' },
      { reason: 'ROBBERY', text: 'Robbed for PK-WFD (ROB-2026-00001), aircraft in C-check', wo: 'WO-2026-00455', by: B1C }),
    ...stint('SAFT-85920', 'PK-WFD', '', '2024-12-10', '2026-10-28', [hm('4900:00'), 5350],
      { reason: 'SCHEDULED', text: 'Capacity-checked unit from stock' },
      { reason: 'UNSCHEDULED', text: 'Failed capacity check (68%)', wo: 'WO-2026-00461', by: B1C }),
    // IDG-16034: low oil pressure on PK-WHA, at Collins for repair
    ...stint('IDG-16034', 'PK-WHA', '2', '2022-06-14', '2026-04-19', [hm('21500:00'), 13400, hm('1650:00'), 1020],
      { reason: 'OVERHAUL', text: 'Overhauled unit from the GAH pool' },
      { reason: 'UNSCHEDULED', text: 'IDG 2 low oil pressure; removed per TSM 24-21-00-810-801', by: B1A }),
    changeRow('IDG-16034', '2026-04-28', 'SHOP_IN', { order: 'CTA-RO-26-018', remark: 'Collins Aerospace Singapore (repair).' }),
  ];
}

// ---------------------------------------------------------------- CTA flight logs (fleet-afl)

/** One scheduled sector: flight number, from, to, block off (minutes from 00:00 UTC of the day,
 * negative for the evening before), taxi-out, airborne and taxi-in minutes. */
type Leg = [string, string, string, number, number, number, number];

interface Rotation {
  reg: string;
  page: number; // first tech log page of the window
  legs: Leg[];
  fuel: [number, number]; // uplift range (kg)
  remaining: number; // typical fuel on landing (kg)
  apu: boolean;
  crew: string[];
  lastDay?: number; // last day flown (relative), default today
}

const ROTATIONS: Rotation[] = [
  {
    reg: 'PK-WFA', page: 18410, fuel: [1100, 1550], remaining: 980, apu: false,
    crew: ['Capt. Rudi Hartanto', 'Capt. Siti Rahmawati', 'Capt. Yoga Pratama'],
    legs: [
      ['C7 601', 'SUB', 'DPS', 5, 10, 55, 6],
      ['C7 602', 'DPS', 'SUB', 95, 9, 52, 6],
      ['C7 611', 'SUB', 'DPS', 180, 10, 56, 5],
      ['C7 613', 'DPS', 'UPG', 270, 8, 72, 7],
      ['C7 614', 'UPG', 'DPS', 375, 9, 75, 6],
      ['C7 616', 'DPS', 'SUB', 485, 8, 54, 6],
    ],
  },
  {
    reg: 'PK-WFC', page: 16902, fuel: [1150, 1600], remaining: 1010, apu: false,
    crew: ['Capt. Bayu Setiawan', 'Capt. Dian Kusuma', 'Capt. Hendra Gunawan'],
    legs: [
      ['C7 621', 'SUB', 'UPG', 20, 10, 98, 7],
      ['C7 622', 'UPG', 'SUB', 165, 9, 101, 6],
      ['C7 631', 'SUB', 'DPS', 310, 11, 55, 6],
      ['C7 632', 'DPS', 'SUB', 400, 8, 53, 7],
      ['C7 641', 'SUB', 'DPS', 495, 10, 56, 6],
      ['C7 642', 'DPS', 'SUB', 585, 9, 52, 6],
    ],
  },
  {
    reg: 'PK-WFD', page: 15388, fuel: [1100, 1500], remaining: 990, apu: false,
    crew: ['Capt. Andi Mappanyukki', 'Capt. Ratna Sari', 'Capt. Fajar Nugroho'],
    legs: [
      ['C7 651', 'UPG', 'DPS', 0, 9, 76, 6],
      ['C7 652', 'DPS', 'UPG', 105, 8, 74, 7],
      ['C7 655', 'UPG', 'DPS', 210, 9, 75, 6],
      ['C7 656', 'DPS', 'SUB', 320, 8, 54, 6],
      ['C7 657', 'SUB', 'DPS', 410, 10, 56, 6],
      ['C7 658', 'DPS', 'UPG', 505, 8, 73, 6],
    ],
  },
  {
    // AOG at UPG since the engine 2 chip light on its last sector (see the defects below).
    reg: 'PK-WFE', page: 12630, fuel: [1100, 1500], remaining: 1000, apu: false, lastDay: -3,
    crew: ['Capt. Irfan Hakim', 'Capt. Maya Anggraini'],
    legs: [
      ['C7 681', 'UPG', 'SUB', 0, 10, 99, 6],
      ['C7 682', 'SUB', 'UPG', 135, 11, 96, 7],
      ['C7 685', 'UPG', 'DPS', 270, 9, 76, 6],
      ['C7 686', 'DPS', 'UPG', 380, 8, 74, 7],
    ],
  },
  {
    reg: 'PK-WGA', page: 4301, fuel: [4300, 6400], remaining: 3100, apu: true,
    crew: ['Capt. Arief Budiman', 'Capt. Lestari Wulandari', 'Capt. Kevin Sutanto'],
    legs: [
      ['C7 201', 'CGK', 'DPS', 10, 14, 108, 8],
      ['C7 202', 'DPS', 'CGK', 185, 12, 102, 9],
      ['C7 221', 'CGK', 'UPG', 360, 16, 138, 7],
      ['C7 222', 'UPG', 'CGK', 570, 12, 141, 10],
    ],
  },
  {
    // First sector of the day leaves Surabaya at 06:30 local, 23:30 UTC the evening before.
    reg: 'PK-WHA', page: 31222, fuel: [4800, 7200], remaining: 3400, apu: true,
    crew: ['Capt. Teguh Santoso', 'Capt. Wahyu Hidayat', 'Capt. Agnes Tanjung'],
    legs: [
      ['C7 301', 'SUB', 'CGK', -30, 12, 78, 9],
      ['C7 302', 'CGK', 'SUB', 100, 18, 80, 7],
      ['C7 311', 'SUB', 'UPG', 245, 11, 84, 6],
      ['C7 312', 'UPG', 'SUB', 380, 10, 87, 8],
      ['C7 321', 'SUB', 'DPS', 535, 12, 47, 6],
      ['C7 322', 'DPS', 'SUB', 630, 9, 50, 7],
    ],
  },
];


/** Tech log page of a sector (day relative to today, leg index in the rotation). */
function pageOf(reg: string, day: number, leg: number): string {
  const r = ROTATIONS.find((x) => x.reg === reg);
  if (!r) throw new Error(`maintenance-b demo: no rotation for ${reg}`);
  return `${reg.slice(3)}-${r.page + (day - FIRST_DAY) * r.legs.length + leg}`;
}

/** Sectors on which the crew wrote a defect (reg|day|leg → count). */
const DEFECT_SECTORS: Record<string, number> = {
  'PK-WFA|-6|3': 1,
  'PK-WFC|-2|1': 1,
  'PK-WFE|-3|3': 1,
  'PK-WGA|-5|2': 1,
  'PK-WHA|-1|4': 1,
};

/** Tech log pages posted by maintenance-post.ts, in the order flown. */
const FLIGHTS_TO_POST: string[] = [];

let flightRows: Row[] | null = null;

function flightLogs(): Row[] {
  if (flightRows) return flightRows;
  const rows: Row[] = [];
  flightRows = rows;
  for (const r of ROTATIONS) {
    const lastDay = r.lastDay ?? 0;
    for (let day = FIRST_DAY; day <= lastDay; day++) {
      const today = day === 0;
      r.legs.forEach(([flightNo, from, to, off, taxiOut, air, taxiIn], i) => {
        if (today && i > 1) return;
        const vary = ((day * 7 + i * 5) % 9 + 9) % 9 - 4; // -4..+4 minutes, deterministic
        const flight = air + vary;
        const blockOff = TODAY_MS + day * DAY_MS + off * 60_000;
        const takeoff = blockOff + taxiOut * 60_000;
        const landing = takeoff + flight * 60_000;
        const blockOn = landing + taxiIn * 60_000;
        const iso = (ms: number) => new Date(ms).toISOString();
        const span = r.fuel[1] - r.fuel[0];
        const defects = DEFECT_SECTORS[`${r.reg}|${day}|${i}`] ?? 0;
        const oilDay = (day - FIRST_DAY) % 3 === 2 && i === r.legs.length - 1;
        rows.push({
          aircraft: ac(r.reg),
          flight_date: iso(blockOff).slice(0, 10),
          techlog_page: pageOf(r.reg, day, i),
          flight_no: flightNo,
          sector_from: from,
          sector_to: to,
          block_off: iso(blockOff),
          takeoff: iso(takeoff),
          landing: iso(landing),
          block_on: iso(blockOn),
          block_minutes: taxiOut + flight + taxiIn,
          flight_minutes: flight,
          cycles: 1,
          landings: 1,
          apu_minutes: r.apu ? 22 + ((i * 11 + day * 3 + 40) % 19) : null,
          apu_starts: r.apu ? 1 : null,
          fuel_uplift: r.fuel[0] + Math.round(((i * 37 + (day - FIRST_DAY) * 53) % 100) * span / 1000) * 10,
          fuel_remaining: r.remaining + ((i * 29 + day * 13 + 200) % 7) * 20,
          oil_uplift_eng1: oilDay ? (r.apu ? 1 : 0.5) : null,
          oil_uplift_eng2: oilDay ? (r.apu ? 1.5 : 0.5) : null,
          oil_uplift_apu: oilDay && r.apu ? 0.5 : null,
          hyd_uplift: null,
          pic: r.crew[(day - FIRST_DAY + (i >= r.legs.length / 2 ? 1 : 0)) % r.crew.length],
          defects_raised: defects,
          posted: 0,
          remark: defects ? 'Defect entered in the tech log; see Defects.' : null,
        });
        // today's first sectors stay unposted (the tech log pages are still with the crew)
        if (!today) FLIGHTS_TO_POST.push(pageOf(r.reg, day, i));
      });
    }
  }
  return rows;
}

// ---------------------------------------------------------------- work orders (work-order, work-order-frm)

interface TaskSpec {
  src: 'INSPECTION' | 'COMPONENT' | 'AD' | 'SB' | 'DEFECT' | 'ADHOC';
  code?: string;
  desc: string;
  insp?: string; // aircraft_type_inspection.task_code
  comp?: string; // fleet_component.serial_number
  ad?: string;
  sb?: string;
  defect?: string;
  ata?: string;
  skill?: string;
  est: number;
  act?: number;
  status: 'OPEN' | 'INPROGRESS' | 'DONE' | 'DEFERRED' | 'NOTDONE';
  done?: string;
  by?: string;
  rii?: string;
  remark?: string;
}

interface WoSpec {
  no: string;
  date: string;
  reg: string;
  type: 'SCHED' | 'UNSCHED' | 'DEFECT' | 'AD' | 'SB' | 'COMPCHG' | 'ENGINE';
  title: string;
  group?: string;
  station: string;
  amo?: string;
  prio?: 'AOG' | 'URGENT' | 'ROUTINE';
  plan: [string, string];
  start?: string; // ISO timestamp
  end?: string;
  mh: number;
  wf: '000' | '100' | '111' | '110';
  status: 'OPEN' | 'INPROGRESS' | 'COMPLETED' | 'CLOSED' | 'CANCELLED';
  crs?: [string, string, string]; // number, ISO timestamp, signed by
  remark?: string;
  tasks: TaskSpec[];
}

/** Work orders with their task lines; A/C totals at input from the aircraft's utilisation. */
function workOrders(specs: WoSpec[]): { work_order: Row[]; work_order_task: Row[] } {
  const work_order: Row[] = [];
  const work_order_task: Row[] = [];
  for (const w of specs) {
    const [fh, fc] = acAt(w.reg, w.plan[0] < w.date ? w.plan[0] : w.date);
    work_order.push({
      wo_no: w.no,
      wo_date: w.date,
      aircraft: ac(w.reg),
      wo_type: w.type,
      title: w.title,
      inspection_group: w.group ? group(w.group) : null,
      station: w.station,
      amo: w.amo ? amo(w.amo) : null,
      priority: w.prio ?? 'ROUTINE',
      planned_start: w.plan[0],
      planned_end: w.plan[1],
      actual_start: w.start ?? null,
      actual_end: w.end ?? null,
      ac_fh: fh,
      ac_fc: fc,
      est_manhours: w.mh,
      statuswf: w.wf,
      wo_status: w.status,
      crs_no: w.crs?.[0] ?? null,
      crs_date: w.crs?.[1] ?? null,
      crs_signed_by: w.crs?.[2] ?? null,
      remark: w.remark ?? null,
    });
    w.tasks.forEach((t, i) =>
      work_order_task.push({
        work_order: wo(w.no),
        seq: i + 1,
        task_source: t.src,
        task_code: t.code ?? t.insp ?? t.ad ?? t.sb ?? null,
        description: t.desc,
        type_inspection: t.insp ? typeInsp(t.insp) : null,
        component: t.comp ? ref('fleet_component', 'serial_number', t.comp) : null,
        type_ad: t.ad ? typeAd(t.ad) : null,
        type_sb: t.sb ? typeSb(t.sb) : null,
        defect: t.defect ? defectRef(t.defect) : null,
        ata: t.ata ? ata(t.ata) : null,
        skill: t.skill ?? 'B1',
        est_manhours: t.est,
        actual_manhours: t.act ?? (t.status === 'DONE' ? t.est : null),
        task_status: t.status,
        done_date: t.done ?? null,
        done_by: t.by ?? null,
        inspected_by: t.rii ?? null,
        remark: t.remark ?? null,
      }),
    );
  }
  return { work_order, work_order_task };
}


/** CTA work orders; numbers WO-2026-00318 … are the ones logistic's documents name. */
const CTA_WO: WoSpec[] = [
  {
    no: 'WO-2026-00318', date: '2026-07-21', reg: 'PK-WFE', type: 'DEFECT', station: 'UPG', amo: 'CTA-AMO', prio: 'AOG',
    title: 'AOG Makassar: MLG brake position 3 worn beyond wear-pin limit, replace',
    plan: ['2026-07-21', '2026-07-24'], start: at('2026-07-24', '01:30'), end: at('2026-07-24', '06:40'), mh: 6, wf: '111', status: 'CLOSED',
    crs: ['CRS-CTA-26-0318', at('2026-07-24', '07:05'), B1B],
    tasks: [
      { src: 'DEFECT', code: 'AMM 32-42-27-000-801', desc: 'Remove and install MLG brake assembly position 3 (RH outboard)', defect: 'DEF-2026-00041', comp: 'SLS-B8240', ata: '32-40', est: 4, act: 4.5, status: 'DONE', done: '2026-07-24', by: B1B, rii: QC },
      { src: 'ADHOC', code: 'AMM 32-42-00-200-801', desc: 'Brake wear check remaining positions, tyre pressures', ata: '32-40', est: 1, status: 'DONE', done: '2026-07-24', by: B1B },
    ],
  },
  {
    no: 'WO-2026-00402', date: '2026-09-15', reg: 'PK-WGA', type: 'UNSCHED', station: 'CGK', amo: 'CTA-AMO',
    title: 'Replace MLG wheel/tyre assemblies 1 and 2 (tread worn to limit)',
    plan: ['2026-11-21', '2026-11-24'], start: at('2026-11-21', '15:30'), mh: 5, wf: '111', status: 'INPROGRESS',
    remark: 'Tyre 1 from Halim stock (ISS-2026-00005); tyre 2 awaiting MR-2026-00003 (canvassing).',
    tasks: [
      { src: 'ADHOC', code: 'AMM 32-41-11-000-801', desc: 'Replace MLG wheel/tyre assembly position 1', ata: '32-40', est: 2.5, act: 1.5, status: 'INPROGRESS', by: B1A },
      { src: 'ADHOC', code: 'AMM 32-41-11-000-801', desc: 'Replace MLG wheel/tyre assembly position 2', ata: '32-40', est: 2.5, status: 'OPEN', remark: 'Awaiting tyre (MR-2026-00003)' },
    ],
  },
  {
    no: 'WO-2026-00411', date: '2026-09-18', reg: 'PK-WFA', type: 'SCHED', group: 'A-CHK', station: 'HLP', amo: 'CTA-AMO',
    title: 'A-check (ATR-A1) with engine oil filter change',
    plan: ['2026-09-20', '2026-09-21'], start: at('2026-09-20', '13:00'), end: at('2026-09-21', '04:30'), mh: 68, wf: '111', status: 'CLOSED',
    crs: ['CRS-CTA-26-0411', at('2026-09-21', '05:00'), B1A],
    tasks: [
      { src: 'INSPECTION', insp: 'ATR-A1', desc: 'A-check task package (MPD A1)', ata: '05', est: 52, act: 55, status: 'DONE', done: '2026-09-21', by: B1A, rii: QC },
      { src: 'INSPECTION', insp: 'ATR-WY', desc: 'Weekly check', ata: '05', est: 2, status: 'DONE', done: '2026-09-20', by: B1C },
      { src: 'ADHOC', code: 'AMM 79-21-10-000-801', desc: 'Replace oil filter element, engines 1 and 2', ata: '79', est: 3, act: 2.5, status: 'DONE', done: '2026-09-21', by: B1C },
      { src: 'ADHOC', code: 'AMM 12-13-79-610-801', desc: 'Engine oil servicing', ata: '12', skill: 'MECH', est: 1, status: 'DONE', done: '2026-09-21', by: B1C },
    ],
  },
  {
    no: 'WO-2026-00438', date: '2026-10-08', reg: 'PK-WFC', type: 'SCHED', group: 'A-CHK', station: 'SUB', amo: 'CTA-AMO',
    title: 'A-check (ATR-A1) with engine oil filter change',
    plan: ['2026-10-10', '2026-10-11'], start: at('2026-10-10', '12:30'), end: at('2026-10-11', '03:10'), mh: 66, wf: '111', status: 'CLOSED',
    crs: ['CRS-CTA-26-0438', at('2026-10-11', '03:40'), B1B],
    tasks: [
      { src: 'INSPECTION', insp: 'ATR-A1', desc: 'A-check task package (MPD A1)', ata: '05', est: 52, act: 50, status: 'DONE', done: '2026-10-11', by: B1B, rii: QC },
      { src: 'INSPECTION', insp: 'ATR-WY', desc: 'Weekly check', ata: '05', est: 2, status: 'DONE', done: '2026-10-10', by: B1B },
      { src: 'ADHOC', code: 'AMM 79-21-10-000-801', desc: 'Replace oil filter element, engines 1 and 2', ata: '79', est: 3, status: 'DONE', done: '2026-10-11', by: B1B },
    ],
  },
  {
    no: 'WO-2026-00449', date: '2026-11-18', reg: 'PK-WFC', type: 'UNSCHED', station: 'SUB', amo: 'CTA-AMO',
    title: 'ELT battery pack replacement (battery expiry 12/2026)',
    plan: ['2026-11-28', '2026-11-28'], mh: 2, wf: '100', status: 'OPEN',
    remark: 'MR-2026-00007 for a complete ELT rejected: replace the battery pack only (CMM 25-62-19).',
    tasks: [{ src: 'ADHOC', code: 'CMM 25-62-19', desc: 'Replace ELT battery pack and perform ELT self-test', ata: '25', skill: 'B2', est: 2, status: 'OPEN' }],
  },
  {
    no: 'WO-2026-00455', date: '2026-10-02', reg: 'PK-WFB', type: 'SCHED', group: 'C-CHK', station: 'HLP', amo: 'CTA-AMO',
    title: 'C-check (ATR-C1) PK-WFB, Halim hangar',
    plan: ['2026-11-03', '2026-12-05'], start: at('2026-11-03', '01:00'), mh: 3850, wf: '111', status: 'INPROGRESS',
    remark: 'Main battery robbed for PK-WFD (ROB-2026-00001); replacement to be fitted before close-up.',
    tasks: [
      { src: 'INSPECTION', insp: 'ATR-C1', desc: 'C-check task package (MPD C1): zonal, systems and structural tasks', ata: '05', est: 2900, act: 1840, status: 'INPROGRESS', by: B1A },
      { src: 'INSPECTION', insp: 'ATR-A1', desc: 'A-check task package (MPD A1), done with the C-check', ata: '05', est: 52, act: 58, status: 'DONE', done: '2026-11-06', by: B1C, rii: QC },
      { src: 'INSPECTION', insp: 'ATR-STR-01', desc: 'Structural inspection (ALI) per the MPD', ata: '53', skill: 'STR', est: 160, act: 171, status: 'DONE', done: '2026-11-14', by: 'Hasan Basri (STR)', rii: QC },
      { src: 'INSPECTION', insp: 'ATR-ENG-01', desc: 'Engine borescope inspection, engines 1 and 2', ata: '72', est: 16, act: 18, status: 'DONE', done: '2026-11-06', by: B1B },
      { src: 'INSPECTION', insp: 'ATR-HT-01', desc: 'Hard-time item replacement per the check package', ata: '05', est: 24, status: 'OPEN' },
      { src: 'COMPONENT', code: 'A72-ENG-HSI', desc: 'Engine 1 hot section inspection (on wing), HSI limit reached in the check', comp: 'PCE-ED1233', ata: '72', est: 60, act: 22, status: 'INPROGRESS', by: 'GAT engine shop (on wing)' },
      { src: 'COMPONENT', code: 'A72-ENG-HSI', desc: 'Engine 2 hot section inspection (on wing)', comp: 'PCE-ED1240', ata: '72', est: 60, status: 'OPEN' },
      { src: 'DEFECT', code: 'AMM 73-11-41', desc: 'Replace fuel nozzles 4 and 9, engine 1 (borescope finding)', defect: 'DEF-2026-00057', ata: '73', est: 10, status: 'OPEN', remark: 'Parts on MR-2026-00004' },
      { src: 'DEFECT', code: 'SRM 32-41', desc: 'MLG wheels 1 and 4 hub corrosion: replace wheels', defect: 'DEF-2026-00058', ata: '32-40', est: 6, act: 2, status: 'INPROGRESS', by: B1C },
      { src: 'DEFECT', code: 'SRM 53-10', desc: 'Cabin floor panel row 12 delamination: replace panel', defect: 'DEF-2026-00059', ata: '53', skill: 'STR', est: 8, act: 7, status: 'DONE', done: '2026-11-12', by: 'Hasan Basri (STR)' },
      { src: 'SB', sb: 'SB ATR72-32-1156', desc: 'Embody SB ATR72-32-1156 at C-check', ata: '32', est: 14, status: 'OPEN' },
      { src: 'AD', ad: 'AD 2024-0123', desc: 'AD 2024-0123 compliance at C-check', ata: '05', est: 6, act: 6, status: 'DONE', done: '2026-11-10', by: B1A, rii: QC },
      { src: 'ADHOC', code: 'EO-CTA-26-014', desc: 'Cabin seat cover replacement (customer option)', ata: '25', skill: 'CABIN', est: 40, status: 'DEFERRED', remark: 'Deferred to next A-check: covers not delivered' },
      { src: 'ADHOC', code: 'AMM 24-31-11-400-801', desc: 'Install main battery (replaces unit robbed for PK-WFD)', ata: '24', skill: 'B2', est: 1.5, status: 'OPEN' },
    ],
  },
  {
    no: 'WO-2026-00461', date: '2026-10-28', reg: 'PK-WFD', type: 'COMPCHG', station: 'UPG', amo: 'CTA-AMO', prio: 'AOG',
    title: 'Main battery replacement (capacity check failed), unit robbed from PK-WFB',
    plan: ['2026-10-28', '2026-10-28'], start: at('2026-10-28', '09:20'), end: at('2026-10-28', '11:05'), mh: 2, wf: '111', status: 'CLOSED',
    crs: ['CRS-CTA-26-0461', at('2026-10-28', '11:20'), B1C],
    tasks: [
      { src: 'COMPONENT', code: 'AMM 24-31-11-000-801', desc: 'Remove main battery S/N SAFT-85920 (failed capacity check)', comp: 'SAFT-85920', ata: '24', skill: 'B2', est: 0.5, status: 'DONE', done: '2026-10-28', by: B1C },
      { src: 'COMPONENT', code: 'AMM 24-31-11-400-801', desc: 'Install main battery S/N SAFT-87011 (ex PK-WFB, ROB-2026-00001)', comp: 'SAFT-87011', ata: '24', skill: 'B2', est: 1, status: 'DONE', done: '2026-10-28', by: B1C, rii: QC },
    ],
  },
  {
    no: 'WO-2026-00465', date: '2026-11-12', reg: 'PK-WHA', type: 'UNSCHED', station: 'SUB', amo: 'CTA-AMO',
    title: 'IDG 2 oil level check and servicing',
    plan: ['2026-11-14', '2026-11-14'], mh: 1.5, wf: '110', status: 'CANCELLED',
    remark: 'Cancelled: servicing done on the daily check (tech log page WHA-31180).',
    tasks: [{ src: 'ADHOC', code: 'AMM 24-11-00-610-801', desc: 'IDG 2 oil servicing', ata: '24', est: 1.5, status: 'NOTDONE' }],
  },
  {
    no: 'WO-2026-00470', date: '2026-11-05', reg: 'PK-WHA', type: 'COMPCHG', station: 'SUB', amo: 'CTA-AMO',
    title: 'MLG brakes 1 and 2 replacement at forecast wear-pin limit',
    plan: ['2026-12-08', '2026-12-08'], mh: 8, wf: '100', status: 'OPEN',
    tasks: [
      { src: 'COMPONENT', code: 'AMM 32-42-27-000-801', desc: 'Replace MLG brake assembly position 1', comp: 'HB-31150', ata: '32-40', est: 4, status: 'OPEN' },
      { src: 'COMPONENT', code: 'AMM 32-42-27-000-801', desc: 'Replace MLG brake assembly position 2', comp: 'HB-31151', ata: '32-40', est: 4, status: 'OPEN' },
    ],
  },
];

/** CTA work orders of the last days, dated relative to the seeding day. */
const CTA_WO_RECENT: WoSpec[] = [
  {
    no: 'WO-2026-00472', date: rel(-3), reg: 'PK-WFA', type: 'SCHED', group: 'LINE', station: 'SUB', amo: 'CTA-AMO',
    title: 'Weekly check and daily check, Surabaya night stop',
    plan: [rel(-2), rel(-2)], start: relAt(-2, '12:30'), end: relAt(-2, '15:10'), mh: 4, wf: '111', status: 'COMPLETED',
    remark: 'Work completed; CRS to be entered by the certifying engineer.',
    tasks: [
      { src: 'INSPECTION', insp: 'ATR-WY', desc: 'Weekly check', ata: '05', est: 2.5, act: 2.5, status: 'DONE', done: rel(-2), by: B1C },
      { src: 'INSPECTION', insp: 'ATR-DY', desc: 'Daily check', ata: '05', est: 1, status: 'DONE', done: rel(-2), by: B1C },
      { src: 'ADHOC', code: 'AMM 12-13-79-610-801', desc: 'Engine oil servicing, both engines', ata: '12', skill: 'MECH', est: 0.5, status: 'DONE', done: rel(-2), by: B1C },
    ],
  },
  {
    no: 'WO-2026-00476', date: rel(-1), reg: 'PK-WFD', type: 'DEFECT', station: 'UPG', amo: 'CTA-AMO',
    title: 'Rectify MEL deferred items at Makassar night stop',
    plan: [rel(2), rel(2)], mh: 3, wf: '000', status: 'OPEN',
    tasks: [
      { src: 'DEFECT', code: 'AMM 33-42-00', desc: 'Taxi light inoperative: replace lamp and check relay', defect: 'DEF-2026-00060', ata: '33', skill: 'B2', est: 1.5, status: 'OPEN' },
      { src: 'ADHOC', code: 'AMM 33-42-00-710-801', desc: 'Exterior lights operational test', ata: '33', skill: 'B2', est: 0.5, status: 'OPEN' },
    ],
  },
  {
    no: 'WO-2026-00478', date: rel(-3), reg: 'PK-WFE', type: 'ENGINE', station: 'UPG', amo: 'CTA-AMO', prio: 'AOG',
    title: 'AOG Makassar: engine 2 chip detector caution, metal on the magnetic plug; engine change',
    plan: [rel(-2), rel(2)], start: relAt(-3, '11:00'), mh: 96, wf: '111', status: 'INPROGRESS',
    remark: 'Replacement engine PCE-ED1506 shipped from Halim by road/ferry; ETA Makassar tomorrow.',
    tasks: [
      { src: 'DEFECT', code: 'TSM 79-00-00-810-801', desc: 'Troubleshoot chip detector caution: inspect magnetic plug and oil filter, lab analysis', defect: 'DEF-2026-00063', ata: '79', est: 6, act: 7, status: 'DONE', done: rel(-3), by: B1B },
      { src: 'COMPONENT', code: 'AMM 71-00-00-000-801', desc: 'Remove engine 2 S/N PCE-ED0977', comp: 'PCE-ED0977', ata: '71', est: 32, act: 20, status: 'INPROGRESS', by: B1B },
      { src: 'COMPONENT', code: 'AMM 71-00-00-400-801', desc: 'Install engine 2 S/N PCE-ED1506', comp: 'PCE-ED1506', ata: '71', est: 40, status: 'OPEN' },
      { src: 'ADHOC', code: 'AMM 71-00-00-710-801', desc: 'Engine ground run, leak check and power assurance check', ata: '71', est: 8, status: 'OPEN' },
    ],
  },
  {
    no: 'WO-2026-00480', date: rel(-4), reg: 'PK-WGA', type: 'SB', station: 'CGK', amo: 'CTA-AMO',
    title: 'SB A320-34-1799: weather radar RDR-4000 software load 3.2',
    plan: [rel(6), rel(6)], mh: 2, wf: '000', status: 'OPEN',
    remark: 'Also clears the deferred WXR fault if the software load cures it.',
    tasks: [
      { src: 'SB', sb: 'SB A320-34-1799', desc: 'Load RDR-4000 software 3.2 and perform the weather radar BITE test', comp: 'RDR-4K-2210', ata: '34', skill: 'B2', est: 2, status: 'OPEN' },
      { src: 'DEFECT', code: 'TSM 34-41-00', desc: 'WXR FAULT intermittent: troubleshoot after the software load', defect: 'DEF-2026-00064', ata: '34', skill: 'B2', est: 2, status: 'OPEN' },
    ],
  },
];

/** GAT work orders (own and managed fleet); the numbers are those logistic's documents name. */
const GAT_WO: WoSpec[] = [
  {
    no: 'WO-2026-00112', date: '2026-08-03', reg: 'PK-GTB', type: 'COMPCHG', station: 'CGK', amo: 'GAT-AMO',
    title: 'MLG brakes 1 and 2 at wear-pin limit (found at weekly check), replace',
    plan: ['2026-08-20', '2026-08-21'], start: at('2026-08-29', '13:00'), end: at('2026-08-29', '21:30'), mh: 8, wf: '111', status: 'CLOSED',
    crs: ['CRS-GAT-26-0112', at('2026-08-29', '22:00'), 'Slamet Widodo (AMEL B1 1187)'],
    tasks: [
      { src: 'COMPONENT', code: 'AMM 32-42-27-000-801', desc: 'Replace MLG brake assembly position 1', comp: 'HB-30412', ata: '32-40', est: 4, status: 'DONE', done: '2026-08-29', by: 'Slamet Widodo (AMEL B1 1187)' },
      { src: 'COMPONENT', code: 'AMM 32-42-27-000-801', desc: 'Replace MLG brake assembly position 2', comp: 'HB-30415', ata: '32-40', est: 4, status: 'DONE', done: '2026-08-29', by: 'Slamet Widodo (AMEL B1 1187)' },
    ],
  },
  {
    no: 'WO-2026-00131', date: '2026-08-19', reg: 'PK-GTC', type: 'DEFECT', station: 'DPS', amo: 'GAT-AMO', prio: 'AOG',
    title: 'AOG Denpasar: LH MLG brakes worn beyond limit, replace',
    plan: ['2026-08-19', '2026-08-25'], start: at('2026-08-25', '02:00'), end: at('2026-08-25', '09:15'), mh: 8, wf: '111', status: 'CLOSED',
    crs: ['CRS-GAT-26-0131', at('2026-08-25', '09:40'), 'I Made Wirawan (AMEL B1 2290)'],
    tasks: [
      { src: 'DEFECT', code: 'AMM 32-42-27-000-801', desc: 'Replace MLG brake assembly position 1 (LH-OB)', comp: 'SLS-B7731', defect: 'DEF-2026-00018', ata: '32-40', est: 4, status: 'DONE', done: '2026-08-25', by: 'I Made Wirawan (AMEL B1 2290)' },
      { src: 'DEFECT', code: 'AMM 32-42-27-000-801', desc: 'Replace MLG brake assembly position 2 (LH-IB)', comp: 'SLS-B7735', defect: 'DEF-2026-00018', ata: '32-40', est: 4, status: 'DONE', done: '2026-08-25', by: 'I Made Wirawan (AMEL B1 2290)' },
    ],
  },
  {
    no: 'WO-2026-00140', date: '2026-09-02', reg: 'PK-GTB', type: 'ENGINE', station: 'CGK', amo: 'GAT-AMO', prio: 'URGENT',
    title: 'APU fuel control unit replacement (APU auto shutdown), unit robbed from PK-GTA',
    plan: ['2026-09-03', '2026-09-03'], start: at('2026-09-03', '14:00'), end: at('2026-09-03', '18:30'), mh: 5, wf: '111', status: 'CLOSED',
    crs: ['CRS-GAT-26-0140', at('2026-09-03', '19:00'), 'Slamet Widodo (AMEL B1 1187)'],
    tasks: [
      { src: 'ADHOC', code: 'AMM 49-31-41-000-801', desc: 'Replace APU fuel control unit (S/N FCU-12201 ex PK-GTA, ROB-2026-00001)', ata: '49', est: 4, status: 'DONE', done: '2026-09-03', by: 'Slamet Widodo (AMEL B1 1187)' },
      { src: 'ADHOC', code: 'AMM 49-00-00-710-801', desc: 'APU operational test', ata: '49', est: 1, status: 'DONE', done: '2026-09-03', by: 'Slamet Widodo (AMEL B1 1187)' },
    ],
  },
  {
    no: 'WO-2026-00158', date: '2026-09-27', reg: 'PK-GTE', type: 'UNSCHED', station: 'CGK', amo: 'GAT-AMO',
    title: 'IDG 1 low oil pressure: troubleshoot and replace IDG',
    plan: ['2026-10-10', '2026-10-10'], start: at('2026-09-27', '15:00'), mh: 7, wf: '111', status: 'INPROGRESS',
    remark: 'IDG 1 dispatched per MEL 24-21-01 until a loan unit was fitted on 5 Oct; exchange unit on order (MR-2026-00004), loan unit to be returned.',
    tasks: [
      { src: 'DEFECT', code: 'TSM 24-21-00-810-801', desc: 'Troubleshoot IDG 1 low oil pressure', defect: 'DEF-2026-00024', ata: '24', est: 2, status: 'DONE', done: '2026-09-27', by: 'Rizky Maulana (AMEL B1 2051)' },
      { src: 'DEFECT', code: 'AMM 24-21-11-400-801', desc: 'Install loan IDG 1 (AAR pool unit)', defect: 'DEF-2026-00024', ata: '24', est: 5, status: 'DONE', done: '2026-10-05', by: 'Rizky Maulana (AMEL B1 2051)' },
      { src: 'ADHOC', code: 'AMM 24-21-11-400-801', desc: 'Install exchange IDG 1 and return the loan unit to AAR', ata: '24', est: 5, status: 'OPEN', remark: 'Awaiting exchange unit' },
    ],
  },
  {
    no: 'WO-2026-00171', date: '2026-10-12', reg: 'PK-GTD', type: 'SCHED', group: 'C-CHK', station: 'CGK', amo: 'GAT-AMO',
    title: 'C-check (ATR-C1) PK-GTD, Hangar 4 Bay 2',
    plan: ['2026-10-26', '2026-11-30'], start: at('2026-10-26', '01:00'), mh: 3600, wf: '111', status: 'INPROGRESS',
    tasks: [
      { src: 'INSPECTION', insp: 'ATR-C1', desc: 'C-check task package (MPD C1)', ata: '05', est: 2900, act: 2210, status: 'INPROGRESS', by: 'GAT base maintenance' },
      { src: 'INSPECTION', insp: 'ATR-A1', desc: 'A-check task package, done with the C-check', ata: '05', est: 52, status: 'DONE', done: '2026-10-29', by: 'GAT base maintenance', rii: 'GAT QC (INSP-112)' },
      { src: 'SB', sb: 'SB ATR72-32-1156', desc: 'Embody SB ATR72-32-1156 (terminating action AD 2024-0123)', ata: '32', est: 14, status: 'INPROGRESS' },
      { src: 'DEFECT', code: 'AMM 73-11-41', desc: 'Replace engine 2 fuel nozzles 4 and 9 (borescope finding)', defect: 'DEF-2026-00031', ata: '73', est: 10, status: 'OPEN' },
    ],
  },
  {
    no: 'WO-2026-00183', date: '2026-11-09', reg: 'PK-GTH', type: 'COMPCHG', station: 'BDO', amo: 'GAT-AMO',
    title: 'Main transmission replacement at overhaul limit (Bandung)',
    plan: ['2026-11-13', '2026-11-16'], start: at('2026-11-13', '00:30'), mh: 40, wf: '111', status: 'INPROGRESS',
    tasks: [
      { src: 'COMPONENT', code: 'BHT-412-MM 63-00', desc: 'Remove main transmission S/N A-2214', comp: 'A-2214', est: 16, status: 'DONE', done: '2026-11-14', by: 'Agung Prakoso (AMEL B1 3301)' },
      { src: 'COMPONENT', code: 'BHT-412-MM 63-00', desc: 'Install main transmission S/N A-3087', comp: 'A-3087', est: 18, status: 'INPROGRESS' },
      { src: 'ADHOC', code: 'BHT-412-MM 18-00', desc: 'Ground run and track and balance', est: 6, status: 'OPEN' },
    ],
  },
  {
    no: 'WO-2026-00188', date: '2026-11-12', reg: 'PK-GTA', type: 'COMPCHG', station: 'CGK', amo: 'GAT-AMO',
    title: 'Install replacement weather radar R/T (unit robbed for PK-GTB)',
    plan: ['2026-12-15', '2026-12-15'], mh: 2, wf: '100', status: 'OPEN',
    tasks: [{ src: 'ADHOC', code: 'AMM 34-43-11-400-801', desc: 'Install weather radar R/T in E&E rack E2-3 and BITE test', ata: '34', skill: 'B2', est: 2, status: 'OPEN' }],
  },
  {
    no: 'WO-2026-00190', date: '2026-11-03', reg: 'PK-GTB', type: 'UNSCHED', station: 'CGK', amo: 'GAT-AMO',
    title: 'Main battery and ELT replacement; weather radar R/T change',
    plan: ['2026-11-12', '2026-11-30'], start: at('2026-11-12', '14:00'), mh: 6, wf: '111', status: 'INPROGRESS',
    tasks: [
      { src: 'ADHOC', code: 'AMM 34-43-11-400-801', desc: 'Install weather radar R/T S/N RDR-4K-1876 (ex PK-GTA, ROB-2026-00002)', ata: '34', skill: 'B2', est: 2, status: 'DONE', done: '2026-11-12', by: 'Rizky Maulana (AMEL B2 2051)' },
      { src: 'ADHOC', code: 'AMM 24-31-11-400-801', desc: 'Replace main battery (capacity check failed)', ata: '24', skill: 'B2', est: 1.5, status: 'OPEN' },
      { src: 'ADHOC', code: 'AMM 25-62-11-400-801', desc: 'Replace ELT (battery expiry 12/2026)', ata: '25', skill: 'B2', est: 2, status: 'OPEN' },
    ],
  },
];

/** GAH work orders (performed by GAT under contract); numbers as named in logistic's documents. */
const GAH_WO: WoSpec[] = [
  {
    no: 'WO-2026-00077', date: '2026-10-06', reg: 'PK-GHD', type: 'SCHED', group: 'A-CHK', station: 'CGK', amo: 'GAT-AMO',
    title: 'A-check PK-GHD with main tyre replacement',
    plan: ['2026-10-25', '2026-10-26'], start: at('2026-10-25', '14:00'), end: at('2026-10-26', '04:00'), mh: 85, wf: '111', status: 'CLOSED',
    crs: ['CRS-GAT-26-1077', at('2026-10-26', '04:30'), 'Slamet Widodo (AMEL B1 1187)'],
    tasks: [
      { src: 'ADHOC', code: 'A20N A-CHECK', desc: 'A-check task package', ata: '05', est: 75, status: 'DONE', done: '2026-10-26', by: 'GAT line maintenance' },
      { src: 'ADHOC', code: 'AMM 32-41-11-000-801', desc: 'Replace main wheel tyres 1 to 4', ata: '32-40', est: 10, status: 'DONE', done: '2026-10-26', by: 'GAT line maintenance' },
    ],
  },
  {
    no: 'WO-2026-00081', date: '2026-10-14', reg: 'PK-GHA', type: 'UNSCHED', station: 'CGK', amo: 'GAT-AMO',
    title: 'Engine oil filter change and oil servicing (oil analysis trend)',
    plan: ['2026-10-15', '2026-10-15'], start: at('2026-10-15', '13:00'), end: at('2026-10-15', '16:30'), mh: 3, wf: '111', status: 'CLOSED',
    crs: ['CRS-GAT-26-1081', at('2026-10-15', '17:00'), 'Slamet Widodo (AMEL B1 1187)'],
    tasks: [{ src: 'ADHOC', code: 'AMM 79-21-41-000-801', desc: 'Replace engine oil filter elements, engines 1 and 2', ata: '79', est: 3, status: 'DONE', done: '2026-10-15', by: 'GAT line maintenance' }],
  },
  {
    no: 'WO-2026-00088', date: '2026-11-05', reg: 'PK-GHA', type: 'COMPCHG', station: 'CGK', amo: 'GAT-AMO', prio: 'URGENT',
    title: 'ELT replacement with the unit robbed from PK-GHB',
    plan: ['2026-11-05', '2026-11-05'], start: at('2026-11-05', '14:00'), end: at('2026-11-05', '16:00'), mh: 2, wf: '111', status: 'CLOSED',
    crs: ['CRS-GAT-26-1088', at('2026-11-05', '16:20'), 'Slamet Widodo (AMEL B1 1187)'],
    tasks: [{ src: 'ADHOC', code: 'AMM 25-62-11-400-801', desc: 'Install ELT S/N ELT-70911 (ex PK-GHB, ROB-2026-00001) and self-test', ata: '25', skill: 'B2', est: 2, status: 'DONE', done: '2026-11-05', by: 'GAT line maintenance' }],
  },
  {
    no: 'WO-2026-00084', date: '2026-10-19', reg: 'PK-GHC', type: 'SCHED', group: 'C-CHK', station: 'CGK', amo: 'GAT-AMO',
    title: 'C4-check PK-GHC at GAT Hangar 4',
    plan: ['2026-10-19', '2026-12-10'], start: at('2026-10-19', '01:00'), mh: 5200, wf: '111', status: 'INPROGRESS',
    tasks: [{ src: 'ADHOC', code: 'B738 C4-CHECK', desc: 'C4-check task package', ata: '05', est: 5200, act: 2400, status: 'INPROGRESS', by: 'GAT base maintenance' }],
  },
  {
    no: 'WO-2026-00091', date: '2026-11-11', reg: 'PK-GHF', type: 'UNSCHED', station: 'HLP', amo: 'GAT-AMO',
    title: 'Engine oil filter change, both engines (oil analysis trend)',
    plan: ['2026-11-28', '2026-11-28'], mh: 3, wf: '000', status: 'OPEN',
    tasks: [{ src: 'ADHOC', code: 'AMM 79-21-10-000-801', desc: 'Replace oil filter element, engines 1 and 2', ata: '79', est: 3, status: 'OPEN' }],
  },
];

// ---------------------------------------------------------------- defects and MEL deferrals (fleet-deffects)

/**
 * MEL deferral fields as a person enters them: the category, the MEL item and (category A only)
 * the item's own interval. The due date is computed by the airworthiness plugin when the deferral
 * is posted (maintenance-post.ts), never written here.
 */
function deferral(cat: string, item: string, found: string, by: string, o: string, m: string, days?: number): Row {
  return {
    defect_status: 'DEFERRED',
    mel_category: mel(cat),
    mel_item: item,
    deferral_date: found,
    interval_days: cat === 'A' ? (days ?? null) : null,
    ops_procedure: o,
    maint_procedure: m,
    deferred_by: by,
  };
}

/**
 * The extension asked for (days and reason); it is granted through the plugin's action, which
 * checks it (B, C, D only, once, no longer than the interval) and records the approver.
 */
function extension(no: string, days: number, reason: string): Row {
  EXTENSIONS.push(no);
  return { extension_days: days, extension_reason: reason };
}

/** Deferrals whose extension is granted by maintenance-post.ts (by the Technical Director). */
const EXTENSIONS: string[] = [];

function ctaDefects(): Row[] {
  return [
    {
      defect_no: 'DEF-2026-00041', aircraft: ac('PK-WFE'), found_date: '2026-07-21', station: 'UPG', source: 'MAREP', techlog_page: 'WFE-11890',
      work_order: null, ata: ata('32-40'), description: 'MLG brake position 3 (RH outboard) wear pin below flush: worn beyond limit. Aircraft AOG at Makassar.',
      reported_by: B1B, defect_status: 'CLOSED', parts_required: '3214552-3 x1 (MR-2026-00001)',
      rectified_date: '2026-07-24', action_taken: 'Brake assembly S/N SLS-B5512 removed, S/N SLS-B8240 installed per AMM 32-42-27-000-801 (WO-2026-00318). Brake test satisfactory.',
      rectified_by: B1B, crs_ref: 'CRS-CTA-26-0318',
    },
    {
      defect_no: 'DEF-2026-00049', aircraft: ac('PK-WFA'), found_date: '2026-10-29', station: 'SUB', source: 'PIREP', techlog_page: 'WFA-17902', ata: ata('30'),
      description: 'RH windshield wiper slow in high speed position.', reported_by: 'Capt. Rudi Hartanto',
      ...deferral('C', '30-42-02', '2026-10-29', B1C, '(O) Do not dispatch in heavy rain forecast at destination without the LH wiper operative.', '(M) Wiper arm secured in parked position.'),
      defect_status: 'CLOSED', rectified_date: '2026-11-02', action_taken: 'RH wiper motor converter replaced (AMM 30-42-11). Operational test satisfactory.', rectified_by: B2A, crs_ref: 'TL WFA-18100',
    },
    {
      defect_no: 'DEF-2026-00050', aircraft: ac('PK-WFD'), found_date: '2026-10-27', station: 'UPG', source: 'MAREP', ata: ata('24'),
      description: 'Main battery failed the 180-day capacity check (68% of rated capacity).', reported_by: B1C, defect_status: 'CLOSED',
      work_order: wo('WO-2026-00461'), parts_required: '441CH1 x1',
      rectified_date: '2026-10-28', action_taken: 'Battery S/N SAFT-85920 replaced by S/N SAFT-87011 robbed from PK-WFB (ROB-2026-00001), WO-2026-00461.', rectified_by: B1C, crs_ref: 'CRS-CTA-26-0461',
    },
    {
      defect_no: 'DEF-2026-00053', aircraft: ac('PK-WFC'), found_date: '2026-11-09', station: 'SUB', source: 'CABIN', ata: ata('33'),
      description: 'Row 9 reading light ABC inoperative.', reported_by: 'SFA Nadia Putri', defect_status: 'CANCELLED',
      action_taken: 'Duplicate of the entry on the previous sector (same light); cancelled by maintenance control.',
    },
    {
      defect_no: 'DEF-2026-00056', aircraft: ac('PK-WGA'), found_date: '2026-11-03', station: 'CGK', source: 'PIREP', ata: ata('32-40'),
      description: 'Brake 3 temperature indication erratic on the ECAM WHEEL page after landing.', reported_by: 'Capt. Arief Budiman', defect_status: 'RECTIFIED',
      rectified_date: '2026-11-04', action_taken: 'Brake temperature sensor 3 replaced (AMM 32-46-15). BSCU test passed.', rectified_by: B2A, crs_ref: 'TL WGA-4260',
    },
    {
      defect_no: 'DEF-2026-00057', aircraft: ac('PK-WFB'), found_date: '2026-11-06', station: 'HLP', source: 'WO', work_order: wo('WO-2026-00455'), ata: ata('73'),
      description: 'C-check borescope, engine 1 (S/N PCE-ED1233): fuel nozzles 4 and 9 carbon build-up beyond EMM limits, hot streak on combustion liner.',
      reported_by: B1B, defect_status: 'OPEN', parts_required: '3072165-01 x2 (MR-2026-00004)',
    },
    {
      defect_no: 'DEF-2026-00058', aircraft: ac('PK-WFB'), found_date: '2026-11-08', station: 'HLP', source: 'WO', work_order: wo('WO-2026-00455'), ata: ata('32-40'),
      description: 'MLG wheels 1 and 4: corrosion pitting on the inboard hub bead seat beyond CMM limits.',
      reported_by: B1C, defect_status: 'OPEN', parts_required: 'C20195100 x2 (MR-2026-00004)',
    },
    {
      defect_no: 'DEF-2026-00059', aircraft: ac('PK-WFB'), found_date: '2026-11-12', station: 'HLP', source: 'WO', work_order: wo('WO-2026-00455'), ata: ata('53'),
      description: 'Cabin floor panel at row 12 LH delaminated (soft spot 15 x 10 cm).', reported_by: 'Hasan Basri (STR)', defect_status: 'CLOSED',
      rectified_date: '2026-11-12', action_taken: 'Floor panel replaced per SRM 53-10 (WO-2026-00455 task 8).', rectified_by: 'Hasan Basri (STR)', crs_ref: 'WO-2026-00455/8',
    },
    {
      defect_no: 'DEF-2026-00060', aircraft: ac('PK-WFD'), found_date: rel(-12), station: 'UPG', source: 'MAREP', ata: ata('33'),
      description: 'Taxi light inoperative (found on the daily check).', reported_by: B1C,
      ...deferral('C', '33-42-01', rel(-12), B1C, '(O) Night taxi with the landing lights; operate only on lit taxiways.', '(M) Taxi light circuit breaker pulled and collared.'),
      ...extension('DEF-2026-00060', 10, 'Lamp assembly not held at Makassar line store; shipped from Halim.'),
      parts_required: 'Taxi light lamp assembly x1',
    },
    {
      defect_no: 'DEF-2026-00061', aircraft: ac('PK-WFA'), found_date: rel(-6), station: 'UPG', source: 'PIREP', techlog_page: pageOf('PK-WFA', -6, 3), flight_log: flightRef(pageOf('PK-WFA', -6, 3)),
      ata: ata('21'), description: 'PACK 2 FAULT caution in climb through FL120; pack 2 reset unsuccessful.', reported_by: 'Capt. Siti Rahmawati',
      ...deferral('C', '21-51-01', rel(-6), B1B, '(O) Maximum flight level FL170. Pack 1 in HIGH flow.', '(M) Pack 2 valve closed and secured; placard installed.'),
      parts_required: 'Pack 2 temperature control valve (on order)',
    },
    {
      defect_no: 'DEF-2026-00062', aircraft: ac('PK-WFC'), found_date: rel(-2), station: 'UPG', source: 'CABIN', techlog_page: pageOf('PK-WFC', -2, 1), flight_log: flightRef(pageOf('PK-WFC', -2, 1)),
      ata: ata('33'), description: 'Passenger reading light row 14 D inoperative.', reported_by: 'SFA Nadia Putri',
      ...deferral('D', '33-21-01', rel(-2), B1B, '(O) None.', '(M) Seat 14D reading light placarded inoperative.'),
    },
    {
      defect_no: 'DEF-2026-00063', aircraft: ac('PK-WFE'), found_date: rel(-3), station: 'UPG', source: 'PIREP', techlog_page: pageOf('PK-WFE', -3, 3), flight_log: flightRef(pageOf('PK-WFE', -3, 3)),
      ata: ata('79'), description: 'ENG 2 CHIP caution on approach into Makassar. Magnetic plug: metallic flakes; oil filter bypass indicator not extended. Not deferrable: aircraft AOG.',
      reported_by: 'Capt. Maya Anggraini', defect_status: 'OPEN', parts_required: 'Engine PW127M (spare S/N PCE-ED1506)',
    },
    {
      defect_no: 'DEF-2026-00064', aircraft: ac('PK-WGA'), found_date: rel(-5), station: 'UPG', source: 'PIREP', techlog_page: pageOf('PK-WGA', -5, 2), flight_log: flightRef(pageOf('PK-WGA', -5, 2)),
      ata: ata('34'), description: 'WXR FAULT message intermittent on both NDs, radar image lost for about 2 minutes in cruise.', reported_by: 'Capt. Lestari Wulandari',
      ...deferral('C', '34-41-01', rel(-5), B2A, '(O) Not to be operated in known or forecast thunderstorm or windshear conditions along the route.', '(M) None.'),
    },
    {
      defect_no: 'DEF-2026-00065', aircraft: ac('PK-WHA'), found_date: rel(-1), station: 'DPS', source: 'CABIN', techlog_page: pageOf('PK-WHA', -1, 4), flight_log: flightRef(pageOf('PK-WHA', -1, 4)),
      ata: ata('38'), description: 'Aft lavatory toilet does not flush.', reported_by: 'SFA Rina Marlina',
      ...deferral('C', '38-31-01', rel(-1), B1A, '(O) Aft lavatory closed and placarded.', '(M) Lavatory door locked; flush valve circuit breaker pulled.'),
    },
    {
      defect_no: 'DEF-2026-00066', aircraft: ac('PK-WHA'), found_date: rel(-2), station: 'SUB', source: 'PIREP', ata: ata('28'),
      description: 'Centre tank fuel quantity indication blank.', reported_by: 'Capt. Teguh Santoso',
      ...deferral('A', '28-41-02', rel(-2), B1A, '(O) Centre tank quantity determined by the measuring stick before each departure; centre tank fuel used only when quantity is verified.', '(M) Fuel quantity verified with the measuring sticks before each departure (AMM 12-11-28).', 3),
      // 24 cycles from discovery (MEL item): the aircraft's cycles at the end of that day + 24
      due_fc: acAt('PK-WHA', rel(-2))[1] + 24,
    },
    {
      defect_no: 'DEF-2026-00067', aircraft: ac('PK-WFE'), found_date: rel(-12), station: 'SUB', source: 'PIREP', ata: ata('30'),
      description: 'PROP 1 DE-ICING FAULT caution; de-icing timer cycles blade heaters of propeller 2 only.', reported_by: 'Capt. Irfan Hakim',
      ...deferral('C', '30-61-01', rel(-12), B2A, '(O) Flight in known or forecast icing conditions prohibited.', '(M) Propeller de-icing of propeller 1 deactivated.'),
      parts_required: 'Propeller de-icing timer (on order)', extension_reason: null,
    },
  ];
}

function gatDefects(): Row[] {
  return [
    {
      defect_no: 'DEF-2026-00018', aircraft: ac('PK-GTC'), found_date: '2026-08-19', station: 'DPS', source: 'MAREP', ata: ata('32-40'),
      description: 'LH MLG brakes positions 1 and 2: wear pins below flush. AOG Denpasar.', reported_by: 'I Made Wirawan (AMEL B1 2290)', defect_status: 'CLOSED',
      parts_required: '3214552-3 x2 (MR-2026-00002)', rectified_date: '2026-08-25',
      action_taken: 'Brakes 1 and 2 replaced (WO-2026-00131), brake test satisfactory.', rectified_by: 'I Made Wirawan (AMEL B1 2290)', crs_ref: 'CRS-GAT-26-0131',
    },
    {
      defect_no: 'DEF-2026-00024', aircraft: ac('PK-GTE'), found_date: '2026-09-27', station: 'CGK', source: 'PIREP', ata: ata('24'),
      description: 'IDG 1 low oil pressure caution in cruise; IDG 1 disconnected by the crew.', reported_by: 'Capt. Hadi Susanto',
      ...deferral('C', '24-21-01', '2026-09-27', 'Rizky Maulana (AMEL B1 2051)', '(O) APU generator operative and used in flight; ETOPS not permitted.', '(M) IDG 1 disconnected; do not reconnect on the ground.'),
      defect_status: 'CLOSED', rectified_date: '2026-10-05',
      action_taken: 'Loan IDG from the AAR pool installed (WO-2026-00158 task 2); exchange unit on order.', rectified_by: 'Rizky Maulana (AMEL B1 2051)', crs_ref: 'CRS-GAT-26-0158A',
    },
    {
      defect_no: 'DEF-2026-00031', aircraft: ac('PK-GTD'), found_date: '2026-10-28', station: 'CGK', source: 'WO', work_order: wo('WO-2026-00171'), ata: ata('73'),
      description: 'C-check borescope, engine 2: fuel nozzles 4 and 9 carbon build-up beyond EMM limits.', reported_by: 'GAT engine shop', defect_status: 'OPEN',
      parts_required: '3072165-01 x2 (MR-2026-00005)',
    },
    {
      defect_no: 'DEF-2026-00036', aircraft: ac('PK-GTB'), found_date: '2026-11-11', station: 'CGK', source: 'PIREP', ata: ata('34'),
      description: 'Weather radar inoperative (WXR FAIL on both displays).', reported_by: 'Capt. Hadi Susanto', defect_status: 'RECTIFIED',
      rectified_date: '2026-11-12', action_taken: 'R/T replaced by S/N RDR-4K-1876 robbed from PK-GTA (ROB-2026-00002), WO-2026-00190. BITE test passed.',
      rectified_by: 'Rizky Maulana (AMEL B2 2051)', crs_ref: 'CRS-GAT-26-0190A',
    },
    {
      defect_no: 'DEF-2026-00038', aircraft: ac('PK-GTC'), found_date: rel(-4), station: 'DPS', source: 'CABIN', ata: ata('23'),
      description: 'Passenger address volume low in the aft cabin.', reported_by: 'SFA Ayu Lestari',
      ...deferral('C', '23-31-01', rel(-4), 'I Made Wirawan (AMEL B1 2290)', '(O) Cabin crew to brief aft passengers directly when required.', '(M) None.'),
    },
  ];
}

function gahDefects(): Row[] {
  return [
    {
      defect_no: 'DEF-2026-00007', aircraft: ac('PK-GHC'), found_date: '2026-10-22', station: 'CGK', source: 'WO', work_order: wo('WO-2026-00084'), ata: ata('53'),
      description: 'C4-check: corrosion on the aft cargo floor beam at STA 727, level 2 (beyond SRM allowable).', reported_by: 'GAT structures', defect_status: 'OPEN',
      parts_required: 'Repair per Boeing 8100-9 approval (requested)',
    },
    {
      defect_no: 'DEF-2026-00009', aircraft: ac('PK-GHA'), found_date: rel(-2), station: 'CGK', source: 'CABIN', ata: ata('25'),
      description: 'Forward galley oven 2 inoperative.', reported_by: 'SFA Dewi Kartika',
      ...deferral('D', '25-31-02', rel(-2), 'GAT line maintenance', '(O) None.', '(M) Oven 2 circuit breaker pulled and collared; placarded.'),
    },
  ];
}

// ---------------------------------------------------------------- maintenance logs (fleet-aml)

type LogType = 'PREFLIGHT' | 'DAILY' | 'WEEKLY' | 'SERVICING' | 'PIREP' | 'MAREP' | 'COMPCHG' | 'OTHER';

interface MlogSpec {
  reg: string;
  date: string;
  page: string;
  station: string;
  type: LogType;
  ata?: string;
  desc: string;
  action?: string;
  defect?: string;
  wo?: string;
  by: string;
  lic: string;
  crs?: string; // 'HH:MM' UTC of the CRS on the log date
  posted?: 0 | 1;
}

function maintenanceLogs(specs: MlogSpec[]): Row[] {
  return specs.map((m) => {
    const [fh, fc] = acAt(m.reg, m.date);
    return {
      aircraft: ac(m.reg),
      log_date: m.date,
      techlog_page: m.page,
      station: m.station,
      log_type: m.type,
      ata: m.ata ? ata(m.ata) : null,
      description: m.desc,
      action_taken: m.action ?? null,
      defect: m.defect ? defectRef(m.defect) : null,
      work_order: m.wo ? wo(m.wo) : null,
      ac_fh: fh,
      ac_fc: fc,
      performed_by: m.by,
      licence_no: m.lic,
      crs_issued: m.crs !== undefined,
      crs_datetime: m.crs !== undefined ? `${m.date}T${m.crs}:00.000Z` : null,
      posted: 0,
    };
  });
}

/** Maintenance log pages posted by maintenance-post.ts. */
function mlogsToPost(specs: MlogSpec[]): string[] {
  return specs.filter((m) => (m.posted ?? 1) === 1).map((m) => m.page);
}

const CTA_MLOGS: MlogSpec[] = [
  { reg: 'PK-WFA', date: rel(0), page: 'WFA-M0931', station: 'SUB', type: 'DAILY', ata: '05', desc: 'Daily check before the first sector.', action: 'Daily check carried out IAW ATR-DY, no findings. Engine oil levels checked.', by: B1C, lic: 'AMEL B1 3388', crs: '23:10', posted: 0 },
  { reg: 'PK-WFA', date: rel(-2), page: 'WFA-M0929', station: 'SUB', type: 'WEEKLY', ata: '05', desc: 'Weekly check (night stop Surabaya).', action: 'Weekly and daily checks carried out (WO-2026-00472). Engine oil serviced: eng 1 +0.5 qt, eng 2 +0.5 qt.', wo: 'WO-2026-00472', by: B1C, lic: 'AMEL B1 3388', crs: '15:10' },
  { reg: 'PK-WFA', date: rel(-6), page: 'WFA-M0925', station: 'UPG', type: 'PIREP', ata: '21', desc: 'PIREP: PACK 2 FAULT caution in climb through FL120, reset unsuccessful.', action: 'Pack 2 temperature control valve found sluggish. Deferred MEL 21-51-01 cat C; pack 2 valve closed and secured.', defect: 'DEF-2026-00061', by: B1B, lic: 'AMEL B1 4012', crs: '09:40' },
  { reg: 'PK-WFC', date: rel(-1), page: 'WFC-M0712', station: 'SUB', type: 'DAILY', ata: '05', desc: 'Daily check.', action: 'Daily check carried out, nil findings. Tyre pressures adjusted (MLG 4).', by: B1B, lic: 'AMEL B1 4012', crs: '22:55' },
  { reg: 'PK-WFC', date: rel(-2), page: 'WFC-M0711', station: 'UPG', type: 'PIREP', ata: '33', desc: 'Cabin report: reading light row 14 D inoperative.', action: 'Lamp replaced, fault persists (PSU). Deferred MEL 33-21-01 cat D.', defect: 'DEF-2026-00062', by: B1B, lic: 'AMEL B1 4012', crs: '03:40' },
  { reg: 'PK-WFD', date: rel(-1), page: 'WFD-M0645', station: 'UPG', type: 'DAILY', ata: '05', desc: 'Daily check.', action: 'Daily check carried out. Deferred item DEF-2026-00060 (taxi light) reviewed, extension valid.', by: B1C, lic: 'AMEL B1 3388', crs: '22:30' },
  { reg: 'PK-WFD', date: rel(-12), page: 'WFD-M0633', station: 'UPG', type: 'MAREP', ata: '33', desc: 'Taxi light inoperative found on the daily check.', action: 'Lamp and relay checked; lamp assembly failed, no spare at UPG. Deferred MEL 33-42-01 cat C.', defect: 'DEF-2026-00060', by: B1C, lic: 'AMEL B1 3388', crs: '22:45' },
  { reg: 'PK-WFD', date: '2026-10-28', page: 'WFD-M0590', station: 'UPG', type: 'COMPCHG', ata: '24', desc: 'Main battery failed capacity check (68%).', action: 'Battery S/N SAFT-85920 removed, S/N SAFT-87011 (ex PK-WFB) installed per AMM 24-31-11. Ops test satisfactory.', defect: 'DEF-2026-00050', wo: 'WO-2026-00461', by: B1C, lic: 'AMEL B1 3388', crs: '11:20' },
  { reg: 'PK-WFE', date: rel(-3), page: 'WFE-M0502', station: 'UPG', type: 'PIREP', ata: '79', desc: 'PIREP: ENG 2 CHIP caution on approach into Makassar.', action: 'Magnetic plug removed: metallic flakes. Oil filter inspected, sample sent for analysis. Aircraft AOG, engine change raised (WO-2026-00478).', defect: 'DEF-2026-00063', wo: 'WO-2026-00478', by: B1B, lic: 'AMEL B1 4012' },
  { reg: 'PK-WGA', date: rel(-1), page: 'WGA-M0388', station: 'CGK', type: 'DAILY', ata: '05', desc: 'Daily check (48 h).', action: 'Daily check carried out, nil findings. APU oil serviced +0.5 qt.', by: B2A, lic: 'AMEL B2 2875', crs: '22:50' },
  { reg: 'PK-WGA', date: rel(-5), page: 'WGA-M0384', station: 'UPG', type: 'PIREP', ata: '34', desc: 'PIREP: WXR FAULT intermittent on both NDs.', action: 'BITE: R/T fault code 34-41-12 stored. R/T reseated, fault not reproduced on ground. Deferred MEL 34-41-01 cat C pending software load (SB A320-34-1799).', defect: 'DEF-2026-00064', by: B2A, lic: 'AMEL B2 2875', crs: '08:15' },
  { reg: 'PK-WHA', date: rel(-1), page: 'WHA-M1204', station: 'DPS', type: 'PIREP', ata: '38', desc: 'Cabin report: aft lavatory toilet does not flush.', action: 'Flush control unit inoperative. Deferred MEL 38-31-01 cat C, lavatory locked.', defect: 'DEF-2026-00065', by: B1A, lic: 'AMEL B1 3120', crs: '10:05' },
  { reg: 'PK-WHA', date: rel(-2), page: 'WHA-M1201', station: 'SUB', type: 'SERVICING', ata: '12', desc: 'Servicing: engine oil, hydraulic system B, IDG 2 oil level.', action: 'Eng 1 +1 qt, eng 2 +1.5 qt (MJO2), hydraulic B +0.5 qt (Skydrol LD-4), IDG 2 level within limits.', by: B1A, lic: 'AMEL B1 3120', crs: '22:40' },
  { reg: 'PK-WHA', date: rel(-2), page: 'WHA-M1202', station: 'SUB', type: 'PIREP', ata: '28', desc: 'PIREP: centre tank fuel quantity indication blank.', action: 'FQIS processor BITE: centre tank probe 3 open circuit. Deferred MEL 28-41-02 cat A (12 legs), dripstick procedure briefed.', defect: 'DEF-2026-00066', by: B1A, lic: 'AMEL B1 3120', crs: '23:05' },
];

const GAT_MLOGS: MlogSpec[] = [
  { reg: 'PK-GTB', date: '2026-11-12', page: 'GTB-M2210', station: 'CGK', type: 'COMPCHG', ata: '34', desc: 'Weather radar inoperative (WXR FAIL).', action: 'R/T replaced by S/N RDR-4K-1876 robbed from PK-GTA; BITE test passed.', defect: 'DEF-2026-00036', wo: 'WO-2026-00190', by: 'Rizky Maulana', lic: 'AMEL B2 2051', crs: '18:30' },
  { reg: 'PK-GTC', date: rel(-1), page: 'GTC-M1876', station: 'DPS', type: 'DAILY', ata: '05', desc: 'Daily check.', action: 'Daily check carried out, nil findings.', by: 'I Made Wirawan', lic: 'AMEL B1 2290', crs: '22:40' },
  { reg: 'PK-GTE', date: rel(-1), page: 'GTE-M0955', station: 'CGK', type: 'DAILY', ata: '05', desc: 'Daily check (48 h).', action: 'Daily check carried out, nil findings.', by: 'Rizky Maulana', lic: 'AMEL B1 2051', crs: '21:15' },
];

const GAH_MLOGS: MlogSpec[] = [
  { reg: 'PK-GHA', date: rel(-2), page: 'GHA-M3310', station: 'CGK', type: 'PIREP', ata: '25', desc: 'Cabin report: forward galley oven 2 inoperative.', action: 'Oven 2 fails BITE. Deferred MEL 25-31-02 cat D, circuit breaker collared.', defect: 'DEF-2026-00009', by: 'GAT line maintenance (contract)', lic: 'AMEL B1 1187', crs: '13:20' },
];

// ---------------------------------------------------------------- logbook entries (logbook-entries)

interface LogbookSpec {
  reg: string;
  book: 'AIRFRAME' | 'ENGINE' | 'PROPELLER' | 'APU' | 'JOURNEY';
  comp?: string; // serial number of the engine / propeller / APU
  date: string;
  type: 'INSPECTION' | 'REPAIR' | 'MOD' | 'AD' | 'SB' | 'COMPCHG' | 'WEIGHING' | 'TEST' | 'OTHER';
  ref?: string;
  wo?: string;
  text: string;
  compTimes?: [number, number];
  by: string;
  lic: string;
  remark?: string;
}

function logbookEntries(specs: LogbookSpec[]): Row[] {
  return specs.map((l) => {
    const [fh, fc] = acAt(l.reg, l.date);
    return {
      aircraft: ac(l.reg),
      logbook: l.book,
      component: l.comp ? ref('fleet_component', 'serial_number', l.comp) : null,
      entry_date: l.date,
      entry_type: l.type,
      reference: l.ref ?? l.wo ?? null,
      work_order: l.wo ? wo(l.wo) : null,
      description: l.text,
      ac_fh: fh,
      ac_fc: fc,
      comp_tsn: l.compTimes?.[0] ?? null,
      comp_csn: l.compTimes?.[1] ?? null,
      signed_by: l.by,
      licence_no: l.lic,
      remark: l.remark ?? null,
    };
  });
}

const CTA_LOGBOOK: LogbookSpec[] = [
  { reg: 'PK-WFA', book: 'AIRFRAME', date: '2025-12-05', type: 'INSPECTION', ref: 'ATR-C1 / CTA-WO-25-0391', text: 'C-check (1C) carried out IAW CTA AMP Rev. 11 at Halim hangar. MLG LH and RH replaced by overhauled exchange units. SB ATR72-32-1156 embodied (terminating action AD 2024-0123). Aircraft released to service.', by: B1A, lic: 'AMEL B1 3120' },
  { reg: 'PK-WFA', book: 'AIRFRAME', date: '2026-09-21', type: 'INSPECTION', wo: 'WO-2026-00411', text: 'A-check (1A) carried out IAW CTA AMP Rev. 11; engine oil filters replaced. Nil open items.', by: B1A, lic: 'AMEL B1 3120' },
  { reg: 'PK-WFA', book: 'ENGINE', comp: 'PCE-ED1201', date: '2024-07-15', type: 'COMPCHG', ref: 'GAT-F1-24-0611', text: 'Engine S/N PCE-ED1201 installed in position 1 after overhaul at the GAT engine shop (EASA Form 1 GAT-F1-24-0611). Spare engine PCE-ED0977 removed. Ground run and power assurance check satisfactory.', compTimes: ED1201_OFF, by: B1A, lic: 'AMEL B1 3120' },
  { reg: 'PK-WFA', book: 'PROPELLER', comp: 'FR20151109', date: '2025-11-20', type: 'AD', ref: 'AD 2022-0211', text: 'Blade retention taper bore inspection IAW SB 568F-61-240 (AD 2022-0211): no corrosion found. Next inspection 5,000 FH.', by: B1C, lic: 'AMEL B1 3388' },
  { reg: 'PK-WFB', book: 'ENGINE', comp: 'PCE-ED1233', date: '2024-03-28', type: 'AD', ref: 'AD CF-2023-41', text: 'AD CF-2023-41 complied with: HPT stage 1 blades of the suspect batch replaced during the HSI at P&WC Singapore (TCCA Form One PWC-F1-2403-0210). Engine installed in position 1.', compTimes: [hm('10210:00'), 11380], by: B1B, lic: 'AMEL B1 4012' },
  { reg: 'PK-WFB', book: 'AIRFRAME', date: '2026-11-10', type: 'AD', ref: 'AD 2024-0123', wo: 'WO-2026-00455', text: 'AD 2024-0123 repetitive inspection of the MLG side brace upper attachment lug carried out IAW SB ATR72-32-1156 Rev. 1 during the C-check: no findings. Bushing replacement (terminating action) scheduled in the same check.', by: B1A, lic: 'AMEL B1 3120' },
  { reg: 'PK-WFD', book: 'AIRFRAME', date: '2026-10-28', type: 'COMPCHG', wo: 'WO-2026-00461', text: 'Main battery S/N SAFT-85920 removed (failed capacity check), S/N SAFT-87011 ex PK-WFB installed (ROB-2026-00001).', by: B1C, lic: 'AMEL B1 3388' },
  { reg: 'PK-WFE', book: 'ENGINE', comp: 'PCE-ED0977', date: '2025-06-14', type: 'COMPCHG', ref: 'GAT-F1-25-0402', text: 'Engine S/N PCE-ED0977 installed in position 2 after HSI, replacing S/N PCE-ED1506 (bird ingestion). Ground run and leak check satisfactory.', compTimes: [hm('18950:40'), 21020], by: B1B, lic: 'AMEL B1 4012' },
  { reg: 'PK-WGA', book: 'AIRFRAME', date: '2026-02-14', type: 'WEIGHING', ref: 'W&B report CTA-WB-26-002', text: 'Aircraft weighed (4-yearly). Basic empty weight 44,812 kg, CG 26.9% MAC. Weight and balance manual updated.', by: B2A, lic: 'AMEL B2 2875' },
  { reg: 'PK-WGA', book: 'ENGINE', comp: '598-415', date: '2026-07-08', type: 'AD', ref: 'AD 2022-0178', text: 'HPT stage 1 blade borescope IAW SB LEAP-1A 72-0345 (AD 2022-0178): coating loss within limits. Next inspection within 800 FC.', by: B1A, lic: 'AMEL B1 3120' },
  { reg: 'PK-WHA', book: 'APU', comp: 'P-4420', date: '2024-06-05', type: 'SB', ref: 'SB 131-9B-49-7964', text: 'SB 131-9B-49-7964 embodied: generator cooling air duct V-band clamp replaced.', by: B1A, lic: 'AMEL B1 3120' },
  { reg: 'PK-WHA', book: 'AIRFRAME', date: '2025-06-30', type: 'AD', ref: 'AD 2023-02-08', text: 'Lower wing skin stringer S-11 detailed and eddy current inspection IAW SB 737-57A1309 Rev. 1 (AD 2023-02-08): no cracks. Repeat at 3,000 FC.', by: 'GAT structures (contract)', lic: 'AMEL B1 1187' },
  { reg: 'PK-WHA', book: 'JOURNEY', date: rel(-1), type: 'OTHER', ref: pageOf('PK-WHA', -1, 5), text: 'Journey log: 6 sectors SUB-CGK-SUB-UPG-SUB-DPS-SUB; aft lavatory inoperative (MEL 38-31-01).', by: 'Capt. Wahyu Hidayat', lic: 'ATPL 4471' },
];

const GAT_LOGBOOK: LogbookSpec[] = [
  { reg: 'PK-GTH', book: 'AIRFRAME', date: '2026-11-14', type: 'COMPCHG', wo: 'WO-2026-00183', text: 'Main transmission S/N A-2214 removed at the overhaul limit; installation of S/N A-3087 in progress.', by: 'Agung Prakoso', lic: 'AMEL B1 3301' },
  { reg: 'PK-GTB', book: 'AIRFRAME', date: '2026-08-29', type: 'COMPCHG', wo: 'WO-2026-00112', text: 'MLG brakes positions 1 and 2 replaced (S/N HB-30412, HB-30415). Brake test satisfactory.', by: 'Slamet Widodo', lic: 'AMEL B1 1187' },
];

const GAH_LOGBOOK: LogbookSpec[] = [
  { reg: 'PK-GHD', book: 'AIRFRAME', date: '2026-10-26', type: 'INSPECTION', wo: 'WO-2026-00077', text: 'A-check carried out by GAT (AMO 145/0006); main tyres replaced. Released to service.', by: 'Slamet Widodo', lic: 'AMEL B1 1187' },
];

// ---------------------------------------------------------------- modifications (postmod-history)

interface ModSpec {
  reg: string;
  date: string;
  kind: 'SB' | 'AD' | 'STC' | 'MINOR' | 'MAJOR';
  refNo: string;
  sb?: boolean; // refNo is an aircraft_type_sb
  desc: string;
  comp?: string;
  pre?: string;
  post?: string;
  sn?: string;
  wo?: string;
  by: string;
  approval?: string;
  weight?: number;
  remark?: string;
}

function modifications(specs: ModSpec[]): Row[] {
  return specs.map((m) => {
    const [fh, fc] = acAt(m.reg, m.date);
    return {
      aircraft: ac(m.reg),
      mod_date: m.date,
      mod_kind: m.kind,
      mod_reference: m.refNo,
      type_sb: m.sb ? typeSb(m.refNo) : null,
      mod_description: m.desc,
      component: m.comp ? ref('fleet_component', 'serial_number', m.comp) : null,
      pre_mod_partnumber: m.pre ?? null,
      post_mod_partnumber: m.post ?? null,
      serial_number: m.sn ?? m.comp ?? null,
      ac_fh: fh,
      ac_fc: fc,
      work_order: m.wo ? wo(m.wo) : null,
      performed_by: m.by,
      approval_ref: m.approval ?? null,
      weight_change_kg: m.weight ?? null,
      remark: m.remark ?? null,
    };
  });
}

const CTA_MODS: ModSpec[] = [
  { reg: 'PK-WFA', date: '2025-12-05', kind: 'SB', refNo: 'SB ATR72-32-1156', sb: true, desc: 'MLG side brace upper attachment lug bushings replaced (mod 8455): terminating action of AD 2024-0123', by: 'CTA base maintenance', approval: 'EO-CTA-25-032', weight: 0.4 },
  { reg: 'PK-WFA', date: '2026-02-18', kind: 'SB', refNo: 'SB ATR72-28-1098', sb: true, desc: 'Fuel quantity probes of the LH tank replaced by the improved design after a probe failure', pre: 'D28440000-4', post: 'D28440000-6', by: B1A, approval: 'EO-CTA-26-003' },
  { reg: 'PK-WFA', date: '2023-12-05', kind: 'SB', refNo: 'SB 568F-61-251', sb: true, desc: 'Propeller blade de-icing heater erosion shield bond line inspected and resealed at overhaul', comp: 'FR20151109', by: 'Collins Aerospace Singapore', approval: 'FAA 8130-3 COL-23-88120' },
  { reg: 'PK-WHA', date: '2023-02-14', kind: 'SB', refNo: 'SB CFM56-7B 72-1024', sb: true, desc: 'HPT stage 1 blades replaced by improved blades P/N 1864M90P04 at the performance restoration shop visit', comp: '890-431', pre: '1864M90P03', post: '1864M90P04', by: 'GAT engine shop', approval: 'GAT-F1-23-0130' },
  { reg: 'PK-WHA', date: '2024-06-05', kind: 'SB', refNo: 'SB 131-9B-49-7964', sb: true, desc: 'APU generator cooling air duct V-band clamp replaced by the improved clamp', comp: 'P-4420', pre: '3611890-1', post: '3611890-3', by: B1A },
  { reg: 'PK-WHA', date: '2022-09-10', kind: 'MINOR', refNo: 'EO-CTA-22-007', desc: 'Cabin lighting: fluorescent ceiling and sidewall lights replaced by LED units', by: 'GAT base maintenance', approval: 'DGCA minor change approval MC-22-0415', weight: -12.4 },
  { reg: 'PK-WGA', date: '2024-11-20', kind: 'SB', refNo: 'SB A320-21-1208', sb: true, desc: 'Pack outlet temperature sensors replaced by the new part number (mod 160123)', pre: 'E0110-01', post: 'E0110-03', by: B2A },
  { reg: 'PK-WFC', date: '2025-03-20', kind: 'STC', refNo: 'STC SA01234SE', desc: 'Installation of an electronic flight bag (EFB) class 2 mounting and power provisions', by: 'GAT base maintenance', approval: 'DGCA STC validation V-STC-25-011', weight: 3.8 },
];

const GAT_MODS: ModSpec[] = [
  { reg: 'PK-GTE', date: '2025-08-12', kind: 'MINOR', refNo: 'EO-GAT-25-044', desc: 'Cockpit door surveillance camera upgraded to colour cameras', by: 'GAT line maintenance', approval: 'GAT DOA minor change MC-25-044', weight: 0.6 },
  { reg: 'PK-GTD', date: '2024-03-05', kind: 'AD', refNo: 'AD 2023-0187', desc: 'Elevator trim tab actuator attachment fitting inspected and reinforced (mod 7890)', by: 'GAT base maintenance', approval: 'EASA AD 2023-0187' },
];

const GAH_MODS: ModSpec[] = [
  { reg: 'PK-GHD', date: '2025-09-02', kind: 'STC', refNo: 'STC EASA.10071235', desc: 'Ka-band satellite connectivity radome and antenna installation', by: 'GAT base maintenance', approval: 'EASA.10071235 / DGCA validation', weight: 118.5 },
];

// ---------------------------------------------------------------- maintenance records (fleet-maintenance-record, fleet-due-update)

interface RecLine {
  insp?: string; // aircraft_type_inspection.task_code
  comp?: [string, string]; // fleet_component serial number, aircraft_type_component_limit task code
  ad?: string;
  sb?: string;
  term?: boolean;
  remark?: string;
}

interface RecSpec {
  reg: string;
  date: string;
  station: string;
  wo?: string;
  amo?: string;
  by: string;
  lic: string;
  crs?: string;
  posted?: 0 | 1;
  remark?: string;
  lines: RecLine[];
}

/** Records numbered MRC-<year>-NNNNN per year in date order; lines reference their record by number. */
function maintenanceRecords(specs: RecSpec[]): { maintenance_record: Row[]; maintenance_record_line: Row[]; toPost: string[] } {
  const maintenance_record: Row[] = [];
  const maintenance_record_line: Row[] = [];
  const toPost: string[] = [];
  const seq = new Map<string, number>();
  for (const r of [...specs].sort((a, b) => a.date.localeCompare(b.date))) {
    const year = r.date.slice(0, 4);
    const n = (seq.get(year) ?? 0) + 1;
    seq.set(year, n);
    const no = `MRC-${year}-${String(n).padStart(5, '0')}`;
    const [fh, fc] = acAt(r.reg, r.date);
    maintenance_record.push({
      record_no: no,
      aircraft: ac(r.reg),
      done_date: r.date,
      ac_fh: fh,
      ac_fc: fc,
      ac_landings: fc,
      station: r.station,
      work_order: r.wo ? wo(r.wo) : null,
      amo: r.amo ? amo(r.amo) : null,
      certifying_staff: r.by,
      licence_no: r.lic,
      crs_ref: r.crs ?? r.wo ?? null,
      posted: 0,
      remark: r.remark ?? null,
    });
    // posted by maintenance-post.ts (the fleet due update's posting), in date order
    if ((r.posted ?? 1) === 1 && r.lines.length > 0) toPost.push(no);
    for (const l of r.lines) {
      maintenance_record_line.push({
        maintenance_record: mrc(no),
        item_kind: l.insp ? 'INSPECTION' : l.comp ? 'COMPONENT' : l.ad ? 'AD' : 'SB',
        type_inspection: l.insp ? typeInsp(l.insp) : null,
        component: l.comp ? ref('fleet_component', 'serial_number', l.comp[0]) : null,
        component_limit: l.comp ? typeLimit(l.comp[1]) : null,
        type_ad: l.ad ? typeAd(l.ad) : null,
        type_sb: l.sb ? typeSb(l.sb) : null,
        is_terminating: l.term ?? false,
        remark: l.remark ?? null,
      });
    }
  }
  return { maintenance_record, maintenance_record_line, toPost };
}

const HLP = 'CTA-AMO';

/** CTA accomplishments: the last check of each programme task per aircraft, so the due list computes. */
const CTA_RECORDS: RecSpec[] = [
  // PK-WFA
  { reg: 'PK-WFA', date: '2022-11-28', station: 'HLP', amo: HLP, by: B1A, lic: 'AMEL B1 3120', crs: 'CRS-CTA-22-0288', lines: [{ insp: 'ATR-HT-01', remark: 'Engine fire extinguisher cartridges replaced (C-check 2022)' }] },
  { reg: 'PK-WFA', date: '2025-12-05', station: 'HLP', amo: HLP, by: B1A, lic: 'AMEL B1 3120', crs: 'CRS-CTA-25-0391', lines: [{ insp: 'ATR-C1' }, { sb: 'SB ATR72-32-1156', term: true, remark: 'Bushings replaced, mod 8455' }, { ad: 'AD 2024-0123', term: true, remark: 'Terminating action by SB ATR72-32-1156' }] },
  { reg: 'PK-WFA', date: '2026-05-10', station: 'SUB', amo: HLP, by: B1B, lic: 'AMEL B1 4012', crs: 'TL WFA-14420', lines: [{ insp: 'ATR-ENG-01', remark: 'Both engines, no findings' }] },
  { reg: 'PK-WFA', date: '2026-09-21', station: 'HLP', wo: 'WO-2026-00411', amo: HLP, by: B1A, lic: 'AMEL B1 3120', crs: 'CRS-CTA-26-0411', lines: [{ insp: 'ATR-A1' }, { insp: 'ATR-WY' }] },
  { reg: 'PK-WFA', date: rel(-2), station: 'SUB', wo: 'WO-2026-00472', amo: HLP, by: B1C, lic: 'AMEL B1 3388', lines: [{ insp: 'ATR-WY' }] },
  { reg: 'PK-WFA', date: rel(0), station: 'SUB', amo: HLP, by: B1C, lic: 'AMEL B1 3388', crs: 'TL WFA-M0931', lines: [{ insp: 'ATR-DY' }] },
  // PK-WFB (in C-check)
  { reg: 'PK-WFB', date: '2022-10-14', station: 'HLP', amo: HLP, by: B1A, lic: 'AMEL B1 3120', crs: 'CRS-CTA-22-0251', lines: [{ insp: 'ATR-HT-01' }] },
  { reg: 'PK-WFB', date: '2024-12-02', station: 'HLP', amo: 'GAT-AMO', by: 'Slamet Widodo (AMEL B1 1187)', lic: 'AMEL B1 1187', crs: 'CRS-GAT-24-0970', lines: [{ insp: 'ATR-C1' }] },
  { reg: 'PK-WFB', date: '2026-11-01', station: 'HLP', amo: HLP, by: B1C, lic: 'AMEL B1 3388', crs: 'TL WFB-M0802', remark: 'Last line checks before the C-check input.', lines: [{ insp: 'ATR-WY' }, { insp: 'ATR-DY' }] },
  { reg: 'PK-WFB', date: '2026-11-06', station: 'HLP', wo: 'WO-2026-00455', amo: HLP, by: B1C, lic: 'AMEL B1 3388', remark: 'Tasks of the C-check package signed off so far.', lines: [{ insp: 'ATR-A1' }, { insp: 'ATR-ENG-01', remark: 'Engine 1 nozzle coking raised as DEF-2026-00057' }] },
  { reg: 'PK-WFB', date: '2026-11-14', station: 'HLP', wo: 'WO-2026-00455', amo: HLP, by: 'Hasan Basri (STR)', lic: 'AMEL B1 5120', posted: 0, remark: 'Awaiting QC review before posting.', lines: [{ insp: 'ATR-STR-01' }] },
  // PK-WFC
  { reg: 'PK-WFC', date: '2021-05-19', station: 'HLP', amo: HLP, by: B1A, lic: 'AMEL B1 3120', crs: 'CRS-CTA-21-0133', lines: [{ insp: 'ATR-HT-01' }] },
  { reg: 'PK-WFC', date: '2025-04-20', station: 'HLP', amo: HLP, by: B1A, lic: 'AMEL B1 3120', crs: 'CRS-CTA-25-0102', lines: [{ insp: 'ATR-C1' }] },
  { reg: 'PK-WFC', date: '2026-03-02', station: 'SUB', amo: HLP, by: B1B, lic: 'AMEL B1 4012', crs: 'TL WFC-11180', lines: [{ insp: 'ATR-ENG-01' }] },
  {
    reg: 'PK-WFC', date: '2026-10-11', station: 'SUB', wo: 'WO-2026-00438', amo: HLP, by: B1B, lic: 'AMEL B1 4012', crs: 'CRS-CTA-26-0438',
    remark: 'A-check done ahead of its planned due: when within the programme tolerance, the schedule keeps the planned due.',
    lines: [{ insp: 'ATR-A1' }, { insp: 'ATR-WY' }],
  },
  { reg: 'PK-WFC', date: rel(-4), station: 'SUB', amo: HLP, by: B1B, lic: 'AMEL B1 4012', lines: [{ insp: 'ATR-WY' }] },
  { reg: 'PK-WFC', date: rel(0), station: 'SUB', amo: HLP, by: B1B, lic: 'AMEL B1 4012', lines: [{ insp: 'ATR-DY' }] },
  // PK-WFD
  { reg: 'PK-WFD', date: '2022-06-08', station: 'HLP', amo: HLP, by: B1A, lic: 'AMEL B1 3120', crs: 'CRS-CTA-22-0170', lines: [{ insp: 'ATR-HT-01' }] },
  { reg: 'PK-WFD', date: '2025-02-10', station: 'HLP', amo: 'GAT-AMO', by: 'Slamet Widodo (AMEL B1 1187)', lic: 'AMEL B1 1187', crs: 'CRS-GAT-25-0112', lines: [{ insp: 'ATR-C1' }] },
  { reg: 'PK-WFD', date: '2025-12-20', station: 'UPG', amo: HLP, by: B1C, lic: 'AMEL B1 3388', lines: [{ insp: 'ATR-ENG-01' }] },
  { reg: 'PK-WFD', date: '2026-08-05', station: 'UPG', amo: HLP, by: B1C, lic: 'AMEL B1 3388', crs: 'CRS-CTA-26-0362', lines: [{ insp: 'ATR-A1' }] },
  { reg: 'PK-WFD', date: rel(-5), station: 'UPG', amo: HLP, by: B1C, lic: 'AMEL B1 3388', lines: [{ insp: 'ATR-WY' }] },
  { reg: 'PK-WFD', date: rel(0), station: 'UPG', amo: HLP, by: B1C, lic: 'AMEL B1 3388', lines: [{ insp: 'ATR-DY' }] },
  // PK-WFE (AOG)
  { reg: 'PK-WFE', date: '2018-11-01', station: 'HLP', amo: HLP, by: B1A, lic: 'AMEL B1 3120', crs: 'Delivery', remark: 'Cartridges fitted at delivery.', lines: [{ insp: 'ATR-HT-01' }] },
  { reg: 'PK-WFE', date: '2025-06-14', station: 'UPG', amo: HLP, by: B1B, lic: 'AMEL B1 4012', crs: 'CRS-CTA-25-0188', lines: [{ insp: 'ATR-C1' }, { ad: 'AD 2024-0123' }] },
  { reg: 'PK-WFE', date: '2026-01-15', station: 'UPG', amo: HLP, by: B1B, lic: 'AMEL B1 4012', lines: [{ insp: 'ATR-ENG-01' }] },
  { reg: 'PK-WFE', date: '2026-07-30', station: 'UPG', amo: HLP, by: B1B, lic: 'AMEL B1 4012', crs: 'CRS-CTA-26-0330', lines: [{ insp: 'ATR-A1' }] },
  { reg: 'PK-WFE', date: rel(-6), station: 'UPG', amo: HLP, by: B1B, lic: 'AMEL B1 4012', lines: [{ insp: 'ATR-WY' }] },
  { reg: 'PK-WFE', date: rel(-3), station: 'UPG', amo: HLP, by: B1B, lic: 'AMEL B1 4012', lines: [{ insp: 'ATR-DY' }] },
  // PK-WGA
  { reg: 'PK-WGA', date: '2025-03-18', station: 'CGK', amo: 'GAT-AMO', by: 'Slamet Widodo (AMEL B1 1187)', lic: 'AMEL B1 1187', crs: 'CRS-GAT-25-0231', lines: [{ insp: 'A20N-C1' }, { insp: 'A20N-HT-01' }, { ad: 'AD 2023-0045' }] },
  { reg: 'PK-WGA', date: '2025-12-01', station: 'CGK', amo: HLP, by: B2A, lic: 'AMEL B2 2875', lines: [{ comp: ['ELT-80412', 'A20N-ELT-BS'], remark: 'ELT functional test and registration check' }] },
  { reg: 'PK-WGA', date: '2026-07-08', station: 'CGK', amo: HLP, by: B1A, lic: 'AMEL B1 3120', lines: [{ comp: ['598-415', 'A20N-ENG-BSI'] }, { ad: 'AD 2022-0178' }, { sb: 'SB LEAP-1A 72-0345' }] },
  { reg: 'PK-WGA', date: '2026-08-20', station: 'CGK', amo: HLP, by: B1A, lic: 'AMEL B1 3120', lines: [{ comp: ['598-412', 'A20N-ENG-BSI'] }, { ad: 'AD 2022-0178' }, { sb: 'SB LEAP-1A 72-0345' }] },
  { reg: 'PK-WGA', date: '2026-09-25', station: 'CGK', amo: HLP, by: B1A, lic: 'AMEL B1 3120', crs: 'CRS-CTA-26-0421', lines: [{ insp: 'A20N-A1' }] },
  { reg: 'PK-WGA', date: '2026-09-30', station: 'CGK', amo: HLP, by: B1A, lic: 'AMEL B1 3120', lines: [{ insp: 'A20N-ENG-01' }] },
  { reg: 'PK-WGA', date: rel(-3), station: 'CGK', amo: HLP, by: B2A, lic: 'AMEL B2 2875', lines: [{ insp: 'A20N-WY' }] },
  { reg: 'PK-WGA', date: rel(-1), station: 'CGK', amo: HLP, by: B2A, lic: 'AMEL B2 2875', lines: [{ insp: 'A20N-DY' }] },
  // PK-WHA
  { reg: 'PK-WHA', date: '2025-06-30', station: 'CGK', amo: 'GAT-AMO', by: 'GAT structures (contract)', lic: 'AMEL B1 1187', lines: [{ ad: 'AD 2023-02-08' }, { sb: 'SB 737-57A1309' }] },
  { reg: 'PK-WHA', date: '2025-11-20', station: 'CGK', amo: 'GAT-AMO', by: 'Slamet Widodo (AMEL B1 1187)', lic: 'AMEL B1 1187', crs: 'CRS-GAT-25-1102', lines: [{ insp: 'B738-C1' }, { insp: 'B738-STR-01' }, { insp: 'B738-HT-01' }] },
  { reg: 'PK-WHA', date: '2026-01-10', station: 'SUB', amo: HLP, by: B1A, lic: 'AMEL B1 3120', lines: [{ comp: ['890-447', 'B738-ENG-BSI'] }] },
  { reg: 'PK-WHA', date: '2026-02-02', station: 'CGK', amo: 'GAT-AMO', by: 'GAT engine shop (on wing)', lic: 'AMEL B1 1187', lines: [{ ad: 'AD 2020-16-12', remark: 'Engines 1 and 2 fan blade dovetails' }] },
  { reg: 'PK-WHA', date: '2026-06-18', station: 'SUB', amo: HLP, by: B1A, lic: 'AMEL B1 3120', lines: [{ comp: ['890-431', 'B738-ENG-BSI'] }] },
  { reg: 'PK-WHA', date: '2026-09-28', station: 'SUB', amo: HLP, by: B1A, lic: 'AMEL B1 3120', crs: 'CRS-CTA-26-0430', lines: [{ insp: 'B738-A1' }, { insp: 'B738-ENG-01' }] },
  { reg: 'PK-WHA', date: rel(-1), station: 'SUB', amo: HLP, by: B1A, lic: 'AMEL B1 3120', lines: [{ insp: 'B738-WY' }] },
  { reg: 'PK-WHA', date: rel(0), station: 'SUB', amo: HLP, by: B1A, lic: 'AMEL B1 3120', lines: [{ insp: 'B738-DY' }] },
];

/** GAT: checks of its own fleet (the aircraft it manages as CAMO). */
const GAT_RECORDS: RecSpec[] = [
  { reg: 'PK-GTC', date: '2026-09-14', station: 'DPS', amo: 'GAT-AMO', by: 'I Made Wirawan (AMEL B1 2290)', lic: 'AMEL B1 2290', crs: 'CRS-GAT-26-0160', lines: [{ insp: 'ATR-A1' }] },
  { reg: 'PK-GTC', date: rel(0), station: 'DPS', amo: 'GAT-AMO', by: 'I Made Wirawan (AMEL B1 2290)', lic: 'AMEL B1 2290', lines: [{ insp: 'ATR-DY' }] },
  { reg: 'PK-GTD', date: '2026-10-29', station: 'CGK', wo: 'WO-2026-00171', amo: 'GAT-AMO', by: 'GAT base maintenance', lic: 'AMEL B1 1187', lines: [{ insp: 'ATR-A1' }] },
  { reg: 'PK-GTB', date: '2026-10-02', station: 'CGK', amo: 'GAT-AMO', by: 'Slamet Widodo (AMEL B1 1187)', lic: 'AMEL B1 1187', crs: 'CRS-GAT-26-0171', lines: [{ insp: 'B738-A1' }] },
  { reg: 'PK-GTE', date: '2026-10-19', station: 'CGK', amo: 'GAT-AMO', by: 'Rizky Maulana (AMEL B1 2051)', lic: 'AMEL B1 2051', crs: 'CRS-GAT-26-0177', lines: [{ insp: 'A20N-A1' }, { comp: ['598-233', 'A20N-ENG-BSI'] }, { comp: ['598-240', 'A20N-ENG-BSI'] }] },
  { reg: 'PK-GTH', date: '2026-08-30', station: 'BDO', amo: 'GAT-AMO', by: 'Agung Prakoso (AMEL B1 3301)', lic: 'AMEL B1 3301', crs: 'CRS-GAT-26-0150', lines: [{ insp: 'B412-300H' }, { ad: 'AD 2019-22-05' }] },
];

/** GAH: one record of its contracted A-check (no programme of its own: lines need none). */
const GAH_RECORDS: RecSpec[] = [
  { reg: 'PK-GHD', date: '2026-10-26', station: 'CGK', wo: 'WO-2026-00077', amo: 'GAT-AMO', by: 'Slamet Widodo (AMEL B1 1187)', lic: 'AMEL B1 1187', crs: 'CRS-GAT-26-1077', lines: [] },
];

// ---------------------------------------------------------------- AD and SB status per aircraft (fleet-ad-status, fleet-sb-status)

type CStatus = 'OPEN' | 'COMPLIED' | 'RECURRING' | 'TERMINATED' | 'NA' | 'SUPERSEDED';

interface StatusSpec {
  reg: string;
  no: string; // AD or SB number
  status: CStatus;
  comp?: string;
  done?: string; // last compliance date (A/C totals from the utilisation)
  na?: string;
  method?: string;
  wo?: string;
  planned?: string;
  due?: [string | null, number | null, number | null]; // next due date, FH, FC when set by hand
  by?: string;
  remark?: string;
}

function complianceRows(specs: StatusSpec[], kind: 'AD' | 'SB'): Row[] {
  return specs.map((x) => {
    const done = x.done ? acAt(x.reg, x.done) : null;
    const row: Row = {
      aircraft: ac(x.reg),
      component: x.comp ? ref('fleet_component', 'serial_number', x.comp) : null,
      na_reason: x.na ?? null,
      last_done_date: x.done ?? null,
      last_done_fh: done?.[0] ?? null,
      last_done_fc: done?.[1] ?? null,
      method: x.method ?? null,
      work_order: x.wo ? wo(x.wo) : null,
      next_due_date: x.due?.[0] ?? null,
      next_due_fh: x.due?.[1] ?? null,
      next_due_fc: x.due?.[2] ?? null,
      signed_by: x.done ? (x.by ?? B1A) : null,
      remark: x.remark ?? null,
    };
    if (kind === 'AD') return { ...row, type_ad: typeAd(x.no), ad_status: x.status };
    return { ...row, type_sb: typeSb(x.no), sb_status: x.status, planned_date: x.planned ?? null };
  });
}

const NA_0187 = 'Applies to MSN 1250 to 1300 pre mod 7890; aircraft outside the applicability (review 2023-11-06).';
const NA_CF41 = 'Engine HPT stage 1 blades checked against the suspect batch list: not affected.';

const CTA_AD_STATUS: StatusSpec[] = [
  { reg: 'PK-WFA', no: 'AD 2024-0123', status: 'TERMINATED', done: '2025-12-05', method: 'Bushings replaced per SB ATR72-32-1156 Rev. 1 (mod 8455) at the C-check: terminating action.', remark: 'Repetitive inspections no longer required.' },
  { reg: 'PK-WFA', no: 'AD 2023-0187', status: 'NA', na: NA_0187 },
  { reg: 'PK-WFA', no: 'AD 2022-0211', status: 'RECURRING', comp: 'FR20151109', done: '2025-11-20', method: 'Taper bore inspection per SB 568F-61-240 at the C-check, no corrosion.' },
  { reg: 'PK-WFA', no: 'AD 2022-0211', status: 'RECURRING', comp: 'FR20151122', done: '2025-11-20', method: 'Taper bore inspection per SB 568F-61-240 at the C-check, no corrosion.' },
  { reg: 'PK-WFA', no: 'AD CF-2023-41', status: 'NA', comp: 'PCE-ED1201', na: NA_CF41 },
  { reg: 'PK-WFB', no: 'AD 2024-0123', status: 'RECURRING', done: '2026-11-10', wo: 'WO-2026-00455', method: 'Side brace lug inspection per SB ATR72-32-1156 Rev. 1, no findings; terminating action planned in the same C-check.' },
  { reg: 'PK-WFB', no: 'AD 2023-0187', status: 'NA', na: NA_0187 },
  { reg: 'PK-WFB', no: 'AD 2022-0211', status: 'RECURRING', done: '2024-12-02', method: 'Taper bore inspection of both propellers at the C-check, no corrosion.', by: 'Slamet Widodo (AMEL B1 1187)' },
  { reg: 'PK-WFB', no: 'AD CF-2023-41', status: 'COMPLIED', comp: 'PCE-ED1233', done: '2024-03-28', method: 'Suspect HPT stage 1 blades replaced at the HSI, P&WC Singapore (TCCA Form One PWC-F1-2403-0210).' },
  { reg: 'PK-WFB', no: 'AD CF-2023-41', status: 'COMPLIED', comp: 'PCE-ED1240', done: '2024-03-30', method: 'Suspect HPT stage 1 blades replaced at the HSI, P&WC Singapore (TCCA Form One PWC-F1-2403-0214).' },
  { reg: 'PK-WFC', no: 'AD 2024-0123', status: 'RECURRING', done: '2025-08-14', method: 'Side brace lug inspection per SB ATR72-32-1156 Rev. 1 at A-check, no findings.' },
  { reg: 'PK-WFC', no: 'AD 2023-0187', status: 'NA', na: NA_0187 },
  { reg: 'PK-WFC', no: 'AD CF-2023-41', status: 'NA', na: NA_CF41 },
  { reg: 'PK-WFC', no: 'AD 2022-0211', status: 'RECURRING', comp: 'FR20160830', done: '2025-10-11', method: 'Taper bore inspection per SB 568F-61-240, no corrosion.' },
  { reg: 'PK-WFC', no: 'AD 2022-0211', status: 'RECURRING', comp: 'FR20160844', done: '2025-10-11', method: 'Taper bore inspection per SB 568F-61-240, no corrosion.' },
  { reg: 'PK-WFD', no: 'AD 2024-0123', status: 'RECURRING', done: '2026-04-10', method: 'Side brace lug inspection per SB ATR72-32-1156 Rev. 1, no findings.' },
  { reg: 'PK-WFD', no: 'AD 2023-0187', status: 'NA', na: NA_0187 },
  { reg: 'PK-WFD', no: 'AD CF-2023-41', status: 'NA', na: NA_CF41 },
  { reg: 'PK-WFD', no: 'AD 2022-0211', status: 'RECURRING', done: '2026-01-15', method: 'Taper bore inspection of both propellers, no corrosion.' },
  { reg: 'PK-WFE', no: 'AD 2024-0123', status: 'RECURRING', done: '2025-06-14', method: 'Side brace lug inspection per SB ATR72-32-1156 Rev. 1 at the C-check, no findings.' },
  { reg: 'PK-WFE', no: 'AD 2023-0187', status: 'NA', na: NA_0187 },
  { reg: 'PK-WFE', no: 'AD CF-2023-41', status: 'NA', na: NA_CF41 },
  { reg: 'PK-WFE', no: 'AD 2022-0211', status: 'OPEN', due: ['2026-12-15', null, null], remark: 'Propeller 1 inspection planned with the de-icing timer replacement.' },
  { reg: 'PK-WHA', no: 'AD 2020-16-12', status: 'RECURRING', comp: '890-431', done: '2026-02-02', method: 'Fan blade dovetail ultrasonic inspection per CFM SB 72-1033 (GAT, on wing).' },
  { reg: 'PK-WHA', no: 'AD 2020-16-12', status: 'RECURRING', comp: '890-447', done: '2026-02-02', method: 'Fan blade dovetail ultrasonic inspection per CFM SB 72-1033 (GAT, on wing).' },
  { reg: 'PK-WHA', no: 'AD 2023-02-08', status: 'RECURRING', done: '2025-06-30', method: 'Detailed and eddy current inspection per SB 737-57A1309 Rev. 1, no cracks.', by: 'GAT structures (contract)' },
  { reg: 'PK-WHA', no: 'AD 2021-19-13', status: 'NA', na: 'Applies to line numbers 4200 and after; PK-WHA is LN 2011.' },
  { reg: 'PK-WHA', no: 'AD 2024-09-01', status: 'COMPLIED', done: '2024-12-12', method: 'ELT reprogrammed with the Indonesian country code and registered with BASARNAS.' },
  { reg: 'PK-WGA', no: 'AD 2023-0045', status: 'COMPLIED', done: '2025-03-18', method: 'Fuel pump canister connectors inspected per Airbus AOT A28N004-23, no damage.', by: 'Slamet Widodo (AMEL B1 1187)' },
  { reg: 'PK-WGA', no: 'AD 2024-0201', status: 'NA', na: 'Escape slide reservoirs outside the affected serial range (checked November 2024).' },
  { reg: 'PK-WGA', no: 'AD 2022-0178', status: 'RECURRING', comp: '598-412', done: '2026-08-20', method: 'HPT stage 1 borescope per SB LEAP-1A 72-0345, within limits.' },
  { reg: 'PK-WGA', no: 'AD 2022-0178', status: 'RECURRING', comp: '598-415', done: '2026-07-08', method: 'HPT stage 1 borescope per SB LEAP-1A 72-0345, coating loss within limits.' },
  { reg: 'PK-WGA', no: 'AD 2025-0012', status: 'OPEN', comp: 'P-7718', due: ['2026-12-20', null, null], remark: 'Oil cooler fan inspection planned at the next A-check.' },
];

const CTA_SB_STATUS: StatusSpec[] = [
  { reg: 'PK-WFA', no: 'SB ATR72-32-1156', status: 'COMPLIED', done: '2025-12-05', method: 'Bushings replaced (mod 8455) at the C-check.' },
  { reg: 'PK-WFA', no: 'SB ATR72-28-1098', status: 'COMPLIED', done: '2026-02-18', method: 'LH tank probes replaced after a probe failure (incorporate on failure).' },
  { reg: 'PK-WFA', no: 'SB 568F-61-251', status: 'COMPLIED', comp: 'FR20151109', done: '2023-12-05', method: 'Embodied at propeller overhaul (Collins Singapore).' },
  { reg: 'PK-WFA', no: 'SB PW127-72-21878', status: 'OPEN', comp: 'PCE-ED1207', planned: '2027-03-31', remark: 'At the next shop visit of the engine.' },
  { reg: 'PK-WFB', no: 'SB ATR72-32-1156', status: 'OPEN', wo: 'WO-2026-00455', planned: '2026-11-28', remark: 'In the C-check work package.' },
  { reg: 'PK-WFB', no: 'SB ATR72-28-1098', status: 'OPEN', remark: 'Incorporate on failure.' },
  { reg: 'PK-WFC', no: 'SB ATR72-32-1156', status: 'RECURRING', done: '2025-08-14', method: 'Lug inspection (repetitive part of the SB) at A-check.' },
  { reg: 'PK-WFC', no: 'SB 568F-61-251', status: 'OPEN', comp: 'FR20160844', planned: '2027-01-20', remark: 'At the propeller overhaul.' },
  { reg: 'PK-WFD', no: 'SB ATR72-32-1156', status: 'RECURRING', done: '2026-04-10', method: 'Lug inspection (repetitive part of the SB).' },
  { reg: 'PK-WFE', no: 'SB ATR72-32-1156', status: 'RECURRING', done: '2025-06-14', method: 'Lug inspection (repetitive part of the SB) at the C-check.' },
  { reg: 'PK-WFE', no: 'SB ATR72-28-1098', status: 'NA', na: 'MSN 1502 delivered with the improved probes.' },
  { reg: 'PK-WGA', no: 'SB A320-21-1208', status: 'COMPLIED', done: '2024-11-20', method: 'Pack outlet temperature sensors replaced (mod 160123).' },
  { reg: 'PK-WGA', no: 'SB A320-32-1482', status: 'OPEN', planned: '2027-03-15', remark: 'At the next C-check.' },
  { reg: 'PK-WGA', no: 'SB LEAP-1A 72-0345', status: 'RECURRING', comp: '598-412', done: '2026-08-20', method: 'HPT stage 1 borescope.' },
  { reg: 'PK-WGA', no: 'SB LEAP-1A 72-0345', status: 'RECURRING', comp: '598-415', done: '2026-07-08', method: 'HPT stage 1 borescope.' },
  { reg: 'PK-WGA', no: 'SB A320-34-1799', status: 'OPEN', comp: 'RDR-4K-2210', wo: 'WO-2026-00480', planned: rel(6) },
  { reg: 'PK-WHA', no: 'SB 737-57A1309', status: 'RECURRING', done: '2025-06-30', method: 'Detailed and eddy current inspection, no cracks.', by: 'GAT structures (contract)' },
  { reg: 'PK-WHA', no: 'SB CFM56-7B 72-1024', status: 'COMPLIED', comp: '890-431', done: '2023-02-14', method: 'Improved HPT stage 1 blades fitted at the shop visit.' },
  { reg: 'PK-WHA', no: 'SB CFM56-7B 72-1024', status: 'SUPERSEDED', comp: '890-447', na: 'Engine 2 received blades of the later standard (SB 72-1051) at its 2024 shop visit.' },
  { reg: 'PK-WHA', no: 'SB 131-9B-49-7964', status: 'COMPLIED', comp: 'P-4420', done: '2024-06-05', method: 'V-band clamp replaced.' },
  { reg: 'PK-WHA', no: 'SB 737-32-1497', status: 'NA', na: 'Trunnion pins of PK-WHA replaced by post-SB chrome-free pins at the 2018 gear overhaul.' },
];

const GAT_AD_STATUS: StatusSpec[] = [
  { reg: 'PK-GTC', no: 'AD 2024-0123', status: 'RECURRING', done: '2026-09-14', method: 'Side brace lug inspection at A-check, no findings.', by: 'I Made Wirawan (AMEL B1 2290)' },
  { reg: 'PK-GTD', no: 'AD 2024-0123', status: 'OPEN', wo: 'WO-2026-00171', due: ['2026-11-30', null, null], remark: 'Terminating action (SB ATR72-32-1156) in the C-check.' },
  { reg: 'PK-GTB', no: 'AD 2020-16-12', status: 'RECURRING', comp: '892-118', done: '2026-03-11', method: 'Ultrasonic inspection, GAT engine shop.', by: 'GAT engine shop' },
  { reg: 'PK-GTB', no: 'AD 2020-16-12', status: 'RECURRING', comp: '892-125', done: '2026-03-11', method: 'Ultrasonic inspection, GAT engine shop.', by: 'GAT engine shop' },
  { reg: 'PK-GTE', no: 'AD 2022-0178', status: 'RECURRING', comp: '598-233', done: '2026-10-19', method: 'HPT borescope, within limits.', by: 'Rizky Maulana (AMEL B1 2051)' },
  { reg: 'PK-GTH', no: 'AD 2019-22-05', status: 'RECURRING', done: '2026-08-30', method: 'Yoke flexure inspection in the 300-hour card, no cracks.', by: 'Agung Prakoso (AMEL B1 3301)' },
];

const GAT_SB_STATUS: StatusSpec[] = [
  { reg: 'PK-GTD', no: 'SB ATR72-32-1156', status: 'OPEN', wo: 'WO-2026-00171', planned: '2026-11-28' },
  { reg: 'PK-GTC', no: 'SB ATR72-32-1156', status: 'RECURRING', done: '2026-09-14', method: 'Lug inspection at A-check.', by: 'I Made Wirawan (AMEL B1 2290)' },
  { reg: 'PK-GTB', no: 'SB 737-57A1309', status: 'RECURRING', done: '2026-02-20', method: 'Detailed and eddy current inspection, no cracks.', by: 'GAT structures' },
  { reg: 'PK-GTE', no: 'SB LEAP-1A 72-0345', status: 'RECURRING', comp: '598-233', done: '2026-10-19', method: 'HPT stage 1 borescope.', by: 'Rizky Maulana (AMEL B1 2051)' },
];

// ---------------------------------------------------------------- companies

const GAT_INSTALL_WHY: Record<string, EventOpts> = {
  'HB-30412': { reason: 'SCHEDULED', text: 'Brake at wear-pin limit replaced', wo: 'WO-2026-00112', by: 'Slamet Widodo (AMEL B1 1187)' },
  'HB-30415': { reason: 'SCHEDULED', text: 'Brake at wear-pin limit replaced', wo: 'WO-2026-00112', by: 'Slamet Widodo (AMEL B1 1187)' },
  'SLS-B7731': { reason: 'UNSCHEDULED', text: 'AOG DPS: brake worn beyond limit replaced', wo: 'WO-2026-00131', by: 'I Made Wirawan (AMEL B1 2290)' },
  'SLS-B7735': { reason: 'UNSCHEDULED', text: 'AOG DPS: brake worn beyond limit replaced', wo: 'WO-2026-00131', by: 'I Made Wirawan (AMEL B1 2290)' },
  'CP-PS0931': { reason: 'OVERHAUL', text: 'Overhauled engine from the P&WC Singapore exchange pool', shop: 'PWC-SGP', cert: 'PWC-F1-2503-0177' },
};

function gatChangeHistory(): Row[] {
  return [
    ...stint('A-2214', 'PK-GTH', '', '2021-09-20', '2026-11-14', [hm('7200:00'), 10150, hm('2230:00'), 3060],
      { reason: 'OVERHAUL', text: 'Overhauled transmission', cert: 'BELL-8130-21-3312' },
      { reason: 'SCHEDULED', text: 'Removed at the 5,000 FH overhaul limit', wo: 'WO-2026-00183', by: 'Agung Prakoso (AMEL B1 3301)' }),
    changeRow('A-3087', '2026-10-20', 'SHOP_OUT', { shop: 'GAT-AMO', kind: 'OH', order: 'GAT-SO-26-0412', cert: 'GAT-F1-26-1021', remark: 'Overhauled in the GAT dynamic components shop.' }),
  ];
}

const ctaWo = workOrders([...CTA_WO, ...CTA_WO_RECENT]);
const ctaRec = maintenanceRecords(CTA_RECORDS);
const gatRec = maintenanceRecords(GAT_RECORDS);
const gahRec = maintenanceRecords(GAH_RECORDS);
const gatWo = workOrders(GAT_WO);
const gahWo = workOrders(GAH_WO);

// the change history first: it gives the parts' times at the start of their history
const ctaChanges = [...installations(CTA_COMPONENTS, CTA_INSTALL_WHY, CTA_TECH), ...ctaChangeHistory()];
const gatChanges = [...installations(GAT_COMPONENTS, GAT_INSTALL_WHY, 'GAT line maintenance'), ...gatChangeHistory()];

const CTA: Record<string, Row[]> = {
  flight_log: flightLogs(),
  fleet_component: components(CTA_COMPONENTS),
  component_change: ctaChanges,
  work_order: ctaWo.work_order,
  work_order_task: ctaWo.work_order_task,
  defect: ctaDefects(),
  maintenance_log: maintenanceLogs(CTA_MLOGS),
  logbook_entry: logbookEntries(CTA_LOGBOOK),
  aircraft_modification: modifications(CTA_MODS),
  maintenance_record: ctaRec.maintenance_record,
  maintenance_record_line: ctaRec.maintenance_record_line,
  aircraft_ad_status: complianceRows(CTA_AD_STATUS, 'AD'),
  aircraft_sb_status: complianceRows(CTA_SB_STATUS, 'SB'),
};
const GAT: Record<string, Row[]> = {
  fleet_component: components(GAT_COMPONENTS),
  component_change: gatChanges,
  work_order: gatWo.work_order,
  work_order_task: gatWo.work_order_task,
  defect: gatDefects(),
  maintenance_log: maintenanceLogs(GAT_MLOGS),
  logbook_entry: logbookEntries(GAT_LOGBOOK),
  aircraft_modification: modifications(GAT_MODS),
  maintenance_record: gatRec.maintenance_record,
  maintenance_record_line: gatRec.maintenance_record_line,
  aircraft_ad_status: complianceRows(GAT_AD_STATUS, 'AD'),
  aircraft_sb_status: complianceRows(GAT_SB_STATUS, 'SB'),
};
const GAH: Record<string, Row[]> = {
  fleet_component: components(GAH_COMPONENTS),
  component_change: installations(GAH_COMPONENTS, {}, 'GAT line maintenance (contract)'),
  work_order: gahWo.work_order,
  work_order_task: gahWo.work_order_task,
  defect: gahDefects(),
  maintenance_log: maintenanceLogs(GAH_MLOGS),
  logbook_entry: logbookEntries(GAH_LOGBOOK),
  aircraft_modification: modifications(GAH_MODS),
  maintenance_record: gahRec.maintenance_record,
};

export const maintenanceBDemo: DemoRows = { GAH, GAT, CTA };

/** What maintenance-post.ts posts through the airworthiness plugin, per company (keys: tech log pages, record numbers, defect numbers). */
export interface MaintenancePostings {
  flight_log: string[];
  maintenance_record: string[];
  maintenance_log: string[];
  extension: string[];
}

export const maintenanceBPostings: Record<string, MaintenancePostings> = {
  CTA: { flight_log: FLIGHTS_TO_POST, maintenance_record: ctaRec.toPost, maintenance_log: mlogsToPost(CTA_MLOGS), extension: EXTENSIONS },
  GAT: { flight_log: [], maintenance_record: gatRec.toPost, maintenance_log: mlogsToPost(GAT_MLOGS), extension: [] },
  GAH: { flight_log: [], maintenance_record: gahRec.toPost, maintenance_log: mlogsToPost(GAH_MLOGS), extension: [] },
};
