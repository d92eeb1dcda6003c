import { useNavigate } from 'react-router';
import type { AppModule } from '../../api/types';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { openUrl } from '../../ui/openUrl';
import { t } from '../../i18n';

/** One card per module the user may open; a click goes to the module url (spec §2 Home). */
export function ModuleCards({ modules, loading }: { modules: AppModule[] | undefined; loading: boolean }) {
  const navigate = useNavigate();
  if (loading) return <Spinner label={t('Loading modules…')} />;
  if (!modules || modules.length === 0)
    return <EmptyState text={t('No module is available for your account in this company.')} />;
  return (
    <div className="module-grid">
      {modules.map((m) => (
        <button
          type="button"
          key={m.name}
          className="module-card"
          data-module={m.name}
          onClick={() => openUrl(m.url || `/${m.name}`, navigate, Boolean(m.statichtml))}
        >
          <span className="module-icon">
            <Icon name={m.icon || m.name} fallback="grid" size={28} />
          </span>
          <span className="module-text">
            <span className="module-title">{m.title || m.name}</span>
            {m.info ? <span className="module-info">{m.info}</span> : null}
          </span>
        </button>
      ))}
    </div>
  );
}
