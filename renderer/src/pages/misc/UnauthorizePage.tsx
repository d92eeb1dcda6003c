import { Link } from 'react-router';
import { t } from '../../i18n';

/** Where every refusal (403) of a screen or of the record it opens leads; the spec's text word for word. */
export function UnauthorizePage() {
  return (
    <div className="status-page">
      <div className="status-code">403</div>
      <p className="status-text">{t('Oops! Un Authorize Access. The page you are looking for is secured.')}</p>
      <Link to="/modules" className="btn btn-primary">
        {t('Back to modules')}
      </Link>
    </div>
  );
}

export default UnauthorizePage;
