import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { beginSecondFactor, confirmSecondFactor, fetchSecondFactor } from '../../api/users';
import type { SecondFactorEnrolment } from '../../api/types';
import { formatDateTime } from '../../generic/formatCell';
import { t } from '../../i18n';
import { useSignedInSession } from '../../session/sessionContext';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';
import { SecondFactorBegin } from './SecondFactorBegin';
import { SecondFactorConfirm } from './SecondFactorConfirm';

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
        <SecondFactorConfirm pending={pending} code={code} onCode={setCode} busy={busy} onConfirm={() => void confirm()} />
      ) : (
        <SecondFactorBegin password={password} onPassword={setPassword} busy={busy} onBegin={() => void begin()} />
      )}
    </div>
  );
}
