import type { RequisitionLine } from '../../api/mrequest';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { clientPage, useTableState } from '../../ui/useTableState';
import { masterItem } from './requisitionDetail';
import { t } from '../../i18n';

/** Spec §9: requisition lines, 20 per page by default. */
const DEFAULT_LIMIT = 20;

const LINE_COLUMNS: Array<DataColumn<RequisitionLine>> = [
  {
    field: 'item',
    label: 'Master Item',
    cell: (l) => (
      <>
        {masterItem(l)}
        {l.iteminfo ? <div className="muted-text">{l.iteminfo}</div> : null}
      </>
    ),
  },
  {
    field: 'description',
    label: 'Description',
    className: 'cell-detail',
    cell: (l) => (
      <>
        {l.description ?? ''}
        {Number(l.outstand) === 0 ? <div className="muted-text">{l.close_reason ? t('Closed: {reason}', { reason: l.close_reason }) : t('Closed')}</div> : null}
      </>
    ),
  },
  {
    field: 'quantity',
    label: 'Quantity',
    className: 'num',
    headerClassName: 'num',
    cell: (l) => (l.quantity === null || l.quantity === undefined ? '' : Number(l.quantity).toLocaleString()),
  },
  { field: 'invunitom', label: 'Unit', cell: (l) => l.invunitom || 'PCS' },
];

/** The requisition's lines, paged here (adjustable limit); closed lines marked. */
export function RequisitionLinesCard({ lines, service }: { lines: RequisitionLine[]; service: boolean }) {
  const tableState = useTableState({ limit: DEFAULT_LIMIT, limitSelect: true });
  const total = lines.length;
  const shown = clientPage(lines, tableState.page, tableState.limit);
  return (
    <section className="card" aria-labelledby="req-lines-title">
      <div className="card-header card-header-row">
        <h2 id="req-lines-title">{service ? 'Requested Services' : 'Requested Items'}</h2>
        <span className="pill">{total}</span>
      </div>
      <DataTable<RequisitionLine>
        {...tableState.table}
        columns={LINE_COLUMNS}
        rows={shown.rows}
        rowKey={(l) => l.reqdtlkey}
        numbered
        page={shown.page}
        total={total}
        paginateOver={tableState.limit}
        rowClassName={(l) => (Number(l.outstand) === 0 ? 'row-closed' : undefined)}
        loading={false}
        emptyText={t('This requisition has no line.')}
        testId="req-lines"
      />
    </section>
  );
}
