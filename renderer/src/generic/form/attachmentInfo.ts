import { useEffect, useState } from 'react';
import { attachmentInfo } from '../../api/files';

/** Upload answers seen in this page, by attachment id (the record itself holds only the id). */
export const known = new Map<string, { filename: string; size: number | null }>();

export function nameFromRecord(record: Record<string, unknown>, field: string): string | undefined {
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

/** A saved record holds only the id: the server is asked for the name and size once (`known`), and the widget shown again. */
export function useAttachmentInfo(unknownId: string | null): void {
  const [, setTick] = useState(0);
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
}
