/**
 * The reference display cache (generic/reference.ts) and the words of a server error path
 * (generic/serverErrors.ts): a lookup's choice is remembered per entity, field and key, and an
 * error path reads with the form schema's titles, lines counted from 1.
 */
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { knownDisplay, rememberDisplay } from '../src/generic/reference';
import { describePath, toErrorSchema } from '../src/generic/serverErrors';

describe('reference displays', () => {
  it('remembers a display per entity, field and key (a number key and its text alike)', () => {
    rememberDisplay('work_order', 'aircraft_id', 12, 'PK-GFA');
    expect(knownDisplay('work_order', 'aircraft_id', 12)).toBe('PK-GFA');
    expect(knownDisplay('work_order', 'aircraft_id', '12')).toBe('PK-GFA');
    expect(knownDisplay('work_order', 'vendor_id', 12)).toBeUndefined();
    expect(knownDisplay('purchase_order', 'aircraft_id', 12)).toBeUndefined();
    // a later choice replaces it
    rememberDisplay('work_order', 'aircraft_id', 12, 'PK-GFB');
    expect(knownDisplay('work_order', 'aircraft_id', 12)).toBe('PK-GFB');
  });

  it('never remembers or finds an empty key', () => {
    rememberDisplay('work_order', 'aircraft_id', '', 'nothing');
    rememberDisplay('work_order', 'aircraft_id', null, 'nothing');
    expect(knownDisplay('work_order', 'aircraft_id', '')).toBeUndefined();
    expect(knownDisplay('work_order', 'aircraft_id', null)).toBeUndefined();
    expect(knownDisplay('work_order', 'aircraft_id', undefined)).toBeUndefined();
  });
});

describe('error paths in words', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      vendor_id: { type: 'integer', title: 'Vendor' },
      due_date: { type: 'string' },
      lines: { type: 'array', title: 'Received Items', items: { type: 'object', properties: { po_line: { type: 'integer', title: 'PO Line' }, serial_no: { type: 'string' } } } },
    },
  };

  it("names fields by their schema title, else humanised, and lines from 1", () => {
    expect(describePath(schema, '/vendor_id')).toBe('Vendor');
    expect(describePath(schema, '/due_date')).toBe('Due date');
    expect(describePath(schema, '/lines/0/po_line')).toBe('Received Items line 1, PO Line');
    expect(describePath(schema, '/lines/2/serial_no')).toBe('Received Items line 3, Serial no');
    expect(describePath(schema, '/lines/1')).toBe('Received Items line 2');
    expect(describePath(schema, '')).toBe('Form');
  });

  it('puts each message at its path, several at one path together', () => {
    expect(
      toErrorSchema([
        { path: '/lines/0/po_line', message: 'is required' },
        { path: '/lines/0/po_line', message: 'is closed' },
        { path: '/vendor_id', message: 'is not active' },
        { path: '', message: 'nothing to save' },
      ]),
    ).toEqual({
      __errors: ['nothing to save'],
      lines: { 0: { po_line: { __errors: ['is required', 'is closed'] } } },
      vendor_id: { __errors: ['is not active'] },
    });
  });
});
