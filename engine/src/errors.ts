/**
 * The one error catalogue. Every error the engine, the server or a plugin sends has a code, an HTTP
 * status and a fixed message. User-facing texts come from the product spec word for word (spec §5,
 * §8). The engine's codes are the generic ones below; a plugin contributes its domain codes (and
 * the domain's words for a generic code, same status) with `defineErrors`, declaring them in
 * `DomainErrorCodes` so `appError` type-checks them (plugins/errors.ts, decision 0416).
 *
 *   throw appError('ERR_FORBIDDEN');
 *   throw appError('ERR_VALIDATION', { errors: [{ path: '/company', message: 'is required' }] });
 */
export const ERRORS = {
  ERR_VALIDATION: { status: 400, message: 'Please fill the form correctly.' },
  ERR_PW_CONFIRM: { status: 400, message: 'konfirmasi password tidak sama' },
  ERR_PW_SAME: { status: 400, message: 'password baru tidak boleh sama dengan password lama' },
  ERR_PW_CURRENT: { status: 400, message: 'The current password is wrong.' },
  ERR_PW_WEAK: { status: 400, message: 'The new password must have at least 12 characters.' },
  ERR_PW_COMMON: { status: 400, message: 'The new password is too easy to guess (a common password or your user name); choose another.' },
  ERR_FILE_REQUIRED: { status: 400, message: 'Please choose a file' },
  ERR_BAD_REQUEST: { status: 400, message: 'Bad request.' },
  ERR_SIGN_PASSWORD: { status: 400, message: 'The password is wrong: nothing was signed.' },
  ERR_SIGN_CODE: { status: 400, message: 'The code is wrong or was already used: nothing was signed. Type the code your authenticator app shows now (each code signs once).' },
  ERR_BAD_CREDENTIALS: { status: 401, message: 'Wrong username or password.' },
  ERR_AUTH_REQUIRED: { status: 401, message: 'Please sign in.' },
  ERR_TOKEN_EXPIRED: { status: 401, message: 'Your session has expired, please sign in again.' },
  ERR_REFRESH_INVALID: { status: 401, message: 'The refresh token is invalid or was already used; please sign in again.' },
  ERR_USER_INACTIVE: { status: 403, message: 'This account is disabled.' },
  ERR_PASSWORD_CHANGE_REQUIRED: { status: 403, message: 'You have to change the password' },
  ERR_FORBIDDEN: { status: 403, message: 'You do not have access to this function.' },
  ERR_COMPANY_FORBIDDEN: { status: 403, message: 'You do not have access to this company.' },
  ERR_SIGN_ENROL: { status: 403, message: 'Certifying signatures in this company need a second factor: enrol an authenticator app on User Profile first.' },
  ERR_OWN_WORK: { status: 403, message: 'Nobody authorises, approves or signs their own work.' },
  ERR_NOT_FOUND: { status: 404, message: 'The record was not found.' },
  ERR_ROUTE_NOT_FOUND: { status: 404, message: 'Not found.' },
  ERR_CONFLICT: { status: 409, message: 'The record was changed by someone else.' },
  ERR_STALE: { status: 409, message: 'The record was changed by someone else since you opened it; reload it and save again.' },
  ERR_DUPLICATE: { status: 409, message: 'A record with this value already exists.' },
  ERR_LOCKED: { status: 409, message: 'This document can no longer be changed.' },
  ERR_STATE: { status: 409, message: 'This action is not offered in the document\'s state.' },
  ERR_IN_USE: { status: 409, message: 'The record is used by other records and cannot be deleted.' },
  ERR_FOUR_EYES: { status: 403, message: 'Four eyes are two people: nobody approves their own work, and one person counts once.' },
  ERR_RETRY: { status: 409, message: 'Someone else acted on this at the same moment; reload it and try again.' },
  // a retained entity's rows (records/retention.ts); `detail` names the entity ({title}); the domain words both (plugins/errors.ts)
  ERR_RETAINED: { status: 409, message: 'This record is retained: it is kept and never deleted. Correct it, cancel it or retire it instead.', detail: '{title} rows are retained records: they are kept and never deleted. Correct, cancel or retire instead.' },
  ERR_APPEND_ONLY: { status: 409, message: 'The audit history is append-only: its rows are never changed or deleted.' },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  ERR_THROTTLED: { status: 429, message: 'Too many failed sign-in attempts. Please wait and try again.' },
  ERR_RATE_LIMITED: { status: 429, message: 'Too many requests from this address. Please wait and try again.' },
  // company sign-in through an identity provider (server/src/auth/oidc.ts, decision 0335)
  ERR_OIDC_NOT_CONFIGURED: { status: 404, message: 'This company does not sign in through an identity provider: sign in with your user name and password.' },
  ERR_OIDC_STATE: { status: 400, message: 'The company sign-in was interrupted or has expired: start it again from the login page.' },
  ERR_OIDC_PROVIDER: { status: 401, message: "The identity provider's answer was not accepted: try again, or sign in with your user name and password." },
  ERR_OIDC_UNMATCHED: { status: 403, message: 'No account of this company matches the identity the provider signed in: ask your administrator.' },
  ERR_INTERNAL: { status: 500, message: 'Internal server error' },
  ERR_UNAVAILABLE: { status: 503, message: 'The service is unavailable, please try again shortly.' },
} as const satisfies Record<string, ErrorEntry>;

