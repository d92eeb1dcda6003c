import { describe, expect, it } from 'vitest';
import { money } from '../src/print/print.ts';

describe('{{money}} in a named print', () => {
  it('prints an amount with its cents and separators, from a number or a value formatted for print', () => {
    expect(money(1028)).toBe('1,028.00');
    expect(money('1,028')).toBe('1,028.00');
    expect(money('64.68')).toBe('64.68');
    expect(money('0')).toBe('0.00');
    expect(money(-12.5)).toBe('-12.50');
    // not an amount: as it is
    expect(money('')).toBe('');
    expect(money(null)).toBe('');
    expect(money('n/a')).toBe('n/a');
  });
});
