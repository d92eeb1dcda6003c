import type { DemoRows } from './index.ts';

/**
 * Demo rows of the procurement module's screens (see index.ts for the format): canvass sheets with
 * their lines, invited vendors and quotations, purchase orders, receiving and invoice terms. They
 * follow the purchase requests of logistic.ts (PR lines are referenced by their line refs) and are
 * received into stock by the inventory receipts there.
 */

type Row = Record<string, unknown>;

const ref = (entity: string, field: string, value: string): string => `@${entity}:${field}=${value}`;
const item = (pn: string) => ref('master_item', 'partnumber', pn);
const vendor = (code: string) => ref('vendor', 'vendor_code', code);
const user = (username: string) => ref('users', 'username', username);
const arc = (code: string) => ref('arc_status', 'code', code);
const store = (code: string) => ref('store_warehouse', 'store_code', code);
const prLine = (lineref: string) => ref('purchase_request_line', 'lineref', lineref);

const UNITS: Record<string, string> = { 'MJO2-QT': 'QT', 'ASH41-GAL': 'GAL', 'PR1422B2-6OZ': 'CTG' };
const unit = (pn: string) => UNITS[pn] ?? 'PCS';

// ---------------------------------------------------------------- canvass sheets

interface CsLine {
  pr?: string;
  pn: string;
  desc: string;
  qty: number;
  cond?: string;
}

interface CsVendor {
  v: string;
  rfq: string;
  invited: string;
  quote?: { ref: string; date: string; valid: string };
  terms?: string;
  remark?: string;
}

interface CsQuote {
  line: number;
  v: string;
  pn?: string;
  offered?: string;
  cond: string;
  qty: number;
  price: number;
  cur?: string;
  lead: number;
  arc?: string;
  warranty?: string;
  valid?: string;
  selected?: boolean;
  remark?: string;
}

interface CsSpec {
  no: string;
  date: string;
  pr: string;
  subject: string;
  buyer: string;
  deadline: string;
  cur?: string;
  step: 1 | 2 | 3 | 4;
  status: '000' | '100' | '111' | '110';
  award?: { v: string; basis: 'PRICE' | 'LEAD' | 'COND' | 'VALUE' | 'SOLE'; why: string };
  remark?: string;
  lines: CsLine[];
  vendors: CsVendor[];
  quotes: CsQuote[];
}

function canvassSheets(specs: CsSpec[]): Record<string, Row[]> {
  const sheets: Row[] = [];
  const lines: Row[] = [];
  const vendors: Row[] = [];
  const quotes: Row[] = [];
  for (const c of specs) {
    const sheet = ref('canvass_sheet', 'csno', c.no);
    sheets.push({
      csno: c.no,
      csdate: c.date,
      purchase_request: ref('purchase_request', 'prno', c.pr),
      subject: c.subject,
      buyer: user(c.buyer),
      quote_deadline: c.deadline,
      currency: c.cur ?? 'USD',
      step: c.step,
      statuswf: c.status,
      awarded_vendor: c.award ? vendor(c.award.v) : null,
      award_basis: c.award?.basis ?? null,
      award_remark: c.award?.why ?? null,
      remark: c.remark ?? null,
    });
    c.lines.forEach((l, i) =>
      lines.push({
        canvass_sheet: sheet,
        lineref: `${c.no}/${i + 1}`,
        pr_line: l.pr ? prLine(l.pr) : null,
        item: item(l.pn),
        description: l.desc,
        quantity: l.qty,
        unit: unit(l.pn),
        condition: l.cond ?? null,
        remark: null,
      }),
    );
    for (const v of c.vendors) {
      vendors.push({
        canvass_sheet: sheet,
        vendor: vendor(v.v),
        rfq_no: v.rfq,
        invited_date: v.invited,
        quote_received: v.quote !== undefined,
        quote_ref: v.quote?.ref ?? null,
        quote_date: v.quote?.date ?? null,
        quote_valid_until: v.quote?.valid ?? null,
        payment_terms: v.terms ?? null,
        remark: v.remark ?? null,
      });
    }
    for (const q of c.quotes) {
      const line = c.lines[q.line - 1];
      quotes.push({
        canvass_sheet: sheet,
        cs_line: ref('canvass_line', 'lineref', `${c.no}/${q.line}`),
        vendor: vendor(q.v),
        item: item(q.pn ?? line.pn),
        partnumber_offered: q.offered ?? q.pn ?? line.pn,
        condition: q.cond,
        quantity: q.qty,
        unit_price: q.price,
        currency: q.cur ?? 'USD',
        lead_time_days: q.lead,
        certificate_type: q.arc ? arc(q.arc) : null,
        warranty: q.warranty ?? null,
        valid_until: q.valid ?? null,
        selected: q.selected ?? false,
        remark: q.remark ?? null,
      });
    }
  }
  return { canvass_sheet: sheets, canvass_line: lines, canvass_vendor: vendors, canvass_quote: quotes };
}

