import type { UserListRow } from '../../api/types';
import type { DataColumn } from '../../ui/DataTable';
import { SearchBox } from '../../ui/SearchBox';
import { t } from '../../i18n';

export type UserSortField = 'username' | 'full_name' | 'company' | 'jabatan';

/** The columns of user lists (GET users/list/): the company user list and the routing pick. */
export const USER_COLUMNS: Array<DataColumn<UserListRow> & { field: UserSortField }> = [
  { field: 'username', label: 'User name', cell: (row) => row.username },
  { field: 'full_name', label: 'Full Name', cell: (row) => row.full_name ?? '' },
  { field: 'company', label: 'Company Name', cell: (row) => row.company ?? '' },
  { field: 'jabatan', label: 'Job Title', cell: (row) => row.jabatan ?? '' },
];

/** The two filters of user lists (user name, full name; 500 ms pause or Enter). */
export function UserFilters({
  username,
  fullName,
  onChange,
}: {
  username: string;
  fullName: string;
  onChange: (filters: { username: string; fullName: string }) => void;
}) {
  return (
    <div className="toolbar-filters">
      <SearchBox value={username} name="username" placeholder={t('Filter user name')} onSearch={(v) => onChange({ username: v, fullName })} />
      <SearchBox value={fullName} name="full_name" placeholder={t('Filter full name')} onSearch={(v) => onChange({ username, fullName: v })} />
    </div>
  );
}
