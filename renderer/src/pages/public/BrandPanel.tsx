import { Icon } from '../../ui/Icon';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../ui/color';
import { t } from '../../i18n';

/** The banner naming the system on the public pages. */
export function BrandPanel() {
  return (
    <aside className="brand-panel" aria-label={t('System')}>
      <div className="brand-logo">
        <Icon name="plane" size={40} />
      </div>
      <h2 className="brand-title">
        {PRODUCT_NAME} — {PRODUCT_TAGLINE}
      </h2>
      <p className="brand-text">
        {t('Aviation back-office for airline and maintenance-company staff: aircraft logistics and inventory, procurement, aircraft maintenance and MRO work, with approval workflows.')}
      </p>
    </aside>
  );
}
