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
 * The aircraft totals in demo-aviation.ts are taken as the aircraft's current totals.
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

/** Days of the window: ten full days posted, plus today's first sectors not yet posted. */
const FIRST_DAY = -10;

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

function flightLogs(): Row[] {
  const rows: Row[] = [];
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
          posted: today ? 0 : 1,
          posted_at: today ? null : iso(blockOn + 45 * 60_000),
          remark: defects ? 'Defect entered in the tech log; see Defects.' : null,
        });
      });
    }
  }
  return rows;
}

// ---------------------------------------------------------------- companies

const CTA: Record<string, Row[]> = {
  flight_log: flightLogs(),
};
const GAT: Record<string, Row[]> = {};
const GAH: Record<string, Row[]> = {};

export const maintenanceBDemo: DemoRows = { GAH, GAT, CTA };
