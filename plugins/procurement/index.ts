/**
 * The procurement chain (spec §3–4; docs/workflow.md "Procurement chain"):
 * MR → PR → canvass sheet (RFQ, quotations, comparison, choice) → PO → receiving → invoice terms.
 *
 * - lines carried from the step before by actions (actions.ts) with `lineref` set by the server
 *   (lineref.ts), never more than the step before approved and has open (checks.ts, on every
 *   write path);
 * - progress codes, ordered/received quantities and open/close flags derived in the transaction of
 *   the approval (workflowFinished), posting (afterPost) or cancellation (derive.ts);
 * - canvassing in four steps (canvass.ts); invoice terms and payment receipt states (terms.ts);
 * - the receiving's own workflow before it is posted (beforePost), the stores plugin posting it;
 * - the bell's purchase request and receiving counts and events (bell.ts).
 */
import { definePlugin, type HookContext, type Plugin } from '../../engine/src/plugins/host.ts';
import { txOf, refuse, conflict, today, type Row } from './util.ts';
import { lineRefHook } from './lineref.ts';
import { changedLines, checkCanvass, checkPosting, checkPurchaseOrder, checkPurchaseRequest, checkReceiving, totalWithout } from './checks.ts';
import { deriveAfterApproval, deriveFromPoLines } from './derive.ts';
import { checkChoice, compareQuotes, issueRfq, openChoice } from './canvass.ts';
import { checkTerms } from './terms.ts';
import { canvassFromPr, cancelPoLine, poFromCanvass, prFillFromMr, prFromMr, receivingFromPo, termsFromPo } from './actions.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';
import { procurementBell } from './bell.ts';
import { loose } from '../../engine/src/db/loose.ts';

type Hook = (ctx: HookContext) => Promise<void>;

const keyOf = (ctx: HookContext, key: string) => Number(ctx.row[key]);
const linesOf = (row: Row | undefined, child: string) => (row?.[child] as Row[] | undefined) ?? [];

/** Runs a document check after a header write (all lines when new, else the lines that changed). */
function afterDocument(key: string, child: string, lineKey: string, fields: string[], check: (ctx: HookContext, key: number, changed: 'all' | Set<number>) => Promise<void>): { afterCreate: Hook; afterUpdate: Hook } {
  return {
    afterCreate: (ctx) => check(ctx, keyOf(ctx, key), 'all'),
    afterUpdate: (ctx) => check(ctx, keyOf(ctx, key), changedLines(linesOf(ctx.before, child), linesOf(ctx.row, child), lineKey, fields)),
  };
}

/** Runs the document check after a line was written directly (POST/PUT /api/data/<line entity>). */
function afterLine(fk: string, lineKey: string, check: (ctx: HookContext, doc: number, line: number) => Promise<void>): { afterCreate: Hook; afterUpdate: Hook } {
  const run: Hook = (ctx) => check(ctx, Number(ctx.row[fk]), keyOf(ctx, lineKey));
  return { afterCreate: run, afterUpdate: run };
}

function onApproval(entity: string): Hook {
  return async (ctx) => {
    if (ctx.workflow?.status === STATUS.APPROVED) await deriveAfterApproval(txOf(ctx), entity, Number(ctx.row.key));
  };
}

const PR_FIELDS = ['mr_line', 'quantity', 'item', 'unit'];
const CS_LINE_FIELDS = ['pr_line', 'quantity', 'item', 'unit'];
const QUOTE_FIELDS = ['cs_line', 'vendor', 'item', 'quantity', 'unit_price', 'currency', 'selected'];
const PO_FIELDS = ['pr_line', 'quote', 'item', 'quantity', 'unit', 'unit_price', 'discount_pct'];
const RCV_FIELDS = ['po_line', 'item', 'quantity', 'unit'];

