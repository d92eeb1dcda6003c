import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/errors';
import { fetchAllModules, fetchUserMenus, saveUserMenus } from '../../api/meta';
import type { MenuEntry, UserListRow } from '../../api/types';
import type { CustomScreenProps } from '../../generic/screenRegistry';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';
import { normaliseLetters, PermissionMatrix, treeRows } from './PermissionMatrix';
import { UserList } from './UserList';

function lettersById(entries: readonly MenuEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entries) out[String(e.menu_id)] = normaliseLetters(e.permission);
  return out;
}

/**
 * Admin Menu Access (route menu/:modulname?/:username?): pick a module and a user of the active
 * company, then grant the letters C R U D P O per menu entry; Save sends every entry at once.
 * The URL follows the chosen module and user.
 */
export function MenuAccessPage({ screen, params }: CustomScreenProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const moduleSelectId = useId();
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

  const loadMenus = useCallback(
    (signal: AbortSignal) => fetchUserMenus(modulname, username, signal),
    [modulname, username],
  );
  const menus = useAsync(modulname && username ? `${modulname}|${username}` : null, loadMenus);
  const entries = useMemo(() => (Array.isArray(menus.data) ? menus.data : []), [menus.data]);
  const rows = useMemo(() => treeRows(entries), [entries]);
  const original = useMemo(() => lettersById(entries), [entries]);
  const [value, setValue] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setValue(original);
  }, [original]);

  const dirty = rows.some((r) => (value[String(r.entry.menu_id)] ?? '') !== (original[String(r.entry.menu_id)] ?? ''));

  const pickUser = (row: UserListRow) => {
    const m = modulname || moduleList[0]?.name || '';
    if (!m) {
      toast.warning('Choose a module first');
      return;
    }
    go(m, row.username);
  };

  const save = async () => {
    if (!modulname || !username || saving) return;
    setSaving(true);
    try {
      await saveUserMenus({
        username,
        modulname,
        menus: rows.map((r) => ({ menu_id: Number(r.entry.menu_id), permission: value[String(r.entry.menu_id)] ?? '' })),
      });
      toast.success('Saved');
      menus.reload();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const moduleTitle = moduleList.find((m) => m.name === modulname)?.title ?? modulname;

  return (
    <div className="page menu-access">
      <div className="page-header">
        <h1>{screen.title}</h1>
      </div>
      <div className="menu-access-grid">
        <section className="card">
          <div className="card-header">
            <h2>Module and user</h2>
          </div>
          <div className="card-body form-stack">
            <div className="field">
              <label htmlFor={moduleSelectId}>Module</label>
              {modules.error ? (
                <ErrorPanel message={errorMessage(modules.error)} onRetry={modules.reload} />
              ) : (
                <select
                  id={moduleSelectId}
                  name="modulname"
                  value={modulname}
                  disabled={modules.loading && !modules.data}
                  onChange={(e) => go(e.target.value, username)}
                >
                  <option value="">{modules.loading && !modules.data ? 'Loading modules…' : 'Choose a module…'}</option>
                  {moduleList.map((m) => (
                    <option key={m.name} value={m.name}>
                      {m.title || m.name}
                    </option>
                  ))}
                </select>
              )}
            </div>
            <div className="field">
              <span>User</span>
              <p className="selected-user" data-testid="selected-user">
                {username ? <strong>{username}</strong> : <span className="muted">Pick a user in the list below.</span>}
              </p>
            </div>
          </div>
          <UserList selected={username || null} onSelect={pickUser} />
        </section>

        <section className="card">
          <div className="card-header matrix-header">
            <h2>
              Permissions
              {modulname && username ? (
                <span className="muted">
                  {' '}
                  · {moduleTitle} · {username}
                </span>
              ) : null}
            </h2>
            {modulname && username && canSave ? (
              <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving || !menus.data}>
                {saving ? 'Saving…' : 'Save'}
              </button>
            ) : null}
          </div>
          {!modulname || !username ? (
            <EmptyState text="Choose a module and a user to see their menu permissions." />
          ) : menus.error ? (
            <ErrorPanel message={errorMessage(menus.error)} onRetry={menus.reload} />
          ) : menus.loading && !menus.data ? (
            <Spinner label="Loading permissions…" />
          ) : rows.length === 0 ? (
            <EmptyState text="This module has no menu entries." />
          ) : (
            <>
              <p className="matrix-legend muted">
                C create · R read · U update (save; sign a task card) · D delete · P print · O other (export, send to workflow, post, reverse, convert, grant; point at a box for what it allows on that screen){dirty ? ' — unsaved changes' : ''}
              </p>
              <PermissionMatrix rows={rows} value={value} original={original} disabled={!canSave || saving} onChange={setValue} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

export default MenuAccessPage;
