import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { resetPasswordRequest } from '../../api/users';
import { Modal } from '../../ui/Modal';
import { useToast } from '../../ui/toast/toastContext';
import { t, tNodes } from '../../i18n';

export const MSG_RESET = 'Reset Password Successfully';

interface Props {
  userId: number;
  username?: string;
  onClose: () => void;
}

/**
 * Confirmation 'RESET PASSWORD?' with the current password (the server refuses resetting one's own
 * password without it); after the reset it shows the new default password.
 */
export function ResetPasswordModal({ userId, username, onClose }: Props) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState('');
  const [defaultPassword, setDefaultPassword] = useState<string | null>(null);
  const done = defaultPassword !== null;

  const reset = async () => {
    if (!current) {
      toast.error('Please fill the form correctly.');
      return;
    }
    setBusy(true);
    try {
      const res = await resetPasswordRequest(userId, current);
      toast.success(MSG_RESET);
      setDefaultPassword(res?.default_password ?? '');
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const footer = done ? (
    <button type="button" className="btn btn-primary" onClick={onClose}>
      {t('Close')}
    </button>
  ) : (
    <>
      <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
        {t('Cancel')}
      </button>
      <button type="button" className="btn btn-danger" onClick={() => void reset()} disabled={busy}>
        {busy ? 'Resetting…' : 'Reset Password'}
      </button>
    </>
  );

  return (
    <Modal title={t('RESET PASSWORD?')} onClose={onClose} size="sm" footer={footer}>
      {done ? (
        <div className="reset-result">
          <p>{MSG_RESET}.</p>
          {defaultPassword ? (
            <p>
              {tNodes('The new default password is {password}. Note it down: you will have to change it at the next sign-in.', {
                password: (
                  <code className="default-password" data-testid="default-password">
                    {defaultPassword}
                  </code>
                ),
              })}
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <p>
            {tNodes('The password of {user} will be reset to a default password and every session of the account will end. Do you want to continue?', { user: <strong>{username}</strong> })}
          </p>
          <label className="form-label" htmlFor="reset-current-password">
            {t('Current password')}
          </label>
          <input
            id="reset-current-password"
            name="current_password"
            type="password"
            className="form-control"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </>
      )}
    </Modal>
  );
}
