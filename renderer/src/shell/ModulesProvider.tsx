import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchUserModules } from '../api/auth';
import { isAbort } from '../api/errors';
import type { AppModule } from '../api/types';
import { useSession } from '../session/sessionContext';
import { resetAndReload } from '../session/storage';
import { ModulesContext, type ModulesState } from './modulesContext';

/** Loads the user's modules once per active company; a failure forces a new login (spec §4). */
export function ModulesProvider({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const compcode = session?.compcode ?? '';
  const [modules, setModules] = useState<AppModule[] | undefined>(undefined);

  useEffect(() => {
    const ctrl = new AbortController();
    setModules(undefined);
    fetchUserModules(ctrl.signal).then(
      (list) => {
        if (!ctrl.signal.aborted) setModules(Array.isArray(list) ? list : []);
      },
      (e: unknown) => {
        if (ctrl.signal.aborted || isAbort(e)) return;
        console.error('Loading modules failed', e);
        resetAndReload();
      },
    );
    return () => ctrl.abort();
  }, [compcode]);

  const value = useMemo<ModulesState>(() => ({ modules, loading: modules === undefined }), [modules]);
  return <ModulesContext.Provider value={value}>{children}</ModulesContext.Provider>;
}
