import { useState } from 'react';
import { doAction, type DoActionBody } from '../../api/tasks';
import { useToast } from '../../ui/toast/toastContext';
import { actionErrorText } from './approvalErrors';
import { useCloseForm } from './useCloseForm';

const VALIDATION_TEXT = 'Please fill the form correctly.';
const VALIDATION_TITLE = 'FORM ENTRY - VALIDATION';

/**
 * Sends a workflow action (a body of actionRequests.ts; none: the form is not filled correctly, a
 * validation toast): busy while it runs, closes the form when it succeeds, a toast with the
 * response's message when it fails.
 */
export function useSendAction(): { busy: boolean; send: (body: DoActionBody | null) => void } {
  const toast = useToast();
  const close = useCloseForm();
  const [busy, setBusy] = useState(false);

  const post = async (body: DoActionBody) => {
    setBusy(true);
    try {
      const res = await doAction(body);
      if (Number(res?.success) === 1) {
        toast.success(res.message || 'Saved');
        close();
        return;
      }
      toast.error(res?.message || JSON.stringify(res));
    } catch (e) {
      toast.error(actionErrorText(e));
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
  return { busy, send };
}
