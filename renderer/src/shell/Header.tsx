import { Link } from 'react-router';
import { apiRootUrl } from '../api/client';
import { Icon } from '../ui/Icon';
import { PRODUCT_NAME } from '../ui/color';
import { AccountMenu } from './AccountMenu';
import { CompanySwitcher } from './CompanySwitcher';
import { NotificationBell } from './NotificationBell';
import { t } from '../i18n';

export function Header() {
  return (
    <header className="app-header">
      <Link to="/modules" className="brand" aria-label={t('{product} modules', { product: PRODUCT_NAME })}>
        <Icon name="plane" size={22} />
        <span>{PRODUCT_NAME}</span>
      </Link>
      <CompanySwitcher />
      <div className="header-spacer" />
      <a className="header-link" href={apiRootUrl()} target="_blank" rel="noreferrer" title={t('API host')}>
        {t('my app')}
      </a>
      <NotificationBell />
      <AccountMenu />
    </header>
  );
}
