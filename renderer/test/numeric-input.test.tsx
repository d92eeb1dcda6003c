/**
 * The numeric input (spec §2/§9) with decision 0280: what a field cannot take is refused at the
 * field and kept as typed; nothing is clamped, dropped or rounded; the caret and selection survive
 * the swap from the formatted to the editable text.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { NumericInput } from '../src/ui/NumericInput';
import { formatNumeric, numericProblemText, readNumericText, type NumericOptions, type NumericProblem } from '../src/ui/numeric';

afterEach(cleanup);

interface Seen {
  value: number | null;
  problem?: NumericProblem;
  text?: string;
}

function Harness(props: NumericOptions & { initial: number | null; seen: Seen[] }) {
  const [value, setValue] = useState<number | null>(props.initial);
  return (
    <NumericInput
      ariaLabel="Man-hours"
      value={value}
      precision={props.precision}
      min={props.min}
      max={props.max}
      allowNegative={props.allowNegative}
      onChange={(v, problem, text) => {
        props.seen.push({ value: v, problem, text });
        if (!problem) setValue(v);
      }}
    />
  );
}

describe('readNumericText', () => {
  const hours: NumericOptions = { precision: 2, min: 0 };
  it('reads what the field can hold', () => {
    expect(readNumericText('1,250.5', hours)).toEqual({ value: 1250.5, problem: null });
    expect(readNumericText(' 30 ', hours)).toEqual({ value: 30, problem: null });
    expect(readNumericText('', hours)).toEqual({ value: null, problem: null });
    // trailing zeros beyond the precision are not decimals: 2.500 is 2.5
    expect(readNumericText('2.500', hours)).toEqual({ value: 2.5, problem: null });
  });
  it('refuses a sign, letters, decimals and bounds instead of rewriting them', () => {
    expect(readNumericText('-30', hours).problem).toEqual({ kind: 'negative' });
    expect(readNumericText('eight', hours).problem).toEqual({ kind: 'number' });
    expect(readNumericText('3h', hours).problem).toEqual({ kind: 'number' });
    expect(readNumericText('1.234', hours).problem).toEqual({ kind: 'decimals', precision: 2 });
    expect(readNumericText('1.5', { precision: 0 }).problem).toEqual({ kind: 'decimals', precision: 0 });
    expect(readNumericText('0', { precision: 2, min: 0.01 }).problem).toEqual({ kind: 'min', limit: 0.01 });
    expect(readNumericText('25', { precision: 1, min: 0, max: 24 }).problem).toEqual({ kind: 'max', limit: 24 });
    expect(readNumericText('-', { allowNegative: true }).problem).toEqual({ kind: 'number' });
  });
  it('says why in words, in both languages', () => {
    expect(numericProblemText({ kind: 'negative' }, hours)).toBe('Cannot be negative');
    expect(numericProblemText({ kind: 'min', limit: 0.01 }, hours)).toBe('Must be at least 0.01');
    expect(numericProblemText({ kind: 'max', limit: 24 }, hours)).toBe('Must be at most 24');
    expect(numericProblemText({ kind: 'decimals', precision: 2 }, hours)).toBe('At most 2 decimals');
    expect(numericProblemText({ kind: 'number' }, hours, 'id')).toBe('Masukkan angka');
    expect(numericProblemText({ kind: 'min', limit: 0.01 }, hours, 'id')).toBe('Minimal 0.01');
  });
  it('formats with thousands separators and the precision', () => {
    expect(formatNumeric(1234567.5, { precision: 2 })).toBe('1,234,567.50');
    expect(formatNumeric(-0.001, { precision: 2 })).toBe('0.00');
    expect(formatNumeric(1234.5, { precision: 2, separator: '.' })).toBe('1.234,50');
  });
});

describe('NumericInput', () => {
  it('keeps a refused value as typed and says why at the field', async () => {
    const seen: Seen[] = [];
    render(<Harness initial={null} precision={2} min={0} seen={seen} />);
    const input = screen.getByLabelText('Man-hours') as HTMLInputElement;
    await userEvent.click(input);
    await userEvent.keyboard('-30');
    expect(input.value).toBe('-30');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Cannot be negative')).toBeTruthy();
    expect(seen.at(-1)).toEqual({ value: null, problem: { kind: 'negative' }, text: '-30' });
    // leaving the field keeps the text and the reason: nothing became 30
    fireEvent.blur(input);
    expect(input.value).toBe('-30');
    expect(screen.getByText('Cannot be negative')).toBeTruthy();
  });

  it('refuses letters instead of saving blank', async () => {
    const seen: Seen[] = [];
    render(<Harness initial={null} precision={1} min={0} seen={seen} />);
    const input = screen.getByLabelText('Man-hours') as HTMLInputElement;
    await userEvent.click(input);
    await userEvent.keyboard('eight');
    expect(input.value).toBe('eight');
    expect(screen.getByText('Enter a number')).toBeTruthy();
    expect(seen.every((s) => s.value === null)).toBe(true);
  });

  it('refuses a quantity below its minimum instead of raising it', async () => {
    const seen: Seen[] = [];
    render(<Harness initial={null} precision={2} min={0.01} seen={seen} />);
    const input = screen.getByLabelText('Man-hours') as HTMLInputElement;
    await userEvent.click(input);
    await userEvent.keyboard('0');
    fireEvent.blur(input);
    expect(input.value).toBe('0');
    expect(screen.getByText('Must be at least 0.01')).toBeTruthy();
  });

  it('selects the value on focus, so "2" typed over "1" reads 2, not 12', async () => {
    const seen: Seen[] = [];
    render(<Harness initial={1} precision={0} min={0} seen={seen} />);
    const input = screen.getByLabelText('Man-hours') as HTMLInputElement;
    expect(input.value).toBe('1');
    await userEvent.click(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 1]);
    await userEvent.keyboard('2');
    expect(input.value).toBe('2');
    expect(seen.at(-1)).toEqual({ value: 2, problem: undefined, text: undefined });
  });

  it('shows a good value formatted after editing and plain while editing', async () => {
    const seen: Seen[] = [];
    render(<Harness initial={1250} precision={2} min={0} seen={seen} />);
    const input = screen.getByLabelText('Man-hours') as HTMLInputElement;
    expect(input.value).toBe('1,250.00');
    await userEvent.click(input);
    expect(input.value).toBe('1250');
    await userEvent.keyboard('1234.5');
    fireEvent.blur(input);
    expect(input.value).toBe('1,234.50');
    expect(seen.at(-1)?.value).toBe(1234.5);
    expect(screen.queryByText(/Cannot|Enter|Must|At most/)).toBeNull();
  });
});

describe('the form says why at the field', () => {
  it('turns the validator type error of a refused number into its reason', async () => {
    const { transformErrors } = await import('../src/generic/form/validationMessages');
    const schema = {
      type: 'object',
      properties: {
        man_hours: { type: ['number', 'null'], minimum: 0, 'x-scale': 2 },
        lines: { type: 'array', items: { type: 'object', properties: { qty: { type: 'number', minimum: 0.01, 'x-scale': 2 } } } },
      },
    } as const;
    const errors = [
      { name: 'type', property: '.man_hours', message: 'must be number,null', stack: '' },
      { name: 'type', property: '.lines.1.qty', message: 'must be number', stack: '' },
    ];
    const data = { man_hours: '-30', lines: [{ qty: 1 }, { qty: '0' }] };
    const out = transformErrors(schema as any, errors, data);
    expect(out.map((e) => e.message)).toEqual(['Cannot be negative', 'Must be at least 0.01']);
  });

  it("says a field's own pattern in the words its metadata gives (patternMessage)", async () => {
    const { transformErrors } = await import('../src/generic/form/validationMessages');
    const words = 'must be an ATA chapter such as 32, a chapter-section such as 32-42, or with its subject, 32-42-01';
    const schema = { type: 'object', properties: { ata_chapter: { type: ['string', 'null'], pattern: '^[0-9]{2}(-[0-9]{2}){0,2}$', 'x-pattern-message': words } } } as const;
    const errors = [{ name: 'pattern', property: '.ata_chapter', params: { pattern: '^[0-9]{2}(-[0-9]{2}){0,2}$' }, message: 'must match pattern "^[0-9]{2}(-[0-9]{2}){0,2}$"', stack: '' }];
    expect(transformErrors(schema as any, errors, { ata_chapter: '3242' }).map((e) => e.message)).toEqual([words]);
  });
});
