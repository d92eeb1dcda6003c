import { useOutletContext } from 'react-router';
import type { AppModule, MenuEntry } from '../api/types';

export interface ModuleOutletContext {
  module: AppModule;
  /** The user's readable menu entries of the module (undefined while loading). */
  menu: MenuEntry[] | undefined;
}

export function useModuleContext(): ModuleOutletContext {
  return useOutletContext<ModuleOutletContext>();
}
