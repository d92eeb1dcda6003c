import { useId } from 'react';
import { errorMessage } from '../../api/errors';
import type { UserListRow } from '../../api/types';
import { ErrorPanel } from '../../ui/ErrorPanel';
import type { useAsync } from '../../ui/useAsync';
import type { fetchAllModules } from '../../api/meta';
import { UserList } from './UserList';
import { t } from '../../i18n';

type Modules = ReturnType<typeof useAsync<Awaited<ReturnType<typeof fetchAllModules>>>>;

interface ModuleUserCardProps {
  modules: Modules;
  modulname: string;
  username: string;
  onModule: (modulname: string) => void;
  onUser: (row: UserListRow) => void;
}

/** Menu Access: the module chosen, the user chosen, and the company's users to pick from. */
export function ModuleUserCard({ modules, modulname, username, onModule, onUser }: ModuleUserCardProps) {
  const moduleSelectId = useId();
  const moduleList = Array.isArray(modules.data) ? modules.data : [];
  return (
    <section className="card">
      <div className="card-header">
        <h2>{t('Module and user')}</h2>
      </div>
      <div className="card-body form-stack">
        <div className="field">
          <label htmlFor={moduleSelectId}>{t('Module')}</label>
          {modules.error ? (
            <ErrorPanel message={errorMessage(modules.error)} onRetry={modules.reload} />
          ) : (
            <select
              id={moduleSelectId}
              name="modulname"
              value={modulname}
              disabled={modules.loading && !modules.data}
              onChange={(e) => onModule(e.target.value)}
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
          <span>{t('User')}</span>
          <p className="selected-user" data-testid="selected-user">
            {username ? <strong>{username}</strong> : <span className="muted">{t('Pick a user in the list below.')}</span>}
          </p>
        </div>
      </div>
      <UserList selected={username || null} onSelect={onUser} />
    </section>
  );
}
