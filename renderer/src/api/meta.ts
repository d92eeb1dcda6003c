import { api } from './client';
import type { MenuEntry, RouteMeta, ScreenMeta, SuccessResponse } from './types';

const seg = (s: string): string => encodeURIComponent(s);

export const fetchMenu = (modul: string, signal?: AbortSignal): Promise<MenuEntry[]> =>
  api.get<MenuEntry[]>(`menus/modul/${seg(modul)}`, undefined, signal);

export const checkAccess = (route: string, modul: string, signal?: AbortSignal): Promise<SuccessResponse> =>
  api.get<SuccessResponse>(`menus/access/${seg(route)}`, { modul }, signal);

export const fetchScreen = (module: string, route: string, signal?: AbortSignal): Promise<ScreenMeta> =>
  api.get<ScreenMeta>(`meta/screen/${seg(module)}/${seg(route)}`, { route: `${module}/${route}` }, signal);

let routesPromise: Promise<RouteMeta[]> | null = null;

/** Every metadata route (cached for the page's life; metadata does not change per company). */
export function fetchRoutes(): Promise<RouteMeta[]> {
  if (!routesPromise) {
    routesPromise = api.get<RouteMeta[]>('meta/routes').catch((e: unknown) => {
      routesPromise = null;
      throw e;
    });
  }
  return routesPromise;
}
