import { useCallback, useMemo, useState } from 'react';
import { listRows } from '../../api/data';
import { errorMessage, isApiError } from '../../api/errors';
import { fetchScreen } from '../../api/meta';
import type { DataRow, RelatedMeta, ScreenMeta } from '../../api/types';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Pagination } from '../../ui/Pagination';
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
  const columns = screen ? screenColumns(screen).filter((c) => !related.columns || related.columns.includes(c.field)) : [];
  const list: DataRow[] = Array.isArray(rows.data?.list) ? rows.data.list : [];
  const total = Number(rows.data?.meta?.total ?? 0);

  let body;
  if (screenState.error) body = <ErrorPanel message={errorMessage(screenState.error)} onRetry={screenState.reload} />;
  else if (!complete) body = <EmptyState text={related.emptyText || 'No data available'} />;
  else if (rows.error) body = <ErrorPanel message={errorMessage(rows.error)} onRetry={rows.reload} />;
  else if (!screen || (rows.loading && !rows.data)) body = <Spinner />;
  else if (list.length === 0) body = <EmptyState text={related.emptyText || 'No data available'} />;
  else
    body = (
      <>
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.field} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((row, i) => (
                <tr key={String(row[screen.entity?.key ?? 'id'] ?? i)}>
                  {columns.map((c) => {
                    const f = columnFormat(c, screen.entity);
                    return (
                      <td key={c.field} className={f === 'number' ? 'num' : f === 'date' ? 'nowrap' : undefined}>
                        {formatCell(row, c, screen.entity)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {total > PAGE ? <Pagination page={page} limit={PAGE} total={total} onChange={setPage} /> : null}
      </>
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
