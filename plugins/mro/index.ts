/**
 * MRO for outside customers (issue 21; docs/workflow.md "MRO"): customer request → quotation →
 * work order → invoice → statement.
 *
 * - quotation pricing on the server after every write of a quotation or of one of its lines
 *   (quotation.ts; rules in rules/pricing.ts, decision 0171): line prices, amounts and totals are
 *   computed, never typed.
 * - the commercial chain, each step one action (commercial.ts; rules in rules/commercial.ts,
 *   decision 0173): mro_quote_request, send_quotation / cancel_quotation (the engine's, from `workflow:`: the approval
 *   workflow), mro_issue_quotation, mro_accept_quotation,
 *   mro_refuse_quotation, mro_work_order_from_quotation (letter O, declared on the screens).
 * - on every write path: the aircraft is of the customer's fleet; a work order names only an
 *   accepted quotation; the request's status follows its quotations and work orders.
 */
import { definePlugin, type HookContext } from '../../engine/src/plugins/host.ts';
import { txOf } from '../procurement/util.ts';
import { priceQuotation } from './quotation.ts';
import { answerQuotation, checkCommercialWrite, followAfterWrite, followRequest, issueQuotation, quoteRequest, workOrderFromQuotation } from './commercial.ts';

const quotationOf = (ctx: HookContext) => Number(ctx.row.quotation);
const check = (entity: string) => (ctx: HookContext) => checkCommercialWrite(ctx, entity);

export default definePlugin({
  name: 'mro',
  hooks: {
    customer_request: { beforeCreate: check('customer_request'), beforeUpdate: check('customer_request') },
    quotation: {
      beforeCreate: check('quotation'),
      beforeUpdate: check('quotation'),
      afterCreate: async (ctx) => {
        await priceQuotation(txOf(ctx), Number(ctx.row.quotation_id), { document: true });
        await followAfterWrite(ctx);
      },
      afterUpdate: async (ctx) => {
        await priceQuotation(txOf(ctx), Number(ctx.row.quotation_id), { document: true });
        await followAfterWrite(ctx);
      },
      beforeDelete: (ctx) => followRequest(txOf(ctx), ctx.row.customer_request, { quotation: Number(ctx.row.quotation_id) }),
    },
    // a line written directly (POST/PUT/DELETE /api/data/quotation_line)
    quotation_line: {
      afterCreate: (ctx) => priceQuotation(txOf(ctx), quotationOf(ctx), { line: Number(ctx.row.quotation_line_id) }),
      afterUpdate: (ctx) => priceQuotation(txOf(ctx), quotationOf(ctx), { line: Number(ctx.row.quotation_line_id) }),
      beforeDelete: (ctx) => priceQuotation(txOf(ctx), quotationOf(ctx), { line: Number(ctx.row.quotation_line_id), without: true }),
    },
    quotation_defect: { beforeCreate: check('quotation_defect'), beforeUpdate: check('quotation_defect') },
    amo_work_order: {
      beforeCreate: check('amo_work_order'),
      beforeUpdate: check('amo_work_order'),
      afterCreate: followAfterWrite,
      afterUpdate: followAfterWrite,
      beforeDelete: (ctx) => followRequest(txOf(ctx), ctx.row.customer_request, { order: Number(ctx.row.amo_wo_id) }),
    },
  },
  actions: {
    mro_quote_request: { entity: 'customer_request', run: (ctx, input) => quoteRequest(ctx, input.key, input.body) },
    mro_issue_quotation: { entity: 'quotation', run: (ctx, input) => issueQuotation(ctx, input.key) },
    mro_accept_quotation: { entity: 'quotation', run: (ctx, input) => answerQuotation(ctx, input.key, input.body, 'accept') },
    mro_refuse_quotation: { entity: 'quotation', run: (ctx, input) => answerQuotation(ctx, input.key, input.body, 'refuse') },
    mro_work_order_from_quotation: { entity: 'quotation', run: (ctx, input) => workOrderFromQuotation(ctx, input.key) },
  },
});
