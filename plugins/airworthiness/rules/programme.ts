/**
 * Maintenance programme revisions (decision 0380): which aircraft a task applies to, what a revision
 * changes against the programme it replaces, and how many due items an activation moved. Pure
 * functions; the activation (programme-revision.ts) reads and writes.
 */

type Row = Record<string, unknown>;

/** The words of "Applies To" that mean every aircraft of the type. */
const EVERY = new Set(['', 'ALL']);

/** The MSNs or registrations of an applicability text ("1388, 1412" or "PK-WFA PK-WFB"), upper case. */
export function applicabilityList(text: unknown): string[] {
  if (text === null || text === undefined) return [];
  return String(text)
    .split(/[,;\s]+/)
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s.length > 0);
}

/** A task applies to an aircraft when its applicability is empty (or ALL) or names its MSN or registration. */
export function appliesTo(text: unknown, ac: { msn?: unknown; registration?: unknown }): boolean {
  const list = applicabilityList(text);
  if (list.every((s) => EVERY.has(s))) return true;
  const own = [ac.msn, ac.registration].filter((v) => v !== null && v !== undefined).map((v) => String(v).trim().toUpperCase());
  return list.some((s) => own.includes(s));
}

/** One value as compared: empty text and null are the same; numbers (decimals arrive as text) by value. */
function norm(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  const s = String(v).trim();
  if (s === '') return null;
  if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
  return s;
}

export const sameValue = (a: unknown, b: unknown): boolean => norm(a) === norm(b);

export interface TaskChange<T extends Row> {
  task_code: string;
  before: T;
  after: T;
  /** The fields whose value differs, in the order given. */
  fields: string[];
}

export interface TaskChanges<T extends Row> {
  added: T[];
  changed: TaskChange<T>[];
  deleted: T[];
}

/**
 * The tasks of `after` against those of `before`, matched by task code (upper case, trimmed): a
 * code only in `after` is added, only in `before` deleted, in both with a field of another value
 * changed (the fields compared are `fields`). Each list in task code order.
 */
export function taskChanges<T extends Row>(before: T[], after: T[], fields: readonly string[]): TaskChanges<T> {
  const code = (t: Row) => String(t.task_code ?? '').trim().toUpperCase();
  const old = new Map(before.map((t) => [code(t), t]));
  const now = new Map(after.map((t) => [code(t), t]));
  const byCode = (a: Row, b: Row) => code(a).localeCompare(code(b));
  const added = after.filter((t) => !old.has(code(t))).sort(byCode);
  const deleted = before.filter((t) => !now.has(code(t))).sort(byCode);
  const changed: TaskChange<T>[] = [];
  for (const t of [...after].sort(byCode)) {
    const b = old.get(code(t));
    if (!b) continue;
    const diff = fields.filter((f) => !sameValue(b[f], t[f]));
    if (diff.length) changed.push({ task_code: code(t), before: b, after: t, fields: diff });
  }
  return { added, changed, deleted };
}

/**
 * The aircraft an activation computes again: those a task added, changed or deleted applies to,
 * before or after the change (a task whose applicability narrows leaves the aircraft it no longer
 * applies to: their item goes). The others keep their due items as they are.
 */
export function affectedAircraft<A extends { id: number; msn?: unknown; registration?: unknown }>(changes: TaskChanges<Row>, fleet: A[]): A[] {
  const texts = [
    ...changes.added.map((t) => t.applies_to),
    ...changes.deleted.map((t) => t.applies_to),
    ...changes.changed.flatMap((c) => [c.before.applies_to, c.after.applies_to]),
  ];
  if (texts.length === 0) return [];
  return fleet.filter((ac) => texts.some((text) => appliesTo(text, ac)));
}

/** The fields of a stored due row that say when it is due; a row whose fields all stay is unchanged. */
export const DUE_FIELDS = ['interval_h', 'interval_c', 'interval_days', 'due_h', 'due_c', 'due_l', 'due_r', 'due_date', 'hard_date', 'tol_h', 'tol_c', 'tol_days', 'no_record'] as const;

/** Due items added, removed, or with a due field of another value, between two sets of an aircraft's stored due rows. */
export function changedDueItems(before: Row[], after: Row[]): number {
  const key = (r: Row) => String(r.due_key);
  const old = new Map(before.map((r) => [key(r), r]));
  const now = new Map(after.map((r) => [key(r), r]));
  let n = 0;
  for (const [k, r] of now) {
    const b = old.get(k);
    if (!b || DUE_FIELDS.some((f) => !sameDue(b[f], r[f]))) n++;
  }
  for (const k of old.keys()) if (!now.has(k)) n++;
  return n;
}

function sameDue(a: unknown, b: unknown): boolean {
  const d = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v);
  return sameValue(d(a), d(b));
}
