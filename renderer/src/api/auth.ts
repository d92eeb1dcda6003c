import { api, request } from './client';
import type { AppModule, MeResponse, PasswordChange, RegistrationForm, SignInResponse, SuccessResponse } from './types';

export const signInRequest = (username: string, password: string): Promise<SignInResponse> =>
  request<SignInResponse>('POST', 'auth/signin', { body: { username, password }, auth: false, retryOnExpired: false });

/** The company's identity provider (404 ERR_OIDC_NOT_CONFIGURED when it has none; decision 0335). */
export const oidcProviderRequest = (company: string): Promise<{ compcode: string; provider_name: string }> =>
  request('GET', 'auth/oidc/provider', { query: { company }, auth: false, retryOnExpired: false });

/** The sign-in the provider's callback left in its one-use cookie. */
export const oidcSessionRequest = (): Promise<SignInResponse & { signout_url: string | null }> =>
  request('POST', 'auth/oidc/session', { auth: false, retryOnExpired: false });

export const changePasswordRequest = (body: PasswordChange): Promise<SuccessResponse> =>
  api.post<SuccessResponse>('auth/changepwd', body);

export const fetchMe = (signal?: AbortSignal): Promise<MeResponse> =>
  api.get<MeResponse>('users/me', undefined, signal);

export const fetchUserModules = (signal?: AbortSignal): Promise<AppModule[]> =>
  api.get<AppModule[]>('auth/usermodules/', undefined, signal);

export const submitRegistration = (body: RegistrationForm): Promise<SuccessResponse> =>
  request<SuccessResponse>('POST', 'registration', { body, auth: false, retryOnExpired: false });