// ---------------------------------------------------------------- purchase orders

interface PoLine {
  pr?: string;
  pn: string;
  ordered?: string;
  desc: string;
  cond: string;
  qty: number;
  price: number;
  disc?: number;
  delivery?: string;
  closed?: boolean;
  remark?: string;
}

interface PoSpec {
  no: string;
  date: string;
  v: string;
  type: 'RTN' | 'AOG' | 'EXC' | 'RPR' | 'LOAN';
  pr?: string;
  cs?: string;
  quote?: string;
  cur: string;
  terms: string;
  incoterm: string;
  delivery?: string;
  to?: string;
  buyer: string;
  status: '000' | '100' | '111' | '110';
  closed?: boolean;
  remark?: string;
  lines: PoLine[];
}

function purchaseOrders(specs: PoSpec[]): Record<string, Row[]> {
  const orders: Row[] = [];
  const lines: Row[] = [];
  for (const p of specs) {
    orders.push({
      pono: p.no,
      podate: p.date,
      vendor: vendor(p.v),
      po_type: p.type,
      purchase_request: p.pr ? ref('purchase_request', 'prno', p.pr) : null,
      canvass_sheet: p.cs ? ref('canvass_sheet', 'csno', p.cs) : null,
      vendor_quote_ref: p.quote ?? null,
      currency: p.cur,
      payment_terms: p.terms,
      incoterm: p.incoterm,
      delivery_date: p.delivery ?? null,
      deliver_to: p.to ? store(p.to) : null,
      buyer: user(p.buyer),
      statuswf: p.status,
      outstand: p.closed ? 0 : 1,
      remark: p.remark ?? null,
    });
    p.lines.forEach((l, i) =>
      lines.push({
        purchase_order: ref('purchase_order', 'pono', p.no),
        lineref: `${p.no}/${i + 1}`,
        pr_line: l.pr ? prLine(l.pr) : null,
        item: item(l.pn),
        partnumber: l.ordered ?? l.pn,
        description: l.desc,
        condition: l.cond,
        quantity: l.qty,
        unit: unit(l.pn),
        unit_price: l.price,
        discount_pct: l.disc ?? 0,
        delivery_date: l.delivery ?? p.delivery ?? null,
        outstand: l.closed ? 0 : 1,
        remark: l.remark ?? null,
      }),
    );
  }
  return { purchase_order: orders, purchase_order_line: lines };
}

interface RcvLine {
  po: string;
  pn: string;
  qty: number;
  cond: string;
  sn?: string;
  batch?: string;
  arc?: string;
  cert?: string;
  exp?: string;
  inspection?: 'ACC' | 'QUA' | 'REJ';
  remark?: string;
}

interface RcvSpec {
  no: string;
  date: string;
  po: string;
  v: string;
  store: string;
  dn?: string;
  awb?: string;
  invoice?: string;
  by: string;
  posted: boolean;
  /** its workflow (incoming inspection): a posted receiving was approved first (default) */
  status?: '000' | '100' | '111' | '110';
  remark?: string;
  lines: RcvLine[];
}

function receivings(specs: RcvSpec[]): Record<string, Row[]> {
  const docs: Row[] = [];
  const lines: Row[] = [];
  for (const r of specs) {
    docs.push({
      rcvno: r.no,
      rcvdate: r.date,
      purchase_order: ref('purchase_order', 'pono', r.po),
      vendor: vendor(r.v),
      store: store(r.store),
      delivery_note: r.dn ?? null,
      awb_no: r.awb ?? null,
      invoice_no: r.invoice ?? null,
      received_by: user(r.by),
      posted: r.posted ? 1 : 0,
      statuswf: r.status ?? (r.posted ? '111' : '000'),
      remark: r.remark ?? null,
    });
    for (const l of r.lines) {
      lines.push({
        receiving: ref('receiving', 'rcvno', r.no),
        po_line: ref('purchase_order_line', 'lineref', l.po),
        item: item(l.pn),
        quantity: l.qty,
        unit: unit(l.pn),
        condition: l.cond,
        serial_number: l.sn ?? null,
        batch_number: l.batch ?? null,
        certificate_type: l.arc ? arc(l.arc) : null,
        certificate_no: l.cert ?? null,
        expiry_date: l.exp ?? null,
        inspection: l.inspection ?? 'ACC',
        remark: l.remark ?? null,
      });
    }
  }
  return { receiving: docs, receiving_line: lines };
}

