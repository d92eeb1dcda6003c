import { showDate } from './dates';

/** A lookup row's cell as text: empty for none, Yes/No, a date as DD MMM YYYY (decision 0281), an object as JSON. */
export function lookupCell(row: Record<string, unknown>, field: string): string {
  const v = row[field];
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object') return JSON.stringify(v);
  // a date (a tool's calibration due) reads as every date does, DD MMM YYYY (decision 0281)
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return showDate(v);
  return String(v);
}
