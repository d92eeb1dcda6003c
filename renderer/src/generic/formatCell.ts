import { formatDuration } from '../../../engine/src/values/duration';
import { numberLocale, shortMonths, t } from '../i18n';
import type { ColumnFormat, DataRow, EntityField, ScreenColumn, ScreenEntity } from '../api/types';

const pad = (n: number): string => String(n).padStart(2, '0');

function parseDate(v: unknown): Date | null {
  if (v instanceof Date) return v;
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  // A bare date is a calendar day: keep it out of time-zone shifts.
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) : null;
  const d = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** DD MMM YYYY (spec §2 Home todo list), the month in the reader's language (12 Mei 2026). */
export function formatDate(v: unknown): string {
  const d = parseDate(v);
  return d ? `${pad(d.getDate())} ${shortMonths()[d.getMonth()]} ${d.getFullYear()}` : v == null ? '' : String(v);
}

/** DD MMM YYYY HH:MM, 24-hour, in UTC (the product's times are UTC, as the forms take them). */
export function formatDateTime(v: unknown): string {
  const d = parseDate(v);
  if (!d) return v == null ? '' : String(v);
  return `${pad(d.getUTCDate())} ${shortMonths()[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Flight hours as hours:minutes; numbers are minutes (one implementation with prints and exports). */
export function formatHm(v: unknown): string {
  return formatDuration(v);
}

/** Thousands separators of the reader's locale; a decimal column keeps its scale (`1,234.50`, `1.234,50`). */
export function formatNumber(v: unknown, scale?: number): string {
  if (v === null || v === undefined || v === '') return '';
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v);
  return typeof scale === 'number' && scale >= 0 && scale <= 10
    ? n.toLocaleString(numberLocale(), { minimumFractionDigits: scale, maximumFractionDigits: scale })
    : n.toLocaleString(numberLocale(), { maximumFractionDigits: 6 });
}

function yesNo(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  return v === true || v === 1 || v === '1' || v === 'true' ? t('Yes') : t('No');
}

function fieldOf(entity: ScreenEntity | undefined, name: string): EntityField | undefined {
  return entity?.fields?.find((f) => f.name === name);
}

/** The format a column shows with: its own, else the one its field type implies. */
export function columnFormat(col: ScreenColumn, entity?: ScreenEntity): ColumnFormat | undefined {
  if (col.format) return col.format;
  const f = fieldOf(entity, col.field);
  if (f?.format === 'duration') return 'hm';
  switch (f?.type) {
    case 'enum':
      return 'enum';
    case 'boolean':
      return 'yesno';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'integer':
    case 'decimal':
      return 'number';
    default:
      if (!f && /(^|\.)(created_at|updated_at)$/.test(col.field)) return 'datetime';
      return undefined;
  }
}

/** A row value; `ref.field` reads through a referenced object or a flattened key. */
export function cellValue(row: DataRow, field: string): unknown {
  if (field in row) return row[field];
  let cur: unknown = row;
  for (const part of field.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/**
 * A cell's text by the column's format or its field's type: enum label, Yes/No, DD MMM YYYY
 * (HH:mm), H:MM for minutes, numbers with thousands separators.
 */
export function formatCell(row: DataRow, col: ScreenColumn, entity?: ScreenEntity): string {
  const v = cellValue(row, col.field);
  const field = fieldOf(entity, col.field);
  switch (columnFormat(col, entity)) {
    case 'date':
      return formatDate(v);
    case 'datetime':
      return formatDateTime(v);
    case 'number':
      return formatNumber(v, field?.type === 'decimal' ? (field.scale ?? 2) : undefined);
    case 'hm':
      return formatHm(v);
    case 'yesno':
      return yesNo(v);
    case 'enum': {
      const values = field?.values;
      const hit = values?.find((x) => String(x.code) === String(v));
      return hit ? hit.label : v == null ? '' : String(v);
    }
    default:
      if (v === null || v === undefined) return '';
      if (typeof v === 'boolean') return v ? 'Yes' : 'No';
      if (typeof v === 'object') return JSON.stringify(v);
      return String(v);
  }
}
