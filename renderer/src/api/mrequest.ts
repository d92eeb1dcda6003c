/**
 * Spec §7 Material requests: the calls of the requisition view (detail, action history, print).
 * Shapes are those of plugins/requisition/routes.ts.
 */
import { api } from './client';
import type { PrintJobResponse } from './tasks';

/** Spec §3 Material requisition header. */
export interface RequisitionHeader {
  requestkey: number;
  requestno: string | null;
  requestdate: string | null;
  jasa: number | null;
  budgetinfo: string | null;
  budgetname?: string | null;
  expectreceipt: string | null;
  jasafinish: string | null;
  locationdeliv: string | null;
  remark: string | null;
  barter: number | null;
  registration: string | null;
  matauang?: string | null;
  statuswf?: string | null;
  progress?: number | null;
  priority?: string | null;
  workorder_no?: string | null;
  department?: string | null;
  create_by?: string | null;
}

/** Spec §3 Requisition line. */
export interface RequisitionLine {
  reqdtlkey: number;
  linetype: number | null;
  item?: number | null;
  itemno?: string | null;
  partnumber: string | null;
  itemname: string | null;
  iteminfo: string | null;
  glaccount?: string | null;
  description: string | null;
  quantity: number | string | null;
  invunitom: string | null;
  outstand?: number | null;
  close_reason?: string | null;
}

export type RequisitionDetail = [RequisitionHeader[], RequisitionLine[]];

export interface RequisitionHistoryRow {
  taskkey: number;
  taskassignkey: number;
  assigndate: string | null;
  crewname: string | null;
  onBehalfOf?: string | null;
  actiontake: string | null;
  actionBy: string | null;
  message: string | null;
  completeddate: string | null;
  expired?: boolean;
}

export interface MasterItemRow {
  item_id: number;
  partnumber?: string | null;
  itemname?: string | null;
}

export const fetchRequisitionDetail = (requestkey: string, signal?: AbortSignal): Promise<RequisitionDetail> =>
  api.get<RequisitionDetail>(`aircraft-mrequest/detail/${encodeURIComponent(requestkey)}`, undefined, signal);

export const fetchRequisitionHistory = (
  requestkey: string,
  signal?: AbortSignal,
): Promise<{ success: number; data: RequisitionHistoryRow[] }> =>
  api.get<{ success: number; data: RequisitionHistoryRow[] }>(
    `aircraft-mrequest/actionhistory/${encodeURIComponent(requestkey)}`,
    undefined,
    signal,
  );

/** GET /aircraft-mrequest/print?key=: a print job whose id builds /printpreview/pdf/{id}. */
export const printRequisition = (requestkey: string | number, signal?: AbortSignal): Promise<PrintJobResponse> =>
  api.get<PrintJobResponse>('aircraft-mrequest/print', { key: String(requestkey) }, signal);

/** A master item (for lines that carry only the item reference, without part number or name). */
export const fetchMasterItem = (itemId: number, signal?: AbortSignal): Promise<{ data: MasterItemRow }> =>
  api.get<{ data: MasterItemRow }>(`data/master_item/${encodeURIComponent(String(itemId))}`, undefined, signal);
