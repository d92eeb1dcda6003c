import { useState } from 'react';
import type { ActionResult } from '../../api/data';
import { apiUrl, authFetch } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { filenameFromDisposition, saveBlob } from '../../ui/download';
import { t } from '../../i18n';
import { Modal } from '../../ui/Modal';

interface Problem {
  kind?: string;
  path?: string;
  item?: string;
  message?: string;
}

interface Props {
  title: string;
  /** json: the file is parsed and sent as JSON; xlsx: a workbook, sent base64-encoded. */
  kind?: 'json' | 'xlsx';
  /** The API path of a template to fill (metadata `template`). */
  template?: string;
  /** Runs the action with the file (`dryRun` for the preview). */
  run: (body: { file: unknown; filename: string; dryRun: boolean }) => Promise<ActionResult>;
  onDone: (result: ActionResult) => void;
  onClose: () => void;
}

/**
 * An action that takes a JSON file (metadata `file: json`, e.g. an aircraft's records import):
 * the user picks the file, the dry run's answer is shown as the preview (what would be written,
 * and every problem with where it is in the file), then Import runs it for real.
 */
/** A file's bytes as base64 (an xlsx for the action's body). */
async function base64Of(f: File): Promise<string> {
  const bytes = new Uint8Array(await f.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function FileActionModal({ title, kind = 'json', template, run, onDone, onClose }: Props) {
  const [file, setFile] = useState<{ name: string; doc: unknown } | null>(null);
  const [preview, setPreview] = useState<ActionResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (f: File | undefined) => {
    setPreview(null);
    setError(null);
    setFile(null);
    if (!f) return;
    try {
      setFile({ name: f.name, doc: kind === 'xlsx' ? await base64Of(f) : JSON.parse(await f.text()) });
    } catch {
      setError(`${f.name} is not a JSON file.`);
    }
  };
  const downloadTemplate = async () => {
    if (!template) return;
    try {
      const res = await authFetch(apiUrl(template));
      saveBlob(await res.blob(), filenameFromDisposition(res.headers.get('Content-Disposition'), 'template.xlsx'));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const go = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const r = await run({ file: file.doc, filename: file.name, dryRun });
      if (dryRun) setPreview(r);
      else onDone(r);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const problems = (preview?.problems as Problem[] | undefined) ?? [];
  const importable = preview !== null && preview.committed === false && problems.length === 0;
  const footer = (
    <>
      <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
        {t('Cancel')}
      </button>
      <button type="button" className="btn btn-secondary" data-testid="file-action-preview" onClick={() => void go(true)} disabled={busy || !file}>
        {t('Preview (dry run)')}
      </button>
      <button type="button" className="btn btn-primary" data-testid="file-action-run" onClick={() => void go(false)} disabled={busy || !importable}>
        {busy ? t('Please wait…') : t('Import')}
      </button>
    </>
  );
  return (
    <Modal title={title} onClose={onClose} size="lg" footer={footer}>
      <label className="field">
        <span>{t('File')}</span>
        <input
          type="file"
          accept={kind === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.xlsx' : 'application/json,.json'}
          data-testid="file-action-input"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </label>
      {template ? (
        <button type="button" className="btn btn-link" data-testid="file-action-template" onClick={() => void downloadTemplate()}>
          {t('Download the template')}
        </button>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {preview ? (
        <section data-testid="file-action-result" aria-live="polite">
          <p>{String(preview.message ?? '')}</p>
          {problems.length ? (
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>{t('Item')}</th>
                  <th>{t('Where in the file')}</th>
                  <th>{t('Problem')}</th>
                </tr>
              </thead>
              <tbody>
                {problems.map((p, i) => (
                  <tr key={i}>
                    <td>{p.item}</td>
                    <td>
                      <code>{p.path}</code>
                    </td>
                    <td>{p.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      ) : null}
    </Modal>
  );
}
