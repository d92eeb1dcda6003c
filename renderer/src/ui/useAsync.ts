import { useCallback, useEffect, useState } from 'react';
import { isAbort } from '../api/errors';

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` when `key` changes (null key: nothing to load), aborting the previous run.
 * `load` should be stable for a given key; the key decides when it runs.
 */
export function useAsync<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): AsyncState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: key !== null,
  });
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    if (key === null) {
      setState({ data: undefined, error: undefined, loading: false });
      return undefined;
    }
    const ctrl = new AbortController();
    setState((s) => ({ data: s.data, error: undefined, loading: true }));
    load(ctrl.signal).then(
      (data) => {
        if (!ctrl.signal.aborted) setState({ data, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (!ctrl.signal.aborted && !isAbort(error)) setState({ data: undefined, error, loading: false });
      },
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key decides when to reload
  }, [key, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload };
}
