/** How the plans read a stock document: its lines, their lots and numbers, and their refusals. */
import type { DB } from '../../../engine/src/db/database.ts';
import { appError, type FieldError } from '../../../engine/src/errors.ts';
import { COST, fixed } from '../../../engine/src/values/money.ts';
import type { Movement } from '../ledger/movement.ts';
import { norm } from '../ledger/values.ts';
import type { Env, Row } from './stock-document.ts';

export const lines = (doc: Row): Row[] => (Array.isArray(doc.lines) ? (doc.lines as Row[]) : []);
export const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
export const invalid = (errors: FieldError[]) => appError('ERR_VALIDATION', { errors });

/**
 * A plan's own problems: noted with the posting's others (one refusal naming them all, post.ts
 * and ledger/problems.ts), or refused now where the caller collects none.
 */
export function note(env: Env, errors: FieldError[]): void {
  if (!errors.length) return;
  if (!env.problems) throw invalid(errors);
  env.problems.addAll(errors);
}

/** The document's lines; refused (400) when it has none. */
export function needLines(doc: Row): Row[] {
  const ls = lines(doc);
  if (!ls.length) throw invalid([{ path: '/lines', message: 'must have at least one line to post' }]);
  return ls;
}

/** The lot fields every line entity shares. */
export function lot(env: Env, l: Row, i: number) {
  return {
    item: Number(l.item),
    serial: norm(l.serial_number),
    batch: norm(l.batch_number),
    condition: String(l.condition ?? 'NE'),
    line: num(l[env.lineKey]),
    path: `/lines/${i}`,
  };
}

/** A receipt line's cost: its unit cost, else the moving average. */
export const receiptCost = (unitCost: unknown): Movement['cost'] => (unitCost === null || unitCost === undefined || unitCost === '' ? { kind: 'average' } : { kind: 'unit', unitCost: fixed(unitCost, COST) });

export const storeCode = async (tx: DB, id: unknown) => String((await tx.selectFrom('store_warehouse').select('store_code').where('store_id', '=', Number(id)).executeTakeFirst())?.store_code ?? id);
