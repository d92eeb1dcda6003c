import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/errors';
import {
  fetchMasterItem,
  fetchRequisitionDetail,
  fetchRequisitionHistory,
  printRequisition,
  type RequisitionHeader,
  type RequisitionLine,
} from '../../api/mrequest';
import { printPreviewUrl } from '../../api/tasks';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';
import { clientPage, useTableState } from '../../ui/useTableState';
import { formatDate, statusLabel } from '../approval/format';
import { HistoryTable } from '../approval/HistoryTable';
import { PdfFrame } from '../approval/PdfFrame';
import '../approval/approval.css';

/** Spec §9: requisition lines, 20 per page by default. */
const DEFAULT_LIMIT = 20;

const PROGRESS: Record<number, string> = {
  0: 'MR Approved',
  1: 'Purchase Request',
  2: 'Canvasing Sheet',
  3: 'Purchase Order',
  4: 'Receiving',
};

const serialise = (e: unknown): string => {
  if (e instanceof ApiError) return JSON.stringify(e.body);
  if (e instanceof Error) return JSON.stringify({ name: e.name, message: e.message });
  try {
    return JSON.stringify(e);
  } catch {
    return String(e);
  }
};

interface Loaded {
  header: RequisitionHeader;
  lines: RequisitionLine[];
}

