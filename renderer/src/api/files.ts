import { apiUrl, authFetch, type Query } from './client';
import { ApiError } from './errors';
import type { AttachmentInfo } from './types';
import { filenameFromDisposition, saveBlob } from '../ui/download';

const seg = (s: string | number): string => encodeURIComponent(String(s));

/** POST attachments (multipart: file, entity, field). */
export async function uploadAttachment(file: File, entity: string, field: string, signal?: AbortSignal): Promise<AttachmentInfo> {
  const body = new FormData();
  body.append('entity', entity);
  body.append('field', field);
  body.append('file', file, file.name);
  const res = await authFetch(apiUrl('attachments'), { method: 'POST', body, headers: { Accept: 'application/json' }, signal });
  const data = (await res.json()) as Partial<AttachmentInfo> | null;
  if (!data || data.attachment_id === undefined || data.attachment_id === null) {
    throw new ApiError({ message: 'The upload answered without an attachment id', code: 'ERR_INTERNAL', statusCode: res.status });
  }
  return { attachment_id: Number(data.attachment_id), filename: data.filename ?? file.name, size: Number(data.size ?? file.size) };
}

/** The name and size of a stored attachment (HEAD attachments/{id}: its Content-Disposition and length). */
export async function attachmentInfo(id: number | string, signal?: AbortSignal): Promise<{ filename: string; size: number | null }> {
  const res = await authFetch(apiUrl(`attachments/${seg(id)}`), { method: 'HEAD', signal });
  const length = Number(res.headers.get('Content-Length'));
  return {
    filename: filenameFromDisposition(res.headers.get('Content-Disposition'), `Attachment #${String(id)}`),
    size: Number.isFinite(length) && length > 0 ? length : null,
  };
}

/** GET attachments/{id} with the bearer token, then saves it under its server file name. */
export async function downloadAttachment(id: number | string, fallbackName: string): Promise<void> {
  const res = await authFetch(apiUrl(`attachments/${seg(id)}`));
  const blob = await res.blob();
  saveBlob(blob, filenameFromDisposition(res.headers.get('Content-Disposition'), fallbackName));
}

export interface ExportProgress {
  received: number;
  /** Bytes expected (Content-Length), when the server sent it. */
  expected: number | null;
  /** Rows the export holds (X-Total-Count), when sent. */
  rows: number | null;
}

/**
 * GET data/{entity}/export streamed: reports bytes as they arrive, then saves the workbook under
 * the Content-Disposition name. Abort with the signal to cancel.
 */
export async function exportRows(
  entity: string,
  query: Query,
  onProgress: (p: ExportProgress) => void,
  signal: AbortSignal,
): Promise<{ filename: string; bytes: number; rows: number | null }> {
  const res = await authFetch(apiUrl(`data/${seg(entity)}/export`, query), { signal });
  const rowsHeader = res.headers.get('X-Total-Count');
  const rows = rowsHeader !== null && rowsHeader !== '' && Number.isFinite(Number(rowsHeader)) ? Number(rowsHeader) : null;
  const lengthHeader = res.headers.get('Content-Length');
  const expected = lengthHeader && Number(lengthHeader) > 0 ? Number(lengthHeader) : null;
  const filename = filenameFromDisposition(res.headers.get('Content-Disposition'), `${entity}.xlsx`);
  const chunks: BlobPart[] = [];
  let received = 0;
  onProgress({ received, expected, rows });
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value) {
        chunks.push(value);
        received += value.byteLength;
        onProgress({ received, expected, rows });
      }
    }
  } else {
    const blob = await res.blob();
    chunks.push(blob);
    received = blob.size;
    onProgress({ received, expected, rows });
  }
  const type = res.headers.get('Content-Type') ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  saveBlob(new Blob(chunks, { type }), filename);
  return { filename, bytes: received, rows };
}
