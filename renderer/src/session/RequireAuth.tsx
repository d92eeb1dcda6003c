import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from './sessionContext';
import { setRedirectPath } from './storage';

/** Spec §5 route guard: protected routes need a signed-in user carrying a group. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (!session?.group) {
    const path = location.pathname + location.search;
    if (path !== '/' && !path.startsWith('/page')) setRedirectPath(path);
    return <Navigate to="/page/login" replace />;
  }
  return children;
}