interface TerminLine {
  desc: string;
  pct?: number;
  amount: number;
  due: string;
  invoice?: [string, string];
  status: 0 | 1 | 2 | 3 | 4;
  paid?: [string, number];
  remark?: string;
}

interface TerminSpec {
  no: string;
  date: string;
  po: string;
  v: string;
  cur: string;
  amount: number;
  closed?: boolean;
  remark?: string;
  lines: TerminLine[];
}

function invoiceTerms(specs: TerminSpec[]): Record<string, Row[]> {
  const docs: Row[] = [];
  const lines: Row[] = [];
  for (const t of specs) {
    docs.push({
      terminno: t.no,
      termindate: t.date,
      purchase_order: ref('purchase_order', 'pono', t.po),
      vendor: vendor(t.v),
      currency: t.cur,
      contract_amount: t.amount,
      outstand: t.closed ? 0 : 1,
      remark: t.remark ?? null,
    });
    t.lines.forEach((l, i) =>
      lines.push({
        invoice_termin: ref('invoice_termin', 'terminno', t.no),
        termin_no: i + 1,
        description: l.desc,
        percentage: l.pct ?? null,
        amount: l.amount,
        due_date: l.due,
        invoice_no: l.invoice?.[0] ?? null,
        invoice_date: l.invoice?.[1] ?? null,
        payment_status: l.status,
        paid_date: l.paid?.[0] ?? null,
        paid_amount: l.paid?.[1] ?? null,
        remark: l.remark ?? null,
      }),
    );
  }
  return { invoice_termin: docs, invoice_termin_line: lines };
}

// ================================================================ GAT (MRO, USD)

