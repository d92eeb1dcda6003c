import { useCallback, useEffect, useState } from 'react';
import { fetchNotificationCounter } from '../api/users';
import type { NotificationCounter } from '../api/types';
import { realtime } from '../realtime/socket';
import { COUNT_CHANGING_EVENTS } from '../../../engine/src/values/events';
import { useRealtimeEvent } from '../realtime/useRealtime';
import { useSession } from '../session/sessionContext';
import { ZERO_COUNTS, normaliseCounts } from './notificationKinds';

/**
 * Counts from GET notifications/counter at start (any failure shows zeros without an error), then
 * from the socket: `notificationcounter` replaces them, `opentaskcount` updates the task count, and
 * task/document events ask the server for the counts again (notificationupdate).
 */
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

  useRealtimeEvent(['notificationcounter'], (msg) => setCounts(normaliseCounts(msg.data)));
  useRealtimeEvent(['opentaskcount'], (msg) => {
    if (msg.data.TaskCount !== undefined) setCounts((c) => ({ ...c, TaskCount: normaliseCounts(msg.data).TaskCount }));
  });
  useRealtimeEvent(COUNT_CHANGING_EVENTS, () => {
    // over the socket when it is open, else over HTTP
    if (!realtime.requestCounts()) refresh();
  });

  return { counts, refresh };
}
