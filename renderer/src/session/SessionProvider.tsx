import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setLanguage } from '../i18n';
import { useNavigate } from 'react-router';
import { sendBeaconPost } from '../api/client';
import { signInRequest } from '../api/auth';
import { switchCompanyRequest } from '../api/users';
import type { Session } from '../api/types';
import { useToast } from '../ui/toast/toastContext';
import { SessionContext, type SessionApi, type SignInResult } from './sessionContext';
import {
  KEYS,
  clearOpenAircraft,
  clearStorage,
  getRefreshToken,
  loadSession,
  saveDefaultPw,
  savePeriods,
  saveSession,
  saveTokens,
} from './storage';
import { useTokenRefresh } from './useTokenRefresh';
import { useRealtimeConnection } from '../realtime/useRealtime';

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(() => loadSession());
  // dates, numbers and the renderer's own texts follow the session's language (decision 0144)
  setLanguage(session?.language);
  const navigate = useNavigate();
  const toast = useToast();

  useTokenRefresh(Boolean(session?.group));
  const switchingTo = useRef<string | null>(null);

  // Another tab signing out or switching company updates this one too.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === KEYS.session) setSession(loadSession());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback(async (username: string, password: string): Promise<SignInResult> => {
    const res = await signInRequest(username, password);
    if (res.defaultpw) {
      // Limited token: only auth/changepwd, auth/validatepwd and users/me work with it.
      saveSession(null);
      saveTokens(res.token, null);
      saveDefaultPw(true);
      setSession(null);
      return 'change-password';
    }
    saveTokens(res.token, res.refresh_token ?? null);
    saveDefaultPw(false);
    savePeriods(res.tglaktif, res.tglkoran);
    saveSession(res.user);
    setSession(res.user);
    return 'signed-in';
  }, []);

  const signOut = useCallback(() => {
    const refresh_token = getRefreshToken();
    sendBeaconPost('auth/signout', { refresh_token });
    clearStorage();
    window.location.assign('/');
  }, []);

  const updateSession = useCallback((next: Session) => {
    saveSession(next);
    setSession(next);
  }, []);

  const switchCompany = useCallback<SessionApi['switchCompany']>(
    async (company) => {
      if (!session) return;
      switchingTo.current = company.compcode;
      const res = await switchCompanyRequest(session.user_id, company.compcode).finally(() => {
        switchingTo.current = null;
      });
      const next = res.user ?? { ...session, compcode: company.compcode, company: company.company };
      saveSession(next);
      clearOpenAircraft();
      setSession(next);
      if (window.location.pathname !== '/modules') navigate('/home');
      toast.success(`Company switched to ${next.company || company.company}`);
    },
    [session, navigate, toast],
  );

  // Spec §7 real-time: the socket, and remote company switches (socket message switchcompany).
  useRealtimeConnection(session, switchCompany, switchingTo);

  const value = useMemo<SessionApi>(
    () => ({ session, signIn, signOut, switchCompany, updateSession }),
    [session, signIn, signOut, switchCompany, updateSession],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