function gat(): Record<string, Row[]> {
  return {
    ...canvassSheets([
      {
        no: 'CS-2026-00001', date: '2026-08-07', pr: 'PR-2026-00001', subject: 'Carbon brake assemblies and hardware, B737 PK-GTB', buyer: 'purchaser', deadline: '2026-08-10',
        step: 4, status: '111', award: { v: 'HON', basis: 'VALUE', why: 'Honeywell OH units with full FAA 8130-3 and 24-month warranty; AAR SV units cheaper but without warranty. Hardware from BDS (lowest price).' },
        lines: [
          { pr: 'PR-2026-00001/1', pn: '2612312-2', desc: 'Brake assembly, carbon (B737NG)', qty: 2, cond: 'OH' },
          { pr: 'PR-2026-00001/2', pn: 'MS24665-132', desc: 'Cotter pin, CRES 1/16 x 1/2 in', qty: 100, cond: 'NE' },
        ],
        vendors: [
          { v: 'HON', rfq: 'RFQ-GAT-26-0101', invited: '2026-08-07', quote: { ref: 'HON-Q-558812', date: '2026-08-08', valid: '2026-09-07' }, terms: 'NET45' },
          { v: 'AAR', rfq: 'RFQ-GAT-26-0102', invited: '2026-08-07', quote: { ref: 'AAR-SQ-33120', date: '2026-08-08', valid: '2026-08-22' }, terms: 'NET30' },
          { v: 'BDS', rfq: 'RFQ-GAT-26-0103', invited: '2026-08-07', quote: { ref: 'BDS-Q-7781', date: '2026-08-09', valid: '2026-09-09' }, terms: 'NET30' },
        ],
        quotes: [
          { line: 1, v: 'HON', cond: 'OH', qty: 2, price: 27500, lead: 21, arc: 'FAA-8130', warranty: '24 months / 1,500 landings', valid: '2026-09-07', selected: true },
          { line: 1, v: 'HON', cond: 'NE', qty: 2, price: 61000, lead: 45, arc: 'FAA-8130', warranty: '36 months', valid: '2026-09-07' },
          { line: 1, v: 'AAR', cond: 'SV', qty: 2, price: 24900, lead: 5, arc: 'FAA-8130', warranty: '90 days', valid: '2026-08-22' },
          { line: 2, v: 'BDS', cond: 'NE', qty: 100, price: 0.14, lead: 7, arc: 'COC', valid: '2026-09-09', selected: true },
          { line: 2, v: 'AAR', cond: 'NE', qty: 100, price: 0.22, lead: 10, arc: 'COC', valid: '2026-08-22' },
        ],
      },
      {
        no: 'CS-2026-00002', date: '2026-08-20', pr: 'PR-2026-00002', subject: 'ATR 72 brake and wheel assemblies - AOG PK-GTC', buyer: 'purchaser', deadline: '2026-08-21',
        step: 4, status: '111', award: { v: 'SLS', basis: 'LEAD', why: 'AOG: Safran exchange units available in Singapore, delivery in 3 days.' },
        lines: [
          { pr: 'PR-2026-00002/1', pn: '3214552-3', desc: 'Brake assembly, main landing gear (ATR 72)', qty: 2, cond: 'OH' },
          { pr: 'PR-2026-00002/2', pn: 'C20195100', desc: 'Main wheel assembly (ATR 72)', qty: 1, cond: 'OH' },
        ],
        vendors: [
          { v: 'SLS', rfq: 'RFQ-GAT-26-0117', invited: '2026-08-20', quote: { ref: 'SLS-SQ-26-4410', date: '2026-08-20', valid: '2026-09-20' }, terms: 'NET60' },
          { v: 'ATR', rfq: 'RFQ-GAT-26-0118', invited: '2026-08-20', quote: { ref: 'ATR-SP-26-90912', date: '2026-08-21', valid: '2026-10-21' }, terms: 'NET30' },
          { v: 'AAR', rfq: 'RFQ-GAT-26-0119', invited: '2026-08-20', remark: 'No stock, no quote' },
        ],
        quotes: [
          { line: 1, v: 'SLS', cond: 'OH', qty: 2, price: 16800, lead: 3, arc: 'EASA-F1', warranty: '12 months', valid: '2026-09-20', selected: true },
          { line: 1, v: 'ATR', offered: 'D23189000-3', cond: 'NE', qty: 2, price: 35900, cur: 'EUR', lead: 60, arc: 'EASA-F1', warranty: '24 months', valid: '2026-10-21' },
          { line: 2, v: 'SLS', cond: 'OH', qty: 1, price: 9800, lead: 21, arc: 'EASA-F1', warranty: '12 months', valid: '2026-09-20', selected: true },
          { line: 2, v: 'ATR', cond: 'NE', qty: 1, price: 13100, cur: 'EUR', lead: 45, arc: 'EASA-F1', valid: '2026-10-21' },
        ],
      },
      {
        no: 'CS-2026-00003', date: '2026-09-11', pr: 'PR-2026-00003', subject: 'Oils, hydraulic fluid and sealant - stock replenishment Q4', buyer: 'purchaser', deadline: '2026-09-25',
        step: 3, status: '000', remark: 'Waiting for the Satair quotation.',
        lines: [
          { pr: 'PR-2026-00003/1', pn: 'MJO2-QT', desc: 'Mobil Jet Oil II, 1 US qt', qty: 96, cond: 'NE' },
          { pr: 'PR-2026-00003/2', pn: 'ASH41-GAL', desc: 'AeroShell Fluid 41, 1 US gal', qty: 12, cond: 'NE' },
          { pr: 'PR-2026-00003/3', pn: 'PR1422B2-6OZ', desc: 'Sealant PR-1422 B2, 6 oz cartridge, min. 6 months shelf life', qty: 12, cond: 'NE' },
        ],
        vendors: [
          { v: 'ASN', rfq: 'RFQ-GAT-26-0140', invited: '2026-09-11', quote: { ref: 'ASN-PN-26-0933', date: '2026-09-14', valid: '2026-10-14' }, terms: 'COD' },
          { v: 'BDS', rfq: 'RFQ-GAT-26-0141', invited: '2026-09-11', quote: { ref: 'BDS-Q-8120', date: '2026-09-15', valid: '2026-10-15' }, terms: 'NET30' },
          { v: 'SAT', rfq: 'RFQ-GAT-26-0142', invited: '2026-09-11', terms: 'NET30' },
        ],
        quotes: [
          { line: 1, v: 'ASN', offered: 'MOBIL-JO2-946ML', cond: 'NE', qty: 96, price: 315000, cur: 'IDR', lead: 3, arc: 'COC', valid: '2026-10-14' },
          { line: 1, v: 'BDS', cond: 'NE', qty: 96, price: 19.2, lead: 10, arc: 'COC', valid: '2026-10-15' },
          { line: 2, v: 'BDS', offered: 'AEROSHELL41-1G', cond: 'NE', qty: 12, price: 65, lead: 10, arc: 'COC', valid: '2026-10-15' },
        ],
      },
    ]),
    ...purchaseOrders([
      {
        no: 'PO-2026-00001', date: '2026-08-10', v: 'HON', type: 'RTN', pr: 'PR-2026-00001', cs: 'CS-2026-00001', quote: 'HON-Q-558812', cur: 'USD', terms: 'NET45', incoterm: 'FCA',
        delivery: '2026-08-31', to: 'CGK-H4', buyer: 'purchaser', status: '111', closed: true,
        lines: [{ pr: 'PR-2026-00001/1', pn: '2612312-2', desc: 'Brake assembly, carbon (B737NG), overhauled', cond: 'OH', qty: 2, price: 27500, closed: true }],
      },
      {
        no: 'PO-2026-00002', date: '2026-08-10', v: 'BDS', type: 'RTN', pr: 'PR-2026-00001', cs: 'CS-2026-00001', quote: 'BDS-Q-7781', cur: 'USD', terms: 'NET30', incoterm: 'FCA',
        delivery: '2026-08-24', to: 'CGK-H4', buyer: 'purchaser', status: '111', closed: true,
        lines: [{ pr: 'PR-2026-00001/2', pn: 'MS24665-132', desc: 'Cotter pin, CRES 1/16 x 1/2 in', cond: 'NE', qty: 100, price: 0.14, closed: true }],
      },
      {
        no: 'PO-2026-00003', date: '2026-08-21', v: 'SLS', type: 'AOG', pr: 'PR-2026-00002', cs: 'CS-2026-00002', quote: 'SLS-SQ-26-4410', cur: 'USD', terms: 'NET60', incoterm: 'DAP',
        delivery: '2026-08-24', to: 'CGK-H4', buyer: 'purchaser', status: '111', remark: 'AOG PK-GTC: brakes shipped from Singapore pool; wheel on back-order.',
        lines: [
          { pr: 'PR-2026-00002/1', pn: '3214552-3', desc: 'Brake assembly (ATR 72), overhauled, exchange', cond: 'OH', qty: 2, price: 16800, closed: true },
          { pr: 'PR-2026-00002/2', pn: 'C20195100', desc: 'Main wheel assembly (ATR 72), overhauled', cond: 'OH', qty: 1, price: 9800, delivery: '2026-12-05' },
        ],
      },
      {
        no: 'PO-2026-00004', date: '2026-10-20', v: 'PWC', type: 'RTN', cur: 'USD', terms: 'NET45', incoterm: 'FCA', delivery: '2026-11-30', to: 'CGK-H4', buyer: 'purchaser', status: '111',
        remark: 'Stock replenishment against the reorder report.',
        lines: [{ pn: '3072701-01', desc: 'PW127 oil filter element', cond: 'NE', qty: 24, price: 185, disc: 5 }],
      },
      {
        no: 'PO-2026-00005', date: '2026-11-20', v: 'MIC', type: 'RTN', cur: 'USD', terms: 'NET60', incoterm: 'FCA', delivery: '2026-12-20', to: 'CGK-H4', buyer: 'purchaser', status: '100',
        remark: 'Vendor conditionally approved: quality sign-off attached to the approval.',
        lines: [{ pn: 'M01103', desc: 'Tyre, main H44.5x16.5-21 26PR radial', cond: 'NE', qty: 2, price: 3150 }],
      },
    ]),
    ...receivings([
      {
        no: 'RCV-2026-00003', date: '2026-08-28', po: 'PO-2026-00001', v: 'HON', store: 'CGK-H4', dn: 'HON-DN-7740021', awb: '176-44120931', invoice: 'HON-INV-90044718', by: 'storekeeper', posted: true,
        lines: [
          { po: 'PO-2026-00001/1', pn: '2612312-2', qty: 1, cond: 'OH', sn: 'HB-37719', arc: 'FAA-8130', cert: 'HON-8130-2288104' },
          { po: 'PO-2026-00001/1', pn: '2612312-2', qty: 1, cond: 'OH', sn: 'HB-37722', arc: 'FAA-8130', cert: 'HON-8130-2288104' },
        ],
      },
      {
        no: 'RCV-2026-00002', date: '2026-08-25', po: 'PO-2026-00002', v: 'BDS', store: 'CGK-H4', dn: 'BDS-PL-26-113902', awb: '020-88120045', invoice: 'BDS-INV-26-55120', by: 'storekeeper', posted: true,
        lines: [{ po: 'PO-2026-00002/1', pn: 'MS24665-132', qty: 100, cond: 'NE', batch: 'BDS-2607-0091', arc: 'COC', cert: 'BDS-COC-26-113902' }],
      },
      {
        no: 'RCV-2026-00001', date: '2026-08-24', po: 'PO-2026-00003', v: 'SLS', store: 'CGK-H4', dn: 'SLS-DN-26-07781', awb: '057-31200988', invoice: 'SLS-INV-26-18832', by: 'storekeeper', posted: true,
        lines: [
          { po: 'PO-2026-00003/1', pn: '3214552-3', qty: 1, cond: 'OH', sn: 'SLS-B8102', arc: 'EASA-F1', cert: 'SLS-F1-26-51120' },
          { po: 'PO-2026-00003/1', pn: '3214552-3', qty: 1, cond: 'OH', sn: 'SLS-B8157', arc: 'EASA-F1', cert: 'SLS-F1-26-51121' },
        ],
      },
      {
        no: 'RCV-2026-00004', date: '2026-11-18', po: 'PO-2026-00004', v: 'PWC', store: 'CGK-H4', dn: 'PWC-PL-26-80411', awb: '618-22061190', by: 'storekeeper', posted: false,
        remark: 'Partial shipment 12 of 24; Form 1 copies to be checked before posting.',
        lines: [{ po: 'PO-2026-00004/1', pn: '3072701-01', qty: 12, cond: 'NE', arc: 'TCCA-F1', cert: 'PWC-F1-2611-0871', inspection: 'QUA' }],
      },
    ]),
    ...invoiceTerms([
      {
        no: 'TRM-2026-00001', date: '2026-08-11', po: 'PO-2026-00001', v: 'HON', cur: 'USD', amount: 55000,
        lines: [
          { desc: 'Down payment 30%', pct: 30, amount: 16500, due: '2026-08-25', invoice: ['HON-INV-90044702', '2026-08-11'], status: 1, paid: ['2026-08-24', 16500] },
          { desc: 'Balance 70% after delivery', pct: 70, amount: 38500, due: '2026-10-12', invoice: ['HON-INV-90044718', '2026-08-28'], status: 4 },
        ],
      },
      {
        no: 'TRM-2026-00002', date: '2026-08-22', po: 'PO-2026-00003', v: 'SLS', cur: 'USD', amount: 43400,
        lines: [
          { desc: 'Brake assemblies on delivery', amount: 33600, due: '2026-10-23', invoice: ['SLS-INV-26-18832', '2026-08-24'], status: 2 },
          { desc: 'Wheel assembly on delivery', amount: 9800, due: '2027-02-03', status: 0 },
        ],
      },
      {
        no: 'TRM-2026-00003', date: '2026-08-26', po: 'PO-2026-00002', v: 'BDS', cur: 'USD', amount: 14, closed: true,
        lines: [{ desc: 'Full payment', pct: 100, amount: 14, due: '2026-09-24', invoice: ['BDS-INV-26-55120', '2026-08-25'], status: 1, paid: ['2026-09-22', 14] }],
      },
    ]),
  };
}

