/** How the plans read a stock document: its lines, their lots and numbers, and their refusals. */
import type { DB } from '../../../engine/src/db/database.ts';
import { appError, type FieldError } from '../../../engine/src/errors.ts';
import { COST, fixed } from '../../../engine/src/values/money.ts';
import type { Movement } from '../ledger/movement.ts';
import { norm } from '../ledger/values.ts';
import type { Env } from './stock-document.ts';

/** A document's lines (its row's `lines`, none when it has no lines read). */
export const lines = <L>(doc: { lines?: L[] }): L[] => (Array.isArray(doc.lines) ? doc.lines : []);
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
export function needLines<L>(doc: { lines?: L[] }): L[] {
  const ls = lines(doc);
  if (!ls.length) throw invalid([{ path: '/lines', message: 'must have at least one line to post' }]);
  return ls;
}

/** The lot fields every stock line entity shares (a robbing's part has no condition). */
export interface LotFields {
  item: number | null;
  serial_number: string | null;
  batch_number: string | null;
  condition?: string | null;
}

/** The lot fields of a line, and its key (the field `env.lineKey` names). */
export function lot<L extends LotFields>(env: Env, l: L, i: number) {
  return {
    item: Number(l.item),
    serial: norm(l.serial_number),
    batch: norm(l.batch_number),
    condition: l.condition ?? 'NE',
    line: num(l[env.lineKey as keyof L]),
    path: `/lines/${i}`,
  };
}

/** A receipt line's cost: its unit cost, else the moving average. */
export const receiptCost = (unitCost: unknown): Movement['cost'] => (unitCost === null || unitCost === undefined || unitCost === '' ? { kind: 'average' } : { kind: 'unit', unitCost: fixed(unitCost, COST) });

export const storeCode = async (tx: DB, id: unknown) => String((await tx.selectFrom('store_warehouse').select('store_code').where('store_id', '=', Number(id)).executeTakeFirst())?.store_code ?? id);
