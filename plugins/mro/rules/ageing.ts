/**
 * A customer's account on a chosen date (decision 0172): invoices, credit notes and payments dated
 * on or before it, the balance, and the open amount of each invoice aged by the days from its date
 * to the chosen date in the buckets 0–30, 31–60, 61–90 and over 90 (91 days and more). A credit
 * note or payment settles the invoice it names; one that names none settles the oldest open
 * invoices first. Amounts in minor units; invoices positive, credit notes and payments positive
 * amounts that reduce the balance.
 *
 *   ageing([{ kind: 'INV', no: 'I1', date: '2026-01-01', amount: 10000n }], '2026-03-15')
 *     // 73 days: { d0_30: 0n, d31_60: 0n, d61_90: 10000n, d90: 0n }, balance 10000n
 */
import { daysBetween } from '../../../engine/src/values/dates.ts';

export interface AccountEntry {
  kind: 'INV' | 'CN' | 'PAY';
  no: string;
  date: string;
  amount: bigint;
  /** CN and PAY: the invoice settled */
  invoice?: string | null;
}

export interface Buckets {
  d0_30: bigint;
  d31_60: bigint;
  d61_90: bigint;
  d90: bigint;
}

export interface Ageing {
  balance: bigint;
  buckets: Buckets;
  /** open amount and age (days) of each invoice still open */
  open: { no: string; date: string; days: number; open: bigint }[];
}

export { daysBetween };

export function bucketOf(days: number): keyof Buckets {
  return days <= 30 ? 'd0_30' : days <= 60 ? 'd31_60' : days <= 90 ? 'd61_90' : 'd90';
}

export function ageing(entries: AccountEntry[], asOf: string): Ageing {
  const seen = entries.filter((e) => e.date <= asOf);
  const invoices = seen.filter((e) => e.kind === 'INV').sort((a, b) => a.date.localeCompare(b.date) || a.no.localeCompare(b.no));
  const open = new Map(invoices.map((i) => [i.no, i.amount]));
  const unapplied: bigint[] = [];
  for (const s of seen.filter((e) => e.kind !== 'INV')) {
    if (s.invoice && open.has(s.invoice)) open.set(s.invoice, (open.get(s.invoice) ?? 0n) - s.amount);
    else unapplied.push(s.amount);
  }
  // settlements naming no invoice (or an invoice after the date) take the oldest open amounts first
  let left = unapplied.reduce((a, b) => a + b, 0n);
  for (const i of invoices) {
    if (left <= 0n) break;
    const o = open.get(i.no) ?? 0n;
    if (o <= 0n) continue;
    const take = o < left ? o : left;
    open.set(i.no, o - take);
    left -= take;
  }
  const buckets: Buckets = { d0_30: 0n, d31_60: 0n, d61_90: 0n, d90: 0n };
  const rows: Ageing['open'] = [];
  for (const i of invoices) {
    const o = open.get(i.no) ?? 0n;
    if (o === 0n) continue;
    const days = daysBetween(i.date, asOf);
    buckets[bucketOf(days)] += o;
    rows.push({ no: i.no, date: i.date, days, open: o });
  }
  // what is paid beyond every invoice stays a credit in the newest bucket
  buckets.d0_30 -= left;
  const balance = seen.reduce((s, e) => s + (e.kind === 'INV' ? e.amount : -e.amount), 0n);
  return { balance, buckets, open: rows };
}

/** Why a new work order for the customer needs an approval step: over its credit limit, or invoices over 90 days open. */
export function creditHold(a: Ageing, creditLimit: bigint | null, newAmount: bigint): string | null {
  if (a.buckets.d90 > 0n) return 'has invoices open for more than 90 days';
  if (creditLimit !== null && a.balance + newAmount > creditLimit) return 'would be over its credit limit';
  return null;
}
