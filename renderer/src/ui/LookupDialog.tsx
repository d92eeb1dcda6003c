import { useCallback, useState } from 'react';
import { DataTable } from './DataTable';
import { lookupCell } from './lookupCell';
import { LookupDialogFooter } from './LookupDialogFooter';
import { Modal } from './Modal';
import { SearchBox } from './SearchBox';
import { useAsync } from './useAsync';
import { useTableState } from './useTableState';
import { t } from '../i18n';

/** Spec §9: lookups show 10 rows a page. */
export const LOOKUP_PAGE_SIZE = 10;

export interface LookupColumn {
  field: string;
  label: string;
}

export interface LookupItem {
  key: string;
  display: string;
  row: Record<string, unknown>;
}

export interface LookupPage {
  total: number;
  /** The total is a floor (the server stopped counting at its cap). */
  capped?: boolean;
  items: LookupItem[];
  /** Columns named by the answer (else the dialog's own). */
  columns?: LookupColumn[];
}

interface LookupDialogProps {
  title: string;
  load: (q: string, page: number, limit: number, signal: AbortSignal) => Promise<LookupPage>;
  columns?: LookupColumn[];
  onSelect: (item: LookupItem) => void;
  onClose: () => void;
  /** Offered when the value may be emptied (a field that is not required). */
  onClear?: () => void;
  selectedKey?: string | null;
  filterPlaceholder?: string;
}

/**
 * A lookup dialog (spec §2 vendor lookup): a filter box (500 ms pause or Enter), 10 rows a page,
 * `Showing x to y of n entries`, pagination only over 10 rows; a row click selects.
 */
export function LookupDialog({
  title,
  load,
  columns,
  onSelect,
  onClose,
  onClear,
  selectedKey,
  filterPlaceholder = 'Filter…',
}: LookupDialogProps) {
  const [q, setQ] = useState('');
  const tableState = useTableState({ limit: LOOKUP_PAGE_SIZE });
  const { page } = tableState;
  const fetchPage = useCallback((signal: AbortSignal) => load(q, page, LOOKUP_PAGE_SIZE, signal), [load, q, page]);
  const { data, error, loading, reload } = useAsync(JSON.stringify({ q, page }), fetchPage);
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const capped = data?.capped === true;
  const cols: LookupColumn[] =
    data?.columns && data.columns.length ? data.columns : columns && columns.length ? columns : [{ field: 'display', label: 'Name' }];

  return (
    <Modal
      title={title}
      onClose={onClose}
      size="lg"
      footer={<LookupDialogFooter onClear={onClear} onClose={onClose} />}
    >
      <div className="lookup-dialog" data-testid="lookup-dialog">
        <DataTable<LookupItem>
          {...tableState.table}
          columns={cols.map((c) => ({
            field: c.field,
            label: c.label,
            cell: (item: LookupItem) => (c.field === 'display' ? item.display : lookupCell(item.row, c.field)),
          }))}
          rows={items}
          rowKey={(item) => item.key}
          numbered
          total={total}
          capped={capped}
          compactToolbar
          toolbar={
            <SearchBox
              value={q}
              name="lookup-filter"
              placeholder={filterPlaceholder}
              onSearch={(text) => {
                setQ(text);
                tableState.firstPage();
              }}
            />
          }
          onRowClick={onSelect}
          isSelected={(item) => selectedKey !== undefined && selectedKey !== null && item.key === selectedKey}
          loading={loading}
          error={error}
          onRetry={reload}
          emptyText={t('No data available')}
        />
      </div>
    </Modal>
  );
}
