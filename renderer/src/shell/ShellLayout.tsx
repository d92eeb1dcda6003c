import type { CSSProperties } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../session/sessionContext';
import { brandColor, readableTextColor } from '../ui/color';
import { PageOutlet } from '../ui/PageOutlet';
import { Header } from './Header';
import { ModulesProvider } from './ModulesProvider';

/** Protected application frame: header in the company colour and the routed content. */
export function ShellLayout() {
  const { session } = useSession();
  const brand = brandColor(session?.compcolor);
  const style = { '--brand': brand, '--brand-contrast': readableTextColor(brand) } as CSSProperties;
  return (
    <ModulesProvider>
      <div className="shell" style={style}>
        <Header />
        <main className="shell-main">
          <PageOutlet>
            <Outlet />
          </PageOutlet>
        </main>
      </div>
    </ModulesProvider>
  );
}

export default ShellLayout;