// ================================================================ CTA (airline)

function cta(): Record<string, Row[]> {
  return {
    ...canvassSheets([
      {
        no: 'CS-2026-00001', date: '2026-07-21', pr: 'PR-2026-00001', subject: 'Brake assembly ATR 72 - AOG PK-WFE at UPG', buyer: 'cta.admin', deadline: '2026-07-21',
        step: 4, status: '111', award: { v: 'SLS', basis: 'LEAD', why: 'AOG: exchange unit delivered to UPG within 48 hours.' },
        lines: [{ pr: 'PR-2026-00001/1', pn: '3214552-3', desc: 'Brake assembly, main landing gear (ATR 72)', qty: 1, cond: 'OH' }],
        vendors: [
          { v: 'SLS', rfq: 'RFQ-CTA-26-031', invited: '2026-07-21', quote: { ref: 'SLS-SQ-26-3907', date: '2026-07-21', valid: '2026-08-21' }, terms: 'NET60' },
          { v: 'ATR', rfq: 'RFQ-CTA-26-032', invited: '2026-07-21', quote: { ref: 'ATR-SP-26-88120', date: '2026-07-21', valid: '2026-09-21' }, terms: 'NET30' },
        ],
        quotes: [
          { line: 1, v: 'SLS', cond: 'OH', qty: 1, price: 16800, lead: 2, arc: 'EASA-F1', warranty: '12 months', valid: '2026-08-21', selected: true },
          { line: 1, v: 'ATR', offered: 'D23189000-3', cond: 'NE', qty: 1, price: 35900, cur: 'EUR', lead: 60, arc: 'EASA-F1', warranty: '24 months', valid: '2026-09-21' },
        ],
      },
      {
        no: 'CS-2026-00002', date: '2026-09-17', pr: 'PR-2026-00003', subject: 'Main tyres A320neo PK-WGA', buyer: 'cta.admin', deadline: '2026-09-30', step: 2, status: '000',
        lines: [{ pr: 'PR-2026-00003/1', pn: 'M01103', desc: 'Tyre, main H44.5x16.5-21 26PR radial', qty: 2, cond: 'NE' }],
        vendors: [
          { v: 'MIC', rfq: 'RFQ-CTA-26-044', invited: '2026-09-17' },
          { v: 'AAR', rfq: 'RFQ-CTA-26-045', invited: '2026-09-17' },
        ],
        quotes: [],
      },
    ]),
    ...purchaseOrders([
      {
        no: 'PO-2026-00001', date: '2026-07-22', v: 'SLS', type: 'AOG', pr: 'PR-2026-00001', cs: 'CS-2026-00001', quote: 'SLS-SQ-26-3907', cur: 'USD', terms: 'NET60', incoterm: 'DAP',
        delivery: '2026-07-24', to: 'UPG-LS', buyer: 'cta.admin', status: '111', closed: true,
        lines: [{ pr: 'PR-2026-00001/1', pn: '3214552-3', desc: 'Brake assembly (ATR 72), overhauled, exchange', cond: 'OH', qty: 1, price: 16800, closed: true }],
      },
      {
        no: 'PO-2026-00002', date: '2026-08-15', v: 'PWC', type: 'RTN', pr: 'PR-2026-00002', quote: 'PWC price list 2026', cur: 'USD', terms: 'NET45', incoterm: 'FCA',
        delivery: '2026-09-01', to: 'HLP-MS', buyer: 'cta.admin', status: '111',
        lines: [{ pr: 'PR-2026-00002/1', pn: '3072701-01', desc: 'PW127 oil filter element', cond: 'NE', qty: 24, price: 185 }],
      },
      {
        no: 'PO-2026-00003', date: '2026-08-15', v: 'ASN', type: 'RTN', pr: 'PR-2026-00002', quote: 'ASN-PN-26-0801', cur: 'IDR', terms: 'COD', incoterm: 'DDP',
        delivery: '2026-08-20', to: 'HLP-MS', buyer: 'cta.admin', status: '111', closed: true,
        lines: [{ pr: 'PR-2026-00002/2', pn: 'MJO2-QT', ordered: 'MOBIL-JO2-946ML', desc: 'Mobil Jet Oil II, 1 US qt', cond: 'NE', qty: 48, price: 315000, closed: true }],
      },
    ]),
    ...receivings([
      {
        no: 'RCV-2026-00001', date: '2026-07-24', po: 'PO-2026-00001', v: 'SLS', store: 'UPG-LS', dn: 'SLS-DN-26-06120', awb: '057-30988120', invoice: 'SLS-INV-26-17110', by: 'engineer', posted: true,
        lines: [{ po: 'PO-2026-00001/1', pn: '3214552-3', qty: 1, cond: 'OH', sn: 'SLS-B8240', arc: 'EASA-F1', cert: 'SLS-F1-26-49911' }],
      },
      {
        no: 'RCV-2026-00003', date: '2026-09-02', po: 'PO-2026-00002', v: 'PWC', store: 'HLP-MS', dn: 'PWC-PL-26-77120', awb: '618-21990345', invoice: 'PWC-INV-26-300912', by: 'cta.admin', posted: true,
        remark: 'Partial delivery: 12 of 24.',
        lines: [{ po: 'PO-2026-00002/1', pn: '3072701-01', qty: 12, cond: 'NE', arc: 'TCCA-F1', cert: 'PWC-F1-2608-1402' }],
      },
      {
        no: 'RCV-2026-00002', date: '2026-08-20', po: 'PO-2026-00003', v: 'ASN', store: 'HLP-MS', dn: 'ASN-SJ-26-0812', invoice: 'ASN-FK-26-0812', by: 'cta.admin', posted: true,
        lines: [{ po: 'PO-2026-00003/1', pn: 'MJO2-QT', qty: 48, cond: 'NE', batch: 'MJ2-26A077', arc: 'COC', exp: '2027-02-10' }],
      },
    ]),
    ...invoiceTerms([
      {
        no: 'TRM-2026-00001', date: '2026-07-22', po: 'PO-2026-00001', v: 'SLS', cur: 'USD', amount: 16800, closed: true,
        lines: [{ desc: 'Full payment, net 60', pct: 100, amount: 16800, due: '2026-09-22', invoice: ['SLS-INV-26-17110', '2026-07-24'], status: 1, paid: ['2026-09-18', 16800] }],
      },
      {
        no: 'TRM-2026-00002', date: '2026-08-16', po: 'PO-2026-00002', v: 'PWC', cur: 'USD', amount: 4440,
        lines: [
          { desc: 'First delivery (12 pcs)', pct: 50, amount: 2220, due: '2026-10-17', invoice: ['PWC-INV-26-300912', '2026-09-02'], status: 4 },
          { desc: 'Second delivery (12 pcs)', pct: 50, amount: 2220, due: '2026-12-31', status: 0 },
        ],
      },
    ]),
  };
}

