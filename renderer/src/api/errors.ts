/** Server error body (spec §8, docs/api.md "Errors"). */
export interface ApiErrorBody {
  message: string;
  code: string;
  statusCode: number;
  errors?: Array<{ path: string; message: string }>;
  sql?: string;
  sqlMessage?: string;
  [extra: string]: unknown;
}

/** Thrown by the api client for every non-2xx answer; carries the server body as-is. */
export class ApiError extends Error {
  readonly body: ApiErrorBody;
  readonly status: number;
  readonly code: string;

  constructor(body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.body = body;
    this.status = body.statusCode;
    this.code = body.code;
  }

  get errors(): Array<{ path: string; message: string }> {
    return Array.isArray(this.body.errors) ? this.body.errors : [];
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}

function stringify(e: unknown): string {
  if (e instanceof Error && !(e instanceof ApiError)) return e.message || String(e);
  try {
    return JSON.stringify(e);
  } catch {
    return String(e);
  }
}

/** Spec §8: a server error shows its message; otherwise the raw error. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.body.message || stringify(e.body);
  return stringify(e);
}

/** Spec §8 login: the sql, sqlMessage or message field, else the whole error as text. */
export function loginErrorText(e: unknown): string {
  if (e instanceof ApiError) {
    const b = e.body;
    return b.sql || b.sqlMessage || b.message || stringify(b);
  }
  return stringify(e);
}
