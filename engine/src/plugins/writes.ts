/**
 * Write helpers every plugin may use (they were procurement's, shared with MRO): the services a
 * hook needs, the refusals with field errors or a conflict, rows locked by key in key order (every
 * writer locks in the same order: no deadlock between two of them), rows by key, and a patch of
 * server-set fields only when they change (no version bump or audit row for nothing).
 *
 *   const rows = await lockRows(t.db, 'po_line', 'po_line_id', keys);
 *   await patchIfChanged(t, 'po_line', row, { qty_received: 5 }, 'receipt posted');
 */
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import { appError, type FieldError } from '../errors.ts';
import type { HookContext } from './host.ts';
import type { Registry } from '../metadata/registry.ts';
import type { Repository, UserRef } from '../crud/repository.ts';

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
  if (!ctx.reg || !ctx.repo) throw new Error('the hook was run without the registry and repository');
  return { db: ctx.db, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit };
}

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
