/**
 * The authorised release certificate of a part (EASA Form 1 / FAA 8130-3; issue 36 point 4,
 * decision 0385): a component repaired, overhauled or inspected on a customer work order (a shop
 * visit) is released by a certifying signature on its certificate (release_certificate,
 * metadata/mro/release-certificates.yaml). Sign Release (sign_release_certificate):
 *
 *   1. read and lock the certificate (documentAction) and its work order;
 *   2. the refusals, in the order a certifier reads them (releaseRefusal, pure): a certificate
 *      already signed; the order cancelled, waiting for its approval, or with a task card not
 *      signed (every card DONE or cancelled, at least one DONE: the work the form certifies); the
 *      company's approval reference not recorded; with the company's segregation rule on
 *      (company.release_independent), a signer who performed a card of the order;
 *   3. the signer's authorisation (plugins/maintenance/rules/authorisation.ts, signature
 *      COMPONENT): category C, B1 or B2 covering the type of the customer aircraft the order is
 *      for and the certificate's ATA chapter, valid on the day, approved;
 *   4. the certificate: status RELEASED, the organisation (name, address, authority, approval
 *      reference) as of the signature, who, under which authorisation and version, the date;
 *      sealed (kind `released`) in the same transaction.
 *
 * The preview (decision 0316) reads the same and answers the same refusal, writing nothing.
 *
 * A stores receipt of the part (inventory_receipt_line.release_certificate) takes the
 * certificate from it: its form, tracking number, date, issuer, condition (the status/work codes
 * are the stores' conditions) and serial number are written from the certificate when the line is
 * written (receiptLineFromCertificate), and checked again at posting (checkReceiptCertificates):
 * a line whose certificate fields differ from the signed certificate's is refused.
 */
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { sealRecord } from '../../engine/src/records/seal.ts';
import type { ActionContext, HookContext, SignaturePreview } from '../../engine/src/plugins/host.ts';
import { todayUtc } from '../airworthiness/rules/dates.ts';
import { fullName } from '../airworthiness/store.ts';
import { authorisationFor } from '../maintenance/rules/authorisation.ts';
import { authorisationsOf } from '../maintenance/work-order.ts';
import { MRO_WORK_ORDER, heldForApproval } from './execution.ts';
import '../errors.ts';

type Row = Record<string, unknown>;

const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const day = (v: unknown): string | null => (has(v) ? (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10) : null);
const businessDate = (ctx: ActionContext) => ctx.asOf ?? todayUtc();

export interface ReleaseInput {
  tracking: string;
  status: string;
  order: { number: string; status: string; held: boolean };
  cards: { seq: number; code: string | null; status: string; performedBy: number | null }[];
  approvalRef: string | null;
  independent: boolean;
  signer: number;
}

/** Why the certificate is not signed now, or null (pure; cases in release-certificate.test.ts). */
export function releaseRefusal(x: ReleaseInput): string | null {
  if (x.status === 'RELEASED') return `Release certificate ${x.tracking} is already signed.`;
  const wo = `Work order ${x.order.number}`;
  if (x.order.status === 'CANCELLED') return `${wo} is cancelled: its parts are not released.`;
  if (x.order.held) return `${wo} waits for its approval: its parts are released once it is approved and its work signed.`;
  const label = (c: ReleaseInput['cards'][number]) => `${String(c.seq)}${c.code ? ` (${c.code})` : ''}`;
  const open = x.cards.filter((c) => c.status !== 'DONE' && c.status !== 'CANCEL');
  if (open.length > 0) return `${wo} has task cards not signed: ${open.map(label).join(', ')}. A part is released once the work it certifies is signed.`;
  if (!x.cards.some((c) => c.status === 'DONE')) return `${wo} has no signed task card: a release certificate certifies work signed on the order.`;
  if (!has(x.approvalRef)) return "The company's maintenance approval reference is not recorded (Company Profile): a release certificate names it.";
  if (x.independent) {
    const own = x.cards.find((c) => c.performedBy === x.signer);
    if (own) return `You signed task card ${label(own)} of ${x.order.number} as performed: the company's rules have a part released by someone who did not perform its work.`;
  }
  return null;
}

interface Read {
  cert: Row;
  order: Row;
  company: Row;
  refusal: string | null;
  auth: { authNo: string; version?: number } | null;
}

