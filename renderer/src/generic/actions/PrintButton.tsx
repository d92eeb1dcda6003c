import { useState } from 'react';
import { printDocument } from '../../api/data';
import { errorMessage } from '../../api/errors';
import { printPreviewUrl } from '../../api/tasks';
import { PdfFrame } from '../../pages/approval/PdfFrame';
import { Modal } from '../../ui/Modal';
import { useToast } from '../../ui/toast/toastContext';

type NamedPrint = { name: string; title: string; when?: Record<string, unknown> };

/** The entity's named prints whose `when` holds for the stored document (the server checks it again). */
export function availablePrints(prints: NamedPrint[] | undefined, record: Record<string, unknown> | null | undefined): { name: string; title: string }[] {
  return (prints ?? []).filter((p) => Object.entries(p.when ?? {}).every(([f, v]) => (Array.isArray(v) ? v : [v]).some((x) => String(x) === String(record?.[f] ?? ''))));
}

/**
 * Print (letter P) of the open document: a short-lived print job (POST data/{entity}/{key}/printjob)
 * whose PDF shows in a dialog, the same preview as the requisition view's; the server renders it
 * with the document template in the company's banner and reads the row under the print rules.
 * An entity with named prints (a certificate, a work pack) offers them in a menu beside the
 * document's own print.
 */
export function PrintButton({ entity, recordKey, title, prints = [] }: { entity: string; recordKey: string; title: string; prints?: { name: string; title: string }[] }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<{ src: string; title: string } | null>(null);

  const print = async (name?: string, what = title) => {
    setOpen(false);
    setBusy(true);
    try {
      setShown({ src: printPreviewUrl((await printDocument(entity, recordKey, name)).id), title: what });
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {prints.length === 0 ? (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void print()}>
          {busy ? 'Printing…' : 'Print'}
        </button>
      ) : (
        <span className="menu-button">
          <button type="button" className="btn btn-secondary" disabled={busy} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {busy ? 'Printing…' : 'Print ▾'}
          </button>
          {open ? (
            <span className="menu-button-list" role="menu">
              <button type="button" role="menuitem" onClick={() => void print()}>
                {title}
              </button>
              {prints.map((p) => (
                <button key={p.name} type="button" role="menuitem" onClick={() => void print(p.name, p.title)}>
                  {p.title}
                </button>
              ))}
            </span>
          ) : null}
        </span>
      )}
      {shown ? (
        <Modal title={`Print Preview — ${shown.title}`} onClose={() => setShown(null)} size="lg">
          <div className="print-dialog">
            <PdfFrame src={shown.src} title={`${shown.title} print preview`} />
          </div>
        </Modal>
      ) : null}
    </>
  );
}
