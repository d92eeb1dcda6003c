/**
 * The letters widget (a role's permission letters per menu entry, issue 37): one checkbox per
 * letter C R U D P O, named by its meaning; what is ticked is written in CRUDPO order, nothing
 * ticked is empty (a required field then says so at the field), and a read-only line cannot change.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { LettersWidget } from '../src/generic/form/LettersWidget';
import { setLanguage } from '../src/i18n';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

function Harness(props: { initial: string | undefined; seen: (string | undefined)[]; readonly?: boolean }) {
  const [value, setValue] = useState<string | undefined>(props.initial);
  const p = {
    id: 'root_menus_0_permission',
    name: 'permission',
    label: 'Letters (CRUDPO) (line 1)',
    value,
    schema: { type: 'string', maxLength: 6 },
    options: {},
    readonly: props.readonly ?? false,
    disabled: false,
    required: true,
    hideLabel: true,
    rawErrors: [],
    onChange: (v: string | undefined) => {
      props.seen.push(v);
      setValue(v);
    },
    onBlur: () => undefined,
    onFocus: () => undefined,
  } as unknown as WidgetProps;
  return <LettersWidget {...p} />;
}

describe('LettersWidget', () => {
  it('shows the stored letters ticked, each box named by its meaning', () => {
    render(<Harness initial="RUP" seen={[]} />);
    const box = (name: string) => screen.getByRole('checkbox', { name: `Letters (CRUDPO) (line 1): ${name}` }) as HTMLInputElement;
    expect(['Create', 'Read', 'Update', 'Delete', 'Print', 'Other'].map((n) => box(n).checked)).toEqual([false, true, true, false, true, false]);
    expect(screen.getByRole('group', { name: 'Letters (CRUDPO) (line 1)' })).toBeTruthy();
  });

  it('writes what is ticked in CRUDPO order, and nothing ticked as empty', async () => {
    const seen: (string | undefined)[] = [];
    render(<Harness initial="R" seen={seen} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /: Other$/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /: Create$/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /: Update$/ }));
    expect(seen).toEqual(['RO', 'CRO', 'CRUO']);
    for (const n of ['Create', 'Read', 'Update', 'Other']) await userEvent.click(screen.getByRole('checkbox', { name: new RegExp(`: ${n}$`) }));
    expect(seen.slice(3)).toEqual(['RUO', 'UO', 'O', undefined]);
  });

  it('takes a lower-case stored value as its letters, and a read-only line does not change', async () => {
    const seen: (string | undefined)[] = [];
    render(<Harness initial="cr" seen={seen} readonly />);
    const create = screen.getByRole('checkbox', { name: /: Create$/ }) as HTMLInputElement;
    expect(create.checked).toBe(true);
    expect(create.disabled).toBe(true);
    await userEvent.click(create);
    expect(seen).toEqual([]);
  });

  it('names the boxes in Indonesian for an Indonesian reader', () => {
    setLanguage('id');
    render(<Harness initial="" seen={[]} />);
    expect(screen.getAllByRole('checkbox').map((b) => b.getAttribute('aria-label')?.split(': ')[1])).toEqual(['Buat', 'Baca', 'Ubah', 'Hapus', 'Cetak', 'Lainnya']);
  });
});
