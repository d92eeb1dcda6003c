import type { ScreenMeta } from '../api/types';
import type { SortDir } from '../ui/SortHeader';

export interface ListQuery {
  page: number;
  limit: number;
  sortBy: string;
  sortDir: SortDir | '';
  q: string;
}

function positiveInt(v: string | null, fallback: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The list state kept in the URL search params (page, limit, sortBy, sortDir, q). */
export function readListQuery(params: URLSearchParams, screen: ScreenMeta): ListQuery {
  const dir = params.get('sortDir');
  return {
    page: positiveInt(params.get('page'), 1),
    limit: Math.min(500, positiveInt(params.get('limit'), screen.pageSize ?? 10)),
    sortBy: params.get('sortBy') ?? '',
    sortDir: dir === 'asc' || dir === 'desc' ? dir : '',
    q: params.get('q') ?? '',
  };
}

export function writeListQuery(query: ListQuery, screen: ScreenMeta): URLSearchParams {
  const out = new URLSearchParams();
  if (query.page > 1) out.set('page', String(query.page));
  if (query.limit !== (screen.pageSize ?? 10)) out.set('limit', String(query.limit));
  if (query.sortBy) out.set('sortBy', query.sortBy);
  if (query.sortBy && query.sortDir) out.set('sortDir', query.sortDir);
  if (query.q) out.set('q', query.q);
  return out;
}

/** Route parameters of the screen (`vendor_id?`) named after the path segments that follow it. */
export function namedParams(screen: ScreenMeta, values: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  (screen.params ?? []).forEach((p, i) => {
    const name = p.replace(/\?$/, '');
    if (values[i] !== undefined && values[i] !== '') out[name] = values[i];
  });
  return out;
}
