/** A return to store of issued parts, at the cost they left with, never more than was issued. */
import { sql } from 'kysely';
import type { FieldError } from '../../../engine/src/errors.ts';
import { COST, QTY, abs, fixed, mulDiv, show } from '../../../engine/src/values/money.ts';
import { norm } from '../ledger/values.ts';
import type { Env, Row, StockDocument } from './stock-document.ts';
import { invalid, lot, needLines, num } from './document-lines.ts';

/**
 * Checks the lines that name an issue line against it (this company, the original issue, the same
 * item, posted, not more than it issued less what was returned) and gives the unit cost each issue
 * line left with (400 at the line otherwise).
 */
async function issuedCosts(env: Env, doc: Row, ls: Row[]): Promise<Map<number, bigint>> {
  const costs = new Map<number, bigint>();
  const issueLines = [...new Set(ls.map((l) => num(l.issue_line)).filter((k): k is number => k !== null))];
  if (issueLines.length) {
    const issued = await env.tx
      .selectFrom('inventory_issue_line as il')
      .innerJoin('inventory_issue as i', 'i.issuekey', 'il.issue')
      .select(['il.issuedtlkey', 'il.item', 'il.quantity', 'i.issuekey', 'i.issueno', 'i.posted'])
      .where('i.compcode', '=', env.compcode)
      .where('il.issuedtlkey', 'in', issueLines)
      .execute();
    const returned = await env.tx
      .selectFrom('inventory_return_line as rl')
      .innerJoin('inventory_return as r', 'r.returnkey', 'rl.inventory_return')
      .select(['rl.issue_line', sql<number>`sum(rl.quantity)`.as('qty')])
      .where('r.compcode', '=', env.compcode)
      .where('r.posted', '=', 1)
      .where('r.reverses', 'is', null)
      .where('r.reversed_by', 'is', null)
      .where('rl.issue_line', 'in', issueLines)
      .groupBy('rl.issue_line')
      .execute();
    const ledger = await env.tx
      .selectFrom('stock_ledger')
      .select(['source_line', 'quantity', 'amount'])
      .where('compcode', '=', env.compcode)
      .where('source', '=', 'inventory_issue')
      .where('txn_type', '=', 'ISS')
      .where('source_line', 'in', issueLines)
      .execute();
    const wanted = new Map<number, bigint>();
    ls.forEach((l) => {
      const k = num(l.issue_line);
      if (k !== null) wanted.set(k, (wanted.get(k) ?? 0n) + fixed(l.quantity, QTY));
    });
    const errors: FieldError[] = [];
    ls.forEach((l, i) => {
      const k = num(l.issue_line);
      if (k === null) return;
      const il = issued.find((x) => Number(x.issuedtlkey) === k);
      if (!il) return errors.push({ path: `/lines/${i}/issue_line`, message: 'is not an issue line of this company' });
      if (doc.issue && Number(il.issuekey) !== Number(doc.issue)) return errors.push({ path: `/lines/${i}/issue_line`, message: 'is not a line of the original issue of this return' });
      if (Number(il.item) !== Number(l.item)) return errors.push({ path: `/lines/${i}/item`, message: 'is not the item of the issue line' });
      if (Number(il.posted) !== 1) return errors.push({ path: `/lines/${i}/issue_line`, message: `belongs to ${String(il.issueno)}, which is not posted` });
      const out = fixed(il.quantity, QTY);
      const back = fixed(returned.find((x) => Number(x.issue_line) === k)?.qty ?? 0, QTY);
      if (back + (wanted.get(k) ?? 0n) > out) {
        errors.push({ path: `/lines/${i}/quantity`, message: `exceeds what ${String(il.issueno)} issued on that line (${show(out, QTY)}, ${show(back, QTY)} already returned)` });
      }
      const rows = ledger.filter((x) => Number(x.source_line) === k);
      const q = rows.reduce((s, x) => s + abs(fixed(x.quantity, QTY)), 0n);
      const a = rows.reduce((s, x) => s + abs(fixed(x.amount, 2)), 0n);
      if (q > 0n) costs.set(k, mulDiv(a, 10n ** BigInt(COST), q));
    });
    if (errors.length) throw invalid(errors);
  }
  return costs;
}

export const inventoryReturn: StockDocument = {
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
    const costs = await issuedCosts(env, doc, ls);
    return {
      movements: ls.map((l, i) => ({
        ...lot(env, l, i),
        txnType: 'RET' as const,
        store: Number(doc.store),
        qty: fixed(l.quantity, QTY),
        cost: costs.has(Number(l.issue_line)) ? { kind: 'unit' as const, unitCost: costs.get(Number(l.issue_line)) as bigint } : { kind: 'average' as const },
        arc: num(l.certificate_type),
        registration: norm(doc.registration),
        remark: [norm(doc.workorder_no), norm(l.remark)].filter(Boolean).join(': ') || null,
      })),
    };
  },
};
