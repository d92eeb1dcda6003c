import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { Query } from '../api/client';
import type { DataRow, ScreenMeta } from '../api/types';
import { DataTable } from '../ui/DataTable';
import { ActionBar } from './actions/ActionBar';
import { useScreenActions } from './actions/useScreenActions';
import { screenColumns } from './columns';
import { FilterBar } from './list/FilterBar';
import { ListChartPanel } from './list/ListChartPanel';
import { ListHeader } from './list/ListHeader';
import { ListToolbar } from './list/ListToolbar';
import { dataColumns, rowKeyOf, selectColumn, signedItemsOf, tickColumn } from './list/listColumns';
import { useListFilters } from './list/useListFilters';
import { useListRows } from './list/useListRows';
import { useRowChoice } from './list/useRowChoice';
import { namedParams } from './listQuery';

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
  const { query, controls, values, filterQuery, update, setFilter, clearFilters } = useListFilters(screen);
  const columns = useMemo(() => screenColumns(screen), [screen]);
  const entity = screen.entity?.name ?? '';
  const keyField = screen.entity?.key ?? 'id';
  const route = `${screen.module}/${screen.route}`;
  const extra = useMemo(() => namedParams(screen, params), [screen, params]);

  const sortDir = query.sortBy ? query.sortDir : '';
  const baseQuery: Query = { ...filterQuery, ...extra, route, q: query.q, sortBy: query.sortBy, sortDir };
  const { rows, total, capped, error, loading, reload } = useListRows(entity, baseQuery, query.page, query.limit);

  const { selected, setSelected, ticked, setTicked, toggleTick, afterAction } = useRowChoice(reload);
  // a signature lists the chosen row as the table shows it (decision 0301)
  const signedItems = () => signedItemsOf(screen, columns, rows, keyField, selected);
  const actions = useScreenActions(screen, selected, afterAction, undefined, undefined, ticked, signedItems);
  const selectable = actions.actions.some((a) => a.row === true);
  const tickable = actions.actions.some((a) => a.selection === true);

  const permission = screen.permission ?? '';
  const canCreate = rowClick && Boolean(screen.form) && permission.includes('C');
  const canExport = permission.includes('O') && Boolean(entity);
  const opens = rowClick && Boolean(screen.form);
  const clickable = opens || selectable || tickable;
  const keyOf = (row: DataRow) => rowKeyOf(row, keyField);
  const activeSort = query.sortBy || screen.defaultSort?.field || '';
  const sort = activeSort ? { by: activeSort, dir: query.sortBy ? query.sortDir || 'asc' : (screen.defaultSort?.dir ?? 'asc') } : null;

  /** A row click opens the form when there is one, else selects the row for the row actions. */
  const activateRow = (row: DataRow) => {
    const key = keyOf(row);
    if (key === null) return;
    if (opens) navigate(`/${screen.module}/${screen.form}/${encodeURIComponent(key)}`);
    else if (selectable) setSelected(key);
    else if (tickable) toggleTick(key);
  };

  // a screen searches only the fields it declares (the server refuses `q` on one without)
  const searchable = (screen.search?.length ?? 0) > 0;
  const isSelectedRow = (row: DataRow) => {
    const key = keyOf(row);
    return key !== null && key === selected;
  };
  // issue 37 point 2: the key column (the first) and the status stay in view on a wide list
  const lead = (tickable ? 1 : 0) + (selectable ? 1 : 0);
  const leading = [...(tickable ? [tickColumn(keyOf, rows, ticked, setTicked, toggleTick)] : []), ...(selectable ? [selectColumn(keyOf, selected, setSelected, tickable)] : [])];

  return (
    <div className="page">
      <ListHeader screen={screen} query={baseQuery} total={total} canExport={canExport} canCreate={canCreate} onImported={reload} />
      {actions.resultPanel}
      <ListChartPanel screen={screen} rows={rows} values={values} />
      <section className="card">
        <DataTable<DataRow>
          columns={[...leading, ...dataColumns(screen, columns, lead)]}
          rows={rows}
          rowKey={(row, i) => keyOf(row) ?? i}
          sort={sort}
          onSort={(next) => update({ sortBy: next.by, sortDir: next.dir, page: 1 })}
          page={query.page}
          limit={query.limit}
          total={total}
          capped={capped}
          onPage={(page) => update({ page })}
          onLimit={(limit) => update({ limit, page: 1 })}
          toolbar={
            <ListToolbar
              actionBar={<ActionBar actions={actions.actions} hasRow={selected !== null} ticked={ticked.length} busy={actions.busy} onRun={actions.start} />}
              ticked={ticked.length}
              tickable={tickable}
              onClearTicks={() => setTicked([])}
              searchable={searchable}
              q={query.q}
              onSearch={(q) => update({ q, page: 1 })}
            />
          }
          above={<FilterBar controls={controls} values={values} onChange={setFilter} onClearAll={clearFilters} entity={entity} />}
          onRowClick={clickable ? activateRow : undefined}
          isSelected={selectable ? (row) => isSelectedRow(row) : tickable ? (row) => ticked.includes(keyOf(row) ?? '') : undefined}
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
