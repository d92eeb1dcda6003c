/**
 * Guards of the work order's declared transitions (metadata/maintenance/workorders.yaml
 * `lifecycle.transitions`, decision 0405): the state the runner checks is the order's progress;
 * what else a step needs of the order's row is here. Pure functions, the stored row in, the
 * refusal's words or null out; hand-worked cases in order-guards.test.ts.
 *
 *   notOnProcess({ wo_no: 'WO-2026-00012', statuswf: '100' })
 *   // 'Work order WO-2026-00012 is on process: cancel the sending before withdrawing it.'
 */
import { STATUS } from '../../../engine/src/workflow/status.ts';

type OrderRow = Readonly<Record<string, unknown>>;

/** Withdraw: an order sent for approval is withdrawn once its sending is cancelled. */
export function notOnProcess(order: OrderRow): string | null {
  return String(order.statuswf) === STATUS.ON_PROCESS ? `Work order ${String(order.wo_no)} is on process: cancel the sending before withdrawing it.` : null;
}
