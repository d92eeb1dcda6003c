import { t } from '../i18n';

/**
 * "Showing 1 to 20 of 135 entries". When the server stopped counting at its cap (`totalCapped`,
 * large tables), the total is shown as a floor: "of 10,000+ entries".
 */
export function PageInfo({ page, limit, total, capped = false }: { page: number; limit: number; total: number; capped?: boolean }) {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <span className="page-info">
      {t('Showing')} {from} {t('to')} {to} {t('of')} {capped ? `${total.toLocaleString('en-US')}+` : total} {t('entries')}
    </span>
  );
}
