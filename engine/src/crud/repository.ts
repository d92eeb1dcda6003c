/**
 * Generic reads and writes of metadata entities. Every write is one transaction that checks access,
 * validates with the entity's JSON Schema (the same one the browser uses), checks the document's
 * lifecycle (a posted or approved document is not changed: crud/lifecycle.ts), numbers the
 * document, writes child lines, bumps the optimistic-lock version (crud/versioned.ts), runs plugin
 * hooks and writes an audit row (who, when, what changed). A stale version is refused instead of
 * silently overwriting. Given a transaction (`ctx.db` from `db.transaction()`), every method joins
 * it, so a plugin action can write several documents atomically.
 *
 *   const repo = new Repository(registry, plugins);
 *   const row = await repo.create(ctx, 'store_warehouse', { code: 'CGK', name: 'Jakarta main store' });
 *   await repo.update(ctx, 'store_warehouse', row.id, { ...row, name: 'Jakarta store' });
 *
 * The steps of a write, each in its own module beside this one: validate-body.ts (the schema),
 * state-fields.ts (states only workflows and actions move), references.ts (references within the
 * company), columns.ts (what a user writes and reads), parent-lock.ts (a line's document locked),
 * replace-lines.ts (a document's lines saved with it), open-workflow.ts (no delete while on
 * process), db-errors.ts (constraint errors as catalogue errors).
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import type { AppAbility } from '../access/ability.ts';
import { accessCondition } from '../access/compile.ts';
import { appError } from '../errors.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import { columnType, scopedByKey } from '../db/schema-model.ts';
import { DEFAULT_NUMBER_FORMAT, nextNumber, takeNumber } from './numbering.ts';
import type { EngineEvent, HookContext, PluginHost, RowOf } from '../plugins/host.ts';
import { hasPersonal, personalCondition, type Reader } from '../access/personal.ts';
import { assertLinesChangeable, assertUpdatable, assertWritable, lockedError, refusingRule } from './lifecycle.ts';
import { fieldChanges, versionedUpdate, versionedUpdateMany, writeAudit, type AuditRow, type VersionedRow } from './versioned.ts';
import { validateBody } from './validate-body.ts';
import { mapDbError } from './db-errors.ts';
import { assertDeletable } from '../records/retention.ts';
import { checkReferences } from './references.ts';
import { fillFromReferences } from './fill.ts';
import { visibleColumns, writableValues } from './columns.ts';
import { assertWorkflowStatus } from './state-fields.ts';
import { lockedParent } from './parent-lock.ts';
import { refuseOpenWorkflow } from './open-workflow.ts';
import { replaceLines } from './replace-lines.ts';
import { STATUS } from '../workflow/status.ts';
import { refreshBehind } from '../query/stored.ts';
import { PREPARE } from '../db/prepared.ts';
import { executeReused } from '../query/reuse.ts';

/** Kept here for server/src/routes/registration.ts (another session's area); its home is validate-body.ts. */
export { validateBody } from './validate-body.ts';

export interface UserRef {
  user_id: number;
  username: string;
  compcode: string;
}

export interface WriteContext {
  db: DB;
  ability: AppAbility;
  user: UserRef;
  /**
   * A document given with its number keeps it (checked against the series' format, the series
   * moved past it): data taken over from an earlier system, and the fixture loader. Never set
   * from a request.
   */
  importNumbers?: boolean;
}

type Row = Record<string, unknown>;

