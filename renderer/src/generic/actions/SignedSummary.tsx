import { t } from '../../i18n';
import type { SignedItem } from './SignatureModal';

/** What a signature signs, label by label ("—" for an empty value). */
export function SignedSummary({ items }: { items: SignedItem[] }) {
  return (
    <>
      <h3 className="h6">{t('What you sign')}</h3>
      <dl className="signed-summary" data-testid="signed-summary">
        {items.map((s) => (
          <div key={`${s.label}:${s.value}`}>
            <dt>{s.label}</dt>
            <dd>{s.value || '—'}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
