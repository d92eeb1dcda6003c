import { useState } from 'react';
import { apiUrl, authFetch, request } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { filenameFromDisposition, saveBlob } from '../../ui/download';
import { Modal } from '../../ui/Modal';
import { readImportStream, type ImportResult, type LogRow } from './importStream';
import { ImportLogTable } from './ImportLogTable';
import { ImportOptions } from './ImportOptions';
import { ImportResultView } from './ImportResultView';
import { t } from '../../i18n';

/** The import dialog of ImportButton: template, options, dry run or import with progress, the log. */
export function ImportDialog({ entity, keys, onClose, onImported }: { entity: string; keys: { field: string; label: string }[]; onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [policy, setPolicy] = useState<'all' | 'valid'>('all');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<{ dry: boolean; r: ImportResult } | null>(null);
  const [error, setError] = useState('');
  const [log, setLog] = useState<LogRow[] | null>(null);
  const base = `data/${encodeURIComponent(entity)}/import`;

  const template = async () => {
    const res = await authFetch(apiUrl(`${base}/template`));
    saveBlob(await res.blob(), filenameFromDisposition(res.headers.get('Content-Disposition'), `${entity}_import_template.xlsx`));
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setError('');
    setResult(null);
    setProgress({ done: 0, total: 0 });
    try {
      const form = new FormData();
      form.append('file', file);
      const res = await authFetch(apiUrl(base, { dryRun: dryRun ? '1' : '0', policy, key }), { method: 'POST', body: form });
      await readImportStream(res.body!, (msg) => {
        if (msg.progress !== undefined) setProgress({ done: msg.progress, total: msg.total ?? 0 });
        if (msg.result) {
          setResult({ dry: dryRun, r: msg.result });
          if (msg.result.committed) onImported();
        }
        if (msg.error) setError(msg.error.message);
      });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const showLog = async () => {
    try {
      setLog((await request<{ data: LogRow[] }>('GET', `${base}/log`)).data);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const pct = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : null;
  return (
    <Modal title={t('Import')} onClose={onClose} size="lg">
      <div className="import-dialog" data-testid="import-dialog">
        <p>
          <button type="button" className="btn btn-link" onClick={() => void template()}>
            {t('Download the template')}
          </button>{' '}
          {t('(xlsx with the form\'s columns; CSV with the same header row works too).')}
        </p>
        <ImportOptions keys={keys} policy={policy} onPolicy={setPolicy} updateBy={key} onUpdateBy={setKey} onFile={setFile} />
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" disabled={!file || busy} onClick={() => void run(true)}>
            {t('Preview (dry run)')}
          </button>
          <button type="button" className="btn btn-primary" disabled={!file || busy} onClick={() => void run(false)}>
            {t('Import')}
          </button>
          <button type="button" className="btn btn-link" onClick={() => void showLog()}>
            {t('Import log')}
          </button>
        </div>
        {progress ? (
          <div className={pct === null ? 'progress indeterminate' : 'progress'} role="progressbar" aria-label={t('Import progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct ?? undefined}>
            <div className="progress-bar" style={pct === null ? undefined : { width: `${pct}%` }} />
          </div>
        ) : null}
        {error ? <p className="text-danger" role="alert">{error}</p> : null}
        {result ? <ImportResultView dry={result.dry} r={result.r} /> : null}
        {log ? <ImportLogTable log={log} /> : null}
      </div>
    </Modal>
  );
}
