/**
 * MRO for outside customers (issue 21; docs/workflow.md "MRO"): customer request → quotation →
 * work order → invoice → statement.
 *
 * - quotation pricing on the server after every write of a quotation or of one of its lines
 *   (quotation.ts; rules in rules/pricing.ts, decision 0171): line prices, amounts and totals are
 *   computed, never typed.
 */
import { definePlugin, type HookContext } from '../../engine/src/plugins/host.ts';
import { txOf } from '../procurement/util.ts';
import { priceQuotation } from './quotation.ts';

const quotationOf = (ctx: HookContext) => Number(ctx.row.quotation);

export default definePlugin({
  name: 'mro',
  hooks: {
    quotation: {
      afterCreate: (ctx) => priceQuotation(txOf(ctx), Number(ctx.row.quotation_id), { document: true }),
      afterUpdate: (ctx) => priceQuotation(txOf(ctx), Number(ctx.row.quotation_id), { document: true }),
    },
    // a line written directly (POST/PUT/DELETE /api/data/quotation_line)
    quotation_line: {
      afterCreate: (ctx) => priceQuotation(txOf(ctx), quotationOf(ctx), { line: Number(ctx.row.quotation_line_id) }),
      afterUpdate: (ctx) => priceQuotation(txOf(ctx), quotationOf(ctx), { line: Number(ctx.row.quotation_line_id) }),
      beforeDelete: (ctx) => priceQuotation(txOf(ctx), quotationOf(ctx), { line: Number(ctx.row.quotation_line_id), without: true }),
    },
  },
});
