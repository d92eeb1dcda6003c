import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setLanguage, t } from '../i18n';
import { useNavigate } from 'react-router';
import { sendBeaconPost } from '../api/client';
import { signInRequest } from '../api/auth';
import { switchCompanyRequest } from '../api/users';
import type { Session, SignInResponse } from '../api/types';
import { useToast } from '../ui/toast/toastContext';
import { SessionContext, type SessionApi, type SignInResult } from './sessionContext';
import {
  KEYS,
  OIDC_COMPANY_KEY,
  OIDC_SIGNOUT_KEY,
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

  const adoptSignIn = useCallback((res: SignInResponse, signoutUrl?: string | null) => {
    saveTokens(res.token, res.refresh_token ?? null);
    saveDefaultPw(false);
    savePeriods(res.tglaktif, res.tglkoran);
    saveSession(res.user);
    if (signoutUrl) window.localStorage.setItem(OIDC_SIGNOUT_KEY, signoutUrl);
    setSession(res.user);
  }, []);

  const signOut = useCallback(() => {
    const refresh_token = getRefreshToken();
    // signed in through the company's provider: the product's session ends first, then the provider's
    const providerSignOut = window.localStorage.getItem(OIDC_SIGNOUT_KEY);
    const company = window.localStorage.getItem(OIDC_COMPANY_KEY);
    sendBeaconPost('auth/signout', { refresh_token });
    clearStorage();
    if (company) window.localStorage.setItem(OIDC_COMPANY_KEY, company);
    window.location.assign(providerSignOut && /^https?:\/\//.test(providerSignOut) ? providerSignOut : '/');
  }, []);

  const updateSession = useCallback((next: Session) => {
    saveSession(next);
    setSession(next);
  }, []);

  const switchCompany = useCallback<SessionApi['switchCompany']>(
    async (company, open) => {
      if (!session) return;
      switchingTo.current = company.compcode;
      const res = await switchCompanyRequest(session.user_id, company.compcode).finally(() => {
        switchingTo.current = null;
      });
      const next = res.user ?? { ...session, compcode: company.compcode, company: company.company };
      saveSession(next);
      clearOpenAircraft();
      setSession(next);
      const name = next.company || company.company;
      if (open) {
        // an item of that company opened from the bell or home (decision 0256)
        navigate(open.to);
        toast.info(t('Switched to {company} to open this item.', { company: name }));
        return;
      }
      if (window.location.pathname !== '/modules') navigate('/home');
      toast.success(`Company switched to ${name}`);
    },
    [session, navigate, toast],
  );

  // Spec §7 real-time: the socket, and remote company switches (socket message switchcompany).
  useRealtimeConnection(session, switchCompany, switchingTo);

  const value = useMemo<SessionApi>(
    () => ({ session, signIn, adoptSignIn, signOut, switchCompany, updateSession }),
    [session, signIn, adoptSignIn, signOut, switchCompany, updateSession],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
