import type { CSSProperties, MouseEvent } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../session/sessionContext';
import { brandColor, readableTextColor } from '../ui/color';
import { PageOutlet } from '../ui/PageOutlet';
import { Header } from './Header';
import { ModulesProvider } from './ModulesProvider';
import { t } from '../i18n';

/** Focuses the page's content: the module's (past its menu), else the main area. */
function skipToContent(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  const target = document.getElementById('content') ?? document.getElementById('main-content');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/** Protected application frame: header in the company colour and the routed content. */
export function ShellLayout() {
  const { session } = useSession();
  const brand = brandColor(session?.compcolor);
  const style = { '--brand': brand, '--brand-contrast': readableTextColor(brand) } as CSSProperties;
  return (
    <ModulesProvider>
      <div className="shell" style={style}>
        {/* keyboard users pass the header and the module menu in one step (issue 37 point 14) */}
        <a className="skip-link" href="#content" onClick={skipToContent}>
          {t('Skip to content')}
        </a>
        <Header />
        <main className="shell-main" id="main-content">
          <PageOutlet>
            <Outlet />
          </PageOutlet>
        </main>
      </div>
    </ModulesProvider>
  );
}

export default ShellLayout;
