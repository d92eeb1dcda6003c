import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { fetchAllModules } from '../../api/meta';
import type { UserListRow } from '../../api/types';
import type { CustomScreenProps } from '../../generic/screenRegistry';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';
import { MenuPermissionsCard } from './MenuPermissionsCard';
import { ModuleUserCard } from './ModuleUserCard';
import { useUserMenus } from './useUserMenus';

/**
 * Admin Menu Access (route menu/:modulname?/:username?): pick a module and a user of the active
 * company, then grant the letters C R U D P O per menu entry; Save sends every entry at once.
 * The URL follows the chosen module and user.
 */
export function MenuAccessPage({ screen, params }: CustomScreenProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const modulname = params[0] ?? '';
  const username = params[1] ?? '';
  const canSave = /[CU]/.test(screen.permission ?? '');

  const modules = useAsync('modules', fetchAllModules);
  const moduleList = Array.isArray(modules.data) ? modules.data : [];

  const go = useCallback(
    (m: string, u: string) => {
      const segs = [m, m ? u : ''].filter(Boolean).map(encodeURIComponent);
      navigate(`/${screen.module}/${screen.route}${segs.length ? `/${segs.join('/')}` : ''}`);
    },
    [navigate, screen.module, screen.route],
  );
  const access = useUserMenus(modulname, username);

  const pickUser = (row: UserListRow) => {
    const m = modulname || moduleList[0]?.name || '';
    if (!m) {
      toast.warning('Choose a module first');
      return;
    }
    go(m, row.username);
  };

  const moduleTitle = moduleList.find((m) => m.name === modulname)?.title ?? modulname;

  return (
    <div className="page menu-access">
      <div className="page-header">
        <h1>{screen.title}</h1>
      </div>
      <div className="menu-access-grid">
        <ModuleUserCard modules={modules} modulname={modulname} username={username} onModule={(m) => go(m, username)} onUser={pickUser} />
        <MenuPermissionsCard modulname={modulname} username={username} moduleTitle={moduleTitle} canSave={canSave} access={access} />
      </div>
    </div>
  );
}

export default MenuAccessPage;
