import { useCallback, useState } from 'react';
import type { UserListRow } from '../../api/types';
import { fetchUserList } from '../../api/users';
import { DataTable } from '../../ui/DataTable';
import { useAsync } from '../../ui/useAsync';
import { useTableState } from '../../ui/useTableState';
import { userColumns, UserFilters, type UserSortField } from './userTable';
import { t } from '../../i18n';

/**
 * The company user list (GET users/list/): filters by user name and full name (500 ms pause or
 * Enter), sortable columns, limit options 10–50, pagination only over 10 users; a row click selects.
 */
export function UserList({ selected, onSelect }: { selected: string | null; onSelect: (row: UserListRow) => void }) {
  const [filters, setFilters] = useState({ username: '', fullName: '' });
  const tableState = useTableState<UserSortField>({ limitSelect: true, sort: { by: 'username', dir: 'asc' } });
  const { page, limit, sort } = tableState;

  const key = JSON.stringify({ filters, page, limit, sort });
  const load = useCallback(
    (signal: AbortSignal) =>
      fetchUserList({ username: filters.username, full_name: filters.fullName, page, limit, sortBy: sort?.by, sortDir: sort?.dir }, signal),
    [filters, page, limit, sort],
  );
  const { data, error, loading, reload } = useAsync(key, load);

  return (
    <div className="user-list" data-testid="user-list">
      <DataTable<UserListRow>
        {...tableState.table}
        columns={userColumns()}
        rows={Array.isArray(data?.list) ? data.list : []}
        rowKey={(row) => row.user_id}
        numbered
        total={Number(data?.meta?.total ?? 0)}
        toolbar={<UserFilters {...filters} onChange={(f) => {
              setFilters(f);
              tableState.firstPage();
            }} />}
        onRowClick={onSelect}
        isSelected={(row) => selected === row.username}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={t('No user found')}
      />
    </div>
  );
}
