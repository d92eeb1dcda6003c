import { useCallback } from 'react';
import { Link } from 'react-router';
import { fetchRoutes } from '../../api/meta';
import { errorMessage } from '../../api/errors';
import { printRequisition } from '../../api/mrequest';
import { fetchHistoryPrint, printPreviewUrl, type ApprovalHeader } from '../../api/tasks';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { useAsync } from '../../ui/useAsync';
import { materialRequestAccess } from './documentAccess';
import { PdfFrame } from './PdfFrame';
import { useSession } from '../../session/sessionContext';
import { t } from '../../i18n';

/**
 * The document print preview in the side frame: a material request prints itself
 * (aircraft-mrequest/print?key=record_key); other documents, or a material request the user may
 * not print (see documentAccess.ts), print through the task (tasktodo/historyprint/{taskkey}):
 * the document itself, header, lines and amounts, then the approval history.
 */
async function printJob(header: ApprovalHeader, accessKey: string, signal: AbortSignal): Promise<string> {
  if (header.entity_name === 'material_request' && header.record_key && (await materialRequestAccess(accessKey)).print) {
    try {
      return (await printRequisition(header.record_key, signal)).id;
    } catch (e) {
      if (signal.aborted) throw e;
    }
  }
  return (await fetchHistoryPrint(header.taskkey, signal)).id;
}

/** The address of the form that opens the task's document (null when it has none). */
async function documentLink(header: ApprovalHeader): Promise<string | null> {
  if (!header.entity_name || !header.record_key) return null;
  const form = (await fetchRoutes()).find((r) => r.kind === 'form' && r.entity === header.entity_name && r.opensDocument);
  return form ? `/${form.module}/${form.route}/${encodeURIComponent(header.record_key)}` : null;
}

export function DocumentPreview({ header, sample }: { header: ApprovalHeader; sample: boolean }) {
  const linkKey = sample ? null : `${header.entity_name ?? ''}:${header.record_key ?? ''}`;
  const loadLink = useCallback(() => documentLink(header), [header]);
  const link = useAsync(linkKey, loadLink);
  const { session } = useSession();
  const accessKey = `${session?.username ?? ''}@${session?.compcode ?? ''}`;
  const load = useCallback((signal: AbortSignal) => printJob(header, accessKey, signal), [header, accessKey]);
  const key = sample ? null : `${header.entity_name ?? ''}:${header.record_key ?? ''}:${header.taskkey}`;
  const { data: id, error, loading, reload } = useAsync(key, load);
  return (
    <section className="card preview-card" aria-labelledby="preview-title">
      <div className="card-header card-header-row">
        <h2 id="preview-title">{t('Document Preview')}</h2>
        {link.data ? (
          <Link className="btn btn-secondary btn-sm" to={link.data}>
            {t('Open document')}
          </Link>
        ) : null}
        {!sample ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={reload} disabled={loading}>
            {t('Refresh')}
          </button>
        ) : null}
      </div>
      <div className="preview-body">
        {sample ? <p className="muted-text preview-note">{t('The sample document has no print preview.')}</p> : null}
        {loading ? <Spinner label={t('Preparing the print preview…')} /> : null}
        {error ? <ErrorPanel message={errorMessage(error)} onRetry={reload} /> : null}
        {!loading && !error && id ? <PdfFrame src={printPreviewUrl(id)} title={t('Document print preview')} /> : null}
      </div>
    </section>
  );
}
