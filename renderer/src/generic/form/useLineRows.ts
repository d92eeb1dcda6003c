import { useRef } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import type { DataRow } from '../../api/types';
import { newLine, nextRowId } from './linesModel';

/**
 * The rows of a lines field and their edits: stable React keys (saved lines could use their key,
 * new ones have none), a cell set or cleared, a lookup's copied values merged into the row as
 * last rendered (its copy arrives after its own choice was emitted), a line added or removed.
 */
export function useLineRows(rows: DataRow[], items: RJSFSchema, emit: (next: DataRow[]) => void) {
  const ids = useRef<string[]>([]);
  while (ids.current.length < rows.length) ids.current.push(nextRowId());
  if (ids.current.length > rows.length) ids.current.length = rows.length;

  const latest = useRef(rows);
  latest.current = rows;
  const setRowValues = (index: number, values: DataRow) =>
    emit(latest.current.map((r, i) => (i === index ? { ...r, ...values } : r)));
  const setCell = (index: number, field: string, value: unknown) => {
    const next = rows.map((r, i) => {
      if (i !== index) return r;
      const row = { ...r };
      if (value === undefined) delete row[field];
      else row[field] = value;
      return row;
    });
    emit(next);
  };
  const add = () => {
    ids.current.push(nextRowId());
    emit([...rows, newLine(items)]);
  };
  const remove = (index: number) => {
    ids.current.splice(index, 1);
    emit(rows.filter((_, i) => i !== index));
  };
  return { ids: ids.current, setRowValues, setCell, add, remove };
}
