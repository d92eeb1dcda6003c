import type { Session } from '../api/types';

/** localStorage keys (spec §3: session, token data, periods, open aircraft context). */
export const KEYS = {
  session: 'session',
  token: 'token',
  refreshToken: 'refresh_token',
  defaultpw: 'defaultpw',
  tglaktif: 'tglaktif',
  tglkoran: 'tglkoran',
  openAircraft: 'openAircraft',
} as const;

export const REDIRECT_KEY = 'redirectPath';
/** The company whose identity provider the login page offers (kept across sign-out), and the provider's sign-out address of the current sign-in. */
export const OIDC_COMPANY_KEY = 'oidcCompany';
export const OIDC_SIGNOUT_KEY = 'oidcSignOut';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable (private mode): keep going in memory only */
  }
}

export function loadSession(): Session | null {
  const raw = read(KEYS.session);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Session) : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null): void {
  write(KEYS.session, session ? JSON.stringify(session) : null);
}

export const getToken = (): string | null => read(KEYS.token);
export const getRefreshToken = (): string | null => read(KEYS.refreshToken);

export function saveTokens(token: string | null, refreshToken?: string | null): void {
  write(KEYS.token, token);
  if (refreshToken !== undefined) write(KEYS.refreshToken, refreshToken);
}

export function savePeriods(tglaktif: string | null | undefined, tglkoran: string | null | undefined): void {
  write(KEYS.tglaktif, tglaktif ?? null);
  write(KEYS.tglkoran, tglkoran ?? null);
}

export function saveDefaultPw(value: boolean): void {
  write(KEYS.defaultpw, value ? 'true' : 'false');
}

export function clearOpenAircraft(): void {
  write(KEYS.openAircraft, null);
}

/** A signed-in user is one whose stored session carries a group (spec §5 route guard). */
export function hasSignedInUser(): boolean {
  const s = loadSession();
  return Boolean(s && s.group);
}

export function clearStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    /* ignore */
  }
}

// Requests still in flight when the user navigates away fail; such failures say nothing about
// the session and must not sign the user out.
let leaving = false;
window.addEventListener('beforeunload', () => {
  leaving = true;
});
window.addEventListener('pagehide', () => {
  leaving = true;
});
window.addEventListener('pageshow', () => {
  leaving = false;
});

/** Spec §4/§8: on refresh failure or a failed module load, storage is cleared and the page reloads. */
export function resetAndReload(): void {
  if (leaving) return;
  clearStorage();
  window.location.reload();
}

export function takeRedirectPath(): string | null {
  try {
    const p = window.sessionStorage.getItem(REDIRECT_KEY);
    window.sessionStorage.removeItem(REDIRECT_KEY);
    return p;
  } catch {
    return null;
  }
}

export function setRedirectPath(path: string): void {
  try {
    window.sessionStorage.setItem(REDIRECT_KEY, path);
  } catch {
    /* ignore */
  }
}
