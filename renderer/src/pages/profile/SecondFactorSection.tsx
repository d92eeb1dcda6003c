import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { beginSecondFactor, confirmSecondFactor, fetchSecondFactor } from '../../api/users';
import type { SecondFactorEnrolment } from '../../api/types';
import { formatDateTime } from '../../generic/formatCell';
import { t } from '../../i18n';
import { useSignedInSession } from '../../session/sessionContext';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';

/**
 * The second factor of certifying signatures (decision 0300): the password, then a QR code and the
 * secret (shown this once) for an authenticator app, then a code of it. Once enrolled only the
 * date shows; an administrator resets it to enrol another device.
 */
export function SecondFactorSection() {
  const session = useSignedInSession();
  const toast = useToast();
  const [version, setVersion] = useState(0);
  const load = useCallback((signal: AbortSignal) => fetchSecondFactor(signal), []);
  const { data } = useAsync(`second-factor:${session.user_id}:${version}`, load);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<SecondFactorEnrolment | null>(null);
  const [busy, setBusy] = useState(false);

  const begin = async () => {
    setBusy(true);
    try {
      setPending(await beginSecondFactor(password));
      setPassword('');
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await confirmSecondFactor(code);
      toast.success(t('Second factor enrolled: your signatures now ask for its code.'));
      setPending(null);
      setCode('');
      setVersion((v) => v + 1);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="section" data-testid="second-factor">
      <h3>{t('Second factor for signatures')}</h3>
      <p className="muted">
        {t('Certifying signatures (task cards, CRS, variations, extensions, incoming inspection, authorisations) ask for your password and a 6-digit code of an authenticator app on your phone.')}{' '}
        {data ? (data.required ? t('Your company requires it.') : t('Your company does not require it at present.')) : null}
      </p>
      {data?.enrolled ? (
        <p data-testid="second-factor-enrolled">
          {t('Enrolled on')} {data.enrolled_at ? formatDateTime(data.enrolled_at) : ''}. {t('An administrator resets it if you change phones.')}
        </p>
      ) : pending ? (
        <div className="form-grid">
          <div className="span-2">
            <p>{t('Scan this QR code with your authenticator app, or type the secret into it; then type the code it shows.')}</p>
            <img src={pending.qr} alt={t('QR code of the new secret')} width={220} height={220} data-testid="second-factor-qr" />
            <p>
              {t('Secret')}: <code data-testid="second-factor-secret">{pending.secret}</code>
            </p>
          </div>
          <label className="field">
            <span>{t('Code')}</span>
            <input name="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.trim())} />
          </label>
          <div className="span-2 form-actions">
            <button type="button" className="btn btn-primary" disabled={busy || code.length !== 6} onClick={() => void confirm()}>
              {t('Confirm code')}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="form-grid"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void begin();
          }}
        >
          <label className="field">
            <span>{t('Password')}</span>
            <input name="enrol_password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          <div className="span-2 form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy || !password}>
              {t('Enrol an authenticator')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
