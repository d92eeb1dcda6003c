import type { DemoRows } from './index.ts';

/**
 * Demo rows of the logistic module's screens (see index.ts for the format): material and purchase
 * requests, inventory receipts, unserviceable receipts, transfers, issues, returns, robbing,
 * reservations, post-modification records and currency rates.
 *
 * The stock ledger is not written here: a document marked posted (posted / out_posted / in_posted
 * 1) is inserted unposted and then posted by the seed through the stores plugin's own actions, in
 * date order (server/src/seed/demo.ts, postDemoDocuments), so balances, costs, the stock card,
 * expiring stock and reorder reports come from the same code as a storekeeper's Post button.
 * Dates are in 2026 (the companies' accounting period is November 2026).
 */

type Row = Record<string, unknown>;

const ref = (entity: string, field: string, value: string): string => `@${entity}:${field}=${value}`;
const item = (pn: string) => ref('master_item', 'partnumber', pn);
const store = (code: string) => ref('store_warehouse', 'store_code', code);
const user = (username: string) => ref('users', 'username', username);
const arc = (code: string) => ref('arc_status', 'code', code);
const vendor = (code: string) => ref('vendor', 'vendor_code', code);
const mrLine = (lineref: string) => ref('material_request_line', 'lineref', lineref);
const poLine = (lineref: string) => ref('purchase_order_line', 'lineref', lineref);

/** 'H:MM' (hours may exceed 24) to integer minutes. */
function hm(text: string): number {
  const [h, m] = text.split(':').map(Number);
  return h * 60 + m;
}

/** Catalogue facts the documents need: name, unit and estimated unit price in USD (demo-aviation.ts). */
const CATALOGUE: Record<string, { name: string; unit: string; price: number }> = {
  '1864M90P04': { name: 'CFM56-7B HPT stage 1 blade', unit: 'PCS', price: 18500 },
  '340-190-104-0': { name: 'CFM56-7B LPT stage 1 blade', unit: 'PCS', price: 6200 },
  '3072165-01': { name: 'PW127M fuel nozzle', unit: 'PCS', price: 7400 },
  '3072701-01': { name: 'PW127 oil filter element', unit: 'PCS', price: 185 },
  '3505582-10': { name: 'APU 131-9 fuel control unit', unit: 'PCS', price: 42000 },
  '3214552-3': { name: 'Brake assembly, main landing gear (ATR 72)', unit: 'PCS', price: 38500 },
  '2612312-2': { name: 'Brake assembly, carbon (B737NG)', unit: 'PCS', price: 61000 },
  C20195100: { name: 'Main wheel assembly (ATR 72)', unit: 'PCS', price: 14200 },
  'D23190000-9': { name: 'Main landing gear shock strut (A320)', unit: 'PCS', price: 585000 },
  M01103: { name: 'Tyre, main H44.5x16.5-21 26PR radial', unit: 'PCS', price: 3150 },
  '761574B': { name: 'Integrated drive generator (IDG), 90 kVA', unit: 'PCS', price: 310000 },
  '441CH1': { name: 'Battery, Ni-Cd 24 V 43 Ah', unit: 'PCS', price: 5600 },
  '930-1000-001': { name: 'RDR-4000 weather radar receiver/transmitter', unit: 'PCS', price: 148500 },
  '453-5000': { name: 'Emergency locator transmitter C406-1', unit: 'PCS', price: 3900 },
  '2206200-4': { name: 'Air cycle machine', unit: 'PCS', price: 96000 },
  'MS24665-132': { name: 'Cotter pin, CRES 1/16 x 1/2 in', unit: 'PCS', price: 0.12 },
  NAS1149F0363P: { name: 'Washer, flat, CRES 3/16 in', unit: 'PCS', price: 0.08 },
  'MS29513-232': { name: 'O-ring, nitrile, AS568-232', unit: 'PCS', price: 1.35 },
  MS20995C32: { name: 'Safety wire, CRES 0.032 in, 1 lb roll', unit: 'ROL', price: 42 },
  'MJO2-QT': { name: 'Mobil Jet Oil II turbine oil, 1 US qt', unit: 'QT', price: 18.5 },
  'ASH41-GAL': { name: 'AeroShell Fluid 41 hydraulic fluid, 1 US gal', unit: 'GAL', price: 65 },
  'SKYDROL-LD4-GAL': { name: 'Skydrol LD-4 fire-resistant hydraulic fluid, 1 US gal', unit: 'GAL', price: 198 },
  'PR1422B2-6OZ': { name: 'Sealant, fuel tank PR-1422 B2, 6 oz cartridge', unit: 'CTG', price: 34.5 },
};

function cat(pn: string) {
  const c = CATALOGUE[pn];
  if (!c) throw new Error(`logistic demo: unknown part number ${pn}`);
  return c;
}

const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

/** A USD catalogue price in the company currency (units per USD), as the receipts' unit cost. */
const inCurrency = (usd: number, rate: number): number => round(usd * rate, 4);

// ---------------------------------------------------------------- requests

interface MrLineSpec {
  pn?: string;
  gl?: string;
  name?: string;
  info?: string;
  desc?: string;
  qty: number;
  unit?: string;
  closed?: string;
}

interface MrSpec {
  no: string;
  date: string;
  by: string;
  dept: string;
  service?: boolean;
  prio?: 'AOG' | 'WSP' | 'RTN';
  reg?: string;
  wo?: string;
  budget?: [string, string];
  expect?: string;
  finish?: string;
  loc?: string;
  barter?: boolean;
  cur: string;
  remark?: string;
  status: '000' | '100' | '111' | '110';
  progress?: number;
  lines: MrLineSpec[];
}

function materialRequests(specs: MrSpec[]): { material_request: Row[]; material_request_line: Row[] } {
  const headers: Row[] = [];
  const lines: Row[] = [];
  for (const m of specs) {
    headers.push({
      requestno: m.no,
      requestdate: m.date,
      jasa: m.service ? 1 : 0,
      requestor: user(m.by),
      department: m.dept,
      priority: m.prio ?? 'RTN',
      registration: m.reg ?? null,
      workorder_no: m.wo ?? null,
      budgetinfo: m.budget?.[0] ?? null,
      budgetname: m.budget?.[1] ?? null,
      expectreceipt: m.expect ?? null,
      jasafinish: m.finish ?? null,
      locationdeliv: m.loc ?? null,
      barter: m.barter ? 1 : 0,
      matauang: m.cur,
      remark: m.remark ?? null,
      statuswf: m.status,
      progress: m.progress ?? null,
    });
    m.lines.forEach((l, i) => {
      const c = l.pn ? cat(l.pn) : undefined;
      lines.push({
        request: ref('material_request', 'requestno', m.no),
        lineref: `${m.no}/${i + 1}`,
        linetype: l.gl ? 3 : 1,
        item: l.pn ? item(l.pn) : null,
        partnumber: l.pn ?? null,
        itemname: l.name ?? c?.name ?? null,
        iteminfo: l.info ?? null,
        glaccount: l.gl ?? null,
        description: l.desc ?? null,
        quantity: l.qty,
        invunitom: l.unit ?? c?.unit ?? 'PCS',
        outstand: l.closed ? 0 : 1,
        close_reason: l.closed ?? null,
      });
    });
  }
  return { material_request: headers, material_request_line: lines };
}

interface PrLineSpec {
  mr?: string;
  pn?: string;
  desc?: string;
  qty: number;
  unit?: string;
  cond?: string;
  price?: number;
  closed?: boolean;
  remark?: string;
}

interface PrSpec {
  no: string;
  date: string;
  by: string;
  dept: string;
  type: 'AOG' | 'RTN' | 'STK' | 'RPR';
  mr?: string;
  reg?: string;
  need?: string;
  budget?: string;
  cur: string;
  remark?: string;
  status: '000' | '100' | '111' | '110';
  progress?: number;
  lines: PrLineSpec[];
}

function purchaseRequests(specs: PrSpec[]): { purchase_request: Row[]; purchase_request_line: Row[] } {
  const headers: Row[] = [];
  const lines: Row[] = [];
  for (const p of specs) {
    headers.push({
      prno: p.no,
      prdate: p.date,
      requestor: user(p.by),
      department: p.dept,
      pr_type: p.type,
      material_request: p.mr ? ref('material_request', 'requestno', p.mr) : null,
      registration: p.reg ?? null,
      needdate: p.need ?? null,
      budgetinfo: p.budget ?? null,
      matauang: p.cur,
      remark: p.remark ?? null,
      statuswf: p.status,
      progress: p.progress ?? null,
    });
    p.lines.forEach((l, i) => {
      const c = l.pn ? cat(l.pn) : undefined;
      lines.push({
        purchase_request: ref('purchase_request', 'prno', p.no),
        lineref: `${p.no}/${i + 1}`,
        mr_line: l.mr ? mrLine(l.mr) : null,
        item: l.pn ? item(l.pn) : null,
        partnumber: l.pn ?? null,
        description: l.desc ?? c?.name ?? '',
        quantity: l.qty,
        unit: l.unit ?? c?.unit ?? 'PCS',
        condition: l.cond ?? null,
        estimated_price: l.price ?? (c ? c.price : null),
        outstand: l.closed ? 0 : 1,
        remark: l.remark ?? null,
      });
    });
  }
  return { purchase_request: headers, purchase_request_line: lines };
}

// ---------------------------------------------------------------- stock documents

interface ReceiptLine {
  pn: string;
  store: string;
  bin?: string;
  sn?: string;
  batch?: string;
  cond: string;
  qty: number;
  arc?: string;
  cert?: string;
  mfg?: string;
  exp?: string;
  po?: string;
  /** Unit cost in USD; default the catalogue price. */
  usd?: number;
  remark?: string;
}