/** The certificate, its order and company, and what the signature would answer now. */
async function readRelease(tx: DB, ctx: ActionContext, cert: Row, lock: boolean): Promise<Read> {
  let q = tx.selectFrom('amo_work_order').selectAll().where('amo_wo_id', '=', Number(cert.amo_work_order)).where('compcode', '=', ctx.user.compcode);
  if (lock) q = q.forUpdate();
  const order = (await q.executeTakeFirst()) as Row | undefined;
  if (!order) throw appError('ERR_NOT_FOUND');
  const cards = (await tx.selectFrom('amo_work_order_task').select(['seq', 'task_card_no', 'status', 'performed_user']).where('amo_work_order', '=', Number(order.amo_wo_id)).orderBy('seq').execute()) as Row[];
  const company = (await tx.selectFrom('company').selectAll().where('compcode', '=', ctx.user.compcode).executeTakeFirstOrThrow()) as Row;
  let refusal = releaseRefusal({
    tracking: String(cert.tracking_no),
    status: String(cert.status),
    order: { number: String(order.wo_no), status: String(order.status), held: heldForApproval(order) },
    cards: cards.map((c) => ({ seq: Number(c.seq), code: (c.task_card_no as string | null) ?? null, status: String(c.status), performedBy: has(c.performed_user) ? Number(c.performed_user) : null })),
    approvalRef: (company.approval_ref as string | null) ?? null,
    independent: company.release_independent === true,
    signer: ctx.user.user_id,
  });
  let auth: Read['auth'] = null;
  if (!refusal) {
    const type = await MRO_WORK_ORDER.aircraftType(tx, order);
    const r = authorisationFor(await authorisationsOf(tx, ctx.user.user_id, ctx.user.compcode), { signature: 'COMPONENT', typeId: type.id, typeName: type.name, ata: (cert.ata as string | null) ?? null, date: businessDate(ctx) });
    if ('refusal' in r) refusal = r.refusal;
    else auth = r.ok;
  }
  return { cert, order, company, refusal, auth };
}

const address = (c: Row) => [c.compaddr1, c.compaddr2, c.compaddr3].filter(has).map(String).join(', ');

/** Action sign_release_certificate (U, a certifying signature): the refusals, the authorisation, the certificate signed and sealed. */
export async function signReleaseCertificate(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'release_certificate', key, name: 'sign release' }, async (tx, stored) => {
    const r = await readRelease(tx, ctx, stored, true);
    if (r.refusal || !r.auth) throw appError('ERR_SIGNOFF', { message: r.refusal ?? 'No authorisation covers this release.' });
    const name = await fullName(tx, ctx.user);
    const org = String(r.company.company);
    const values: Row = {
      status: 'RELEASED',
      org_name: org,
      org_address: address(r.company) || null,
      approval_authority: (r.company.approval_authority as string | null) ?? null,
      approval_ref: r.company.approval_ref,
      issuer: `${org} ${String(r.company.approval_ref)}`.slice(0, 100),
      signed_user: ctx.user.user_id,
      signed_by: name,
      signed_auth: r.auth.authNo,
      signed_auth_version: r.auth.version ?? null,
      signed_date: businessDate(ctx),
      signed_at: new Date().toISOString(),
    };
    const k = Number(stored.release_cert_id);
    await ctx.repo.patch(tx, ctx.user, 'release_certificate', k, values, { reason: 'release certificate signed', before: stored });
    await sealRecord(tx, ctx.reg, ctx.user, 'release_certificate', k, 'released');
    return { success: 1, message: `${String(stored.tracking_no)} signed by ${name} under ${r.auth.authNo}: ${String(stored.partnumber)}${has(stored.serial_no) ? ` s/n ${String(stored.serial_no)}` : ''} released.`, tracking_no: stored.tracking_no };
  });
}

