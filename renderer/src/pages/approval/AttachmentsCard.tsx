import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { downloadAttachment, uploadAttachment, type Attachment } from '../../api/tasks';
import { filenameFromDisposition, formatBytes, saveBlob } from '../../ui/download';
import { Modal } from '../../ui/Modal';
import { useToast } from '../../ui/toast/toastContext';
import { t } from '../../i18n';

interface AttachmentsCardProps {
  attachments: Attachment[];
  taskkey: number;
  /** The sample document: nothing is downloaded or uploaded. */
  readOnly?: boolean;
  onChange: (list: Attachment[]) => void;
}

/** 'Add Attachment Form': one file, saved as an attachment of the task. */
function AddAttachmentModal({ taskkey, onSaved, onClose }: { taskkey: number; onSaved: (list: Attachment[]) => void; onClose: () => void }) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (!file) {
      toast.warning('Please choose a file');
      return;
    }
    setBusy(true);
    try {
      const list = await uploadAttachment(file, taskkey);
      toast.success(t('{file} attached', { file: file.name }));
      onSaved(list);
    } catch (e) {
      toast.error(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('Add Attachment Form')}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {t('Cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={busy}>
            {busy ? t('Saving…') : t('Save')}
          </button>
        </>
      }
    >
      <label className="field">
        <span>{t('File')}</span>
        <input type="file" name="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      {file ? <p className="muted">{file.name} ({formatBytes(file.size)})</p> : null}
    </Modal>
  );
}

/** Attachments of the task: download links (fetched with the bearer token) and Add. */
export function AttachmentsCard({ attachments, taskkey, readOnly = false, onChange }: AttachmentsCardProps) {
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = async (a: Attachment) => {
    if (readOnly) return;
    setDownloading(a.attachmentKey);
    try {
      const { blob, disposition } = await downloadAttachment(a.attachmentKey);
      saveBlob(blob, filenameFromDisposition(disposition, a.attchFileNm || 'attachment'));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section className="card" aria-labelledby="attachments-title">
      <div className="card-header card-header-row">
        <h2 id="attachments-title">{t('Attachments')}</h2>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAdding(true)} disabled={readOnly}>
          {t('Add')}
        </button>
      </div>
      <div className="card-body">
        {attachments.length === 0 ? (
          <p className="muted-text">{t('No attachment.')}</p>
        ) : (
          <ul className="attachment-list" data-testid="attachment-list">
            {attachments.map((a) => (
              <li key={a.attachmentKey}>
                <a
                  href={`#attachment-${a.attachmentKey}`}
                  aria-disabled={readOnly || undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    void download(a);
                  }}
                >
                  {a.attchFileNm}
                </a>
                <span className="muted-text">
                  {a.size !== undefined ? ` ${formatBytes(a.size)}` : ''}
                  {a.uploadedBy ? ` · ${a.uploadedBy}` : ''}
                  {downloading === a.attachmentKey ? ` · ${t('downloading…')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {adding ? (
        <AddAttachmentModal
          taskkey={taskkey}
          onClose={() => setAdding(false)}
          onSaved={(list) => {
            onChange(list);
            setAdding(false);
          }}
        />
      ) : null}
    </section>
  );
}
