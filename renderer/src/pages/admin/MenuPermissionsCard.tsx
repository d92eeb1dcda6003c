import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { PermissionMatrix } from './PermissionMatrix';
import type { useUserMenus } from './useUserMenus';
import { t } from '../../i18n';

interface MenuPermissionsCardProps {
  modulname: string;
  username: string;
  moduleTitle: string;
  canSave: boolean;
  access: ReturnType<typeof useUserMenus>;
}

/** Menu Access: the chosen user's letters per menu entry of the chosen module, and Save. */
export function MenuPermissionsCard({ modulname, username, moduleTitle, canSave, access }: MenuPermissionsCardProps) {
  const { menus, rows, original, value, setValue, saving, dirty, save } = access;
  return (
    <section className="card">
      <div className="card-header matrix-header">
        <h2>
          {t('Permissions')}
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
        <EmptyState text={t('Choose a module and a user to see their menu permissions.')} />
      ) : menus.error ? (
        <ErrorPanel message={errorMessage(menus.error)} onRetry={menus.reload} />
      ) : menus.loading && !menus.data ? (
        <Spinner label={t('Loading permissions…')} />
      ) : rows.length === 0 ? (
        <EmptyState text={t('This module has no menu entries.')} />
      ) : (
        <>
          <p className="matrix-legend muted">
            {t('C create · R read · U update (save; sign a task card) · D delete · P print · O other (export, send to workflow, post, reverse, convert, grant; point at a box for what it allows on that screen)')}{dirty ? ` — ${t('unsaved changes')}` : ''}
          </p>
          <PermissionMatrix rows={rows} value={value} original={original} disabled={!canSave || saving} onChange={setValue} />
        </>
      )}
    </section>
  );
}
