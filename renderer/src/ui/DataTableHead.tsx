import type { DataColumn, DataSort } from './DataTable';
import { SortHeader, type SortDir } from './SortHeader';
import { t } from '../i18n';

interface DataTableHeadProps<T> {
  columns: Array<DataColumn<T>>;
  numbered: boolean;
  sort?: { by: string; dir?: SortDir } | null;
  onSort?: (next: DataSort) => void;
}

/** The table's header row: "No.", then a sort button per sortable column (a click on the sorted one turns its direction). */
export function DataTableHead<T>({ columns, numbered, sort, onSort }: DataTableHeadProps<T>) {
  const sortBy = (c: DataColumn<T>) =>
    onSort?.({ by: c.field, dir: sort?.by === c.field && (sort.dir ?? 'asc') === 'asc' ? 'desc' : 'asc' });
  return (
    <thead>
      <tr>
        {numbered ? (
          <th scope="col" className="col-no">
            {t('No.')}
          </th>
        ) : null}
        {columns.map((c) =>
          c.header !== undefined || !onSort || c.sortable === false ? (
            <th scope="col" key={c.field} className={c.headerClassName}>
              {c.header ?? c.label}
            </th>
          ) : (
            <SortHeader
              key={c.field}
              label={c.label}
              active={sort?.by === c.field}
              dir={sort?.by === c.field ? (sort.dir ?? 'asc') : undefined}
              onSort={() => sortBy(c)}
              className={c.headerClassName}
            />
          ),
        )}
      </tr>
    </thead>
  );
}
