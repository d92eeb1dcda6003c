import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Query } from '../api/client';
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
import { AIRCRAFT_SOURCES, aircraftDefault, useOpenAircraft } from './aircraft/openAircraft';
import { screenColumns } from './columns';
import { cellValue, columnFormat, formatCell } from './formatCell';
import { ExportButton } from './list/ExportButton';
import { FilterBar } from './list/FilterBar';
import { filterControls, filterParams, queryValue } from './list/filterControls';
import { namedParams, readListQuery, writeListQuery, type ListQuery } from './listQuery';
import { rememberDisplay } from './reference';

interface GenericListProps {
  screen: ScreenMeta;
  /** Route parameters (path segments after the route). */
  params: string[];
  /** Row click opens the screen's form (lists); reports have none. */
  rowClick: boolean;
}

/**
 * A metadata list or report: filters, free text, sortable columns, paging, export; the state
 * (filters, sort, page, limit, q) lives in the URL so a list is bookmarkable and survives reloads.
 */
export function GenericList({ screen, params, rowClick }: GenericListProps) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const controls = useMemo(() => filterControls(screen), [screen]);
  const paramNames = useMemo(() => filterParams(controls), [controls]);
  const query = readListQuery(searchParams, screen, paramNames);
  const columns = useMemo(() => screenColumns(screen), [screen]);
  const entity = screen.entity?.name ?? '';
  const keyField = screen.entity?.key ?? 'id';
  const route = `${screen.module}/${screen.route}`;
  const extra = useMemo(() => namedParams(screen, params), [screen, params]);

  // Fleet screens (spec §3): the open aircraft is the default of an aircraft/registration filter.
  const openAircraft = useOpenAircraft();
  const defaults = useMemo(() => {
    const out: Record<string, string> = {};
    if (!AIRCRAFT_SOURCES[screen.module]) return out;
    for (const name of paramNames) {
      const v = aircraftDefault(name, openAircraft);
      if (v !== undefined) out[name] = v;
    }
    if (openAircraft) {
      for (const c of controls) {
        if (c.kind === 'reference' && out[c.params[0]] !== undefined) {
          rememberDisplay(entity, c.filter.field, openAircraft.aircraft.aircraft_id, openAircraft.aircraft.registration);
        }
      }
    }
    return out;
  }, [screen.module, paramNames, openAircraft, controls, entity]);
  const keepEmpty = useMemo(() => new Set(Object.keys(defaults)), [defaults]);

  /** Effective filter values: the URL's, else the default. */
  const values = useMemo(() => {
    const out: Record<string, string> = { ...defaults };
    for (const [k, v] of Object.entries(query.filters)) out[k] = v;
    return out;
  }, [defaults, query.filters]);

  const filterQuery = useMemo(() => {
    const out: Record<string, string> = {};
    for (const c of controls) {
      for (const p of c.params) {
        const v = (values[p] ?? '').trim();
        if (v !== '') out[p] = queryValue(c, p, v);
      }
    }
    return out;
  }, [controls, values]);

  const update = (patch: Partial<ListQuery>) => {
    setSearchParams(writeListQuery({ ...query, ...patch }, screen, keepEmpty), { replace: true });
  };
  const setFilter = (param: string, value: string) => {
    update({ filters: { ...query.filters, [param]: value }, page: 1 });
  };
  const clearFilters = () => {
    const cleared: Record<string, string> = {};
    for (const name of paramNames) if (keepEmpty.has(name) || query.filters[name] !== undefined) cleared[name] = '';
    update({ filters: cleared, page: 1 });
  };

  const sortDir = query.sortBy ? query.sortDir : '';
  const baseQuery: Query = { ...filterQuery, ...extra, route, q: query.q, sortBy: query.sortBy, sortDir };
  const fetchKey = entity ? JSON.stringify({ entity, baseQuery, page: query.page, limit: query.limit }) : null;
  const load = useCallback(
    (signal: AbortSignal) => listRows(entity, { ...baseQuery, page: query.page, limit: query.limit }, signal),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetchKey captures every input
    [fetchKey],
  );
  const { data, error, loading, reload } = useAsync(fetchKey, load);
  const rows: DataRow[] = Array.isArray(data?.list) ? data.list : [];
  const total = Number(data?.meta?.total ?? 0);
  const capped = data?.meta?.totalCapped === true;

  const [selected, setSelected] = useState<string | null>(null);
  const actions = useScreenActions(screen, selected, reload);
  const selectable = actions.actions.some((a) => a.row === true);

  const permission = screen.permission ?? '';
  const canCreate = rowClick && Boolean(screen.form) && permission.includes('C');
  const canExport = permission.includes('O') && Boolean(entity);
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

  const searchable = (screen.search?.length ?? 1) > 0;
  const cellClass: Record<string, string | undefined> = {};
  for (const c of columns) {
    const f = columnFormat(c, screen.entity);
    cellClass[c.field] = f === 'number' || f === 'hm' ? 'num' : f === 'date' || f === 'datetime' ? 'nowrap' : undefined;
  }

  return (
    <div className="page">
      <div className="page-header">
        <h1>{screen.title}</h1>
        <div className="page-header-actions">
          {canExport ? <ExportButton entity={entity} query={baseQuery} total={total} /> : null}
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
      </div>
      {actions.resultPanel}
      <section className="card">
        <div className="list-toolbar">
          <LimitSelect value={query.limit} onChange={(limit) => update({ limit, page: 1 })} />
          <ActionBar actions={actions.actions} hasRow={selected !== null} busy={actions.busy} onRun={actions.start} />
          {searchable ? <SearchBox value={query.q} onSearch={(q) => update({ q, page: 1 })} /> : null}
        </div>
        <FilterBar controls={controls} values={values} onChange={setFilter} onClearAll={clearFilters} entity={entity} />
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
                      <td key={c.field} className={cellClass[c.field]}>
                        {formatCell(row, c, screen.entity)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {loading && rows.length === 0 ? <Spinner /> : null}
          {!loading && !error && rows.length === 0 ? (
            <EmptyState text={screen.emptyText || 'No data available'} />
          ) : null}
        </div>
        <div className="list-footer">
          <PageInfo page={query.page} limit={query.limit} total={total} capped={capped} />
          {loading && rows.length > 0 ? <Spinner inline label="Refreshing…" /> : null}
          <Pagination page={query.page} limit={query.limit} total={total} capped={capped} onChange={(page) => update({ page })} />
        </div>
      </section>
      {actions.dialogs}
    </div>
  );
}

export default GenericList;
