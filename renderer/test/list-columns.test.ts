/**
 * A generic list's columns and its query's remaining pieces: labels from the entity or the field
 * name, the state fields kept in view, the table columns with their classes and pins, a row's key,
 * what a signature on a chosen row lists, route parameters and a cleared default kept in the URL.
 */
import { describe, expect, it } from 'vitest';
import type { DataRow, ScreenMeta } from '../src/api/types';
import { entityLabel, humanize, screenColumns, stateFieldsOf } from '../src/generic/columns';
import { dataColumns, rowKeyOf, signedItemsOf } from '../src/generic/list/listColumns';
import { namedParams, readListQuery, writeListQuery } from '../src/generic/listQuery';

const screen: ScreenMeta = {
  kind: 'list',
  module: 'maintenance',
  route: 'work-order',
  title: 'Work Orders',
  permission: 'R',
  params: ['aircraft_id?', 'package'],
  entity: {
    name: 'work_order',
    key: 'wo_id',
    fields: [
      { name: 'wo_no', type: 'string', label: 'WO No.' },
      { name: 'planned_at', type: 'date', label: 'Planned' },
      { name: 'man_hours', type: 'decimal', scale: 1, label: 'Man-hours' },
      { name: 'order_status', type: 'enum', label: 'Status', values: [{ code: 'OPEN', label: 'Open' }, { code: 'REL', label: 'Released' }] },
      { name: 'posted', type: 'boolean' },
    ],
    lifecycle: [{ when: { posted: true }, refuse: ['update'] }],
  },
  columns: ['wo_no', { field: 'planned_at', sortable: false }, 'man_hours', 'order_status', 'aircraft.registration', { field: 'crewName', label: 'Crew' }],
};

describe('column labels and state fields', () => {
  it('humanises a field name: its last part, underscores and camel case to words', () => {
    expect(humanize('aircraft.registration')).toBe('Registration');
    expect(humanize('due_limit_fh')).toBe('Due limit fh');
    expect(humanize('crewName')).toBe('Crew Name');
    expect(entityLabel(screen.entity, 'planned_at')).toBe('Planned');
    expect(entityLabel(screen.entity, 'nothing')).toBeUndefined();
  });

  it('gives every column a label: its own, else the entity field label, else the humanised name', () => {
    expect(screenColumns(screen).map((c) => c.label)).toEqual(['WO No.', 'Planned', 'Man-hours', 'Status', 'Registration', 'Crew']);
    expect(screenColumns(screen)[1].sortable).toBe(false);
  });

  it('keeps in view the fields the lifecycle tests and the enum status fields', () => {
    expect([...stateFieldsOf(screen)].sort()).toEqual(['order_status', 'posted']);
  });
});

describe('the table columns of a list', () => {
  const columns = screenColumns(screen);
  const row: DataRow = { wo_id: 7, wo_no: 'WO-0007', planned_at: '2026-03-05', man_hours: 12.25, order_status: 'REL', aircraft: { registration: 'PK-GFA' }, crewName: 'Dewi' };

  it('right-aligns numbers, keeps dates on one line, pins the first column after the choice columns and the status at the end', () => {
    const cols = dataColumns(screen, columns, 2);
    expect(cols.map((c) => c.className)).toEqual(['pin-start pin-lead-2', 'nowrap', 'num', 'pin-end', undefined, undefined]);
    expect(cols.map((c) => c.headerClassName)).toEqual(['pin-start pin-lead-2', undefined, undefined, 'pin-end', undefined, undefined]);
    expect(cols.map((c) => c.sortable)).toEqual([true, false, true, true, true, true]);
    expect(cols.map((c) => c.cell(row, 0))).toEqual(['WO-0007', '05 Mar 2026', '12.3', 'Released', 'PK-GFA', 'Dewi']);
    // without choice columns the first column's pin leads with none
    expect(dataColumns(screen, columns, 0)[0].className).toBe('pin-start pin-lead-0');
  });

  it('keys a row by its key field as text, null without one', () => {
    expect(rowKeyOf(row, 'wo_id')).toBe('7');
    expect(rowKeyOf({ wo_id: 0 }, 'wo_id')).toBe('0');
    expect(rowKeyOf({ wo_no: 'x' }, 'wo_id')).toBeNull();
  });

  it('lists the chosen row as the table shows it for a signature, nothing without a choice', () => {
    const rows = [{ wo_id: 6, wo_no: 'WO-0006' }, row];
    expect(signedItemsOf(screen, columns.slice(0, 4), rows, 'wo_id', '7')).toEqual([
      { label: 'WO No.', value: 'WO-0007' },
      { label: 'Planned', value: '05 Mar 2026' },
      { label: 'Man-hours', value: '12.3' },
      { label: 'Status', value: 'Released' },
    ]);
    expect(signedItemsOf(screen, columns, rows, 'wo_id', null)).toEqual([]);
    expect(signedItemsOf(screen, columns, rows, 'wo_id', '99')).toEqual([]);
  });
});

describe('route parameters and defaults in the URL', () => {
  it('names the path segments after the route by the screen params, skipping empty ones', () => {
    expect(namedParams(screen, ['12', 'A-CHECK'])).toEqual({ aircraft_id: '12', package: 'A-CHECK' });
    expect(namedParams(screen, ['', 'A-CHECK'])).toEqual({ package: 'A-CHECK' });
    expect(namedParams(screen, [])).toEqual({});
  });

  it('keeps a cleared default as an empty parameter so it stays cleared on reload', () => {
    const q = readListQuery(new URLSearchParams('aircraft_id='), screen, ['aircraft_id']);
    expect(q.filters).toEqual({ aircraft_id: '' });
    expect(writeListQuery(q, screen, new Set(['aircraft_id'])).toString()).toBe('aircraft_id=');
    expect(writeListQuery(q, screen).toString()).toBe('');
  });
});
