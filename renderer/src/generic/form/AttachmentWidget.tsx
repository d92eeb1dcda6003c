import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { apiUrl } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { attachmentInfo, downloadAttachment, uploadAttachment } from '../../api/files';
import { formatBytes } from '../../ui/download';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { formContextOf } from './formContext';
import { emptyValueOf } from './schemaTypes';

/** Upload answers seen in this page, by attachment id (the record itself holds only the id). */
const known = new Map<string, { filename: string; size: number | null }>();

function nameFromRecord(record: Record<string, unknown>, field: string): string | undefined {
  for (const k of [`${field}_filename`, `${field}_name`, `${field}.filename`]) {
    const v = record[k];
    if (typeof v === 'string' && v) return v;
  }
  const nested = record[field];
  if (nested && typeof nested === 'object' && typeof (nested as { filename?: unknown }).filename === 'string') {
    return (nested as { filename: string }).filename;
  }
  return undefined;
}

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
  const [, setTick] = useState(0);

  // A saved record holds only the id: ask the server for the name and size once.
  const unknownId = hasValue && !info ? String(p.value) : null;
  useEffect(() => {
    if (!unknownId) return undefined;
    const ctrl = new AbortController();
    attachmentInfo(unknownId, ctrl.signal)
      .then((i) => {
        known.set(unknownId, i);
        if (!ctrl.signal.aborted) setTick((t) => t + 1);
      })
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [unknownId]);

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
        <div className="attachment-file">
          <a
            href={apiUrl(`attachments/${encodeURIComponent(String(p.value))}`)}
            onClick={(e) => {
              e.preventDefault();
              void download();
            }}
            data-testid="attachment-link"
          >
            {filename}
          </a>
          {info && info.size !== null ? <span className="muted">({formatBytes(info.size)})</span> : null}
          {busy === 'download' ? <Spinner inline label="Downloading…" /> : null}
          {locked ? null : (
            <button
              type="button"
              className="icon-btn"
              aria-label={`Remove ${filename}`}
              title="Remove file"
              onClick={() => p.onChange(emptyValueOf(p.schema))}
            >
              ×
            </button>
          )}
        </div>
      ) : locked ? (
        <span className="muted">No file</span>
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
      {busy === 'upload' ? <Spinner inline label="Uploading…" /> : null}
    </div>
  );
}
