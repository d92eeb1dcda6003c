import { useCallback, useState } from 'react';
import { errorMessage } from '../api/errors';
import type { CompanyRow } from '../api/types';
import { fetchCompanies } from '../api/users';
import { EmptyState } from '../ui/EmptyState';
import { ErrorPanel } from '../ui/ErrorPanel';
import { LimitSelect } from '../ui/LimitSelect';
import { PageInfo } from '../ui/PageInfo';
import { Pagination } from '../ui/Pagination';
import { SearchBox } from '../ui/SearchBox';
import { Spinner } from '../ui/Spinner';
import { SortHeader, type SortDir } from '../ui/SortHeader';
import { useAsync } from '../ui/useAsync';

function address(row: CompanyRow): string {
  const lines = [row.compaddr1, row.compaddr2, row.compaddr3].filter((l): l is string => Boolean(l && l.trim()));
  return lines.length ? lines.join(' ') : (row.compaddr ?? '');
}

function phoneFax(row: CompanyRow): string {
  return [row.PhoneNo, row.compfax].filter(Boolean).join(' / ');
}

/** Company user list (spec §2): filter, No., Company Name (sortable), Address, Phone/Fax; row click selects. */
export function CompanyList({ onSelect }: { onSelect: (row: CompanyRow) => void }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [sortDir, setSortDir] = useState<SortDir | undefined>(undefined);

  const key = JSON.stringify({ q, page, limit, sortDir });
  const load = useCallback(
    (signal: AbortSignal) =>
      fetchCompanies({ q, page, limit, sortBy: sortDir ? 'company' : undefined, sortDir }, signal),
    [q, page, limit, sortDir],
  );
  const { data, error, loading, reload } = useAsync(key, load);
  const rows = data?.list ?? [];
  const total = data?.meta?.total ?? 0;

  return (
    <div className="company-list">
      <div className="list-toolbar">
        <SearchBox
          value={q}
          placeholder="Filter companies"
          onSearch={(text) => {
            setQ(text);
            setPage(1);
          }}
        />
        <LimitSelect
          value={limit}
          onChange={(n) => {
            setLimit(n);
            setPage(1);
          }}
        />
      </div>
      {error ? <ErrorPanel message={errorMessage(error)} onRetry={reload} /> : null}
      <div className="table-wrap">
        <table className="data-table clickable">
          <thead>
            <tr>
              <th className="col-no">No.</th>
              <SortHeader
                label="Company Name"
                active={sortDir !== undefined}
                dir={sortDir}
                onSort={() => {
                  setSortDir((d) => (d === 'asc' ? 'desc' : 'asc'));
                  setPage(1);
                }}
              />
              <th>Address</th>
              <th>Phone/Fax</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr
                key={row.compcode}
                tabIndex={0}
                onClick={() => onSelect(row)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') onSelect(row);
                }}
              >
                <td className="col-no">{(page - 1) * limit + i + 1}</td>
                <td>{row.company}</td>
                <td>{address(row)}</td>
                <td>{phoneFax(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {loading ? <Spinner /> : null}
        {!loading && !error && rows.length === 0 ? <EmptyState text="No company available" /> : null}
      </div>
      <div className="list-footer">
        <PageInfo page={page} limit={limit} total={total} />
        <Pagination page={page} limit={limit} total={total} onChange={setPage} />
      </div>
    </div>
  );
}
