import { t } from '../../i18n';
import { useRef, useState } from 'react';
import type { Query } from '../../api/client';
import { errorMessage, isAbort } from '../../api/errors';
import { exportRows, type ExportProgress } from '../../api/files';
import { formatBytes } from '../../ui/download';
import { Modal } from '../../ui/Modal';
import { useToast } from '../../ui/toast/toastContext';

interface ExportButtonProps {
  entity: string;
  /** route, q, sort and the current filters. */
  query: Query;
  /** The list's current total (the row estimate until the server's X-Total-Count arrives). */
  total: number;
}

/**
 * Export to Excel (needs the O letter): GET data/{entity}/export streamed with the current
 * filters; a dialog shows bytes received, the rows estimate and a progress bar, with Cancel; the
 * workbook is saved under the server's file name.
 */
/** "12 KB received of 40 KB · about 1,200 rows": one text per form, each with its Indonesian. */
function exportProgressText(received: string, expected: string | null, count: number): string {
  const v = { received, expected: expected ?? '', rows: count.toLocaleString('en-US') };
  if (expected === null) return count === 1 ? t('{received} received · about {rows} row', v) : t('{received} received · about {rows} rows', v);
  return count === 1 ? t('{received} received of {expected} · about {rows} row', v) : t('{received} received of {expected} · about {rows} rows', v);
}

export function ExportButton({ entity, query, total }: ExportButtonProps) {
  const toast = useToast();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const ctrl = useRef<AbortController | null>(null);

  const start = async () => {
    if (ctrl.current) return;
    const c = new AbortController();
    ctrl.current = c;
    setProgress({ received: 0, expected: null, rows: null });
    try {
      const res = await exportRows(entity, query, (p) => setProgress(p), c.signal);
      const rows = res.rows ?? total;
      toast.success(`Exported ${rows.toLocaleString('en-US')} rows to ${res.filename}`);
    } catch (e) {
      if (isAbort(e) || c.signal.aborted) toast.info('Export cancelled');
      else toast.error(errorMessage(e));
    } finally {
      ctrl.current = null;
      setProgress(null);
    }
  };

  const cancel = () => ctrl.current?.abort();
  const rows = progress?.rows ?? total;
  const pct =
    progress && progress.expected ? Math.min(100, Math.round((progress.received / progress.expected) * 100)) : null;

  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => void start()} disabled={progress !== null}>
        {t('Export')}
      </button>
      {progress ? (
        <Modal
          title={t('Export to Excel')}
          size="sm"
          onClose={cancel}
          footer={
            <button type="button" className="btn btn-secondary" onClick={cancel}>
              {t('Cancel')}
            </button>
          }
        >
          <div className="export-progress" data-testid="export-progress">
            <p>
              {exportProgressText(formatBytes(progress.received), progress.expected ? formatBytes(progress.expected) : null, rows)}
            </p>
            <div
              className={pct === null ? 'progress indeterminate' : 'progress'}
              role="progressbar"
              aria-label={t('Export progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={pct ?? undefined}
            >
              <div className="progress-bar" style={pct === null ? undefined : { width: `${pct}%` }} />
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
