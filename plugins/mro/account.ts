/**
 * A customer's account (decision 0174): its posted invoices, credit notes and payments, their
 * ageing on a date, and the credit hold a new work order meets. Apart from invoice.ts so that the
 * commercial chain (commercial.ts, which invoice.ts uses) can read it without a circle.
 */
import type { DB } from '../../engine/src/db/database.ts';
import { MONEY, fixed, formatMoney } from '../../engine/src/values/money.ts';
import { ageing, creditHold, type AccountEntry, type Ageing } from './rules/ageing.ts';

const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const day = (v: unknown): string | null => (has(v) ? (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10) : null);
const money = (v: unknown) => fixed(v, MONEY);

/** The customer's posted invoices, credit notes and payments (rules/ageing.ts entries; amounts positive). */
export async function accountOf(db: DB, compcode: string, customer: number): Promise<AccountEntry[]> {
  const docs = (await db
    .selectFrom('mro_invoice as i')
    .leftJoin('mro_invoice as c', 'c.mro_invoice_id', 'i.credits')
    .select(['i.doc_type', 'i.invoice_no', 'i.invoice_date', 'i.total', 'c.invoice_no as credits_no'])
    .where('i.compcode', '=', compcode)
    .where('i.amo_customer', '=', customer)
    .where('i.status', '=', 'POSTED')
    .execute());
  const pays = (await db
    .selectFrom('mro_payment as p')
    .leftJoin('mro_invoice as i', 'i.mro_invoice_id', 'p.mro_invoice')
    .select(['p.payment_no', 'p.payment_date', 'p.amount', 'i.invoice_no'])
    .where('p.compcode', '=', compcode)
    .where('p.amo_customer', '=', customer)
    .where('p.status', '=', 'POSTED')
    .execute());
  const entries: AccountEntry[] = [
    ...docs.map((d): AccountEntry => (d.doc_type === 'CN'
      ? { kind: 'CN', no: String(d.invoice_no), date: day(d.invoice_date) ?? '', amount: -money(d.total), invoice: (d.credits_no as string | null) ?? null }
      : { kind: 'INV', no: String(d.invoice_no), date: day(d.invoice_date) ?? '', amount: money(d.total) })),
    ...pays.map((p): AccountEntry => ({ kind: 'PAY', no: String(p.payment_no), date: day(p.payment_date) ?? '', amount: money(p.amount), invoice: (p.invoice_no as string | null) ?? null })),
  ];
  return entries.sort((a, b) => a.date.localeCompare(b.date) || a.no.localeCompare(b.no));
}

/** The customer's ageing on a date (for the credit hold). */
export async function ageingOf(db: DB, compcode: string, customer: number, asOf: string): Promise<Ageing> {
  return ageing(await accountOf(db, compcode, customer), asOf);
}

/**
 * Why a work order for the customer is held (invoices open over 90 days, or its balance plus the
 * new work over its credit limit), as a sentence naming the customer; null when it is not.
 * A customer without a credit limit is held only for old invoices; a limit of 0 means no credit
 * (cash in advance: payments on account must cover the work).
 */
export async function creditHoldRefusal(db: DB, compcode: string, customer: number, asOf: string, newAmount: bigint): Promise<string | null> {
  const c = await db.selectFrom('amo_customer').select(['customer_name', 'credit_limit', 'currency']).where('amo_customer_id', '=', customer).executeTakeFirstOrThrow();
  const a = await ageingOf(db, compcode, customer, asOf);
  const limit = has(c.credit_limit) ? money(c.credit_limit) : null;
  const reason = creditHold(a, limit, newAmount);
  if (!reason) return null;
  const cur = String(c.currency);
  const detail = a.buckets.d90 > 0n
    ? `${cur} ${formatMoney(a.buckets.d90)} open for more than 90 days on ${asOf}`
    : `balance ${cur} ${formatMoney(a.balance)} + this work ${formatMoney(newAmount)} > credit limit ${formatMoney(limit ?? 0n)}`;
  return `Credit hold: ${String(c.customer_name)} ${reason} (${detail}).`;
}
