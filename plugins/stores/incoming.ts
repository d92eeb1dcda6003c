/**
 * Incoming inspection of received parts (decision 0102). A serialised or rotable part received in
 * a serviceable condition (not an opening balance) must come with its release certificate — an
 * EASA Form 1, FAA 8130-3 or equivalent: type, number, date and the issuer — and is posted into
 * quarantine, not into serviceable stock, until an inspector accepts it. Accepting needs a valid
 * inspection authorisation (staff_authorisation category INSP, not suspended, valid on the
 * business date): the part then moves from the quarantine store into the store of its line, at
 * the value it was received at (a transfer within the company: the average cost does not move).
 *
 *   needsInspection({ tracking: 'serial', itemClass: 'EXP' }, 'NE', 'PO')   // true
 *   needsInspection({ tracking: 'none', itemClass: 'ROT' }, 'AR', 'OTHER')   // false: not serviceable
 */
import type { DB } from '../../engine/src/db/database.ts';
import { appError, type FieldError } from '../../engine/src/errors.ts';
import type { ActionContext, RowOf, SignaturePreview } from '../../engine/src/plugins/host.ts';
import type { Fields } from './documents/stock-document.ts';
import { refusalOf } from '../../engine/src/crud/preview-action.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { sealRecord } from '../../engine/src/records/seal.ts';
import { QTY, abs, fixed, toNumber } from '../../engine/src/values/money.ts';
import { todayIso } from '../../engine/src/values/dates.ts';
import { postMovements } from './ledger.ts';
import { SERVICEABLE } from './ledger/serviceable.ts';
import { norm } from './ledger/values.ts';
import '../errors.ts';

type ReceiptLine = RowOf<'inventory_receipt_line'>;

export interface ItemKind {
  tracking: string;
  itemClass: string;
}

/** Whether a received line goes through incoming inspection (quarantine until accepted). */
export function needsInspection(item: ItemKind, condition: string, source: string): boolean {
  if (source === 'OPEN') return false; // stock already held when the system starts
  if (!SERVICEABLE.has(condition)) return false; // received as removed / unserviceable: not to be fitted
  return item.tracking === 'serial' || item.itemClass === 'ROT';
}

/** The release certificate fields a line that needs inspection lacks, as field errors. */
export function certificateErrors(line: ReceiptLine, i: number): FieldError[] {
  const missing: [keyof ReceiptLine, string][] = [
    ['certificate_type', 'is required for a serialised or rotable part: the release certificate (EASA Form 1 / FAA 8130-3)'],
    ['certificate_no', 'is required: the release certificate number'],
    ['certificate_date', 'is required: the date the release certificate was signed'],
    ['certificate_issuer', 'is required: who issued the release certificate'],
  ];
  return missing.filter(([f]) => line[f] === null || line[f] === undefined || String(line[f]).trim() === '').map(([f, message]) => ({ path: `/lines/${i}/${f}`, message }));
}

/** The tracking and class of the lines' items, by item key. */
export async function itemKinds(tx: DB, items: number[]): Promise<Map<number, ItemKind>> {
  if (items.length === 0) return new Map();
  const rows = await tx
    .selectFrom('master_item as i')
    .innerJoin('master_item_category as c', 'c.id', 'i.category')
    .select(['i.item_id', 'i.tracking', 'c.item_class'])
    .where('i.item_id', 'in', [...new Set(items)])
    .execute();
  return new Map(rows.map((r) => [Number(r.item_id), { tracking: String(r.tracking), itemClass: String(r.item_class) }]));
}

/** The inspection authorisation the user holds on `date`, or the refusal. */
async function inspectionAuthorisation(tx: DB, ctx: ActionContext, date: string): Promise<string> {
  const held = await tx.selectFrom('staff_authorisation').select(['auth_no', 'valid_from', 'valid_to', 'suspended']).where('compcode', '=', ctx.user.compcode).where('person', '=', ctx.user.user_id).where('category', '=', 'INSP').where('statuswf', '=', '111').execute(); // approved ones only (decision 0220)
  const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? '')).slice(0, 10);
  const valid = held.find((a) => !a.suspended && (!a.valid_from || day(a.valid_from) <= date) && (!a.valid_to || day(a.valid_to) >= date));
  if (valid) return String(valid.auth_no);
  if (held.length === 0) throw appError('ERR_SIGNOFF', { message: 'Accepting a part after incoming inspection needs an inspection authorisation (category INSP); you hold none.' });
  const last = held[held.length - 1];
  throw appError('ERR_SIGNOFF', { message: last.suspended ? `Your inspection authorisation ${String(last.auth_no)} is suspended.` : `Your inspection authorisation ${String(last.auth_no)} is not valid on ${date}.` });
}

/** A line's part waiting in quarantine: its posted receipt and where that receipt put it (its RCV row), or the refusal. */
async function waitingPart(tx: DB, ctx: ActionContext, line: ReceiptLine) {
  if (line.inspection !== 'PENDING') throw appError('ERR_CONFLICT', { message: line.inspection === 'ACC' ? 'This part was already accepted.' : 'This part is not waiting for incoming inspection.' });
  const receipt = (await tx.selectFrom('inventory_receipt').select(['receiptkey', 'receiptno', 'posted', 'reversed_by']).where('receiptkey', '=', line.receipt).executeTakeFirstOrThrow());
  if (Number(receipt.posted) !== 1 || receipt.reversed_by) throw appError('ERR_CONFLICT', { message: `Receipt ${String(receipt.receiptno)} is not posted or was reversed: there is nothing to accept.` });
  // where the receipt put it: the quarantine store of its RCV row
  const received = await tx
    .selectFrom('stock_ledger')
    .select(['store', 'quantity', 'amount', 'expiry_date', 'arc_status', 'certificate_no'])
    .where('compcode', '=', ctx.user.compcode)
    .where('source', '=', 'inventory_receipt')
    .where('source_key', '=', Number(receipt.receiptkey))
    .where('source_line', '=', line.receiptdtlkey)
    .where('txn_type', '=', 'RCV')
    .executeTakeFirstOrThrow();
  return { receipt, received };
}

