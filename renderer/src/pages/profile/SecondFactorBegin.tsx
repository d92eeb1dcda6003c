import { t } from '../../i18n';

/** Enrolment starts with the user's password. */
export function SecondFactorBegin({ password, onPassword, busy, onBegin }: { password: string; onPassword: (password: string) => void; busy: boolean; onBegin: () => void }) {
  return (
    <form
      className="form-grid"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onBegin();
      }}
    >
      <label className="field">
        <span>{t('Password')}</span>
        <input name="enrol_password" type="password" autoComplete="current-password" value={password} onChange={(e) => onPassword(e.target.value)} />
      </label>
      <div className="span-2 form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !password}>
          {t('Enrol an authenticator')}
        </button>
      </div>
    </form>
  );
}
