/**
 * The one error catalogue. Every error the engine or the server sends has a code, an HTTP status
 * and a fixed message. User-facing texts come from the product spec word for word (spec §5, §8).
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
  ERR_STOCK: { status: 409, message: 'The stock does not allow this movement.' },
  ERR_REGISTRATION_DONE: { status: 409, message: 'This registration was already turned into a company.' },
  ERR_SIGNOFF: { status: 409, message: 'This signature is not allowed.' },
  ERR_FOUR_EYES: { status: 403, message: 'Four eyes are two people: nobody approves their own work, and one person counts once.' },
  ERR_RETRY: { status: 409, message: 'Someone else acted on this at the same moment; reload it and try again.' },
  ERR_AMENDMENT: { status: 409, message: 'What a task card requires is fixed by the work order approval: a planner amends it (Amend Work Order), which sends the order for approval again.' },
  ERR_RETAINED: { status: 409, message: 'This is an airworthiness record: it is kept and never deleted. Correct it, cancel it or retire it instead.' },
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
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

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
    super(opts.message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
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
