/**
 * The history of one record (issue 23 point 2): who did what to it and when, newest first.
 *
 *   1. the record is read through the repository with the caller's ability, so whoever cannot
 *      read it gets 404 and sees nothing of its history (the same access as the record);
 *   2. the audit trail (sys_audit, written by the repository and the versioned write): created,
 *      changed (each field from what to what, with its label; enum codes as their labels,
 *      references as their target's display field; line counts, then each changed field of each
 *      line, issue 37 point 7), deleted, and the actions with the fields they set;
 *   3. the workflow: when it was sent, and every step acted on (approved, rejected…) with the
 *      comment, from wf_task / wf_assignment of this record;
 *   4. postings: the rows of every ledger that names its source document (an entity with
 *      `source` and `source_key` fields, e.g. stock_ledger) written for this record, one event
 *      per posting with its rows;
 *   then filtered by user (username) and by date (from/to, inclusive, the event's UTC date).
 *
 *   const events = await recordHistory({ db, reg, repo, ability, reader }, 'material_request', 12, { user: 'admin' });
 */
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import type { AppAbility } from '../access/ability.ts';
import type { EntityDef, FieldDef, Registry } from '../metadata/registry.ts';
import type { Repository } from './repository.ts';
import type { Reader } from '../access/personal.ts';
import { appError } from '../errors.ts';
import { isDate } from '../values/dates.ts';

export interface HistoryChange {
  field: string;
  label: string;
  from: unknown;
  to: unknown;
}

export interface HistoryEvent {
  /** ISO instant. */
  at: string;
  username: string;
  kind: 'created' | 'changed' | 'deleted' | 'action' | 'workflow' | 'posting';
  /** What happened, in a few words ("Changed", "post_inventory_receipt", "APPROVED (step 1)", "Posted to Stock Ledger"). */
  title: string;
  /** A comment (workflow) or what the posting wrote. */
  note?: string;
  changes: HistoryChange[];
}

export interface HistoryFilter {
  user?: string;
  from?: string;
  to?: string;
}

export interface HistoryContext {
  db: DB;
  reg: Registry;
  repo: Repository;
  ability: AppAbility;
  reader?: Reader;
}

/** A value as a person reads it: an enum's label instead of its code (references: `resolveReferences`). */
function shown(f: FieldDef | undefined, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (f?.type === 'enum') return f.values?.find((x) => x.code === v)?.label ?? v;
  return v;
}

/** A change while the history is read: a reference's target, so its keys become labels before the answer. */
type Pending = HistoryChange & { ref?: string };

/** Fields the reader does not see in the record: hidden ones, and personal ones it may not read. */
type Unseen = (field: string) => boolean;

function changesOf(e: EntityDef, pairs: Record<string, [unknown, unknown]> | undefined, unseen: Unseen, prefix = ''): Pending[] {
  return Object.entries(pairs ?? {}).filter(([field]) => !unseen(field)).map(([field, [from, to]]) => {
    const f = e.fields.find((x) => x.name === field);
    const change: Pending = { field: prefix ? `${prefix}.${field}` : field, label: `${prefix ? `${prefix} — ` : ''}${f?.label ?? field}`, from: shown(f, from), to: shown(f, to) };
    if (f?.type === 'reference' && f.entity) change.ref = f.entity;
    return change;
  });
}

interface LineAudit {
  inserted?: number;
  updated?: number;
  deleted?: number;
  /** Each changed line with its fields (written since issue 37 point 7; older rows carry counts only). */
  changed?: { key: unknown; line: unknown; changes: Record<string, [unknown, unknown]> }[];
}

/**
 * Line counts of an update (`lines: { child: { inserted, updated, deleted, changed } }`) as changes:
 * the count ("Tasks — 2 changed"), then each changed field of each line ("Tasks 2 — Status",
 * old -> new), hidden fields of the line left out.
 */
function lineChanges(reg: Registry, e: EntityDef, lines: Record<string, LineAudit> | undefined): Pending[] {
  return Object.entries(lines ?? {}).flatMap(([name, c]) => {
    const child = e.children.find((x) => x.name === name);
    const title = child?.title ?? name;
    const parts = [c.inserted ? `${c.inserted} added` : '', c.updated ? `${c.updated} changed` : '', c.deleted ? `${c.deleted} removed` : ''].filter(Boolean);
    const summary: Pending[] = parts.length ? [{ field: name, label: title, from: null, to: parts.join(', ') }] : [];
    const ce = child && reg.entities.has(child.entity) ? reg.entity(child.entity) : undefined;
    if (!ce) return summary;
    const hiddenLine: Unseen = (field) => Boolean(ce.fields.find((x) => x.name === field)?.hidden);
    const fields = (c.changed ?? []).flatMap((l) => changesOf(ce, l.changes, hiddenLine, `${title} ${String(l.line)}`));
    return [...summary, ...fields];
  });
}