/** Runs `fn` in the caller's transaction, or in a new one. */
export function inTransaction<T>(db: DB, fn: (tx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

export interface RepositoryOptions {
  /** Publishes a real-time event inside a transaction (given to plugin hooks as `emit`). */
  emit?: (tx: DB, e: EngineEvent) => Promise<void>;
}

export class Repository {
  readonly emit?: (tx: DB, e: EngineEvent) => Promise<void>;
  constructor(
    readonly reg: Registry,
    readonly plugins: PluginHost,
    opts: RepositoryOptions = {},
  ) {
    this.emit = opts.emit;
  }

  /** What a hook is given: the transaction, the writer, the row, and the engine's services. */
  private hook(tx: DB, user: UserRef, row: Row, before?: Row): HookContext {
    return { db: tx, user, row, ...(before ? { before } : {}), reg: this.reg, repo: this, emit: this.emit };
  }

  /** The visible columns of the row aliased t, personal fields under their condition (access/personal.ts). */
  private selection(e: EntityDef, ability: AppAbility, reader: Reader | undefined) {
    const personal = new Set(e.fields.filter((f) => f.personal).map((f) => f.name));
    const show = personal.size ? personalCondition(this.reg, e, ability, reader, 't') : undefined;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (eb: any) => visibleColumns(e).map((c) => (show && personal.has(c) ? sql`case when ${show(eb)} then ${sql.ref(`t.${c}`)} end`.as(c) : sql.ref(`t.${c}`).as(c)));
  }

  /**
   * Reads one row (with child lines) the ability may read; 404 otherwise (also for other companies'
   * rows). Personal fields read as null unless `reader` may see them. `readable`: the row must
   * also be one the ability may read (an action's row, checked in the same statement).
   */
  async get<E extends string>(ctx: { db: DB; ability: AppAbility; reader?: Reader }, entity: E, key: unknown, opts: { action?: 'read' | 'update' | 'delete' | 'print' | 'other'; lock?: boolean; readable?: boolean } = {}): Promise<RowOf<E>> {
    const e = this.reg.entity(entity);
    const action = opts.action ?? 'read';
    if (!ctx.ability.can(action, e.name)) throw appError('ERR_FORBIDDEN');
    if (opts.readable && !ctx.ability.can('read', e.name)) throw appError('ERR_FORBIDDEN');
    const keyValue = this.parseKey(e, key);
    await refreshBehind(ctx.db, this.reg, e);
    // each statement compiled once per ability and shape and reused with the key bound by name
    // (query/reuse.ts): building and compiling it cost more server CPU than the read
    const personal = hasPersonal(e) || e.children.some((c) => hasPersonal(this.reg.entity(c.entity)));
    const shape = ['get', e.name, action, opts.lock ? 'lock' : '', opts.readable ? 'readable' : '', personal ? `reader=${ctx.reader?.user_id ?? ''}` : ''].join('\u0000');
    const values = new Map([['key', keyValue]]);
    const [row] = await executeReused<Row>(ctx.db, ctx.ability, `${shape}\u0000row`, (bind) => this.rowQuery(ctx, e, action, opts, bind('key')), values);
    if (!row) throw appError('ERR_NOT_FOUND');
    for (const c of e.children) row[c.name] = await executeReused<Row>(ctx.db, ctx.ability, `${shape}\u0000${c.name}`, (bind) => this.linesQuery(ctx, c, opts, bind('key')), values);
    // the entity's row type (rows.gen.ts) is generated from the columns this read selects
    return row as RowOf<E>;
  }

  /**
   * Reads many rows of an entity without child lines by key, in one statement under the same
   * access condition as `get`; ERR_NOT_FOUND when any key is not a row the ability may read (as
   * `get` answers for that key). The rows come back in the order of the keys given.
   *
   *   const items = await repo.getMany({ db: tx, ability }, 'due_item', ['I4-3', 'A16'])
   */
  async getMany(ctx: { db: DB; ability: AppAbility; reader?: Reader }, entity: string, keys: readonly unknown[]): Promise<Row[]> {
    const e = this.reg.entity(entity);
    if (!ctx.ability.can('read', e.name)) throw appError('ERR_FORBIDDEN');
    const values = [...new Set(keys.map((k) => this.parseKey(e, k)))];
    if (!values.length) return [];
    await refreshBehind(ctx.db, this.reg, e);
    const rows = (await loose(ctx.db)
      .selectFrom(`${e.table} as t`)
      .select(this.selection(e, ctx.ability, ctx.reader))
      .where(`t.${e.key}`, 'in', values)
      .where(accessCondition(ctx.ability, 'read', e, this.reg, 't'))
      .execute()) as Row[];
    const byKey = new Map(rows.map((r) => [String(r[e.key]), r]));
    return keys.map((k) => {
      const row = byKey.get(String(this.parseKey(e, k)));
      if (!row) throw appError('ERR_NOT_FOUND');
      return row;
    });
  }

  /** The read of a row by key under the action's (and, `readable`, the read) access condition. */
  private rowQuery(ctx: { db: DB; ability: AppAbility; reader?: Reader }, e: EntityDef, action: 'read' | 'update' | 'delete' | 'print' | 'other', opts: { lock?: boolean; readable?: boolean }, key: unknown) {
    let q = loose(ctx.db)
      .selectFrom(`${e.table} as t`)
      .select(this.selection(e, ctx.ability, ctx.reader))
      .where(`t.${e.key}`, '=', key)
      .where(accessCondition(ctx.ability, action, e, this.reg, 't'));
    if (opts.readable && action !== 'read') q = q.where(accessCondition(ctx.ability, 'read', e, this.reg, 't'));
    // a locked read is an action's read of its row by key: prepared (db/prepared.ts)
    return opts.lock ? q.forUpdate().modifyEnd(PREPARE) : q;
  }

  /** The lines of one child of a row, in key order. */
  private linesQuery(ctx: { db: DB; ability: AppAbility; reader?: Reader }, c: EntityDef['children'][number], opts: { lock?: boolean }, key: unknown) {
    const child = this.reg.entity(c.entity);
    const lines = loose(ctx.db)
      .selectFrom(`${child.table} as t`)
      .select(this.selection(child, ctx.ability, ctx.reader))
      .where(`t.${c.foreignKey}`, '=', key)
      .orderBy(`t.${child.key}`);
    return opts.lock ? lines.modifyEnd(PREPARE) : lines;
  }

  /** Whether the reader sees (and so may write) the personal fields of a stored row (also what its history shows). */
  async personalVisible(tx: DB, e: EntityDef, ability: AppAbility, reader: Reader, key: string | number): Promise<boolean> {
    if (!hasPersonal(e)) return true;
    const show = personalCondition(this.reg, e, ability, reader, 't');
    const r = await loose(tx).selectFrom(`${e.table} as t`).select((eb) => sql<boolean>`${show(eb)}`.as('show')).where(`t.${e.key}`, '=', key).executeTakeFirst();
    return Boolean((r as { show?: unknown } | undefined)?.show);
  }

  parseKey(e: EntityDef, key: unknown): string | number {
    if (e.keyType === 'string') {
      const s = String(key ?? '');
      if (!s || s.length > 100) throw appError('ERR_NOT_FOUND');
      return s;
    }
    const n = Number(key);
    if (!Number.isSafeInteger(n) || n < 1) throw appError('ERR_NOT_FOUND');
    return n;
  }


  async create<E extends string>(ctx: WriteContext, entity: E, body: Row): Promise<RowOf<E>> {
    const e = this.reg.entity(entity);
    if (e.system || e.view) throw appError('ERR_FORBIDDEN');
    if (!ctx.ability.can('create', e.name)) throw appError('ERR_FORBIDDEN');
    validateBody(this.reg, e, body);
    // on create the stored values are the defaults: the workflow's DRAFT, an action state's first
    assertWorkflowStatus(e, body, { [e.workflow?.status ?? 'statuswf']: STATUS.DRAFT });
    try {
      return await inTransaction(ctx.db, async (tx) => {
        if (e.parent) {
          const parent = await lockedParent(tx, this.reg, e, body[e.parent.foreignKey]);
          if (parent) assertLinesChangeable(parent.e, parent.row, e, { inserted: 1, deleted: 0, updated: [] });
        }
        const key = await this.insertRow(tx, ctx, e, body);
        // hooks see the stored row first (they may link it to the company, as for users)
        const stored = (await loose(tx).selectFrom(e.table).selectAll().where(e.key, '=', key).executeTakeFirstOrThrow()) as Row;
        await this.plugins.run('afterCreate', e.name, this.hook(tx, ctx.user, stored));
        const row = await this.get({ db: tx, ability: ctx.ability, reader: ctx.user }, entity, key);
        await this.audit(tx, ctx.user, e, key, 'insert', { after: row });
        return row;
      });
    } catch (err) {
      throw mapDbError(err);
    }
  }

  /** Inserts a row and its lines inside the caller's transaction; returns the new key. */
  async insertRow(tx: DB, ctx: { user: UserRef; importNumbers?: boolean }, e: EntityDef, body: Row): Promise<string | number> {
    const values = writableValues(e, body);
    await fillFromReferences(tx, this.reg, e, values, ctx.user.compcode);
    for (const f of e.fields) if (values[f.name] === undefined && f.default !== undefined && f.default !== null) values[f.name] = f.default;
    if (e.keyType === 'string') {
      if (!body[e.key]) throw appError('ERR_VALIDATION', { errors: [{ path: `/${e.key}`, message: 'is required' }] });
      values[e.key] = body[e.key];
    }
    if (e.companyScoped) {
      if (scopedByKey(e) && values[e.key] !== ctx.user.compcode) throw appError('ERR_FORBIDDEN');
      if (!scopedByKey(e)) values.compcode = ctx.user.compcode;
    }
    if (e.numbering) {
      const { field, series, format = DEFAULT_NUMBER_FORMAT } = e.numbering;
      const given = ctx.importNumbers && typeof body[field] === 'string' ? String(body[field]) : undefined;
      if (given !== undefined && !(await takeNumber(tx, ctx.user.compcode, series, format, given))) {
        throw appError('ERR_VALIDATION', { errors: [{ path: `/${field}`, message: `does not fit the numbering format ${format}` }] });
      }
      values[field] = given ?? (await nextNumber(tx, ctx.user.compcode, series, format));
    }
    await this.plugins.run('beforeCreate', e.name, this.hook(tx, ctx.user, values));
    if (ctx.user.compcode) await checkReferences(tx, this.reg, e, values, ctx.user.compcode);
    values.created_by = ctx.user.username;
    const inserted = (await loose(tx).insertInto(e.table).values(values).returning(e.key).executeTakeFirstOrThrow()) as Row;
    const key = inserted[e.key] as string | number;
    for (const c of e.children) {
      const lines = body[c.name];
      if (!Array.isArray(lines)) continue;
      const child = this.reg.entity(c.entity);
      for (const line of lines as Row[]) {
        assertWorkflowStatus(child, line, {});
        await this.insertRow(tx, ctx, child, { ...line, [c.foreignKey]: key });
      }
    }
    return key;
  }

  async update<E extends string>(ctx: WriteContext, entity: E, key: unknown, body: Row): Promise<RowOf<E>> {
    const e = this.reg.entity(entity);
    if (e.system || e.view) throw appError('ERR_FORBIDDEN');
    if (!ctx.ability.can('update', e.name)) throw appError('ERR_FORBIDDEN');
    validateBody(this.reg, e, body);
    if (typeof body.version !== 'number') throw appError('ERR_VALIDATION', { errors: [{ path: '/version', message: 'is required' }] });
    try {
      return await inTransaction(ctx.db, async (tx) => {
        const before = await this.get<string>({ db: tx, ability: ctx.ability, reader: ctx.user }, entity, key, { action: 'update', lock: true });
        if (before.version !== body.version) throw appError('ERR_STALE');
        assertWorkflowStatus(e, body, before);
        const values = writableValues(e, body);
        await fillFromReferences(tx, this.reg, e, values, ctx.user.compcode, before);
        // personal fields the writer cannot see (read as null) are not overwritten
        if (!(await this.personalVisible(tx, e, ctx.ability, ctx.user, before[e.key] as string | number))) for (const f of e.fields) if (f.personal) delete values[f.name];
        assertUpdatable(e, before, values);
        const k = before[e.key] as string | number;
        if (e.parent) {
          const parent = await lockedParent(tx, this.reg, e, before[e.parent.foreignKey]);
          if (parent) assertLinesChangeable(parent.e, parent.row, e, { inserted: 0, deleted: 0, updated: [{ before, values }] }, { direct: true });
          // a line is not moved to another document
          if (values[e.parent.foreignKey] !== undefined && String(values[e.parent.foreignKey]) !== String(before[e.parent.foreignKey])) {
            throw appError('ERR_VALIDATION', { errors: [{ path: `/${e.parent.foreignKey}`, message: 'cannot be changed' }] });
          }
        }
        await this.plugins.run('beforeUpdate', e.name, this.hook(tx, ctx.user, values, before));
        await checkReferences(tx, this.reg, e, values, ctx.user.compcode);
        await versionedUpdate(tx, e, k, values, { user: ctx.user, before, audit: false });
        const lineChanges: Record<string, unknown> = {};
        for (const c of e.children) {
          const lines = body[c.name];
          if (!Array.isArray(lines)) continue;
          lineChanges[c.name] = await replaceLines(this, tx, ctx, { e, row: before }, c.entity, c.foreignKey, k, lines as Row[]);
        }
        let after = await this.get<string>({ db: tx, ability: ctx.ability, reader: ctx.user }, entity, k);
        if (this.plugins.has('afterUpdate', e.name)) {
          await this.plugins.run('afterUpdate', e.name, this.hook(tx, ctx.user, after, before));
          // the answer carries what the hooks set (server fields, version)
          after = await this.get({ db: tx, ability: ctx.ability, reader: ctx.user }, entity, k);
        }
        await this.audit(tx, ctx.user, e, k, 'update', {
          changes: fieldChanges(e, before, Object.fromEntries(e.fields.filter((f) => !f.hidden).map((f) => [f.name, after[f.name]]))),
          ...(Object.keys(lineChanges).length ? { lines: lineChanges } : {}),
        });
        return after as RowOf<E>;
      });
    } catch (err) {
      throw mapDbError(err);
    }
  }


  async remove(ctx: WriteContext, entity: string, key: unknown): Promise<void> {
    const e = this.reg.entity(entity);
    if (e.system || e.view) throw appError('ERR_FORBIDDEN');
    if (!ctx.ability.can('delete', e.name)) throw appError('ERR_FORBIDDEN');
    try {
      await inTransaction(ctx.db, async (tx) => {
        const before = await this.get({ db: tx, ability: ctx.ability, reader: ctx.user }, entity, key, { action: 'delete', lock: true });
        assertWritable(e, before, 'delete');
        const k = before[e.key] as string | number;
        if (e.parent) {
          const parent = await lockedParent(tx, this.reg, e, before[e.parent.foreignKey]);
          if (parent) assertLinesChangeable(parent.e, parent.row, e, { inserted: 0, deleted: 1, updated: [] });
        }
        // a locked document says so (ERR_LOCKED); an open one that is an airworthiness record is kept (decision 0313)
        assertDeletable(e);
        await refuseOpenWorkflow(tx, this.reg, e, k);
        await this.plugins.run('beforeDelete', e.name, this.hook(tx, ctx.user, before));
        for (const c of e.children) await loose(tx).deleteFrom(this.reg.entity(c.entity).table).where(c.foreignKey, '=', k).execute();
        await loose(tx).deleteFrom(e.table).where(e.key, '=', k).execute();
        await this.audit(tx, ctx.user, e, k, 'delete', { before });
      });
    } catch (err) {
      throw mapDbError(err);
    }
  }


  /**
   * The one write of server-set fields (posting flags, workflow status, progress, outstanding
   * quantities) by engine and plugin code, inside the caller's transaction: version + 1, audit
   * row with the reason. Changing a field a user types is still subject to the lifecycle; the
   * server-set (readOnly) fields are the lifecycle's own state and always writable here.
   * No access check: the caller (an action) has checked it.
   */
  async patch(tx: DB, user: UserRef | null, entity: string, key: string | number, values: Row, opts: { reason: string; expectVersion?: number; before?: Row; auditInto?: AuditRow[] }): Promise<Row> {
    const e = this.reg.entity(entity);
    for (const k of Object.keys(values)) {
      if (!e.fields.some((f) => f.name === k)) throw new Error(`patch: ${e.name} has no field ${k}`);
    }
    const before = opts.before ?? ((await loose(tx).selectFrom(e.table).selectAll().where(e.key, '=', key).forUpdate().executeTakeFirst()) as Row | undefined);
    if (!before) throw appError('ERR_NOT_FOUND');
    if (user?.compcode && e.companyScoped && !scopedByKey(e) && before.compcode !== user.compcode) throw appError('ERR_NOT_FOUND');
    assertUpdatable(e, before, values);
    if (e.parent) {
      const parent = await lockedParent(tx, this.reg, e, before[e.parent.foreignKey]);
      if (parent) assertLinesChangeable(parent.e, parent.row, e, { inserted: 0, deleted: 0, updated: [{ before, values }] });
    }
    await versionedUpdate(tx, e, key, values, { user, before, reason: opts.reason, expectVersion: opts.expectVersion, auditInto: opts.auditInto });
    return { ...before, ...values };
  }

  /**
   * `patch` of many rows of one entity changing the same fields, each read by the caller under a
   * row lock (`before`): the same checks per row (company, lifecycle, the parent document's lines),
   * written in one statement with one audit insert (`versionedUpdateMany`). Rows with other
   * fields go through `patch` one by one.
   */
  async patchMany(tx: DB, user: UserRef | null, entity: string, rows: VersionedRow[], opts: { reason: string }): Promise<void> {
    if (rows.length === 0) return;
    const e = this.reg.entity(entity);
    const cols = Object.keys(rows[0].values).sort().join();
    const same = rows.filter((r) => Object.keys(r.values).sort().join() === cols);
    for (const r of rows) if (!same.includes(r)) await this.patch(tx, user, entity, r.key, r.values, { reason: opts.reason, before: r.before });
    const types: Record<string, string> = {};
    for (const k of Object.keys(rows[0].values)) {
      const f = e.fields.find((x) => x.name === k);
      if (!f) throw new Error(`patchMany: ${e.name} has no field ${k}`);
      types[k] = columnType(f, this.reg);
    }
    const parents = new Map<string, VersionedRow[]>();
    for (const r of same) {
      if (user?.compcode && e.companyScoped && !scopedByKey(e) && r.before.compcode !== user.compcode) throw appError('ERR_NOT_FOUND');
      assertUpdatable(e, r.before, r.values);
      if (e.parent) {
        const pk = String(r.before[e.parent.foreignKey] ?? '');
        parents.set(pk, [...(parents.get(pk) ?? []), r]);
      }
    }
    if (e.parent) {
      for (const [pk, group] of parents) {
        if (!pk) continue;
        const parent = await lockedParent(tx, this.reg, e, group[0].before[e.parent.foreignKey]);
        if (parent) assertLinesChangeable(parent.e, parent.row, e, { inserted: 0, deleted: 0, updated: group.map((g) => ({ before: g.before, values: g.values })) });
      }
    }
    await versionedUpdateMany(tx, e, types, same, { user, reason: opts.reason });
  }

  /** Whether the stored row's lifecycle refuses this kind of write (for actions that check first). */
  refusal(entity: string, row: Row, kind: 'update' | 'delete' | 'lines') {
    const e = this.reg.entity(entity);
    const rule = refusingRule(e, row, kind);
    return rule ? lockedError(e, rule, row, kind) : undefined;
  }

  async audit(tx: DB, user: UserRef | null, e: EntityDef, key: string | number, action: 'insert' | 'update' | 'delete' | 'action', changes: unknown): Promise<void> {
    await writeAudit(tx, user, e, key, action, changes);
  }
}