interface ReceiptSpec {
  no: string;
  date: string;
  source: 'PO' | 'RPR' | 'EXCH' | 'LOAN' | 'CSP' | 'OPEN' | 'FOUND' | 'OTHER';
  po?: string;
  rcv?: string;
  vendor?: string;
  dn?: string;
  awb?: string;
  customs?: string;
  by?: string;
  posted: boolean;
  remark?: string;
  lines: ReceiptLine[];
}

function receipts(rate: number, specs: ReceiptSpec[]): { inventory_receipt: Row[]; inventory_receipt_line: Row[] } {
  const headers: Row[] = [];
  const lines: Row[] = [];
  for (const r of specs) {
    headers.push({
      receiptno: r.no,
      receiptdate: r.date,
      source: r.source,
      purchase_order: r.po ? ref('purchase_order', 'pono', r.po) : null,
      receiving: r.rcv ? ref('receiving', 'rcvno', r.rcv) : null,
      vendor: r.vendor ? vendor(r.vendor) : null,
      delivery_note: r.dn ?? null,
      awb_no: r.awb ?? null,
      customs_doc: r.customs ?? null,
      received_by: r.by ? user(r.by) : null,
      posted: r.posted ? 1 : 0,
      remark: r.remark ?? null,
    });
    for (const l of r.lines) {
      const cost = inCurrency(l.usd ?? cat(l.pn).price, rate);
      lines.push({
        receipt: ref('inventory_receipt', 'receiptno', r.no),
        po_line: l.po ? poLine(l.po) : null,
        item: item(l.pn),
        store: store(l.store),
        bin_location: l.bin ?? null,
        serial_number: l.sn ?? null,
        batch_number: l.batch ?? null,
        condition: l.cond,
        quantity: l.qty,
        unit: cat(l.pn).unit,
        unit_cost: cost,
        certificate_type: l.arc ? arc(l.arc) : null,
        certificate_no: l.cert ?? null,
        manufacture_date: l.mfg ?? null,
        expiry_date: l.exp ?? null,
        remark: l.remark ?? null,
      });
    }
  }
  return { inventory_receipt: headers, inventory_receipt_line: lines };
}

/** One receipt line per serial number. */
function serials(sns: string[], line: Omit<ReceiptLine, 'sn' | 'qty'>): ReceiptLine[] {
  return sns.map((sn) => ({ ...line, sn, qty: 1 }));
}

interface UsLine {
  pn: string;
  sn?: string;
  batch?: string;
  qty?: number;
  tag: string;
  defect: string;
  tsn?: string;
  csn?: number;
  tso?: string;
  cso?: number;
  disp?: 'DST' | 'RPR' | 'SLD';
}

interface UsSpec {
  no: string;
  date: string;
  source: 'REM' | 'SHOP' | 'RIS' | 'CUST' | 'FND';
  reg?: string;
  wo?: string;
  removed?: string;
  reason?: 'UNSCHED' | 'SCHED' | 'MOD' | 'ROBBED' | 'CONV' | 'OTHER';
  store: string;
  by?: string;
  posted: boolean;
  remark?: string;
  lines: UsLine[];
}

function usReceipts(specs: UsSpec[]): { unserviceable_receipt: Row[]; unserviceable_receipt_line: Row[] } {
  const headers: Row[] = [];
  const lines: Row[] = [];
  for (const u of specs) {
    headers.push({
      usreceiptno: u.no,
      receiptdate: u.date,
      source: u.source,
      registration: u.reg ?? null,
      workorder_no: u.wo ?? null,
      removal_date: u.removed ?? null,
      removal_reason: u.reason ?? null,
      store: store(u.store),
      returned_by: u.by ?? null,
      posted: u.posted ? 1 : 0,
      remark: u.remark ?? null,
    });
    for (const l of u.lines) {
      lines.push({
        usreceipt: ref('unserviceable_receipt', 'usreceiptno', u.no),
        item: item(l.pn),
        serial_number: l.sn ?? null,
        batch_number: l.batch ?? null,
        condition: 'AR',
        quantity: l.qty ?? 1,
        unit: cat(l.pn).unit,
        tag_no: l.tag,
        defect: l.defect,
        tsn: l.tsn ? hm(l.tsn) : null,
        csn: l.csn ?? null,
        tso: l.tso ? hm(l.tso) : null,
        cso: l.cso ?? null,
        disposition: l.disp ? ref('inventory_issued_kind', 'code', l.disp) : null,
        remark: null,
      });
    }
  }
  return { unserviceable_receipt: headers, unserviceable_receipt_line: lines };
}

interface MoveLine {
  pn: string;
  sn?: string;
  batch?: string;
  cond: string;
  qty: number;
  arc?: string;
  cert?: string;
  mr?: string;
  /** Transfers: quantity received at the destination (default all). */
  recv?: number;
  remark?: string;
}

interface TransferSpec {
  no: string;
  date: string;
  from: string;
  to: string;
  reason: 'REPL' | 'AOG' | 'RET' | 'US' | 'OTHER';
  by?: string;
  carrier?: string;
  awb?: string;
  out: boolean;
  in?: { date: string; by: string };
  remark?: string;
  lines: MoveLine[];
}

function transfers(specs: TransferSpec[]): { stock_transfer: Row[]; stock_transfer_line: Row[] } {
  const headers: Row[] = [];
  const lines: Row[] = [];
  for (const t of specs) {
    headers.push({
      transferno: t.no,
      transferdate: t.date,
      from_store: store(t.from),
      to_store: store(t.to),
      reason: t.reason,
      shipped_by: t.by ?? null,
      carrier: t.carrier ?? null,
      awb_no: t.awb ?? null,
      out_posted: t.out ? 1 : 0,
      received_date: t.in?.date ?? null,
      received_by: t.in?.by ?? null,
      received: t.in ? 0 : 1,
      in_posted: t.in ? 1 : 0,
      remark: t.remark ?? null,
    });
    for (const l of t.lines) {
      const recv = t.in ? (l.recv ?? l.qty) : null;
      lines.push({
        stock_transfer: ref('stock_transfer', 'transferno', t.no),
        item: item(l.pn),
        serial_number: l.sn ?? null,
        batch_number: l.batch ?? null,
        condition: l.cond,
        quantity: l.qty,
        unit: cat(l.pn).unit,
        qty_received: recv,
        certificate_type: l.arc ? arc(l.arc) : null,
        certificate_no: l.cert ?? null,
        expiry_date: null,
        remark: l.remark ?? null,
      });
    }
  }
  return { stock_transfer: headers, stock_transfer_line: lines };
}

interface IssueSpec {
  no: string;
  date: string;
  type: 'AC' | 'SHOP' | 'CUST' | 'DISP';
  mr?: string;
  reg?: string;
  wo?: string;
  store: string;
  to?: string;
  kind?: 'DST' | 'RPR' | 'SLD';
  vendor?: string;
  posted: boolean;
  remark?: string;
  lines: MoveLine[];
}

function issues(specs: IssueSpec[]): { inventory_issue: Row[]; inventory_issue_line: Row[] } {
  const headers: Row[] = [];
  const lines: Row[] = [];
  for (const s of specs) {
    headers.push({
      issueno: s.no,
      issuedate: s.date,
      issue_type: s.type,
      material_request: s.mr ? ref('material_request', 'requestno', s.mr) : null,
      registration: s.reg ?? null,
      workorder_no: s.wo ?? null,
      store: store(s.store),
      issued_to: s.to ?? null,
      issued_kind: s.kind ? ref('inventory_issued_kind', 'code', s.kind) : null,
      vendor: s.vendor ? vendor(s.vendor) : null,
      posted: s.posted ? 1 : 0,
      remark: s.remark ?? null,
    });
    for (const l of s.lines) {
      lines.push({
        issue: ref('inventory_issue', 'issueno', s.no),
        mr_line: l.mr ? mrLine(l.mr) : null,
        item: item(l.pn),
        serial_number: l.sn ?? null,
        batch_number: l.batch ?? null,
        condition: l.cond,
        quantity: l.qty,
        unit: cat(l.pn).unit,
        certificate_type: l.arc ? arc(l.arc) : null,
        certificate_no: l.cert ?? null,
        remark: l.remark ?? null,
      });
    }
  }
  return { inventory_issue: headers, inventory_issue_line: lines };
}

interface ReturnSpec {
  no: string;
  date: string;
  issue?: string;
  reg?: string;
  wo?: string;
  store: string;
  reason: 'UNUSED' | 'WRONG' | 'CANC' | 'OTHER';
  by?: string;
  posted: boolean;
  remark?: string;
  lines: MoveLine[];
}

function returns(specs: ReturnSpec[]): { inventory_return: Row[]; inventory_return_line: Row[] } {
  const headers: Row[] = [];
  const lines: Row[] = [];
  for (const r of specs) {
    headers.push({
      returnno: r.no,
      returndate: r.date,
      issue: r.issue ? ref('inventory_issue', 'issueno', r.issue) : null,
      registration: r.reg ?? null,
      workorder_no: r.wo ?? null,
      store: store(r.store),
      reason: r.reason,
      returned_by: r.by ?? null,
      posted: r.posted ? 1 : 0,
      remark: r.remark ?? null,
    });
    for (const l of r.lines) {
      lines.push({
        inventory_return: ref('inventory_return', 'returnno', r.no),
        issue_line: null,
        item: item(l.pn),
        serial_number: l.sn ?? null,
        batch_number: l.batch ?? null,
        condition: l.cond,
        quantity: l.qty,
        unit: cat(l.pn).unit,
        certificate_type: l.arc ? arc(l.arc) : null,
        remark: l.remark ?? null,
      });
    }
  }
  return { inventory_return: headers, inventory_return_line: lines };
}

