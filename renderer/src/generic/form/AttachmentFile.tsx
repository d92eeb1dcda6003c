import { apiUrl } from '../../api/client';
import { formatBytes } from '../../ui/download';
import { Spinner } from '../../ui/Spinner';
import { t } from '../../i18n';

interface AttachmentFileProps {
  id: string;
  filename: string;
  size: number | null;
  downloading: boolean;
  locked: boolean;
  onDownload: () => void;
  onRemove: () => void;
}

/** An attachment field's file: its name linking to the download, its size, and remove unless locked. */
export function AttachmentFile({ id, filename, size, downloading, locked, onDownload, onRemove }: AttachmentFileProps) {
  return (
    <div className="attachment-file">
      <a
        href={apiUrl(`attachments/${encodeURIComponent(id)}`)}
        onClick={(e) => {
          e.preventDefault();
          onDownload();
        }}
        data-testid="attachment-link"
      >
        {filename}
      </a>
      {size !== null ? <span className="muted">({formatBytes(size)})</span> : null}
      {downloading ? <Spinner inline label={t('Downloading…')} /> : null}
      {locked ? null : (
        <button
          type="button"
          className="icon-btn"
          aria-label={`Remove ${filename}`}
          title={t('Remove file')}
          onClick={onRemove}
        >
          ×
        </button>
      )}
    </div>
  );
}
