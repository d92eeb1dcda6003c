/**
 * Small shared pieces of the procurement plugin: the services a hook needs, quantities compared in
 * hundredths (decimal fields have scale 2, so no floating-point drift decides a cap), row locks in
 * key order (every writer locks the chain in the same order: no deadlock between two of them),
 * and the validation error every cap answers with.
 */
import type { DB } from '../../engine/src/db/database.ts';
import { loose } from '../../engine/src/db/loose.ts';
import { appError, type FieldError } from '../../engine/src/errors.ts';
import type { HookContext } from '../../engine/src/plugins/host.ts';
import type { Registry } from '../../engine/src/metadata/registry.ts';
import type { Repository, UserRef } from '../../engine/src/crud/repository.ts';
import { MONEY, fixed, formatMoney, netAmount as lineNet } from '../../engine/src/values/money.ts';

export type Row = Record<string, unknown>;

/** What the plugin's writes need: the transaction, who writes, the registry and the repository. */
export interface Tx {
  db: DB;
  /** null: the engine's own work (the demo's derivation after seeding) */
  user: UserRef | null;
  reg: Registry;
  repo: Repository;
  emit?: HookContext['emit'];
}

export function txOf(ctx: HookContext): Tx {
  if (!ctx.reg || !ctx.repo) throw new Error('procurement: the hook was run without the registry and repository');
  return { db: ctx.db, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit };
}

/**
 * A quantity or amount in hundredths, the scale of every decimal field of the chain (the engine's
 * money module: exact decimal text, half up, never a binary fraction).
 */
export const cents = (v: unknown): number => Number(fixed(v, MONEY));

/**
 * The chain's one net price: quantity × unit price × (100 − discount %) / 100, rounded once, half
 * up, to the cent (hundredths). A PO line's amount and a receiving line's value (received quantity
 * at the PO line's net price) are both this; the PO price list (reports.yaml, po_price_list)
 * computes the same in SQL (numeric round is half up too).
 */
export const netAmount = (quantity: unknown, unitPrice: unknown, discountPct: unknown): number => Number(lineNet(quantity, unitPrice, discountPct));

/** 10 → "10", 2.5 → "2.5", 1234.5 → "1,234.5" (quantities in messages). */
export const qty = (hundredths: number): string => (hundredths / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });

/** 1234.5 → "1,234.50" (amounts in messages). */
export const money = (hundredths: number): string => formatMoney(BigInt(hundredths));

/** Today in UTC where no action's business date is given (the engine's one copy). */
export { todayIso as today } from '../../engine/src/values/dates.ts';

/** Refuses a write with field errors; the first problem is the message. */
export function refuse(problems: FieldError[]): never {
  throw appError('ERR_VALIDATION', { message: problems[0]?.message, errors: problems });
}

export function conflict(message: string): never {
  throw appError('ERR_CONFLICT', { message });
}

/** Locks rows of a table by key, in key order, and returns them (empty keys: nothing). */
export async function lockRows(db: DB, table: string, key: string, keys: Iterable<unknown>): Promise<Row[]> {
  const list = [...new Set([...keys].filter((k) => k !== null && k !== undefined).map(Number))].sort((a, b) => a - b);
  if (list.length === 0) return [];
  return (await loose(db).selectFrom(table).selectAll().where(key, 'in', list).orderBy(key).forUpdate().execute()) as Row[];
}

export function byKey(rows: Row[], key: string): Map<number, Row> {
  return new Map(rows.map((r) => [Number(r[key]), r]));
}

export const keysOf = (rows: Row[], field: string): number[] => [...new Set(rows.map((r) => r[field]).filter((v) => v !== null && v !== undefined).map(Number))];

/** Patches server-set fields only when they change (no version bump or audit row for nothing). */
export async function patchIfChanged(t: Tx, entity: string, row: Row, values: Row, reason: string): Promise<boolean> {
  const e = t.reg.entity(entity);
  const changed: Row = {};
  for (const [k, v] of Object.entries(values)) {
    const f = e.fields.find((x) => x.name === k);
    const a = row[k];
    const same = f?.type === 'decimal' || f?.type === 'integer' || f?.type === 'enum' ? (a === null || a === undefined ? v === null || v === undefined : v !== null && v !== undefined && Number(a) === Number(v)) : String(a ?? '') === String(v ?? '');
    if (!same) changed[k] = v;
  }
  if (Object.keys(changed).length === 0) return false;
  await t.repo.patch(t.db, t.user, entity, row[e.key] as number, changed, { reason, before: row });
  return true;
}
