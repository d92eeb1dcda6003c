import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { Spinner } from './Spinner';

/** Suspense + error boundary around lazily loaded content; errors reset on navigation. */
export function PageOutlet({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<Spinner label="Loading page…" />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