interface RobbingSpec {
  no: string;
  date: string;
  pn: string;
  sn: string;
  donor: string;
  position: string;
  donorWo?: string;
  recipient: string;
  recipientWo?: string;
  reason: 'AOG' | 'WSP' | 'OTHER';
  by: string;
  authRef: string;
  mr?: string;
  closed?: string;
  remark?: string;
  /** The store the part passed through (a receipt from the donor and an issue to the recipient). */
  via?: string;
}

/** Robbings are posted (a replacement request raised unless named); closed ones are closed after posting. */
function robbings(specs: RobbingSpec[]): Row[] {
  return specs.map((r) => {
    return {
      robbingno: r.no,
      robbingdate: r.date,
      item: item(r.pn),
      serial_number: r.sn,
      quantity: 1,
      donor_registration: r.donor,
      donor_position: r.position,
      donor_workorder: r.donorWo ?? null,
      recipient_registration: r.recipient,
      recipient_workorder: r.recipientWo ?? null,
      reason: r.reason,
      authorised_by: user(r.by),
      authorisation_ref: r.authRef,
      replacement_mr: r.mr ? ref('material_request', 'requestno', r.mr) : null,
      store: r.via ? store(r.via) : null,
      posted: 1,
      status: r.closed ? 0 : 1,
      closed_date: r.closed ?? null,
      remark: r.remark ?? null,
    };
  });
}

interface ReservationSpec {
  no: string;
  date: string;
  mr?: string;
  reg?: string;
  wo?: string;
  store: string;
  required?: string;
  until?: string;
  by: string;
  open: boolean;
  remark?: string;
  lines: MoveLine[];
}

function reservations(specs: ReservationSpec[]): { stock_reservation: Row[]; stock_reservation_line: Row[] } {
  const headers: Row[] = [];
  const lines: Row[] = [];
  for (const r of specs) {
    headers.push({
      reserveno: r.no,
      reservedate: r.date,
      material_request: r.mr ? ref('material_request', 'requestno', r.mr) : null,
      registration: r.reg ?? null,
      workorder_no: r.wo ?? null,
      store: store(r.store),
      required_date: r.required ?? null,
      valid_until: r.until ?? null,
      reserved_by: user(r.by),
      status: r.open ? 1 : 0,
      posted: r.open ? 1 : 0,
      remark: r.remark ?? null,
    });
    for (const l of r.lines) {
      lines.push({
        reservation: ref('stock_reservation', 'reserveno', r.no),
        mr_line: l.mr ? mrLine(l.mr) : null,
        item: item(l.pn),
        serial_number: l.sn ?? null,
        batch_number: l.batch ?? null,
        condition: l.cond,
        quantity: l.qty,
        unit: cat(l.pn).unit,
        remark: l.remark ?? null,
      });
    }
  }
  return { stock_reservation: headers, stock_reservation_line: lines };
}

interface PostmodSpec {
  date: string;
  pn: string;
  pre: string;
  post: string;
  sn?: string;
  mod: string;
  desc: string;
  store?: string;
  wo?: string;
  by: string;
  arc?: string;
  cert?: string;
  remark?: string;
}

function postmods(specs: PostmodSpec[]): Row[] {
  return specs.map((p) => ({
    moddate: p.date,
    item: item(p.pn),
    pre_mod_partnumber: p.pre,
    post_mod_partnumber: p.post,
    serial_number: p.sn ?? null,
    mod_reference: p.mod,
    mod_description: p.desc,
    store: p.store ? store(p.store) : null,
    workorder_no: p.wo ?? null,
    performed_by: p.by,
    certificate_type: p.arc ? arc(p.arc) : null,
    certificate_no: p.cert ?? null,
    remark: p.remark ?? null,
  }));
}

// ================================================================ GAT (MRO, USD)

