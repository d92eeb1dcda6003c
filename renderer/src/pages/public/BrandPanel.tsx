import { Icon } from '../../ui/Icon';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../ui/color';

/** The banner naming the system on the public pages. */
export function BrandPanel() {
  return (
    <aside className="brand-panel" aria-label="System">
      <div className="brand-logo">
        <Icon name="plane" size={40} />
      </div>
      <h2 className="brand-title">
        {PRODUCT_NAME} — {PRODUCT_TAGLINE}
      </h2>
      <p className="brand-text">
        Aviation back-office for airline and maintenance-company staff: aircraft logistics and inventory, procurement,
        aircraft maintenance and MRO work, with approval workflows.
      </p>
    </aside>
  );
}
