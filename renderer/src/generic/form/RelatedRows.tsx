import { useCallback, useMemo, useState } from 'react';
import { listRows } from '../../api/data';
import { errorMessage, isApiError } from '../../api/errors';
import { fetchScreen } from '../../api/meta';
import type { DataRow, RelatedMeta, ScreenMeta } from '../../api/types';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { useAsync } from '../../ui/useAsync';
import { screenColumns } from '../columns';
import { columnFormat, formatCell } from '../formatCell';

const PAGE = 20;

interface RelatedRowsProps {
  related: RelatedMeta;
  record: DataRow;
}

/**
 * A read-only section of a form (metadata `related`): the rows of another list or report whose
 * equality filters take values of the open record, e.g. the ledger rows a document posted. Read
 * through the list's own route, so the user's letters on that list apply; a user who may not read
 * it does not see the section.
 */
export function RelatedRows({ related, record }: RelatedRowsProps) {
  const [page, setPage] = useState(1);
  const route = `${related.module}/${related.route}`;
  const loadScreen = useCallback((signal: AbortSignal) => fetchScreen(related.module, related.route, signal), [related.module, related.route]);
  const screenState = useAsync<ScreenMeta>(`screen:${route}`, loadScreen);
  const screen = screenState.data;

  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [param, field] of Object.entries(related.match)) {
      const v = record[field];
      out[param] = v === null || v === undefined ? '' : String(v);
    }
    return out;
  }, [related.match, record]);
  const complete = Object.values(filters).every((v) => v !== '');
  // the record's version changes with every write (a posting too): the rows are read again
  const key = screen && complete ? JSON.stringify({ route, filters, page, version: record.version ?? null }) : null;
  const load = useCallback(
    (signal: AbortSignal) => listRows(screen?.entity?.name ?? '', { ...filters, route, page, limit: PAGE }, signal),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key captures every input
    [key],
  );
  const rows = useAsync(key, load);

  if (screenState.error && isApiError(screenState.error) && (screenState.error.status === 403 || screenState.error.status === 404)) return null;
  const entity = screen?.entity;
  const columns: Array<DataColumn<DataRow>> = (screen ? screenColumns(screen).filter((c) => !related.columns || related.columns.includes(c.field)) : []).map((c) => {
    const f = columnFormat(c, entity);
    return { field: c.field, label: c.label ?? c.field, sortable: false, className: f === 'number' ? 'num' : f === 'date' ? 'nowrap' : undefined, cell: (row: DataRow) => formatCell(row, c, entity) };
  });
  const list: DataRow[] = Array.isArray(rows.data?.list) ? rows.data.list : [];
  const emptyText = related.emptyText || 'No data available';

  let body;
  if (screenState.error) body = <ErrorPanel message={errorMessage(screenState.error)} onRetry={screenState.reload} />;
  else if (!complete) body = <EmptyState text={emptyText} />;
  else if (!screen) body = <Spinner />;
  else
    body = (
      <DataTable<DataRow>
        columns={columns}
        rows={list}
        rowKey={(row, i) => String(row[entity?.key ?? 'id'] ?? i)}
        page={page}
        limit={PAGE}
        total={Number(rows.data?.meta?.total ?? 0)}
        capped={rows.data?.meta?.totalCapped === true}
        onPage={setPage}
        loading={rows.loading}
        error={rows.error}
        onRetry={rows.reload}
        emptyText={emptyText}
      />
    );

  return (
    <section className="card form-section related-rows" aria-label={related.title}>
      <div className="card-header">
        <h2>{related.title}</h2>
      </div>
      <div className="card-body">{body}</div>
    </section>
  );
}
