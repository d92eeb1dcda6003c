import { Link } from 'react-router';
import { t } from '../../i18n';

export function NotFoundPage() {
  return (
    <div className="status-page">
      <div className="status-code">404</div>
      <p className="status-text">{t('The page you are looking for does not exist.')}</p>
      <Link to="/" className="btn btn-primary">
        {t('Go home')}
      </Link>
    </div>
  );
}

export default NotFoundPage;