/**
 * Preview of accept_incoming_inspection (decision 0316): the part as received (part number and
 * description, serial or batch, quantity, condition, certificate), the receipt, the quarantine store
 * it leaves and the store it enters; the inspector's INSP authorisation, or the refusal the
 * acceptance would get now. Writes nothing.
 */
export async function previewIncomingInspection(ctx: ActionContext, key: unknown): Promise<SignaturePreview> {
  const tx = ctx.db;
  const line = await ctx.repo.get({ db: tx, ability: ctx.ability }, 'inventory_receipt_line', key as string | number);
  const item = await tx.selectFrom('master_item').select(['partnumber', 'itemname']).where('item_id', '=', Number(line.item)).executeTakeFirst();
  const storeName = async (id: unknown) => (id ? (await tx.selectFrom('store_warehouse').select(['store_code', 'store_name']).where('store_id', '=', Number(id)).executeTakeFirst()) : undefined);
  const into = await storeName(line.store);
  let refusal: string | null = null;
  let authorisation: string | null = null;
  let waiting: Awaited<ReturnType<typeof waitingPart>> | null = null;
  try {
    waiting = await waitingPart(tx, ctx, line);
    authorisation = await inspectionAuthorisation(tx, ctx, ctx.asOf ?? todayIso());
  } catch (err) {
    refusal = refusalOf(err, ctx.reg.entity('inventory_receipt_line'));
  }
  const from = waiting ? await storeName(waiting.received.store) : undefined;
  const store = (s: { store_code: unknown; store_name: unknown } | undefined) => (s ? `${String(s.store_code)} ${String(s.store_name ?? '')}`.trim() : '');
  const identity = line.serial_number ? `S/N ${String(line.serial_number)}` : line.batch_number ? `Batch ${String(line.batch_number)}` : '';
  const items = [
    { label: 'Part', value: `${String(item?.partnumber ?? '')} ${String(item?.itemname ?? '')}`.trim() },
    ...(identity ? [{ label: 'Serial or batch', value: identity }] : []),
    ...(waiting ? [{ label: 'Quantity', value: toNumber(abs(fixed(waiting.received.quantity, QTY)), QTY).toLocaleString('en-US', { maximumFractionDigits: 2 }) }] : []),
    { label: 'Condition', value: String(line.condition ?? '') },
    ...(waiting?.received.certificate_no ? [{ label: 'Certificate', value: String(waiting.received.certificate_no) }] : []),
    ...(waiting ? [{ label: 'Receipt', value: String(waiting.receipt.receiptno) }, { label: 'From quarantine', value: store(from) }] : []),
    { label: 'Into store', value: store(into) },
  ];
  return { document: `Incoming inspection of ${identity || `line ${String(line.receiptdtlkey)}`}`, items, authorisation, refusal };
}

/**
 * Action accept_incoming_inspection on a receipt line waiting in quarantine: the inspector's
 * authorisation, then the part out of the quarantine store and into its line's store, in one
 * transaction; the line records who accepted it, when and under which authorisation.
 */
export async function acceptIncomingInspection(ctx: ActionContext, key: unknown): Promise<Fields> {
  return documentAction(ctx, { entity: 'inventory_receipt_line', key, name: 'accept incoming inspection' }, async (tx, line) => {
    const { receipt, received } = await waitingPart(tx, ctx, line);
    const date = ctx.asOf ?? todayIso();
    const authNo = await inspectionAuthorisation(tx, ctx, date);
    const qty = abs(fixed(received.quantity, QTY));
    const lot = {
      item: line.item,
      serial: norm(line.serial_number),
      batch: norm(line.batch_number),
      condition: line.condition,
      line: line.receiptdtlkey,
      expiry: received.expiry_date ? String(received.expiry_date).slice(0, 10) : null,
      arc: received.arc_status === null ? null : Number(received.arc_status),
      cert: (received.certificate_no as string | null) ?? null,
    };
    const header = { compcode: ctx.user.compcode, date, docNo: String(receipt.receiptno), source: 'inventory_receipt', sourceKey: Number(receipt.receiptkey), username: ctx.user.username, today: date };
    const out = await postMovements(tx, header, [{ ...lot, txnType: 'TRO', store: Number(received.store), qty: -qty, cost: { kind: 'average' }, transit: true, remark: `Incoming inspection accepted (${authNo})` }]);
    const value = abs(out.reduce((s, r) => s + r.amount, 0n));
    await postMovements(tx, header, [{ ...lot, txnType: 'TRI', store: line.store, qty, cost: { kind: 'amount', amount: value }, transit: true, remark: `Incoming inspection accepted (${authNo}), from quarantine` }]);
    await ctx.repo.patch(tx, ctx.user, 'inventory_receipt_line', line.receiptdtlkey, { inspection: 'ACC', inspected_user: ctx.user.user_id, inspected_at: new Date().toISOString(), inspection_auth: authNo }, { reason: 'incoming inspection accepted', before: line });
    await sealRecord(tx, ctx.reg, ctx.user, 'inventory_receipt_line', line.receiptdtlkey, 'accepted');
    const part = line.serial_number ? `S/N ${line.serial_number}` : `line ${String(line.receiptdtlkey)}`;
    return { success: 1, message: `${part} of ${String(receipt.receiptno)} accepted under ${authNo}: now serviceable stock.` };
  });
}
