import { useEffect, useState } from 'react';
import { getRow, lookupRows } from '../api/data';
import type { LookupRow } from '../api/types';
import type { LookupItem, LookupPage } from '../ui/LookupDialog';

/** Display texts already seen, by `entity/field/key` (selections and lookup pages fill it). */
const displays = new Map<string, string>();
const cacheKey = (entity: string, field: string, key: unknown) => `${entity}/${field}/${String(key)}`;

export function rememberDisplay(entity: string, field: string, key: unknown, display: string): void {
  if (key === null || key === undefined || key === '') return;
  displays.set(cacheKey(entity, field, key), display);
}

/** The display text of a reference value already seen (the form's lookup showed it), if any. */
export function knownDisplay(entity: string, field: string, key: unknown): string | undefined {
  return key === null || key === undefined || key === '' ? undefined : displays.get(cacheKey(entity, field, key));
}

function toItem(row: LookupRow): LookupItem {
  return { key: String(row.key), display: row.display == null ? String(row.key) : String(row.display), row };
}

/**
 * The LookupDialog loader of reference field `field` of `entity` (GET data/{entity}/lookup/{field});
 * `match` carries the document values the field's lookup matches (`m.<field>`).
 */
export function referenceLoader(entity: string, field: string, match: Record<string, string> = {}) {
  return async (q: string, page: number, limit: number, signal: AbortSignal): Promise<LookupPage> => {
    const res = await lookupRows(entity, field, { ...match, q, page, limit }, signal);
    const items = (Array.isArray(res?.list) ? res.list : []).map(toItem);
    for (const item of items) rememberDisplay(entity, field, item.key, item.display);
    return { total: Number(res?.meta?.total ?? items.length), capped: res?.meta?.totalCapped === true, items, columns: res?.columns };
  };
}

/**
 * The display text of a reference value: from the cache, else looked up: the lookup's rows (the
 * server is asked with `key=` too), then the referenced row itself read through its display field
 * (the lookup's first column); the raw value when neither answers.
 */
async function resolveDisplay(entity: string, field: string, value: unknown, target: string | undefined, signal: AbortSignal) {
  const wanted = cacheKey(entity, field, value);
  let displayField: string | undefined;
  try {
    const res = await lookupRows(entity, field, { key: String(value), page: 1, limit: 50 }, signal);
    for (const r of Array.isArray(res?.list) ? res.list : []) {
      rememberDisplay(entity, field, r.key, r.display == null ? String(r.key) : String(r.display));
    }
    displayField = res?.columns?.[0]?.field;
  } catch (e) {
    if (signal.aborted) throw e;
  }
  if (!displays.has(wanted) && target && displayField) {
    try {
      const { data } = await getRow(target, String(value), '', signal);
      const v = data?.[displayField];
      if (v !== null && v !== undefined && v !== '') displays.set(wanted, String(v));
    } catch (e) {
      if (signal.aborted) throw e;
    }
  }
  if (!displays.has(wanted)) displays.set(wanted, String(value));
}

export function useReferenceDisplay(
  entity: string,
  field: string,
  value: unknown,
  target?: string,
): { text: string; loading: boolean } {
  const empty = value === null || value === undefined || value === '';
  const known = empty ? '' : displays.get(cacheKey(entity, field, value));
  const [, setTick] = useState(0);
  const [loadingKey, setLoadingKey] = useState<string | null>(null);
  const wanted = !empty && known === undefined && entity && field ? cacheKey(entity, field, value) : null;

  useEffect(() => {
    if (!wanted) return undefined;
    const ctrl = new AbortController();
    setLoadingKey(wanted);
    resolveDisplay(entity, field, value, target, ctrl.signal)
      .catch(() => undefined)
      .finally(() => {
        if (ctrl.signal.aborted) return;
        setLoadingKey(null);
        setTick((t) => t + 1);
      });
    return () => ctrl.abort();
  }, [wanted, entity, field, value, target]);

  if (empty) return { text: '', loading: false };
  return { text: known ?? String(value), loading: wanted !== null && loadingKey === wanted };
}
