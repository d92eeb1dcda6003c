import { api, type Query } from './client';
import type { DataRow, LookupResponse, PagedResponse, SuccessResponse } from './types';

const seg = (s: string): string => encodeURIComponent(s);

export const listRows = (entity: string, query: Query, signal?: AbortSignal): Promise<PagedResponse<DataRow>> =>
  api.get<PagedResponse<DataRow>>(`data/${seg(entity)}`, query, signal);

export const getRow = (entity: string, key: string, route: string, signal?: AbortSignal): Promise<{ data: DataRow }> =>
  api.get<{ data: DataRow }>(`data/${seg(entity)}/${seg(key)}`, { route }, signal);

export const createRow = (
  entity: string,
  body: DataRow,
  route: string,
): Promise<SuccessResponse & { data?: DataRow }> =>
  api.post<SuccessResponse & { data?: DataRow }>(`data/${seg(entity)}`, body, { query: { route } });

export const updateRow = (
  entity: string,
  key: string,
  body: DataRow,
  route: string,
): Promise<SuccessResponse & { data?: DataRow }> =>
  api.put<SuccessResponse & { data?: DataRow }>(`data/${seg(entity)}/${seg(key)}`, body, { query: { route } });

export const deleteRow = (entity: string, key: string, route: string): Promise<SuccessResponse> =>
  api.del<SuccessResponse>(`data/${seg(entity)}/${seg(key)}`, { query: { route } });

export type ActionResult = Record<string, unknown> & { success?: number; message?: string };

export const runAction = (entity: string, name: string, body: DataRow, route: string): Promise<ActionResult> =>
  api.post<ActionResult>(`data/${seg(entity)}/action/${seg(name)}`, body, { query: { route } });

/** What a signature will record (GET data/{entity}/action/{name}/preview, decision 0316). */
export interface SignaturePreview {
  action: string;
  label: string;
  document: string;
  items: { label: string; value: string }[];
  authorisation: string | null;
  signer: { user_id: number; name: string };
  refusal: string | null;
}

export const previewSignature = (entity: string, name: string, key: string | null, signal?: AbortSignal): Promise<SignaturePreview> =>
  api.get<SignaturePreview>(`data/${seg(entity)}/action/${seg(name)}/preview`, key === null ? {} : { key }, signal);

/** GET data/{entity}/lookup/{field}: rows a reference field of `entity` may point to. */
export const lookupRows = (entity: string, field: string, query: Query, signal?: AbortSignal): Promise<LookupResponse> =>
  api.get<LookupResponse>(`data/${seg(entity)}/lookup/${seg(field)}`, query, signal);

/** GET data/{entity}/lookup/{field}/copy/{key}: what choosing row `key` copies into the form (`lookup.copy`). */
export const lookupCopy = (entity: string, field: string, key: string, query: Query, signal?: AbortSignal): Promise<{ data: DataRow }> =>
  api.get<{ data: DataRow }>(`data/${seg(entity)}/lookup/${seg(field)}/copy/${seg(key)}`, query, signal);

/** POST data/{entity}/{key}/printjob: a short-lived print job of one document (letter P); its PDF is printpreview/pdf/{id}. */
export const printDocument = (entity: string, key: string, print?: string): Promise<{ id: string }> =>
  api.post<{ id: string }>(`data/${seg(entity)}/${seg(key)}/printjob`, print ? { print } : {});
