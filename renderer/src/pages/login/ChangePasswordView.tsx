import { useState } from 'react';
import { changePasswordRequest } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { MSG_CHANGED, passwordChangeError } from '../../session/passwordRules';
import { useToast } from '../../ui/toast/toastContext';
import { PasswordFields, emptyPasswords, type PasswordValues } from '../../ui/PasswordFields';
import { t, tNodes } from '../../i18n';

interface Props {
  username: string;
  /** Signs in again with the new password. */
  onChanged: (newPassword: string) => Promise<boolean>;
  onCancel: () => void;
}

/** Forced change of the default password on the login card (spec §2, §4). */
export function ChangePasswordView({ username, onChanged, onCancel }: Props) {
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
      await changePasswordRequest(body);
      toast.success(MSG_CHANGED);
      await onChanged(values.new_password);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>{t('Change Password')}</h1>
      <p className="muted">
        {tNodes('Signed in as {user} with the default password. Choose a new password to continue.', { user: <strong>{username}</strong> })}
      </p>
      <form
        className="form-stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <PasswordFields values={values} onChange={setValues} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Please wait…' : 'Change Password'}
        </button>
        <button type="button" className="btn btn-link" onClick={onCancel}>
          {t('Back to sign in')}
        </button>
      </form>
    </>
  );
}
