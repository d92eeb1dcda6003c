import { createContext, useContext } from 'react';
import type { CompanyRow, Session, SignInResponse } from '../api/types';

export type SignInResult = 'signed-in' | 'change-password';

export interface SessionApi {
  session: Session | null;
  /** Signs in; 'change-password' when the default password is in use (limited token stored). */
  signIn: (username: string, password: string) => Promise<SignInResult>;
  /** Takes a sign-in made elsewhere (the company's identity provider); `signoutUrl`: where sign-out goes after ending the session. */
  adoptSignIn: (res: SignInResponse, signoutUrl?: string | null) => void;
  /** Clears storage, revokes the refresh token best-effort and reloads at the root. */
  signOut: () => void;
  /**
   * Spec §4 switching company: server, session, open aircraft, banner, navigation, toast. With
   * `open` (an item of that company opened from the bell or home, decision 0256): goes there
   * instead of home and says so in the notice.
   */
  switchCompany: (company: Pick<CompanyRow, 'compcode' | 'company'>, open?: { to: string }) => Promise<void>;
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
