/**
 * The pieces of master-detail lines (LinesField) that are plain logic: the field's options, a new
 * line's defaults from the child schema, and the errors of a line's cell or of the line itself
 * (those of fields not shown as a column, named by their field).
 */
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import type { DataRow, FormFieldMeta } from '../../api/types';
import { humanize } from '../columns';

export interface LinesOptions {
  columns?: FormFieldMeta[];
  title?: string;
  /** The child entity (lookups and uploads of line fields). */
  childEntity?: string;
  /**
   * The document's lifecycle freezes its lines (entity `lifecycle`, refuse `lines`): no line is
   * added or removed, and only these columns stay editable on existing lines.
   */
  frozen?: { editable: string[] };
}

let rowSeq = 0;
export const nextRowId = (): string => `line-${++rowSeq}`;

/** A new line: the child schema's defaults. */
export function newLine(items: RJSFSchema): DataRow {
  const row: DataRow = {};
  for (const [name, prop] of Object.entries(items.properties ?? {})) {
    if (typeof prop === 'object' && prop && 'default' in prop && prop.default !== undefined) row[name] = prop.default;
  }
  return row;
}

export function errorsAt(errorSchema: ErrorSchema<DataRow[]> | undefined, index: number, field: string): string[] {
  const row = (errorSchema as Record<string, unknown> | undefined)?.[index] as Record<string, unknown> | undefined;
  const cell = row?.[field] as { __errors?: string[] } | undefined;
  return cell?.__errors ?? [];
}

export function rowErrors(errorSchema: ErrorSchema<DataRow[]> | undefined, index: number, shown: Set<string>): string[] {
  const row = (errorSchema as Record<string, unknown> | undefined)?.[index] as Record<string, unknown> | undefined;
  if (!row) return [];
  const out: string[] = [...((row.__errors as string[] | undefined) ?? [])];
  for (const [k, v] of Object.entries(row)) {
    if (k === '__errors' || shown.has(k)) continue;
    for (const m of (v as { __errors?: string[] })?.__errors ?? []) out.push(`${humanize(k)}: ${m}`);
  }
  return out;
}
