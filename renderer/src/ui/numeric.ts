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

/**
 * What is wrong with a typed number, if anything (decision 0280: a value the field cannot take is
 * refused at the field, never rewritten): not a number, a sign the field refuses, more decimals
 * than it keeps, or outside its bounds.
 */
export type NumericProblem =
  | { kind: 'number' }
  | { kind: 'negative' }
  | { kind: 'decimals'; precision: number }
  | { kind: 'min'; limit: number }
  | { kind: 'max'; limit: number };

/**
 * Reads typed text as the field would store it: thousands separators and spaces are only
 * formatting and are dropped; anything else that is not a digit, one decimal mark or a leading
 * minus makes the text "not a number". `value` is null for empty text or when there is a problem.
 *
 *   readNumericText('-30', { min: 0 })          → { value: null, problem: { kind: 'negative' } }
 *   readNumericText('1,250.5', { precision: 2 }) → { value: 1250.5, problem: null }
 */
export function readNumericText(text: string, o: NumericOptions): { value: number | null; problem: NumericProblem | null } {
  const sep = o.separator ?? ',';
  const mark = decimalMark(sep);
  const precision = precisionOf(o);
  const plain = text.replace(/\s/g, '').split(sep).join('');
  if (plain === '') return { value: null, problem: null };
  const m = /^(-?)(\d*)(?:[.,](\d*))?$/.exec(plain);
  const markUsed = plain.includes('.') ? '.' : plain.includes(',') ? ',' : mark;
  if (!m || (m[2] === '' && (m[3] ?? '') === '') || markUsed !== mark) return { value: null, problem: { kind: 'number' } };
  const n = Number(`${m[1]}${m[2] || '0'}.${m[3] || '0'}`);
  if (!Number.isFinite(n)) return { value: null, problem: { kind: 'number' } };
  const { min, max } = bounds(o);
  if (n < 0 && !o.allowNegative) return { value: null, problem: { kind: 'negative' } };
  if ((m[3] ?? '').replace(/0+$/, '').length > precision) return { value: null, problem: { kind: 'decimals', precision } };
  if (n < min) return { value: null, problem: { kind: 'min', limit: min } };
  if (n > max) return { value: null, problem: { kind: 'max', limit: max } };
  return { value: n, problem: null };
}

/** The words shown at the field for a problem, in the reader's language (English or Indonesian). */
export function numericProblemText(problem: NumericProblem, o: NumericOptions, lang: 'en' | 'id' = 'en'): string {
  const id = lang === 'id';
  const limit = (n: number) => formatNumeric(n, { ...o, precision: decimalsOf(n) });
  switch (problem.kind) {
    case 'number':
      return id ? 'Masukkan angka' : 'Enter a number';
    case 'negative':
      return id ? 'Tidak boleh negatif' : 'Cannot be negative';
    case 'decimals':
      if (problem.precision === 0) return id ? 'Masukkan bilangan bulat' : 'Enter a whole number';
      return id ? `Paling banyak ${problem.precision} desimal` : `At most ${problem.precision} decimal${problem.precision === 1 ? '' : 's'}`;
    case 'min':
      return id ? `Minimal ${limit(problem.limit)}` : `Must be at least ${limit(problem.limit)}`;
    case 'max':
      return id ? `Maksimal ${limit(problem.limit)}` : `Must be at most ${limit(problem.limit)}`;
  }
}

function decimalsOf(n: number): number {
  const s = String(n);
  const i = s.indexOf('.');
  return i < 0 ? 0 : Math.min(10, s.length - i - 1);
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
