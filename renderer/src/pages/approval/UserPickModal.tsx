import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/errors';
import type { UserListRow } from '../../api/types';
import { fetchUserList } from '../../api/users';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Modal } from '../../ui/Modal';
import { PageInfo } from '../../ui/PageInfo';
import { Pagination } from '../../ui/Pagination';
import { SearchBox } from '../../ui/SearchBox';
import { Spinner } from '../../ui/Spinner';
import { useAsync } from '../../ui/useAsync';

const PAGE_SIZE = 10;

/**
 * The routing target pick (spec §2 Routing panel): users/employees of the active company from
 * GET users/list/, filtered by user name and full name (500 ms pause or Enter), 10 per page,
 * pagination only over 10; a row click selects.
 */
export function UserPickModal({ onSelect, onClose }: { onSelect: (row: UserListRow) => void; onClose: () => void }) {
  const [username, setUsername] = useState('');
  const [fullName, setFullName] = useState('');
  const [page, setPage] = useState(1);
  const key = JSON.stringify({ username, fullName, page });
  const load = useCallback(
    (signal: AbortSignal) =>
      fetchUserList({ username, full_name: fullName, page, limit: PAGE_SIZE, sortBy: 'full_name', sortDir: 'asc' }, signal),
    [username, fullName, page],
  );
  const { data, error, loading, reload } = useAsync(key, load);
  const rows = Array.isArray(data?.list) ? data.list : [];
  const total = Number(data?.meta?.total ?? 0);

  return (
    <Modal title="Select User/Employee" onClose={onClose} size="lg">
      <div className="user-pick" data-testid="user-pick">
        <div className="list-toolbar compact">
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
                <th scope="col">User name</th>
                <th scope="col">Full Name</th>
                <th scope="col">Company Name</th>
                <th scope="col">Job Title</th>
              </tr>
            </thead>
            <tbody className={loading && data ? 'is-loading' : undefined}>
              {rows.map((row) => (
                <tr
                  key={row.user_id}
                  tabIndex={0}
                  onClick={() => onSelect(row)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') onSelect(row);
                  }}
                >
                  <td>{row.username}</td>
                  <td>{row.full_name ?? ''}</td>
                  <td>{row.company ?? ''}</td>
                  <td>{row.jabatan ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {loading && !data ? <Spinner label="Loading users…" /> : null}
          {!loading && !error && data && rows.length === 0 ? <EmptyState text="No user found" /> : null}
        </div>
        <div className="list-footer">
          <PageInfo page={page} limit={PAGE_SIZE} total={total} />
          {total > PAGE_SIZE ? <Pagination page={page} limit={PAGE_SIZE} total={total} onChange={setPage} /> : null}
        </div>
      </div>
    </Modal>
  );
}
