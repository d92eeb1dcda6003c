import { getRefreshToken, getToken, resetAndReload, saveTokens } from '../session/storage';
import { ApiError, type ApiErrorBody } from './errors';
import type { TokenPair } from './types';

/** The API root (docs/api.md): same origin `/api/` unless VITE_API_ROOT points elsewhere. */
export const API_ROOT: string = import.meta.env.VITE_API_ROOT ?? '/api/';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Send the Authorization header (default true). */
  auth?: boolean;
  /** Try a token refresh on ERR_TOKEN_EXPIRED (default true). */
  retryOnExpired?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Absolute URL of the API root (the header's 'my app' link). */
export function apiRootUrl(): string {
  return new URL(API_ROOT, window.location.href).href;
}

/** Joins a path to the API root and appends only the non-empty query values. */
export function apiUrl(path: string, query?: Query): string {
  const root = API_ROOT.endsWith('/') ? API_ROOT : `${API_ROOT}/`;
  let url = root + path.replace(/^\/+/, '');
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null || v === '') continue;
      params.append(k, String(v));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toErrorBody(res: Response, body: unknown): ApiErrorBody {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Partial<ApiErrorBody>;
    return {
      ...(body as Record<string, unknown>),
      message: typeof b.message === 'string' ? b.message : res.statusText || `HTTP ${res.status}`,
      code: typeof b.code === 'string' ? b.code : `HTTP_${res.status}`,
      statusCode: typeof b.statusCode === 'number' ? b.statusCode : res.status,
    };
  }
  return {
    message: typeof body === 'string' && body.trim() ? body.trim() : res.statusText || `HTTP ${res.status}`,
    code: `HTTP_${res.status}`,
    statusCode: res.status,
  };
}

let refreshing: Promise<TokenPair> | null = null;

/**
 * Exchanges the stored refresh token for a new pair and stores it. Concurrent callers share one
 * request: refresh tokens rotate, and re-using one revokes the whole family.
 */
export function refreshTokens(): Promise<TokenPair> {
  if (refreshing) return refreshing;
  const run = async (): Promise<TokenPair> => {
    const refresh_token = getRefreshToken();
    if (!refresh_token) throw new ApiError({ message: 'No refresh token', code: 'ERR_AUTH_REQUIRED', statusCode: 401 });
    const res = await fetch(apiUrl('auth/refresh'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh_token }),
    });
    const body = await readBody(res);
    if (!res.ok) throw new ApiError(toErrorBody(res, body));
    const pair = body as Partial<TokenPair> | null;
    if (!pair || typeof pair.token !== 'string') {
      throw new ApiError({ message: 'Invalid refresh response', code: 'ERR_INTERNAL', statusCode: res.status });
    }
    const next: TokenPair = { token: pair.token, refresh_token: pair.refresh_token ?? refresh_token };
    saveTokens(next.token, next.refresh_token);
    return next;
  };
  refreshing = run().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const { query, body, signal, auth = true, retryOnExpired = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  const res = await fetch(apiUrl(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const parsed = await readBody(res);
  if (res.ok) return parsed as T;

  const error = toErrorBody(res, parsed);
  if (res.status === 401 && error.code === 'ERR_TOKEN_EXPIRED' && auth && retryOnExpired) {
    try {
      await refreshTokens();
    } catch {
      resetAndReload();
      throw new ApiError(error);
    }
    return request<T>(method, path, { ...options, retryOnExpired: false });
  }
  throw new ApiError(error);
}

/**
 * A raw authorised fetch (downloads, streams, multipart uploads): the bearer token is added and an
 * expired token is refreshed once. A non-2xx answer throws ApiError with the server's body.
 */
export async function authFetch(url: string, init: RequestInit = {}, retryOnExpired = true): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await fetch(url, { ...init, headers });
  if (res.ok) return res;
  const error = toErrorBody(res, await readBody(res));
  if (res.status === 401 && error.code === 'ERR_TOKEN_EXPIRED' && retryOnExpired) {
    try {
      await refreshTokens();
    } catch {
      resetAndReload();
      throw new ApiError(error);
    }
    return authFetch(url, init, false);
  }
  throw new ApiError(error);
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T> =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T> =>
    request<T>('PUT', path, { ...options, body: body ?? {} }),
  del: <T>(path: string, options?: RequestOptions): Promise<T> => request<T>('DELETE', path, options),
};

/**
 * Fire-and-forget POST that survives a page unload (sign out). Reads the token before the caller
 * clears storage.
 */
export function sendBeaconPost(path: string, body: unknown): void {
  const token = getToken();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  fetch(apiUrl(path), { method: 'POST', headers, body: JSON.stringify(body), keepalive: true }).catch(() => undefined);
}
