/** One date format for display and entry (decision 0281): DD MMM YYYY, typed or picked, both languages. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateInput } from '../src/ui/DateInput';
import { readDateText, readDateTimeText, showDate, showDateTime } from '../src/ui/dates';
import { setLanguage } from '../src/i18n';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('reading and showing dates', () => {
  it('takes DD MMM YYYY, ISO and day-first numbers alike', () => {
    for (const typed of ['08 Nov 2026', '8 nov 2026', '8-Nov-2026', '2026-11-08', '8/11/2026', '08.11.2026', '8 November 2026']) {
      expect(readDateText(typed), typed).toBe('2026-11-08');
    }
  });
  it('refuses what is not a calendar day', () => {
    for (const typed of ['31 Feb 2026', '2026-02-30', '29/02/2027', '11/31/2026', 'tomorrow', '08 Nox 2026', '8 Nov 26']) {
      expect(readDateText(typed), typed).toBeNull();
    }
    // 2028 is a leap year
    expect(readDateText('29 Feb 2028')).toBe('2028-02-29');
  });
  it('shows DD MMM YYYY in the reader language and reads its month names', () => {
    expect(showDate('2026-05-12')).toBe('12 May 2026');
    expect(showDate('2026-05-12T10:00:00Z')).toBe('12 May 2026');
    setLanguage('id');
    expect(showDate('2026-05-12')).toBe('12 Mei 2026');
    expect(readDateText('12 Mei 2026')).toBe('2026-05-12');
    expect(readDateText('3 Agu 2026')).toBe('2026-08-03');
    expect(readDateText('3 Aug 2026')).toBe('2026-08-03');
  });
  it('date-times in UTC on a 24-hour clock', () => {
    expect(showDateTime('2026-11-20T14:05:00.000Z')).toBe('20 Nov 2026 14:05');
    expect(readDateTimeText('20 Nov 2026 14:05')).toBe('2026-11-20T14:05:00.000Z');
    expect(readDateTimeText('2026-11-20T02:15')).toBe('2026-11-20T02:15:00.000Z');
    expect(readDateTimeText('2026-11-20 24:00')).toBeNull();
    expect(readDateTimeText('20 Nov 2026')).toBeNull();
  });
});

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      ariaLabel="Request date"
      value={value}
      passInvalid
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

describe('DateInput', () => {
  it('shows the stored day as DD MMM YYYY and gives the form ISO', async () => {
    const seen: string[] = [];
    render(<Harness initial="2026-11-08" seen={seen} />);
    const input = screen.getByLabelText('Request date') as HTMLInputElement;
    expect(input.value).toBe('08 Nov 2026');
    await userEvent.clear(input);
    await userEvent.type(input, '24/11/2026');
    expect(seen.at(-1)).toBe('2026-11-24');
    fireEvent.blur(input);
    expect(input.value).toBe('24 Nov 2026');
  });
  it('keeps text that is not a date as typed and says so', async () => {
    const seen: string[] = [];
    render(<Harness initial="" seen={seen} />);
    const input = screen.getByLabelText('Request date') as HTMLInputElement;
    await userEvent.type(input, '31 Feb 2026');
    fireEvent.blur(input);
    expect(input.value).toBe('31 Feb 2026');
    expect(seen.at(-1)).toBe('31 Feb 2026');
    expect(screen.getByText('Type a date as DD MMM YYYY, e.g. 08 Nov 2026')).toBeTruthy();
  });
});

describe('DateInput handing on refused text', () => {
  it('keeps every character when the form gives the refused text back as its value', async () => {
    const seen: string[] = [];
    render(<Harness initial="" seen={seen} />);
    const input = screen.getByLabelText('Request date') as HTMLInputElement;
    // pasted or filled at once (as Playwright's fill does): no keystroke in between
    fireEvent.change(input, { target: { value: '31 Feb 2026' } });
    expect(input.value).toBe('31 Feb 2026');
    expect(seen).toEqual(['31 Feb 2026']);
  });
});
