/**
 * The one versioned write. Every in-place change of a stored row goes through here: it bumps the
 * optimistic-lock version, stamps updated_at/updated_by and writes an audit row of what changed
 * (who, when, before → after, and why). Nothing else in the code base writes `version + 1`.
 *
 *   await versionedUpdate(tx, reg.entity('wf_task'), 42, { statuswf: STATUS.APPROVED }, { user, reason: 'workflow APPROVED' });
 *   await versionedUpdate(tx, e, key, values, { user, expectVersion: body.version });   // 409 ERR_STALE when stale
 */
import { isExpression, sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import { executeReused } from '../query/reuse.ts';
import { appError } from '../errors.ts';
import type { EntityDef } from '../metadata/registry.ts';
import { sameValue } from './lifecycle.ts';
import { contentHash } from '../records/chain.ts';
import { enqueueAuditEvents } from '../webhooks/outbox.ts';

export interface Actor {
  user_id: number | null;
  username: string;
  compcode?: string | null;
}

type Row = Record<string, unknown>;

export interface VersionedOptions {
  /** Who writes; `null` for the engine's own jobs (recorded as 'system'). */
  user: Actor | null;
  /** Refuse with 409 ERR_STALE unless the stored version is this one. */
  expectVersion?: number;
  /** The stored row when the caller already read it under a row lock (saves a read). */
  before?: Row;
  /** Why (an action name such as 'post' or 'workflow APPROVED'); recorded in the audit row. */
  reason?: string;
  /** Written into the audit row beside the field changes (e.g. line changes). */
  extra?: Record<string, unknown>;
  /** false: the caller writes its own audit row. */
  audit?: boolean;
  /**
   * The audit row goes into this list instead of its own insert: the caller (documentAction's
   * frame) writes the list in one insert before its transaction ends.
   */
  auditInto?: AuditRow[];
}

/** Field changes as `{field: [before, after]}` for the audit trail. */
export function fieldChanges(e: EntityDef, before: Row, values: Row): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [k, v] of Object.entries(values)) {
    const f = e.fields.find((x) => x.name === k);
    if (f?.hidden) continue;
    if (!sameValue(f, before[k], v)) out[k] = [before[k] ?? null, v ?? null];
  }
  return out;
}

/** The sys_audit row of a change (null when the entity keeps no audit trail). */
export interface AuditRow {
  entity: string;
  record_key: string;
  action: 'insert' | 'update' | 'delete' | 'action';
  company: string | null;
  user_id: number | null;
  username: string;
  changes: string;
}

const AUDIT_COLUMNS = ['entity', 'record_key', 'action', 'company', 'user_id', 'username', 'changes', 'content_hash'] as const;

export function auditRow(user: Actor | null, e: EntityDef, key: string | number, action: AuditRow['action'], changes: unknown): AuditRow | null {
  if (!e.audit) return null;
  return {
    entity: e.name,
    record_key: String(key),
    action,
    company: user?.compcode ?? null,
    user_id: user?.user_id ?? null,
    username: user?.username ?? 'system',
    changes: JSON.stringify(changes),
  };
}

/**
 * Audit rows in one insert, in the order given (their ids follow it): the one writer of sys_audit.
 * Each row carries the hash of its canonical content; the chain links it at commit (decision 0310).
 * The webhook events of the rows go into the outbox in the same transaction (webhooks/outbox.ts,
 * decision 0331): this is the one place every change of a record passes.
 */
export async function writeAudits(tx: DB, rows: (AuditRow | null)[]): Promise<void> {
  const values = rows.filter((r): r is AuditRow => r !== null).map((r) => ({ ...r, content_hash: contentHash(r) }));
  if (!values.length) return;
  // one statement per number of rows, compiled once and reused (query/reuse.ts); not prepared:
  // its plan costs nothing, and the names a connection keeps are left to the statements that do
  const named = new Map<string, unknown>();
  values.forEach((r, i) => AUDIT_COLUMNS.forEach((c) => named.set(`${i}.${c}`, r[c] ?? null)));
  await executeReused(tx, null, `audit\u0000${values.length}`, (bind) => tx.insertInto('sys_audit').values(values.map((_, i) => Object.fromEntries(AUDIT_COLUMNS.map((c) => [c, bind(`${i}.${c}`)])) as unknown as AuditRow)), named);
  await enqueueAuditEvents(tx, values);
}

export async function writeAudit(tx: DB, user: Actor | null, e: EntityDef, key: string | number, action: 'insert' | 'update' | 'delete' | 'action', changes: unknown): Promise<void> {
  await writeAudits(tx, [auditRow(user, e, key, action, changes)]);
}