/** Preview of sign_release_certificate (decision 0316): the blocks as they will be signed, the authorisation, the refusal. Writes nothing. */
export async function previewReleaseCertificate(ctx: ActionContext, key: unknown): Promise<SignaturePreview> {
  const tx = ctx.db;
  const cert = await ctx.repo.get({ db: tx, ability: ctx.ability }, 'release_certificate', key as string | number);
  const r = await readRelease(tx, ctx, cert, false);
  const type = await MRO_WORK_ORDER.aircraftType(tx, r.order);
  const work = ctx.reg.field('release_certificate', 'status_work')?.values?.find((v) => v.code === cert.status_work)?.label ?? String(cert.status_work);
  const items = [
    { label: 'Form tracking number', value: String(cert.tracking_no) },
    { label: 'Organisation', value: `${String(r.company.company)}${has(r.company.approval_ref) ? ` · approval ${String(r.company.approval_ref)}` : ''}` },
    { label: 'Work order', value: `${String(r.order.wo_no)} · ${String(r.order.title ?? '')}` },
    { label: 'Aircraft type', value: `${type.name} (from ${type.registration})` },
    { label: 'Item', value: String(cert.item_no) },
    { label: 'Description', value: String(cert.description) },
    { label: 'Part number', value: String(cert.partnumber) },
    { label: 'Serial number', value: has(cert.serial_no) ? String(cert.serial_no) : '—' },
    { label: 'Quantity', value: String(Number(cert.quantity)) },
    { label: 'Status / work', value: work },
    { label: 'Remarks', value: has(cert.remarks) ? String(cert.remarks) : '—' },
  ];
  return { document: `Release certificate ${String(cert.tracking_no)}`, items, authorisation: r.auth ? `${r.auth.authNo}${r.auth.version ? ` v${String(r.auth.version)}` : ''}` : null, refusal: r.refusal };
}

/** The certificate fields a receipt line takes from a signed release certificate. */
function certificateValues(c: Row): Row {
  return { certificate_type: c.form_type, certificate_no: c.tracking_no, certificate_date: day(c.signed_date), certificate_issuer: c.issuer, condition: c.status_work, serial_number: c.serial_no ?? null };
}

async function signedCertificate(tx: DB, compcode: string, id: unknown): Promise<Row | undefined> {
  return (await tx.selectFrom('release_certificate').selectAll().where('release_cert_id', '=', Number(id)).where('compcode', '=', compcode).executeTakeFirst()) as Row | undefined;
}

const fieldError = (path: string, message: string) => appError('ERR_VALIDATION', { errors: [{ path, message }] });

/**
 * Hook beforeCreate / beforeUpdate of inventory_receipt_line: a line naming our release
 * certificate takes its certificate from it (form, tracking number, date, issuer, condition,
 * serial), written over what was typed; only a signed certificate of the company, of the line's
 * part, for no more than its quantity.
 */
export async function receiptLineFromCertificate(ctx: HookContext): Promise<void> {
  const ref = ctx.row.release_certificate !== undefined ? ctx.row.release_certificate : ctx.before?.release_certificate;
  if (!has(ref)) return;
  const c = await signedCertificate(ctx.db, String(ctx.user.compcode), ref);
  if (!c) throw fieldError('/release_certificate', 'is not a release certificate of this company');
  const no = String(c.tracking_no);
  if (c.status !== 'RELEASED') throw fieldError('/release_certificate', `${no} is not signed: a part is received on a signed release certificate`);
  const item = ctx.row.item !== undefined ? ctx.row.item : ctx.before?.item;
  if (has(item)) {
    const i = await ctx.db.selectFrom('master_item').select('partnumber').where('item_id', '=', Number(item)).executeTakeFirst();
    if (i && String(i.partnumber).trim().toUpperCase() !== String(c.partnumber).trim().toUpperCase()) throw fieldError('/release_certificate', `${no} releases part ${String(c.partnumber)}, not ${String(i.partnumber)}`);
  }
  const qty = ctx.row.quantity !== undefined ? ctx.row.quantity : ctx.before?.quantity;
  if (has(qty) && Number(qty) > Number(c.quantity)) throw fieldError('/quantity', `is more than the ${String(Number(c.quantity))} released on ${no}`);
  Object.assign(ctx.row, certificateValues(c));
}

/**
 * Hook beforePost of inventory_receipt: every line naming our release certificate carries the
 * certificate as signed (a line changed in place after it was taken is refused, 409, nothing posted).
 */
export async function checkReceiptCertificates(ctx: HookContext): Promise<void> {
  const lines = (await ctx.db.selectFrom('inventory_receipt_line').selectAll().where('receipt', '=', Number(ctx.row.receiptkey)).where('release_certificate', 'is not', null).execute()) as Row[];
  for (const l of lines) {
    const c = await signedCertificate(ctx.db, String(ctx.user.compcode), l.release_certificate);
    const want = c && c.status === 'RELEASED' ? certificateValues(c) : null;
    const differs = !want || Object.entries(want).some(([f, v]) => String((f === 'certificate_date' ? day(l[f]) : l[f]) ?? '') !== String(v ?? ''));
    if (differs) throw appError('ERR_CONFLICT', { message: `The line of ${c ? String(c.tracking_no) : 'a release certificate'} does not carry the certificate as signed (form, tracking number, date, issuer, condition, serial): choose the certificate again on the line.` });
  }
}
