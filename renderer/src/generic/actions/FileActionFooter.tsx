import { t } from '../../i18n';

interface FileActionFooterProps {
  busy: boolean;
  hasFile: boolean;
  /** The dry run found nothing wrong: the file may be imported. */
  importable: boolean;
  onPreview: () => void;
  onRun: () => void;
  onClose: () => void;
}

/** A file action's buttons: Cancel, Preview (dry run) once a file is chosen, Import once the preview is clean. */
export function FileActionFooter({ busy, hasFile, importable, onPreview, onRun, onClose }: FileActionFooterProps) {
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
        {t('Cancel')}
      </button>
      <button type="button" className="btn btn-secondary" data-testid="file-action-preview" onClick={onPreview} disabled={busy || !hasFile}>
        {t('Preview (dry run)')}
      </button>
      <button type="button" className="btn btn-primary" data-testid="file-action-run" onClick={onRun} disabled={busy || !importable}>
        {busy ? t('Please wait…') : t('Import')}
      </button>
    </>
  );
}
