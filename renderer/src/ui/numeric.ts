/** Spec §2/§9 numeric input: options and the pure helpers behind it. */
export interface NumericOptions {
  /** Digits after the decimal mark (default 0). */
  precision?: number;
  min?: number;
  max?: number;
  /** Thousands separator (default comma); the decimal mark is the other of `.` and `,`. */
  separator?: string;
  /** The minus sign is accepted only when true. */
  allowNegative?: boolean;
}

export const SAFE_MIN = Number.MIN_SAFE_INTEGER;
export const SAFE_MAX = Number.MAX_SAFE_INTEGER;

export function decimalMark(separator: string): string {
  return separator === '.' ? ',' : '.';
}

function precisionOf(o: NumericOptions): number {
  const p = Number(o.precision ?? 0);
  return Number.isInteger(p) && p >= 0 && p <= 10 ? p : 0;
}

/** The effective bounds: the given ones inside the safe-integer range; no negatives unless allowed. */
export function bounds(o: NumericOptions): { min: number; max: number } {
  let min = typeof o.min === 'number' && Number.isFinite(o.min) ? Math.max(o.min, SAFE_MIN) : SAFE_MIN;
  const max = typeof o.max === 'number' && Number.isFinite(o.max) ? Math.min(o.max, SAFE_MAX) : SAFE_MAX;
  if (!o.allowNegative && min < 0) min = 0;
  return { min, max: Math.max(min, max) };
}

/** Rounds to the precision and clamps to the bounds (applied when the input loses focus). */
export function clampNumber(n: number, o: NumericOptions): number {
  const { min, max } = bounds(o);
  const f = 10 ** precisionOf(o);
  const rounded = Math.round(n * f) / f;
  return Math.min(max, Math.max(min, rounded));
}

/**
 * Keeps what may be typed: digits, one decimal mark when the precision allows decimals (at most
 * `precision` digits after it), a leading minus only when negatives are allowed. Thousands
 * separators are dropped.
 */
export function sanitizeNumericText(text: string, o: NumericOptions): string {
  const sep = o.separator ?? ',';
  const mark = decimalMark(sep);
  const precision = precisionOf(o);
  let out = '';
  let seenMark = false;
  let decimals = 0;
  const trimmed = text.trim();
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed[i];
    if (c >= '0' && c <= '9') {
      if (seenMark) {
        if (decimals >= precision) continue;
        decimals++;
      }
      out += c;
    } else if (c === '-' && o.allowNegative && out === '') {
      out = '-';
    } else if (c === mark && precision > 0 && !seenMark) {
      seenMark = true;
      out += mark;
    }
  }
  return out;
}

/** Parses sanitised text ("-1234.5"); null when it holds no number. */
export function parseNumericText(text: string, o: NumericOptions = {}): number | null {
  const plain = text.replace(decimalMark(o.separator ?? ','), '.');
  if (plain === '' || plain === '-' || plain === '.' || plain === '-.') return null;
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

/** 1234567.5 → "1,234,567.50" (precision 2, separator comma). */
export function formatNumeric(value: number | null | undefined, o: NumericOptions): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const sep = o.separator ?? ',';
  const mark = decimalMark(sep);
  const precision = precisionOf(o);
  const fixed = Math.abs(value).toFixed(precision);
  const [int, frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${frac ? mark + frac : ''}`;
}

/** The editable text of a value while the input has focus (no separators). */
export function editableText(value: number | null | undefined, o: NumericOptions): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const s = String(value);
  return (o.separator ?? ',') === '.' ? s.replace('.', ',') : s;
}