// ================================================================ GAH (holding)

function gah(): Record<string, Row[]> {
  return {
    ...canvassSheets([
      {
        no: 'CS-2026-00001', date: '2026-10-07', pr: 'PR-2026-00001', subject: 'Main tyres A320neo PK-GHD', buyer: 'admin', deadline: '2026-10-08', step: 4, status: '111',
        award: { v: 'MIC', basis: 'PRICE', why: 'OEM price below the broker offer; 2 tyres ex stock, 2 within 6 weeks.' },
        lines: [{ pr: 'PR-2026-00001/1', pn: 'M01103', desc: 'Tyre, main H44.5x16.5-21 26PR radial', qty: 4, cond: 'NE' }],
        vendors: [
          { v: 'MIC', rfq: 'RFQ-GAH-26-012', invited: '2026-10-07', quote: { ref: 'MIC-Q-26-7781', date: '2026-10-08', valid: '2026-11-08' }, terms: 'NET60' },
          { v: 'AAR', rfq: 'RFQ-GAH-26-013', invited: '2026-10-07', quote: { ref: 'AAR-SQ-34407', date: '2026-10-08', valid: '2026-10-22' }, terms: 'NET30' },
        ],
        quotes: [
          { line: 1, v: 'MIC', cond: 'NE', qty: 4, price: 3150, lead: 30, arc: 'EASA-F1', valid: '2026-11-08', selected: true },
          { line: 1, v: 'AAR', cond: 'NE', qty: 4, price: 3390, lead: 7, arc: 'FAA-8130', valid: '2026-10-22' },
        ],
      },
    ]),
    ...receivings([
      {
        no: 'RCV-2026-00001', date: '2026-11-20', po: 'PO-2026-00001', v: 'MIC', store: 'CGK-MS', dn: 'MIC-BL-26-30118', awb: '057-31544120', invoice: 'MIC-INV-26-118870', by: 'admin', posted: true,
        remark: 'Partial delivery: 2 of 4.',
        lines: [
          { po: 'PO-2026-00001/1', pn: 'M01103', qty: 1, cond: 'NE', sn: 'MT2610-2201', arc: 'EASA-F1', cert: 'MIC-F1-261103' },
          { po: 'PO-2026-00001/1', pn: 'M01103', qty: 1, cond: 'NE', sn: 'MT2610-2207', arc: 'EASA-F1', cert: 'MIC-F1-261103' },
        ],
      },
    ]),
    ...purchaseOrders([
      {
        no: 'PO-2026-00001', date: '2026-10-09', v: 'MIC', type: 'RTN', pr: 'PR-2026-00001', cs: 'CS-2026-00001', quote: 'MIC-Q-26-7781', cur: 'USD', terms: 'NET60', incoterm: 'FCA',
        delivery: '2026-11-30', to: 'CGK-MS', buyer: 'admin', status: '111',
        lines: [{ pr: 'PR-2026-00001/1', pn: 'M01103', desc: 'Tyre, main H44.5x16.5-21 26PR radial', cond: 'NE', qty: 4, price: 3150 }],
      },
    ]),
    ...invoiceTerms([
      {
        no: 'TRM-2026-00001', date: '2026-10-09', po: 'PO-2026-00001', v: 'MIC', cur: 'USD', amount: 12600,
        lines: [{ desc: 'Payment on delivery, net 60', pct: 100, amount: 12600, due: '2027-01-29', status: 0 }],
      },
    ]),
  };
}

export const procurementDemo: DemoRows = { GAH: gah(), GAT: gat(), CTA: cta() };
