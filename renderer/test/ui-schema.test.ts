/**
 * The uiSchema a generic form renders with (generic/form/buildUiSchema.ts): lookup and attachment
 * widgets for references and attachments, widths from the sections, `readOnlyWhen` on the loaded
 * record, the lifecycle's frozen fields and lines, and the state pill's words.
 */
import { describe, expect, it } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ScreenMeta } from '../src/api/types';
import { buildUiSchema, conditionsHold, deletable, formLocked, stateOf } from '../src/generic/form/buildUiSchema';

const screen: ScreenMeta = {
  kind: 'form',
  module: 'stores',
  route: 'receipt',
  title: 'Receipt',
  permission: 'CRUD',
  entity: {
    name: 'inventory_receipt',
    fields: [
      { name: 'posted', type: 'boolean', label: 'Posting' },
      { name: 'status', type: 'enum', label: 'Status', values: [{ code: 'OPEN', label: 'Open' }, { code: 'CLOSED', label: 'Closed' }] },
    ],
    children: [{ name: 'lines', entity: 'inventory_receipt_line', foreignKey: 'receipt_id', title: 'Received Items' }],
    lifecycle: [
      { when: { posted: true }, refuse: ['update', 'lines'], except: ['remark'], exceptLines: ['serial_no'] },
      { when: { status: 'CLOSED' }, refuse: ['delete'] },
    ],
  },
  sections: [{ title: 'Main', fields: [{ field: 'vendor_id', width: 6 }, { field: 'remark', width: 12 }] }],
  lines: [{ child: 'lines', columns: [{ field: 'qty' }, { field: 'serial_no' }] }],
  uiSchema: {
    remark: { 'ui:widget': 'textarea' },
    secret_ref: { 'ui:widget': 'hidden' },
    due: { 'ui:options': { readOnlyWhen: { status: ['CLOSED', 'VOID'] } } },
    lines: { 'ui:options': { addable: true } },
  },
};

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    vendor_id: { type: 'integer', 'x-reference': 'vendor' } as RJSFSchema,
    certificate: { type: ['integer', 'null'], 'x-attachment': true } as RJSFSchema,
    remark: { type: 'string' },
    secret_ref: { type: 'integer', 'x-reference': 'user' } as RJSFSchema,
    due: { type: 'string', format: 'date' },
    lines: { type: 'array', items: { type: 'object', properties: { qty: { type: 'number' }, serial_no: { type: 'string' } } } },
  },
};

const options = (ui: UiSchema, name: string) => (ui[name] as UiSchema)['ui:options'] as Record<string, unknown>;

describe('buildUiSchema', () => {
  it('gives references the lookup and attachments the upload, named by entity and field', () => {
    const ui = buildUiSchema(screen, schema, null);
    expect((ui.vendor_id as UiSchema)['ui:widget']).toBe('lookup');
    expect(options(ui, 'vendor_id')).toEqual({ lookupEntity: 'inventory_receipt', lookupField: 'vendor_id', width: 6 });
    expect((ui.certificate as UiSchema)['ui:widget']).toBe('attachment');
    expect(options(ui, 'certificate')).toEqual({ attachmentEntity: 'inventory_receipt', attachmentField: 'certificate' });
    // the server's own widget stays, with the section's width
    expect(ui.remark).toEqual({ 'ui:widget': 'textarea', 'ui:options': { width: 12 } });
    // a hidden field stays hidden: no lookup for it
    expect(ui.secret_ref).toEqual({ 'ui:widget': 'hidden' });
  });

  it('makes the lines a lines field with their columns, title and child entity', () => {
    const ui = buildUiSchema(screen, schema, null);
    expect((ui.lines as UiSchema)['ui:field']).toBe('lines');
    expect(options(ui, 'lines')).toEqual({ addable: true, columns: [{ field: 'qty' }, { field: 'serial_no' }], title: 'Received Items', childEntity: 'inventory_receipt_line' });
  });

  it('applies readOnlyWhen on the loaded record only (a new record has nothing to match)', () => {
    expect((buildUiSchema(screen, schema, null).due as UiSchema)['ui:readonly']).toBeUndefined();
    expect((buildUiSchema(screen, schema, { status: 'OPEN' }).due as UiSchema)['ui:readonly']).toBeUndefined();
    expect((buildUiSchema(screen, schema, { status: 'VOID' }).due as UiSchema)['ui:readonly']).toBe(true);
  });

  it('freezes a posted record but its excepted field, and its lines but their excepted columns', () => {
    const ui = buildUiSchema(screen, schema, { posted: true, status: 'OPEN' });
    expect((ui.vendor_id as UiSchema)['ui:readonly']).toBe(true);
    expect((ui.due as UiSchema)['ui:readonly']).toBe(true);
    expect((ui.remark as UiSchema)['ui:readonly']).toBeUndefined();
    expect(options(ui, 'lines').frozen).toEqual({ editable: ['serial_no'] });
    // not posted: nothing frozen
    const open = buildUiSchema(screen, schema, { posted: false, status: 'OPEN' });
    expect((open.vendor_id as UiSchema)['ui:readonly']).toBeUndefined();
    expect(options(open, 'lines').frozen).toBeUndefined();
  });
});

describe('conditions and the lifecycle on the form', () => {
  it('holds equality conditions: all must hold; a list is one of; null is empty; booleans read 1/"true"', () => {
    expect(conditionsHold({ status: 'OPEN', posted: false }, { status: 'OPEN', posted: 0 })).toBe(true);
    expect(conditionsHold({ status: 'OPEN', posted: false }, { status: 'OPEN', posted: '1' })).toBe(false);
    expect(conditionsHold({ status: ['CLOSED', 'VOID'] }, { status: 'VOID' })).toBe(true);
    expect(conditionsHold({ approved_by: null }, { approved_by: '' })).toBe(true);
    expect(conditionsHold({ qty: 3 }, { qty: '3' })).toBe(true);
    // no conditions never hold (an empty rule freezes nothing)
    expect(conditionsHold({}, { status: 'OPEN' })).toBe(false);
    expect(conditionsHold(undefined, { status: 'OPEN' })).toBe(false);
  });

  it('names the state that freezes the record with the field and value labels', () => {
    expect(stateOf(screen, { posted: true })).toBe('Posting: true');
    expect(stateOf(screen, { posted: false, status: 'CLOSED' })).toBeNull();
    expect(stateOf(screen, null)).toBeNull();
    const byStatus: ScreenMeta = { ...screen, entity: { ...screen.entity!, lifecycle: [{ when: { status: 'CLOSED' }, refuse: ['update'] }] } };
    expect(stateOf(byStatus, { status: 'CLOSED' })).toBe('Status: Closed');
  });

  it('locks the whole form only when every field and line is frozen, and refuses deletion where the lifecycle does', () => {
    // posted freezes updates except remark: the form is not locked
    expect(formLocked(screen, { posted: true })).toBe(false);
    const all: ScreenMeta = { ...screen, entity: { ...screen.entity!, lifecycle: [{ when: { posted: true }, refuse: ['update', 'lines'] }] } };
    expect(formLocked(all, { posted: true })).toBe(true);
    expect(formLocked(all, { posted: false })).toBe(false);
    expect(formLocked({ ...screen, readOnlyWhen: { status: 'CLOSED' } }, { status: 'CLOSED' })).toBe(true);
    expect(deletable(screen, { status: 'CLOSED' })).toBe(false);
    expect(deletable(screen, { status: 'OPEN' })).toBe(true);
  });
});
