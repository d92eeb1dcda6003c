import { useSession } from '../../session/sessionContext';
import { useUserModules } from '../../shell/modulesContext';
import { ModuleCards } from './ModuleCards';
import { t } from '../../i18n';

export function ModulesPage() {
  const { modules, loading } = useUserModules();
  const { session } = useSession();
  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('Modules')}</h1>
        {session?.company ? <p className="muted">{session.company}</p> : null}
      </div>
      <ModuleCards modules={modules} loading={loading} />
    </div>
  );
}

export default ModulesPage;
