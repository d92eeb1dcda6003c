/**
 * The one money module (engine/src/values/money.ts): decimals as integers of a fixed scale,
 * rounded half up (away from zero) once; decision 0170. Every value worked by hand in the comment.
 */
import { describe, expect, it } from 'vitest';
import { COST, MONEY, PCT, QTY, fixed, formatMoney, mulDiv, percent, show, sum, times, toNumber } from '../src/values/money.ts';

describe('money module', () => {
  it('reads decimals exactly, half up away from zero', () => {
    expect(fixed('2.345', MONEY)).toBe(235n); // 234.5 cents → 235
    expect(fixed('-2.345', MONEY)).toBe(-235n); // away from zero
    expect(fixed('2.344', MONEY)).toBe(234n);
    // 1.005 is 1.00499999999999989… as a binary double; Math.round(1.005 × 100) gives 100,
    // the module reads the decimal 1.005 (toFixed to 8 places: "1.00500000") and gives 101
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(fixed(1.005, MONEY)).toBe(101n);
    expect(fixed(null, MONEY)).toBe(0n);
    expect(fixed('', MONEY)).toBe(0n);
    expect(fixed('12', COST)).toBe(120000n);
    expect(() => fixed('12,5', MONEY)).toThrow(/not a decimal/);
  });

  it('multiplies and divides with one rounding', () => {
    // 2.50 × 4.60 = 11.50: 250 × 460 / 100 = 1150
    expect(mulDiv(fixed(2.5, QTY), fixed(4.6, MONEY), 100n)).toBe(1150n);
    // 10.00 / 3 = 3.333… → 3.33; 20.00 / 3 = 6.666… → 6.67; −20.00 / 3 → −6.67
    expect(mulDiv(1000n, 1n, 3n)).toBe(333n);
    expect(mulDiv(2000n, 1n, 3n)).toBe(667n);
    expect(mulDiv(-2000n, 1n, 3n)).toBe(-667n);
    // exactly half: 0.05 / 2 = 0.025 → 0.03 (half up), −0.025 → −0.03
    expect(mulDiv(5n, 1n, 2n)).toBe(3n);
    expect(mulDiv(-5n, 1n, 2n)).toBe(-3n);
    expect(() => mulDiv(1n, 1n, 0n)).toThrow(/division by zero/);
    // 12.50 × 3 (quantity 3.00) = 37.50
    expect(times(1250n, fixed(3, QTY), QTY)).toBe(3750n);
  });

  it('takes percentages of amounts', () => {
    // 12.5 % of 1,000.00 = 125.00
    expect(percent(fixed(1000, MONEY), fixed(12.5, PCT))).toBe(12500n);
    // 11 % of 0.05 = 0.0055 → 0.01; 11 % of 0.04 = 0.0044 → 0.00
    expect(percent(5n, fixed(11, PCT))).toBe(1n);
    expect(percent(4n, fixed(11, PCT))).toBe(0n);
  });

  it('sums, converts and shows', () => {
    expect(sum([100n, 250n, -50n])).toBe(300n);
    expect(toNumber(1150n, MONEY)).toBe(11.5);
    expect(show(172500n, MONEY)).toBe('1,725');
    expect(formatMoney(123456n)).toBe('1,234.56');
    expect(formatMoney(-5n)).toBe('-0.05');
    expect(formatMoney(100000000n)).toBe('1,000,000.00');
  });
});
