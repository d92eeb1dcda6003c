import type { CompanyNotificationCounter, NotificationCounter } from '../api/types';

export interface NotificationKind {
  name: string;
  counter: keyof NotificationCounter;
  route: string;
}

/** Spec §3 notification kinds, their counters and the routes they open. */
export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  { name: 'Pending Task', counter: 'TaskCount', route: '/approval-list' },
  { name: 'Material Request', counter: 'MrCount', route: '/aircraft-logistic/mr-list' },
  { name: 'MR Items Closed', counter: 'MrClosedCount', route: '/aircraft-logistic/mr-list' },
  { name: 'Purchase Request', counter: 'PrCount', route: '/aircraft-logistic/pr-list' },
  { name: 'PR Items Rejected', counter: 'PrRejectedCount', route: '/aircraft-logistic/pr-list' },
  { name: 'UnPosted Receiving', counter: 'RcvCount', route: '/aircraft-procurement/receiving' },
  { name: 'Reliability Alerts', counter: 'RelAlertCount', route: '/aircraft-maintenance/reliability-report' },
];

export const ZERO_COUNTS: NotificationCounter = {
  TaskCount: 0,
  MrCount: 0,
  MrClosedCount: 0,
  PrCount: 0,
  PrRejectedCount: 0,
  RcvCount: 0,
  RelAlertCount: 0,
};

/** Missing or non-numeric counters count as zero. */
export function normaliseCounts(
  raw: Partial<Record<keyof NotificationCounter, unknown>> | null | undefined,
): NotificationCounter {
  const out = { ...ZERO_COUNTS };
  for (const key of Object.keys(out) as Array<keyof NotificationCounter>) {
    const n = Number(raw?.[key] ?? 0);
    out[key] = Number.isFinite(n) && n > 0 ? n : 0;
  }
  return out;
}

export function totalCount(c: NotificationCounter): number {
  return NOTIFICATION_KINDS.reduce((sum, k) => sum + c[k.counter], 0);
}

/**
 * The companies of the answer (decision 0256), each with its counts normalised, the active company
 * first; an answer without them (an older server) is the active company alone.
 */
export function normaliseCompanies(raw: unknown, active: { compcode: string; company: string }): CompanyNotificationCounter[] {
  const list = raw && typeof raw === 'object' && Array.isArray((raw as { companies?: unknown }).companies) ? ((raw as { companies: unknown[] }).companies) : null;
  if (!list) return [{ compcode: active.compcode, company: active.company, active: true, counts: normaliseCounts(raw as Partial<Record<keyof NotificationCounter, unknown>> | null) }];
  const out = list
    .filter((c): c is Record<string, unknown> => Boolean(c) && typeof c === 'object' && typeof (c as { compcode?: unknown }).compcode === 'string')
    .map((c) => ({
      compcode: String(c.compcode),
      company: typeof c.company === 'string' && c.company ? c.company : String(c.compcode),
      active: c.compcode === active.compcode,
      counts: normaliseCounts(c.counts as Partial<Record<keyof NotificationCounter, unknown>> | null),
    }));
  return out.sort((a, b) => Number(b.active) - Number(a.active));
}

/** Every company's items together: the number the bell shows. */
export function totalOfCompanies(companies: readonly CompanyNotificationCounter[]): number {
  return companies.reduce((sum, c) => sum + totalCount(c.counts), 0);
}