/** A catalogue entry: the HTTP status, the message, and optionally a longer text with `{name}` placeholders (errorText). */
export interface ErrorEntry {
  status: number;
  message: string;
  detail?: string;
}

/**
 * The codes plugins contribute: a plugin's errors file declares each (declaration merging) beside
 * its `defineErrors` call, so `appError('ERR_X')` of a code nobody registered does not compile.
 */
export interface DomainErrorCodes {}

export type ErrorCode = keyof typeof ERRORS | keyof DomainErrorCodes;

const catalogue = new Map<string, ErrorEntry>(Object.entries(ERRORS));

/**
 * Registers a plugin's catalogue entries: new domain codes, or the domain's words for a generic
 * code (same status). Registering a code again with other text or another status is refused (one
 * code, one meaning); the same entry twice is a no-op (a module imported twice).
 */
export function defineErrors<const T extends Partial<Record<ErrorCode, ErrorEntry>>>(entries: T): T {
  for (const [code, entry] of Object.entries(entries) as [string, ErrorEntry][]) {
    const had = catalogue.get(code);
    const generic = (ERRORS as Record<string, ErrorEntry>)[code];
    if (had && had !== generic && (had.message !== entry.message || had.status !== entry.status || had.detail !== entry.detail)) throw new Error(`error code ${code} is already registered with other words`);
    if (generic && generic.status !== entry.status) throw new Error(`error code ${code} is the engine's (status ${generic.status}): the domain may word it, not change its status`);
    catalogue.set(code, entry);
  }
  return entries;
}

/** The whole catalogue as registered (the engine's codes and the loaded plugins'), in registration order. */
export function errorCatalogue(): ReadonlyMap<string, ErrorEntry> {
  return catalogue;
}

function entryOf(code: ErrorCode): ErrorEntry {
  const e = catalogue.get(code);
  if (!e) throw new Error(`error code ${code} is not registered (its plugin's errors file was not loaded)`);
  return e;
}

/** An entry's `detail` (else its message) with its `{name}` placeholders filled. */
export function errorText(code: ErrorCode, vars: Record<string, string> = {}): string {
  const e = entryOf(code);
  return (e.detail ?? e.message).replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
}

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];
  readonly extra?: Record<string, unknown>;
  constructor(code: ErrorCode, opts: { message?: string; errors?: FieldError[]; extra?: Record<string, unknown> } = {}) {
    const entry = entryOf(code);
    super(opts.message ?? entry.message);
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status;
    this.errors = opts.errors;
    this.extra = opts.extra;
  }
}

export function appError(
  code: ErrorCode,
  opts: { message?: string; errors?: FieldError[]; extra?: Record<string, unknown> } = {},
): AppError {
  return new AppError(code, opts);
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
