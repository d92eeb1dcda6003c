import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { checkAccess, fetchRoutes, fetchScreen } from '../api/meta';
import { errorMessage, isAbort, isApiError } from '../api/errors';
import type { ScreenMeta } from '../api/types';
import { EmptyState } from '../ui/EmptyState';
import { ErrorPanel } from '../ui/ErrorPanel';
import { lazyPage } from '../ui/lazyPage';
import { Spinner } from '../ui/Spinner';
import { ScreenHome } from './ScreenHome';
import { customScreens } from './screenRegistry';
import { importValidatorModule } from './form/validatorModule';
import { t } from '../i18n';

const GenericList = lazyPage(() => import('./GenericList'));
const GenericForm = lazyPage(() => import('./GenericForm'));
// Most screens are lists: fetch the list now, with the screen's metadata; the form (the larger
// chunk, with the JSON Schema form library) once the browser is idle.
void GenericList.preload();
if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(() => void GenericForm.preload(), { timeout: 5000 });

type State =
  | { status: 'loading' }
  | { status: 'ready'; screen: ScreenMeta }
  | { status: 'denied' }
  | { status: 'missing' }
  | { status: 'error'; error: unknown };

/** Routes the metadata declares without a server access check (e.g. postmod-history). */
async function skipsAccessCheck(module: string, route: string): Promise<boolean> {
  try {
    const routes = await fetchRoutes();
    return routes.some((r) => r.module === module && r.route === route && r.noAccessCheck === true);
  } catch {
    return false;
  }
}

async function loadScreen(module: string, route: string, signal: AbortSignal): Promise<State> {
  // the access check and the screen's metadata are asked for together (one round trip, not three
  // in a row); the screen is shown only when access is granted
  const screen = fetchScreen(module, route, signal);
  screen.catch(() => undefined); // awaited below, or dropped when access is refused
  if (route !== 'home') {
    const access = checkAccess(route, module, signal);
    access.catch(() => undefined);
    if (!(await skipsAccessCheck(module, route)) && Number((await access)?.success) !== 1) return { status: 'denied' };
  }
  const ready = await screen;
  // a form's validator is fetched now, beside the form's chunk (GenericForm imports it again)
  if (ready.kind === 'form' && ready.validator) importValidatorModule(ready.validator).catch(() => undefined);
  return { status: 'ready', screen: ready };
}

/** /:module/:route/*: access check, then the screen metadata rendered by its kind. */
export function ScreenView() {
  const { module = '', route = '', '*': rest = '' } = useParams();
  const screenKey = `${module}/${route}`;
  // The state remembers which screen it belongs to: right after a navigation the previous
  // screen's state must not render with the new URL.
  const [current, setCurrent] = useState<{ key: string; state: State }>({ key: '', state: { status: 'loading' } });
  const [nonce, setNonce] = useState(0);
  const state: State = current.key === screenKey ? current.state : { status: 'loading' };

  useEffect(() => {
    const ctrl = new AbortController();
    const key = `${module}/${route}`;
    const set = (next: State) => {
      if (!ctrl.signal.aborted) setCurrent({ key, state: next });
    };
    set({ status: 'loading' });
    loadScreen(module, route, ctrl.signal).then(set, (e: unknown) => {
      if (isAbort(e)) return;
      if (isApiError(e) && e.status === 403) set({ status: 'denied' });
      else if (isApiError(e) && e.status === 404) set({ status: 'missing' });
      else set({ status: 'error', error: e });
    });
    return () => ctrl.abort();
  }, [module, route, nonce]);

  switch (state.status) {
    case 'loading':
      return <Spinner label={t('Loading screen…')} />;
    case 'denied':
      return <Navigate to="/unauthorize" replace />;
    case 'missing':
      return (
        <div className="card">
          <EmptyState text={t('This screen is not available yet.')} />
        </div>
      );
    case 'error':
      return <ErrorPanel message={errorMessage(state.error)} onRetry={() => setNonce((n) => n + 1)} />;
    case 'ready': {
      const { screen } = state;
      const params = rest ? rest.split('/').filter(Boolean).map(decodeURIComponent) : [];
      const key = screenKey;
      const Custom = customScreens[screenKey];
      if (Custom) return <Custom key={key} screen={screen} params={params} />;
      if (screen.kind === 'home') return <ScreenHome key={key} screen={screen} />;
      if (screen.kind === 'form')
        return <GenericForm key={`${key}/${params[0] ?? ''}`} screen={screen} params={params} />;
      if (screen.kind === 'list' || screen.kind === 'report') {
        return <GenericList key={key} screen={screen} params={params} rowClick={screen.kind === 'list'} />;
      }
      return <ErrorPanel message={`Unknown screen kind: ${String(screen.kind)}`} />;
    }
    default:
      return null;
  }
}

export default ScreenView;