function gat(): Record<string, Row[]> {
  const mr = materialRequests([
    {
      no: 'MR-2026-00001', date: '2026-08-04', by: 'engineer', dept: 'Line Maintenance', prio: 'WSP', reg: 'PK-GTB', wo: 'WO-2026-00112',
      budget: ['OPEX-MTC-2026-04', 'Line maintenance B737 fleet'], expect: '2026-08-20', loc: 'Hangar 4, Bay 1', cur: 'USD', status: '111', progress: 4,
      remark: 'Both main brakes at wear-pin limit found at weekly check.',
      lines: [
        { pn: '2612312-2', qty: 2, info: 'IPC 32-42-01 fig. 1 item 5, positions 1 and 2', closed: 'Received and issued (ISS-2026-00002)' },
        { pn: 'MS24665-132', qty: 50, info: 'Brake installation hardware', closed: 'Received and issued (ISS-2026-00002)' },
      ],
    },
    {
      no: 'MR-2026-00002', date: '2026-08-19', by: 'engineer', dept: 'Line Maintenance', prio: 'AOG', reg: 'PK-GTC', wo: 'WO-2026-00131',
      budget: ['OPEX-MTC-2026-05', 'Line maintenance ATR fleet'], expect: '2026-08-23', loc: 'Denpasar line station', cur: 'USD', status: '111', progress: 3,
      remark: 'AOG at DPS: both LH brakes worn beyond limit.',
      lines: [
        { pn: '3214552-3', qty: 2, info: 'IPC 32-42-10 fig. 1, positions 1 and 2', closed: 'Received and issued (ISS-2026-00001)' },
        { pn: 'C20195100', qty: 1, info: 'Spare wheel for the line station kit' },
      ],
    },
    {
      no: 'MR-2026-00003', date: '2026-09-07', by: 'storekeeper', dept: 'Stores', prio: 'RTN', budget: ['OPEX-STR-2026', 'Stores consumables replenishment'],
      expect: '2026-10-15', loc: 'Hangar 4 Main Store', cur: 'USD', status: '111', progress: 2, remark: 'Quarterly consumable replenishment.',
      lines: [
        { pn: 'MJO2-QT', qty: 96, info: 'MIL-PRF-23699 STD' },
        { pn: 'ASH41-GAL', qty: 12, info: 'MIL-PRF-5606' },
        { pn: 'PR1422B2-6OZ', qty: 12, info: 'AMS-S-8802; deliver with at least 6 months shelf life' },
      ],
    },
    {
      no: 'MR-2026-00004', date: '2026-09-28', by: 'engineer', dept: 'Line Maintenance', prio: 'WSP', reg: 'PK-GTE', wo: 'WO-2026-00158',
      budget: ['OPEX-MTC-2026-06', 'Line maintenance A320 fleet'], expect: '2026-10-10', loc: 'Hangar 4, Bay 3', cur: 'USD', status: '111', progress: 1,
      lines: [{ pn: '761574B', qty: 1, info: 'IDG 1 low oil pressure; removed per TSM 24-21-00-810-801', desc: 'Exchange unit acceptable (OH or SV)' }],
    },
    {
      no: 'MR-2026-00005', date: '2026-10-12', by: 'engineer', dept: 'Base Maintenance', prio: 'RTN', reg: 'PK-GTD', wo: 'WO-2026-00171',
      budget: ['CAPEX-CCHK-2026-02', 'C-check PK-GTD'], expect: '2026-11-25', loc: 'Hangar 4, Bay 2', cur: 'USD', status: '111', progress: 0,
      lines: [
        { pn: '3072165-01', qty: 2, info: 'Engine 2 fuel nozzles 4 and 9 (borescope finding)' },
        { pn: '3072701-01', qty: 6, info: 'Oil filter change, both engines' },
        { pn: 'MS29513-232', qty: 10, info: 'Filter housing O-rings', closed: 'Issued (ISS-2026-00004)' },
      ],
    },
    {
      no: 'MR-2026-00006', date: '2026-10-30', by: 'storekeeper', dept: 'Stores', service: true, prio: 'RTN', budget: ['OPEX-RPR-2026', 'Component repairs'],
      finish: '2026-12-15', loc: 'Honeywell Singapore repair station', cur: 'USD', status: '100',
      remark: 'Repair of the unserviceable APU fuel control unit (shop visit).',
      lines: [{ pn: '3505582-10', qty: 1, desc: 'Repair/overhaul AR unit S/N FCU-10552, return with FAA 8130-3' }],
    },
    {
      no: 'MR-2026-00007', date: '2026-11-03', by: 'engineer', dept: 'Line Maintenance', prio: 'RTN', reg: 'PK-GTB', wo: 'WO-2026-00190',
      expect: '2026-11-30', loc: 'Hangar 4, Bay 1', cur: 'USD', status: '000',
      lines: [
        { pn: '441CH1', qty: 1, info: 'Main battery capacity check failed' },
        { pn: '453-5000', qty: 1, info: 'ELT battery expiry 12/2026, replace unit' },
      ],
    },
    {
      no: 'MR-2026-00008', date: '2026-11-10', by: 'engineer', dept: 'Base Maintenance', service: true, prio: 'RTN', reg: 'PK-GTH', wo: 'WO-2026-00183',
      finish: '2026-11-13', loc: 'Bandung (BDO) apron', cur: 'USD', status: '110', remark: 'Rejected: use the company crane.',
      lines: [{ gl: '6-2140-03', name: 'Crane hire', desc: '25 t mobile crane for main rotor gearbox change, 1 day', qty: 1, unit: 'JOB' }],
    },
    {
      no: 'MR-2026-00009', date: '2026-11-14', by: 'storekeeper', dept: 'Stores', prio: 'RTN', barter: true, cur: 'USD', status: '100',
      remark: 'BARTER: two AR brake assemblies against two OH units from Safran Landing Systems.',
      lines: [{ pn: '3214552-3', qty: 2, info: 'Exchange for AR S/N SLS-B6650 and SLS-B6702' }],
    },
    {
      no: 'MR-2026-00010', date: '2026-11-18', by: 'engineer', dept: 'Line Maintenance', prio: 'RTN', reg: 'PK-GTA', wo: 'WO-2026-00188', cur: 'USD', status: '100',
      remark: 'Replacement for the weather radar R/T robbed for PK-GTB (ROB-2026-00002).',
      lines: [{ pn: '930-1000-001', qty: 1, info: 'E&E bay rack E2-3' }],
    },
  ]);
  const pr = purchaseRequests([
    {
      no: 'PR-2026-00001', date: '2026-08-06', by: 'purchaser', dept: 'Procurement', type: 'RTN', mr: 'MR-2026-00001', reg: 'PK-GTB', need: '2026-08-20', cur: 'USD', status: '111', progress: 3,
      lines: [
        { mr: 'MR-2026-00001/1', pn: '2612312-2', qty: 2, cond: 'OH', price: 27500, closed: true },
        { mr: 'MR-2026-00001/2', pn: 'MS24665-132', qty: 100, cond: 'NE', price: 0.14, closed: true, remark: 'Minimum order 100' },
      ],
    },
    {
      no: 'PR-2026-00002', date: '2026-08-20', by: 'purchaser', dept: 'Procurement', type: 'AOG', mr: 'MR-2026-00002', reg: 'PK-GTC', need: '2026-08-23', cur: 'USD', status: '111', progress: 2,
      lines: [
        { mr: 'MR-2026-00002/1', pn: '3214552-3', qty: 2, cond: 'OH', price: 16800, closed: true },
        { mr: 'MR-2026-00002/2', pn: 'C20195100', qty: 1, cond: 'OH', price: 9800 },
      ],
    },
    {
      no: 'PR-2026-00003', date: '2026-09-09', by: 'purchaser', dept: 'Procurement', type: 'STK', mr: 'MR-2026-00003', need: '2026-10-15', budget: 'OPEX-STR-2026', cur: 'USD', status: '111', progress: 1,
      lines: [
        { mr: 'MR-2026-00003/1', pn: 'MJO2-QT', qty: 96, cond: 'NE' },
        { mr: 'MR-2026-00003/2', pn: 'ASH41-GAL', qty: 12, cond: 'NE' },
        { mr: 'MR-2026-00003/3', pn: 'PR1422B2-6OZ', qty: 12, cond: 'NE' },
      ],
    },
    {
      no: 'PR-2026-00004', date: '2026-10-01', by: 'purchaser', dept: 'Procurement', type: 'RTN', mr: 'MR-2026-00004', reg: 'PK-GTE', need: '2026-10-10', cur: 'USD', status: '111', progress: 0,
      lines: [{ mr: 'MR-2026-00004/1', pn: '761574B', qty: 1, cond: 'OH', price: 182000, remark: 'Exchange against the removed unit' }],
    },
    {
      no: 'PR-2026-00005', date: '2026-11-12', by: 'storekeeper', dept: 'Stores', type: 'STK', need: '2026-12-15', budget: 'OPEX-STR-2026', cur: 'USD', status: '100',
      remark: 'Below reorder minimum.',
      lines: [
        { pn: '3072701-01', qty: 30, cond: 'NE' },
        { pn: 'MS29513-232', qty: 100, cond: 'NE' },
      ],
    },
    {
      no: 'PR-2026-00006', date: '2026-11-19', by: 'purchaser', dept: 'Procurement', type: 'RPR', mr: 'MR-2026-00006', cur: 'USD', status: '000',
      lines: [{ mr: 'MR-2026-00006/1', pn: '3505582-10', qty: 1, cond: 'OH', price: 14500, desc: 'Repair of APU FCU S/N FCU-10552' }],
    },
  ]);

  const rc = receipts(1, [
    {
      no: 'IR-2026-00001', date: '2026-06-30', source: 'OPEN', by: 'storekeeper', posted: true, remark: 'Opening balance at go-live (stock count 30 June 2026).',
      lines: [
        { pn: 'MS24665-132', store: 'CGK-H4', bin: 'HW-A-01', batch: 'L2406-118', cond: 'NE', qty: 350, arc: 'COC' },
        { pn: 'NAS1149F0363P', store: 'CGK-H4', bin: 'HW-A-02', batch: 'L2403-552', cond: 'NE', qty: 800, arc: 'COC' },
        { pn: 'MS29513-232', store: 'CGK-H4', bin: 'HW-B-07', batch: 'CM-2404-07', cond: 'NE', qty: 120, arc: 'COC', mfg: '2024-04-10', exp: '2029-04-09' },
        { pn: 'MS20995C32', store: 'CGK-H4', bin: 'HW-C-01', batch: 'SW-2311', cond: 'NE', qty: 8, arc: 'COC' },
        { pn: 'MJO2-QT', store: 'CGK-H4', bin: 'CH-01', batch: 'MJ2-25A118', cond: 'NE', qty: 60, arc: 'COC', mfg: '2022-01-31', exp: '2027-01-31' },
        { pn: 'MJO2-QT', store: 'CGK-H4', bin: 'CH-01', batch: 'MJ2-26B044', cond: 'NE', qty: 24, arc: 'COC', mfg: '2025-06-30', exp: '2030-06-30' },
        { pn: 'ASH41-GAL', store: 'CGK-H4', bin: 'CH-02', batch: 'AS41-2508', cond: 'NE', qty: 14, arc: 'COC', mfg: '2025-08-31', exp: '2030-08-31' },
        { pn: 'SKYDROL-LD4-GAL', store: 'CGK-H4', bin: 'CH-03', batch: 'SKL-2602-31', cond: 'NE', qty: 12, arc: 'COC', mfg: '2026-02-28', exp: '2031-02-28' },
        { pn: 'PR1422B2-6OZ', store: 'CGK-H4', bin: 'FRZ-01', batch: 'PPG-25H0731', cond: 'NE', qty: 8, arc: 'COC', mfg: '2026-01-23', exp: '2026-10-20' },
        { pn: 'PR1422B2-6OZ', store: 'CGK-H4', bin: 'FRZ-01', batch: 'PPG-26C0412', cond: 'NE', qty: 12, arc: 'COC', mfg: '2026-04-20', exp: '2027-01-15' },
        { pn: '3072701-01', store: 'CGK-H4', bin: 'ENG-F-03', cond: 'NE', qty: 6, arc: 'TCCA-F1', cert: 'PWC-F1-2604-1187' },
        ...serials(['MT2406-1185', 'MT2406-1190'], { pn: 'M01103', store: 'CGK-H4', bin: 'TYR-01', cond: 'NE', arc: 'EASA-F1', cert: 'MIC-F1-260611' }),
        { pn: '3214552-3', store: 'CGK-H4', bin: 'LG-R-04', sn: 'SLS-B7731', cond: 'OH', qty: 1, arc: 'EASA-F1', cert: 'SLS-F1-25-40712', usd: 16800 },
        ...serials(['W-40118', 'W-40562'], { pn: 'C20195100', store: 'CGK-H4', bin: 'LG-R-06', cond: 'OH', arc: 'EASA-F1', cert: 'SLS-F1-25-38820', usd: 9800 }),
        { pn: '441CH1', store: 'CGK-H4', bin: 'AVI-02', sn: 'SAFT-90331', cond: 'OH', qty: 1, arc: 'DUAL', cert: 'AAR-F1-26-00871', usd: 5200 },
        { pn: '453-5000', store: 'CGK-H4', bin: 'AVI-05', sn: 'ELT-77120', cond: 'NE', qty: 1, arc: 'FAA-8130', cert: 'ACR-8130-558102' },
        { pn: '3505582-10', store: 'CGK-H4', bin: 'ENG-R-01', sn: 'FCU-11873', cond: 'OH', qty: 1, arc: 'FAA-8130', cert: 'HON-8130-2240981', usd: 42000 },
        { pn: '930-1000-001', store: 'CGK-H4', bin: 'AVI-R-02', sn: 'RDR-4K-2291', cond: 'NE', qty: 1, arc: 'FAA-8130', cert: 'HON-8130-2251177' },
        { pn: '3072701-01', store: 'DPS-LS', bin: 'A-01', cond: 'NE', qty: 2, arc: 'TCCA-F1', cert: 'PWC-F1-2604-1187' },
        { pn: 'MJO2-QT', store: 'DPS-LS', bin: 'A-04', batch: 'MJ2-26B044', cond: 'NE', qty: 24, arc: 'COC' },
        { pn: 'MS24665-132', store: 'DPS-LS', bin: 'A-02', batch: 'L2406-118', cond: 'NE', qty: 100, arc: 'COC' },
      ],
    },
    {
      no: 'IR-2026-00002', date: '2026-11-16', source: 'RPR', vendor: 'PWC', dn: 'PWC-RO-26-3318', awb: '618-22045517', by: 'storekeeper', posted: false,
      remark: 'Fuel nozzle back from overhaul; waiting for the Form 1 original.',
      lines: [{ pn: '3072165-01', store: 'CGK-H4', bin: 'ENG-F-01', sn: 'PCE-FN20931', cond: 'OH', qty: 1, arc: 'TCCA-F1', cert: 'PWC-F1-2611-0442', usd: 3900 }],
    },
  ]);

  const us = usReceipts([
    {
      no: 'USR-2026-00002', date: '2026-08-30', source: 'REM', reg: 'PK-GTB', wo: 'WO-2026-00112', removed: '2026-08-29', reason: 'UNSCHED', store: 'CGK-US',
      by: 'Dewi Lestari (EMP1004)', posted: true,
      lines: [
        { pn: '2612312-2', sn: 'HB-20871', tag: 'UST-26-0412', defect: 'Wear pin flush: brake worn to limit', csn: 1880, disp: 'RPR' },
        { pn: '2612312-2', sn: 'HB-21033', tag: 'UST-26-0413', defect: 'Wear pin flush: brake worn to limit', csn: 1902, disp: 'RPR' },
      ],
    },
    {
      no: 'USR-2026-00001', date: '2026-08-26', source: 'REM', reg: 'PK-GTC', wo: 'WO-2026-00131', removed: '2026-08-25', reason: 'UNSCHED', store: 'CGK-US',
      by: 'I Made Wirawan (DPS line)', posted: true,
      lines: [
        { pn: '3214552-3', sn: 'SLS-B6650', tag: 'UST-26-0398', defect: 'Brake worn beyond limit (AOG DPS)', csn: 2210, disp: 'RPR' },
        { pn: '3214552-3', sn: 'SLS-B6702', tag: 'UST-26-0399', defect: 'Brake worn beyond limit (AOG DPS)', csn: 2196, disp: 'RPR' },
      ],
    },
    {
      no: 'USR-2026-00003', date: '2026-11-19', source: 'REM', reg: 'PK-GTD', wo: 'WO-2026-00171', removed: '2026-11-18', reason: 'UNSCHED', store: 'CGK-US',
      by: 'Dewi Lestari (EMP1004)', posted: false,
      lines: [{ pn: '3072165-01', sn: 'PCE-FN18874', tag: 'UST-26-0561', defect: 'Streaky spray pattern found at borescope inspection', tsn: '8420:15', csn: 9310, tso: '2105:40', cso: 2388, disp: 'RPR' }],
    },
  ]);

  const tr = transfers([
    {
      no: 'TRF-2026-00001', date: '2026-07-15', from: 'CGK-H4', to: 'DPS-LS', reason: 'REPL', by: 'Slamet Riyadi', carrier: 'GA 404 CGK-DPS', awb: '126-55102214', out: true,
      in: { date: '2026-07-16', by: 'Made Suarjana' },
      lines: [
        { pn: '3072701-01', cond: 'NE', qty: 4, arc: 'TCCA-F1', cert: 'PWC-F1-2604-1187' },
        { pn: 'MJO2-QT', batch: 'MJ2-25A118', cond: 'NE', qty: 12, arc: 'COC' },
      ],
    },
    {
      no: 'TRF-2026-00002', date: '2026-11-17', from: 'CGK-H4', to: 'DPS-LS', reason: 'AOG', by: 'Slamet Riyadi', carrier: 'GA 406 CGK-DPS (cargo)', awb: '126-55180347', out: true,
      remark: 'Spare brake for the DPS line kit; cargo held at DPS customs.',
      lines: [
        { pn: '3214552-3', sn: 'SLS-B7731', cond: 'OH', qty: 1, arc: 'EASA-F1', cert: 'SLS-F1-25-40712' },
        { pn: 'MS24665-132', batch: 'L2406-118', cond: 'NE', qty: 50, arc: 'COC' },
      ],
    },
    {
      no: 'TRF-2026-00003', date: '2026-11-21', from: 'DPS-LS', to: 'CGK-H4', reason: 'RET', by: 'Made Suarjana', out: false,
      lines: [{ pn: 'MJO2-QT', batch: 'MJ2-25A118', cond: 'NE', qty: 6, arc: 'COC', remark: 'Older batch back to the main store' }],
    },
  ]);

  const is = issues([
    {
      no: 'ISS-2026-00002', date: '2026-08-29', type: 'AC', mr: 'MR-2026-00001', reg: 'PK-GTB', wo: 'WO-2026-00112', store: 'CGK-H4', to: 'Dewi Lestari (EMP1004)', posted: true,
      lines: [
        { mr: 'MR-2026-00001/1', pn: '2612312-2', sn: 'HB-37719', cond: 'OH', qty: 1, arc: 'FAA-8130', cert: 'HON-8130-2288104' },
        { mr: 'MR-2026-00001/1', pn: '2612312-2', sn: 'HB-37722', cond: 'OH', qty: 1, arc: 'FAA-8130', cert: 'HON-8130-2288104' },
        { mr: 'MR-2026-00001/2', pn: 'MS24665-132', batch: 'L2406-118', cond: 'NE', qty: 50, arc: 'COC' },
      ],
    },
    {
      no: 'ISS-2026-00001', date: '2026-08-25', type: 'AC', mr: 'MR-2026-00002', reg: 'PK-GTC', wo: 'WO-2026-00131', store: 'CGK-H4', to: 'I Made Wirawan (DPS line), hand-carried on GA 404', posted: true,
      lines: [
        { mr: 'MR-2026-00002/1', pn: '3214552-3', sn: 'SLS-B8102', cond: 'OH', qty: 1, arc: 'EASA-F1', cert: 'SLS-F1-26-51120' },
        { mr: 'MR-2026-00002/1', pn: '3214552-3', sn: 'SLS-B8157', cond: 'OH', qty: 1, arc: 'EASA-F1', cert: 'SLS-F1-26-51121' },
      ],
    },
    {
      no: 'ISS-2026-00004', date: '2026-10-15', type: 'AC', mr: 'MR-2026-00005', reg: 'PK-GTD', wo: 'WO-2026-00171', store: 'CGK-H4', to: 'Base maintenance, Bay 2 (EMP1004)', posted: true,
      lines: [
        { mr: 'MR-2026-00005/3', pn: 'MS29513-232', batch: 'CM-2404-07', cond: 'NE', qty: 10, arc: 'COC' },
        { pn: '3072701-01', cond: 'NE', qty: 2, arc: 'TCCA-F1', cert: 'PWC-F1-2604-1187' },
        { pn: 'MJO2-QT', batch: 'MJ2-25A118', cond: 'NE', qty: 12, arc: 'COC' },
        { pn: 'ASH41-GAL', batch: 'AS41-2508', cond: 'NE', qty: 6, arc: 'COC' },
        { pn: 'MS20995C32', batch: 'SW-2311', cond: 'NE', qty: 4, arc: 'COC' },
      ],
    },
    {
      no: 'ISS-2026-00005', date: '2026-10-22', type: 'SHOP', store: 'CGK-H4', to: 'Wheel and brake shop (Agus Salim)', posted: true,
      lines: [
        { pn: 'MS29513-232', batch: 'CM-2404-07', cond: 'NE', qty: 60, arc: 'COC' },
        { pn: 'MS24665-132', batch: 'BDS-2607-0091', cond: 'NE', qty: 10, arc: 'COC' },
      ],
    },
    {
      no: 'ISS-2026-00003', date: '2026-09-10', type: 'DISP', store: 'CGK-US', kind: 'RPR', vendor: 'HON', to: 'Honeywell repair station (RO-2026-0233)', posted: true,
      remark: 'Removed brakes sent for overhaul under repair order RO-2026-0233.',
      lines: [
        { pn: '2612312-2', sn: 'HB-20871', cond: 'AR', qty: 1, arc: 'US-TAG', cert: 'UST-26-0412' },
        { pn: '2612312-2', sn: 'HB-21033', cond: 'AR', qty: 1, arc: 'US-TAG', cert: 'UST-26-0413' },
      ],
    },
    {
      no: 'ISS-2026-00006', date: '2026-11-21', type: 'AC', reg: 'PK-GTB', wo: 'WO-2026-00190', store: 'CGK-H4', to: 'Line maintenance (EMP1004)', posted: false,
      lines: [{ pn: '441CH1', sn: 'SAFT-90331', cond: 'OH', qty: 1, arc: 'DUAL', cert: 'AAR-F1-26-00871' }],
    },
  ]);

  const rt = returns([
    {
      no: 'RTN-2026-00001', date: '2026-08-31', issue: 'ISS-2026-00002', reg: 'PK-GTB', wo: 'WO-2026-00112', store: 'CGK-H4', reason: 'UNUSED', by: 'Dewi Lestari (EMP1004)', posted: true,
      lines: [{ pn: 'MS24665-132', batch: 'L2406-118', cond: 'NE', qty: 4, arc: 'COC' }],
    },
    {
      no: 'RTN-2026-00002', date: '2026-11-21', issue: 'ISS-2026-00004', reg: 'PK-GTD', wo: 'WO-2026-00171', store: 'CGK-H4', reason: 'UNUSED', by: 'Base maintenance, Bay 2', posted: false,
      lines: [{ pn: 'MJO2-QT', batch: 'MJ2-25A118', cond: 'NE', qty: 2, arc: 'COC', remark: 'Sealed cans only' }],
    },
  ]);

  const rob = robbings([
    {
      no: 'ROB-2026-00002', date: '2026-11-12', pn: '930-1000-001', sn: 'RDR-4K-1876', donor: 'PK-GTA', position: 'E&E bay rack E2-3', donorWo: 'WO-2026-00188',
      recipient: 'PK-GTB', recipientWo: 'WO-2026-00190', reason: 'AOG', by: 'approver', authRef: 'RA-2026-014', mr: 'MR-2026-00010', via: 'CGK-H4',
      remark: 'PK-GTB weather radar inoperative (no MEL relief for the planned night sector); donor PK-GTA in storage.',
    },
    {
      no: 'ROB-2026-00001', date: '2026-09-03', pn: '3505582-10', sn: 'FCU-12201', donor: 'PK-GTA', position: 'APU compartment', recipient: 'PK-GTB', recipientWo: 'WO-2026-00140',
      reason: 'WSP', by: 'approver', authRef: 'RA-2026-009', closed: '2026-09-20', via: 'CGK-H4', remark: 'Donor restored with FCU-11873 from stock on 20 Sep.',
    },
  ]);

  const rsv = reservations([
    {
      no: 'RSV-2026-00002', date: '2026-10-13', mr: 'MR-2026-00005', reg: 'PK-GTD', wo: 'WO-2026-00171', store: 'CGK-H4', required: '2026-11-25', until: '2026-12-15', by: 'storekeeper', open: true,
      remark: 'C-check phase 3 close-up.',
      lines: [
        { pn: 'MS29513-232', batch: 'CM-2404-07', cond: 'NE', qty: 10 },
        { pn: 'MS24665-132', batch: 'BDS-2607-0091', cond: 'NE', qty: 20 },
      ],
    },
    {
      no: 'RSV-2026-00001', date: '2026-08-20', mr: 'MR-2026-00002', reg: 'PK-GTC', wo: 'WO-2026-00131', store: 'CGK-H4', required: '2026-08-22', until: '2026-08-31', by: 'storekeeper', open: false,
      remark: 'Released: brakes received from Safran on 24 Aug.',
      lines: [{ mr: 'MR-2026-00002/1', pn: '3214552-3', sn: 'SLS-B7731', cond: 'OH', qty: 1 }],
    },
  ]);

  const pm = postmods([
    {
      date: '2026-09-18', pn: '2612312-2', pre: '2612312-1', post: '2612312-2', sn: 'HB-20871', mod: 'Honeywell SB 2612312-32-004', desc: 'Improved heat stack and wear pin bracket; re-identified to -2',
      wo: 'RO-2026-0233', by: 'Honeywell Aerospace Singapore', arc: 'FAA-8130', cert: 'HON-8130-2291055',
    },
    {
      date: '2026-07-02', pn: '3072165-01', pre: '3072165-01', post: '3072165-01 (SB 72-21598)', sn: 'PCE-FN19904', mod: 'P&WC SB 72-21598', desc: 'Fuel nozzle heat shield with improved coating',
      store: 'CGK-H4', wo: 'RO-2026-0198', by: 'Pratt & Whitney Canada SEA', arc: 'TCCA-F1', cert: 'PWC-F1-2607-0311',
    },
    {
      date: '2026-10-05', pn: '441CH1', pre: '441CH', post: '441CH1', sn: 'SAFT-90331', mod: 'Saft SB 441CH-24-002', desc: 'New cell vent caps and connector; re-identified 441CH1',
      store: 'CGK-H4', wo: 'WO-2026-00166', by: 'GAT battery shop', arc: 'EASA-F1', cert: 'GAT-F1-26-0877',
    },
  ]);

  return {
    store_warehouse: [
      {
        store_code: 'CGK-QT', store_name: 'Hangar 4 Quarantine Cage', store_type: 'QUAR', station: 'CGK', address: 'Hangar 4, Bay 2 (caged)', city: 'Tangerang',
        storekeeper: 'Slamet Riyadi', phone: '+62 21 550 9103', serviceable_only: false, is_bonded: false, active: true,
      },
    ],
    ...mr,
    ...pr,
    ...rc,
    ...us,
    ...tr,
    ...is,
    ...rt,
    robbing_part: rob,
    ...rsv,
    inventory_postmod: pm,
    currency_rate: [
      { currency: 'IDR', valid_from: '2026-01-01', rate: 0.000062, source: 'Bank Indonesia JISDOR (1 / 16,250)' },
      { currency: 'EUR', valid_from: '2026-01-01', rate: 1.085, source: 'ECB reference rate' },
    ],
  };
}

