/**
 * The generic list's pure pieces: a cell's text by its column and field (spec §2 dates DD MMM YYYY,
 * thousands separators, enum labels, Yes/No, H:MM), the filters a screen's metadata declares and
 * the list state kept in the URL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatCell, formatDate, formatDateTime, formatNumber } from '../src/generic/formatCell';
import { filterControls, filterParams, queryValue } from '../src/generic/list/filterControls';
import { readListQuery, writeListQuery } from '../src/generic/listQuery';
import { setLanguage } from '../src/i18n';
import type { ScreenEntity, ScreenMeta } from '../src/api/types';

afterEach(() => setLanguage('en'));

const entity: ScreenEntity = {
  name: 'work_order',
  fields: [
    { name: 'status', type: 'enum', values: [{ code: 'INWORK', label: 'In work' }, { code: 'RELEASED', label: 'Released' }] },
    { name: 'planned_at', type: 'date' },
    { name: 'rii', type: 'boolean' },
    { name: 'man_hours', type: 'decimal', scale: 2 },
    { name: 'cards', type: 'integer' },
    { name: 'fh_at_release', type: 'integer', format: 'duration' },
    { name: 'aircraft_id', type: 'reference', entity: 'aircraft' },
    { name: 'title', type: 'string' },
  ],
};

describe('formatCell', () => {
  const row = {
    status: 'INWORK',
    planned_at: '2026-11-08',
    rii: true,
    man_hours: 1234.5,
    cards: 12000,
    fh_at_release: 292527, // 4875 h 27 min = 4875 × 60 + 27 minutes
    aircraft: { registration: 'PK-GFA' },
    title: 'A-check',
  };
  const cell = (field: string) => formatCell(row, { field }, entity);
  it('shows labels, not codes', () => {
    expect(cell('status')).toBe('In work');
    expect(cell('rii')).toBe('Yes');
  });
  it('shows dates as DD MMM YYYY in the reader language', () => {
    expect(cell('planned_at')).toBe('08 Nov 2026');
    setLanguage('id');
    expect(formatDate('2026-05-12')).toBe('12 Mei 2026');
  });
  it('shows numbers with separators and the scale, hours as H:MM', () => {
    expect(cell('man_hours')).toBe('1,234.50');
    expect(cell('cards')).toBe('12,000');
    expect(cell('fh_at_release')).toBe('4875:27');
    setLanguage('id');
    expect(formatNumber(1234.5, 2)).toBe('1.234,50');
  });
  it('reads through a reference and keeps date-times in UTC', () => {
    expect(cell('aircraft.registration')).toBe('PK-GFA');
    expect(formatDateTime('2026-11-08T23:05:00Z')).toBe('08 Nov 2026 23:05');
    expect(cell('title')).toBe('A-check');
    expect(formatCell({}, { field: 'title' }, entity)).toBe('');
  });
});

describe('filters and the URL', () => {
  const screen: ScreenMeta = {
    kind: 'list',
    module: 'maintenance',
    route: 'work_order',
    title: 'Work Orders',
    permission: 'maintenance/work_order',
    entity,
    pageSize: 25,
    filters: [
      { field: 'status', op: 'eq', param: '' },
      { field: 'planned_at', op: 'between', param: 'planned' },
      { field: 'title', op: 'contains', param: 'title', label: 'Title has' },
      { field: 'aircraft_id', op: 'eq', param: '' },
      { field: 'created_at', op: 'between', param: 'created' },
    ],
  };
  it('gives each filter its control kind, label and parameters', () => {
    const controls = filterControls(screen);
    expect(controls.map((c) => [c.kind, c.params.join('+')])).toEqual([
      ['enum', 'status'],
      ['date', 'planned_from+planned_to'],
      ['text', 'title'],
      ['reference', 'aircraft_id'],
      ['datetime', 'created_from+created_to'],
    ]);
    expect(controls[0].values?.map((v) => v.label)).toEqual(['In work', 'Released']);
    expect(controls[2].label).toBe('Title has');
    expect(controls[3].target).toBe('aircraft');
    expect(filterParams(controls)).toHaveLength(7);
    // a date-time range takes whole days: the upper bound is the end of the day
    expect(queryValue(controls[4], 'created_to', '2026-11-08')).toBe('2026-11-08T23:59:59.999');
    expect(queryValue(controls[4], 'created_from', '2026-11-08')).toBe('2026-11-08T00:00:00');
  });
  it('keeps the list state in the URL and reads it back', () => {
    const q = readListQuery(new URLSearchParams('page=3&limit=50&sortBy=planned_at&sortDir=desc&q=PK&status=INWORK'), screen, ['status']);
    expect(q).toEqual({ page: 3, limit: 50, sortBy: 'planned_at', sortDir: 'desc', q: 'PK', filters: { status: 'INWORK' } });
    expect(writeListQuery(q, screen).toString()).toBe('status=INWORK&q=PK&sortBy=planned_at&sortDir=desc&page=3&limit=50');
    // page 1 and the screen's page size are the defaults: not written
    expect(writeListQuery({ ...q, page: 1, limit: 25, filters: {} }, screen).toString()).toBe('q=PK&sortBy=planned_at&sortDir=desc');
    const bad = readListQuery(new URLSearchParams('page=-2&limit=abc&sortDir=up'), screen);
    expect([bad.page, bad.limit, bad.sortDir]).toEqual([1, 25, '']);
  });
});
