import { createContext, useContext } from 'react';
import type { CompanyRow, Session } from '../api/types';

export type SignInResult = 'signed-in' | 'change-password';

export interface SessionApi {
  session: Session | null;
  /** Signs in; 'change-password' when the default password is in use (limited token stored). */
  signIn: (username: string, password: string) => Promise<SignInResult>;
  /** Clears storage, revokes the refresh token best-effort and reloads at the root. */
  signOut: () => void;
  /** Spec §4 switching company: server, session, open aircraft, banner, navigation, toast. */
  switchCompany: (company: Pick<CompanyRow, 'compcode' | 'company'>) => Promise<void>;
  /** Replaces the stored session (e.g. fresher data from users/me). */
  updateSession: (session: Session) => void;
}

export const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside <SessionProvider>');
  return ctx;
}

/** The session of a signed-in user (only inside protected routes). */
export function useSignedInSession(): Session {
  const { session } = useSession();
  if (!session) throw new Error('No signed-in user');
  return session;
}
