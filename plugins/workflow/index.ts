/**
 * Sending documents to their approval workflow from their forms (the Send to Workflow and Cancel
 * Sending buttons of the request, canvass, order and receiving forms): plugin actions over the
 * workflow engine, letter O. Another plugin's `beforeSend` hook on the entity checks the document
 * first (procurement: the award's reason, the order's total). The spec's own paths
 * (/aircraft-mrequest/send2wf …) call the same actions.
 */
import { definePlugin, type ActionContext, type PluginAction } from '../../engine/src/plugins/host.ts';
import { cancel, send } from '../../engine/src/workflow/engine.ts';
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';

interface Doc {
  entity: string;
  /** The task's name prefix for a document (e.g. 'Service Request' for a service requisition). */
  label: (doc: Record<string, unknown>) => string;
  number: string;
  lines: string;
}

const DOCS: Doc[] = [
  { entity: 'material_request', label: (doc) => (Number(doc.jasa) === 1 ? 'Service Request' : 'Material Request'), number: 'requestno', lines: 'lines' },
  { entity: 'purchase_request', label: () => 'Purchase Request', number: 'prno', lines: 'lines' },
  { entity: 'canvass_sheet', label: () => 'Canvass Sheet', number: 'csno', lines: 'lines' },
  { entity: 'purchase_order', label: () => 'Purchase Order', number: 'pono', lines: 'lines' },
  { entity: 'receiving', label: () => 'Receiving', number: 'rcvno', lines: 'lines' },
  { entity: 'work_order', label: () => 'Work Order', number: 'wo_no', lines: 'tasks' },
];

/** "3 line(s) for PK-GTB, USD 12,500.00 — remark" */
function detail(doc: Record<string, unknown>, lines: number): string {
  const total = doc.total_amount;
  const amount =
    total !== undefined && total !== null
      ? `, ${doc.currency ? `${String(doc.currency)} ` : ''}${Number(total).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
      : '';
  return `${lines} line(s)${doc.registration ? ` for ${String(doc.registration)}` : ''}${amount}${doc.remark ? ` — ${String(doc.remark).slice(0, 300)}` : ''}`;
}

function sendAction(d: Doc): PluginAction {
  return {
    entity: d.entity,
    async run(ctx: ActionContext, input) {
      return documentAction(ctx, { entity: d.entity, key: input.key, name: 'send to workflow' }, async (tx, stored) => {
        const e = ctx.reg.entity(d.entity);
        let doc = stored;
        const lines = (doc[d.lines] as unknown[] | undefined) ?? [];
        if (lines.length === 0) throw appError('ERR_VALIDATION', { message: 'A document needs at least one line before it is sent.' });
        if (ctx.plugins.has('beforeSend', d.entity)) {
          // another plugin checks the document (and may set the fields the workflow's conditions read)
          await ctx.plugins.run('beforeSend', d.entity, { db: tx, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit, row: doc });
          doc = await ctx.repo.get({ db: tx, ability: ctx.ability }, d.entity, doc[e.key], { action: 'other' });
        }
        const { taskkey } = await send(
          { db: tx, reg: ctx.reg, ability: ctx.ability, user: ctx.user, emit: ctx.emit, onFinished: undefined },
          {
            entity: d.entity,
            key: doc[e.key] as number,
            taskname: `${d.label(doc)} ${String(doc[d.number])}`,
            taskdetail: detail(doc, lines.length),
            route_name: 'app.approvalfrm',
          },
        );
        return { success: 1, message: `${String(doc[d.number])} sent for approval`, taskkey };
      });
    },
  };
}

function cancelAction(d: Doc): PluginAction {
  return {
    entity: d.entity,
    async run(ctx: ActionContext, input) {
      await cancel({ db: ctx.db, reg: ctx.reg, ability: ctx.ability, user: ctx.user, emit: ctx.emit }, { entity: d.entity, key: Number(input.key) });
      return { success: 1, message: 'Sending cancelled' };
    },
  };
}

export default definePlugin({
  name: 'workflow',
  actions: Object.fromEntries(DOCS.flatMap((d) => [[`send_${d.entity}`, sendAction(d)], [`cancel_${d.entity}`, cancelAction(d)]])),
});
