import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { t } from '../i18n';
import { useNavigate, useSearchParams } from 'react-router';
import type { Query } from '../api/client';
import { listRows } from '../api/data';
import type { DataRow, ScreenMeta } from '../api/types';
import { DataTable, type DataColumn } from '../ui/DataTable';
import { SearchBox } from '../ui/SearchBox';
import { useAsync } from '../ui/useAsync';
import { ActionBar } from './actions/ActionBar';
import { useScreenActions } from './actions/useScreenActions';
import { useOpenContext } from './aircraft/openAircraft';
import { screenColumns, stateFieldsOf } from './columns';
import { cellValue, columnFormat, formatCell } from './formatCell';
import { ExportButton } from './list/ExportButton';
import { ImportButton } from './list/ImportButton';
import { FilterBar } from './list/FilterBar';
import { filterControls, filterParams, queryValue } from './list/filterControls';
import { namedParams, readListQuery, writeListQuery, type ListQuery } from './listQuery';
import { rememberDisplay } from './reference';

// chart.js loads only with a screen that declares a chart (metadata `chart`)
const ListChart = lazy(() => import('./charts/ListChart'));

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

  // the module's open context (spec §3: the open aircraft) is the default of the filter metadata names (`contextFilter`): its key
  const openContext = useOpenContext();
  const contextFilter = screen.contextFilter;
  const defaults = useMemo(() => {
    const out: Record<string, string> = {};
    if (!contextFilter || !openContext) return out;
    const c = controls.find((x) => x.params[0] === contextFilter);
    // the key of a record opened from another module's list (an MRO customer's aircraft in the
    // maintenance lists) would name another record here: such a context fills nothing
    if (c?.target && openContext.entity !== c.target) return out;
    out[contextFilter] = openContext.key;
    if (c?.kind === 'reference') rememberDisplay(entity, c.filter.field, openContext.key, openContext.display);
    return out;
  }, [contextFilter, openContext, controls, entity]);
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
  // rows ticked for the selection actions (kept across pages and sorts until an action succeeds)
  const [ticked, setTicked] = useState<readonly string[]>([]);
  const afterAction = useCallback(() => {
    setTicked([]);
    reload();
  }, [reload]);
  // a signature lists the chosen row as the table shows it (decision 0301)
  const signedItems = () => {
    const row = selected === null ? undefined : rows.find((r) => String(cellValue(r, keyField) ?? '') === selected);
    return row ? columns.map((c) => ({ label: c.label ?? c.field, value: formatCell(row, c, screen.entity) })) : [];
  };
  const actions = useScreenActions(screen, selected, afterAction, undefined, undefined, ticked, signedItems);
  const selectable = actions.actions.some((a) => a.row === true);
  const tickable = actions.actions.some((a) => a.selection === true);
  const toggleTick = (key: string | null) => {
    if (key === null) return;
    setTicked((prev) => (prev.includes(key) ? prev.filter((k) => k !== key) : [...prev, key]));
  };

  const permission = screen.permission ?? '';
  const canCreate = rowClick && Boolean(screen.form) && permission.includes('C');
  const canExport = permission.includes('O') && Boolean(entity);
  const opens = rowClick && Boolean(screen.form);
  const clickable = opens || selectable || tickable;
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
    else if (tickable) toggleTick(key);
  };

  // a screen searches only the fields it declares (the server refuses `q` on one without)
  const searchable = (screen.search?.length ?? 0) > 0;
  const isSelectedRow = (row: DataRow) => {
    const key = rowKeyOf(row);
    return key !== null && key === selected;
  };
  const stateFields = stateFieldsOf(screen);
  const dataColumns: Array<DataColumn<DataRow>> = columns.map((c, i) => {
    const f = columnFormat(c, screen.entity);
    // issue 37 point 2: the key column (the first) and the status stay in view on a wide list
    const lead = (tickable ? 1 : 0) + (selectable ? 1 : 0);
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
  /** Row actions act on the row chosen with this radio button. */
  const selectColumn: DataColumn<DataRow> = {
    field: '__select',
    label: 'Select',
    header: <span className="sr-only">Select</span>,
    headerClassName: `col-select pin-start pin-lead-${tickable ? 1 : 0}`,
    className: `col-select pin-start pin-lead-${tickable ? 1 : 0}`,
    ownClicks: true,
    cell: (row) => {
      const key = rowKeyOf(row);
      return <input type="radio" name="row-select" aria-label="Select row" checked={isSelectedRow(row)} disabled={key === null} onChange={() => setSelected(key)} />;
    },
  };

  /** Selection actions act on the rows ticked here (the header box ticks or unticks the page). */
  const pageKeys = rows.map(rowKeyOf).filter((k): k is string => k !== null);
  const pageTicked = pageKeys.length > 0 && pageKeys.every((k) => ticked.includes(k));
  const tickColumn: DataColumn<DataRow> = {
    field: '__tick',
    label: 'Tick',
    header: (
      <input
        type="checkbox"
        aria-label="Tick every row of this page"
        checked={pageTicked}
        disabled={pageKeys.length === 0}
        onChange={() => setTicked((prev) => (pageTicked ? prev.filter((k) => !pageKeys.includes(k)) : [...prev, ...pageKeys.filter((k) => !prev.includes(k))]))}
      />
    ),
    headerClassName: 'col-select pin-start pin-lead-0',
    className: 'col-select pin-start pin-lead-0',
    ownClicks: true,
    cell: (row) => {
      const key = rowKeyOf(row);
      return <input type="checkbox" aria-label="Tick row" checked={key !== null && ticked.includes(key)} disabled={key === null} onChange={() => toggleTick(key)} />;
    },
  };
  const leading = [...(tickable ? [tickColumn] : []), ...(selectable ? [selectColumn] : [])];

  return (
    <div className="page">
      <div className="page-header">
        <h1>{screen.title}</h1>
        <div className="page-header-actions">
          {canExport ? <ExportButton entity={entity} query={baseQuery} total={total} /> : null}
          {canCreate && screen.kind === 'list' ? <ImportButton entity={entity} keys={importKeys(screen)} onImported={reload} /> : null}
          {canCreate ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => navigate(`/${screen.module}/${screen.form}`)}
            >
              + {t('New')}
            </button>
          ) : null}
        </div>
      </div>
      {actions.resultPanel}
      {screen.chart && rows.length > 0 && (screen.chart.needs ?? []).every((p) => Boolean(values[p])) ? (
        <Suspense fallback={<div className="card list-chart muted">Loading chart…</div>}>
          <ListChart chart={screen.chart} rows={rows} fields={screen.entity?.fields ?? []} />
        </Suspense>
      ) : null}
      <section className="card">
        <DataTable<DataRow>
          columns={[...leading, ...dataColumns]}
          rows={rows}
          rowKey={(row, i) => rowKeyOf(row) ?? i}
          sort={activeSort ? { by: activeSort, dir: activeDir } : null}
          onSort={(next) => update({ sortBy: next.by, sortDir: next.dir, page: 1 })}
          page={query.page}
          limit={query.limit}
          total={total}
          capped={capped}
          onPage={(page) => update({ page })}
          onLimit={(limit) => update({ limit, page: 1 })}
          toolbar={
            <>
              <ActionBar actions={actions.actions} hasRow={selected !== null} ticked={ticked.length} busy={actions.busy} onRun={actions.start} />
              {tickable && ticked.length > 0 ? (
                <span className="muted ticked-count" data-testid="ticked-count">
                  {ticked.length} ticked{' '}
                  <button type="button" className="btn btn-link btn-sm" onClick={() => setTicked([])}>
                    Clear
                  </button>
                </span>
              ) : null}
              {searchable ? <SearchBox value={query.q} onSearch={(q) => update({ q, page: 1 })} /> : null}
            </>
          }
          above={<FilterBar controls={controls} values={values} onChange={setFilter} onClearAll={clearFilters} entity={entity} />}
          onRowClick={clickable ? activateRow : undefined}
          isSelected={selectable ? (row) => isSelectedRow(row) : tickable ? (row) => ticked.includes(rowKeyOf(row) ?? '') : undefined}
          loading={loading}
          error={error}
          onRetry={reload}
          emptyText={screen.emptyText || 'No data available'}
        />
      </section>
      {actions.dialogs}
    </div>
  );
}

export default GenericList;

/** The fields an import may update by: the entity's unique fields (docs/import.md). */
function importKeys(screen: GenericListProps['screen']): { field: string; label: string }[] {
  return (screen.entity?.fields ?? []).filter((f) => (f as { unique?: boolean }).unique).map((f) => ({ field: f.name, label: f.label ?? f.name }));
}
