import { useCallback, useState } from 'react';
import { fetchMe } from '../../api/auth';
import { setLanguageRequest } from '../../api/users';
import { LANGUAGE_NAMES, t, type Language } from '../../i18n';
import { useSession, useSignedInSession } from '../../session/sessionContext';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ResetPasswordModal } from './ResetPasswordModal';
import { SecondFactorSection } from './SecondFactorSection';

export function AccountTab() {
  const session = useSignedInSession();
  const load = useCallback((signal: AbortSignal) => fetchMe(signal), []);
  const { data } = useAsync(`me:${session.user_id}`, load);
  const user = data?.user ?? session;
  const [resetOpen, setResetOpen] = useState(false);
  const closeReset = useCallback(() => setResetOpen(false), []);

  return (
    <div className="tab-content">
      <h2>{t('Account')}</h2>
      <div className="form-grid">
        <label className="field">
          <span>
            {t('Username')}
            <span className="required" aria-hidden="true">
              {' '}
              *
            </span>
          </span>
          <input name="username" value={user.username ?? ''} readOnly required aria-required="true" />
          {!user.username ? <span className="field-error">{t('Username is required')}</span> : null}
        </label>
        <label className="field">
          <span>{t('Email')}</span>
          <input name="email" value={user.email ?? ''} readOnly />
        </label>
        <label className="field">
          <span>{t('Mobile')}</span>
          <input name="mobile" value={user.mobile ?? ''} readOnly />
        </label>
      </div>
      <LanguageSection />
      <ChangePasswordCard username={user.username ?? ''} />
      <SecondFactorSection />
      <div className="section">
        <h3>{t('Reset Password')}</h3>
        <p className="muted">
          {t('Reset your password to a new default password; you will have to change it at the next sign-in.')}
        </p>
        <button type="button" className="btn btn-danger" onClick={() => setResetOpen(true)}>
          {t('Reset Password')}
        </button>
      </div>
      {resetOpen ? <ResetPasswordModal userId={session.user_id} username={user.username} onClose={closeReset} /> : null}
    </div>
  );
}

/**
 * The user's language (decision 0144): saved on the user, then the app reloads, so that menus,
 * screens and module cards are read again in it.
 */
function LanguageSection() {
  const session = useSignedInSession();
  const { updateSession } = useSession();
  const toast = useToast();
  const [choice, setChoice] = useState<Language>(session.language === 'id' ? 'id' : 'en');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const res = await setLanguageRequest(choice);
      updateSession(res.user);
      window.location.reload();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
      setSaving(false);
    }
  };
  return (
    <div className="section">
      <h3>{t('Language')}</h3>
      <p className="muted">{t('Labels, menus, dates and numbers are shown in this language.')}</p>
      <div className="form-grid">
        <label className="field">
          <span>{t('Language')}</span>
          <select name="language" value={choice} onChange={(e) => setChoice(e.target.value === 'id' ? 'id' : 'en')}>
            {(Object.keys(LANGUAGE_NAMES) as Language[]).map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="button" className="btn btn-primary" disabled={saving || choice === session.language} onClick={() => void save()}>
        {t('Save language')}
      </button>
    </div>
  );
}