/**
 * Updates one row by key inside the caller's transaction; returns the row as it was and the new
 * version. 404 when the row does not exist, 409 ERR_STALE on a version mismatch.
 */
export async function versionedUpdate(tx: DB, e: EntityDef, key: string | number, values: Row, opts: VersionedOptions): Promise<{ before: Row; version: number }> {
  const before = opts.before ?? ((await loose(tx).selectFrom(e.table).selectAll().where(e.key, '=', key).forUpdate().executeTakeFirst()) as Row | undefined);
  if (!before) throw appError('ERR_NOT_FOUND');
  if (opts.expectVersion !== undefined && Number(before.version) !== opts.expectVersion) throw appError('ERR_STALE');
  // one statement per table and set of fields written, compiled once and reused (query/reuse.ts);
  // a value given as an SQL expression is compiled with the call
  const cols = Object.keys(values).filter((c) => values[c] !== undefined); // as Kysely leaves an undefined value out
  const named = new Map<string, unknown>([...cols.map((c) => [`v.${c}`, values[c]] as const), ['key', key], ['by', opts.user?.username ?? 'system'], ['expect', opts.expectVersion]]);
  const expression = cols.some((c) => isExpression(values[c]) || typeof values[c] === 'function');
  const build = (bind: (name: string) => unknown) => {
    let q = loose(tx)
      .updateTable(e.table)
      .set({ ...Object.fromEntries(cols.map((c) => [c, bind(`v.${c}`)])), version: sql`version + 1`, updated_at: sql`now()`, updated_by: bind('by') })
      .where(e.key, '=', bind('key'));
    if (opts.expectVersion !== undefined) q = q.where('version', '=', bind('expect'));
    return q.returning('version');
  };
  const shape = ['update', e.table, cols.join(','), opts.expectVersion !== undefined ? 'expect' : ''].join('\u0000');
  const [done] = expression ? [(await build((n) => named.get(n)).executeTakeFirst()) as { version: unknown } | undefined] : await executeReused<{ version: unknown }>(tx, null, shape, build, named);
  if (!done) throw opts.expectVersion !== undefined ? appError('ERR_STALE') : appError('ERR_NOT_FOUND');
  if (opts.audit !== false) {
    const row = auditRow(opts.user, e, key, opts.reason ? 'action' : 'update', {
      ...(opts.reason ? { action: opts.reason } : {}),
      changes: fieldChanges(e, before, values),
      ...opts.extra,
    });
    if (opts.auditInto) {
      if (row) opts.auditInto.push(row);
    } else await writeAudits(tx, [row]);
  }
  return { before, version: Number(done.version) };
}

export interface VersionedRow {
  key: string | number;
  values: Row;
  /** The stored row, read by the caller under a row lock. */
  before: Row;
}

/**
 * The versioned write of many rows of one entity that change the same fields (a posting that
 * advances every installed part): one `UPDATE … FROM (VALUES …)` and one multi-row audit insert,
 * with the same effect as `versionedUpdate` on each row (version + 1, updated_at/by, an audit row
 * with the reason and the field changes). `types` gives each field's SQL type (for the VALUES list).
 */
export async function versionedUpdateMany(tx: DB, e: EntityDef, types: Record<string, string>, rows: VersionedRow[], opts: { user: Actor | null; reason: string }): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0].values);
  const keyType = e.keyType === 'string' ? 'varchar' : 'bigint';
  const values = sql.join(rows.map((r) => sql`(${sql.join([sql`${r.key}::${sql.raw(keyType)}`, ...cols.map((c) => sql`${r.values[c] ?? null}::${sql.raw(types[c])}`)])})`));
  const names = sql.join([sql.ref('k'), ...cols.map((c) => sql.ref(c))]);
  const sets = sql.join([...cols.map((c) => sql`${sql.ref(c)} = v.${sql.ref(c)}`), sql`version = t.version + 1`, sql`updated_at = now()`, sql`updated_by = ${opts.user?.username ?? 'system'}`]);
  const done = await sql<{ k: unknown }>`update ${sql.table(e.table)} as t set ${sets} from (values ${values}) as v(${names}) where t.${sql.ref(e.key)} = v.k returning t.${sql.ref(e.key)} as k`.execute(tx);
  if (done.rows.length !== rows.length) throw appError('ERR_NOT_FOUND');
  await writeAudits(
    tx,
    rows.map((r) => auditRow(opts.user, e, r.key, 'action', { action: opts.reason, changes: fieldChanges(e, r.before, r.values) })),
  );
}
