import type { ScreenColumn, ScreenEntity, ScreenMeta } from '../api/types';

export function humanize(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function entityLabel(entity: ScreenEntity | undefined, field: string): string | undefined {
  return entity?.fields?.find((f) => f.name === field)?.label;
}

/** Columns of a list screen; plain strings name a field. */
export function screenColumns(screen: ScreenMeta): ScreenColumn[] {
  return (screen.columns ?? []).map((c) => {
    const col: ScreenColumn = typeof c === 'string' ? { field: c } : c;
    return { ...col, label: col.label ?? entityLabel(screen.entity, col.field) ?? humanize(col.field) };
  });
}

/**
 * The fields that hold a list's document state: those its lifecycle rules test (`when`), and an
 * enum field named `status` or `…_status`. A wide list keeps them in view (issue 37 point 2).
 */
export function stateFieldsOf(screen: ScreenMeta): Set<string> {
  const out = new Set<string>();
  for (const rule of screen.entity?.lifecycle ?? []) for (const f of Object.keys(rule.when ?? {})) out.add(f);
  for (const f of screen.entity?.fields ?? []) if (f.type === 'enum' && /(^|_)status$/.test(f.name)) out.add(f.name);
  return out;
}
