import { useCallback, useState } from 'react';
import type { CompanyListRow } from '../api/types';
import { fetchCompanies } from '../api/users';
import { DataTable, type DataColumn } from '../ui/DataTable';
import { SearchBox } from '../ui/SearchBox';
import { useAsync } from '../ui/useAsync';
import { useTableState } from '../ui/useTableState';
import { t } from '../i18n';

function address(row: CompanyListRow): string {
  const lines = [row.compaddr1, row.compaddr2, row.compaddr3].filter((l): l is string => Boolean(l && l.trim()));
  return lines.length ? lines.join(' ') : (row.compaddr ?? '');
}

function phoneFax(row: CompanyListRow): string {
  return [row.PhoneNo, row.compfax].filter(Boolean).join(' / ');
}

const COLUMNS: Array<DataColumn<CompanyListRow>> = [
  { field: 'company', label: 'Company Name', cell: (row) => row.company },
  { field: 'address', label: 'Address', sortable: false, cell: address },
  { field: 'phone', label: 'Phone/Fax', sortable: false, cell: phoneFax },
];

/** Company user list (spec §2): filter, No., Company Name (sortable), Address, Phone/Fax; row click selects. */
export function CompanyList({ onSelect }: { onSelect: (row: CompanyListRow) => void }) {
  const [q, setQ] = useState('');
  const tableState = useTableState<'company'>({ limitSelect: true, sort: null });
  const { page, limit, sort } = tableState;

  const key = JSON.stringify({ q, page, limit, sort });
  const load = useCallback(
    (signal: AbortSignal) => fetchCompanies({ q, page, limit, sortBy: sort?.by, sortDir: sort?.dir }, signal),
    [q, page, limit, sort],
  );
  const { data, error, loading, reload } = useAsync(key, load);

  return (
    <div className="company-list">
      <DataTable<CompanyListRow>
        {...tableState.table}
        columns={COLUMNS}
        rows={data?.list ?? []}
        rowKey={(row) => row.compcode}
        numbered
        total={data?.meta?.total ?? 0}
        toolbar={
          <SearchBox
            value={q}
            placeholder={t('Filter companies')}
            onSearch={(text) => {
              setQ(text);
              tableState.firstPage();
            }}
          />
        }
        onRowClick={onSelect}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={t('No company available')}
      />
    </div>
  );
}
