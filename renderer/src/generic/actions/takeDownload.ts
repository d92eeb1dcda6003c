import type { ActionResult } from '../../api/data';
import { saveBlob } from '../../ui/download';

/**
 * An answer that names a `download` ({ filename, field }) carries a file: the value of `field` is
 * saved as that JSON file (an aircraft's records export) and left out of what the page shows.
 */
export function takeDownload(data: ActionResult): ActionResult {
  const d = data.download as { filename?: unknown; field?: unknown } | undefined;
  if (!d || typeof d.filename !== 'string' || typeof d.field !== 'string' || data[d.field] === undefined) return data;
  saveBlob(new Blob([JSON.stringify(data[d.field], null, 2)], { type: 'application/json' }), d.filename);
  const { download: _download, [d.field]: _file, ...shown } = data;
  return { ...shown, file: d.filename };
}
