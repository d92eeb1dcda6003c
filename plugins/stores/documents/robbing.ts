/** A part robbed from one aircraft for another, through a store, raising the donor's replacement request. */
import { appError, type FieldError } from '../../../engine/src/errors.ts';
import { QTY, fixed } from '../../../engine/src/values/money.ts';
import type { Movement } from '../ledger/movement.ts';
import { norm } from '../ledger/values.ts';
import type { RowOf } from '../../../engine/src/plugins/host.ts';
import type { Env, StockDocument } from './stock-document.ts';
import { invalid, num } from './document-lines.ts';
import type { ActionContext } from '../../../engine/src/plugins/host.ts';
import { postDocument, type PostResult } from '../post.ts';

export const robbing: StockDocument<'robbing_part'> = {
  entity: 'robbing_part',
  post: 'post_robbing',
  step: 'post',
  flag: 'posted',
  numberField: 'robbingno',
  dateField: 'robbingdate',
  txnType: 'ROB',
  async plan(env, doc) {
    const item = await env.tx.selectFrom('master_item').select(['item_id', 'partnumber', 'itemname', 'tracking', 'unit']).where('compcode', '=', env.compcode).where('item_id', '=', doc.item).executeTakeFirst();
    if (!item) throw invalid([{ path: '/item', message: 'is not an item of this company' }]);
    const qty = fixed(doc.quantity, QTY);
    if (item.tracking === 'serial') {
      const errors: FieldError[] = [];
      if (!norm(doc.serial_number)) errors.push({ path: '/serial_number', message: `is required: ${String(item.partnumber)} is serial-numbered` });
      if (qty !== fixed(1, QTY)) errors.push({ path: '/quantity', message: `must be 1: ${String(item.partnumber)} is serial-numbered` });
      if (errors.length) throw invalid(errors);
    }
    const base = { item: doc.item, serial: norm(doc.serial_number), batch: null, condition: 'SV', path: '' };
    const store = num(doc.store);
    const movements: Movement[] = store
      ? [
          { ...base, txnType: 'ROB', store, qty, cost: { kind: 'average' }, registration: norm(doc.donor_registration), remark: `Removed from ${doc.donor_registration}${doc.donor_position ? ` (${doc.donor_position})` : ''}` },
          { ...base, txnType: 'ROB', store, qty: -qty, cost: { kind: 'average' }, install: true, registration: norm(doc.recipient_registration), remark: `Fitted to ${doc.recipient_registration}` },
        ]
      : [];
    return {
      movements,
      after: async () => {
        if (doc.replacement_mr) return;
        const mr = await raiseReplacement(env, doc, { partnumber: String(item.partnumber), itemname: String(item.itemname), unit: String(item.unit ?? 'PCS') });
        return { fields: { replacement_mr: mr.key }, result: { replacement_mr: mr.key, requestno: mr.no, message: `${env.docNo} posted: replacement request ${mr.no} raised for ${doc.donor_registration}.` } };
      },
    };
  },
};

/** The material request that restores the donor aircraft, numbered like any other (through the repository). */
async function raiseReplacement(env: Env, doc: RowOf<'robbing_part'>, item: { partnumber: string; itemname: string; unit: string }): Promise<{ key: number; no: string }> {
  const currency = await env.tx.selectFrom('company').select('matauang').where('compcode', '=', env.compcode).executeTakeFirst();
  const body = {
    requestdate: env.date,
    requestor: env.ctx.user.user_id,
    department: 'Stores',
    priority: 'WSP',
    registration: doc.donor_registration,
    workorder_no: doc.donor_workorder ?? null,
    matauang: currency?.matauang ?? null,
    remark: `Replacement for ${item.partnumber}${doc.serial_number ? ` S/N ${doc.serial_number}` : ''} robbed from ${doc.donor_registration} for ${doc.recipient_registration} (${env.docNo}).`,
    lines: [{ linetype: 1, item: doc.item, partnumber: item.partnumber, itemname: item.itemname, iteminfo: doc.donor_position ? `Position on donor: ${doc.donor_position}`.slice(0, 200) : null, quantity: doc.quantity, invunitom: item.unit }],
  };
  let mr: RowOf<'material_request'>;
  try {
    mr = await env.ctx.repo.create({ db: env.tx, ability: env.ctx.ability, user: env.ctx.user }, 'material_request', body);
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_FORBIDDEN') {
      throw appError('ERR_FORBIDDEN', { message: 'Posting a robbing raises a material request for the donor aircraft: you need the C letter on Material Requests, or name the replacement request first.' });
    }
    throw e;
  }
  const no = String(mr.requestno);
  for (const [n, l] of mr.lines.entries()) {
    await env.ctx.repo.patch(env.tx, env.ctx.user, 'material_request_line', Number(l.reqdtlkey), { lineref: `${no}/${n + 1}` }, { reason: 'line reference' });
  }
  return { key: mr.requestkey, no };
}

/** `post_robbing` (metadata `run: stores/documents/robbing#postRobbing`): the document posted through the one posting frame (../post.ts). */
export function postRobbing(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return postDocument(ctx, robbing, key);
}
