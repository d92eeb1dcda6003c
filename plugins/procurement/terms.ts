/**
 * Invoice terms: a PO paid in instalments (invoice-termin). The instalments add up to the contract
 * amount, which is the order's total; an instalment with a percentage is that share of it. Each
 * instalment's payment receipt state (spec §4) moves only so:
 *
 *   0 In Process ──► 4 Treasury Received ──► 1 Treasury Received Posted (final)
 *        │                  │          └──► 2 Treasury Received Not Posted ──► 1
 *        └──────────────────┴──────────────────────┴──► 3 Rejected/Invalid ──► 0 (corrected invoice)
 *
 * Posted needs the paid date and amount (not more than the instalment); a posted instalment is not
 * changed or removed. The terms close (outstand 0) when every instalment is posted. Paying moves no
 * stock: nothing here writes a stock document.
 */
import type { FieldError } from '../../engine/src/errors.ts';
import { MONEY, PCT, fixed, percent } from '../../engine/src/values/money.ts';
import { cents, money, patchIfChanged, refuse, type Row, type Tx } from './util.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';

const PAYMENT = { IN_PROCESS: 0, POSTED: 1, NOT_POSTED: 2, REJECTED: 3, TREASURY_RECEIVED: 4 } as const;

const NEXT: Record<number, number[]> = {
  0: [4, 3],
  4: [1, 2, 3],
  2: [1, 3],
  3: [0],
  1: [],
};

const LABEL: Record<number, string> = { 0: 'In Process', 4: 'Treasury Received', 1: 'Treasury Received Posted', 2: 'Treasury Received Not Posted', 3: 'Rejected/Invalid' };

const SAME_FIELDS = ['termin_no', 'description', 'percentage', 'amount', 'due_date', 'invoice_no', 'invoice_date', 'payment_status', 'paid_date', 'paid_amount', 'remark'];

/** Checks the whole document after a write; `before` are its instalments before it (none for a new one). */
export async function checkTerms(t: Tx, termkey: number, before: Row[] | undefined, where: { direct?: number } = {}): Promise<void> {
  const doc = (await t.db.selectFrom('invoice_termin').selectAll().where('termkey', '=', termkey).forUpdate().executeTakeFirst()) as Row | undefined;
  if (!doc) return;
  const lines = (await t.db.selectFrom('invoice_termin_line').selectAll().where('invoice_termin', '=', termkey).orderBy('termdtlkey').execute()) as Row[];
  const po = (await t.db.selectFrom('purchase_order').selectAll().where('pokey', '=', doc.purchase_order as number).executeTakeFirst()) as Row | undefined;
  const problems: FieldError[] = [];
  const path = (l: Row, f: string) => (where.direct !== undefined ? `/${f}` : `/lines/${lines.indexOf(l)}/${f}`);
  if (po) {
    if (po.statuswf !== STATUS.APPROVED) problems.push({ path: '/purchase_order', message: `${String(po.pono)} is not approved: invoice terms are made for an approved order.` });
    if (Number(po.vendor) !== Number(doc.vendor)) problems.push({ path: '/vendor', message: `must be the vendor of ${String(po.pono)}.` });
    if (String(po.currency) !== String(doc.currency)) problems.push({ path: '/currency', message: `must be ${String(po.currency)}, the currency of ${String(po.pono)}.` });
    if (cents(po.total_amount) !== cents(doc.contract_amount)) problems.push({ path: '/contract_amount', message: `must be ${money(cents(po.total_amount))}, the total of ${String(po.pono)}.` });
  }
  const sum = lines.reduce((s, l) => s + cents(l.amount), 0);
  if (lines.length > 0 && sum !== cents(doc.contract_amount)) {
    problems.push({ path: where.direct !== undefined ? '/amount' : '/lines', message: `The instalments add up to ${money(sum)}; they must add up to the contract amount ${money(cents(doc.contract_amount))}.` });
  }
  const old = new Map((before ?? []).map((l) => [Number(l.termdtlkey), l]));
  for (const l of lines) {
    const share = l.percentage !== null && l.percentage !== undefined ? Number(percent(fixed(doc.contract_amount, MONEY), fixed(l.percentage, PCT))) : undefined;
    if (share !== undefined && Math.abs(cents(l.amount) - share) > 1) {
      problems.push({ path: path(l, 'amount'), message: `${Number(l.percentage)}% of ${money(cents(doc.contract_amount))} is ${money(share)}, not ${money(cents(l.amount))}.` });
    }
    const b = old.get(Number(l.termdtlkey));
    const from = b ? Number(b.payment_status) : undefined;
    const to = Number(l.payment_status);
    if (from === undefined) {
      if (to !== PAYMENT.IN_PROCESS) problems.push({ path: path(l, 'payment_status'), message: 'A new instalment starts In Process.' });
    } else if (from === PAYMENT.POSTED) {
      if (SAME_FIELDS.some((f) => String(b?.[f] ?? '') !== String(l[f] ?? ''))) problems.push({ path: path(l, 'payment_status'), message: `Instalment ${String(l.termin_no)} is Treasury Received Posted: it can no longer be changed.` });
    } else if (from !== to && !NEXT[from].includes(to)) {
      problems.push({ path: path(l, 'payment_status'), message: `cannot go from ${LABEL[from]} to ${LABEL[to]}.` });
    }
    if (to === PAYMENT.POSTED && from !== PAYMENT.POSTED) {
      if (!l.paid_date) problems.push({ path: path(l, 'paid_date'), message: 'is required when the payment is posted.' });
      if (!(cents(l.paid_amount) > 0)) problems.push({ path: path(l, 'paid_amount'), message: 'is required when the payment is posted.' });
      else if (cents(l.paid_amount) > cents(l.amount)) problems.push({ path: path(l, 'paid_amount'), message: `is more than the instalment's ${money(cents(l.amount))}.` });
    }
  }
  for (const [k, b] of old) {
    if (!lines.some((l) => Number(l.termdtlkey) === k) && Number(b.payment_status) === PAYMENT.POSTED) {
      problems.push({ path: '/lines', message: `Instalment ${String(b.termin_no)} is Treasury Received Posted: it cannot be removed.` });
    }
  }
  if (problems.length) refuse(problems);
  await setPaid(t, doc, lines);
}

/** What is paid (posted instalments) and whether the terms are closed (every instalment posted). */
export async function setPaid(t: Tx, doc: Row, lines: Row[]): Promise<boolean> {
  const paid = lines.filter((l) => Number(l.payment_status) === PAYMENT.POSTED).reduce((s, l) => s + cents(l.paid_amount), 0);
  const closed = lines.length > 0 && lines.every((l) => Number(l.payment_status) === PAYMENT.POSTED);
  return patchIfChanged(t, 'invoice_termin', doc, { paid_amount: paid / 100, outstand: closed ? 0 : 1 }, 'instalments');
}

/** Days after the invoice an instalment falls due under each payment term. */
export const TERM_DAYS: Record<string, number> = { CIA: 0, COD: 0, NET30: 30, NET45: 45, NET60: 60, NET90: 90 };
