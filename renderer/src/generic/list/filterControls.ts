import type { EntityField, EntityFieldValue, ScreenFilter, ScreenMeta } from '../../api/types';
import { humanize } from '../columns';

export type FilterKind = 'text' | 'number' | 'enum' | 'boolean' | 'date' | 'datetime' | 'reference';

/** How one metadata filter is edited: its input kind and the URL/query parameters it writes. */
export interface FilterControl {
  filter: ScreenFilter;
  kind: FilterKind;
  label: string;
  /** `param`, or `param_from` and `param_to` for `between`. */
  params: string[];
  values?: EntityFieldValue[];
  /** reference: the referenced entity. */
  target?: string;
  /** Debounced inputs (text and numbers) apply after a pause or on Enter; the others at once. */
  debounced: boolean;
}

function fieldOf(screen: ScreenMeta, name: string): EntityField | undefined {
  return screen.entity?.fields?.find((f) => f.name === name);
}

function kindOf(field: EntityField | undefined, filter: ScreenFilter): FilterKind {
  if (filter.op === 'contains' || filter.op === 'startswith' || filter.op === 'in') return 'text';
  if (!field) return filter.field.endsWith('_at') ? 'datetime' : 'text';
  switch (field.type) {
    case 'enum':
      return 'enum';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'integer':
    case 'decimal':
      return 'number';
    case 'reference':
      return 'reference';
    default:
      return 'text';
  }
}

/** The list's filters with what each needs to be edited. */
export function filterControls(screen: ScreenMeta): FilterControl[] {
  return (screen.filters ?? []).map((raw) => {
    const filter: ScreenFilter = { ...raw, op: raw.op ?? 'eq', param: raw.param || raw.field };
    const field = filter.field.includes('.') ? undefined : fieldOf(screen, filter.field);
    const kind = kindOf(field, filter);
    const label = filter.label || field?.label || humanize(filter.field);
    const params = filter.op === 'between' ? [`${filter.param}_from`, `${filter.param}_to`] : [filter.param];
    return {
      filter,
      kind,
      label,
      params,
      values: kind === 'enum' ? (field?.values ?? []) : undefined,
      target: kind === 'reference' ? field?.entity : undefined,
      debounced: kind === 'text' || kind === 'number',
    };
  });
}

/** Every URL/query parameter the filters write. */
export function filterParams(controls: FilterControl[]): string[] {
  return controls.flatMap((c) => c.params);
}

/**
 * The value sent for a filter parameter: a whole day for the upper bound of a date-time range
 * (the input gives a day; the column holds instants).
 */
export function queryValue(control: FilterControl, param: string, value: string): string {
  if (control.kind === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return param.endsWith('_to') ? `${value}T23:59:59.999` : `${value}T00:00:00`;
  }
  return value;
}
