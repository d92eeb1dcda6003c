import type { EntityDef, FieldDef, Registry } from '../registry.ts';

/** `field` or `ref.field` through a reference field; returns an error text or null. */
export function checkFieldPath(reg: Registry, entity: EntityDef, path: string): string | null {
  const parts = path.split('.');
  const std = [entity.key, 'compcode', 'created_at', 'created_by', 'updated_at', 'updated_by', 'version'];
  if (parts.length === 1) {
    return std.includes(path) || entity.fields.some((f) => f.name === path) ? null : `entity ${entity.name} has no field '${path}'`;
  }
  if (parts.length !== 2) return `'${path}' may go through one reference only`;
  const ref = entity.fields.find((f) => f.name === parts[0]);
  if (!ref || ref.type !== 'reference' || !ref.entity) return `'${parts[0]}' is not a reference field of entity ${entity.name}`;
  const target = reg.entities.get(ref.entity);
  if (!target) return null; // reported by the reference check
  return checkFieldPath(reg, target, parts[1]);
}

/** The field `field` or `ref.field` names (undefined for standard columns). */
export function fieldAt(reg: Registry, entity: EntityDef, path: string): FieldDef | undefined {
  const [head, tail] = path.split('.');
  const f = entity.fields.find((x) => x.name === head);
  if (!tail) return f;
  const target = f?.entity ? reg.entities.get(f.entity) : undefined;
  return target?.fields.find((x) => x.name === tail);
}

/**
 * The field a list column `ref.field` shows: the field, or, when it is itself a reference, its
 * target's display field (the list shows a reference's label, engine/src/query/resolve.ts).
 */
export function shownFieldAt(reg: Registry, entity: EntityDef, path: string): FieldDef | undefined {
  const f = fieldAt(reg, entity, path);
  if (!path.includes('.') || f?.type !== 'reference' || !f.entity) return f;
  const target = reg.entities.get(f.entity);
  const label = target?.display ? target.fields.find((x) => x.name === target.display) : undefined;
  return label && !label.hidden && !label.personal && label.type !== 'reference' ? label : f;
}
