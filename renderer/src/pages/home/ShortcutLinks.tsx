import { useCallback } from 'react';
import { fetchMenu } from '../../api/meta';
import type { AppModule } from '../../api/types';
import { buildMenuTree, type MenuNode } from '../../shell/menuTree';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useAsync } from '../../ui/useAsync';
import { ShortcutTree } from '../../shell/ShortcutTree';
import { t } from '../../i18n';

interface ModuleShortcuts {
  module: AppModule;
  nodes: MenuNode[];
}

async function loadShortcuts(modules: AppModule[], signal: AbortSignal): Promise<ModuleShortcuts[]> {
  const settled = await Promise.allSettled(modules.map((m) => fetchMenu(m.name, signal)));
  const out: ModuleShortcuts[] = [];
  settled.forEach((r, i) => {
    if (r.status === 'fulfilled' && Array.isArray(r.value) && r.value.length) {
      out.push({ module: modules[i], nodes: buildMenuTree(r.value, 2) });
    }
  });
  return out;
}

/** 'Shortcut Links' card: the user's menu tree of each module (title, icon, badge, two levels). */
export function ShortcutLinks({ modules }: { modules: AppModule[] | undefined }) {
  const key = modules ? modules.map((m) => m.name).join(',') : null;
  const load = useCallback((signal: AbortSignal) => loadShortcuts(modules ?? [], signal), [modules]);
  const { data, loading } = useAsync(key, load);

  return (
    <section className="card">
      <div className="card-header">
        <h2>{t('Shortcut Links')}</h2>
      </div>
      <div className="card-body">
        {loading || !modules ? (
          <Spinner label={t('Loading shortcuts…')} />
        ) : !data || data.length === 0 ? (
          <EmptyState text={t('No shortcut available')} />
        ) : (
          <div className="shortcut-columns">
            {data.map((s) => (
              <div className="shortcut-module" key={s.module.name}>
                <h3>{s.module.title || s.module.name}</h3>
                <ShortcutTree nodes={s.nodes} />
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
