import { t } from '../i18n';
import { useMemo } from 'react';
import type { AppModule, MenuEntry } from '../api/types';
import { buildMenuTree } from '../shell/menuTree';
import { Spinner } from '../ui/Spinner';
import { Icon } from '../ui/Icon';
import { SidebarNode } from './SidebarNode';
import { NavLink } from 'react-router';

interface SidebarProps {
  module: AppModule;
  entries: MenuEntry[] | undefined;
  loading: boolean;
  failed: boolean;
}

export function Sidebar({ module, entries, loading, failed }: SidebarProps) {
  const tree = useMemo(() => buildMenuTree(entries ?? []), [entries]);
  const homeUrl = `/${module.name}/home`;
  const hasHome = (entries ?? []).some((e) => e.url === homeUrl);

  return (
    <nav className="sidebar" aria-label={`${module.title || module.name} menu`}>
      <div className="sidebar-title">
        <Icon name={module.icon || module.name} fallback="grid" size={20} />
        <span>{module.title || module.name}</span>
      </div>
      {!hasHome ? (
        <NavLink to={homeUrl} className="side-link" end>
          <Icon name="home" size={16} />
          <span>{t('Home')}</span>
        </NavLink>
      ) : null}
      {loading && !entries ? <Spinner label={t('Loading menu…')} /> : null}
      {failed ? <p className="sidebar-note">{t('The menu could not be loaded.')}</p> : null}
      {!loading && !failed && entries && entries.length === 0 ? <p className="sidebar-note">{t('No menu entries.')}</p> : null}
      <ul className="side-tree">
        {tree.map((node) => (
          <SidebarNode key={String(node.entry.menu_id)} node={node} depth={1} />
        ))}
      </ul>
    </nav>
  );
}
