import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/errors';
import { fetchRequisitionHistory, printRequisition } from '../../api/mrequest';
import { printPreviewUrl } from '../../api/tasks';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';
import { PdfFrame } from '../approval/PdfFrame';
import { loadDetail, serialise } from './requisitionDetail';
import { RequisitionHeaderCard } from './RequisitionHeaderCard';
import { RequisitionHistoryCard } from './RequisitionHistoryCard';
import { RequisitionLinesCard } from './RequisitionLinesCard';
import '../approval/approval.css';
import { t } from '../../i18n';

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

  const [preview, setPreview] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);

  const header = data?.header;
  const lines = useMemo(() => data?.lines ?? [], [data]);
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
            {t('Close')}
          </button>
        </div>
      </div>

      {!key ? <EmptyState text={t('No requisition chosen: open one from a material request list or a task.')} /> : null}
      {loading && !data ? <Spinner label={t('Loading requisition…')} /> : null}
      {error ? <ErrorPanel message={errorMessage(error)} onRetry={reload} /> : null}

      {header ? (
        <>
          <RequisitionHeaderCard header={header} service={service} />
          <RequisitionLinesCard lines={lines} service={service} />
          <RequisitionHistoryCard history={history} />
        </>
      ) : null}

      {preview ? (
        <Modal title={`Print Preview${header?.requestno ? ` — ${header.requestno}` : ''}`} onClose={() => setPreview(null)} size="lg">
          <div className="print-dialog">
            <PdfFrame src={preview} title={t('Requisition print preview')} />
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

export default RequisitionViewPage;
