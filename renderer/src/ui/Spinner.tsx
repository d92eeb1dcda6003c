import { t } from '../i18n';
export function Spinner({ label = t('Loading…'), inline = false }: { label?: string; inline?: boolean }) {
  return (
    <div className={inline ? 'spinner-wrap inline' : 'spinner-wrap'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="spinner-label">{label}</span>
    </div>
  );
}