// ================================================================ CTA (airline, IDR)

const IDR = 16250;

function cta(): Record<string, Row[]> {
  const mr = materialRequests([
    {
      no: 'MR-2026-00001', date: '2026-07-21', by: 'engineer', dept: 'Line Maintenance', prio: 'AOG', reg: 'PK-WFE', wo: 'WO-2026-00318',
      expect: '2026-07-23', loc: 'Makassar line store', cur: 'IDR', status: '111', progress: 4, remark: 'PK-WFE AOG at UPG: brake 3 worn beyond limit.',
      lines: [{ pn: '3214552-3', qty: 1, info: 'Position 3 (RH outboard)', closed: 'Issued (ISS-2026-00001)' }],
    },
    {
      no: 'MR-2026-00002', date: '2026-08-12', by: 'planner', dept: 'Maintenance Planning', prio: 'RTN', budget: ['CTA-OPEX-LOG-26', 'Logistics consumables 2026'],
      expect: '2026-09-05', loc: 'Halim main store', cur: 'IDR', status: '111', progress: 3,
      lines: [
        { pn: '3072701-01', qty: 24, info: 'Oil filter changes, ATR fleet Q4' },
        { pn: 'MJO2-QT', qty: 48, info: 'Engine oil servicing, ATR fleet Q4' },
      ],
    },
    {
      no: 'MR-2026-00003', date: '2026-09-15', by: 'engineer', dept: 'Line Maintenance', prio: 'WSP', reg: 'PK-WGA', wo: 'WO-2026-00402', expect: '2026-10-01',
      loc: 'Halim main store', cur: 'IDR', status: '111', progress: 2,
      lines: [{ pn: 'M01103', qty: 2, info: 'Main tyres 1 and 2 worn to limit' }],
    },
    {
      no: 'MR-2026-00004', date: '2026-10-02', by: 'planner', dept: 'Maintenance Planning', prio: 'RTN', reg: 'PK-WFB', wo: 'WO-2026-00455',
      budget: ['CTA-CAPEX-CCHK-26', 'C-check PK-WFB'], expect: '2026-11-20', loc: 'Halim hangar', cur: 'IDR', status: '111', progress: 0,
      lines: [
        { pn: '3072165-01', qty: 2, info: 'Engine 1 fuel nozzles (borescope finding)' },
        { pn: 'C20195100', qty: 2, info: 'Main wheels 1 and 4 (hub corrosion)' },
      ],
    },
    {
      no: 'MR-2026-00005', date: '2026-11-05', by: 'planner', dept: 'Maintenance Planning', prio: 'RTN', reg: 'PK-WHA', wo: 'WO-2026-00470', expect: '2026-12-10',
      loc: 'Surabaya line store', cur: 'IDR', status: '100',
      lines: [{ pn: '2612312-2', qty: 2, info: 'Brakes 1 and 2 approaching wear limit (forecast)' }],
    },
    {
      no: 'MR-2026-00006', date: '2026-11-16', by: 'cta.admin', dept: 'Quality', service: true, prio: 'RTN', finish: '2026-12-05', loc: 'Halim tool store', cur: 'IDR', status: '000',
      lines: [{ gl: '6-3120-01', name: 'Tool calibration', desc: 'Annual calibration of 14 torque wrenches (ISO 6789)', qty: 14, unit: 'EA' }],
    },
    {
      no: 'MR-2026-00007', date: '2026-11-18', by: 'engineer', dept: 'Line Maintenance', prio: 'RTN', reg: 'PK-WFC', wo: 'WO-2026-00449', cur: 'IDR', status: '110',
      remark: 'Rejected: replace the ELT battery pack only (CMM 25-62-19).',
      lines: [{ pn: '453-5000', qty: 1, info: 'ELT battery expiry' }],
    },
  ]);
  const pr = purchaseRequests([
    {
      no: 'PR-2026-00001', date: '2026-07-21', by: 'cta.admin', dept: 'Purchasing', type: 'AOG', mr: 'MR-2026-00001', reg: 'PK-WFE', need: '2026-07-23', cur: 'IDR', status: '111', progress: 3,
      lines: [{ mr: 'MR-2026-00001/1', pn: '3214552-3', qty: 1, cond: 'OH', price: 16800, closed: true }],
    },
    {
      no: 'PR-2026-00002', date: '2026-08-13', by: 'cta.admin', dept: 'Purchasing', type: 'STK', mr: 'MR-2026-00002', need: '2026-09-05', budget: 'CTA-OPEX-LOG-26', cur: 'IDR', status: '111', progress: 2,
      lines: [
        { mr: 'MR-2026-00002/1', pn: '3072701-01', qty: 24, cond: 'NE', price: 185 },
        { mr: 'MR-2026-00002/2', pn: 'MJO2-QT', qty: 48, cond: 'NE', price: 19.4, closed: true },
      ],
    },
    {
      no: 'PR-2026-00003', date: '2026-09-16', by: 'cta.admin', dept: 'Purchasing', type: 'RTN', mr: 'MR-2026-00003', reg: 'PK-WGA', need: '2026-10-01', cur: 'IDR', status: '111', progress: 1,
      lines: [{ mr: 'MR-2026-00003/1', pn: 'M01103', qty: 2, cond: 'NE', price: 3150 }],
    },
    {
      no: 'PR-2026-00004', date: '2026-11-06', by: 'planner', dept: 'Maintenance Planning', type: 'RTN', mr: 'MR-2026-00005', reg: 'PK-WHA', need: '2026-12-10', cur: 'IDR', status: '100',
      lines: [{ mr: 'MR-2026-00005/1', pn: '2612312-2', qty: 2, cond: 'OH', price: 27500 }],
    },
  ]);

  const rc = receipts(IDR, [
    {
      no: 'IR-2026-00001', date: '2026-06-30', source: 'OPEN', by: 'cta.admin', posted: true, remark: 'Opening balance at go-live (stock count 30 June 2026).',
      lines: [
        { pn: 'MS24665-132', store: 'HLP-MS', bin: 'R1-01', batch: 'L2402-071', cond: 'NE', qty: 200, arc: 'COC' },
        { pn: 'NAS1149F0363P', store: 'HLP-MS', bin: 'R1-02', batch: 'L2401-330', cond: 'NE', qty: 400, arc: 'COC' },
        { pn: 'MS29513-232', store: 'HLP-MS', bin: 'R1-05', batch: 'CM-2311-19', cond: 'NE', qty: 60, arc: 'COC', mfg: '2023-11-30', exp: '2028-11-30' },
        { pn: 'MJO2-QT', store: 'HLP-MS', bin: 'CH-01', batch: 'MJ2-25C201', cond: 'NE', qty: 30, arc: 'COC', mfg: '2021-09-30', exp: '2026-09-30' },
        { pn: 'ASH41-GAL', store: 'HLP-MS', bin: 'CH-02', batch: 'AS41-2412', cond: 'NE', qty: 8, arc: 'COC', mfg: '2024-12-31', exp: '2029-12-31' },
        { pn: 'PR1422B2-6OZ', store: 'HLP-MS', bin: 'FRZ-01', batch: 'PPG-26A0155', cond: 'NE', qty: 6, arc: 'COC', mfg: '2026-03-25', exp: '2026-12-20' },
        { pn: '3072701-01', store: 'HLP-MS', bin: 'E-03', cond: 'NE', qty: 8, arc: 'TCCA-F1', cert: 'PWC-F1-2603-0925' },
        { pn: 'C20195100', store: 'HLP-MS', bin: 'LG-02', sn: 'W-39877', cond: 'OH', qty: 1, arc: 'EASA-F1', cert: 'SLS-F1-25-37101', usd: 9800 },
        { pn: '441CH1', store: 'HLP-MS', bin: 'AV-01', sn: 'SAFT-88120', cond: 'OH', qty: 1, arc: 'EASA-F1', cert: 'GAT-F1-26-0410', usd: 5200 },
        { pn: 'M01103', store: 'HLP-MS', bin: 'TY-01', sn: 'MT2403-0992', cond: 'NE', qty: 1, arc: 'EASA-F1', cert: 'MIC-F1-240322' },
        { pn: '3072701-01', store: 'SUB-LS', bin: 'A-01', cond: 'NE', qty: 4, arc: 'TCCA-F1', cert: 'PWC-F1-2603-0925' },
        { pn: 'MJO2-QT', store: 'SUB-LS', bin: 'A-03', batch: 'MJ2-25C201', cond: 'NE', qty: 12, arc: 'COC' },
        { pn: '3072701-01', store: 'UPG-LS', bin: 'A-01', cond: 'NE', qty: 2, arc: 'TCCA-F1', cert: 'PWC-F1-2603-0925' },
        { pn: 'MS24665-132', store: 'UPG-LS', bin: 'A-02', batch: 'L2402-071', cond: 'NE', qty: 50, arc: 'COC' },
      ],
    },
    {
      no: 'IR-2026-00002', date: '2026-11-20', source: 'LOAN', vendor: 'AAR', dn: 'AAR-LN-26-0917', awb: '020-88455102', by: 'cta.admin', posted: false,
      remark: 'Loan battery while SAFT-87011 is in the shop; return within 30 days.',
      lines: [{ pn: '441CH1', store: 'HLP-MS', bin: 'AV-01', sn: 'SAFT-91002', cond: 'SV', qty: 1, arc: 'FAA-8130', cert: 'AAR-8130-26-33190', usd: 0 }],
    },
  ]);

  const us = usReceipts([
    {
      no: 'USR-2026-00001', date: '2026-07-25', source: 'REM', reg: 'PK-WFE', wo: 'WO-2026-00318', removed: '2026-07-24', reason: 'UNSCHED', store: 'HLP-US', by: 'Andi Rahman (UPG line)', posted: true,
      lines: [{ pn: '3214552-3', sn: 'SLS-B5512', tag: 'CTA-US-26-0211', defect: 'Brake worn beyond limit (AOG UPG)', csn: 2340, disp: 'RPR' }],
    },
    {
      no: 'USR-2026-00002', date: '2026-11-18', source: 'REM', reg: 'PK-WFB', wo: 'WO-2026-00455', removed: '2026-11-17', reason: 'UNSCHED', store: 'HLP-US', by: 'Dewi Lestari', posted: false,
      lines: [{ pn: '3072165-01', sn: 'PCE-FN17720', tag: 'CTA-US-26-0305', defect: 'Carbon build-up, spray pattern out of limits', tsn: '9840:30', csn: 10920, disp: 'RPR' }],
    },
  ]);

  const tr = transfers([
    {
      no: 'TRF-2026-00001', date: '2026-09-05', from: 'HLP-MS', to: 'SUB-LS', reason: 'REPL', by: 'Yudi Kurniawan', carrier: 'Citra C7 612 HLP-SUB', awb: 'C7-26-091188', out: true,
      in: { date: '2026-09-06', by: 'Eko Wahyudi' },
      lines: [
        { pn: '3072701-01', cond: 'NE', qty: 4, arc: 'TCCA-F1', cert: 'PWC-F1-2608-1402' },
        { pn: 'MJO2-QT', batch: 'MJ2-26A077', cond: 'NE', qty: 12, arc: 'COC' },
      ],
    },
    {
      no: 'TRF-2026-00002', date: '2026-11-19', from: 'HLP-MS', to: 'UPG-LS', reason: 'AOG', by: 'Yudi Kurniawan', carrier: 'Citra C7 771 HLP-UPG', awb: 'C7-26-110457', out: true,
      remark: 'Spare main wheel for PK-WFD.',
      lines: [{ pn: 'C20195100', sn: 'W-39877', cond: 'OH', qty: 1, arc: 'EASA-F1', cert: 'SLS-F1-25-37101' }],
    },
    {
      no: 'TRF-2026-00003', date: '2026-11-21', from: 'SUB-LS', to: 'HLP-MS', reason: 'RET', by: 'Eko Wahyudi', out: false,
      lines: [{ pn: 'MJO2-QT', batch: 'MJ2-25C201', cond: 'NE', qty: 12, arc: 'COC', remark: 'Expired batch back for disposal' }],
    },
  ]);

  const is = issues([
    {
      no: 'ISS-2026-00001', date: '2026-07-24', type: 'AC', mr: 'MR-2026-00001', reg: 'PK-WFE', wo: 'WO-2026-00318', store: 'UPG-LS', to: 'Andi Rahman (UPG line)', posted: true,
      lines: [{ mr: 'MR-2026-00001/1', pn: '3214552-3', sn: 'SLS-B8240', cond: 'OH', qty: 1, arc: 'EASA-F1', cert: 'SLS-F1-26-49911' }],
    },
    {
      no: 'ISS-2026-00003', date: '2026-09-20', type: 'AC', reg: 'PK-WFA', wo: 'WO-2026-00411', store: 'HLP-MS', to: 'Line maintenance HLP (EMP1004)', posted: true,
      lines: [
        { pn: '3072701-01', cond: 'NE', qty: 2, arc: 'TCCA-F1' },
        { pn: 'MJO2-QT', batch: 'MJ2-26A077', cond: 'NE', qty: 6, arc: 'COC' },
      ],
    },
    {
      no: 'ISS-2026-00004', date: '2026-10-10', type: 'AC', reg: 'PK-WFC', wo: 'WO-2026-00438', store: 'SUB-LS', to: 'Line maintenance SUB', posted: true,
      lines: [
        { pn: '3072701-01', cond: 'NE', qty: 2, arc: 'TCCA-F1' },
        { pn: 'MJO2-QT', batch: 'MJ2-26A077', cond: 'NE', qty: 4, arc: 'COC' },
      ],
    },
    {
      no: 'ISS-2026-00002', date: '2026-08-05', type: 'DISP', store: 'HLP-US', kind: 'RPR', vendor: 'SLS', to: 'Safran Landing Systems (RO CTA-RO-26-041)', posted: true,
      lines: [{ pn: '3214552-3', sn: 'SLS-B5512', cond: 'AR', qty: 1, arc: 'US-TAG', cert: 'CTA-US-26-0211' }],
    },
    {
      no: 'ISS-2026-00005', date: '2026-11-21', type: 'AC', mr: 'MR-2026-00003', reg: 'PK-WGA', wo: 'WO-2026-00402', store: 'HLP-MS', to: 'Line maintenance HLP', posted: false,
      lines: [{ mr: 'MR-2026-00003/1', pn: 'M01103', sn: 'MT2403-0992', cond: 'NE', qty: 1, arc: 'EASA-F1' }],
    },
  ]);

  const rt = returns([
    {
      no: 'RTN-2026-00001', date: '2026-09-21', issue: 'ISS-2026-00003', reg: 'PK-WFA', wo: 'WO-2026-00411', store: 'HLP-MS', reason: 'UNUSED', by: 'Line maintenance HLP', posted: true,
      lines: [{ pn: 'MJO2-QT', batch: 'MJ2-26A077', cond: 'NE', qty: 2, arc: 'COC' }],
    },
  ]);

  const rob = robbings([
    {
      no: 'ROB-2026-00001', date: '2026-10-28', pn: '441CH1', sn: 'SAFT-87011', donor: 'PK-WFB', position: 'Forward cargo, main battery', donorWo: 'WO-2026-00455',
      recipient: 'PK-WFD', recipientWo: 'WO-2026-00461', reason: 'AOG', by: 'approver', authRef: 'CTA-RA-26-007', via: 'HLP-MS',
      remark: 'PK-WFD battery failed capacity check; PK-WFB in C-check.',
    },
  ]);

  const rsv = reservations([
    {
      no: 'RSV-2026-00001', date: '2026-10-03', mr: 'MR-2026-00004', reg: 'PK-WFB', wo: 'WO-2026-00455', store: 'HLP-MS', required: '2026-12-01', until: '2026-12-31', by: 'planner', open: true,
      lines: [
        { pn: '3072701-01', cond: 'NE', qty: 4 },
        { pn: 'MS29513-232', batch: 'CM-2311-19', cond: 'NE', qty: 8 },
      ],
    },
  ]);

  const pm = postmods([
    {
      date: '2026-08-14', pn: 'C20195100', pre: 'C20195000', post: 'C20195100', sn: 'W-39877', mod: 'Safran SB ATR72-32-1108', desc: 'Main wheel hub with improved bearing cups; re-identified',
      store: 'HLP-MS', wo: 'CTA-RO-26-033', by: 'Safran Landing Systems Singapore', arc: 'EASA-F1', cert: 'SLS-F1-25-37101',
    },
  ]);

  return {
    store_warehouse: [
      {
        store_code: 'HLP-US', store_name: 'Halim Unserviceable Store', store_type: 'US', station: 'HLP', address: 'Hangar Citra, Bandara Halim Perdanakusuma, Cage 3',
        city: 'Jakarta Timur', storekeeper: 'Yudi Kurniawan', phone: '+62 21 809 1151', serviceable_only: false, is_bonded: false, active: true,
      },
    ],
    ...mr,
    ...pr,
    ...rc,
    ...us,
    ...tr,
    ...is,
    ...rt,
    robbing_part: rob,
    ...rsv,
    inventory_postmod: pm,
    currency_rate: [
      { currency: 'USD', valid_from: '2026-01-01', rate: IDR, source: 'Bank Indonesia JISDOR' },
      { currency: 'USD', valid_from: '2026-11-02', rate: 16_480, source: 'Bank Indonesia JISDOR' },
      { currency: 'EUR', valid_from: '2026-01-01', rate: 17_630, source: 'Bank Indonesia JISDOR' },
    ],
  };
}

