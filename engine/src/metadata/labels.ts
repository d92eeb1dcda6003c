/** Labels metadata leaves out: a name in title case; a column's or filter's from its field, through a reference. */
import type { EntityDef, Registry } from './registry.ts';

/** `work_order` → 'Work Order'. */
export function titleCase(name: string): string {
  return name
    .replace(/[_-]+/g, ' ')
    .replace(/\b\w/g, (c) => c.toUpperCase())
    .trim();
}

const STANDARD_LABELS: Record<string, string> = {
  compcode: 'Company',
  created_at: 'Created @',
  created_by: 'Created By',
  updated_at: 'Updated @',
  updated_by: 'Updated By',
  version: 'Version',
};

/** The label of `field` or `ref.field` (the target field's label through a reference). */
export function labelOf(reg: Registry, entity: EntityDef, path: string): string {
  const [head, tail] = path.split('.');
  const f = entity.fields.find((x) => x.name === head);
  if (tail && f?.entity) {
    const target = reg.entities.get(f.entity);
    const tf = target?.fields.find((x) => x.name === tail);
    return tf ? `${f.label}${tail === target?.display ? '' : ` ${tf.label}`}` : titleCase(tail);
  }
  return f?.label ?? STANDARD_LABELS[head] ?? titleCase(head);
}

/** The registry last built (loadMetadata/buildRegistry): enum labels are the same in every registry of one metadata. */
let known: Registry | undefined;
export function rememberRegistry(reg: Registry): void {
  known = reg;
}

/**
 * The label of an enum field's value, as a reader sees it: `enumLabel('amo_work_order', 'status', 'INWORK')`
 * → 'In work'. The code itself when the field or value is unknown (never an empty text for a value).
 * Refusals and answers name states through this, not by their codes (issue 37 point 6, decision 0284).
 */
export function enumLabel(entity: string | EntityDef, field: string, code: unknown, reg: Registry | undefined = known): string {
  if (code === null || code === undefined || code === '') return '';
  const e = typeof entity === 'string' ? reg?.entities.get(entity) : entity;
  const f = e?.fields.find((x) => x.name === field);
  return f?.values?.find((x) => String(x.code) === String(code))?.label ?? String(code);
}

/** A state inside a sentence ("is in work"): the label with its first letter small, unless it starts with an abbreviation ("CRS issued"). */
export function stateWords(entity: string | EntityDef, field: string, code: unknown, reg?: Registry): string {
  const label = enumLabel(entity, field, code, reg ?? known);
  return /^[A-Z][A-Z0-9]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}
