/**
 * The stock documents and what posting each one moves: one entry per document (and per step of a
 * transfer), read by the post and reverse actions (post.ts). A plan turns the locked document
 * into movements (ledger.ts) and names the flags that mark it posted.
 */
import { sql } from 'kysely';
import type { DB } from '../../engine/src/db/database.ts';
import { appError, type FieldError } from '../../engine/src/errors.ts';
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import { COST, QTY, abs, fixed, mulDiv, show, toNumber } from '../../engine/src/values/money.ts';
import type { Holder, Movement, TxnType, Written } from './ledger/movement.ts';
import { heldBy, openReservations } from './ledger/reservations.ts';
import { lockItems } from './ledger/lock-items.ts';
import { SERVICEABLE, usableStock } from './ledger/serviceable.ts';
import { norm } from './ledger/values.ts';
import { receivePoLines, type PoReceipt } from './purchase.ts';
import { certificateErrors, itemKinds, needsInspection } from './incoming.ts';

export type Row = Record<string, unknown>;

export interface Env {
  tx: DB;
  ctx: ActionContext;
  compcode: string;
  /** The transaction date written to the ledger (the document's date). */
  date: string;
  /** The database's current date. */
  today: string;
  docNo: string;
  /** The key field of the document's line entity. */
  lineKey: string;
}

export interface Plan {
  movements: Movement[];
  /** Fields that mark the document posted; default `{ [flag]: 1, posted_date }`. */
  flags?: Row;
  /**
   * Work after the ledger is written, before the document is marked posted (reservations used up,
   * a replacement request raised): `fields` are written with the posted flags, `result` joins the
   * action's answer.
   */
  after?: (written: Written) => Promise<{ fields?: Row; result?: Row } | void>;
}

export interface StockDocument {
  entity: string;
  /** Action names (metadata forms name them). */
  post: string;
  reverse?: string;
  /** The posting step, passed to the beforePost/afterPost hooks. */
  step: 'post' | 'out' | 'in';
  /** The field that marks this step posted. */
  flag: string;
  numberField: string;
  dateField: string;
  txnType: TxnType;
  /** The transaction date (default: the document's date). */
  dateOf?: (doc: Row, today: string) => string;
  /** Refusals before anything is read or written (a transfer in before its transfer out). */
  precheck?: (doc: Row) => void;
  plan: (env: Env, doc: Row) => Promise<Plan>;
  /** Reversal: PO lines whose received quantity the reversal gives back. */
  poReceipts?: (doc: Row) => PoReceipt[];
  /** Reversal: refusals beyond "posted and not yet reversed". */
  canReverse?: (env: Env, doc: Row) => Promise<void>;
  /** Reversal: the flags of the reversing copy and of the original. */
  reversalFlags?: { copy: Row; original: Row };
}

const lines = (doc: Row): Row[] => (Array.isArray(doc.lines) ? (doc.lines as Row[]) : []);
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const invalid = (errors: FieldError[]) => appError('ERR_VALIDATION', { errors });
const stockError = (message: string) => appError('ERR_STOCK', { message });

function needLines(doc: Row): Row[] {
  const ls = lines(doc);
  if (!ls.length) throw invalid([{ path: '/lines', message: 'must have at least one line to post' }]);
  return ls;
}

/** The lot fields every line entity shares. */
function lot(env: Env, l: Row, i: number) {
  return {
    item: Number(l.item),
    serial: norm(l.serial_number),
    batch: norm(l.batch_number),
    condition: String(l.condition ?? 'NE'),
    line: num(l[env.lineKey]),
    path: `/lines/${i}`,
  };
}