/** The detail ([[header], lines]); lines with only an item reference get its part number and name. */
async function loadDetail(key: string, signal: AbortSignal): Promise<Loaded> {
  const res = await fetchRequisitionDetail(key, signal);
  const header = Array.isArray(res) && Array.isArray(res[0]) ? res[0][0] : undefined;
  if (!header) throw new Error(`Requisition ${key} was not found.`);
  const lines = Array.isArray(res[1]) ? res[1] : [];
  const missing = [...new Set(lines.filter((l) => l.item && !l.partnumber && !l.itemname).map((l) => Number(l.item)))];
  if (missing.length) {
    const found = await Promise.allSettled(missing.map((id) => fetchMasterItem(id, signal)));
    const items = new Map<number, { partnumber?: string | null; itemname?: string | null }>();
    found.forEach((r, i) => {
      if (r.status === 'fulfilled' && r.value?.data) items.set(missing[i], r.value.data);
    });
    return {
      header,
      lines: lines.map((l) => {
        const it = l.item ? items.get(Number(l.item)) : undefined;
        return it && !l.partnumber && !l.itemname ? { ...l, partnumber: it.partnumber ?? null, itemname: it.itemname ?? null } : l;
      }),
    };
  }
  return { header, lines };
}

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const id = `req-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" readOnly value={value} data-testid={testId} />
    </div>
  );
}

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
        {Number(l.outstand) === 0 ? <div className="muted-text">Closed{l.close_reason ? `: ${l.close_reason}` : ''}</div> : null}
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

function masterItem(l: RequisitionLine): string {
  if (Number(l.linetype) === 3) return l.glaccount ? `GL ${l.glaccount}` : 'GL Account';
  const parts = [l.partnumber, l.itemname].filter(Boolean);
  return parts.length ? parts.join(' / ') : l.itemno ?? '';
}

/**
 * Spec §2 Requisition view (/requisition-view?key={requestkey}): a read-only material or service
 * requisition with its lines (paged here, adjustable limit), the approval history, Print (PDF
 * preview in a dialog) and Close.
 */
export function RequisitionViewPage() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const navigate = useNavigate();
  const toast = useToast();

  const load = useCallback((signal: AbortSignal) => loadDetail(key, signal), [key]);
  const { data, error, loading, reload } = useAsync(key ? `req:${key}` : null, load);
  const loadHistory = useCallback((signal: AbortSignal) => fetchRequisitionHistory(key, signal), [key]);
  const history = useAsync(key ? `reqhist:${key}` : null, loadHistory);

  useEffect(() => {
    if (error) toast.error(serialise(error), 'ERROR MESSAGE');
  }, [error, toast]);

  const t = useTableState({ limit: DEFAULT_LIMIT, limitSelect: true });
  const [preview, setPreview] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);

  const header = data?.header;
  const lines = useMemo(() => data?.lines ?? [], [data]);
  const total = lines.length;
  const shown = clientPage(lines, t.page, t.limit);
  const service = Number(header?.jasa) === 1;

  const print = async () => {
    const requestkey = header?.requestkey ?? (key || null);
    if (!requestkey) {
      toast.warning('Please select a row that want to be Printed!');
      return;
    }
    setPrinting(true);
    try {
      const res = await printRequisition(requestkey);
      setPreview(printPreviewUrl(res.id));
    } catch (e) {
      toast.error(e instanceof ApiError ? e.body.message || serialise(e) : errorMessage(e));
    } finally {
      setPrinting(false);
    }
  };

  const close = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/home');
  };

  return (
    <div className="page requisition-view-page">
      <div className="page-header">
        <div>
          <h1>{header ? (service ? 'Service Request' : 'Material Request') : 'Requisition'}</h1>
          {header?.requestno ? <p className="muted">{header.requestno}</p> : null}
        </div>
        <div className="page-header-actions">
          <button type="button" className="btn btn-primary" onClick={() => void print()} disabled={printing || loading}>
            {printing ? 'Printing…' : 'Print'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={close}>
            Close
          </button>
        </div>
      </div>

      {!key ? <EmptyState text="No requisition chosen: open one from a material request list or a task." /> : null}
      {loading && !data ? <Spinner label="Loading requisition…" /> : null}
      {error ? <ErrorPanel message={errorMessage(error)} onRetry={reload} /> : null}

      {header ? (
        <>
          <section className="card" aria-labelledby="req-title">
            <div className="card-header card-header-row">
              <h2 id="req-title">Requisition</h2>
              <div className="header-pills">
                {header.statuswf ? (
                  <span className={`pill status-${header.statuswf}`} data-testid="req-status">
                    {statusLabel(header.statuswf)}
                  </span>
                ) : null}
                {header.progress !== null && header.progress !== undefined && PROGRESS[Number(header.progress)] ? (
                  <span className="pill">{PROGRESS[Number(header.progress)]}</span>
                ) : null}
                {Number(header.barter) === 1 ? <span className="pill pill-warn">BARTER</span> : null}
              </div>
            </div>
            <div className="card-body">
              <div className="form-grid req-grid">
                <Field label="Request No." value={header.requestno ?? ''} testId="req-no" />
                <Field label="Request Date" value={formatDate(header.requestdate)} />
                <Field label="Request Type" value={service ? 'Service Request' : 'Material Request'} />
                <Field label="Internal Budget No." value={header.budgetinfo ?? ''} />
                <Field label={service ? 'Expected Service' : 'Expected Delivery'} value={formatDate(header.expectreceipt)} />
                {service ? <Field label="Service Finish Date" value={formatDate(header.jasafinish)} /> : null}
                <Field label="Delivery Location" value={header.locationdeliv ?? ''} />
                <Field label="Aircraft Registration" value={header.registration ?? ''} />
                <div className="field">
                  <span>BARTER</span>
                  <label className="checkbox-label">
                    <input type="checkbox" checked={Number(header.barter) === 1} readOnly disabled />
                    {Number(header.barter) === 1 ? 'Yes' : 'No'}
                  </label>
                </div>
                <Field label="Requested By" value={header.create_by ?? ''} />
                <div className="field span-2">
                  <label htmlFor="req-remark">Remark</label>
                  <textarea id="req-remark" readOnly rows={2} value={header.remark ?? ''} />
                </div>
              </div>
            </div>
          </section>

          <section className="card" aria-labelledby="req-lines-title">
            <div className="card-header card-header-row">
              <h2 id="req-lines-title">{service ? 'Requested Services' : 'Requested Items'}</h2>
              <span className="pill">{total}</span>
            </div>
            <DataTable<RequisitionLine>
              {...t.table}
              columns={LINE_COLUMNS}
              rows={shown.rows}
              rowKey={(l) => l.reqdtlkey}
              numbered
              page={shown.page}
              total={total}
              paginateOver={t.limit}
              rowClassName={(l) => (Number(l.outstand) === 0 ? 'row-closed' : undefined)}
              loading={false}
              emptyText="This requisition has no line."
              testId="req-lines"
            />
          </section>

          <section className="card" aria-labelledby="req-history-title">
            <div className="card-header">
              <h2 id="req-history-title">Approval History</h2>
            </div>
            {history.loading && !history.data ? <Spinner label="Loading history…" /> : null}
            {history.error ? <ErrorPanel message={errorMessage(history.error)} onRetry={history.reload} /> : null}
            {history.data ? (
              <HistoryTable
                rows={(history.data.data ?? []).map((r) => ({
                  taskassignkey: r.taskassignkey,
                  assignstr: null,
                  assigndate: r.assigndate,
                  crewname: r.crewname,
                  onBehalfOf: r.onBehalfOf,
                  actiontake: r.actiontake,
                  actionBy: r.actionBy,
                  message: r.message,
                  completeddate: r.completeddate,
                  expired: r.expired,
                }))}
              />
            ) : null}
          </section>
        </>
      ) : null}

      {preview ? (
        <Modal title={`Print Preview${header?.requestno ? ` — ${header.requestno}` : ''}`} onClose={() => setPreview(null)} size="lg">
          <div className="print-dialog">
            <PdfFrame src={preview} title="Requisition print preview" />
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

export default RequisitionViewPage;
