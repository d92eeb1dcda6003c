/**
 * Document lifecycle: when a document may no longer be updated, deleted or have its lines changed
 * (entity metadata `lifecycle`, docs/metadata.md). The repository checks these rules on every write
 * (generic data calls, the spec's calls and plugin actions all write through it); the renderer
 * reads the same rules to hide Save and Delete.
 *
 *   lifecycle:
 *     - when: { statuswf: ['100', '111'] }
 *       refuse: [update, delete, lines]
 *
 *   assertWritable(reg, e, storedRow, 'delete');          // throws 409 ERR_LOCKED
 *   lockedFields(e, storedRow, 'update')                 // { rule, writable: Set(['remark']) } | null
 */
import { appError } from '../errors.ts';
import type { LifecycleRule } from '../metadata/types.gen.ts';
import type { EntityDef, FieldDef } from '../metadata/registry.ts';
import { enumLabel } from '../metadata/labels.ts';
import { refusingRule as sharedRefusingRule, type WriteKind } from './lifecycle-rules.ts';

type Row = Record<string, unknown>;

/** The first rule that refuses this kind of write on the stored row, if any. */
export function refusingRule(e: EntityDef, row: Row, kind: WriteKind): LifecycleRule | undefined {
  return sharedRefusingRule(e, row, kind);
}

function stateLabel(e: EntityDef, rule: LifecycleRule, row: Row): string {
  const [field] = Object.keys(rule.when);
  const f = e.fields.find((x) => x.name === field);
  const v = row[field];
  if (f?.values?.some((x) => String(x.code) === String(v))) return enumLabel(e, field, v);
  return `${f?.label ?? field} ${String(v)}`;
}

/** "Material Request MR-2026-00012 is APPROVED: it can no longer be changed." */
function lifecycleMessage(e: EntityDef, rule: LifecycleRule, row: Row, kind: WriteKind): string {
  if (rule.message) return rule.message;
  const numberField = e.numbering?.field ?? e.display;
  const number = numberField && row[numberField] ? ` ${String(row[numberField])}` : '';
  const what = kind === 'delete' ? 'it can no longer be deleted' : kind === 'lines' ? 'its lines can no longer be changed' : 'it can no longer be changed';
  return `${e.title}${number} is ${stateLabel(e, rule, row)}: ${what}.`;
}

export function lockedError(e: EntityDef, rule: LifecycleRule, row: Row, kind: WriteKind) {
  return appError('ERR_LOCKED', { message: lifecycleMessage(e, rule, row, kind), extra: { kind } });
}

/** Throws 409 ERR_LOCKED when a rule refuses this kind of write on the stored row. */
export function assertWritable(e: EntityDef, row: Row, kind: WriteKind): void {
  const rule = refusingRule(e, row, kind);
  if (rule) throw lockedError(e, rule, row, kind);
}

/** Two stored/submitted values of a field are the same (numbers as numbers, instants as instants). */
export function sameValue(f: FieldDef | undefined, a: unknown, b: unknown): boolean {
  const na = a === undefined || a === '' ? null : a;
  const nb = b === undefined || b === '' ? null : b;
  if (na === null || nb === null) return na === nb;
  switch (f?.type) {
    case 'integer':
    case 'decimal':
      return Number(na) === Number(nb);
    case 'datetime':
      return Date.parse(String(na)) === Date.parse(String(nb));
    case 'date':
      return String(na).slice(0, 10) === String(nb).slice(0, 10);
    case 'boolean':
      return Boolean(na) === Boolean(nb);
    case 'reference':
    case 'enum':
      return String(na) === String(nb);
    default:
      return typeof na === 'object' || typeof nb === 'object' ? JSON.stringify(na) === JSON.stringify(nb) : String(na) === String(nb);
  }
}

/** Fields of `values` whose value differs from the stored row. */
function changedFields(e: EntityDef, before: Row, values: Row): string[] {
  return Object.keys(values).filter((k) => !sameValue(e.fields.find((f) => f.name === k), before[k], values[k]));
}

/**
 * Refuses an update of the stored row that changes a field a matching rule freezes (every field
 * but the rule's `except` list). Server-set fields (readOnly) are the lifecycle's own state and
 * are never frozen by it: only engine and plugin code writes them (repository.patch).
 */
export function assertUpdatable(e: EntityDef, before: Row, values: Row): void {
  const rule = refusingRule(e, before, 'update');
  if (!rule) return;
  const allowed = new Set(rule.except ?? []);
  const frozen = changedFields(e, before, values).filter((k) => !allowed.has(k) && !e.fields.find((f) => f.name === k)?.readOnly);
  if (frozen.length) throw lockedError(e, rule, before, 'update');
}

/**
 * Refuses changes to lines of a parent in a state whose rule refuses `lines`. `direct`: a line
 * written on its own through the generic path (`PUT /api/data/<line entity>/<key>`): refused
 * outright unless the rule opens some line fields (`exceptLines`), even when it changes nothing
 * (no version bump on a frozen document's line).
 */
export function assertLinesChangeable(parent: EntityDef, parentRow: Row, child: EntityDef, change: { inserted: number; deleted: number; updated: { before: Row; values: Row }[] }, opts: { direct?: boolean } = {}): void {
  const rule = refusingRule(parent, parentRow, 'lines');
  if (!rule) return;
  if (change.inserted > 0 || change.deleted > 0) throw lockedError(parent, rule, parentRow, 'lines');
  if (opts.direct && !rule.exceptLines?.length) throw lockedError(parent, rule, parentRow, 'lines');
  const allowed = new Set(rule.exceptLines ?? []);
  for (const u of change.updated) {
    const frozen = changedFields(child, u.before, u.values).filter((k) => !allowed.has(k) && !child.fields.find((f) => f.name === k)?.readOnly);
    if (frozen.length) throw lockedError(parent, rule, parentRow, 'lines');
  }
}
