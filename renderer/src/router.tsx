import { Navigate, createBrowserRouter } from 'react-router';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './pages/misc/RouteErrorPage';
import { RequireAuth } from './session/RequireAuth';
import { lazyPage } from './ui/lazyPage';
import { trackNavigation } from './pages/approval/navHistory';

// Every screen is its own chunk: the initial bundle holds only the router, session and toasts.
const PublicLayout = lazyPage(() => import('./pages/public/PublicLayout'));
const LoginPage = lazyPage(() => import('./pages/login/LoginPage'));
const RegisterPage = lazyPage(() => import('./pages/register/RegisterPage'));
const ShellLayout = lazyPage(() => import('./shell/ShellLayout'));
const HomePage = lazyPage(() => import('./pages/home/HomePage'));
const ModulesPage = lazyPage(() => import('./pages/modules/ModulesPage'));
const ProfilePage = lazyPage(() => import('./pages/profile/ProfilePage'));
const UnauthorizePage = lazyPage(() => import('./pages/misc/UnauthorizePage'));
const NotFoundPage = lazyPage(() => import('./pages/misc/NotFoundPage'));
const ApprovalListPage = lazyPage(() => import('./pages/approval/ApprovalListPage'));
const ApprovalFormPage = lazyPage(() => import('./pages/approval/ApprovalFormPage'));
const RequisitionViewPage = lazyPage(() => import('./pages/requisition/RequisitionViewPage'));
const ApiReferencePage = lazyPage(() => import('./pages/api/ApiReferencePage'));
const ModuleLayout = lazyPage(() => import('./generic/ModuleLayout'));
const ScreenView = lazyPage(() => import('./generic/ScreenView'));

/**
 * A signed-in page opened directly (a link, a reload) needs the shell and, mostly, a metadata
 * screen and its list: fetched together, before the first render, so that no page shows a
 * loading fallback on the way (React holds content back for 300 ms after a fallback).
 */
export function bootPreload(): Promise<unknown> {
  if (typeof window === 'undefined' || window.location.pathname.startsWith('/page')) return Promise.resolve();
  const parts: Promise<unknown>[] = [ShellLayout.preload()];
  if (window.location.pathname.split('/').filter(Boolean).length >= 2) {
    parts.push(ModuleLayout.preload(), ScreenView.preload(), import('./generic/GenericList').catch(() => undefined));
  }
  return Promise.all(parts);
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/page',
        element: <PublicLayout />,
        children: [
          { index: true, element: <Navigate to="/page/login" replace /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/',
        element: (
          <RequireAuth>
            <ShellLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to="/modules" replace /> },
          { path: 'home', element: <HomePage /> },
          { path: 'modules', element: <ModulesPage /> },
          { path: 'approval-list', element: <ApprovalListPage /> },
          { path: 'approval-form/:key?/:taskkey?', element: <ApprovalFormPage /> },
          { path: 'requisition-view', element: <RequisitionViewPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'unauthorize', element: <UnauthorizePage /> },
          { path: 'api-reference', element: <ApiReferencePage /> },
          {
            path: ':module',
            element: <ModuleLayout />,
            children: [
              { index: true, element: <Navigate to="home" replace /> },
              { path: ':route/*', element: <ScreenView /> },
            ],
          },
        ],
      },
    ],
  },
]);

// The approval form's Close returns to the previous route (pages/approval/navHistory.ts).
trackNavigation(router);
