/**
 * Fixed-point arithmetic for quantities and values: the database keeps numeric(18,2) quantities
 * and amounts and numeric(18,4) unit costs; the posting computes with integers of those scales
 * (BigInt), so a moving average never drifts by a binary fraction.
 *
 *   const q = fixed(2.5, QTY);            // 250n
 *   const amount = mulDiv(q, value, pool) // q × value / pool, rounded half away from zero
 *   toNumber(amount, MONEY)               // 575
 */
export const QTY = 2;
export const MONEY = 2;
export const COST = 4;
export const RATE = 6;

const pow = (scale: number): bigint => 10n ** BigInt(scale);

/** A decimal (number or numeric text) as an integer of `scale` decimals, rounded half away from zero. */
export function fixed(v: unknown, scale: number): bigint {
  if (v === null || v === undefined || v === '') return 0n;
  const text = typeof v === 'number' ? v.toFixed(Math.min(scale + 6, 20)) : String(v).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) throw new Error(`not a decimal: ${text}`);
  const [, sign, int = '', frac = ''] = m;
  const digits = (frac + '0'.repeat(scale + 1)).slice(0, scale + 1);
  let n = BigInt(int || '0') * pow(scale + 1) + BigInt(digits || '0');
  n = (n + 5n) / 10n;
  return sign === '-' ? -n : n;
}

export function toNumber(v: bigint, scale: number): number {
  return Number(v) / Number(pow(scale));
}

/** round(a × b / c) half away from zero; c must not be 0. */
export function mulDiv(a: bigint, b: bigint, c: bigint): bigint {
  if (c === 0n) throw new Error('division by zero');
  const num = a * b;
  const neg = num < 0n !== c < 0n;
  const an = num < 0n ? -num : num;
  const cn = c < 0n ? -c : c;
  const q = (an * 2n + cn) / (2n * cn);
  return neg ? -q : q;
}

/** Changes the scale of a fixed value, rounding half away from zero when it shrinks. */
export function rescale(v: bigint, from: number, to: number): bigint {
  if (to >= from) return v * pow(to - from);
  return mulDiv(v, 1n, pow(from - to));
}

export const abs = (v: bigint): bigint => (v < 0n ? -v : v);

/** Text for messages: 1,725 / 2.5 / 0.14 (no trailing zeros). */
export function show(v: bigint, scale: number): string {
  return toNumber(v, scale).toLocaleString('en-US', { maximumFractionDigits: scale });
}
