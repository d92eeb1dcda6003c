/**
 * A return to store of issued parts, at the cost they left with, never more than went out
 * (decision 0264).
 *
 * A return comes back from what was issued: its original issue (header `issue`), or the work order
 * it names (`workorder_no`, every posted issue to that order); one of the two is required. Each
 * part (item, serial, batch, as the issue line carried it) is capped three ways, whichever apply:
 *   - on an issue line the return line names: that line's quantity;
 *   - on the original issue: what the issue sent out of that part;
 *   - on the work order: what every live issue to that order sent out of that part;
 * each less what posted returns (not reversed, not reversals) already brought back in the same
 * scope. The scope's issue rows are locked first (`FOR UPDATE`, in key order, after the return's
 * own lock by documentAction), so simultaneous returns of one issue or one work order are counted
 * one after the other: never more comes back than went out.
 */
import { sql } from 'kysely';
import type { FieldError } from '../../../engine/src/errors.ts';
import { COST, MONEY, QTY, abs, fixed, mulDiv, show } from '../../../engine/src/values/money.ts';
import { norm } from '../ledger/values.ts';
import type { RowOf } from '../../../engine/src/plugins/host.ts';
import type { Env, StockDocument } from './stock-document.ts';
import { invalid, lot, needLines, num } from './document-lines.ts';
import type { ActionContext } from '../../../engine/src/plugins/host.ts';
import { postDocument, reverseDocument, type PostResult } from '../post.ts';

interface IssueLine {
  key: number;
  issue: number;
  item: number;
  serial: string | null;
  batch: string | null;
  qty: bigint;
}
interface Back {
  issueLine: number | null;
  issue: number | null;
  workorder: string | null;
  lot: string;
  qty: bigint;
}

const lotKey = (item: unknown, serial: unknown, batch: unknown) => `${Number(item)}|${norm(serial) ?? ''}|${norm(batch) ?? ''}`;

function lotText(part: string, serial: string | null, batch: string | null): string {
  return [part, serial ? `serial ${serial}` : null, batch ? `batch ${batch}` : null].filter(Boolean).join(', ');
}

/**
 * Locks the scope's issues, checks every line against what they sent out net of the posted
 * returns, and gives each line's unit cost (the average of the ledger rows of the issue lines it
 * comes back from). Refusals are 400 at the line, nothing written.
 */
