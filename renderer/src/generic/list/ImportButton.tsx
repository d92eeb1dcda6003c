import { t } from '../../i18n';
import { useState } from 'react';
import { apiUrl, authFetch, request } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { filenameFromDisposition, saveBlob } from '../../ui/download';
import { Modal } from '../../ui/Modal';

interface RowResult {
  row: number;
  action: 'insert' | 'update';
  ok: boolean;
  errors: { field: string; message: string }[];
}
interface ImportResult {
  total: number;
  imported: number;
  failed: number;
  committed: boolean;
  rows: RowResult[];
}
interface LogRow {
  id: number;
  created_at: string;
  created_by: string;
  filename: string;
  mode: string;
  total: number;
  imported: number;
  failed: number;
}

const MODES: Record<string, string> = { dry: 'Dry run', all: 'All or nothing', valid: 'Valid rows only' };

/**
 * Import from xlsx or CSV (needs C): the template with the form's columns; a file previewed by a
 * dry run (each row's errors, nothing written); then the import, all-or-nothing or valid rows
 * only, optionally updating rows whose unique key matches, with a progress bar fed by the
 * server's NDJSON progress lines; and the log of the entity's imports (docs/import.md).
 */
export function ImportButton({ entity, keys, onImported }: { entity: string; keys: { field: string; label: string }[]; onImported: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-secondary" data-testid="import-button" onClick={() => setOpen(true)}>
        {t('Import')}
      </button>
      {open ? (
        <ImportDialog
          entity={entity}
          keys={keys}
          onClose={() => setOpen(false)}
          onImported={onImported}
        />
      ) : null}
    </>
  );
}

function ImportDialog({ entity, keys, onClose, onImported }: { entity: string; keys: { field: string; label: string }[]; onClose: () => void; onImported: () => void }) {
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
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buf = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (value) buf += decoder.decode(value, { stream: true });
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const msg = JSON.parse(buf.slice(0, nl)) as { progress?: number; total?: number; result?: ImportResult; error?: { message: string } };
          buf = buf.slice(nl + 1);
          if (msg.progress !== undefined) setProgress({ done: msg.progress, total: msg.total ?? 0 });
          if (msg.result) {
            setResult({ dry: dryRun, r: msg.result });
            if (msg.result.committed) onImported();
          }
          if (msg.error) setError(msg.error.message);
        }
        if (done) break;
      }
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
  const failed = result?.r.rows.filter((r) => !r.ok) ?? [];
  return (
    <Modal title="Import" onClose={onClose} size="lg">
      <div className="import-dialog" data-testid="import-dialog">
        <p>
          <button type="button" className="btn btn-link" onClick={() => void template()}>
            Download the template
          </button>{' '}
          (xlsx with the form's columns; CSV with the same header row works too).
        </p>
        <div className="import-options">
          <input type="file" aria-label="File" accept=".xlsx,.csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          <label>
            <input type="radio" name="policy" checked={policy === 'all'} onChange={() => setPolicy('all')} /> All or nothing
          </label>
          <label>
            <input type="radio" name="policy" checked={policy === 'valid'} onChange={() => setPolicy('valid')} /> Valid rows only
          </label>
          {keys.length ? (
            <label>
              Update rows with the same{' '}
              <select value={key} onChange={(e) => setKey(e.target.value)} aria-label="Update by">
                <option value="">(always add)</option>
                {keys.map((k) => (
                  <option key={k.field} value={k.field}>
                    {k.label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" disabled={!file || busy} onClick={() => void run(true)}>
            Preview (dry run)
          </button>
          <button type="button" className="btn btn-primary" disabled={!file || busy} onClick={() => void run(false)}>
            Import
          </button>
          <button type="button" className="btn btn-link" onClick={() => void showLog()}>
            Import log
          </button>
        </div>
        {progress ? (
          <div className={pct === null ? 'progress indeterminate' : 'progress'} role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct ?? undefined}>
            <div className="progress-bar" style={pct === null ? undefined : { width: `${pct}%` }} />
          </div>
        ) : null}
        {error ? <p className="text-danger" role="alert">{error}</p> : null}
        {result ? (
          <div className="import-result" data-testid="import-result">
            <p>
              {result.dry ? 'Dry run: nothing was written. ' : ''}
              {result.r.total} rows read, {result.dry ? result.r.total - result.r.failed : result.r.imported} {result.dry ? 'would be imported' : 'imported'}, {result.r.failed} with errors
              {!result.dry && !result.r.committed && result.r.failed ? ' (all or nothing: nothing was imported)' : ''}.
            </p>
            {failed.length ? (
              <table className="data-table">
                <thead>
                  <tr>
                    <th>Row</th>
                    <th>Field</th>
                    <th>Error</th>
                  </tr>
                </thead>
                <tbody>
                  {failed.flatMap((r) =>
                    r.errors.map((e, i) => (
                      <tr key={`${r.row}-${i}`}>
                        <td>{r.row}</td>
                        <td>{e.field}</td>
                        <td>{e.message}</td>
                      </tr>
                    )),
                  )}
                </tbody>
              </table>
            ) : null}
          </div>
        ) : null}
        {log ? (
          <table className="data-table" data-testid="import-log">
            <thead>
              <tr>
                <th>When</th>
                <th>User</th>
                <th>File</th>
                <th>Mode</th>
                <th>Rows</th>
                <th>Imported</th>
                <th>Failed</th>
              </tr>
            </thead>
            <tbody>
              {log.map((l) => (
                <tr key={l.id}>
                  <td>{new Date(l.created_at).toLocaleString()}</td>
                  <td>{l.created_by}</td>
                  <td>{l.filename}</td>
                  <td>{MODES[l.mode] ?? l.mode}</td>
                  <td>{l.total}</td>
                  <td>{l.imported}</td>
                  <td>{l.failed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </Modal>
  );
}
