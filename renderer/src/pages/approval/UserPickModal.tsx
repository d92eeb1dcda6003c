import { useCallback, useState } from 'react';
import type { UserListRow } from '../../api/types';
import { fetchUserList } from '../../api/users';
import { DataTable } from '../../ui/DataTable';
import { Modal } from '../../ui/Modal';
import { useAsync } from '../../ui/useAsync';
import { useTableState } from '../../ui/useTableState';
import { userColumns, UserFilters } from '../admin/userTable';
import { t } from '../../i18n';

/**
 * The routing target pick (spec §2 Routing panel): users/employees of the active company from
 * GET users/list/, filtered by user name and full name (500 ms pause or Enter), 10 per page,
 * pagination only over 10; a row click selects.
 */
export function UserPickModal({ onSelect, onClose }: { onSelect: (row: UserListRow) => void; onClose: () => void }) {
  const [filters, setFilters] = useState({ username: '', fullName: '' });
  const table = useTableState({ limit: 10 });
  const { page, limit } = table;
  const key = JSON.stringify({ filters, page });
  const load = useCallback(
    (signal: AbortSignal) =>
      fetchUserList({ username: filters.username, full_name: filters.fullName, page, limit, sortBy: 'full_name', sortDir: 'asc' }, signal),
    [filters, page, limit],
  );
  const { data, error, loading, reload } = useAsync(key, load);

  return (
    <Modal title={t('Select User/Employee')} onClose={onClose} size="lg">
      <div className="user-pick" data-testid="user-pick">
        <DataTable<UserListRow>
          {...table.table}
          columns={userColumns()}
          rows={Array.isArray(data?.list) ? data.list : []}
          rowKey={(row) => row.user_id}
          total={Number(data?.meta?.total ?? 0)}
          compactToolbar
          toolbar={<UserFilters {...filters} onChange={(f) => {
              setFilters(f);
              table.firstPage();
            }} />}
          onRowClick={onSelect}
          loading={loading}
          error={error}
          onRetry={reload}
          emptyText={t('No user found')}
          loadingLabel={t('Loading users…')}
        />
      </div>
    </Modal>
  );
}