async function returnable(env: Env, doc: RowOf<'inventory_return'>, ls: RowOf<'inventory_return_line'>[]): Promise<Map<number, bigint>> {
  const issueKey = num(doc.issue);
  const workorder = norm(doc.workorder_no);
  if (issueKey === null && workorder === null) {
    throw invalid([{ path: '/issue', message: 'is required: a return comes back from the issue the parts went out on (or name the work order they were issued to)' }]);
  }
  // the scope's issues, locked in key order: the original issue, and every posted issue to the work order
  let scope = env.tx.selectFrom('inventory_issue').select(['issuekey', 'issueno', 'posted', 'reverses', 'reversed_by', 'workorder_no']).where('compcode', '=', env.compcode);
  scope = scope.where((eb) => {
    const any = [];
    if (issueKey !== null) any.push(eb('issuekey', '=', issueKey));
    if (workorder !== null) any.push(eb.and([eb('workorder_no', '=', workorder), eb('posted', '=', 1)]));
    return eb.or(any);
  });
  const issues = await scope.orderBy('issuekey').forUpdate().execute();
  const original = issueKey === null ? undefined : issues.find((i) => Number(i.issuekey) === issueKey);
  if (issueKey !== null) {
    if (!original) throw invalid([{ path: '/issue', message: 'is not an issue of this company' }]);
    const no = String(original.issueno);
    if (Number(original.posted) !== 1) throw invalid([{ path: '/issue', message: `${no} is not posted: nothing of it went out to return` }]);
    if (original.reverses !== null) throw invalid([{ path: '/issue', message: `${no} is a reversal: return against the issue it reverses` }]);
    if (original.reversed_by !== null) throw invalid([{ path: '/issue', message: `${no} is reversed: its parts are already back in stock` }]);
  }
  const live = issues.filter((i) => Number(i.posted) === 1 && i.reverses === null && i.reversed_by === null);
  const liveKeys = live.map((i) => Number(i.issuekey));
  const issueNo = new Map(issues.map((i) => [Number(i.issuekey), String(i.issueno)]));

  const lines: IssueLine[] = liveKeys.length
    ? (await env.tx.selectFrom('inventory_issue_line').select(['issuedtlkey', 'issue', 'item', 'serial_number', 'batch_number', 'quantity']).where('issue', 'in', liveKeys).orderBy('issuedtlkey').execute()).map((l) => ({
        key: Number(l.issuedtlkey),
        issue: Number(l.issue),
        item: Number(l.item),
        serial: norm(l.serial_number),
        batch: norm(l.batch_number),
        qty: fixed(l.quantity, QTY),
      }))
    : [];
  const lineKeys = lines.map((l) => l.key);
  const woIssues = workorder === null ? [] : live.filter((i) => norm(i.workorder_no) === workorder).map((i) => Number(i.issuekey));

  // what posted returns already brought back from any of these issues or this work order
  const back: Back[] = (
    await env.tx
      .selectFrom('inventory_return_line as rl')
      .innerJoin('inventory_return as r', 'r.returnkey', 'rl.inventory_return')
      .select(['rl.issue_line', 'rl.item', 'rl.serial_number', 'rl.batch_number', 'rl.quantity', 'r.issue', 'r.workorder_no'])
      .where('r.compcode', '=', env.compcode)
      .where('r.posted', '=', 1)
      .where('r.reverses', 'is', null)
      .where('r.reversed_by', 'is', null)
      .where((eb) => {
        const any = [];
        if (liveKeys.length) any.push(eb('r.issue', 'in', liveKeys));
        if (lineKeys.length) any.push(eb('rl.issue_line', 'in', lineKeys));
        if (workorder !== null) any.push(eb('r.workorder_no', '=', workorder));
        return any.length ? eb.or(any) : sql<boolean>`false`;
      })
      .execute()
  ).map((b) => ({ issueLine: num(b.issue_line), issue: num(b.issue), workorder: norm(b.workorder_no), lot: lotKey(b.item, b.serial_number, b.batch_number), qty: fixed(b.quantity, QTY) }));

  const itemIds = [...new Set(ls.map((l) => Number(l.item)))];
  const parts = new Map((await env.tx.selectFrom('master_item').select(['item_id', 'partnumber']).where('item_id', 'in', itemIds).execute()).map((i) => [Number(i.item_id), String(i.partnumber)]));
  const ledger = lineKeys.length
    ? await env.tx.selectFrom('stock_ledger').select(['source_line', 'quantity', 'amount']).where('compcode', '=', env.compcode).where('source', '=', 'inventory_issue').where('txn_type', '=', 'ISS').where('source_line', 'in', lineKeys).execute()
    : [];

  const lineOf = (l: IssueLine) => lotKey(l.item, l.serial, l.batch);
  const inIssue = (k: number) => (l: IssueLine) => l.issue === k;
  const inWorkorder = (l: IssueLine) => woIssues.includes(l.issue);
  const errors: FieldError[] = [];
  const costs = new Map<number, bigint>();
  const checked = new Set<string>();

  /** One cap: what the scope's lines sent out of the lot, less what came back, against what this return brings. */
  function cap(i: number, group: string, out: bigint, returned: bigint, wanted: bigint, what: string, part: string): boolean {
    if (checked.has(group)) return false;
    checked.add(group);
    if (returned + wanted <= out) return false;
    const left = out > returned ? out - returned : 0n;
    return !!errors.push({ path: `/lines/${i}/quantity`, message: `${show(wanted, QTY)} of ${part} to come back exceeds what ${what} sent out: ${show(out, QTY)} issued, ${show(returned, QTY)} already returned, so at most ${show(left, QTY)} can come back` });
  }

  ls.forEach((l, i) => {
    const item = Number(l.item);
    const serial = norm(l.serial_number);
    const batch = norm(l.batch_number);
    const key = lotKey(item, serial, batch);
    const part = lotText(parts.get(item) ?? String(item), serial, batch);
    const wanted = (pred: (r: RowOf<'inventory_return_line'>) => boolean) => ls.filter(pred).reduce((s, r) => s + fixed(r.quantity, QTY), 0n);
    const sameLot = (r: RowOf<'inventory_return_line'>) => lotKey(r.item, r.serial_number, r.batch_number) === key;
    let from: IssueLine[];
    const named = num(l.issue_line);
    if (named !== null) {
      const il = lines.find((x) => x.key === named);
      if (!il) return errors.push({ path: `/lines/${i}/issue_line`, message: original ? `is not a line of ${String(original.issueno)}, the original issue of this return` : `is not a line of a posted issue to ${workorder}` });
      if (original && il.issue !== issueKey) return errors.push({ path: `/lines/${i}/issue_line`, message: `is not a line of ${String(original.issueno)}, the original issue of this return` });
      if (!original && !inWorkorder(il)) return errors.push({ path: `/lines/${i}/issue_line`, message: `is not a line of a posted issue to ${workorder}` });
      if (il.item !== item) return errors.push({ path: `/lines/${i}/item`, message: `is not the part of that issue line (${parts.get(il.item) ?? il.item} went out on it)` });
      if (il.serial !== serial) return errors.push({ path: `/lines/${i}/serial_number`, message: il.serial ? `must be ${il.serial}, the serial that went out on that issue line` : 'must be empty: no serial went out on that issue line' });
      if (il.batch !== batch) return errors.push({ path: `/lines/${i}/batch_number`, message: il.batch ? `must be ${il.batch}, the batch that went out on that issue line` : 'must be empty: no batch went out on that issue line' });
      const ib = back.filter((b) => b.issueLine === named).reduce((s, b) => s + b.qty, 0n);
      if (cap(i, `line:${named}`, il.qty, ib, wanted((r) => num(r.issue_line) === named), `that line of ${issueNo.get(il.issue)}`, part)) return;
      from = [il];
    } else {
      from = lines.filter((x) => lineOf(x) === key && (original ? inIssue(issueKey as number)(x) : inWorkorder(x)));
      if (!from.length) {
        const where = original ? String(original.issueno) : `an issue to ${workorder}`;
        const anyOfItem = lines.some((x) => x.item === item && (original ? inIssue(issueKey as number)(x) : inWorkorder(x)));
        if (!anyOfItem) return errors.push({ path: `/lines/${i}/item`, message: `${parts.get(item) ?? item} did not go out on ${where}: only what was issued comes back` });
        return errors.push({ path: `/lines/${i}/${serial || !batch ? 'serial_number' : 'batch_number'}`, message: `${part} did not go out on ${where}: give the serial and batch the issue line carried` });
      }
    }
    if (original) {
      const ofIssue = lines.filter((x) => x.issue === issueKey && lineOf(x) === key);
      const out = ofIssue.reduce((s, x) => s + x.qty, 0n);
      const keys = new Set(ofIssue.map((x) => x.key));
      const ib = back.filter((b) => b.lot === key && (b.issue === issueKey || (b.issueLine !== null && keys.has(b.issueLine)))).reduce((s, b) => s + b.qty, 0n);
      if (cap(i, `issue:${key}`, out, ib, wanted(sameLot), String(original.issueno), part)) return;
    }
    if (workorder !== null && woIssues.length && (!original || woIssues.includes(issueKey as number))) {
      const ofWo = lines.filter((x) => inWorkorder(x) && lineOf(x) === key);
      const out = ofWo.reduce((s, x) => s + x.qty, 0n);
      const keys = new Set(ofWo.map((x) => x.key));
      const ib = back.filter((b) => b.lot === key && (b.workorder === workorder || (b.issue !== null && woIssues.includes(b.issue)) || (b.issueLine !== null && keys.has(b.issueLine)))).reduce((s, b) => s + b.qty, 0n);
      if (cap(i, `wo:${key}`, out, ib, wanted(sameLot), `the issues to ${workorder}`, part)) return;
    }
    // the value it left with: the average of the ledger rows of the issue lines it comes back from
    const rows = ledger.filter((x) => from.some((f) => f.key === Number(x.source_line)));
    const q = rows.reduce((s, x) => s + abs(fixed(x.quantity, QTY)), 0n);
    const a = rows.reduce((s, x) => s + abs(fixed(x.amount, MONEY)), 0n);
    if (q > 0n) costs.set(i, mulDiv(a, 10n ** BigInt(COST), q));
  });
  if (errors.length) throw invalid(errors);
  return costs;
}

