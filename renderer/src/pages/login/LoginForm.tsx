import { useState, type FormEvent } from 'react';
import { t } from '../../i18n';

interface LoginFormProps {
  clientId: string | null;
  busy: boolean;
  onLogin: (username: string, password: string) => void;
}

/** Username and password; Enter in the password field logs in; blanks silently do nothing. */
export function LoginForm({ clientId, busy, onLogin }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (busy || !username.trim() || !password) return;
    onLogin(username.trim(), password);
  };

  return (
    <form className="form-stack" noValidate onSubmit={submit}>
      {clientId !== null ? (
        <label className="field">
          <span>{t('Client')}</span>
          <input name="clientId" value={clientId} readOnly aria-readonly="true" />
        </label>
      ) : null}
      <label className="field">
        <span>{t('Username')}</span>
        <input
          name="username"
          autoComplete="username"
          autoFocus
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('Password')}</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit(e);
          }}
        />
      </label>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? 'Signing in…' : 'Login'}
      </button>
    </form>
  );
}