/**
 * References shown by their target's display field ("Aircraft — PK-GFA", not "5"): one read per
 * target entity of every key the changes name; a key whose row is gone stays as it was.
 */
async function resolveReferences(db: DB, reg: Registry, changes: Pending[]): Promise<void> {
  const wanted = new Map<string, Set<string | number>>();
  for (const c of changes) {
    if (!c.ref) continue;
    for (const v of [c.from, c.to]) if (typeof v === 'number' || (typeof v === 'string' && v !== '')) wanted.set(c.ref, (wanted.get(c.ref) ?? new Set()).add(v));
  }
  const labels = new Map<string, Map<string, string>>();
  for (const [entity, keys] of wanted) {
    const target = reg.entities.has(entity) ? reg.entity(entity) : undefined;
    if (!target?.display || target.display === target.key) continue;
    const list = [...keys].filter((k) => target.keyType !== 'serial' || /^\d+$/.test(String(k))).map((k) => (target.keyType === 'serial' ? Number(k) : String(k)));
    if (!list.length) continue;
    const rows = (await loose(db).selectFrom(target.table).select([target.key, target.display]).where(target.key, 'in', list).execute()) as Record<string, unknown>[];
    labels.set(entity, new Map(rows.map((r) => [String(r[target.key]), String(r[target.display!] ?? r[target.key])])));
  }
  for (const c of changes) {
    const m = c.ref ? labels.get(c.ref) : undefined;
    if (m) {
      if (c.from !== null && m.has(String(c.from))) c.from = m.get(String(c.from));
      if (c.to !== null && m.has(String(c.to))) c.to = m.get(String(c.to));
    }
    delete c.ref;
  }
}

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v ?? ''));

function auditEvent(reg: Registry, e: EntityDef, a: { created_at: unknown; username: string | null; action: string; changes: string | null }, unseen: Unseen): HistoryEvent {
  let c: Record<string, unknown> = {};
  try {
    c = JSON.parse(a.changes ?? '{}') as Record<string, unknown>;
  } catch {
    /* an unreadable row shows without details */
  }
  const base = { at: iso(a.created_at), username: a.username ?? 'system' };
  switch (a.action) {
    case 'insert': {
      const after = (c.after ?? {}) as Record<string, unknown>;
      const changes = e.fields.filter((f) => !unseen(f.name) && after[f.name] !== null && after[f.name] !== undefined && after[f.name] !== '').map((f): Pending => ({ field: f.name, label: f.label, from: null, to: shown(f, after[f.name]), ...(f.type === 'reference' && f.entity ? { ref: f.entity } : {}) }));
      return { ...base, kind: 'created', title: 'Created', changes };
    }
    case 'delete':
      return { ...base, kind: 'deleted', title: 'Deleted', changes: [] };
    case 'update':
      return { ...base, kind: 'changed', title: 'Changed', changes: [...changesOf(e, c.changes as Record<string, [unknown, unknown]>, unseen), ...lineChanges(reg, e, c.lines as never)] };
    default:
      return { ...base, kind: 'action', title: String(c.action ?? 'Action'), changes: changesOf(e, c.changes as Record<string, [unknown, unknown]>, unseen) };
  }
}

/** Entities that record the document that wrote each of their rows (`source` + `source_key`). */
function postingLedgers(reg: Registry): EntityDef[] {
  return [...reg.entities.values()].filter((l) => l.fields.some((f) => f.name === 'source') && l.fields.some((f) => f.name === 'source_key') && !l.view);
}

