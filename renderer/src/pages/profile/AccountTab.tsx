import { useCallback, useState } from 'react';
import { fetchMe } from '../../api/auth';
import { useSignedInSession } from '../../session/sessionContext';
import { useAsync } from '../../ui/useAsync';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ResetPasswordModal } from './ResetPasswordModal';

export function AccountTab() {
  const session = useSignedInSession();
  const load = useCallback((signal: AbortSignal) => fetchMe(signal), []);
  const { data } = useAsync(`me:${session.user_id}`, load);
  const user = data?.user ?? session;
  const [resetOpen, setResetOpen] = useState(false);
  const closeReset = useCallback(() => setResetOpen(false), []);

  return (
    <div className="tab-content">
      <h2>Account</h2>
      <div className="form-grid">
        <label className="field">
          <span>
            Username
            <span className="required" aria-hidden="true">
              {' '}
              *
            </span>
          </span>
          <input name="username" value={user.username ?? ''} readOnly required aria-required="true" />
          {!user.username ? <span className="field-error">Username is required</span> : null}
        </label>
        <label className="field">
          <span>Email</span>
          <input name="email" value={user.email ?? ''} readOnly />
        </label>
        <label className="field">
          <span>Mobile</span>
          <input name="mobile" value={user.mobile ?? ''} readOnly />
        </label>
      </div>
      <ChangePasswordCard username={user.username ?? ''} />
      <div className="section">
        <h3>Reset Password</h3>
        <p className="muted">
          Reset your password to a new default password; you will have to change it at the next sign-in.
        </p>
        <button type="button" className="btn btn-danger" onClick={() => setResetOpen(true)}>
          Reset Password
        </button>
      </div>
      {resetOpen ? <ResetPasswordModal userId={session.user_id} username={user.username} onClose={closeReset} /> : null}
    </div>
  );
}
