import { api, request } from './client';
import type { AppModule, MeResponse, PasswordChange, RegistrationForm, SignInResponse, SuccessResponse } from './types';

export const signInRequest = (username: string, password: string): Promise<SignInResponse> =>
  request<SignInResponse>('POST', 'auth/signin', { body: { username, password }, auth: false, retryOnExpired: false });

export const changePasswordRequest = (body: PasswordChange): Promise<SuccessResponse> =>
  api.post<SuccessResponse>('auth/changepwd', body);

export const fetchMe = (signal?: AbortSignal): Promise<MeResponse> =>
  api.get<MeResponse>('users/me', undefined, signal);

export const fetchUserModules = (signal?: AbortSignal): Promise<AppModule[]> =>
  api.get<AppModule[]>('auth/usermodules/', undefined, signal);

export const submitRegistration = (body: RegistrationForm): Promise<SuccessResponse> =>
  request<SuccessResponse>('POST', 'registration', { body, auth: false, retryOnExpired: false });