export async function recordHistory(ctx: HistoryContext, entity: string, key: string | number, filter: HistoryFilter = {}): Promise<HistoryEvent[]> {
  const e = ctx.reg.entity(entity);
  for (const [name, v] of [['from', filter.from], ['to', filter.to]] as const) {
    if (v && !isDate(v)) throw appError('ERR_VALIDATION', { errors: [{ path: `/${name}`, message: 'must be a date (YYYY-MM-DD)' }] });
  }
  // 1. the record as the caller may read it (404 otherwise)
  const row = await ctx.repo.get({ db: ctx.db, ability: ctx.ability, reader: ctx.reader }, e.name, key);
  const recordKey = String(row[e.key]);
  const compcode = e.companyScoped ? (row.compcode as string | undefined) : undefined;
  const events: HistoryEvent[] = [];

  // 2. the audit trail
  const audit = await ctx.db
    .selectFrom('sys_audit')
    .select(['created_at', 'username', 'action', 'changes'])
    .where('entity', '=', e.name)
    .where('record_key', '=', recordKey)
    .orderBy('id')
    .execute();
  // the same fields as the record: personal ones only to whoever reads them there (access/personal.ts)
  const personalShown = ctx.reader ? await ctx.repo.personalVisible(ctx.db, e, ctx.ability, ctx.reader, row[e.key] as string | number) : !e.fields.some((f) => f.personal);
  const unseen: Unseen = (name) => {
    const f = e.fields.find((x) => x.name === name);
    return Boolean(f?.hidden || (f?.personal && !personalShown));
  };
  for (const a of audit) events.push(auditEvent(ctx.reg, e, a as never, unseen));

  // 3. the workflow
  let tasks = ctx.db.selectFrom('wf_task as t').innerJoin('users as u', 'u.user_id', 't.createdby').select(['t.taskkey', 't.createdon', 't.taskname', 'u.username']).where('t.entity_name', '=', e.name).where('t.record_key', '=', recordKey);
  if (compcode) tasks = tasks.where('t.compcode', '=', compcode);
  const sent = await tasks.execute();
  for (const t of sent) events.push({ at: iso(t.createdon), username: String(t.username), kind: 'workflow', title: 'Sent to workflow', note: String(t.taskname ?? ''), changes: [] });
  if (sent.length) {
    const acted = await ctx.db
      .selectFrom('wf_assignment as a')
      .leftJoin('users as b', 'b.user_id', 'a.action_by')
      .innerJoin('users as u', 'u.user_id', 'a.assignee')
      .select(['a.actiontake', 'a.step_seq', 'a.completeddate', 'a.message', 'b.username as actor', 'u.username as assignee'])
      .where('a.taskkey', 'in', sent.map((t) => t.taskkey as number))
      .where('a.completeddate', 'is not', null)
      .where('a.actiontake', 'is not', null)
      .execute();
    for (const a of acted) {
      events.push({ at: iso(a.completeddate), username: String(a.actor ?? a.assignee), kind: 'workflow', title: `${String(a.actiontake)} (step ${String(a.step_seq)})`, ...(a.message ? { note: String(a.message) } : {}), changes: [] });
    }
  }

  // 4. postings: one event per ledger and moment written
  for (const l of postingLedgers(ctx.reg)) {
    if (e.keyType !== 'serial') continue;
    let q = loose(ctx.db).selectFrom(`${l.table} as g`).selectAll('g').where('g.source', '=', e.name).where('g.source_key', '=', Number(recordKey));
    if (compcode && l.companyScoped) q = q.where('g.compcode', '=', compcode);
    const rows = (await q.orderBy(`g.${l.key}`).execute()) as Record<string, unknown>[];
    const groups = new Map<string, Record<string, unknown>[]>();
    for (const r of rows) {
      const at = iso(r.created_at);
      groups.set(at, [...(groups.get(at) ?? []), r]);
    }
    const shownFields = l.fields.filter((f) => !f.hidden && !['source', 'source_key', 'source_line'].includes(f.name)).slice(0, 6);
    for (const [at, rs] of groups) {
      events.push({
        at,
        username: String(rs[0].created_by ?? 'system'),
        kind: 'posting',
        title: `Posted to ${l.title ?? l.name}`,
        note: `${rs.length} ${rs.length === 1 ? 'row' : 'rows'}`,
        changes: rs.map((r, i) => ({ field: `${l.name}#${i + 1}`, label: `${l.title ?? l.name} ${i + 1}`, from: null, to: shownFields.map((f) => `${f.label}: ${String(shown(f, r[f.name]) ?? '')}`).join(', ') })),
      });
    }
  }

  await resolveReferences(ctx.db, ctx.reg, events.flatMap((ev) => ev.changes as Pending[]));
  const user = filter.user?.trim().toLowerCase();
  return events
    .filter((ev) => (!user || ev.username.toLowerCase() === user) && (!filter.from || ev.at.slice(0, 10) >= filter.from) && (!filter.to || ev.at.slice(0, 10) <= filter.to))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
