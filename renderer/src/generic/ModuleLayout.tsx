import { useCallback, useMemo } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { fetchMenu } from '../api/meta';
import { useSession } from '../session/sessionContext';
import { useUserModules } from '../shell/modulesContext';
import { PageOutlet } from '../ui/PageOutlet';
import { Spinner } from '../ui/Spinner';
import { useAsync } from '../ui/useAsync';
import { OpenAircraftBar } from './aircraft/OpenAircraftBar';
import type { ModuleOutletContext } from './moduleContext';
import { Sidebar } from './Sidebar';
import { useMenuCollapse } from './menuCollapse';
import { t } from '../i18n';

/** /:module/*: the module's menu tree on the left, the routed screen on the right. */
export function ModuleLayout() {
  const { module: name = '' } = useParams();
  const { modules, loading } = useUserModules();
  const { session } = useSession();
  const mod = modules?.find((m) => m.name === name);

  const load = useCallback((signal: AbortSignal) => fetchMenu(name, signal), [name]);
  const menu = useAsync(mod ? `${name}|${session?.compcode ?? ''}` : null, load);
  const entries = Array.isArray(menu.data) ? menu.data : undefined;
  const [collapsed, toggleMenu] = useMenuCollapse();

  const context = useMemo<ModuleOutletContext | null>(
    () => (mod ? { module: mod, menu: entries } : null),
    [mod, entries],
  );

  if (loading) return <Spinner label={t('Loading module…')} />;
  if (!mod || !context) return <Navigate to="/unauthorize" replace />;

  return (
    <div className={collapsed ? 'module-layout menu-collapsed' : 'module-layout'}>
      <Sidebar module={mod} entries={entries} loading={menu.loading} failed={Boolean(menu.error)} collapsed={collapsed} onToggle={toggleMenu} />
      <section className="module-content" id="content" tabIndex={-1}>
        {mod.openAircraft ? <OpenAircraftBar source={mod.openAircraft} /> : null}
        <PageOutlet>
          <Outlet context={context} />
        </PageOutlet>
      </section>
    </div>
  );
}

export default ModuleLayout;
