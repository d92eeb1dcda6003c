import { useState } from 'react';
import { printDocument } from '../../api/data';
import { errorMessage } from '../../api/errors';
import { printPreviewUrl } from '../../api/tasks';
import { PdfFrame } from '../../pages/approval/PdfFrame';
import { Modal } from '../../ui/Modal';
import { useToast } from '../../ui/toast/toastContext';

/**
 * Print (letter P) of the open document: a short-lived print job (POST data/{entity}/{key}/printjob)
 * whose PDF shows in a dialog, the same preview as the requisition view's; the server renders it
 * with the document template in the company's banner and reads the row under the print rules.
 */
export function PrintButton({ entity, recordKey, title }: { entity: string; recordKey: string; title: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [src, setSrc] = useState<string | null>(null);

  const print = async () => {
    setBusy(true);
    try {
      setSrc(printPreviewUrl((await printDocument(entity, recordKey)).id));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void print()}>
        {busy ? 'Printing…' : 'Print'}
      </button>
      {src ? (
        <Modal title={`Print Preview — ${title}`} onClose={() => setSrc(null)} size="lg">
          <div className="print-dialog">
            <PdfFrame src={src} title={`${title} print preview`} />
          </div>
        </Modal>
      ) : null}
    </>
  );
}
