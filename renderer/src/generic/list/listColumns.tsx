import type { DataRow, ScreenColumn, ScreenMeta } from '../../api/types';
import type { DataColumn } from '../../ui/DataTable';
import { stateFieldsOf } from '../columns';
import { cellValue, columnFormat, formatCell } from '../formatCell';
import { t } from '../../i18n';

/** A row's key as the list keeps it (text), or null for a row without one. */
export function rowKeyOf(row: DataRow, keyField: string): string | null {
  const key = cellValue(row, keyField);
  return key === undefined || key === null ? null : String(key);
}

/** The chosen row as the table shows it, label and text per column: what a signature lists (decision 0301). */
export function signedItemsOf(screen: ScreenMeta, columns: readonly ScreenColumn[], rows: readonly DataRow[], keyField: string, selected: string | null): { label: string; value: string }[] {
  const row = selected === null ? undefined : rows.find((r) => String(cellValue(r, keyField) ?? '') === selected);
  return row ? columns.map((c) => ({ label: c.label ?? c.field, value: formatCell(row, c, screen.entity) })) : [];
}

/**
 * The table columns of a list's screen columns: numbers right-aligned, dates unwrapped, the key
 * column (the first) pinned at the start after the `lead` choice columns and the status fields at
 * the end (issue 37 point 2), each cell formatted as the screen declares.
 */
export function dataColumns(screen: ScreenMeta, columns: readonly ScreenColumn[], lead: number): Array<DataColumn<DataRow>> {
  const stateFields = stateFieldsOf(screen);
  return columns.map((c, i) => {
    const f = columnFormat(c, screen.entity);
    const pin = i === 0 ? `pin-start pin-lead-${lead}` : stateFields.has(c.field) ? 'pin-end' : undefined;
    const className = [f === 'number' || f === 'hm' ? 'num' : f === 'date' || f === 'datetime' ? 'nowrap' : undefined, pin].filter(Boolean).join(' ');
    return {
      field: c.field,
      label: c.label ?? c.field,
      sortable: c.sortable !== false,
      className: className || undefined,
      headerClassName: pin,
      cell: (row) => formatCell(row, c, screen.entity),
    };
  });
}

/** Row actions act on the row chosen with this radio button. */
export function selectColumn(keyOf: (row: DataRow) => string | null, selected: string | null, onSelect: (key: string | null) => void, tickable: boolean): DataColumn<DataRow> {
  return {
    field: '__select',
    label: 'Select',
    header: <span className="sr-only">{t('Select')}</span>,
    headerClassName: `col-select pin-start pin-lead-${tickable ? 1 : 0}`,
    className: `col-select pin-start pin-lead-${tickable ? 1 : 0}`,
    ownClicks: true,
    cell: (row) => {
      const key = keyOf(row);
      return <input type="radio" name="row-select" aria-label={t('Select row')} checked={key !== null && key === selected} disabled={key === null} onChange={() => onSelect(key)} />;
    },
  };
}

/** Selection actions act on the rows ticked here (the header box ticks or unticks the page). */
export function tickColumn(
  keyOf: (row: DataRow) => string | null,
  rows: readonly DataRow[],
  ticked: readonly string[],
  setTicked: (next: (prev: readonly string[]) => readonly string[]) => void,
  toggleTick: (key: string | null) => void,
): DataColumn<DataRow> {
  const pageKeys = rows.map(keyOf).filter((k): k is string => k !== null);
  const pageTicked = pageKeys.length > 0 && pageKeys.every((k) => ticked.includes(k));
  return {
    field: '__tick',
    label: 'Tick',
    header: (
      <input
        type="checkbox"
        aria-label={t('Tick every row of this page')}
        checked={pageTicked}
        disabled={pageKeys.length === 0}
        onChange={() => setTicked((prev) => (pageTicked ? prev.filter((k) => !pageKeys.includes(k)) : [...prev, ...pageKeys.filter((k) => !prev.includes(k))]))}
      />
    ),
    headerClassName: 'col-select pin-start pin-lead-0',
    className: 'col-select pin-start pin-lead-0',
    ownClicks: true,
    cell: (row) => {
      const key = keyOf(row);
      return <input type="checkbox" aria-label={t('Tick row')} checked={key !== null && ticked.includes(key)} disabled={key === null} onChange={() => toggleTick(key)} />;
    },
  };
}
