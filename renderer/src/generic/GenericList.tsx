import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { listRows } from '../api/data';
import { errorMessage } from '../api/errors';
import type { DataRow, ScreenMeta } from '../api/types';
import { EmptyState } from '../ui/EmptyState';
import { ErrorPanel } from '../ui/ErrorPanel';
import { LimitSelect } from '../ui/LimitSelect';
import { PageInfo } from '../ui/PageInfo';
import { Pagination } from '../ui/Pagination';
import { SearchBox } from '../ui/SearchBox';
import { SortHeader } from '../ui/SortHeader';
import { Spinner } from '../ui/Spinner';
import { useAsync } from '../ui/useAsync';
import { ActionBar } from './actions/ActionBar';
import { useScreenActions } from './actions/useScreenActions';
import { screenColumns } from './columns';
import { cellValue, formatCell } from './formatCell';
import { namedParams, readListQuery, writeListQuery, type ListQuery } from './listQuery';

interface GenericListProps {
  screen: ScreenMeta;
  /** Route parameters (path segments after the route). */
  params: string[];
  /** Row click opens the screen's form (lists); reports have none. */
  rowClick: boolean;
}

/** A metadata list or report: free text, sortable columns, paging; state in the URL. */
export function GenericList({ screen, params, rowClick }: GenericListProps) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readListQuery(searchParams, screen);
  const columns = useMemo(() => screenColumns(screen), [screen]);
  const entity = screen.entity?.name ?? '';
  const keyField = screen.entity?.key ?? 'id';
  const route = `${screen.module}/${screen.route}`;
  const extra = useMemo(() => namedParams(screen, params), [screen, params]);

  const update = (patch: Partial<ListQuery>) => {
    setSearchParams(writeListQuery({ ...query, ...patch }, screen), { replace: true });
  };

  const fetchKey = entity ? JSON.stringify({ entity, route, query, extra }) : null;
  const load = useCallback(
    (signal: AbortSignal) =>
      listRows(
        entity,
        {
          ...extra,
          route,
          page: query.page,
          limit: query.limit,
          sortBy: query.sortBy,
          sortDir: query.sortBy ? query.sortDir : '',
          q: query.q,
        },
        signal,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetchKey captures every input
    [fetchKey],
  );
  const { data, error, loading, reload } = useAsync(fetchKey, load);
  const rows: DataRow[] = Array.isArray(data?.list) ? data.list : [];
  const total = Number(data?.meta?.total ?? 0);

  const [selected, setSelected] = useState<string | null>(null);
  const actions = useScreenActions(screen, selected, reload);
  const selectable = actions.actions.some((a) => a.row === true);

  const permission = screen.permission ?? '';
  const canCreate = rowClick && Boolean(screen.form) && permission.includes('C');
  const opens = rowClick && Boolean(screen.form);
  const clickable = opens || selectable;
  const rowKeyOf = (row: DataRow): string | null => {
    const key = cellValue(row, keyField);
    return key === undefined || key === null ? null : String(key);
  };
  const activeSort = query.sortBy || screen.defaultSort?.field || '';
  const activeDir = query.sortBy ? query.sortDir || 'asc' : (screen.defaultSort?.dir ?? 'asc');

  /** A row click opens the form when there is one, else selects the row for the row actions. */
  const activateRow = (row: DataRow) => {
    const key = rowKeyOf(row);
    if (key === null) return;
    if (opens) navigate(`/${screen.module}/${screen.form}/${encodeURIComponent(key)}`);
    else if (selectable) setSelected(key);
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1>{screen.title}</h1>
        {canCreate ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => navigate(`/${screen.module}/${screen.form}`)}
          >
            + New
          </button>
        ) : null}
      </div>
      {actions.resultPanel}
      <section className="card">
        <div className="list-toolbar">
          <LimitSelect value={query.limit} onChange={(limit) => update({ limit, page: 1 })} />
          <ActionBar actions={actions.actions} hasRow={selected !== null} busy={actions.busy} onRun={actions.start} />
          <SearchBox value={query.q} onSearch={(q) => update({ q, page: 1 })} />
        </div>
        {error ? <ErrorPanel message={errorMessage(error)} onRetry={reload} /> : null}
        <div className="table-wrap">
          <table className={clickable ? 'data-table clickable' : 'data-table'}>
            <thead>
              <tr>
                {selectable ? (
                  <th scope="col" className="col-select">
                    <span className="sr-only">Select</span>
                  </th>
                ) : null}
                {columns.map((c) => (
                  <SortHeader
                    key={c.field}
                    label={c.label ?? c.field}
                    sortable={c.sortable !== false}
                    active={activeSort === c.field}
                    dir={activeSort === c.field ? activeDir : undefined}
                    onSort={() =>
                      update({
                        sortBy: c.field,
                        sortDir: activeSort === c.field && activeDir === 'asc' ? 'desc' : 'asc',
                        page: 1,
                      })
                    }
                  />
                ))}
              </tr>
            </thead>
            <tbody className={loading ? 'is-loading' : undefined}>
              {rows.map((row, i) => {
                const key = rowKeyOf(row);
                const isSelected = selectable && key !== null && key === selected;
                return (
                  <tr
                    key={key ?? i}
                    className={isSelected ? 'selected' : undefined}
                    aria-selected={selectable ? isSelected : undefined}
                    tabIndex={clickable ? 0 : undefined}
                    onClick={clickable ? () => activateRow(row) : undefined}
                    onKeyDown={
                      clickable
                        ? (e) => {
                            if (e.key === 'Enter') activateRow(row);
                          }
                        : undefined
                    }
                  >
                    {selectable ? (
                      <td className="col-select" onClick={(e) => e.stopPropagation()}>
                        <input
                          type="radio"
                          name="row-select"
                          aria-label="Select row"
                          checked={isSelected}
                          disabled={key === null}
                          onChange={() => setSelected(key)}
                        />
                      </td>
                    ) : null}
                    {columns.map((c) => (
                      <td key={c.field} className={c.format === 'number' || c.format === 'hm' ? 'num' : undefined}>
                        {formatCell(row, c, screen.entity)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {loading ? <Spinner /> : null}
          {!loading && !error && rows.length === 0 ? (
            <EmptyState text={screen.emptyText || 'No data available'} />
          ) : null}
        </div>
        <div className="list-footer">
          <PageInfo page={query.page} limit={query.limit} total={total} />
          <Pagination page={query.page} limit={query.limit} total={total} onChange={(page) => update({ page })} />
        </div>
      </section>
      {actions.dialogs}
    </div>
  );
}

export default GenericList;
