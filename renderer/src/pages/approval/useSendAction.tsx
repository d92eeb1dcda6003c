import { useState, type ReactNode } from 'react';
import { ApiError } from '../../api/errors';
import { doAction, type DoActionBody } from '../../api/tasks';
import { SignatureModal, type SignedItem } from '../../generic/actions/SignatureModal';
import { t } from '../../i18n';
import { useToast } from '../../ui/toast/toastContext';
import { actionErrorText } from './approvalErrors';
import { useCloseForm } from './useCloseForm';

const VALIDATION_TEXT = 'Please fill the form correctly.';
const VALIDATION_TITLE = 'FORM ENTRY - VALIDATION';

/** The server asks for the approver's signature: approving this document certifies (workflow `signature`, decision 0301). */
const asksSignature = (e: unknown): boolean => e instanceof ApiError && e.code === 'ERR_VALIDATION' && e.errors.some((x) => x.path === '/password');

/**
 * Sends a workflow action (a body of actionRequests.ts; none: the form is not filled correctly, a
 * validation toast): busy while it runs, closes the form when it succeeds, a toast with the
 * response's message when it fails. When approving the document is a certifying signature (an
 * authorisation), the server refuses it without the approver's password: the signature dialog
 * then shows what is signed (`signed`) and sends the same action with the password and code.
 */
export function useSendAction(signed: () => SignedItem[] = () => []): { busy: boolean; send: (body: DoActionBody | null) => void; dialogs: ReactNode } {
  const toast = useToast();
  const close = useCloseForm();
  const [busy, setBusy] = useState(false);
  const [signing, setSigning] = useState<DoActionBody | null>(null);

  const post = async (body: DoActionBody) => {
    setBusy(true);
    try {
      const res = await doAction(body);
      if (Number(res?.success) === 1) {
        toast.success(res.message || 'Saved');
        setSigning(null);
        close();
        return;
      }
      toast.error(res?.message || JSON.stringify(res));
    } catch (e) {
      if (!body.password && asksSignature(e)) setSigning(body);
      else toast.error(actionErrorText(e));
    }
    setBusy(false);
  };

  const send = (body: DoActionBody | null) => {
    if (!body) {
      toast.warning(VALIDATION_TEXT, VALIDATION_TITLE);
      return;
    }
    void post(body);
  };
  const dialogs = signing ? (
    <SignatureModal
      title={t('Sign')}
      text={String(signing.comment ?? '')}
      signed={signed()}
      busy={busy}
      onSign={(signer) => void post({ ...signing, ...signer })}
      onClose={() => setSigning(null)}
    />
  ) : null;
  return { busy, send, dialogs };
}
