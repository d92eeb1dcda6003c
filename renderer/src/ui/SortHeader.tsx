export type SortDir = 'asc' | 'desc';

interface SortHeaderProps {
  label: string;
  active: boolean;
  dir?: SortDir;
  onSort: () => void;
  sortable?: boolean;
  /** More classes of the header cell (a pinned column's `pin-start`/`pin-end`). */
  className?: string;
}

/** A sortable table header cell (click or Enter toggles the direction). */
export function SortHeader({ label, active, dir, onSort, sortable = true, className }: SortHeaderProps) {
  if (!sortable) return <th scope="col" className={className}>{label}</th>;
  const ariaSort = active ? (dir === 'desc' ? 'descending' : 'ascending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className={[active ? 'sortable sorted' : 'sortable', className].filter(Boolean).join(' ')}>
      <button type="button" className="sort-button" onClick={onSort}>
        {label}
        <span className="sort-indicator" aria-hidden="true">
          {active ? (dir === 'desc' ? '▼' : '▲') : '↕'}
        </span>
      </button>
    </th>
  );
}
