import { useCallback, useEffect, useState } from 'react';
import { fetchNotificationCounter } from '../api/users';
import type { NotificationCounter } from '../api/types';
import { useSession } from '../session/sessionContext';
import { ZERO_COUNTS, normaliseCounts } from './notificationKinds';

/** Counts from GET notifications/counter; any failure shows zeros without an error. */
export function useNotificationCounts(): { counts: NotificationCounter; refresh: () => void } {
  const { session } = useSession();
  const compcode = session?.compcode ?? '';
  const [counts, setCounts] = useState<NotificationCounter>(ZERO_COUNTS);
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchNotificationCounter(ctrl.signal).then(
      (raw) => {
        if (!ctrl.signal.aborted) setCounts(normaliseCounts(raw));
      },
      () => {
        if (!ctrl.signal.aborted) setCounts(ZERO_COUNTS);
      },
    );
    return () => ctrl.abort();
  }, [compcode, nonce]);

  const refresh = useCallback(() => setNonce((n) => n + 1), []);
  return { counts, refresh };
}
