import { api } from './client';
import type { AppModule, MenuEntry, RouteMeta, ScreenMeta, SuccessResponse } from './types';

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

/** GET auth/modules/: every module (the admin's module pick). */
export const fetchAllModules = (signal?: AbortSignal): Promise<AppModule[]> =>
  api.get<AppModule[]>('auth/modules/', undefined, signal);

/** GET menus/modul/{modulname}/{username}: every entry of the module with that user's letters. */
export const fetchUserMenus = (modul: string, username: string, signal?: AbortSignal): Promise<MenuEntry[]> =>
  api.get<MenuEntry[]>(`menus/modul/${seg(modul)}/${seg(username)}`, undefined, signal);

/** POST menus: a user's letters per menu entry of one module. */
export const saveUserMenus = (body: {
  username: string;
  modulname: string;
  menus: Array<{ menu_id: number; permission: string }>;
}): Promise<SuccessResponse> => api.post<SuccessResponse>('menus', body);
