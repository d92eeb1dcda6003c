import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { downloadAttachment, uploadAttachment } from '../../api/files';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { AttachmentFile } from './AttachmentFile';
import { known, nameFromRecord, useAttachmentInfo } from './attachmentInfo';
import { formContextOf } from './formContext';
import { emptyValueOf } from './schemaTypes';
import { t } from '../../i18n';

/**
 * An attachment field (`x-attachment`): a file input that uploads at once (POST attachments:
 * file, entity, field) and stores the attachment id; the file name links to the download (fetched
 * with the bearer token); a remove button empties the field.
 */
export function AttachmentWidget(p: WidgetProps) {
  const toast = useToast();
  const ctx = formContextOf(p.registry);
  const entity = typeof p.options.attachmentEntity === 'string' ? p.options.attachmentEntity : ctx.entity;
  const field = typeof p.options.attachmentField === 'string' ? p.options.attachmentField : p.name;
  const [busy, setBusy] = useState<'upload' | 'download' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const hasValue = p.value !== null && p.value !== undefined && p.value !== '';
  const info = hasValue ? known.get(String(p.value)) : undefined;
  const filename = info?.filename ?? (hasValue ? (nameFromRecord(ctx.record, field) ?? `Attachment #${String(p.value)}`) : '');
  const locked = Boolean(p.readonly || p.disabled);

  // A saved record holds only the id: ask the server for the name and size once.
  useAttachmentInfo(hasValue && !info ? String(p.value) : null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy('upload');
    try {
      const res = await uploadAttachment(file, entity, field);
      known.set(String(res.attachment_id), { filename: res.filename, size: res.size });
      p.onChange(res.attachment_id);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  const download = async () => {
    if (!hasValue || busy) return;
    setBusy('download');
    try {
      await downloadAttachment(String(p.value), filename);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={`attachment-widget${p.rawErrors?.length ? ' has-error' : ''}`}>
      {hasValue ? (
        <AttachmentFile id={String(p.value)} filename={filename} size={info?.size ?? null} downloading={busy === 'download'} locked={locked} onDownload={() => void download()} onRemove={() => p.onChange(emptyValueOf(p.schema))} />
      ) : locked ? (
        <span className="muted">{t('No file')}</span>
      ) : (
        <input
          ref={input}
          id={p.id}
          name={p.htmlName || p.id}
          type="file"
          disabled={busy !== null}
          aria-invalid={p.rawErrors?.length ? true : undefined}
          accept={typeof p.options.accept === 'string' ? p.options.accept : undefined}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
      )}
      {busy === 'upload' ? <Spinner inline label={t('Uploading…')} /> : null}
    </div>
  );
}
