/**
 * Money, quantities and rates as integers of a fixed number of decimals (BigInt): amounts in
 * minor units (cents, scale 2), unit costs at scale 4, exchange rates at scale 6, quantities at
 * scale 2, as the database keeps them (numeric(18,2), (18,4), (18,6)). Every rounding in the
 * product is half up, away from zero (2.345 → 2.35, −2.345 → −2.35), once, at the step that
 * produces the stored value (docs/decisions/0170-money.md). One module for the server, the
 * plugins (stores, procurement, MRO) and the renderer.
 *
 *   const q = fixed(2.5, QTY);              // 250n
 *   mulDiv(q, fixed(4.6, MONEY), 100n)      // 2.5 × 4.60 = 1150n (11.50)
 *   percent(fixed(1000, MONEY), fixed(12.5, PCT))   // 12500n (125.00)
 *   toNumber(1150n, MONEY)                  // 11.5
 *   formatMoney(123456n)                    // '1,234.56'
 */
export const QTY = 2;
export const MONEY = 2;
export const COST = 4;
export const RATE = 6;
/** Percentages (discount, markup, tax) are stored with two decimals: 12.5 % is 1250n. */
export const PCT = 2;

const pow = (scale: number): bigint => 10n ** BigInt(scale);

/** A decimal (number or numeric text) as an integer of `scale` decimals, rounded half up (away from zero). */
export function fixed(v: unknown, scale: number): bigint {
  if (v === null || v === undefined || v === '') return 0n;
  if (typeof v === 'bigint') return v * pow(scale);
  const text = typeof v === 'number' ? v.toFixed(Math.min(scale + 6, 20)) : String(v).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) throw new Error(`not a decimal: ${text}`);
  const [, sign, int = '', frac = ''] = m;
  const digits = (frac + '0'.repeat(scale + 1)).slice(0, scale + 1);
  let n = BigInt(int || '0') * pow(scale + 1) + BigInt(digits || '0');
  n = (n + 5n) / 10n;
  return sign === '-' ? -n : n;
}

/** A fixed value as a JavaScript number (for a decimal column or JSON). */
export function toNumber(v: bigint, scale: number): number {
  return Number(v) / Number(pow(scale));
}

/** round(a × b / c) half up (away from zero); c must not be 0. */
export function mulDiv(a: bigint, b: bigint, c: bigint): bigint {
  if (c === 0n) throw new Error('division by zero');
  const num = a * b;
  const neg = num < 0n !== c < 0n;
  const an = num < 0n ? -num : num;
  const cn = c < 0n ? -c : c;
  const q = (an * 2n + cn) / (2n * cn);
  return neg ? -q : q;
}

/**
 * `scale` (of value) × quantity-like factor of `factorScale` decimals, back at `scale`:
 * times(fixed(12.5, MONEY), fixed(3, QTY), QTY) = 3750n.
 */
export const times = (value: bigint, factor: bigint, factorScale: number): bigint => mulDiv(value, factor, pow(factorScale));

/** `pct` percent (scale PCT) of an amount, at the amount's scale: percent(100000n, 1250n) = 12500n. */
export const percent = (amount: bigint, pct: bigint): bigint => mulDiv(amount, pct, 100n * pow(PCT));

export const abs = (v: bigint): bigint => (v < 0n ? -v : v);

export const sum = (values: Iterable<bigint>): bigint => {
  let s = 0n;
  for (const v of values) s += v;
  return s;
};

/** Text for messages: 1,725 / 2.5 / 0.14 (no trailing zeros). */
/** One number format per scale, made once (toLocaleString builds one on every call). */
const shown = new Map<number, Intl.NumberFormat>();

export function show(v: bigint, scale: number): string {
  let f = shown.get(scale);
  if (!f) shown.set(scale, (f = new Intl.NumberFormat('en-US', { maximumFractionDigits: scale })));
  return f.format(toNumber(v, scale));
}

const amounts = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A number shown as an amount, two decimals and thousands separators: 1234.5 → '1,234.50' (prints, task texts). */
export function amountText(n: number): string {
  return amounts.format(n);
}

/** Minor units as an amount with two decimals and thousands separators: −123456n → '-1,234.56'. */
export function formatMoney(minor: bigint): string {
  const neg = minor < 0n;
  const a = abs(minor);
  const whole = (a / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${whole}.${(a % 100n).toString().padStart(2, '0')}`;
}

const HUNDRED_PCT = fixed(100, PCT);

/**
 * A line's net amount in minor units: round(quantity × unit price × (100 % − discount)) half up,
 * once (3 × 44.00 less 0 % = 13200n). A PO line, its order's total, a receipt's value at the PO
 * line's price and the PO print are all this.
 */
export function netAmount(quantity: unknown, unitPrice: unknown, discountPct: unknown): bigint {
  const gross = fixed(quantity, QTY) * fixed(unitPrice, MONEY); // scale QTY + MONEY
  const kept = HUNDRED_PCT - fixed(discountPct ?? 0, PCT); // 100 % − discount, scale PCT (+2: a percentage)
  return mulDiv(gross, kept, 10n ** BigInt(QTY + PCT + 2));
}
