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
import { definePlugin, type HookContext, type PluginAction } from '../../engine/src/plugins/host.ts';
import { appError } from '../../engine/src/errors.ts';
import { STOCK_DOCUMENTS } from './documents.ts';
import type { StockDocument } from './documents/stock-document.ts';
import { inventoryReceipt } from './documents/inventory-receipt.ts';
import { receiving } from './documents/receiving.ts';
import { unserviceableReceipt } from './documents/unserviceable-receipt.ts';
import { inventoryIssue } from './documents/inventory-issue.ts';
import { inventoryReturn } from './documents/inventory-return.ts';
import { transferIn, transferOut } from './documents/stock-transfer.ts';
import { robbing } from './documents/robbing.ts';
import { reservation } from './documents/stock-reservation.ts';
import { adjustment } from './documents/stock-adjustment.ts';
import { postDocument, reverseDocument } from './post.ts';
import { acceptIncomingInspection, previewIncomingInspection } from './incoming.ts';
import { enumLabel } from '../../engine/src/metadata/labels.ts';

/**
 * A stock document's post and reverse actions: the one posting frame (post.ts: postDocument,
 * reverseDocument) with the document's own plan (documents/<entity>.ts). `document`: the action's
 * first read is documentAction's locked read of its row (run-action.ts).
 */
const post = (kind: StockDocument): PluginAction => ({ entity: kind.entity, document: true, handler: postDocument, run: (ctx, input) => postDocument(ctx, kind, input.key) });
const reverse = (kind: StockDocument): PluginAction => ({ entity: kind.entity, document: true, handler: reverseDocument, run: (ctx, input) => reverseDocument(ctx, kind, input.key) });

const actions: Record<string, PluginAction> = {
  accept_incoming_inspection: { entity: 'inventory_receipt_line', handler: acceptIncomingInspection, run: (ctx, input) => acceptIncomingInspection(ctx, input.key), preview: (ctx, input) => previewIncomingInspection(ctx, input.key) },
  post_inventory_receipt: post(inventoryReceipt),
  reverse_inventory_receipt: reverse(inventoryReceipt),
  post_receiving: post(receiving),
  reverse_receiving: reverse(receiving),
  post_unserviceable_receipt: post(unserviceableReceipt),
  reverse_unserviceable_receipt: reverse(unserviceableReceipt),
  post_inventory_issue: post(inventoryIssue),
  reverse_inventory_issue: reverse(inventoryIssue),
  post_inventory_return: post(inventoryReturn),
  reverse_inventory_return: reverse(inventoryReturn),
  post_transfer_out: post(transferOut),
  post_transfer_in: post(transferIn),
  reverse_stock_transfer: reverse(transferOut),
  post_robbing: post(robbing),
  post_reservation: post(reservation),
  post_stock_adjustment: post(adjustment),
  reverse_stock_adjustment: reverse(adjustment),
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
