import type { ScreenMeta } from '../api/types';
import { validLimit } from '../ui/LimitSelect';
import type { SortDir } from '../ui/SortHeader';

export interface ListQuery {
  page: number;
  limit: number;
  sortBy: string;
  sortDir: SortDir | '';
  q: string;
  /**
   * Filter values by parameter, as the URL has them. A parameter present with an empty value is a
   * default (open aircraft) the user cleared.
   */
  filters: Record<string, string>;
}

function positiveInt(v: string | null, fallback: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const defaultLimit = (screen: ScreenMeta): number => validLimit(screen.pageSize ?? 10, 10);

/** The list state kept in the URL search params (page, limit, sortBy, sortDir, q, filters). */
export function readListQuery(params: URLSearchParams, screen: ScreenMeta, filterNames: readonly string[] = []): ListQuery {
  const dir = params.get('sortDir');
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const v = params.get(name);
    if (v !== null) filters[name] = v;
  }
  return {
    page: positiveInt(params.get('page'), 1),
    limit: validLimit(positiveInt(params.get('limit'), defaultLimit(screen)), defaultLimit(screen)),
    sortBy: params.get('sortBy') ?? '',
    sortDir: dir === 'asc' || dir === 'desc' ? dir : '',
    q: params.get('q') ?? '',
    filters,
  };
}

/**
 * The URL search params of a list state; empty filter values are dropped except where a default
 * would otherwise apply (`keepEmpty`), so that a cleared default stays cleared on reload.
 */
export function writeListQuery(query: ListQuery, screen: ScreenMeta, keepEmpty: ReadonlySet<string> = new Set()): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(query.filters)) {
    if (value !== '' || keepEmpty.has(name)) out.set(name, value);
  }
  if (query.q) out.set('q', query.q);
  if (query.sortBy) out.set('sortBy', query.sortBy);
  if (query.sortBy && query.sortDir) out.set('sortDir', query.sortDir);
  if (query.page > 1) out.set('page', String(query.page));
  if (query.limit !== defaultLimit(screen)) out.set('limit', String(query.limit));
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
