/**
 * Stores: posting moves stock through one ledger, never negative, valued at moving average cost.
 *
 * Actions (letter O on the document's forms, metadata/logistic/inventory.yaml and
 * metadata/procurement/purchasing.yaml), one per document and step:
 *   post_inventory_receipt, post_receiving, post_unserviceable_receipt, post_transfer_out,
 *   post_transfer_in, post_inventory_issue, post_inventory_return, post_robbing,
 *   post_reservation, post_stock_adjustment
 * and the reversals of posted documents:
 *   reverse_inventory_receipt, reverse_receiving, reverse_unserviceable_receipt,
 *   reverse_stock_transfer, reverse_inventory_issue, reverse_inventory_return,
 *   reverse_stock_adjustment
 *
 * Each runs the beforePost and afterPost hooks of other plugins (engine/src/plugins/host.ts).
 * Rules: ledger.ts; documents: documents.ts; transaction frame: post.ts;
 * valuation and currency: docs/decisions/0100-stock-valuation.md.
 */
import { definePlugin, type ActionContext, type HookContext, type PluginAction } from '../../engine/src/plugins/host.ts';
import { appError } from '../../engine/src/errors.ts';
import { STOCK_DOCUMENTS } from './documents.ts';
import { postInventoryReceipt, reverseInventoryReceipt } from './documents/inventory-receipt.ts';
import { postReceiving, reverseReceiving } from './documents/receiving.ts';
import { postUnserviceableReceipt, reverseUnserviceableReceipt } from './documents/unserviceable-receipt.ts';
import { postInventoryIssue, reverseInventoryIssue } from './documents/inventory-issue.ts';
import { postInventoryReturn, reverseInventoryReturn } from './documents/inventory-return.ts';
import { postTransferIn, postTransferOut, reverseStockTransfer } from './documents/stock-transfer.ts';
import { postRobbing } from './documents/robbing.ts';
import { postReservation } from './documents/stock-reservation.ts';
import { postStockAdjustment, reverseStockAdjustment } from './documents/stock-adjustment.ts';
import type { PostResult } from './post.ts';
import { acceptIncomingInspection, previewIncomingInspection } from './incoming.ts';
import { enumLabel } from '../../engine/src/metadata/labels.ts';

/**
 * A stock document's post or reverse action: the document's own function beside its plan
 * (documents/<entity>.ts), which runs the one posting frame (post.ts). `document`: the action's
 * first read is documentAction's locked read of its row (run-action.ts).
 */
const stockAction = (entity: string, fn: (ctx: ActionContext, key: unknown) => Promise<PostResult>): PluginAction => ({ entity, document: true, handler: fn, run: (ctx, input) => fn(ctx, input.key) });

const actions: Record<string, PluginAction> = {
  accept_incoming_inspection: { entity: 'inventory_receipt_line', handler: acceptIncomingInspection, run: (ctx, input) => acceptIncomingInspection(ctx, input.key), preview: (ctx, input) => previewIncomingInspection(ctx, input.key) },
  post_inventory_receipt: stockAction('inventory_receipt', postInventoryReceipt),
  reverse_inventory_receipt: stockAction('inventory_receipt', reverseInventoryReceipt),
  post_receiving: stockAction('receiving', postReceiving),
  reverse_receiving: stockAction('receiving', reverseReceiving),
  post_unserviceable_receipt: stockAction('unserviceable_receipt', postUnserviceableReceipt),
  reverse_unserviceable_receipt: stockAction('unserviceable_receipt', reverseUnserviceableReceipt),
  post_inventory_issue: stockAction('inventory_issue', postInventoryIssue),
  reverse_inventory_issue: stockAction('inventory_issue', reverseInventoryIssue),
  post_inventory_return: stockAction('inventory_return', postInventoryReturn),
  reverse_inventory_return: stockAction('inventory_return', reverseInventoryReturn),
  post_transfer_out: stockAction('stock_transfer', postTransferOut),
  post_transfer_in: stockAction('stock_transfer', postTransferIn),
  reverse_stock_transfer: stockAction('stock_transfer', reverseStockTransfer),
  post_robbing: stockAction('robbing_part', postRobbing),
  post_reservation: stockAction('stock_reservation', postReservation),
  post_stock_adjustment: stockAction('stock_adjustment', postStockAdjustment),
  reverse_stock_adjustment: stockAction('stock_adjustment', reverseStockAdjustment),
};