// ================================================================ GAH (holding, USD)

function gah(): Record<string, Row[]> {
  const mr = materialRequests([
    {
      no: 'MR-2026-00001', date: '2026-10-06', by: 'admin', dept: 'Fleet Technical', prio: 'WSP', reg: 'PK-GHD', wo: 'WO-2026-00077', expect: '2026-10-30',
      loc: 'Soekarno-Hatta central store', cur: 'USD', status: '111', progress: 4,
      lines: [{ pn: 'M01103', qty: 4, info: 'Main tyres, A-check PK-GHD' }],
    },
    {
      no: 'MR-2026-00002', date: '2026-11-11', by: 'admin', dept: 'Fleet Technical', prio: 'RTN', reg: 'PK-GHF', wo: 'WO-2026-00091', cur: 'USD', status: '000',
      lines: [{ pn: '3072701-01', qty: 6, info: 'Oil filter changes, PK-GHF' }],
    },
  ]);
  const pr = purchaseRequests([
    {
      no: 'PR-2026-00001', date: '2026-10-07', by: 'admin', dept: 'Fleet Technical', type: 'RTN', mr: 'MR-2026-00001', reg: 'PK-GHD', need: '2026-10-30', cur: 'USD', status: '111', progress: 3,
      lines: [{ mr: 'MR-2026-00001/1', pn: 'M01103', qty: 4, cond: 'NE', price: 3150 }],
    },
  ]);
  const rc = receipts(1, [
    {
      no: 'IR-2026-00001', date: '2026-06-30', source: 'OPEN', by: 'admin', posted: true, remark: 'Opening balance at go-live.',
      lines: [
        ...serials(['MT2405-0411', 'MT2405-0418', 'MT2405-0420'], { pn: 'M01103', store: 'CGK-MS', bin: 'TY-01', cond: 'NE', arc: 'EASA-F1', cert: 'MIC-F1-240517' }),
        { pn: 'MJO2-QT', store: 'CGK-MS', bin: 'CH-01', batch: 'MJ2-26A010', cond: 'NE', qty: 40, arc: 'COC', mfg: '2026-01-10', exp: '2031-01-10' },
        { pn: 'PR1422B2-6OZ', store: 'CGK-MS', bin: 'FRZ-01', batch: 'PPG-26B0290', cond: 'NE', qty: 10, arc: 'COC', mfg: '2026-03-05', exp: '2026-11-30' },
        ...serials(['HB-36610', 'HB-36644'], { pn: '2612312-2', store: 'CGK-MS', bin: 'LG-01', cond: 'OH', arc: 'FAA-8130', cert: 'HON-8130-2201456', usd: 27500 }),
        { pn: '761574B', store: 'CGK-BW', bin: 'BW-07', sn: 'IDG-14433', cond: 'OH', qty: 1, arc: 'DUAL', cert: 'COL-F1-25-11902', usd: 182000, remark: 'Pool unit, bonded' },
        { pn: '2206200-4', store: 'CGK-QR', bin: 'Q-02', sn: 'ACM-5521', cond: 'SV', qty: 1, arc: 'NONE', usd: 56000, remark: 'Quarantine: Form 1 missing from the lessor return' },
      ],
    },
  ]);
  const us = usReceipts([
    {
      no: 'USR-2026-00001', date: '2026-10-20', source: 'REM', reg: 'PK-GHC', wo: 'WO-2026-00084', removed: '2026-10-19', reason: 'UNSCHED', store: 'CGK-QR', by: 'GAT line maintenance (contract)', posted: true,
      lines: [{ pn: '441CH1', sn: 'SAFT-80214', tag: 'GAH-US-26-0031', defect: 'Failed capacity test (below 85%)', disp: 'RPR' }],
    },
  ]);
  const tr = transfers([
    {
      no: 'TRF-2026-00001', date: '2026-09-15', from: 'CGK-BW', to: 'CGK-MS', reason: 'REPL', by: 'Rina Wulandari', awb: 'BC27-26-00412', out: true,
      in: { date: '2026-09-16', by: 'Agus Prasetyo' }, remark: 'Pool IDG released from the bonded warehouse (BC 2.7).',
      lines: [{ pn: '761574B', sn: 'IDG-14433', cond: 'OH', qty: 1, arc: 'DUAL', cert: 'COL-F1-25-11902' }],
    },
  ]);
  const is = issues([
    {
      no: 'ISS-2026-00001', date: '2026-10-15', type: 'AC', reg: 'PK-GHA', wo: 'WO-2026-00081', store: 'CGK-MS', to: 'GAT line maintenance (contract)', posted: true,
      lines: [{ pn: 'MJO2-QT', batch: 'MJ2-26A010', cond: 'NE', qty: 12, arc: 'COC' }],
    },
    {
      no: 'ISS-2026-00002', date: '2026-10-25', type: 'AC', mr: 'MR-2026-00001', reg: 'PK-GHD', wo: 'WO-2026-00077', store: 'CGK-MS', to: 'GAT line maintenance (contract)', posted: true,
      lines: [
        { mr: 'MR-2026-00001/1', pn: 'M01103', sn: 'MT2405-0411', cond: 'NE', qty: 1, arc: 'EASA-F1', cert: 'MIC-F1-240517' },
        { mr: 'MR-2026-00001/1', pn: 'M01103', sn: 'MT2405-0418', cond: 'NE', qty: 1, arc: 'EASA-F1', cert: 'MIC-F1-240517' },
      ],
    },
  ]);
  const rt = returns([
    {
      no: 'RTN-2026-00001', date: '2026-10-16', issue: 'ISS-2026-00001', reg: 'PK-GHA', wo: 'WO-2026-00081', store: 'CGK-MS', reason: 'UNUSED', by: 'GAT line maintenance (contract)', posted: true,
      lines: [{ pn: 'MJO2-QT', batch: 'MJ2-26A010', cond: 'NE', qty: 2, arc: 'COC' }],
    },
  ]);
  const rob = robbings([
    {
      no: 'ROB-2026-00001', date: '2026-11-05', pn: '453-5000', sn: 'ELT-70911', donor: 'PK-GHB', position: 'Aft cabin ceiling, ELT mount', recipient: 'PK-GHA', recipientWo: 'WO-2026-00088',
      reason: 'AOG', by: 'admin', authRef: 'GAH-RA-26-002', closed: '2026-11-15', remark: 'Donor restored on 15 Nov with a unit from the GAT pool.',
    },
  ]);
  const rsv = reservations([
    {
      no: 'RSV-2026-00001', date: '2026-11-12', reg: 'PK-GHF', wo: 'WO-2026-00091', store: 'CGK-MS', required: '2026-11-28', until: '2026-12-10', by: 'admin', open: true,
      lines: [{ pn: 'MJO2-QT', batch: 'MJ2-26A010', cond: 'NE', qty: 6 }],
    },
  ]);
  const pm = postmods([
    {
      date: '2026-05-20', pn: '761574B', pre: '761574A', post: '761574B', sn: 'IDG-14433', mod: 'Collins SB 761574-24-0045', desc: 'Improved disconnect mechanism; re-identified -B',
      store: 'CGK-BW', by: 'Collins Aerospace Singapore', arc: 'DUAL', cert: 'COL-F1-25-11902',
    },
  ]);
  return {
    ...mr,
    ...pr,
    ...rc,
    ...us,
    ...tr,
    ...is,
    ...rt,
    robbing_part: rob,
    ...rsv,
    inventory_postmod: pm,
    currency_rate: [{ currency: 'IDR', valid_from: '2026-01-01', rate: 0.000062, source: 'Bank Indonesia JISDOR (1 / 16,250)' }],
  };
}

export const logisticDemo: DemoRows = { GAH: gah(), GAT: gat(), CTA: cta() };
