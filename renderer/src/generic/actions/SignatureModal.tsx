import { useCallback, useState } from 'react';
import { fetchSecondFactor } from '../../api/users';
import { t } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { useAsync } from '../../ui/useAsync';

/** One line of what is signed: a label and its value as the screen shows it. */
export interface SignedItem {
  label: string;
  value: string;
}

interface Props {
  title: string;
  text: string;
  /** What is signed (the card's text, the aircraft, hours and cycles …), shown before the signature is given. */
  signed: SignedItem[];
  busy?: boolean;
  onSign: (signer: { password: string; otp?: string }) => void;
  onClose: () => void;
}

/**
 * The dialog of a certifying signature (decision 0301): what is signed, then the signer's password
 * and, when the company requires it, the code of their authenticator. The server checks both; a
 * session alone never signs.
 */
export function SignatureModal({ title, text, signed, busy, onSign, onClose }: Props) {
  const load = useCallback((signal: AbortSignal) => fetchSecondFactor(signal), []);
  const { data } = useAsync('second-factor:sign', load);
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  // the fields once the company's setting is known (the code is asked only where it is required)
  const needsCode = data?.required === true;
  const ready = Boolean(data) && password.length > 0 && (!needsCode || /^\d{6}$/.test(otp));
  const submit = () => {
    if (ready && !busy) onSign(needsCode ? { password, otp } : { password });
  };
  const footer = (
    <>
      <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
        {t('Cancel')}
      </button>
      <button type="submit" form="signature-form" className="btn btn-primary" disabled={busy || !ready}>
        {busy ? t('Please wait…') : t('Sign')}
      </button>
    </>
  );
  return (
    <Modal title={title} onClose={onClose} size="md" footer={footer}>
      <p>{text}</p>
      {signed.length ? (
        <>
          <h3 className="h6">{t('What you sign')}</h3>
          <dl className="signed-summary" data-testid="signed-summary">
            {signed.map((s) => (
              <div key={s.label}>
                <dt>{s.label}</dt>
                <dd>{s.value || '—'}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      {!data ? <p className="muted">{t('Loading…')}</p> : null}
      <form
        hidden={!data}
        id="signature-form"
        className="form-grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="field">
          <span>{t('Password')}</span>
          <input name="signer_password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
        </label>
        {needsCode ? (
          <label className="field">
            <span>{t('Code of your authenticator')}</span>
            <input name="signer_otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={otp} onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))} />
          </label>
        ) : null}
        {data && needsCode && !data.enrolled ? <p className="field-error span-2">{t('Enrol an authenticator on User Profile before signing.')}</p> : null}
      </form>
    </Modal>
  );
}
