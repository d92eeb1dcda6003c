import type { ReactNode } from 'react';
import { errorMessage } from '../api/errors';
import { EmptyState } from './EmptyState';
import { ErrorPanel } from './ErrorPanel';
import { LimitSelect } from './LimitSelect';
import { PageInfo } from './PageInfo';
import { Pagination } from './Pagination';
import { PAGINATION_THRESHOLD } from './paging';
import { DataTableHead } from './DataTableHead';
import { DataTableRow } from './DataTableRow';
import type { SortDir } from './SortHeader';
import { Spinner } from './Spinner';
import { t } from '../i18n';

export interface DataColumn<T> {
  /** What the column sorts by; also its React key. */
  field: string;
  label: string;
  /** Sortable when the table sorts (`onSort`) unless false. */
  sortable?: boolean;
  /** Class of the column's cells (`num`, `nowrap`, `cell-detail`…). */
  className?: string;
  /** A header other than the label (e.g. a selection column's hidden label); never a sort button. */
  header?: ReactNode;
  /** Class of a header that is not a sort button. */
  headerClassName?: string;
  /** Clicks inside the cell do not activate the row (a radio button). */
  ownClicks?: boolean;
  cell: (row: T, index: number) => ReactNode;
}

export interface DataSort {
  by: string;
  dir: SortDir;
}

export interface DataTableProps<T> {
  columns: Array<DataColumn<T>>;
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  /** A leading "No." column numbering rows across pages. */
  numbered?: boolean;
  /** The column sorted by, shown with its direction. */
  sort?: { by: string; dir?: SortDir } | null;
  /** Given: headers sort; a click on the sorted column turns the direction, on another sorts ascending. */
  onSort?: (next: DataSort) => void;
  page: number;
  limit: number;
  total: number;
  /** The total is a floor: the server stopped counting ("of 10,000+ entries"). */
  capped?: boolean;
  onPage: (page: number) => void;
  /** Given: the rows-per-page select (spec §2 limit options) opens the toolbar. */
  onLimit?: (limit: number) => void;
  /** Pagination shows only when the total is over this many rows (spec §2: 10). */
  paginateOver?: number;
  /** Filters, search boxes and actions of the toolbar (after the limit select). */
  toolbar?: ReactNode;
  compactToolbar?: boolean;
  /** Between the toolbar and the table (a filter bar). */
  above?: ReactNode;
  onRowClick?: (row: T) => void;
  isSelected?: (row: T) => boolean;
  rowClassName?: (row: T) => string | undefined;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText: string;
  loadingLabel?: string;
  testId?: string;
}

/**
 * The one table of the renderer's lists (spec §2/§9): toolbar with the limit select, sortable
 * headers, optional "No." column, row click or Enter, loading and empty states, "Showing x to y of
 * n entries" and pagination. Rows come paged from the caller (server or client paging).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  numbered = false,
  sort,
  onSort,
  page,
  limit,
  total,
  capped = false,
  onPage,
  onLimit,
  paginateOver = PAGINATION_THRESHOLD,
  toolbar,
  compactToolbar = false,
  above,
  onRowClick,
  isSelected,
  rowClassName,
  loading,
  error,
  onRetry,
  emptyText,
  loadingLabel,
  testId,
}: DataTableProps<T>) {
  const clickable = Boolean(onRowClick);
  const hasRows = rows.length > 0;

  return (
    <>
      {onLimit || toolbar ? (
        <div className={compactToolbar ? 'list-toolbar compact' : 'list-toolbar'}>
          {onLimit ? <LimitSelect value={limit} onChange={onLimit} /> : null}
          {toolbar}
        </div>
      ) : null}
      {above}
      {error ? <ErrorPanel message={errorMessage(error)} onRetry={onRetry} /> : null}
      <div className="table-wrap">
        <table className={clickable ? 'data-table clickable' : 'data-table'} data-testid={testId}>
          <DataTableHead columns={columns} numbered={numbered} sort={sort} onSort={onSort} />
          <tbody className={loading && hasRows ? 'is-loading' : undefined}>
            {rows.map((row, i) => (
              <DataTableRow
                key={rowKey(row, i)}
                row={row}
                index={i}
                columns={columns}
                number={numbered ? (page - 1) * limit + i + 1 : undefined}
                clickable={clickable}
                onRowClick={onRowClick}
                selected={isSelected ? isSelected(row) : undefined}
                className={rowClassName?.(row)}
              />
            ))}
          </tbody>
        </table>
        {loading && !hasRows ? <Spinner label={loadingLabel} /> : null}
        {!loading && !error && !hasRows ? <EmptyState text={emptyText} /> : null}
      </div>
      <div className="list-footer">
        <PageInfo page={page} limit={limit} total={total} capped={capped} />
        {loading && hasRows ? <Spinner inline label={t('Refreshing…')} /> : null}
        {total > paginateOver ? <Pagination page={page} limit={limit} total={total} capped={capped} onChange={onPage} /> : null}
      </div>
    </>
  );
}
