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
