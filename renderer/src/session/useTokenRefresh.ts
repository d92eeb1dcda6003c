import { useEffect } from 'react';
import { refreshTokens } from '../api/client';
import { getRefreshToken, resetAndReload } from './storage';

/** Spec §9: the token is refreshed every 1,800,000 ms (30 minutes). */
export const TOKEN_REFRESH_MS = 1_800_000;

export function useTokenRefresh(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => {
      if (!getRefreshToken()) {
        resetAndReload();
        return;
      }
      refreshTokens().catch(() => resetAndReload());
    }, TOKEN_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [active]);
}
