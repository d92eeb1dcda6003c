import { useMemo } from 'react';
import type { ScreenMeta } from '../api/types';
import { buildMenuTree } from '../shell/menuTree';
import { ShortcutTree } from '../shell/ShortcutTree';
import { EmptyState } from '../ui/EmptyState';
import { Spinner } from '../ui/Spinner';
import { useModuleContext } from './moduleContext';
import { t } from '../i18n';

/** A module's home: title, text and the module's menu as shortcuts. */
export function ScreenHome({ screen }: { screen: ScreenMeta }) {
  const { menu } = useModuleContext();
  const tree = useMemo(() => buildMenuTree(menu ?? [], 2), [menu]);
  return (
    <div className="page">
      <div className="page-header">
        <h1>{screen.title}</h1>
      </div>
      {screen.text ? (
        <section className="card">
          <div className="card-body prose">
            {screen.text.split(/\n{2,}/).map((para, i) => (
              <p key={i}>{para}</p>
            ))}
          </div>
        </section>
      ) : null}
      <section className="card">
        <div className="card-header">
          <h2>{t('Shortcuts')}</h2>
        </div>
        <div className="card-body">
          {menu === undefined ? (
            <Spinner label={t('Loading menu…')} />
          ) : tree.length === 0 ? (
            <EmptyState text={t('No shortcut available')} />
          ) : (
            <ShortcutTree nodes={tree} />
          )}
        </div>
      </section>
    </div>
  );
}
