import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../../ui/lazyPage';
import { t } from '../../i18n';

/** Router-level error element (e.g. an error thrown outside any boundary). */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="status-page">
      <div className="status-code">{chunk ? '!' : 'Error'}</div>
      <p className="status-text">
        {chunk ? 'This part of the application could not be loaded. Reload the page to continue.' : text}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('Reload')}
      </button>
    </div>
  );
}
