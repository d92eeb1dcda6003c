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
  /** The menu folded to its title (menuCollapse.ts): the screen takes the width, or the height when stacked. */
  collapsed: boolean;
  onToggle: () => void;
}

export function Sidebar({ module, entries, loading, failed, collapsed, onToggle }: SidebarProps) {
  const tree = useMemo(() => buildMenuTree(entries ?? []), [entries]);
  const homeUrl = `/${module.name}/home`;
  const hasHome = (entries ?? []).some((e) => e.url === homeUrl);

  return (
    <nav className="sidebar" aria-label={`${module.title || module.name} menu`}>
      <div className="sidebar-title">
        <Icon name={module.icon || module.name} fallback="grid" size={20} />
        <span>{module.title || module.name}</span>
        <button
          type="button"
          className="icon-btn sidebar-toggle"
          aria-expanded={!collapsed}
          aria-controls="module-menu"
          aria-label={collapsed ? t('Show menu') : t('Hide menu')}
          title={collapsed ? t('Show menu') : t('Hide menu')}
          onClick={onToggle}
        >
          <Icon name="chevron" size={16} className={collapsed ? 'turn-down' : 'turn-up'} />
        </button>
      </div>
      {collapsed ? null : (
      <div id="module-menu">
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
      </div>
      )}
    </nav>
  );
}