const checkPr = (ctx: HookContext, key: number, changed: 'all' | Set<number>) => checkPurchaseRequest(txOf(ctx), key, changed);
const checkCs = (ctx: HookContext, key: number, changed: { lines: 'all' | Set<number>; quotes: 'all' | Set<number>; vendors: 'all' | Set<number> }, where?: Parameters<typeof checkCanvass>[3]) =>
  checkCanvass(txOf(ctx), key, changed, where);
const checkPo = (ctx: HookContext, key: number, changed: 'all' | Set<number>) => checkPurchaseOrder(txOf(ctx), key, changed);
const checkRcv = (ctx: HookContext, key: number, changed: 'all' | Set<number>) => checkReceiving(txOf(ctx), key, changed);

/** The canvass sheet's line kinds written directly: which child changed. */
function canvassChild(kind: 'lines' | 'quotes' | 'vendors', lineKey: string): { afterCreate: Hook; afterUpdate: Hook } {
  const none = new Set<number>();
  const run: Hook = (ctx) => {
    const k = keyOf(ctx, lineKey);
    const changed = { lines: none, quotes: none, vendors: none, [kind]: new Set([k]) };
    const where = { lines: { child: 'lines' }, quotes: { child: 'quotes' }, vendors: { child: 'vendors' }, [kind]: { child: kind, direct: k } };
    return checkCs(ctx, Number(ctx.row.canvass_sheet), changed, where);
  };
  return { afterCreate: run, afterUpdate: run };
}

/** The receiving's approval, where the company uses workflows and has one for receivings. */
async function requireReceivingApproval(ctx: HookContext): Promise<void> {
  const t = txOf(ctx);
  const company = await t.db.selectFrom('company').select(['use_wfservice']).where('compcode', '=', String(ctx.row.compcode ?? ctx.user.compcode)).executeTakeFirst();
  if (company?.use_wfservice === false) return;
  const wf = await t.db.selectFrom('wf_definition').select('wftypekey').where('compcode', '=', String(ctx.row.compcode ?? ctx.user.compcode)).where('entity_name', '=', 'receiving').where('active', '=', true).executeTakeFirst();
  if (!wf) return;
  const stored = await t.db.selectFrom('receiving').select(['statuswf', 'rcvno']).where('rcvkey', '=', Number(ctx.row.rcvkey)).executeTakeFirst();
  if (stored?.statuswf !== STATUS.APPROVED) conflict(`${String(stored?.rcvno ?? 'The receiving')} is not approved: send it to its workflow and have it approved before posting it.`);
}

/** Lines of a posted stock document (the hook's row carries them, or they are read). */
async function postedLines(ctx: HookContext, entity: string): Promise<Row[]> {
  const t = txOf(ctx);
  const e = t.reg.entity(entity);
  const child = e.children[0];
  if (!child) return [];
  const given = ctx.row[child.name];
  if (Array.isArray(given)) return given as Row[];
  const ce = t.reg.entity(child.entity);
  return (await loose(t.db).selectFrom(ce.table).selectAll().where(child.foreignKey, '=', ctx.row[e.key] as number).execute()) as Row[];
}

async function afterReceipt(ctx: HookContext, entity: string, number: string): Promise<void> {
  const t = txOf(ctx);
  const lines = (await postedLines(ctx, entity)).filter((l) => l.po_line !== null && l.po_line !== undefined);
  if (lines.length === 0) return;
  await deriveFromPoLines(t, lines.map((l) => Number(l.po_line)));
  await t.emit?.(t.db, { event: 'rcvnotif', compcode: String(ctx.row.compcode ?? ctx.user.compcode), data: { entity, key: ctx.row[t.reg.entity(entity).key], number: ctx.row[number], posted: 1 } });
}

/**
 * A posting (the stores plugin's post and reverse actions) of a receipt against PO lines: before
 * it, the receiving's approval and no receipt of a cancelled remainder (a reversal, which gives
 * quantities back, is not checked); after it, the chain's derived values.
 */