/** Expiry of a receipt line: as given, else manufacture date + the item's shelf life. */
async function expiries(tx: DB, ls: Row[]): Promise<(string | null)[]> {
  const ids = [...new Set(ls.filter((l) => !l.expiry_date && l.manufacture_date).map((l) => Number(l.item)))];
  const shelf = new Map<number, number>();
  if (ids.length) {
    for (const r of await tx.selectFrom('master_item').select(['item_id', 'shelf_life_days']).where('item_id', 'in', ids).execute()) {
      if (Number(r.shelf_life_days) > 0) shelf.set(Number(r.item_id), Number(r.shelf_life_days));
    }
  }
  return ls.map((l) => {
    if (l.expiry_date) return String(l.expiry_date).slice(0, 10);
    const days = shelf.get(Number(l.item));
    if (!l.manufacture_date || !days) return null;
    const d = new Date(`${String(l.manufacture_date).slice(0, 10)}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  });
}

/** The company's quarantine store for a receipt into `store`: itself, else one at the same station, else any. */
async function quarantineStore(tx: DB, compcode: string, store: number): Promise<number> {
  const own = await tx.selectFrom('store_warehouse').select(['store_id', 'store_type', 'station']).where('compcode', '=', compcode).where('store_id', '=', store).executeTakeFirst();
  if (own?.store_type === 'QUAR') return store;
  const q = await tx
    .selectFrom('store_warehouse')
    .select(['store_id'])
    .where('compcode', '=', compcode)
    .where('store_type', '=', 'QUAR')
    .where('active', '=', true)
    .orderBy(sql`case when station = ${own?.station ?? ''} then 0 else 1 end`)
    .orderBy('store_code')
    .limit(1)
    .executeTakeFirst();
  if (!q) throw stockError('Goods in quarantine (documents pending) go to a quarantine store, and the company has none: create an active store of type Quarantine first.');
  return Number(q.store_id);
}

const receiptCost = (unitCost: unknown): Movement['cost'] => (unitCost === null || unitCost === undefined || unitCost === '' ? { kind: 'average' } : { kind: 'unit', unitCost: fixed(unitCost, COST) });

// ---------------------------------------------------------------- receipts

const inventoryReceipt: StockDocument = {
  entity: 'inventory_receipt',
  post: 'post_inventory_receipt',
  reverse: 'reverse_inventory_receipt',
  step: 'post',
  flag: 'posted',
  numberField: 'receiptno',
  dateField: 'receiptdate',
  txnType: 'RCV',
  poReceipts: (doc) => lines(doc).flatMap((l, i) => (l.po_line ? [{ poLine: Number(l.po_line), qty: fixed(l.quantity, QTY), path: `/lines/${i}` }] : [])),
  async plan(env, doc) {
    const ls = needLines(doc);
    const fromPo = doc.source === 'PO';
    const errors: FieldError[] = [];
    ls.forEach((l, i) => {
      if (fromPo && !l.po_line) errors.push({ path: `/lines/${i}/po_line`, message: 'is required on a receipt from a purchase order' });
      if (!fromPo && l.po_line) errors.push({ path: `/lines/${i}/po_line`, message: 'is only given on a receipt from a purchase order (source PO)' });
    });
    // serialised and rotable parts: their release certificate, and quarantine until inspected (incoming.ts)
    const kinds = await itemKinds(env.tx, ls.map((l) => Number(l.item)));
    const inspected = ls.map((l) => {
      const k = kinds.get(Number(l.item));
      return k ? needsInspection(k, String(l.condition ?? 'NE'), String(doc.source ?? 'OTHER')) : false;
    });
    ls.forEach((l, i) => {
      if (inspected[i]) errors.push(...certificateErrors(l, i));
    });
    if (errors.length) throw invalid(errors);
    const receipts = ls.flatMap((l, i) => (l.po_line ? [{ poLine: Number(l.po_line), qty: fixed(l.quantity, QTY), path: `/lines/${i}`, item: Number(l.item) }] : []));
    const po = await receivePoLines(env.tx, env.ctx, receipts, { compcode: env.compcode, date: env.date, docNo: env.docNo, sign: 1, po: num(doc.purchase_order) });
    const exp = await expiries(env.tx, ls);
    const stores = await Promise.all(ls.map((l, i) => (inspected[i] ? quarantineStore(env.tx, env.compcode, Number(l.store)) : Number(l.store))));
    return {
      movements: ls.map((l, i) => ({
        ...lot(env, l, i),
        txnType: 'RCV',
        store: stores[i],
        qty: fixed(l.quantity, QTY),
        cost: l.po_line ? { kind: 'unit', unitCost: po.get(Number(l.po_line))?.unitCost ?? 0n } : receiptCost(l.unit_cost),
        expiry: exp[i],
        arc: num(l.certificate_type),
        cert: norm(l.certificate_no),
        remark: `${inspected[i] ? 'Quarantine (incoming inspection pending), ' : ''}${l.po_line ? `PO ${po.get(Number(l.po_line))?.lineref ?? ''}` : (norm(l.remark) ?? '')}`.replace(/, $/, ''),
      })),
      async after() {
        for (const [i, l] of ls.entries()) {
          if (inspected[i]) await env.ctx.repo.patch(env.tx, env.ctx.user, 'inventory_receipt_line', Number(l.receiptdtlkey), { inspection: 'PENDING' }, { reason: 'received into quarantine', before: l });
        }
        const waiting = inspected.filter(Boolean).length;
        return waiting ? { result: { quarantined: waiting } } : undefined;
      },
    };
  },
};

/** Procurement's goods receipt: accepted lines into its store, quarantined ones into quarantine, rejected ones not received. */
const receiving: StockDocument = {
  entity: 'receiving',
  post: 'post_receiving',
  reverse: 'reverse_receiving',
  step: 'post',
  flag: 'posted',
  numberField: 'rcvno',
  dateField: 'rcvdate',
  txnType: 'RCV',
  poReceipts: (doc) => lines(doc).flatMap((l, i) => (l.inspection !== 'REJ' ? [{ poLine: Number(l.po_line), qty: fixed(l.quantity, QTY), path: `/lines/${i}` }] : [])),
  async plan(env, doc) {
    const ls = needLines(doc);
    const taken = ls.map((l, i) => ({ l, i })).filter(({ l }) => l.inspection !== 'REJ');
    const receipts = taken.map(({ l, i }) => ({ poLine: Number(l.po_line), qty: fixed(l.quantity, QTY), path: `/lines/${i}`, item: Number(l.item) }));
    const po = await receivePoLines(env.tx, env.ctx, receipts, { compcode: env.compcode, date: env.date, docNo: env.docNo, sign: 1, po: num(doc.purchase_order) });
    const store = Number(doc.store);
    const quarantine = taken.some(({ l }) => l.inspection === 'QUA') ? await quarantineStore(env.tx, env.compcode, store) : store;
    return {
      movements: taken.map(({ l, i }) => ({
        ...lot(env, l, i),
        txnType: 'RCV' as const,
        store: l.inspection === 'QUA' ? quarantine : store,
        qty: fixed(l.quantity, QTY),
        cost: { kind: 'unit' as const, unitCost: po.get(Number(l.po_line))?.unitCost ?? 0n },
        expiry: norm(l.expiry_date),
        arc: num(l.certificate_type),
        cert: norm(l.certificate_no),
        remark: `${l.inspection === 'QUA' ? 'Quarantine (documents pending), ' : ''}PO ${po.get(Number(l.po_line))?.lineref ?? ''}`,
      })),
    };
  },
};

const unserviceableReceipt: StockDocument = {
  entity: 'unserviceable_receipt',
  post: 'post_unserviceable_receipt',
  reverse: 'reverse_unserviceable_receipt',
  step: 'post',
  flag: 'posted',
  numberField: 'usreceiptno',
  dateField: 'receiptdate',
  txnType: 'USR',
  async plan(env, doc) {
    const ls = needLines(doc);
    const from = [norm(doc.registration), norm(doc.workorder_no)].filter(Boolean).join(' ');
    return {
      movements: ls.map((l, i) => ({
        ...lot(env, l, i),
        condition: String(l.condition ?? 'AR'),
        txnType: 'USR' as const,
        store: Number(doc.store),
        qty: fixed(l.quantity, QTY),
        cost: { kind: 'average' as const },
        cert: norm(l.tag_no),
        registration: norm(doc.registration),
        remark: [from ? `Removed from ${from}` : null, norm(l.defect)].filter(Boolean).join(': ') || null,
      })),
    };
  },
};

// ---------------------------------------------------------------- issues and returns

/** Issues for the work order (or MR) use its reservations up; a reservation fully issued closes. */
async function useReservations(env: Env, holder: Holder, written: Written, moves: Movement[]): Promise<void> {
  if (!holder.workorder && !holder.mr) return;
  // the posting read the open reservations of every pair serviceable stock left for this holder
  const mine = written.reservations.filter((r) => r.open > 0n && heldBy(r, holder));
  if (!mine.length) return;
  const touched = new Set<number>();
  for (const m of moves) {
    if (m.qty >= 0n || !SERVICEABLE.has(m.condition)) continue;
    let left = -m.qty;
    for (const r of mine) {
      if (left === 0n) break;
      if (r.store !== m.store || r.item !== m.item || r.open === 0n) continue;
      if ((r.serial_number && r.serial_number !== m.serial) || (r.batch_number && r.batch_number !== m.batch)) continue;
      const use = r.open < left ? r.open : left;
      r.open -= use;
      r.issued += use;
      left -= use;
      touched.add(r.reservekey);
      await env.ctx.repo.patch(env.tx, env.ctx.user, 'stock_reservation_line', r.reservedtlkey, { qty_issued: toNumber(r.issued, QTY) }, { reason: `issued by ${env.docNo}` });
    }
  }
  for (const key of touched) {
    const rest = await env.tx
      .selectFrom('stock_reservation_line')
      .select(sql<number>`count(*)`.as('n'))
      .where('reservation', '=', key)
      .where(sql<boolean>`quantity > coalesce(qty_issued, 0)`)
      .executeTakeFirstOrThrow();
    if (Number(rest.n) === 0) await env.ctx.repo.patch(env.tx, env.ctx.user, 'stock_reservation', key, { status: 0 }, { reason: `fully issued by ${env.docNo}` });
  }
}

const inventoryIssue: StockDocument = {
  entity: 'inventory_issue',
  post: 'post_inventory_issue',
  reverse: 'reverse_inventory_issue',
  step: 'post',
  flag: 'posted',
  numberField: 'issueno',
  dateField: 'issuedate',
  txnType: 'ISS',
  async plan(env, doc) {
    const ls = needLines(doc);
    // a line's task card is a card of the issue's work order
    const cards = ls.map((l) => num(l.task)).filter((k): k is number => k !== null);
    if (cards.length) {
      const of = new Map((await env.tx.selectFrom('work_order_task').select(['wo_task_id', 'work_order']).where('wo_task_id', 'in', cards).execute()).map((c) => [Number(c.wo_task_id), Number(c.work_order)]));
      const wrong = ls.flatMap((l, i) => (num(l.task) !== null && of.get(Number(l.task)) !== num(doc.work_order) ? [{ path: `/lines/${i}/task`, message: "must be a task card of the issue's work order" }] : []));
      if (wrong.length) throw invalid(wrong);
    }
    const disposal = doc.issue_type === 'DISP';
    if (disposal && !doc.issued_kind) throw invalid([{ path: '/issued_kind', message: 'is required for an unserviceable part going out (Destroy, Repair or Sold)' }]);
    const holder = { workorder: norm(doc.workorder_no), mr: num(doc.material_request) };
    let kindName: string | null = null;
    if (disposal) {
      const k = await env.tx.selectFrom('inventory_issued_kind').select(['name']).where('id', '=', Number(doc.issued_kind)).executeTakeFirst();
      kindName = k ? String(k.name) : null;
    }
    const moves: Movement[] = ls.map((l, i) => ({
      ...lot(env, l, i),
      txnType: 'ISS' as const,
      store: Number(doc.store),
      qty: -fixed(l.quantity, QTY),
      cost: { kind: 'average' as const },
      install: !disposal,
      holder,
      registration: norm(doc.registration),
      remark: (disposal ? [kindName, norm(doc.issued_to)] : [norm(doc.workorder_no), norm(doc.issued_to)]).filter(Boolean).join(': ') || null,
    }));
    return { movements: moves, after: (written) => useReservations(env, holder, written, moves) };
  },
};

const inventoryReturn: StockDocument = {
  entity: 'inventory_return',
  post: 'post_inventory_return',
  reverse: 'reverse_inventory_return',
  step: 'post',
  flag: 'posted',
  numberField: 'returnno',
  dateField: 'returndate',
  txnType: 'RET',
  async plan(env, doc) {
    const ls = needLines(doc);
    const costs = new Map<number, bigint>();
    const issueLines = [...new Set(ls.map((l) => num(l.issue_line)).filter((k): k is number => k !== null))];
    if (issueLines.length) {
      const issued = await env.tx
        .selectFrom('inventory_issue_line as il')
        .innerJoin('inventory_issue as i', 'i.issuekey', 'il.issue')
        .select(['il.issuedtlkey', 'il.item', 'il.quantity', 'i.issuekey', 'i.issueno', 'i.posted'])
        .where('i.compcode', '=', env.compcode)
        .where('il.issuedtlkey', 'in', issueLines)
        .execute();
      const returned = await env.tx
        .selectFrom('inventory_return_line as rl')
        .innerJoin('inventory_return as r', 'r.returnkey', 'rl.inventory_return')
        .select(['rl.issue_line', sql<number>`sum(rl.quantity)`.as('qty')])
        .where('r.compcode', '=', env.compcode)
        .where('r.posted', '=', 1)
        .where('r.reverses', 'is', null)
        .where('r.reversed_by', 'is', null)
        .where('rl.issue_line', 'in', issueLines)
        .groupBy('rl.issue_line')
        .execute();
      const ledger = await env.tx
        .selectFrom('stock_ledger')
        .select(['source_line', 'quantity', 'amount'])
        .where('compcode', '=', env.compcode)
        .where('source', '=', 'inventory_issue')
        .where('txn_type', '=', 'ISS')
        .where('source_line', 'in', issueLines)
        .execute();
      const wanted = new Map<number, bigint>();
      ls.forEach((l) => {
        const k = num(l.issue_line);
        if (k !== null) wanted.set(k, (wanted.get(k) ?? 0n) + fixed(l.quantity, QTY));
      });
      const errors: FieldError[] = [];
      ls.forEach((l, i) => {
        const k = num(l.issue_line);
        if (k === null) return;
        const il = issued.find((x) => Number(x.issuedtlkey) === k);
        if (!il) return errors.push({ path: `/lines/${i}/issue_line`, message: 'is not an issue line of this company' });
        if (doc.issue && Number(il.issuekey) !== Number(doc.issue)) return errors.push({ path: `/lines/${i}/issue_line`, message: 'is not a line of the original issue of this return' });
        if (Number(il.item) !== Number(l.item)) return errors.push({ path: `/lines/${i}/item`, message: 'is not the item of the issue line' });
        if (Number(il.posted) !== 1) return errors.push({ path: `/lines/${i}/issue_line`, message: `belongs to ${String(il.issueno)}, which is not posted` });
        const out = fixed(il.quantity, QTY);
        const back = fixed(returned.find((x) => Number(x.issue_line) === k)?.qty ?? 0, QTY);
        if (back + (wanted.get(k) ?? 0n) > out) {
          errors.push({ path: `/lines/${i}/quantity`, message: `exceeds what ${String(il.issueno)} issued on that line (${show(out, QTY)}, ${show(back, QTY)} already returned)` });
        }
        const rows = ledger.filter((x) => Number(x.source_line) === k);
        const q = rows.reduce((s, x) => s + abs(fixed(x.quantity, QTY)), 0n);
        const a = rows.reduce((s, x) => s + abs(fixed(x.amount, 2)), 0n);
        if (q > 0n) costs.set(k, mulDiv(a, 10n ** BigInt(COST), q));
      });
      if (errors.length) throw invalid(errors);
    }
    return {
      movements: ls.map((l, i) => ({
        ...lot(env, l, i),
        txnType: 'RET' as const,
        store: Number(doc.store),
        qty: fixed(l.quantity, QTY),
        cost: costs.has(Number(l.issue_line)) ? { kind: 'unit' as const, unitCost: costs.get(Number(l.issue_line)) as bigint } : { kind: 'average' as const },
        arc: num(l.certificate_type),
        registration: norm(doc.registration),
        remark: [norm(doc.workorder_no), norm(l.remark)].filter(Boolean).join(': ') || null,
      })),
    };
  },
};

// ---------------------------------------------------------------- transfers

const storeCode = async (tx: DB, id: unknown) => String((await tx.selectFrom('store_warehouse').select('store_code').where('store_id', '=', Number(id)).executeTakeFirst())?.store_code ?? id);

const transferOut: StockDocument = {
  entity: 'stock_transfer',
  post: 'post_transfer_out',
  reverse: 'reverse_stock_transfer',
  step: 'out',
  flag: 'out_posted',
  numberField: 'transferno',
  dateField: 'transferdate',
  txnType: 'TRO',
  async plan(env, doc) {
    const ls = needLines(doc);
    if (Number(doc.from_store) === Number(doc.to_store)) throw invalid([{ path: '/to_store', message: 'must differ from the sending store' }]);
    const to = await storeCode(env.tx, doc.to_store);
    return {
      movements: ls.map((l, i) => ({ ...lot(env, l, i), txnType: 'TRO' as const, store: Number(doc.from_store), qty: -fixed(l.quantity, QTY), cost: { kind: 'average' as const }, transit: true, holder: {}, remark: `To ${to}` })),
      flags: { out_posted: 1, received: 1 },
    };
  },
  async canReverse(env, doc) {
    if (Number(doc.in_posted) === 1) throw stockError(`Transfer ${String(doc.transferno)} was received: ship the stock back with a new transfer instead.`);
    const arrived = await env.tx.selectFrom('stock_ledger').select('ledgerkey').where('compcode', '=', env.compcode).where('source', '=', 'stock_transfer').where('source_key', '=', Number(doc.transferkey)).where('txn_type', '=', 'TRI').executeTakeFirst();
    if (arrived) throw stockError(`Part of transfer ${String(doc.transferno)} was received: ship the stock back with a new transfer instead.`);
  },
  reversalFlags: { copy: { out_posted: 1, in_posted: 1, received: 0 }, original: { received: 0 } },
};

const transferIn: StockDocument = {
  entity: 'stock_transfer',
  post: 'post_transfer_in',
  step: 'in',
  flag: 'in_posted',
  numberField: 'transferno',
  dateField: 'received_date',
  txnType: 'TRI',
  dateOf: (doc, today) => (doc.received_date ? String(doc.received_date).slice(0, 10) : today),
  precheck(doc) {
    if (Number(doc.out_posted) !== 1) throw stockError(`Transfer ${String(doc.transferno)} has not left the sending store: post the transfer out first.`);
    if (doc.reverses || doc.reversed_by) throw stockError(`Transfer ${String(doc.transferno)} was cancelled: there is nothing to receive.`);
  },
  async plan(env, doc) {
    const ls = needLines(doc);
    const sent = await env.tx
      .selectFrom('stock_ledger')
      .select(['source_line', 'txn_type', 'quantity', 'amount', 'expiry_date', 'arc_status', 'certificate_no'])
      .where('compcode', '=', env.compcode)
      .where('source', '=', 'stock_transfer')
      .where('source_key', '=', Number(doc.transferkey))
      .execute();
    const from = await storeCode(env.tx, doc.from_store);
    const errors: FieldError[] = [];
    const moves: Movement[] = [];
    let complete = true;
    ls.forEach((l, i) => {
      const key = Number(l.trfdtlkey);
      const shipped = fixed(l.quantity, QTY);
      const total = l.qty_received === null || l.qty_received === undefined || l.qty_received === '' ? shipped : fixed(l.qty_received, QTY);
      const rows = sent.filter((r) => Number(r.source_line) === key);
      const out = rows.find((r) => r.txn_type === 'TRO');
      const already = rows.filter((r) => r.txn_type === 'TRI').reduce((s, r) => s + fixed(r.quantity, QTY), 0n);
      if (total > shipped) return errors.push({ path: `/lines/${i}/qty_received`, message: `cannot exceed the quantity shipped (${show(shipped, QTY)})` });
      if (total < already) return errors.push({ path: `/lines/${i}/qty_received`, message: `cannot be less than already received (${show(already, QTY)})` });
      if (total < shipped) complete = false;
      const delta = total - already;
      if (delta === 0n) return;
      const outQty = out ? abs(fixed(out.quantity, QTY)) : 0n;
      const amount = out && outQty > 0n ? mulDiv(delta, abs(fixed(out.amount, 2)), outQty) : 0n;
      moves.push({
        ...lot(env, l, i),
        txnType: 'TRI',
        store: Number(doc.to_store),
        qty: delta,
        cost: { kind: 'amount', amount },
        transit: true,
        expiry: out?.expiry_date ? String(out.expiry_date).slice(0, 10) : norm(l.expiry_date),
        arc: num(out?.arc_status) ?? num(l.certificate_type),
        cert: norm(out?.certificate_no) ?? norm(l.certificate_no),
        remark: `From ${from}`,
      });
    });
    if (errors.length) throw invalid(errors);
    if (!moves.length) throw stockError(`Nothing left to receive on transfer ${String(doc.transferno)}: enter the quantities received.`);
    return { movements: moves, flags: complete ? { in_posted: 1, received: 0, ...(doc.received_date ? {} : { received_date: env.date }) } : {} };
  },
};

// ---------------------------------------------------------------- robbing, reservations, adjustments

const robbing: StockDocument = {
  entity: 'robbing_part',
  post: 'post_robbing',
  step: 'post',
  flag: 'posted',
  numberField: 'robbingno',
  dateField: 'robbingdate',
  txnType: 'ROB',
  async plan(env, doc) {
    const item = await env.tx.selectFrom('master_item').select(['item_id', 'partnumber', 'itemname', 'tracking', 'unit']).where('compcode', '=', env.compcode).where('item_id', '=', Number(doc.item)).executeTakeFirst();
    if (!item) throw invalid([{ path: '/item', message: 'is not an item of this company' }]);
    const qty = fixed(doc.quantity, QTY);
    if (item.tracking === 'serial') {
      const errors: FieldError[] = [];
      if (!norm(doc.serial_number)) errors.push({ path: '/serial_number', message: `is required: ${String(item.partnumber)} is serial-numbered` });
      if (qty !== fixed(1, QTY)) errors.push({ path: '/quantity', message: `must be 1: ${String(item.partnumber)} is serial-numbered` });
      if (errors.length) throw invalid(errors);
    }
    const base = { item: Number(doc.item), serial: norm(doc.serial_number), batch: null, condition: 'SV', path: '' };
    const store = num(doc.store);
    const movements: Movement[] = store
      ? [
          { ...base, txnType: 'ROB', store, qty, cost: { kind: 'average' }, registration: norm(doc.donor_registration), remark: `Removed from ${String(doc.donor_registration)}${doc.donor_position ? ` (${String(doc.donor_position)})` : ''}` },
          { ...base, txnType: 'ROB', store, qty: -qty, cost: { kind: 'average' }, install: true, registration: norm(doc.recipient_registration), remark: `Fitted to ${String(doc.recipient_registration)}` },
        ]
      : [];
    return {
      movements,
      after: async () => {
        if (doc.replacement_mr) return;
        const mr = await raiseReplacement(env, doc, { partnumber: String(item.partnumber), itemname: String(item.itemname), unit: String(item.unit ?? 'PCS') });
        return { fields: { replacement_mr: mr.key }, result: { replacement_mr: mr.key, requestno: mr.no, message: `${env.docNo} posted: replacement request ${mr.no} raised for ${String(doc.donor_registration)}.` } };
      },
    };
  },
};

/** The material request that restores the donor aircraft, numbered like any other (through the repository). */
async function raiseReplacement(env: Env, doc: Row, item: { partnumber: string; itemname: string; unit: string }): Promise<{ key: number; no: string }> {
  const currency = await env.tx.selectFrom('company').select('matauang').where('compcode', '=', env.compcode).executeTakeFirst();
  const body: Row = {
    requestdate: env.date,
    requestor: env.ctx.user.user_id,
    department: 'Stores',
    priority: 'WSP',
    registration: doc.donor_registration,
    workorder_no: doc.donor_workorder ?? null,
    matauang: currency?.matauang ?? null,
    remark: `Replacement for ${item.partnumber}${doc.serial_number ? ` S/N ${String(doc.serial_number)}` : ''} robbed from ${String(doc.donor_registration)} for ${String(doc.recipient_registration)} (${env.docNo}).`,
    lines: [{ linetype: 1, item: doc.item, partnumber: item.partnumber, itemname: item.itemname, iteminfo: doc.donor_position ? `Position on donor: ${String(doc.donor_position)}`.slice(0, 200) : null, quantity: doc.quantity, invunitom: item.unit }],
  };
  let mr: Row;
  try {
    mr = await env.ctx.repo.create({ db: env.tx, ability: env.ctx.ability, user: env.ctx.user }, 'material_request', body);
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_FORBIDDEN') {
      throw appError('ERR_FORBIDDEN', { message: 'Posting a robbing raises a material request for the donor aircraft: you need the C letter on Material Requests, or name the replacement request first.' });
    }
    throw e;
  }
  const no = String(mr.requestno);
  for (const [n, l] of ((mr.lines as Row[]) ?? []).entries()) {
    await env.ctx.repo.patch(env.tx, env.ctx.user, 'material_request_line', Number(l.reqdtlkey), { lineref: `${no}/${n + 1}` }, { reason: 'line reference' });
  }
  return { key: Number(mr.requestkey), no };
}

const reservation: StockDocument = {
  entity: 'stock_reservation',
  post: 'post_reservation',
  step: 'post',
  flag: 'posted',
  numberField: 'reserveno',
  dateField: 'reservedate',
  txnType: 'ISS',
  precheck(doc) {
    if (Number(doc.status) !== 1) throw stockError(`Reservation ${String(doc.reserveno)} is closed: it holds nothing.`);
  },
  async plan(env, doc) {
    const ls = needLines(doc);
    const store = Number(doc.store);
    const items = [...new Set(ls.map((l) => Number(l.item)))];
    await lockItems(env.tx, env.compcode, items, env.ctx.user.username);
    const info = new Map((await env.tx.selectFrom('master_item').select(['item_id', 'partnumber']).where('compcode', '=', env.compcode).where('item_id', 'in', items).execute()).map((r) => [Number(r.item_id), String(r.partnumber)]));
    const balances = await env.tx
      .selectFrom('stock_balance as b')
      .innerJoin('store_warehouse as s', 's.store_id', 'b.store')
      .select(['b.item', 'b.serial_number', 'b.batch_number', 'b.condition', 'b.quantity', 'b.expiry_date', 's.store_type', 's.store_code'])
      .where('b.compcode', '=', env.compcode)
      .where('b.store', '=', store)
      .where('b.item', 'in', items)
      .where('b.quantity', '>', 0)
      .execute();
    const usable = balances.filter((b) => usableStock(String(b.condition), String(b.store_type), b.expiry_date as string | null, env.today));
    const others = (await openReservations(env.tx, env.compcode, items.map((i) => [store, i]), env.today)).filter((r) => r.reservekey !== Number(doc.reservekey));
    const code = await storeCode(env.tx, store);
    const wanted = new Map<number, bigint>();
    const errors: string[] = [];
    ls.forEach((l) => wanted.set(Number(l.item), (wanted.get(Number(l.item)) ?? 0n) + fixed(l.quantity, QTY)));
    for (const [item, qty] of wanted) {
      const onHand = usable.filter((b) => Number(b.item) === item).reduce((s, b) => s + fixed(b.quantity, QTY), 0n);
      const held = others.filter((r) => r.item === item).reduce((s, r) => s + r.open, 0n);
      if (onHand - held < qty) errors.push(`${info.get(item) ?? item}: ${show(onHand, QTY)} serviceable in ${code}, ${show(held, QTY)} already reserved, ${show(qty, QTY)} asked`);
    }
    ls.forEach((l) => {
      const serial = norm(l.serial_number);
      const batch = norm(l.batch_number);
      if (!serial && !batch) return;
      const onLot = usable.filter((b) => Number(b.item) === Number(l.item) && (!serial || b.serial_number === serial) && (!batch || b.batch_number === batch)).reduce((s, b) => s + fixed(b.quantity, QTY), 0n);
      const heldLot = others.filter((r) => r.item === Number(l.item) && r.serial_number === serial && r.batch_number === batch).reduce((s, r) => s + r.open, 0n);
      if (onLot - heldLot < fixed(l.quantity, QTY)) errors.push(`${info.get(Number(l.item)) ?? l.item} ${[serial ? `S/N ${serial}` : null, batch ? `batch ${batch}` : null].filter(Boolean).join(' ')}: ${show(onLot - heldLot, QTY)} free in ${code}`);
    });
    if (errors.length) throw stockError(`Not enough stock to reserve: ${errors.join('; ')}.`);
    return { movements: [], flags: { posted: 1 } };
  },
};

const adjustment: StockDocument = {
  entity: 'stock_adjustment',
  post: 'post_stock_adjustment',
  reverse: 'reverse_stock_adjustment',
  step: 'post',
  flag: 'posted',
  numberField: 'adjno',
  dateField: 'adjdate',
  txnType: 'ADJ',
  async plan(env, doc) {
    const ls = needLines(doc);
    return {
      movements: ls.map((l, i) => {
        const qty = fixed(l.quantity, QTY);
        return {
          ...lot(env, l, i),
          txnType: 'ADJ' as const,
          store: Number(doc.store),
          qty,
          cost: qty > 0n ? receiptCost(l.unit_cost) : { kind: 'average' as const },
          expiry: norm(l.expiry_date),
          remark: [String(doc.reason ?? ''), norm(l.remark)].filter(Boolean).join(': ') || null,
        };
      }),
    };
  },
};

export const STOCK_DOCUMENTS: StockDocument[] = [inventoryReceipt, receiving, unserviceableReceipt, inventoryIssue, inventoryReturn, transferOut, transferIn, robbing, reservation, adjustment];
