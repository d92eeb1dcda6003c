import { createContext, useContext } from 'react';
import type { AppModule } from '../api/types';

export interface ModulesState {
  modules: AppModule[] | undefined;
  loading: boolean;
}

export const ModulesContext = createContext<ModulesState>({ modules: undefined, loading: true });

/** The modules the user may open in the active company (GET auth/usermodules/). */
export function useUserModules(): ModulesState {
  return useContext(ModulesContext);
}
