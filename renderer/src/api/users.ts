import { api, type Query } from './client';
import type {
  CompanyListRow,
  NotificationCounts,
  PagedResponse,
  ResetPasswordResponse,
  SecondFactorEnrolment,
  SecondFactorResponse,
  SwitchCompanyResponse,
  UserListRow,
} from './types';

export const fetchCompanies = (query: Query, signal?: AbortSignal): Promise<PagedResponse<CompanyListRow>> =>
  api.get<PagedResponse<CompanyListRow>>('users/companies', query, signal);

export const switchCompanyRequest = (userId: number, compcode: string): Promise<SwitchCompanyResponse> =>
  api.put<SwitchCompanyResponse>(`users/ulc/${encodeURIComponent(String(userId))}`, { compcode });

/** The user's own language (decision 0144); the answer carries the session in it. */
export const setLanguageRequest = (language: 'en' | 'id'): Promise<SwitchCompanyResponse> => api.put<SwitchCompanyResponse>('users/language', { language });

/** Resets the user's own password: the current one is required (the server checks it). */
export const resetPasswordRequest = (userId: number, password: string): Promise<ResetPasswordResponse> =>
  api.put<ResetPasswordResponse>(`users/reset/${encodeURIComponent(String(userId))}`, { password });

/** The active company's counts and, in `companies`, every company's the user belongs to (decision 0256). */
export const fetchNotificationCounter = (signal?: AbortSignal): Promise<NotificationCounts> =>
  api.get<NotificationCounts>('notifications/counter', undefined, signal);

/** GET users/list/: users of the active company (username, full_name and company filters). */
export const fetchUserList = (query: Query, signal?: AbortSignal): Promise<PagedResponse<UserListRow>> =>
  api.get<PagedResponse<UserListRow>>('users/list/', query, signal);

/** The user's second factor of signatures (decision 0300): enrolled or not, required in the active company or not. */
export const fetchSecondFactor = (signal?: AbortSignal): Promise<SecondFactorResponse> => api.get<SecondFactorResponse>('users/second-factor', undefined, signal);

/** Starts an enrolment (the password first): the new secret, its otpauth URI and QR code, answered this once. */
export const beginSecondFactor = (password: string): Promise<SecondFactorEnrolment> => api.post<SecondFactorEnrolment>('users/second-factor/enrol', { password });

/** Ends the enrolment with a code of the new secret. */
export const confirmSecondFactor = (code: string): Promise<SecondFactorResponse> => api.post<SecondFactorResponse>('users/second-factor/confirm', { code });