/** Every stock document's post (and reverse) action is in the table above under the name its entry gives. */
function documentActionsListed(): string[] {
  return STOCK_DOCUMENTS.flatMap((k) =>
    [k.post, ...(k.reverse ? [k.reverse] : [])].filter((name) => actions[name]?.entity !== k.entity).map((name) => `plugins/stores/index.ts: the action ${name} of ${k.entity} (plugins/stores/documents/) is not in the stores plugin's actions`),
  );
}

const OPEN_FOR_WORK = ['RELEASED', 'INPROGRESS'];

/**
 * An issue to a work order takes the order's number and aircraft from the order itself, and only
 * from an order released for work (the lookup offers only those; a call naming another is refused
 * at the field).
 */
async function fromWorkOrder(ctx: HookContext): Promise<void> {
  const key = ctx.row.work_order;
  if (key === undefined || key === null || key === '') return;
  const wo = await ctx.db
    .selectFrom('work_order as w')
    .innerJoin('aircraft as a', 'a.aircraft_id', 'w.aircraft')
    .select(['w.wo_no', 'w.wo_status', 'a.registration'])
    .where('w.wo_id', '=', Number(key))
    .where('w.compcode', '=', ctx.user.compcode)
    .executeTakeFirst();
  if (!wo) throw appError('ERR_VALIDATION', { errors: [{ path: '/work_order', message: 'is not a record of this company' }] });
  if (!OPEN_FOR_WORK.includes(String(wo.wo_status))) {
    throw appError('ERR_VALIDATION', { errors: [{ path: '/work_order', message: `${String(wo.wo_no)} is not released for work (${enumLabel('work_order', 'wo_status', wo.wo_status)}): parts are issued to a released or in-work order` }] });
  }
  ctx.row.workorder_no = wo.wo_no;
  ctx.row.registration = wo.registration;
}

/**
 * A return made from its issue takes the issue's aircraft and work order number from the issue
 * itself, never from a reversed issue or a reversal (refused at the field). The lookup offers only
 * posted issues and copies their store and lines; an issue still unposted is refused at the
 * return's posting (a demo or an import may write both before posting them). Decision 0264.
 */
async function fromIssue(ctx: HookContext): Promise<void> {
  const key = ctx.row.issue;
  if (key === undefined || key === null || key === '') return;
  const iss = await ctx.db
    .selectFrom('inventory_issue')
    .select(['issueno', 'posted', 'reverses', 'reversed_by', 'registration', 'workorder_no'])
    .where('issuekey', '=', Number(key))
    .where('compcode', '=', ctx.user.compcode)
    .executeTakeFirst();
  if (!iss) throw appError('ERR_VALIDATION', { errors: [{ path: '/issue', message: 'is not a record of this company' }] });
  const no = String(iss.issueno);
  if (iss.reverses !== null) throw appError('ERR_VALIDATION', { errors: [{ path: '/issue', message: `${no} is a reversal: return against the issue it reverses` }] });
  if (iss.reversed_by !== null) throw appError('ERR_VALIDATION', { errors: [{ path: '/issue', message: `${no} is reversed: its parts are already back in stock` }] });
  ctx.row.registration = iss.registration;
  ctx.row.workorder_no = iss.workorder_no;
}

export default definePlugin({
  name: 'stores',
  // a part whose stock position fell to its reorder minimum or below (every row of the reorder
  // view, metadata/logistic/sql/inventory-reorder.sql): a webhook event when it enters it (decision 0334)
  watches: [{ entity: 'inventory_reorder', key: 'item_id', events: ['below_reorder'], state: "'below_reorder'" }],
  actions,
  checks: documentActionsListed,
  hooks: {
    inventory_issue: { beforeCreate: fromWorkOrder, beforeUpdate: fromWorkOrder },
    inventory_return: { beforeCreate: fromIssue, beforeUpdate: fromIssue },
  },
});
