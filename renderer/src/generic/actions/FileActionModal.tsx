import { useState } from 'react';
import type { ActionResult } from '../../api/data';
import { apiUrl, authFetch } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { filenameFromDisposition, saveBlob } from '../../ui/download';
import { t } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { base64Of } from './fileBase64';
import { FileActionFooter } from './FileActionFooter';
import { FileActionPreview, type Problem } from './FileActionPreview';

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
  const footer = <FileActionFooter busy={busy} hasFile={file !== null} importable={importable} onPreview={() => void go(true)} onRun={() => void go(false)} onClose={onClose} />;
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
      {preview ? <FileActionPreview preview={preview} problems={problems} /> : null}
    </Modal>
  );
}
