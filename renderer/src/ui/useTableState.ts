import { useState } from 'react';
import type { DataSort } from './DataTable';
import { pageCount } from './paging';

interface TableStateOptions<F extends string> {
  /** Rows per page (default 10). */
  limit?: number;
  /** The user may change the rows per page (the limit select). */
  limitSelect?: boolean;
  /** Initial sort; `null`: sortable, unsorted until a header is clicked; absent: not sortable. */
  sort?: { by: F; dir: DataSort['dir'] } | null;
}

/**
 * Page, rows per page and sort of a DataTable, as its props (`{...state.table}`). A new limit or
 * sort returns to page 1; so does `firstPage()` (call it when a filter changes).
 */
export function useTableState<F extends string = string>(opts: TableStateOptions<F> = {}) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(opts.limit ?? 10);
  const [sort, setSort] = useState<{ by: F; dir: DataSort['dir'] } | null>(opts.sort ?? null);
  const sortable = opts.sort !== undefined;
  return {
    page,
    limit,
    sort,
    firstPage: () => setPage(1),
    table: {
      page,
      limit,
      onPage: setPage,
      ...(opts.limitSelect
        ? {
            onLimit: (n: number) => {
              setLimit(n);
              setPage(1);
            },
          }
        : {}),
      ...(sortable
        ? {
            sort,
            onSort: (next: DataSort) => {
              setSort({ by: next.by as F, dir: next.dir });
              setPage(1);
            },
          }
        : {}),
    },
  };
}

/** One page of rows held in the browser; the page is kept within the pages there are. */
export function clientPage<T>(rows: T[], page: number, limit: number): { rows: T[]; page: number } {
  const current = Math.min(page, pageCount(rows.length, limit));
  return { rows: rows.slice((current - 1) * limit, current * limit), page: current };
}