export const inventoryReturn: StockDocument<'inventory_return'> = {
  entity: 'inventory_return',
  post: 'post_inventory_return',
  reverse: 'reverse_inventory_return',
  step: 'post',
  flag: 'posted',
  numberField: 'returnno',
  dateField: 'returndate',
  txnType: 'RET',
  async plan(env, doc) {
    const ls = needLines(doc);
    const costs = await returnable(env, doc, ls);
    return {
      movements: ls.map((l, i) => ({
        ...lot(env, l, i),
        txnType: 'RET' as const,
        store: doc.store,
        qty: fixed(l.quantity, QTY),
        cost: costs.has(i) ? { kind: 'unit' as const, unitCost: costs.get(i) as bigint } : { kind: 'average' as const },
        arc: num(l.certificate_type),
        registration: norm(doc.registration),
        remark: [norm(doc.workorder_no), norm(l.remark)].filter(Boolean).join(': ') || null,
      })),
    };
  },
};

/** `post_inventory_return` (metadata `run: stores/documents/inventory-return#postInventoryReturn`): the document posted through the one posting frame (../post.ts). */
export function postInventoryReturn(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return postDocument(ctx, inventoryReturn, key);
}

/** `reverse_inventory_return` (metadata `run: stores/documents/inventory-return#reverseInventoryReturn`): the document reversed (a reversing document, posted at once) through the one posting frame (../post.ts). */
export function reverseInventoryReturn(ctx: ActionContext, key: unknown): Promise<PostResult> {
  return reverseDocument(ctx, inventoryReturn, key);
}
