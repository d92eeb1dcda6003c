import { Outlet } from 'react-router';
import { SessionProvider } from './session/SessionProvider';
import { ToastProvider } from './ui/toast/ToastProvider';
import { PageOutlet } from './ui/PageOutlet';

/** Providers shared by every route (inside the router so they may navigate). */
export function RootLayout() {
  return (
    <ToastProvider>
      <SessionProvider>
        <PageOutlet>
          <Outlet />
        </PageOutlet>
      </SessionProvider>
    </ToastProvider>
  );
}
