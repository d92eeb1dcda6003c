/**
 * The requisition view's data (spec §2): the detail read as `[[header], lines]`, lines with only an
 * item reference completed with its part number and name, what a line's master item shows, the
 * procurement progress names, and an error as the spec's error message shows it.
 */
import { ApiError } from '../../api/errors';
import { fetchMasterItem, fetchRequisitionDetail, type RequisitionHeader, type RequisitionLine } from '../../api/mrequest';

export const PROGRESS: Record<number, string> = {
  0: 'MR Approved',
  1: 'Purchase Request',
  2: 'Canvasing Sheet',
  3: 'Purchase Order',
  4: 'Receiving',
};

export const serialise = (e: unknown): string => {
  if (e instanceof ApiError) return JSON.stringify(e.body);
  if (e instanceof Error) return JSON.stringify({ name: e.name, message: e.message });
  try {
    return JSON.stringify(e);
  } catch {
    return String(e);
  }
};

export interface Loaded {
  header: RequisitionHeader;
  lines: RequisitionLine[];
}

/** The detail ([[header], lines]); lines with only an item reference get its part number and name. */
export async function loadDetail(key: string, signal: AbortSignal): Promise<Loaded> {
  const res = await fetchRequisitionDetail(key, signal);
  const header = Array.isArray(res) && Array.isArray(res[0]) ? res[0][0] : undefined;
  if (!header) throw new Error(`Requisition ${key} was not found.`);
  const lines = Array.isArray(res[1]) ? res[1] : [];
  const missing = [...new Set(lines.filter((l) => l.item && !l.partnumber && !l.itemname).map((l) => Number(l.item)))];
  if (missing.length) {
    const found = await Promise.allSettled(missing.map((id) => fetchMasterItem(id, signal)));
    const items = new Map<number, { partnumber?: string | null; itemname?: string | null }>();
    found.forEach((r, i) => {
      if (r.status === 'fulfilled' && r.value?.data) items.set(missing[i], r.value.data);
    });
    return {
      header,
      lines: lines.map((l) => {
        const it = l.item ? items.get(Number(l.item)) : undefined;
        return it && !l.partnumber && !l.itemname ? { ...l, partnumber: it.partnumber ?? null, itemname: it.itemname ?? null } : l;
      }),
    };
  }
  return { header, lines };
}

export function masterItem(l: RequisitionLine): string {
  if (Number(l.linetype) === 3) return l.glaccount ? `GL ${l.glaccount}` : 'GL Account';
  const parts = [l.partnumber, l.itemname].filter(Boolean);
  return parts.length ? parts.join(' / ') : l.itemno ?? '';
}
