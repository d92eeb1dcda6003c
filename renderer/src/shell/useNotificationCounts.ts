import { useCallback, useEffect, useState } from 'react';
import { fetchNotificationCounter } from '../api/users';
import type { CompanyNotificationCounter, NotificationCounter } from '../api/types';
import { realtime } from '../realtime/socket';
import { COUNT_CHANGING_EVENTS } from '../../../engine/src/values/events';
import { useRealtimeEvent } from '../realtime/useRealtime';
import { useSession } from '../session/sessionContext';
import { normaliseCompanies, normaliseCounts } from './notificationKinds';

/**
 * Counts from GET notifications/counter at start (any failure shows zeros without an error), then
 * from the socket: `notificationcounter` replaces them, `opentaskcount` updates the active
 * company's task count, and task/document events (of any company of the user: the server sends
 * those of the others bare, decision 0256) ask the server for the counts again (notificationupdate).
 * `companies`: every company the user belongs to with its counts, the active company first.
 */
export function useNotificationCounts(): { counts: NotificationCounter; companies: CompanyNotificationCounter[]; refresh: () => void } {
  const { session } = useSession();
  const compcode = session?.compcode ?? '';
  const companyName = session?.company ?? '';
  const [companies, setCompanies] = useState<CompanyNotificationCounter[]>([]);
  const [nonce, setNonce] = useState(0);
  const active = { compcode, company: companyName };

  useEffect(() => {
    const ctrl = new AbortController();
    const here = { compcode, company: companyName };
    fetchNotificationCounter(ctrl.signal).then(
      (raw) => {
        if (!ctrl.signal.aborted) setCompanies(normaliseCompanies(raw, here));
      },
      () => {
        if (!ctrl.signal.aborted) setCompanies([]);
      },
    );
    return () => ctrl.abort();
  }, [compcode, companyName, nonce]);

  const refresh = useCallback(() => setNonce((n) => n + 1), []);

  useRealtimeEvent(['notificationcounter'], (msg) => setCompanies(normaliseCompanies(msg.data, active)));
  useRealtimeEvent(['opentaskcount'], (msg) => {
    if (msg.data.TaskCount === undefined) return;
    const TaskCount = normaliseCounts(msg.data).TaskCount;
    setCompanies((list) => list.map((c) => (c.active ? { ...c, counts: { ...c.counts, TaskCount } } : c)));
  });
  useRealtimeEvent(COUNT_CHANGING_EVENTS, () => {
    // over the socket when it is open, else over HTTP
    if (!realtime.requestCounts()) refresh();
  });

  const counts = companies.find((c) => c.active)?.counts ?? normaliseCounts(null);
  return { counts, companies, refresh };
}
