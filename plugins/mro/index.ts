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
 * - defect quotations (defects.ts; rules in rules/defects.ts, decision 0175): raised from a
 *   finding (mro_raise_defect_quotation), priced by the quotation's code path, issued
 *   (mro_issue_defect_quotation) and answered per line (mro_answer_defect_quotation): approved
 *   lines add to the authorised amount and become task cards; refused lines close with the reason.
 * - on every write path: the aircraft is of the customer's fleet; a work order names only an
 *   accepted quotation; the request's status follows its quotations and work orders.
 * - invoicing and the customer's account (invoice.ts; rules in rules/invoice.ts and
 *   rules/ageing.ts, decision 0174): mro_create_invoice (on a released work order),
 *   mro_post_invoice, mro_credit_invoice, mro_post_payment, mro_customer_statement; a work order
 *   from a quotation is refused for a customer on credit hold.
 * - hours, parts and customer-furnished parts (materials.ts, decision 0179): labour bookings make
 *   each card's booked hours; stores issues naming the order's requirements make their issued
 *   quantity and value (from the ledger); mro_receive_customer_part / mro_return_customer_part.
 * - execution (execution.ts, decision 0178): the work-order mechanism of maintenance
 *   (plugins/maintenance/work-order.ts) on the customer work orders: sign_amo_card_performed,
 *   sign_amo_card_certified, sign_amo_card_inspected (U) on the task cards; start_amo_work_order,
 *   issue_amo_crs, close_amo_work_order, withdraw_amo_work_order (O) on the work order, whose
 *   status (and its cards') no generic write changes.
 * - the authorised release certificate of a part (release-certificate.ts, decision 0385):
 *   sign_release_certificate (U, a certifying signature with its preview) on an EASA Form 1 /
 *   FAA 8130-3 of a component worked on a customer work order; a stores receipt of the part takes
 *   the certificate from it (inventory_receipt_line, inventory_receipt beforePost).
 */
import { definePlugin, type HookContext } from '../../engine/src/plugins/host.ts';
import { txOf } from '../../engine/src/plugins/writes.ts';
import { DEFECT_QUOTATION, priceDocument, priceQuotation } from './quotation.ts';
import { answerDefectQuotation, checkFindings, issueDefectQuotation, raiseDefectQuotation } from './defects.ts';
import { conflict } from '../../engine/src/plugins/writes.ts';
import { createInvoice, creditInvoice, customerStatement, postInvoice, postPayment } from './invoice.ts';
import { carryCard, closeOrder, deferCard, issueCrs, previewCard, previewCrs, sealedRuleProblems, signCard, startWork, withdrawOrder } from '../maintenance/work-order.ts';
import { MRO_AMENDMENT, MRO_WORK_ORDER } from './execution.ts';
import { amendWorkOrder, cardDelete, cardsAsApproved, cardWrite } from '../maintenance/amendment.ts';
import { MRO_TOOLS, toolLineWritten, toolsOfTheOrder } from '../maintenance/tools.ts';
import { moveFinding } from './findings.ts';
import { bookingDeleted, bookingWritten, checkIssueToOrder, issuedAfterPost, issueForOrder, labourOfTheOrder, receiveCustomerPart, returnCustomerPart } from './materials.ts';
import { checkReceiptCertificates, previewReleaseCertificate, receiptLineFromCertificate, signReleaseCertificate } from './release-certificate.ts';
import { answerQuotation, checkCommercialWrite, followAfterWrite, followRequest, issueQuotation, quoteRequest, workOrderFromQuotation, holdOnCredit, onlyHeldOrders } from './commercial.ts';
import { approvedToRelease, approvedToStart } from './rules/order-guards.ts';

const quotationOf = (ctx: HookContext) => Number(ctx.row.quotation);
const defectQuotationOf = (ctx: HookContext) => Number(ctx.row.quotation_defect ?? ctx.before?.quotation_defect);
const check = (entity: string) => (ctx: HookContext) => checkCommercialWrite(ctx, entity);

export default definePlugin({
  name: 'mro',
  // released is released: the operator's rule, in this order's codes (decision 0240)
  // the customer order's own guards on the shared work-order transitions (decision 0406)
  guards: { approved_to_start: approvedToStart, approved_to_release: approvedToRelease },
  checks: (reg) => sealedRuleProblems(reg, MRO_WORK_ORDER),
  hooks: {
    // the request's status follows its documents, after a write of the request itself too
    customer_request: { beforeCreate: check('customer_request'), beforeUpdate: check('customer_request'), afterUpdate: (ctx) => followRequest(txOf(ctx), ctx.row.request_id) },
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
    // priced by the quotation's code path (decision 0175); its findings are of its work order
    quotation_defect: {
      beforeCreate: check('quotation_defect'),
      beforeUpdate: check('quotation_defect'),
      afterCreate: async (ctx) => {
        await checkFindings(ctx, Number(ctx.row.quotation_defect_id));
        await priceDocument(txOf(ctx), DEFECT_QUOTATION, Number(ctx.row.quotation_defect_id), { document: true });
      },
      afterUpdate: async (ctx) => {
        await checkFindings(ctx, Number(ctx.row.quotation_defect_id));
        await priceDocument(txOf(ctx), DEFECT_QUOTATION, Number(ctx.row.quotation_defect_id), { document: true });
      },
    },
    quotation_defect_line: {
      afterCreate: async (ctx) => {
        await checkFindings(ctx, defectQuotationOf(ctx), Number(ctx.row.quotation_defect_line_id));
        await priceDocument(txOf(ctx), DEFECT_QUOTATION, defectQuotationOf(ctx), { line: Number(ctx.row.quotation_defect_line_id) });
      },
      afterUpdate: async (ctx) => {
        await checkFindings(ctx, defectQuotationOf(ctx), Number(ctx.row.quotation_defect_line_id));
        await priceDocument(txOf(ctx), DEFECT_QUOTATION, defectQuotationOf(ctx), { line: Number(ctx.row.quotation_defect_line_id) });
      },
      beforeDelete: (ctx) => priceDocument(txOf(ctx), DEFECT_QUOTATION, defectQuotationOf(ctx), { line: Number(ctx.row.quotation_defect_line_id), without: true }),
    },
    amo_work_order: {
      beforeCreate: async (ctx) => {
        await check('amo_work_order')(ctx);
        await holdOnCredit(ctx);
      },
      beforeSend: onlyHeldOrders,
      beforeUpdate: check('amo_work_order'),
      afterCreate: async (ctx) => {
        await labourOfTheOrder(ctx);
        await toolsOfTheOrder(MRO_TOOLS)(ctx);
        await followAfterWrite(ctx);
      },
      afterUpdate: async (ctx) => {
        // what the approval fixed, as for the operator's orders (decision 0241)
        await cardsAsApproved(MRO_AMENDMENT)(ctx);
        await labourOfTheOrder(ctx);
        await toolsOfTheOrder(MRO_TOOLS)(ctx);
        await followAfterWrite(ctx);
      },
      beforeDelete: (ctx) => followRequest(txOf(ctx), ctx.row.customer_request, { order: Number(ctx.row.amo_wo_id) }),
    },
    amo_work_order_task: { beforeCreate: cardWrite(MRO_AMENDMENT), beforeUpdate: cardWrite(MRO_AMENDMENT), beforeDelete: cardDelete(MRO_AMENDMENT) },
    // hours booked and parts issued from stores (materials.ts, decision 0179)
    amo_work_order_labour: { afterCreate: bookingWritten, afterUpdate: bookingWritten, beforeDelete: bookingDeleted },
    // tools used on a card, written directly (the maintenance mechanism's, decision 0395)
    amo_work_order_tool: { afterCreate: toolLineWritten(MRO_TOOLS), afterUpdate: toolLineWritten(MRO_TOOLS) },
    inventory_issue: { beforeCreate: issueForOrder, beforeUpdate: issueForOrder, beforePost: checkIssueToOrder, afterPost: issuedAfterPost('inventory_issue') },
    inventory_return: { afterPost: issuedAfterPost('inventory_return') },
    // a part received on our own release certificate takes the certificate from it (decision 0385)
    inventory_receipt_line: { beforeCreate: receiptLineFromCertificate, beforeUpdate: receiptLineFromCertificate },
    inventory_receipt: { beforePost: checkReceiptCertificates },
    // invoices are built from a work order's actuals by Create Invoice, never typed
    mro_invoice: {
      beforeCreate: () => conflict('An MRO invoice is built from a released work order by its action Create Invoice, never typed; a credit note by Credit Note on a posted invoice.'),
    },
  },
  actions: {
    mro_quote_request: { entity: 'customer_request', handler: quoteRequest, run: (ctx, input) => quoteRequest(ctx, input.key, input.body) },
    mro_issue_quotation: { entity: 'quotation', handler: issueQuotation, run: (ctx, input) => issueQuotation(ctx, input.key) },
    mro_accept_quotation: { entity: 'quotation', handler: answerQuotation, run: (ctx, input) => answerQuotation(ctx, input.key, input.body, 'accept') },
    mro_refuse_quotation: { entity: 'quotation', handler: answerQuotation, run: (ctx, input) => answerQuotation(ctx, input.key, input.body, 'refuse') },
    mro_work_order_from_quotation: { entity: 'quotation', handler: workOrderFromQuotation, run: (ctx, input) => workOrderFromQuotation(ctx, input.key) },
    mro_raise_defect_quotation: { entity: 'amo_defect', handler: raiseDefectQuotation, run: (ctx, input) => raiseDefectQuotation(ctx, input.key) },
    mro_issue_defect_quotation: { entity: 'quotation_defect', handler: issueDefectQuotation, run: (ctx, input) => issueDefectQuotation(ctx, input.key) },
    mro_answer_defect_quotation: { entity: 'quotation_defect', handler: answerDefectQuotation, run: (ctx, input) => answerDefectQuotation(ctx, input.key, input.body) },
    mro_create_invoice: { entity: 'amo_work_order', handler: createInvoice, run: (ctx, input) => createInvoice(ctx, input.key) },
    mro_post_invoice: { entity: 'mro_invoice', handler: postInvoice, run: (ctx, input) => postInvoice(ctx, input.key, input.body) },
    mro_credit_invoice: { entity: 'mro_invoice', handler: creditInvoice, run: (ctx, input) => creditInvoice(ctx, input.key, input.body) },
    mro_post_payment: { entity: 'mro_payment', handler: postPayment, run: (ctx, input) => postPayment(ctx, input.key) },
    mro_customer_statement: { entity: 'amo_customer', handler: customerStatement, run: (ctx, input) => customerStatement(ctx, input.key, input.body) },
    mro_close_finding: { entity: 'amo_defect', handler: moveFinding, run: (ctx, input) => moveFinding(ctx, input.key, 'close') },
    mro_defer_finding: { entity: 'amo_defect', handler: moveFinding, run: (ctx, input) => moveFinding(ctx, input.key, 'defer') },
    mro_cancel_finding: { entity: 'amo_defect', handler: moveFinding, run: (ctx, input) => moveFinding(ctx, input.key, 'cancel') },
    mro_receive_customer_part: { entity: 'amo_work_order_material', handler: receiveCustomerPart, run: (ctx, input) => receiveCustomerPart(ctx, input.key) },
    mro_return_customer_part: { entity: 'amo_work_order_material', handler: returnCustomerPart, run: (ctx, input) => returnCustomerPart(ctx, input.key) },
    sign_amo_card_performed: { entity: 'amo_work_order_task', handler: signCard, run: (ctx, input) => signCard(ctx, MRO_WORK_ORDER, input.key, 'PERFORM'), preview: (ctx, input) => previewCard(ctx, MRO_WORK_ORDER, input.key, 'PERFORM') },
    sign_amo_card_certified: { entity: 'amo_work_order_task', handler: signCard, run: (ctx, input) => signCard(ctx, MRO_WORK_ORDER, input.key, 'CERTIFY'), preview: (ctx, input) => previewCard(ctx, MRO_WORK_ORDER, input.key, 'CERTIFY') },
    sign_amo_card_inspected: { entity: 'amo_work_order_task', handler: signCard, run: (ctx, input) => signCard(ctx, MRO_WORK_ORDER, input.key, 'INSPECT'), preview: (ctx, input) => previewCard(ctx, MRO_WORK_ORDER, input.key, 'INSPECT') },
    defer_amo_task_card: { entity: 'amo_work_order_task', handler: deferCard, run: (ctx, input) => deferCard(ctx, MRO_WORK_ORDER, input.key, input.body) },
    carry_amo_task_card: { entity: 'amo_work_order_task', handler: carryCard, run: (ctx, input) => carryCard(ctx, MRO_WORK_ORDER, input.key, input.body) },
    start_amo_work_order: { entity: 'amo_work_order', handler: startWork, run: (ctx, input) => startWork(ctx, MRO_WORK_ORDER, input.key) },
    issue_amo_crs: { entity: 'amo_work_order', handler: issueCrs, run: (ctx, input) => issueCrs(ctx, MRO_WORK_ORDER, input.key), preview: (ctx, input) => previewCrs(ctx, MRO_WORK_ORDER, input.key) },
    close_amo_work_order: { entity: 'amo_work_order', handler: closeOrder, run: (ctx, input) => closeOrder(ctx, MRO_WORK_ORDER, input.key) },
    amend_amo_work_order: { entity: 'amo_work_order', handler: amendWorkOrder, run: (ctx, input) => amendWorkOrder(ctx, input.key, input.body, MRO_AMENDMENT) },
    withdraw_amo_work_order: { entity: 'amo_work_order', handler: withdrawOrder, run: (ctx, input) => withdrawOrder(ctx, MRO_WORK_ORDER, input.key) },
    sign_release_certificate: { entity: 'release_certificate', handler: signReleaseCertificate, run: (ctx, input) => signReleaseCertificate(ctx, input.key), preview: (ctx, input) => previewReleaseCertificate(ctx, input.key) },
  },
});