const receiptPosting = (entity: 'receiving' | 'inventory_receipt', number: string, approval: boolean): { beforePost: Hook; afterPost: Hook } => ({
  beforePost: async (ctx) => {
    if (ctx.posting?.reverses) return;
    if (approval) await requireReceivingApproval(ctx);
    await checkPosting(txOf(ctx), String(ctx.row[number] ?? 'this receipt'), await postedLines(ctx, entity));
  },
  afterPost: (ctx) => afterReceipt(ctx, entity, number),
});

const plugin: Plugin = definePlugin({
  name: 'procurement',
  bell: procurementBell,
  hooks: {
    material_request: { workflowFinished: onApproval('material_request') },
    material_request_line: { beforeCreate: lineRefHook('material_request_line') },

    purchase_request: { ...afterDocument('prkey', 'lines', 'prdtlkey', PR_FIELDS, checkPr), workflowFinished: onApproval('purchase_request') },
    purchase_request_line: {
      beforeCreate: lineRefHook('purchase_request_line'),
      ...afterLine('purchase_request', 'prdtlkey', (ctx, doc, line) => checkPurchaseRequest(txOf(ctx), doc, new Set([line]), { child: 'lines', direct: line })),
    },

    canvass_sheet: {
      afterCreate: (ctx) => checkCs(ctx, keyOf(ctx, 'csheetkey'), { lines: 'all', quotes: 'all', vendors: 'all' }),
      afterUpdate: (ctx) =>
        checkCs(ctx, keyOf(ctx, 'csheetkey'), {
          lines: changedLines(linesOf(ctx.before, 'lines'), linesOf(ctx.row, 'lines'), 'csdtlkey', CS_LINE_FIELDS),
          quotes: changedLines(linesOf(ctx.before, 'quotes'), linesOf(ctx.row, 'quotes'), 'quotekey', QUOTE_FIELDS),
          vendors: changedLines(linesOf(ctx.before, 'vendors'), linesOf(ctx.row, 'vendors'), 'csvendorkey', ['vendor']),
        }),
      beforeSend: (ctx) => checkChoice(txOf(ctx), ctx.row),
      workflowFinished: onApproval('canvass_sheet'),
    },
    canvass_line: { beforeCreate: lineRefHook('canvass_line'), ...canvassChild('lines', 'csdtlkey') },
    canvass_quote: canvassChild('quotes', 'quotekey'),
    canvass_vendor: canvassChild('vendors', 'csvendorkey'),

    purchase_order: {
      ...afterDocument('pokey', 'lines', 'podtlkey', PO_FIELDS, checkPo),
      beforeSend: async (ctx) => {
        const t = txOf(ctx);
        const v = await t.db.selectFrom('vendor').select(['vendor_name', 'approval_status', 'approval_expiry', 'active']).where('vendor_id', '=', Number(ctx.row.vendor)).executeTakeFirst();
        if (v && (!v.active || !['APPROVED', 'CONDITIONAL'].includes(String(v.approval_status)) || (v.approval_expiry && String(v.approval_expiry) < (ctx.asOf ?? today())))) {
          refuse([{ path: '/vendor', message: `${String(v.vendor_name)} may not receive orders: only active vendors with a valid approval (APPROVED or CONDITIONAL) may.` }]);
        }
        await checkPurchaseOrder(t, keyOf(ctx, 'pokey'), 'all');
      },
      workflowFinished: onApproval('purchase_order'),
    },
    purchase_order_line: {
      beforeCreate: lineRefHook('purchase_order_line'),
      ...afterLine('purchase_order', 'podtlkey', (ctx, doc, line) => checkPurchaseOrder(txOf(ctx), doc, new Set([line]), { child: 'lines', direct: line })),
      beforeDelete: (ctx) => totalWithout(txOf(ctx), Number(ctx.row.purchase_order), keyOf(ctx, 'podtlkey')),
    },

    receiving: {
      ...afterDocument('rcvkey', 'lines', 'rcvdtlkey', RCV_FIELDS, checkRcv),
      beforeSend: (ctx) => checkReceiving(txOf(ctx), keyOf(ctx, 'rcvkey'), 'all'),
      ...receiptPosting('receiving', 'rcvno', true),
    },
    inventory_receipt: receiptPosting('inventory_receipt', 'receiptno', false),
    receiving_line: {
      ...afterLine('receiving', 'rcvdtlkey', (ctx, doc, line) => checkReceiving(txOf(ctx), doc, new Set([line]), { child: 'lines', direct: line })),
      beforeDelete: (ctx) => checkReceiving(txOf(ctx), Number(ctx.row.receiving), new Set(), { child: 'lines' }, keyOf(ctx, 'rcvdtlkey')),
    },

    invoice_termin: {
      afterCreate: (ctx) => checkTerms(txOf(ctx), keyOf(ctx, 'termkey'), undefined),
      afterUpdate: (ctx) => checkTerms(txOf(ctx), keyOf(ctx, 'termkey'), linesOf(ctx.before, 'lines')),
    },
    invoice_termin_line: {
      afterCreate: async (ctx) => {
        const t = txOf(ctx);
        const others = (await t.db.selectFrom('invoice_termin_line').selectAll().where('invoice_termin', '=', Number(ctx.row.invoice_termin)).where('termdtlkey', '<>', keyOf(ctx, 'termdtlkey')).execute());
        await checkTerms(t, Number(ctx.row.invoice_termin), others, { direct: keyOf(ctx, 'termdtlkey') });
      },
      afterUpdate: async (ctx) => {
        const t = txOf(ctx);
        const all = (await t.db.selectFrom('invoice_termin_line').selectAll().where('invoice_termin', '=', Number(ctx.row.invoice_termin)).execute());
        const before = all.map((l) => (Number(l.termdtlkey) === keyOf(ctx, 'termdtlkey') ? (ctx.before as Row) : l));
        await checkTerms(t, Number(ctx.row.invoice_termin), before, { direct: keyOf(ctx, 'termdtlkey') });
      },
      beforeDelete: async (ctx) => {
        if (Number(ctx.row.payment_status) === 1) conflict(`Instalment ${String(ctx.row.termin_no)} is Treasury Received Posted: it cannot be removed.`);
        if (Number(ctx.row.amount) !== 0) refuse([{ path: '/amount', message: 'The instalments must add up to the contract amount: remove an instalment by changing the invoice terms as a whole.' }]);
      },
    },
  },
  actions: {
    pr_from_mr: { entity: 'material_request', handler: prFromMr, run: (ctx, input) => prFromMr(ctx, input.key, input.body) },
    pr_fill_from_mr: { entity: 'purchase_request', handler: prFillFromMr, run: (ctx, input) => prFillFromMr(ctx, input.key, input.body) },
    canvass_from_pr: { entity: 'purchase_request', handler: canvassFromPr, run: (ctx, input) => canvassFromPr(ctx, input.key, input.body) },
    canvass_issue_rfq: { entity: 'canvass_sheet', handler: issueRfq, run: (ctx, input) => issueRfq(ctx, input.key, input.body) },
    canvass_compare: { entity: 'canvass_sheet', handler: compareQuotes, run: (ctx, input) => compareQuotes(ctx, input.key) },
    canvass_open_choice: { entity: 'canvass_sheet', handler: openChoice, run: (ctx, input) => openChoice(ctx, input.key) },
    po_from_canvass: { entity: 'canvass_sheet', handler: poFromCanvass, run: (ctx, input) => poFromCanvass(ctx, input.key, input.body) },
    receiving_from_po: { entity: 'purchase_order', handler: receivingFromPo, run: (ctx, input) => receivingFromPo(ctx, input.key, input.body) },
    terms_from_po: { entity: 'purchase_order', handler: termsFromPo, run: (ctx, input) => termsFromPo(ctx, input.key) },
    cancel_purchase_order_line: { entity: 'purchase_order_line', handler: cancelPoLine, run: (ctx, input) => cancelPoLine(ctx, input.key, input.body) },
  },
});

export default plugin;
