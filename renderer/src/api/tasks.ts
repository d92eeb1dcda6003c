/**
 * Spec §7 Tasks: the to-do list, pending approvals (mine and my team's), the approval detail and
 * its actions, task attachments, the history print and the department budget view. Shapes are
 * those of server/src/routes/tasks.ts.
 */
import { api, apiUrl, authFetch, type Query } from './client';
import type { PagedResponse } from './types';

/** Spec §3 Todo row (GET /tasktodo). */
export interface TodoRow {
  taskkey: number;
  taskassignkey: number;
  taskname: string | null;
  taskdetail: string | null;
  createby: string | null;
  createdate: string | null;
  routeName: string | null;
  /** JSON text of the route parameters, e.g. {"key": 12, "taskkey": 7}. */
  routeParam: string | null;
  /** The task's company and its name (GET tasktodo?companies=all, decision 0256). */
  compcode?: string;
  company?: string;
}

/** Spec §3 Task (pending): GET tasktodo/mypending and teampending (team adds crewname). */
export interface PendingRow {
  taskkey: number;
  taskassignkey: number;
  wftypekey: number | null;
  taskname: string | null;
  taskdetail: string | null;
  createdby: string | null;
  creatorNik: string | null;
  creatorName: string | null;
  createdon: string | null;
  crewname?: string | null;
  assigndate?: string | null;
}

export type PendingSortField = 'taskname' | 'taskdetail' | 'creatorName' | 'createdon' | 'crewname';

/** The workflow actions of docs/workflow.md. */
export type ActionTake = 'APPROVED' | 'REVIEWED' | 'ROUTING' | 'REJECTED' | 'COMPLETED' | 'PENDING';

/** Spec §3 Approval task (the form's header, data[0][0] of the detail). */
export interface ApprovalHeader {
  taskkey: number;
  taskassignkey: number;
  wftypekey: number | null;
  wfname?: string | null;
  /** The workflow's title (what a reader calls it); wfname is its code. */
  wftitle?: string | null;
  taskname: string | null;
  taskdetail: string | null;
  entity_name?: string | null;
  record_key?: string | null;
  statuswf?: string | null;
  createdby: string | null;
  createdbyUsername?: string | null;
  createdon: string | null;
  jabatan: string | null;
  departemen: string | null;
  departkd: string | null;
  layout: string | null;
  pjxhdrkey: number | string | null;
  /** The document has a budget (its entity carries one, or a project budget key): budget controls shown only then. */
  hasBudget?: boolean;
  isTask: number;
  actions?: ActionTake[];
  step?: { seq: number; name: string; of: number } | null;
  isrouting: number;
  routeToNik: string | null;
  routeToUser: string | null;
  postponed: number;
  postuntil: string | null;
  message: string | null;
  completeddate?: string | null;
  actiontake?: string | null;
  canAct?: number;
  crewinfo: string | null;
  crewkey: number | null;
  onBehalfOf?: string | null;
}

/** Spec §3 History row. */
export interface HistoryRow {
  taskassignkey: number;
  assignstr: string | null;
  assigndate?: string | null;
  crewname: string | null;
  /** The delegate's item: the person it was assigned to (docs/workflow.md "Delegation"). */
  onBehalfOf?: string | null;
  actiontake: string | null;
  actionBy: string | null;
  message: string | null;
  completeddate: string | null;
  postponed?: number;
  postuntil?: string | null;
  step?: number | null;
  expired?: boolean;
}

/** Spec §3 Attachment. */
export interface Attachment {
  attachmentKey: number;
  attchFileNm: string;
  taskkey: number;
  size?: number;
  uploadedBy?: string | null;
  uploadedAt?: string | null;
}

export interface TaskDetailResponse {
  success: number;
  data: [ApprovalHeader[], HistoryRow[], Attachment[]];
  message?: string;
  sql?: string;
}

export interface DoActionBody {
  taskassignkey: number;
  actionTake: ActionTake;
  comment: string;
  isrouting: number;
  routeToNik: string | null;
  routeToUser: string | null;
  postponed: number;
  postuntil: string | null;
  /** Approving a document whose approval is a certifying signature (decision 0301): the approver's password and code. */
  password?: string;
  otp?: string;
}

export interface ActionResponse {
  success: number;
  message?: string;
  statuswf?: string;
}

export interface PrintJobResponse {
  success: number;
  id: string;
  url?: string;
}

export const fetchTodo = (signal?: AbortSignal): Promise<TodoRow[]> => api.get<TodoRow[]>('tasktodo', undefined, signal);

/** The user's open tasks in every company the user belongs to, each with its company, the active company's first (decision 0256). */
export const fetchTodoAllCompanies = (signal?: AbortSignal): Promise<TodoRow[]> => api.get<TodoRow[]>('tasktodo', { companies: 'all' }, signal);

export const fetchMyPending = (query: Query, signal?: AbortSignal): Promise<PagedResponse<PendingRow>> =>
  api.get<PagedResponse<PendingRow>>('tasktodo/mypending', query, signal);

export const fetchTeamPending = (query: Query, signal?: AbortSignal): Promise<PagedResponse<PendingRow>> =>
  api.get<PagedResponse<PendingRow>>('tasktodo/teampending', query, signal);

export const fetchTaskDetail = (key: string, signal?: AbortSignal): Promise<TaskDetailResponse> =>
  api.get<TaskDetailResponse>('tasktodo/detail/', { key }, signal);

export const doAction = (body: DoActionBody): Promise<ActionResponse> => api.post<ActionResponse>('tasktodo/doaction', body);

export const fetchHistoryPrint = (taskkey: number | string, signal?: AbortSignal): Promise<PrintJobResponse> =>
  api.get<PrintJobResponse>(`tasktodo/historyprint/${encodeURIComponent(String(taskkey))}`, undefined, signal);

/** GET /budgetdept/viewprint: the department's annual budget report as HTML. */
export const fetchBudgetView = (
  query: { departkd: string; departemen: string; tahun: number; layout: string },
  signal?: AbortSignal,
): Promise<string> => api.get<string>('budgetdept/viewprint', query, signal);

/** POST tasktodo/attachment (multipart file, filename, tablekey): the task's new attachment list. */
export async function uploadAttachment(file: File, taskkey: number): Promise<Attachment[]> {
  const form = new FormData();
  form.append('filename', file.name);
  form.append('tablekey', String(taskkey));
  form.append('file', file, file.name);
  const res = await authFetch(apiUrl('tasktodo/attachment'), { method: 'POST', body: form, headers: { Accept: 'application/json' } });
  const body = (await res.json()) as { success: number; data?: Attachment[] };
  return Array.isArray(body.data) ? body.data : [];
}

/** GET /tasktodo/attachment/{attachmentKey} with the bearer token: the file and its name. */
export async function downloadAttachment(attachmentKey: number): Promise<{ blob: Blob; disposition: string | null }> {
  const res = await authFetch(apiUrl(`tasktodo/attachment/${encodeURIComponent(String(attachmentKey))}`));
  return { blob: await res.blob(), disposition: res.headers.get('content-disposition') };
}

/** The PDF preview address of a print job (API root + printpreview/pdf/{id}). */
export const printPreviewUrl = (id: string): string => apiUrl(`printpreview/pdf/${encodeURIComponent(id)}`);
