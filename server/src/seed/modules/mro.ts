import type { DemoRows } from './index.ts';

/**
 * Demo rows of the mro module's screens (see index.ts for the format).
 *
 * GAT (Garuda Aero Technics) is the MRO: its customers and their aircraft are in demo-aviation.ts;
 * here are the customer requests, quotations, work orders with their task cards and material
 * requirements, the non-routine cards raised during the work, the quotations for those defects and
 * the aircraft work history, dated up to the demo's as-of date 2025-05-31 (PK-WFB and PK-GHC are
 * in the hangar). GAH (holding) and CTA (airline) do no MRO work for outside customers: no rows.
 * Flight time is integer minutes. Quotation amounts and totals are computed here from the lines.
 */

type Row = Record<string, unknown>;

const ref = (entity: string, field: string, value: string): string => `@${entity}:${field}=${value}`;

/** 'H:MM' (hours may exceed 24) to integer minutes. */
function hm(text: string): number {
  const [h, m] = text.split(':').map(Number);
  return h * 60 + m;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;
const customer = (code: string) => ref('amo_customer', 'customer_code', code);
const aircraft = (reg: string) => ref('customer_aircraft', 'registration', reg);
const user = (username: string) => ref('users', 'username', username);
const item = (pn: string) => ref('master_item', 'partnumber', pn);
const wo = (no: string) => ref('amo_work_order', 'wo_no', no);
const nrc = (no: string) => ref('amo_defect', 'nrc_no', no);

// ---------------------------------------------------------------- customer requests

interface RequestSpec {
  no: string;
  date: string;
  cust: string;
  reg: string;
  ref?: string;
  type: string;
  priority?: string;
  check?: string;
  desc: string;
  station?: string;
  input?: string;
  release?: string;
  fh?: string;
  fc?: number;
  contact: string;
  email: string;
  status: string;
  items: [type: string, ata: string | null, taskRef: string | null, description: string][];
}

const REQUESTS: RequestSpec[] = [
  {
    no: 'CRQ-2025-00001', date: '2025-01-06', cust: 'GAH', reg: 'PK-GHD', ref: 'GAH-TP-2025-004', type: 'CHECK', check: 'A4-check',
    desc: 'A4-check per A320neo MPD rev. 12 package, plus open tech log items and one cabin deferred item.', station: 'CGK',
    input: '2025-01-27', release: '2025-01-30', fh: '10420:10', fc: 5890, contact: 'Bambang Sutrisno', email: 'fleet.technical@gah.example', status: 'CLOSED',
    items: [
      ['SCHED', '05-00', 'A4 package', 'A4-check tasks per MPD work package GAH-WP-A20N-A4'],
      ['DEFECT', '25-21', 'TLB 0417/3', 'Row 14 seat recline inoperative (MEL 25-21-01 cat C)'],
      ['DEFECT', '33-42', 'TLB 0422/1', 'Left wing logo light inoperative'],
    ],
  },
  {
    no: 'CRQ-2025-00002', date: '2025-02-10', cust: 'CTA', reg: 'PK-WFA', ref: 'CTV/ENG/025/II/2025', type: 'CHECK', check: '4A-check',
    desc: '4A-check under GTA-CTA-2023-004 (fixed price), incl. propeller de-ice boot inspection and engine borescope (PW127M no. 2).', station: 'CGK',
    input: '2025-03-10', release: '2025-03-14', fh: '16050:40', fc: 17760, contact: 'Hendra Wijaya', email: 'technical@citra-aviation.example', status: 'CLOSED',
    items: [
      ['SCHED', '05-00', '4A package', '4A-check task cards per ATR 72 MPD'],
      ['SCHED', '72-00', '720001-BSI-01', 'Borescope inspection HP turbine, engine 2'],
      ['SCHED', '30-61', '306100-DVI-01', 'Propeller de-ice boots detailed visual inspection'],
    ],
  },
  {
    no: 'CRQ-2025-00003', date: '2025-03-03', cust: 'CTA', reg: 'PK-WGA', ref: 'CTV/ENG/041/III/2025', type: 'PAINT', priority: 'ROUTINE',
    desc: 'Cabin refurbishment: seat cover replacement (180 pax), carpet replacement and lavatory panel refinishing.', station: 'CGK',
    input: '2025-06-16', release: '2025-06-23', contact: 'Hendra Wijaya', email: 'technical@citra-aviation.example', status: 'DECLINED',
    items: [
      ['OTHER', '25-21', null, 'Replace 180 seat dress covers (customer-furnished covers)'],
      ['OTHER', '25-11', null, 'Replace aisle and galley carpets'],
      ['OTHER', '38-30', null, 'Refinish lavatory panels, 3 lavatories'],
    ],
  },
  {
    no: 'CRQ-2025-00004', date: '2025-03-20', cust: 'CTA', reg: 'PK-WFB', ref: 'CTV/ENG/052/III/2025', type: 'CHECK', check: 'C1-check',
    desc: 'C1-check per ATR 72 MPD, incl. CPCP tasks, landing gear NDT, AD 2024-0187 and SB ATR72-32-1123 embodiment.', station: 'CGK',
    input: '2025-05-05', release: '2025-06-06', fh: '16105:48', fc: 17890, contact: 'Hendra Wijaya', email: 'technical@citra-aviation.example', status: 'INWORK',
    items: [
      ['SCHED', '05-00', 'C1 package', 'C1-check task cards per ATR 72 MPD rev. 18'],
      ['SCHED', '51-00', 'CPCP', 'Corrosion prevention and control programme tasks, zones 100-300'],
      ['AD', '27-50', 'EASA AD 2024-0187', 'Flap actuator attachment inspection'],
      ['SB', '32-11', 'ATR72-32-1123', 'MLG side brace lug modification'],
      ['DEFECT', '21-51', 'TLB 1183/2', 'Pack 2 outlet temperature fluctuation'],
    ],
  },
  {
    no: 'CRQ-2025-00005', date: '2025-04-02', cust: 'GAH', reg: 'PK-GHC', ref: 'GAH-TP-2025-019', type: 'CHECK', check: 'C4-check',
    desc: 'C4-check (heavy) per 737NG MPD incl. structural inspections (SSI), CPCP, landing gear overhaul exchange and cabin deep clean.', station: 'CGK',
    input: '2025-05-12', release: '2025-06-20', fh: '23180:20', fc: 14632, contact: 'Bambang Sutrisno', email: 'fleet.technical@gah.example', status: 'INWORK',
    items: [
      ['SCHED', '05-00', 'C4 package', 'C4-check task cards per 737 MPD D626A001 rev. 54'],
      ['SCHED', '32-00', 'LG OH', 'Main and nose landing gear overhaul exchange'],
      ['AD', '57-10', 'FAA AD 2023-11-07', 'Wing front spar web inspection'],
      ['OTHER', '25-00', null, 'Cabin deep clean and seat track inspection'],
    ],
  },
  {
    no: 'CRQ-2025-00006', date: '2025-04-15', cust: 'RBA', reg: 'V8-RBD', ref: 'RBA-ENG-PO-77120', type: 'MOD', priority: 'ROUTINE',
    desc: 'Embodiment of SB A320-34-1786 (ADS-B Out v2 transponder upgrade) and SB A320-23-1743 (SATCOM provisions), at a night-stop slot.', station: 'CGK',
    input: '2025-06-09', release: '2025-06-12', fh: '17230:50', fc: 9650, contact: 'Hj. Aziz Rahman', email: 'engineering@rba.example', status: 'QUOTED',
    items: [
      ['SB', '34-52', 'SB A320-34-1786', 'ADS-B Out version 2 transponder upgrade'],
      ['SB', '23-15', 'SB A320-23-1743', 'SATCOM provisions, wiring and antenna doubler'],
    ],
  },
  {
    no: 'CRQ-2025-00007', date: '2025-05-08', cust: 'BHS', reg: 'PK-BHA', ref: 'BHS/TECH/2025/031', type: 'COMP', priority: 'URGENT',
    desc: 'Main rotor gearbox replacement (chip detector findings), customer-furnished exchange MGB; ground run and track and balance.', station: 'DPS',
    input: '2025-06-02', release: '2025-06-05', fh: '8015:25', fc: 11240, contact: 'Ketut Arsana', email: 'ops@baliheli.example', status: 'REVIEW',
    items: [
      ['COMP', '63-21', 'BHT-412-MM 63-21', 'Remove and install main rotor gearbox (customer-furnished unit)'],
      ['SCHED', '18-10', null, 'Main rotor track and balance after installation'],
    ],
  },
  {
    no: 'CRQ-2025-00008', date: '2025-05-22', cust: 'PAS', reg: 'PK-PWA', ref: 'PAS-MCC-0522-01', type: 'AOG', priority: 'AOG',
    desc: 'AOG at CGK: bird strike on radome during approach. Request inspection per AMM 05-51-14 and repair.', station: 'CGK',
    input: '2025-05-22', release: '2025-05-23', fh: '5112:05', fc: 3014, contact: 'Rudy Hartono', email: 'engineering@pelita-air.example', status: 'INWORK',
    items: [['DEFECT', '05-51', 'AMM 05-51-14', 'Bird strike inspection (radome, nose area, engines)']],
  },
  {
    no: 'CRQ-2025-00009', date: '2025-05-27', cust: 'TNU', reg: 'PK-TNA', ref: 'TNU/TD/2025/118', type: 'CHECK', check: 'C3-check',
    desc: 'C3-check with landing gear replacement (overhaul due by calendar) and interior refurbishment option.', station: 'CGK',
    input: '2025-07-14', release: '2025-08-15', fh: '22840:03', fc: 25110, contact: 'Yohanes Lado', email: 'technical@transnusa.example', status: 'REVIEW',
    items: [
      ['SCHED', '05-00', 'C3 package', 'C3-check task cards per ATR 72 MPD'],
      ['COMP', '32-10', null, 'MLG and NLG replacement with overhauled units (exchange)'],
    ],
  },
  {
    no: 'CRQ-2025-00010', date: '2025-05-30', cust: 'PAS', reg: 'PK-PWB', type: 'CHECK', check: 'A2-check',
    desc: 'A2-check at CGK, night slots, incl. one tech log item.', station: 'CGK', input: '2025-06-18', release: '2025-06-19',
    contact: 'Rudy Hartono', email: 'engineering@pelita-air.example', status: 'NEW',
    items: [['SCHED', '05-00', 'A2 package', 'A2-check tasks per A320neo MPD']],
  },
];

function customerRequests(): { headers: Row[]; items: Row[] } {
  const headers: Row[] = REQUESTS.map((r) => ({
    request_no: r.no,
    request_date: r.date,
    amo_customer: customer(r.cust),
    customer_aircraft: aircraft(r.reg),
    customer_ref: r.ref ?? null,
    request_type: r.type,
    priority: r.priority ?? (r.type === 'AOG' ? 'AOG' : 'ROUTINE'),
    check_type: r.check ?? null,
    description: r.desc,
    station: r.station ?? 'CGK',
    planned_input: r.input ?? null,
    required_release: r.release ?? null,
    fh_at_request: r.fh ? hm(r.fh) : null,
    fc_at_request: r.fc ?? null,
    contact_person: r.contact,
    contact_email: r.email,
    status: r.status,
    received_by: user('engineer'),
  }));
  const items: Row[] = REQUESTS.flatMap((r) =>
    r.items.map(([type, ata, taskRef, description], i) => ({
      request: ref('customer_request', 'request_no', r.no),
      item_no: i + 1,
      item_type: type,
      ata,
      task_ref: taskRef,
      description,
    })),
  );
  return { headers, items };
}

// ---------------------------------------------------------------- quotations

/** [type, ata, description, part number or null, man-hours or quantity, unit, unit price (labour: null = the header rate)] */
type QuoteLine = [type: 'LAB' | 'MAT' | 'SVC' | 'OTH', ata: string | null, description: string, pn: string | null, qty: number, unit: string, price: number | null];

interface QuotationSpec {
  no: string;
  date: string;
  rev?: number;
  request: string;
  cust: string;
  reg: string;
  subject: string;
  valid: string;
  currency: string;
  rate: number;
  terms: string;
  input?: string;
  tat?: number;
  discount?: number;
  tax?: number;
  wf: string;
  status: string;
  sent?: string;
  accepted?: string;
  po?: string;
  lines: QuoteLine[];
}

const TERMS_STD = 'Prices exclude parts not listed, findings beyond the listed tasks (quoted separately on a quotation for defects), customer-furnished material handling over 10% and overtime requested by the customer. Hangar slot held 14 days after acceptance.';

const QUOTATIONS: QuotationSpec[] = [
  {
    no: 'QTN-2025-00001', date: '2025-01-08', request: 'CRQ-2025-00001', cust: 'GAH', reg: 'PK-GHD', subject: 'A4-check PK-GHD (A320neo) incl. tech log items',
    valid: '2025-02-07', currency: 'USD', rate: 58, terms: 'NET45', input: '2025-01-27', tat: 3, tax: 11, wf: '111', status: 'ACCEPTED', sent: '2025-01-09', accepted: '2025-01-10', po: 'GAH-PO-25-0031',
    lines: [
      ['LAB', '05-00', 'A4-check routine tasks', null, 212, 'MH', null],
      ['LAB', '25-21', 'Rectify seat recline row 14', null, 3, 'MH', null],
      ['LAB', '33-42', 'Replace left wing logo light lamp', null, 1.5, 'MH', null],
      ['MAT', '12-13', 'Engine oil Mobil Jet Oil II', 'MJO2-QT', 24, 'QT', 21],
      ['MAT', '20-00', 'O-rings and hardware kit', 'MS29513-232', 40, 'PCS', 1.6],
      ['SVC', '05-00', 'Engine borescope equipment rental', null, 1, 'LOT', 650],
    ],
  },
  {
    no: 'QTN-2025-00002', date: '2025-02-12', request: 'CRQ-2025-00002', cust: 'CTA', reg: 'PK-WFA', subject: '4A-check PK-WFA (ATR 72-600), fixed price per GTA-CTA-2023-004',
    valid: '2025-03-14', currency: 'IDR', rate: 850000, terms: 'NET30', input: '2025-03-10', tat: 5, tax: 11, wf: '111', status: 'ACCEPTED', sent: '2025-02-13', accepted: '2025-02-17', po: 'CTV-PO-2025-0118',
    lines: [
      ['LAB', '05-00', '4A-check routine tasks (fixed price)', null, 164, 'MH', null],
      ['LAB', '72-00', 'Borescope HP turbine engine 2', null, 6, 'MH', null],
      ['LAB', '30-61', 'Propeller de-ice boots DVI', null, 4, 'MH', null],
      ['MAT', '79-21', 'PW127 oil filter element', '3072701-01', 2, 'PCS', 3_250_000],
      ['MAT', '12-13', 'Engine oil Mobil Jet Oil II', 'MJO2-QT', 12, 'QT', 330_000],
    ],
  },
  {
    no: 'QTN-2025-00003', date: '2025-03-07', request: 'CRQ-2025-00003', cust: 'CTA', reg: 'PK-WGA', subject: 'Cabin refurbishment PK-WGA (A320neo)',
    valid: '2025-04-06', currency: 'IDR', rate: 850000, terms: 'NET30', input: '2025-06-16', tat: 7, discount: 5, tax: 11, wf: '111', status: 'REJECTED', sent: '2025-03-10',
    lines: [
      ['LAB', '25-21', 'Replace 180 seat dress covers', null, 95, 'MH', null],
      ['LAB', '25-11', 'Replace aisle and galley carpets', null, 60, 'MH', null],
      ['LAB', '38-30', 'Refinish lavatory panels (3)', null, 48, 'MH', null],
      ['SVC', '25-11', 'Carpet fire-blocking certification (subcontract)', null, 1, 'LOT', 42_000_000],
      ['OTH', null, 'Customer-furnished material handling', null, 1, 'LOT', 12_500_000],
    ],
  },
  {
    no: 'QTN-2025-00004', date: '2025-03-25', rev: 0, request: 'CRQ-2025-00004', cust: 'CTA', reg: 'PK-WFB', subject: 'C1-check PK-WFB (ATR 72-600)',
    valid: '2025-04-24', currency: 'IDR', rate: 850000, terms: 'NET30', input: '2025-05-05', tat: 28, tax: 11, wf: '111', status: 'SUPERSEDED', sent: '2025-03-27',
    lines: [
      ['LAB', '05-00', 'C1-check routine tasks', null, 1450, 'MH', null],
      ['LAB', '51-00', 'CPCP tasks zones 100-300', null, 220, 'MH', null],
      ['LAB', '27-50', 'EASA AD 2024-0187 flap actuator attachment inspection', null, 18, 'MH', null],
      ['MAT', '32-42', 'Brake assembly MLG (exchange)', '3214552-3', 2, 'PCS', 610_000_000],
    ],
  },
  {
    no: 'QTN-2025-00005', date: '2025-04-04', rev: 1, request: 'CRQ-2025-00004', cust: 'CTA', reg: 'PK-WFB', subject: 'C1-check PK-WFB (ATR 72-600), rev. 1 incl. SB ATR72-32-1123',
    valid: '2025-05-04', currency: 'IDR', rate: 850000, terms: 'NET30', input: '2025-05-05', tat: 32, discount: 3, tax: 11, wf: '111', status: 'ACCEPTED', sent: '2025-04-05', accepted: '2025-04-10', po: 'CTV-PO-2025-0236',
    lines: [
      ['LAB', '05-00', 'C1-check routine tasks', null, 1450, 'MH', null],
      ['LAB', '51-00', 'CPCP tasks zones 100-300', null, 220, 'MH', null],
      ['LAB', '27-50', 'EASA AD 2024-0187 flap actuator attachment inspection', null, 18, 'MH', null],
      ['LAB', '32-11', 'SB ATR72-32-1123 MLG side brace lug modification', null, 64, 'MH', null],
      ['LAB', '21-51', 'Troubleshoot pack 2 outlet temperature', null, 8, 'MH', null],
      ['MAT', '32-42', 'Brake assembly MLG (exchange)', '3214552-3', 2, 'PCS', 610_000_000],
      ['MAT', '32-41', 'Main wheel assembly (exchange)', 'C20195100', 2, 'PCS', 225_000_000],
      ['MAT', '12-12', 'Hydraulic fluid AeroShell 41', 'ASH41-GAL', 6, 'GAL', 1_050_000],
      ['SVC', '32-11', 'NDT eddy current, landing gear (subcontract)', null, 1, 'LOT', 38_000_000],
    ],
  },
  {
    no: 'QTN-2025-00006', date: '2025-04-08', request: 'CRQ-2025-00005', cust: 'GAH', reg: 'PK-GHC', subject: 'C4-check PK-GHC (B737-800) incl. landing gear exchange',
    valid: '2025-05-08', currency: 'USD', rate: 58, terms: 'NET45', input: '2025-05-12', tat: 40, tax: 11, wf: '111', status: 'ACCEPTED', sent: '2025-04-10', accepted: '2025-04-20', po: 'GAH-PO-25-0412',
    lines: [
      ['LAB', '05-00', 'C4-check routine tasks', null, 6200, 'MH', null],
      ['LAB', '57-10', 'FAA AD 2023-11-07 wing front spar web inspection', null, 96, 'MH', null],
      ['LAB', '32-00', 'Landing gear removal and installation', null, 240, 'MH', null],
      ['LAB', '25-00', 'Cabin deep clean, seat track inspection', null, 180, 'MH', null],
      ['SVC', '32-00', 'Landing gear overhaul exchange fee (MLG x2, NLG)', null, 1, 'LOT', 385_000],
      ['MAT', '32-42', 'Brake assembly, carbon (exchange)', '2612312-2', 4, 'PCS', 9_800],
      ['MAT', '32-45', 'Tyre, main H44.5x16.5-21', 'M01103', 4, 'PCS', 3_400],
      ['MAT', '12-12', 'Skydrol LD-4', 'SKYDROL-LD4-GAL', 20, 'GAL', 215],
      ['MAT', '28-11', 'Sealant PR-1422 B2', 'PR1422B2-6OZ', 24, 'CTG', 38],
    ],
  },
  {
    no: 'QTN-2025-00007', date: '2025-04-22', request: 'CRQ-2025-00006', cust: 'RBA', reg: 'V8-RBD', subject: 'SB A320-34-1786 and SB A320-23-1743 embodiment V8-RBD',
    valid: '2025-06-21', currency: 'USD', rate: 62, terms: 'NET30', input: '2025-06-09', tat: 4, wf: '111', status: 'SENT', sent: '2025-04-24',
    lines: [
      ['LAB', '34-52', 'SB A320-34-1786 ADS-B Out v2 upgrade', null, 42, 'MH', null],
      ['LAB', '23-15', 'SB A320-23-1743 SATCOM provisions', null, 118, 'MH', null],
      ['SVC', '23-15', 'Antenna doubler structural repair approval (DOA)', null, 1, 'LOT', 6_500],
      ['OTH', null, 'Night-stop hangar slot surcharge', null, 3, 'NIGHT', 900],
    ],
  },
  {
    no: 'QTN-2025-00008', date: '2025-05-12', request: 'CRQ-2025-00007', cust: 'BHS', reg: 'PK-BHA', subject: 'Main rotor gearbox change PK-BHA (Bell 412EP)',
    valid: '2025-06-11', currency: 'USD', rate: 52, terms: 'NET30', input: '2025-06-02', tat: 4, wf: '100', status: 'OPEN',
    lines: [
      ['LAB', '63-21', 'Remove and install main rotor gearbox', null, 46, 'MH', null],
      ['LAB', '18-10', 'Main rotor track and balance, ground run', null, 10, 'MH', null],
      ['MAT', '63-21', 'MGB installation seals and hardware', 'MS29513-232', 30, 'PCS', 1.8],
      ['SVC', '18-10', 'Vibration analyser rental', null, 1, 'LOT', 1_200],
    ],
  },
  {
    no: 'QTN-2025-00009', date: '2025-05-29', request: 'CRQ-2025-00009', cust: 'TNU', reg: 'PK-TNA', subject: 'C3-check PK-TNA (ATR 72-600) incl. landing gear exchange',
    valid: '2025-06-28', currency: 'USD', rate: 60, terms: 'CIA', input: '2025-07-14', tat: 32, wf: '000', status: 'OPEN',
    lines: [
      ['LAB', '05-00', 'C3-check routine tasks', null, 1620, 'MH', null],
      ['LAB', '32-10', 'MLG and NLG replacement', null, 120, 'MH', null],
      ['SVC', '32-10', 'Landing gear overhaul exchange fee', null, 1, 'LOT', 148_000],
    ],
  },
];

function quotations(): { headers: Row[]; lines: Row[] } {
  const headers: Row[] = [];
  const lines: Row[] = [];
  for (const q of QUOTATIONS) {
    let mh = 0;
    let labour = 0;
    let material = 0;
    let services = 0;
    q.lines.forEach(([type, ata, description, pn, qty, unit, price], i) => {
      const unitPrice = price ?? q.rate;
      const amount = round2(qty * unitPrice);
      if (type === 'LAB') {
        mh += qty;
        labour += amount;
      } else if (type === 'MAT') material += amount;
      else services += amount;
      lines.push({
        quotation: ref('quotation', 'quotation_no', q.no),
        line_no: i + 1,
        line_type: type,
        ata,
        description,
        item: pn ? item(pn) : null,
        partnumber: pn,
        manhours: type === 'LAB' ? qty : null,
        quantity: qty,
        unit,
        unit_price: unitPrice,
        amount,
      });
    });
    const net = (labour + material + services) * (1 - (q.discount ?? 0) / 100);
    headers.push({
      quotation_no: q.no,
      quotation_date: q.date,
      revision: q.rev ?? 0,
      customer_request: ref('customer_request', 'request_no', q.request),
      amo_customer: customer(q.cust),
      customer_aircraft: aircraft(q.reg),
      subject: q.subject,
      valid_until: q.valid,
      currency: q.currency,
      labour_rate: q.rate,
      planned_input: q.input ?? null,
      tat_days: q.tat ?? null,
      payment_terms: q.terms,
      total_manhours: round2(mh),
      total_labour: round2(labour),
      total_material: round2(material),
      total_services: round2(services),
      discount_pct: q.discount ?? 0,
      tax_pct: q.tax ?? 0,
      grand_total: round2(net * (1 + (q.tax ?? 0) / 100)),
      statuswf: q.wf,
      quote_status: q.status,
      sent_date: q.sent ?? null,
      accepted_date: q.accepted ?? null,
      customer_po: q.po ?? null,
      prepared_by: user('approver'),
      terms: TERMS_STD,
    });
  }
  return { headers, lines };
}

// ---------------------------------------------------------------- work orders

/** [task card, type, ata, task ref, description, skill, est. MH, actual MH, status, completed, performed by] */
type TaskLine = [card: string, type: string, ata: string, taskRef: string | null, description: string, skill: string, est: number, actual: number, status: string, done: string | null, by: string | null];

interface WorkOrderSpec {
  no: string;
  date: string;
  cust: string;
  reg: string;
  quotation?: string;
  request?: string;
  po?: string;
  type: string;
  title: string;
  check?: string;
  station?: string;
  bay?: string;
  start: string;
  end: string;
  actualStart?: string;
  actualEnd?: string;
  fh?: string;
  fc?: number;
  mh?: number;
  status: string;
  crs?: [no: string, date: string, by: string];
  invoice?: [no: string, date: string];
  tasks: TaskLine[];
}

const WORK_ORDERS: WorkOrderSpec[] = [
  {
    no: 'AWO-2025-00001', date: '2025-01-12', cust: 'GAH', reg: 'PK-GHD', quotation: 'QTN-2025-00001', request: 'CRQ-2025-00001', po: 'GAH-PO-25-0031',
    type: 'CHECK', title: 'A4-check PK-GHD incl. tech log items', check: 'A4-check', bay: 'H4 Bay 3', start: '2025-01-27', end: '2025-01-30',
    actualStart: '2025-01-27', actualEnd: '2025-01-30', fh: '10428:40', fc: 5896, mh: 216, status: 'CLOSED',
    crs: ['CRS-GAT-25-0107', '2025-01-30', 'Dewi Lestari (AME B1 1290)'], invoice: ['INV-GAT-25-0211', '2025-02-03'],
    tasks: [
      ['A4-001', 'SCHED', '05-00', 'A4 package', 'A4-check zonal and system tasks', 'B1', 180, 176.5, 'DONE', '2025-01-29', 'Team A'],
      ['A4-002', 'SCHED', '34-00', 'A4 package', 'A4-check avionics tasks', 'B2', 32, 30, 'DONE', '2025-01-29', 'Team A'],
      ['A4-003', 'DEFECT', '25-21', 'TLB 0417/3', 'Seat recline row 14 rectification', 'CAB', 3, 2.5, 'DONE', '2025-01-28', 'R. Saputra'],
      ['A4-004', 'DEFECT', '33-42', 'TLB 0422/1', 'Left wing logo light replacement', 'B2', 1.5, 1, 'DONE', '2025-01-28', 'I. Maulana'],
    ],
  },
  {
    no: 'AWO-2025-00002', date: '2025-02-28', cust: 'CTA', reg: 'PK-WFA', quotation: 'QTN-2025-00002', request: 'CRQ-2025-00002', po: 'CTV-PO-2025-0118',
    type: 'CHECK', title: '4A-check PK-WFA (fixed price)', check: '4A-check', bay: 'H4 Bay 1', start: '2025-03-10', end: '2025-03-14',
    actualStart: '2025-03-10', actualEnd: '2025-03-14', fh: '16398:25', fc: 18160, mh: 174, status: 'RELEASED',
    crs: ['CRS-GAT-25-0164', '2025-03-14', 'Dewi Lestari (AME B1 1290)'],
    tasks: [
      ['4A-001', 'SCHED', '05-00', '4A package', '4A-check zonal and system tasks', 'B1', 150, 158, 'DONE', '2025-03-13', 'Team B'],
      ['4A-002', 'SCHED', '34-00', '4A package', '4A-check avionics tasks', 'B2', 14, 12.5, 'DONE', '2025-03-12', 'Team B'],
      ['4A-003', 'SCHED', '72-00', '720001-BSI-01', 'Borescope HP turbine engine 2', 'B1', 6, 7, 'DONE', '2025-03-11', 'A. Firmansyah'],
      ['4A-004', 'SCHED', '30-61', '306100-DVI-01', 'Propeller de-ice boots DVI', 'B1', 4, 3.5, 'DONE', '2025-03-11', 'A. Firmansyah'],
      ['4A-NRC1', 'NRC', '30-61', 'NRC-2025-00001', 'Repair de-ice boot erosion, propeller 1 blade 3', 'B1', 5, 6, 'DONE', '2025-03-13', 'A. Firmansyah'],
    ],
  },
  {
    no: 'AWO-2025-00003', date: '2025-04-28', cust: 'CTA', reg: 'PK-WFB', quotation: 'QTN-2025-00005', request: 'CRQ-2025-00004', po: 'CTV-PO-2025-0236',
    type: 'CHECK', title: 'C1-check PK-WFB incl. SB ATR72-32-1123 and EASA AD 2024-0187', check: 'C1-check', bay: 'H4 Bay 2', start: '2025-05-05', end: '2025-06-06',
    actualStart: '2025-05-05', fh: '16105:48', fc: 17890, mh: 1760, status: 'INWORK',
    tasks: [
      ['C1-001', 'SCHED', '05-00', 'C1 package', 'C1-check zonal inspections zones 100-200', 'B1', 420, 436, 'DONE', '2025-05-19', 'Team C'],
      ['C1-002', 'SCHED', '05-00', 'C1 package', 'C1-check zonal inspections zones 300-800', 'B1', 510, 388, 'INWORK', null, 'Team C'],
      ['C1-003', 'SCHED', '34-00', 'C1 package', 'C1-check avionics and functional tests', 'B2', 320, 95, 'INWORK', null, 'Team D'],
      ['C1-004', 'SCHED', '51-00', 'CPCP', 'CPCP tasks zones 100-300', 'STR', 220, 214, 'DONE', '2025-05-23', 'Structures shop'],
      ['C1-005', 'AD', '27-50', 'EASA AD 2024-0187', 'Flap actuator attachment inspection', 'B1', 18, 16, 'DONE', '2025-05-14', 'A. Firmansyah'],
      ['C1-006', 'SB', '32-11', 'ATR72-32-1123', 'MLG side brace lug modification', 'STR', 64, 0, 'OPEN', null, null],
      ['C1-007', 'SCHED', '32-11', 'NDT', 'Landing gear eddy current inspection', 'NDT', 12, 0, 'OPEN', null, null],
      ['C1-008', 'DEFECT', '21-51', 'TLB 1183/2', 'Troubleshoot pack 2 outlet temperature', 'B2', 8, 9.5, 'DONE', '2025-05-09', 'I. Maulana'],
      ['C1-009', 'SCHED', '25-00', 'C1 package', 'Cabin emergency equipment check', 'CAB', 14, 0, 'DEFER', null, null],
    ],
  },
  {
    no: 'AWO-2025-00004', date: '2025-05-06', cust: 'GAH', reg: 'PK-GHC', quotation: 'QTN-2025-00006', request: 'CRQ-2025-00005', po: 'GAH-PO-25-0412',
    type: 'CHECK', title: 'C4-check PK-GHC incl. landing gear exchange', check: 'C4-check', bay: 'H4 Bay 4', start: '2025-05-12', end: '2025-06-20',
    actualStart: '2025-05-12', fh: '23210:55', fc: 14650, mh: 6716, status: 'HOLD',
    tasks: [
      ['C4-001', 'SCHED', '05-00', 'C4 package', 'C4-check access and opening', 'B1', 420, 440, 'DONE', '2025-05-16', 'Team E'],
      ['C4-002', 'SCHED', '05-00', 'C4 package', 'C4-check zonal inspections', 'B1', 2400, 1210, 'INWORK', null, 'Team E'],
      ['C4-003', 'SCHED', '53-00', 'SSI', 'Structural significant item inspections', 'STR', 1800, 640, 'INWORK', null, 'Structures shop'],
      ['C4-004', 'AD', '57-10', 'FAA AD 2023-11-07', 'Wing front spar web inspection', 'NDT', 96, 102, 'DONE', '2025-05-24', 'NDT shop'],
      ['C4-005', 'SCHED', '32-00', 'LG OH', 'Landing gear removal (exchange)', 'B1', 120, 118, 'DONE', '2025-05-21', 'Team F'],
      ['C4-006', 'SCHED', '32-00', 'LG OH', 'Landing gear installation and retraction test', 'B1', 120, 0, 'OPEN', null, null],
      ['C4-007', 'SCHED', '34-00', 'C4 package', 'Avionics functional tests', 'B2', 1100, 0, 'OPEN', null, null],
      ['C4-008', 'SCHED', '25-00', 'C4 package', 'Cabin deep clean and seat track inspection', 'CAB', 180, 96, 'INWORK', null, 'Cabin shop'],
      ['C4-009', 'SCHED', '51-00', 'CPCP', 'CPCP tasks (bilge, aft cargo)', 'STR', 480, 0, 'OPEN', null, null],
    ],
  },
  {
    no: 'AWO-2025-00005', date: '2025-05-22', cust: 'PAS', reg: 'PK-PWA', request: 'CRQ-2025-00008', po: 'PAS-MCC-0522-01',
    type: 'AOG', title: 'AOG: bird strike inspection and radome repair PK-PWA', station: 'CGK', bay: 'Apron R12', start: '2025-05-22', end: '2025-05-23',
    actualStart: '2025-05-22', actualEnd: '2025-05-23', fh: '5112:05', fc: 3014, mh: 22, status: 'RELEASED',
    crs: ['CRS-GAT-25-0377', '2025-05-23', 'Agus Wibowo (AME B1 0877)'],
    tasks: [
      ['AOG-001', 'DEFECT', '05-51', 'AMM 05-51-14', 'Bird strike inspection, radome and nose area', 'B1', 6, 5, 'DONE', '2025-05-22', 'Line team CGK'],
      ['AOG-002', 'DEFECT', '72-00', 'AMM 05-51-14', 'Engine inlet and fan inspection, both engines', 'B1', 4, 4.5, 'DONE', '2025-05-22', 'Line team CGK'],
      ['AOG-003', 'NRC', '53-15', 'NRC-2025-00010', 'Radome repair per SRM 53-15-11', 'STR', 12, 13, 'DONE', '2025-05-23', 'Composite shop'],
    ],
  },
  {
    no: 'AWO-2025-00006', date: '2025-05-30', cust: 'CTA', reg: 'PK-WFC', type: 'LINE', title: 'Weekly check and tech log items PK-WFC (GTA line support)',
    station: 'CGK', bay: 'Apron R3', start: '2025-06-03', end: '2025-06-03', fh: '15220:30', fc: 16905, mh: 9, status: 'OPEN',
    tasks: [
      ['WK-001', 'SCHED', '05-00', 'Weekly check', 'Weekly check ATR 72', 'B1', 4, 0, 'OPEN', null, null],
      ['WK-002', 'DEFECT', '33-41', 'TLB 2211/4', 'Right landing light inoperative', 'B2', 2, 0, 'OPEN', null, null],
      ['WK-003', 'DEFECT', '25-60', 'TLB 2212/1', 'ELT battery expiry 2025-06', 'B2', 3, 0, 'OPEN', null, null],
    ],
  },
];

function workOrders(): { headers: Row[]; tasks: Row[] } {
  const headers: Row[] = WORK_ORDERS.map((w) => ({
    wo_no: w.no,
    wo_date: w.date,
    amo_customer: customer(w.cust),
    customer_aircraft: aircraft(w.reg),
    quotation: w.quotation ? ref('quotation', 'quotation_no', w.quotation) : null,
    customer_request: w.request ? ref('customer_request', 'request_no', w.request) : null,
    customer_po: w.po ?? null,
    wo_type: w.type,
    title: w.title,
    check_type: w.check ?? null,
    station: w.station ?? 'CGK',
    hangar_bay: w.bay ?? null,
    planned_start: w.start,
    planned_end: w.end,
    actual_start: w.actualStart ?? null,
    actual_end: w.actualEnd ?? null,
    fh_at_input: w.fh ? hm(w.fh) : null,
    fc_at_input: w.fc ?? null,
    planned_manhours: w.mh ?? null,
    status: w.status,
    planner: user('approver'),
    crs_no: w.crs?.[0] ?? null,
    crs_date: w.crs?.[1] ?? null,
    crs_signed_by: w.crs?.[2] ?? null,
    invoice_no: w.invoice?.[0] ?? null,
    invoice_date: w.invoice?.[1] ?? null,
  }));
  const tasks: Row[] = WORK_ORDERS.flatMap((w) =>
    w.tasks.map(([card, type, ata, taskRef, description, skill, est, actual, status, done, by], i) => ({
      amo_work_order: wo(w.no),
      seq: (i + 1) * 10,
      task_card_no: card,
      task_type: type,
      ata,
      task_ref: taskRef,
      description,
      skill,
      est_manhours: est,
      actual_manhours: actual,
      status,
      completed_date: done,
      performed_by: by,
      inspected_by: status === 'DONE' && ['AD', 'SB', 'NRC'].includes(type) ? 'Hendra Gunawan (QA)' : null,
    })),
  );
  return { headers, tasks };
}

// ---------------------------------------------------------------- non-routine cards (raised defects)

interface NrcSpec {
  no: string;
  wo: string;
  date: string;
  task: string;
  ata: string;
  zone: string;
  type: string;
  severity: string;
  desc: string;
  fix: string;
  est: number;
  actual: number;
  chargeable: boolean;
  status: string;
  closed?: string;
  mel?: string;
  deferral?: string;
}

const NRCS: NrcSpec[] = [
  { no: 'NRC-2025-00001', wo: 'AWO-2025-00002', date: '2025-03-11', task: '4A-004', ata: '30-61', zone: 'Propeller 1', type: 'WEAR', severity: 'MINOR', desc: 'De-ice boot erosion on propeller 1 blade 3 leading edge, within repair limits.', fix: 'Boot repaired per CMM 30-61-41 (cold patch).', est: 5, actual: 6, chargeable: false, status: 'CLOSED', closed: '2025-03-13' },
  { no: 'NRC-2025-00002', wo: 'AWO-2025-00003', date: '2025-05-08', task: 'C1-001', ata: '53-10', zone: 'Zone 130, FR 18-20', type: 'CORROSION', severity: 'MINOR', desc: 'Surface corrosion on lower fuselage skin at FR 18-20, below the forward lavatory.', fix: 'Blend out within SRM 51-10-02 limits, restore protective treatment.', est: 14, actual: 15.5, chargeable: true, status: 'CLOSED', closed: '2025-05-16' },
  { no: 'NRC-2025-00003', wo: 'AWO-2025-00003', date: '2025-05-10', task: 'C1-001', ata: '32-42', zone: 'MLG LH', type: 'WEAR', severity: 'MINOR', desc: 'LH MLG brake no. 1 wear pin at limit.', fix: 'Replace brake assembly with serviceable exchange unit.', est: 3, actual: 3, chargeable: true, status: 'CLOSED', closed: '2025-05-12' },
  { no: 'NRC-2025-00004', wo: 'AWO-2025-00003', date: '2025-05-13', task: 'C1-004', ata: '57-50', zone: 'Zone 570, flap track 2 fairing', type: 'CRACK', severity: 'MAJOR', desc: 'Crack 35 mm on the RH flap track 2 fairing support bracket.', fix: 'Replace bracket; repair beyond SRM limits - ATR repair approval requested (RDAS).', est: 32, actual: 12, chargeable: true, status: 'INWORK' },
  { no: 'NRC-2025-00005', wo: 'AWO-2025-00003', date: '2025-05-20', task: 'C1-002', ata: '29-11', zone: 'Zone 190, hydraulic bay', type: 'LEAK', severity: 'MINOR', desc: 'Seepage at the blue system EMP pressure line B-nut.', fix: 'Replace O-ring, torque and leak check.', est: 4, actual: 0, chargeable: true, status: 'APPROVED' },
  { no: 'NRC-2025-00006', wo: 'AWO-2025-00004', date: '2025-05-15', task: 'C4-002', ata: '53-30', zone: 'Aft cargo, BS 727-807', type: 'CORROSION', severity: 'MAJOR', desc: 'Level 2 corrosion on aft cargo floor beam BS 767, web and lower chord.', fix: 'Remove corrosion, install doubler per Boeing SRM 53-00-01 fig. 201 / Boeing 8100-9 approval.', est: 120, actual: 0, chargeable: true, status: 'QUOTED' },
  { no: 'NRC-2025-00007', wo: 'AWO-2025-00004', date: '2025-05-17', task: 'C4-003', ata: '57-50', zone: 'LH wing, flap track 3', type: 'CRACK', severity: 'MAJOR', desc: 'Crack indication at LH flap track 3 aft fitting (eddy current).', fix: 'Replace fitting (part on order, lead time 10 days).', est: 60, actual: 0, chargeable: true, status: 'QUOTED' },
  { no: 'NRC-2025-00008', wo: 'AWO-2025-00004', date: '2025-05-19', task: 'C4-002', ata: '24-00', zone: 'E/E bay', type: 'WEAR', severity: 'MINOR', desc: 'Chafed wire bundle W0324 behind E/E bay rack E2.', fix: 'Repair wiring per SWPM 20-10-13, install clamp and sleeve.', est: 8, actual: 7, chargeable: false, status: 'CLOSED', closed: '2025-05-22' },
  { no: 'NRC-2025-00009', wo: 'AWO-2025-00004', date: '2025-05-26', task: 'C4-008', ata: '25-21', zone: 'Cabin rows 20-24', type: 'DAMAGE', severity: 'MINOR', desc: 'Seat track cover panels cracked, rows 20-24 LH.', fix: 'Customer to supply covers; deferred to next A-check.', est: 6, actual: 0, chargeable: true, status: 'DEFERRED', mel: 'D', deferral: 'CDL/ADD 25-0311' },
  { no: 'NRC-2025-00010', wo: 'AWO-2025-00005', date: '2025-05-22', task: 'AOG-001', ata: '53-15', zone: 'Radome', type: 'DAMAGE', severity: 'AOG', desc: 'Radome delamination 60 x 40 mm at the impact point, no lightning strip damage.', fix: 'Composite repair per SRM 53-15-11, moisture and dielectric checks.', est: 12, actual: 13, chargeable: true, status: 'CLOSED', closed: '2025-05-23' },
  { no: 'NRC-2025-00011', wo: 'AWO-2025-00003', date: '2025-05-27', task: 'C1-002', ata: '52-11', zone: 'Zone 830, cargo door', type: 'DAMAGE', severity: 'MINOR', desc: 'Cargo door lower seal torn over 200 mm.', fix: 'Replace door seal.', est: 5, actual: 0, chargeable: true, status: 'OPEN' },
];

function defects(): Row[] {
  return NRCS.map((d) => ({
    nrc_no: d.no,
    amo_work_order: wo(d.wo),
    raised_date: d.date,
    raised_by: user('engineer'),
    found_on_task: d.task,
    ata: d.ata,
    zone: d.zone,
    finding_type: d.type,
    severity: d.severity,
    description: d.desc,
    rectification: d.fix,
    est_manhours: d.est,
    actual_manhours: d.actual,
    chargeable: d.chargeable,
    status: d.status,
    mel_category: d.mel ? ref('mel_category', 'category', d.mel) : null,
    deferral_ref: d.deferral ?? null,
    closed_date: d.closed ?? null,
    closed_by: d.closed ? 'Dewi Lestari (AME B1 1290)' : null,
  }));
}

// ---------------------------------------------------------------- quotations for defects

interface DefectQuoteSpec {
  no: string;
  date: string;
  wo: string;
  quotation: string;
  cust: string;
  reg: string;
  subject: string;
  valid: string;
  currency: string;
  rate: number;
  wf: string;
  status: string;
  sent?: string;
  answered?: string;
  /** [NRC, rectification quoted, man-hours, material amount, customer decision] */
  lines: [nrc: string, description: string, mh: number, material: number, decision: string][];
}

const DEFECT_QUOTES: DefectQuoteSpec[] = [
  {
    no: 'QTD-2025-00001', date: '2025-05-15', wo: 'AWO-2025-00003', quotation: 'QTN-2025-00005', cust: 'CTA', reg: 'PK-WFB', subject: 'C1-check PK-WFB: findings batch 1',
    valid: '2025-05-29', currency: 'IDR', rate: 850000, wf: '111', status: 'PARTIAL', sent: '2025-05-15', answered: '2025-05-17',
    lines: [
      ['NRC-2025-00002', 'Corrosion blend-out FR 18-20 and protective treatment', 14, 4_800_000, 'APPROVED'],
      ['NRC-2025-00003', 'Replace LH MLG brake no. 1 (exchange)', 3, 305_000_000, 'APPROVED'],
      ['NRC-2025-00004', 'Replace RH flap track 2 fairing bracket (ATR RDAS)', 32, 68_500_000, 'DEFERRED'],
    ],
  },
  {
    no: 'QTD-2025-00002', date: '2025-05-20', wo: 'AWO-2025-00004', quotation: 'QTN-2025-00006', cust: 'GAH', reg: 'PK-GHC', subject: 'C4-check PK-GHC: structural findings',
    valid: '2025-06-03', currency: 'USD', rate: 58, wf: '111', status: 'SENT', sent: '2025-05-21',
    lines: [
      ['NRC-2025-00006', 'Aft cargo floor beam BS 767 corrosion removal and doubler', 120, 4_350, 'PENDING'],
      ['NRC-2025-00007', 'Replace LH flap track 3 aft fitting', 60, 27_800, 'PENDING'],
      ['NRC-2025-00009', 'Replace seat track covers rows 20-24 LH', 6, 1_150, 'DEFERRED'],
    ],
  },
  {
    no: 'QTD-2025-00003', date: '2025-05-28', wo: 'AWO-2025-00003', quotation: 'QTN-2025-00005', cust: 'CTA', reg: 'PK-WFB', subject: 'C1-check PK-WFB: findings batch 2',
    valid: '2025-06-11', currency: 'IDR', rate: 850000, wf: '000', status: 'OPEN',
    lines: [
      ['NRC-2025-00005', 'Replace O-ring blue system EMP pressure line, leak check', 4, 350_000, 'APPROVED'],
      ['NRC-2025-00011', 'Replace cargo door lower seal', 5, 9_600_000, 'PENDING'],
    ],
  },
];

function defectQuotations(): { headers: Row[]; lines: Row[] } {
  const headers: Row[] = [];
  const lines: Row[] = [];
  for (const q of DEFECT_QUOTES) {
    let mh = 0;
    let labour = 0;
    let material = 0;
    let approved = 0;
    q.lines.forEach(([nrcNo, description, hours, mat, decision], i) => {
      const lab = round2(hours * q.rate);
      const amount = round2(lab + mat);
      mh += hours;
      labour += lab;
      material += mat;
      if (decision === 'APPROVED') approved += amount;
      lines.push({
        quotation_defect: ref('quotation_defect', 'quotation_no', q.no),
        line_no: i + 1,
        amo_defect: nrc(nrcNo),
        description,
        manhours: hours,
        labour_amount: lab,
        material_amount: mat,
        amount,
        customer_decision: decision,
      });
    });
    headers.push({
      quotation_no: q.no,
      quotation_date: q.date,
      amo_work_order: wo(q.wo),
      quotation: ref('quotation', 'quotation_no', q.quotation),
      amo_customer: customer(q.cust),
      customer_aircraft: aircraft(q.reg),
      subject: q.subject,
      valid_until: q.valid,
      currency: q.currency,
      labour_rate: q.rate,
      total_manhours: round2(mh),
      total_labour: round2(labour),
      total_material: round2(material),
      grand_total: round2(labour + material),
      approved_total: round2(approved),
      statuswf: q.wf,
      quote_status: q.status,
      sent_date: q.sent ?? null,
      answered_date: q.answered ?? null,
      prepared_by: user('approver'),
    });
  }
  return { headers, lines };
}

// ---------------------------------------------------------------- work order materials

/** [WO, task card, NRC or null, part number, description, qty, unit, required, priority, supply, status, MR no., issued] */
type MaterialLine = [wo: string, card: string | null, nrc: string | null, pn: string, name: string, qty: number, unit: string, required: string, priority: string, supply: string, status: string, mr: string | null, issued: number];

const MATERIALS: MaterialLine[] = [
  ['AWO-2025-00001', 'A4-001', null, 'MJO2-QT', 'Mobil Jet Oil II turbine oil, 1 US qt', 24, 'QT', '2025-01-27', 'ROUTINE', 'STOCK', 'ISSUED', null, 22],
  ['AWO-2025-00001', 'A4-001', null, 'MS29513-232', 'O-ring, nitrile, AS568-232', 40, 'PCS', '2025-01-27', 'ROUTINE', 'STOCK', 'ISSUED', null, 36],
  ['AWO-2025-00002', '4A-001', null, '3072701-01', 'PW127 oil filter element', 2, 'PCS', '2025-03-10', 'ROUTINE', 'STOCK', 'ISSUED', null, 2],
  ['AWO-2025-00002', '4A-001', null, 'MJO2-QT', 'Mobil Jet Oil II turbine oil, 1 US qt', 12, 'QT', '2025-03-10', 'ROUTINE', 'STOCK', 'ISSUED', null, 12],
  ['AWO-2025-00003', 'C1-001', 'NRC-2025-00003', '3214552-3', 'Brake assembly, main landing gear (ATR 72)', 1, 'PCS', '2025-05-12', 'URGENT', 'LOAN', 'ISSUED', null, 1],
  ['AWO-2025-00003', 'C1-006', null, 'MS24665-132', 'Cotter pin, CRES 1/16 x 1/2 in', 50, 'PCS', '2025-06-02', 'ROUTINE', 'STOCK', 'RESV', null, 0],
  ['AWO-2025-00003', 'C1-002', 'NRC-2025-00005', 'MS29513-232', 'O-ring, nitrile, AS568-232', 4, 'PCS', '2025-06-01', 'ROUTINE', 'STOCK', 'RESV', null, 0],
  ['AWO-2025-00003', 'C1-004', 'NRC-2025-00002', 'PR1422B2-6OZ', 'Sealant, fuel tank PR-1422 B2, 6 oz cartridge', 6, 'CTG', '2025-05-14', 'ROUTINE', 'STOCK', 'ISSUED', null, 6],
  ['AWO-2025-00003', 'C1-002', null, 'ASH41-GAL', 'AeroShell Fluid 41 hydraulic fluid, 1 US gal', 6, 'GAL', '2025-06-03', 'ROUTINE', 'PURCHASE', 'REQ', null, 0],
  ['AWO-2025-00004', 'C4-005', null, '2612312-2', 'Brake assembly, carbon (B737NG)', 4, 'PCS', '2025-06-10', 'ROUTINE', 'PURCHASE', 'REQ', null, 0],
  ['AWO-2025-00004', 'C4-005', null, 'M01103', 'Tyre, main H44.5x16.5-21 26PR radial', 4, 'PCS', '2025-06-10', 'ROUTINE', 'STOCK', 'RESV', null, 0],
  ['AWO-2025-00004', 'C4-003', 'NRC-2025-00006', 'PR1422B2-6OZ', 'Sealant, fuel tank PR-1422 B2, 6 oz cartridge', 12, 'CTG', '2025-06-05', 'ROUTINE', 'STOCK', 'REQ', null, 0],
  ['AWO-2025-00004', 'C4-002', null, 'SKYDROL-LD4-GAL', 'Skydrol LD-4 fire-resistant hydraulic fluid, 1 US gal', 20, 'GAL', '2025-06-12', 'ROUTINE', 'STOCK', 'REQ', null, 0],
  ['AWO-2025-00005', 'AOG-003', 'NRC-2025-00010', 'PR1422B2-6OZ', 'Sealant, fuel tank PR-1422 B2, 6 oz cartridge', 2, 'CTG', '2025-05-22', 'AOG', 'STOCK', 'ISSUED', null, 2],
  ['AWO-2025-00006', 'WK-003', null, '453-5000', 'Emergency locator transmitter C406-1', 1, 'PCS', '2025-06-03', 'URGENT', 'CUSTOMER', 'REQ', null, 0],
];

function materials(): Row[] {
  const lineNo = new Map<string, number>();
  return MATERIALS.map(([woNo, card, nrcNo, pn, name, qty, unit, required, priority, supply, status, mr, issued]) => {
    const n = (lineNo.get(woNo) ?? 0) + 1;
    lineNo.set(woNo, n);
    return {
      amo_work_order: wo(woNo),
      line_no: n,
      amo_defect: nrcNo ? nrc(nrcNo) : null,
      task_card_no: card,
      item: item(pn),
      partnumber: pn,
      itemname: name,
      quantity: qty,
      unit,
      required_date: required,
      priority,
      supply,
      status,
      material_request: mr ? ref('material_request', 'requestno', mr) : null,
      issued_qty: issued,
    };
  });
}

// ---------------------------------------------------------------- customer aircraft work history

/** [registration, date, event, work performed, performed by, our WO or null, FH, FC, document] */
type HistoryLine = [reg: string, date: string, type: string, description: string, by: string, wo: string | null, fh: string | null, fc: number | null, doc: string | null];

const HISTORY: HistoryLine[] = [
  ['PK-GHD', '2024-09-18', 'CHECK', 'A3-check', 'GAH line maintenance CGK', null, '9410:15', 5310, 'GAH-CRS-24-1182'],
  ['PK-GHD', '2025-01-30', 'CHECK', 'A4-check incl. tech log items', 'Garuda Aero Technics, CGK H4', 'AWO-2025-00001', '10428:40', 5896, 'CRS-GAT-25-0107'],
  ['PK-WFA', '2024-11-04', 'CHECK', '3A-check', 'Garuda Aero Technics, CGK H4', null, '15420:05', 17090, 'CRS-GAT-24-0922'],
  ['PK-WFA', '2025-03-14', 'CHECK', '4A-check, borescope engine 2, de-ice boot repair', 'Garuda Aero Technics, CGK H4', 'AWO-2025-00002', '16398:25', 18160, 'CRS-GAT-25-0164'],
  ['PK-WFB', '2021-02-26', 'CHECK', 'C2-check (previous heavy check)', 'ATR Services Toulouse', null, '9870:40', 11020, 'ATR-CRS-21-0215'],
  ['PK-WFB', '2024-08-12', 'ENGCHG', 'Engine 1 replaced (PCE-ED1233 installed)', 'Citra Aviation line HLP', null, '15110:10', 16820, 'CTV-TLB-0988/1'],
  ['PK-WFB', '2025-05-05', 'CHECK', 'C1-check inducted (in work)', 'Garuda Aero Technics, CGK H4', 'AWO-2025-00003', '16105:48', 17890, null],
  ['PK-GHC', '2019-06-20', 'CHECK', 'C3-check', 'Garuda Aero Technics, CGK H4', null, '13950:35', 8990, 'CRS-GAT-19-0488'],
  ['PK-GHC', '2025-05-12', 'CHECK', 'C4-check inducted (in work)', 'Garuda Aero Technics, CGK H4', 'AWO-2025-00004', '23210:55', 14650, null],
  ['PK-PWA', '2025-03-08', 'CHECK', 'A1-check', 'Pelita Air line CGK', null, '4790:20', 2822, 'PAS-CRS-25-0062'],
  ['PK-PWA', '2025-05-23', 'DEFECT', 'Bird strike inspection and radome repair (AOG)', 'Garuda Aero Technics, CGK line', 'AWO-2025-00005', '5112:05', 3014, 'CRS-GAT-25-0377'],
  ['PK-TNA', '2024-10-15', 'CHECK', 'C2-check', 'Batam Aero Technic', null, '21990:45', 24180, 'BAT-CRS-24-3310'],
  ['V8-RBD', '2024-12-06', 'CHECK', 'C1-check', 'Royal Brunei Technical Services', null, '16610:30', 9290, 'RBTS-CRS-24-0417'],
  ['PK-BHA', '2025-05-02', 'CHECK', '300 h inspection', 'Bali Heli Services DPS', null, '8001:10', 11222, 'BHS-CRS-25-0044'],
];

function history(): Row[] {
  return HISTORY.map(([reg, date, type, description, by, woNo, fh, fc, doc]) => ({
    customer_aircraft: aircraft(reg),
    event_date: date,
    event_type: type,
    description,
    performed_by: by,
    amo_work_order: woNo ? wo(woNo) : null,
    fh_at: fh ? hm(fh) : null,
    fc_at: fc,
    document_ref: doc,
  }));
}

// ---------------------------------------------------------------- companies

const requests = customerRequests();
const quotes = quotations();
const orders = workOrders();
const defectQuotes = defectQuotations();

export const mroDemo: DemoRows = {
  GAT: {
    customer_request: requests.headers,
    customer_request_item: requests.items,
    quotation: quotes.headers,
    quotation_line: quotes.lines,
    amo_work_order: orders.headers,
    amo_work_order_task: orders.tasks,
    amo_defect: defects(),
    amo_work_order_material: materials(),
    quotation_defect: defectQuotes.headers,
    quotation_defect_line: defectQuotes.lines,
    customer_aircraft_history: history(),
  },
};
