import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { Spinner } from './Spinner';
import { t } from '../i18n';

/** Suspense + error boundary around lazily loaded content; errors reset on navigation. */
export function PageOutlet({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<Spinner label={t('Loading page…')} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
