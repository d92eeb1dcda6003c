import { useState } from 'react';
import { changePasswordRequest } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { MSG_CHANGED, passwordChangeError } from '../../session/passwordRules';
import { PasswordFields, emptyPasswords, type PasswordValues } from '../../ui/PasswordFields';
import { useToast } from '../../ui/toast/toastContext';
import { t } from '../../i18n';

/** Change password on the profile (same checks and messages as the login view). */
export function ChangePasswordCard({ username }: { username: string }) {
  const toast = useToast();
  const [values, setValues] = useState<PasswordValues>(emptyPasswords);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    const body = { ...values, username };
    const problem = passwordChangeError(body);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      const res = await changePasswordRequest(body);
      toast.success(res?.message || MSG_CHANGED);
      setValues(emptyPasswords);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="section form-grid"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 className="span-2">{t('Change Password')}</h3>
      <PasswordFields values={values} onChange={setValues} />
      <div className="span-2 form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Please wait…' : 'Change Password'}
        </button>
      </div>
    </form>
  );
}
