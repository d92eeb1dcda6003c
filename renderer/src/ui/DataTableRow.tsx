import type { DataColumn } from './DataTable';

interface DataTableRowProps<T> {
  row: T;
  index: number;
  columns: Array<DataColumn<T>>;
  /** The row's number across pages, when the table is numbered. */
  number?: number;
  clickable: boolean;
  onRowClick?: (row: T) => void;
  selected?: boolean;
  className?: string;
}

/** One row of the table: click or Enter activates it (unless inside a column that keeps its own clicks). */
export function DataTableRow<T>({ row, index: i, columns, number, clickable, onRowClick, selected, className }: DataTableRowProps<T>) {
  const classes = [selected ? 'selected' : undefined, className].filter(Boolean).join(' ');
  return (
    <tr
      className={classes || undefined}
      aria-selected={selected}
      tabIndex={clickable ? 0 : undefined}
      onClick={onRowClick ? () => onRowClick(row) : undefined}
      onKeyDown={
        onRowClick
          ? (e) => {
              // the key is used up here: without preventDefault its keypress would
              // reach what takes focus next (a lookup's button) and open it again
              if (e.key === 'Enter') {
                e.preventDefault();
                onRowClick(row);
              }
            }
          : undefined
      }
    >
      {number !== undefined ? <td className="col-no">{number}</td> : null}
      {columns.map((c) => (
        <td key={c.field} className={c.className} onClick={c.ownClicks ? (e) => e.stopPropagation() : undefined}>
          {c.cell(row, i)}
        </td>
      ))}
    </tr>
  );
}
