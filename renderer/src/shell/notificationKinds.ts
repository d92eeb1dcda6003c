import type { NotificationCounter } from '../api/types';

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
];

export const ZERO_COUNTS: NotificationCounter = {
  TaskCount: 0,
  MrCount: 0,
  MrClosedCount: 0,
  PrCount: 0,
  PrRejectedCount: 0,
  RcvCount: 0,
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
