import { useCallback } from 'react';
import type { Query } from '../../api/client';
import { listRows } from '../../api/data';
import type { DataRow } from '../../api/types';
import { useAsync } from '../../ui/useAsync';

/** A page of a list's rows as the server answers it, loaded again whenever the query changes. */
export function useListRows(entity: string, baseQuery: Query, page: number, limit: number) {
  const fetchKey = entity ? JSON.stringify({ entity, baseQuery, page, limit }) : null;
  const load = useCallback(
    (signal: AbortSignal) => listRows(entity, { ...baseQuery, page, limit }, signal),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetchKey captures every input
    [fetchKey],
  );
  const { data, error, loading, reload } = useAsync(fetchKey, load);
  const rows: DataRow[] = Array.isArray(data?.list) ? data.list : [];
  const total = Number(data?.meta?.total ?? 0);
  const capped = data?.meta?.totalCapped === true;
  return { rows, total, capped, error, loading, reload };
}
