import type { ScreenMeta } from '../api/types';
import { lazyPage, type LazyPage } from '../ui/lazyPage';

export interface CustomScreenProps {
  screen: ScreenMeta;
  /** Path segments after the route. */
  params: string[];
}

/**
 * Hand-made screens that replace the generic list/form of a metadata route (`module/route`). The
 * metadata still decides access and the menu entry; only the rendering differs.
 */
export const customScreens: Record<string, LazyPage<CustomScreenProps>> = {
  'admin/menu': lazyPage(() => import('../pages/admin/MenuAccessPage')),
};
