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
import { definePlugin, type PluginAction } from '../../engine/src/plugins/host.ts';
import { STOCK_DOCUMENTS } from './documents.ts';
import { postDocument, reverseDocument } from './post.ts';

const actions: Record<string, PluginAction> = {};
for (const kind of STOCK_DOCUMENTS) {
  actions[kind.post] = { entity: kind.entity, run: (ctx, input) => postDocument(ctx, kind, input.key) };
  if (kind.reverse) actions[kind.reverse] = { entity: kind.entity, run: (ctx, input) => reverseDocument(ctx, kind, input.key) };
}


export default definePlugin({ name: 'stores', actions });
