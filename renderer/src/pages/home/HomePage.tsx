import { useSession } from '../../session/sessionContext';
import { useUserModules } from '../../shell/modulesContext';
import { ModuleCards } from '../modules/ModuleCards';
import { ShortcutLinks } from './ShortcutLinks';
import { ThingsToDo } from '../approval/ThingsToDo';
import { ApprovalsWaiting } from './ApprovalsWaiting';
import { t } from '../../i18n';

export function HomePage() {
  const { modules, loading } = useUserModules();
  const { session } = useSession();
  const name = session?.full_name || session?.username;
  return (
    <div className="page home-page">
      <div className="page-header">
        <h1>{t('Home')}</h1>
        {name ? <p className="muted">{t('Welcome, {name}', { name })}</p> : null}
      </div>
      {/* what waits for the user comes first (issue 22), then the modules and shortcuts */}
      <div className="home-todo" data-slot="things-to-do">
        <ThingsToDo />
      </div>
      <ApprovalsWaiting />
      <section className="home-modules" aria-label={t('Modules')}>
        <ModuleCards modules={modules} loading={loading} />
      </section>
      <ShortcutLinks modules={modules} />
    </div>
  );
}

export default HomePage;
