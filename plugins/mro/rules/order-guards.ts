/**
 * The customer work order's own guards on the transitions it shares with the operator's order
 * (metadata/mro/work-orders.yaml `lifecycle.guards`, decision 0406). Its open order is the
 * mechanism's released order, or its draft while held: made for a customer on credit hold
 * (decision 0174) or amended (decision 0241) and not approved since. A held order does not start
 * and is not released to service. Pure functions; hand-worked cases in order-guards.test.ts.
 *
 *   approvedToStart({ wo_no: 'AWO-2026-00003', credit_hold: 'over limit', statuswf: '000' })
 *   // 'Work order AWO-2026-00003 is not released for work yet: the work starts once it is approved.'
 */
import { STATUS } from '../../../engine/src/workflow/status.ts';

type OrderRow = Readonly<Record<string, unknown>>;

const has = (v: unknown) => v !== null && v !== undefined && v !== '';

/** An order waiting for its approval: on credit hold or amended, and not approved since. */
export function heldForApproval(order: OrderRow): boolean {
  return (has(order.credit_hold) || has(order.amendment)) && String(order.statuswf) !== STATUS.APPROVED;
}

const held = (order: OrderRow, step: string): string | null => (heldForApproval(order) ? `Work order ${String(order.wo_no)} is not released for work yet: ${step} once it is approved.` : null);

/** Start Work: not while held for approval. */
export const approvedToStart = (order: OrderRow): string | null => held(order, 'the work starts');
/** Issue CRS: not while held for approval. */
export const approvedToRelease = (order: OrderRow): string | null => held(order, 'it is released to service');
