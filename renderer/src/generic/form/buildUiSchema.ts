import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { DataRow, ScreenMeta } from '../../api/types';
import { isAttachment, referenceOf } from './schemaTypes';
import { refusingRule } from '../../../../engine/src/crud/lifecycle-rules';

type Conditions = Record<string, string | number | boolean | null | (string | number)[]>;

function truthy(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === 'true';
}

/** Equality conditions (`readOnlyWhen`, `visibleWhen`; a list: one of its values) against a record; all must hold. */
export function conditionsHold(conditions: Conditions | undefined, record: DataRow): boolean {
  if (!conditions || typeof conditions !== 'object') return false;
  const entries = Object.entries(conditions);
  if (entries.length === 0) return false;
  return entries.every(([k, expected]) => {
    const actual = record[k];
    if (typeof expected === 'boolean') return truthy(actual) === expected;
    if (expected === null) return actual === null || actual === undefined || actual === '';
    if (Array.isArray(expected)) return actual !== null && actual !== undefined && expected.some((x) => String(actual) === String(x));
    return actual !== null && actual !== undefined && String(actual) === String(expected);
  });
}

type Options = Record<string, string | number | boolean | object | null | undefined>;

function optionsOf(entry: UiSchema): Options {
  const o = entry['ui:options'];
  return o && typeof o === 'object' ? { ...(o as Options) } : {};
}

/**
 * The uiSchema a generic form renders with: the server's, plus lookup and attachment widgets for
 * references and attachments, field widths from the sections, `readOnlyWhen` rules evaluated on
 * the loaded record (a new record has none to match), and the line tables.
 */
export function buildUiSchema(screen: ScreenMeta, schema: RJSFSchema, record: DataRow | null): UiSchema {
  const life = lifecycleOf(screen, record);
  const base = (screen.uiSchema ?? {}) as UiSchema;
  const ui: UiSchema = { ...base };
  const entity = screen.entity?.name ?? '';
  const props = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  const widths = new Map<string, number>();
  for (const s of screen.sections ?? []) for (const f of s.fields ?? []) if (typeof f.width === 'number') widths.set(f.field, f.width);

  for (const [name, prop] of Object.entries(props)) {
    const entry: UiSchema = { ...(base[name] as UiSchema | undefined) };
    const widget = entry['ui:widget'];
    const options = optionsOf(entry);
    if (widget !== 'hidden') {
      if (referenceOf(prop) && (widget === undefined || widget === 'lookup' || widget === 'select')) {
        entry['ui:widget'] = 'lookup';
        options.lookupEntity = entity;
        options.lookupField = name;
      } else if (isAttachment(prop) && (widget === undefined || widget === 'attachment')) {
        entry['ui:widget'] = 'attachment';
        options.attachmentEntity = entity;
        options.attachmentField = name;
      }
      if (widths.has(name)) options.width = widths.get(name);
      if (record && conditionsHold(options.readOnlyWhen as Conditions | undefined, record)) entry['ui:readonly'] = true;
      if (life.update && !(life.update.except ?? []).includes(name)) entry['ui:readonly'] = true;
    }
    if (Object.keys(options).length) entry['ui:options'] = options;
    ui[name] = entry;
  }

  for (const line of screen.lines ?? []) {
    const child = screen.entity?.children?.find((c) => c.name === line.child);
    const entry: UiSchema = { ...(base[line.child] as UiSchema | undefined) };
    entry['ui:field'] = 'lines';
    entry['ui:options'] = {
      ...optionsOf(entry),
      columns: line.columns,
      title: line.title ?? child?.title,
      childEntity: child?.entity ?? '',
      ...(life.lines ? { frozen: { editable: life.lines.exceptLines ?? [] } } : {}),
    };
    ui[line.child] = entry;
  }
  return ui;
}

/**
 * What the entity's lifecycle (the rule the server enforces) freezes on the loaded record: the
 * rules refusing updates, deletion and line changes. A new record has none.
 */
export function lifecycleOf(screen: ScreenMeta, record: DataRow | null) {
  const entity = screen.entity ?? {};
  return {
    update: record ? refusingRule(entity, record, 'update') : undefined,
    delete: record ? refusingRule(entity, record, 'delete') : undefined,
    lines: record ? refusingRule(entity, record, 'lines') : undefined,
  };
}

/**
 * The state that freezes the loaded record, as "field label: value label" (e.g. "Posting: Posted",
 * "Transfer Out: Posted", "Approval Status: APPROVED"): the first lifecycle rule refusing updates
 * or line changes that holds. Null when nothing is frozen.
 */
export function stateOf(screen: ScreenMeta, record: DataRow | null): string | null {
  const life = lifecycleOf(screen, record);
  const rule = life.update ?? life.lines;
  if (!rule || !record) return null;
  const [field] = Object.keys(rule.when);
  const f = screen.entity?.fields?.find((x) => x.name === field);
  const value = record[field];
  const label = f?.values?.find((v) => String(v.code) === String(value))?.label ?? String(value);
  return `${f?.label ?? field}: ${label}`;
}

/**
 * Whether the whole form is read only: by the form's `readOnlyWhen`, or because the lifecycle
 * freezes every field and every line of the loaded record.
 */
export function formLocked(screen: ScreenMeta, record: DataRow | null): boolean {
  if (!record) return false;
  if (conditionsHold(screen.readOnlyWhen, record)) return true;
  const life = lifecycleOf(screen, record);
  const headerFrozen = Boolean(life.update) && !(life.update?.except ?? []).length;
  const linesFrozen = !(screen.lines ?? []).length || (Boolean(life.lines) && !(life.lines?.exceptLines ?? []).length);
  return headerFrozen && linesFrozen;
}

/** Whether the lifecycle lets the loaded record be deleted. */
export function deletable(screen: ScreenMeta, record: DataRow | null): boolean {
  return !lifecycleOf(screen, record).delete;
}
