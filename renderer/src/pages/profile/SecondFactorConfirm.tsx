import type { SecondFactorEnrolment } from '../../api/types';
import { t } from '../../i18n';

interface SecondFactorConfirmProps {
  pending: SecondFactorEnrolment;
  code: string;
  onCode: (code: string) => void;
  busy: boolean;
  onConfirm: () => void;
}

/** Enrolment begun: the QR code and the secret (shown this once), then a code of the authenticator to confirm. */
export function SecondFactorConfirm({ pending, code, onCode, busy, onConfirm }: SecondFactorConfirmProps) {
  return (
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
        <input name="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => onCode(e.target.value.trim())} />
      </label>
      <div className="span-2 form-actions">
        <button type="button" className="btn btn-primary" disabled={busy || code.length !== 6} onClick={onConfirm}>
          {t('Confirm code')}
        </button>
      </div>
    </div>
  );
}
