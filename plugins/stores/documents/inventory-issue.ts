/** An issue to an aircraft or work order (or a disposal), using up the work order's own reservations. */
import { sql } from 'kysely';
import { QTY, fixed, toNumber } from '../../../engine/src/values/money.ts';
import type { Holder, Movement, Written } from '../ledger/movement.ts';
import { heldBy } from '../ledger/reservations.ts';
import { SERVICEABLE } from '../ledger/serviceable.ts';
import { norm } from '../ledger/values.ts';
import type { Env, StockDocument } from './stock-document.ts';
import { lines, lot, needLines, note, num } from './document-lines.ts';
import { appError } from '../../../engine/src/errors.ts';
import type { ActionContext } from '../../../engine/src/plugins/host.ts';
import { postDocument, reverseDocument, type PostResult } from '../post.ts';
import '../../errors.ts';

/** Issues for the work order (or MR) use its reservations up; a reservation fully issued closes. */
async function useReservations(env: Env, holder: Holder, written: Written, moves: Movement[]): Promise<void> {
  if (!holder.workorder && !holder.mr) return;
  // the posting read the open reservations of every pair serviceable stock left for this holder
  const mine = written.reservations.filter((r) => r.open > 0n && heldBy(r, holder));
  if (!mine.length) return;
  const touched = new Set<number>();
  for (const m of moves) {
    if (m.qty >= 0n || !SERVICEABLE.has(m.condition)) continue;
    let left = -m.qty;
    for (const r of mine) {
      if (left === 0n) break;
      if (r.store !== m.store || r.item !== m.item || r.open === 0n) continue;
      if ((r.serial_number && r.serial_number !== m.serial) || (r.batch_number && r.batch_number !== m.batch)) continue;
      const use = r.open < left ? r.open : left;
      r.open -= use;
      r.issued += use;
      left -= use;
      touched.add(r.reservekey);
      await env.ctx.repo.patch(env.tx, env.ctx.user, 'stock_reservation_line', r.reservedtlkey, { qty_issued: toNumber(r.issued, QTY) }, { reason: `issued by ${env.docNo}` });
    }
  }
  for (const key of touched) {
    const rest = await env.tx
      .selectFrom('stock_reservation_line')
      .select(sql<number>`count(*)`.as('n'))
      .where('reservation', '=', key)
      .where(sql<boolean>`quantity > coalesce(qty_issued, 0)`)
      .executeTakeFirstOrThrow();
    if (Number(rest.n) === 0) await env.ctx.repo.patch(env.tx, env.ctx.user, 'stock_reservation', key, { status: 0 }, { reason: `fully issued by ${env.docNo}` });
  }
}

export const inventoryIssue: StockDocument<'inventory_issue'> = {
  entity: 'inventory_issue',
  post: 'post_inventory_issue',
  reverse: 'reverse_inventory_issue',
  step: 'post',
  flag: 'posted',
  numberField: 'issueno',
  dateField: 'issuedate',
  txnType: 'ISS',
  async plan(env, doc) {
    const ls = needLines(doc);
    // a line's task card is a card of the issue's work order
    const cards = ls.map((l) => num(l.task)).filter((k): k is number => k !== null);
    if (cards.length) {
      const of = new Map((await env.tx.selectFrom('work_order_task').select(['wo_task_id', 'work_order']).where('wo_task_id', 'in', cards).execute()).map((c) => [Number(c.wo_task_id), Number(c.work_order)]));
      const wrong = ls.flatMap((l, i) => (num(l.task) !== null && of.get(Number(l.task)) !== num(doc.work_order) ? [{ path: `/lines/${i}/task`, message: "must be a task card of the issue's work order" }] : []));
      note(env, wrong);
    }
    const disposal = doc.issue_type === 'DISP';
    if (disposal && !doc.issued_kind) note(env, [{ path: '/issued_kind', message: 'is required for an unserviceable part going out (Destroy, Repair or Sold)' }]);
    const holder = { workorder: norm(doc.workorder_no), mr: num(doc.material_request) };
    let kindName: string | null = null;
    if (disposal) {
      const k = await env.tx.selectFrom('inventory_issued_kind').select(['name']).where('id', '=', Number(doc.issued_kind)).executeTakeFirst();
      kindName = k ? String(k.name) : null;
    }
    const moves: Movement[] = ls.map((l, i) => ({
      ...lot(env, l, i),
      txnType: 'ISS' as const,
      store: doc.store,
      qty: -fixed(l.quantity, QTY),
      cost: { kind: 'average' as const },
      install: !disposal,
      holder,
      registration: norm(doc.registration),
      remark: (disposal ? [kindName, norm(doc.issued_to)] : [norm(doc.workorder_no), norm(doc.issued_to)]).filter(Boolean).join(': ') || null,
    }));
    return { movements: moves, after: (written) => useReservations(env, holder, written, moves) };
  },
  // parts returned from the issue (or, without an issue named, from its work order) came back
  // already: reversing it would bring them in twice (decision 0264)
  async canReverse(env, doc) {
    const key = doc.issuekey;
    const wo = norm(doc.workorder_no);
    const items = lines(doc).map((l) => Number(l.item));
    const returns = await env.tx
      .selectFrom('inventory_return as r')
      .innerJoin('inventory_return_line as rl', 'rl.inventory_return', 'r.returnkey')
      .leftJoin('inventory_issue_line as il', 'il.issuedtlkey', 'rl.issue_line')
      .select('r.returnno')
      .distinct()
      .where('r.compcode', '=', env.compcode)
      .where('r.posted', '=', 1)
      .where('r.reverses', 'is', null)
      .where('r.reversed_by', 'is', null)
      .where((eb) => {
        const any = [eb('r.issue', '=', key), eb('il.issue', '=', key)];
        if (wo !== null && items.length) any.push(eb.and([eb('r.issue', 'is', null), eb('r.workorder_no', '=', wo), eb('rl.item', 'in', items)]));
        return eb.or(any);
      })
      .orderBy('r.returnno')
      .execute();
    if (returns.length) throw appError('ERR_STOCK', { message: `Issue ${String(doc.issueno)} has parts returned from it (${returns.map((r) => String(r.returnno)).join(', ')}): reverse the returns first.` });
  },
};

/** `post_inventory_issue` (metadata `run: stores/documents/inventory-issue#postInventoryIssue`): the document posted through the one posting frame (../post.ts). */
export function postInventoryIssue(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return postDocument(ctx, inventoryIssue, key);
}

/** `reverse_inventory_issue` (metadata `run: stores/documents/inventory-issue#reverseInventoryIssue`): the document reversed (a reversing document, posted at once) through the one posting frame (../post.ts). */
export function reverseInventoryIssue(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return reverseDocument(ctx, inventoryIssue, key);
}
