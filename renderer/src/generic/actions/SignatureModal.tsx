import { useCallback, useState } from 'react';
import { fetchSecondFactor } from '../../api/users';
import { previewSignature } from '../../api/data';
import { errorMessage } from '../../api/errors';
import { t } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { useAsync } from '../../ui/useAsync';
import { SignedSummary } from './SignedSummary';

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
  /**
   * The signature action and its record: the dialog asks the server what it will record
   * (decision 0316) and shows that instead of `signed`; a signature the server would refuse
   * (a blank card …) is shown refused and cannot be given.
   */
  preview?: { entity: string; action: string; key: string | null };
  busy?: boolean;
  onSign: (signer: { password: string; otp?: string }) => void;
  onClose: () => void;
}

/**
 * The dialog of a certifying signature (decision 0301): what is signed, then the signer's password
 * and, when the company requires it, the code of their authenticator. The server checks both; a
 * session alone never signs.
 */
export function SignatureModal({ title, text, signed, preview, busy, onSign, onClose }: Props) {
  const load = useCallback((signal: AbortSignal) => fetchSecondFactor(signal), []);
  const { data } = useAsync('second-factor:sign', load);
  const previewKey = preview ? `signature-preview:${preview.entity}:${preview.action}:${preview.key ?? ''}` : null;
  const loadPreview = useCallback(
    (signal: AbortSignal) => (preview ? previewSignature(preview.entity, preview.action, preview.key, signal) : Promise.resolve(null)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- previewKey captures every input
    [previewKey],
  );
  const shown = useAsync(previewKey, loadPreview);
  const server = shown.data ?? null;
  const items: SignedItem[] = server
    ? [{ label: t('Document'), value: server.document }, ...(server.items.length ? server.items : signed), { label: t('Signed by'), value: server.signer.name }, ...(server.authorisation ? [{ label: t('Under authorisation'), value: server.authorisation }] : [])]
    : preview
      ? []
      : signed;
  const refusal = server?.refusal ?? (shown.error ? errorMessage(shown.error) : null);
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  // the fields once the company's setting is known (the code is asked only where it is required)
  const needsCode = data?.required === true;
  const ready = Boolean(data) && (!preview || (Boolean(server) && !refusal)) && password.length > 0 && (!needsCode || /^\d{6}$/.test(otp));
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
      {preview && !server && !refusal ? <p className="muted">{t('Loading…')}</p> : null}
      {items.length ? <SignedSummary items={items} /> : null}
      {refusal ? (
        <p className="field-error" role="alert" data-testid="signature-refusal">
          {t('This cannot be signed now:')} {refusal}
        </p>
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
