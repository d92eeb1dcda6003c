import { useEffect, useRef, type RefObject } from 'react';
import type { Session } from '../api/types';
import { useSession } from '../session/sessionContext';
import { loadSession } from '../session/storage';
import { realtime, type SocketEventName, type SocketMessage } from './socket';

/**
 * Keeps the tab's socket open while a user is signed in (SessionProvider) and follows the
 * `switchcompany` message: when its user_id is this user's and the company differs, the client
 * performs the same company switch as the header's.
 */
export function useRealtimeConnection(
  session: Session | null,
  switchCompany: (company: { compcode: string; company: string }) => Promise<void>,
  switchingTo?: RefObject<string | null>,
): void {
  const username = session?.group ? session.username : null;
  useEffect(() => {
    if (!username) return undefined;
    realtime.start(username);
    return () => realtime.stop();
  }, [username]);

  // A company switch changes what the counts are about: ask again.
  const compcode = session?.compcode ?? null;
  useEffect(() => {
    if (compcode) realtime.requestCounts();
  }, [compcode]);

  const latest = useRef({ session, switchCompany });
  useEffect(() => {
    latest.current = { session, switchCompany };
  }, [session, switchCompany]);

  useEffect(
    () =>
      realtime.subscribe('switchcompany', (msg) => {
        const { session: s, switchCompany: sw } = latest.current;
        const target = typeof msg.data.compcode === 'string' ? msg.data.compcode : '';
        if (!s || !target || Number(msg.user_id) !== Number(s.user_id)) return;
        // this tab's own switch (in flight or done) comes back as the same message
        if (s.compcode === target || loadSession()?.compcode === target || switchingTo?.current === target) return;
        const company = typeof msg.data.company === 'string' ? msg.data.company : target;
        sw({ compcode: target, company }).catch(() => undefined);
      }),
    [switchingTo],
  );
}

/** Calls `handler` (latest version) for each of the given events. */
export function useRealtimeEvent(events: readonly SocketEventName[], handler: (msg: SocketMessage) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  }, [handler]);
  const key = events.join(',');
  useEffect(() => {
    const offs = key.split(',').map((e) => realtime.subscribe(e as SocketEventName, (msg) => ref.current(msg)));
    return () => offs.forEach((off) => off());
  }, [key]);
}

/**
 * Reloads a task list when a task event of the session's company arrives (spec §7: task_changed
 * with compcode; todos reload if the company is the same). Several events close together cause one
 * reload. `anyCompany`: a list of every company the user belongs to (the home's to-do, decision
 * 0256) reloads on the events of each (the server sends only those of the user's companies).
 */
export function useTaskListReload(reload: () => void, anyCompany = false): void {
  const { session } = useSession();
  const compcode = session?.compcode ?? '';
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  useRealtimeEvent(['task_changed'], (msg) => {
    if (!compcode || (!anyCompany && msg.compcode !== compcode)) return;
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      reload();
    }, 150);
  });
}
