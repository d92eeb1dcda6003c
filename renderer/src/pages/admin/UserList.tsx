import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/errors';
import type { UserListRow } from '../../api/types';
import { fetchUserList } from '../../api/users';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { LimitSelect } from '../../ui/LimitSelect';
import { PageInfo } from '../../ui/PageInfo';
import { Pagination } from '../../ui/Pagination';
import { SearchBox } from '../../ui/SearchBox';
import { SortHeader, type SortDir } from '../../ui/SortHeader';
import { Spinner } from '../../ui/Spinner';
import { useAsync } from '../../ui/useAsync';

type SortField = 'username' | 'full_name' | 'company' | 'jabatan';

const COLUMNS: Array<{ field: SortField; label: string }> = [
  { field: 'username', label: 'User name' },
  { field: 'full_name', label: 'Full Name' },
  { field: 'company', label: 'Company Name' },
  { field: 'jabatan', label: 'Job Title' },
];

/**
 * The company user list (GET users/list/): filters by user name and full name (500 ms pause or
 * Enter), sortable columns, limit options 10–50, pagination only over 10 users; a row click selects.
 */
export function UserList({ selected, onSelect }: { selected: string | null; onSelect: (row: UserListRow) => void }) {
  const [username, setUsername] = useState('');
  const [fullName, setFullName] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [sort, setSort] = useState<{ by: SortField; dir: SortDir }>({ by: 'username', dir: 'asc' });

  const key = JSON.stringify({ username, fullName, page, limit, sort });
  const load = useCallback(
    (signal: AbortSignal) =>
      fetchUserList({ username, full_name: fullName, page, limit, sortBy: sort.by, sortDir: sort.dir }, signal),
    [username, fullName, page, limit, sort],
  );
  const { data, error, loading, reload } = useAsync(key, load);
  const rows = Array.isArray(data?.list) ? data.list : [];
  const total = Number(data?.meta?.total ?? 0);

  return (
    <div className="user-list" data-testid="user-list">
      <div className="list-toolbar">
        <LimitSelect
          value={limit}
          onChange={(n) => {
            setLimit(n);
            setPage(1);
          }}
        />
        <div className="toolbar-filters">
          <SearchBox
            value={username}
            name="username"
            placeholder="Filter user name"
            onSearch={(v) => {
              setUsername(v);
              setPage(1);
            }}
          />
          <SearchBox
            value={fullName}
            name="full_name"
            placeholder="Filter full name"
            onSearch={(v) => {
              setFullName(v);
              setPage(1);
            }}
          />
        </div>
      </div>
      {error ? <ErrorPanel message={errorMessage(error)} onRetry={reload} /> : null}
      <div className="table-wrap">
        <table className="data-table clickable">
          <thead>
            <tr>
              <th scope="col" className="col-no">
                No.
              </th>
              {COLUMNS.map((c) => (
                <SortHeader
                  key={c.field}
                  label={c.label}
                  active={sort.by === c.field}
                  dir={sort.by === c.field ? sort.dir : undefined}
                  onSort={() => {
                    setSort((s) => ({ by: c.field, dir: s.by === c.field && s.dir === 'asc' ? 'desc' : 'asc' }));
                    setPage(1);
                  }}
                />
              ))}
            </tr>
          </thead>
          <tbody className={loading ? 'is-loading' : undefined}>
            {rows.map((row, i) => (
              <tr
                key={row.user_id}
                tabIndex={0}
                className={selected === row.username ? 'selected' : undefined}
                aria-selected={selected === row.username}
                onClick={() => onSelect(row)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') onSelect(row);
                }}
              >
                <td className="col-no">{(page - 1) * limit + i + 1}</td>
                <td>{row.username}</td>
                <td>{row.full_name ?? ''}</td>
                <td>{row.company ?? ''}</td>
                <td>{row.jabatan ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {loading && rows.length === 0 ? <Spinner /> : null}
        {!loading && !error && rows.length === 0 ? <EmptyState text="No user found" /> : null}
      </div>
      <div className="list-footer">
        <PageInfo page={page} limit={limit} total={total} />
        <Pagination page={page} limit={limit} total={total} onChange={setPage} />
      </div>
    </div>
  );
}
