/**
 * A websocket client of the app's real-time endpoint as the renderer opens it: connect to
 * `/api/ws` (no token in the address), send `{event: 'auth', token}` as the first message, wait
 * for `connected` (or the close code when refused).
 *
 *   const s = await openSocket(base, token);          // base: http://127.0.0.1:port
 *   await s.next('connected');
 *   s.send({ event: 'notificationupdate', key: 'notifycount' });
 *   expect(await s.closed).toBe(4401);
 */
import WebSocket from 'ws';

export interface SocketMsg {
  event: string;
  compcode?: string;
  user_id?: number;
  data: Record<string, unknown>;
}

export interface TestSocket {
  ws: WebSocket;
  messages: SocketMsg[];
  /** The next message of this event (already received or still to come). */
  next(event: string, ms?: number): Promise<SocketMsg>;
  send(body: unknown): void;
  /** Resolves with the close code once the socket closes. */
  closed: Promise<number>;
}

export function openSocket(base: string, token: string, opts: { auth?: boolean; query?: string } = {}): Promise<TestSocket> {
  const messages: SocketMsg[] = [];
  const waiters: { event: string; resolve: (m: SocketMsg) => void }[] = [];
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws${opts.query ? `?${opts.query}` : ''}`);
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as SocketMsg;
    const w = waiters.find((x) => x.event === m.event);
    if (w) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    } else messages.push(m);
  });
  const next = (event: string, ms = 5000) =>
    new Promise<SocketMsg>((resolve, reject) => {
      const seen = messages.find((m) => m.event === event);
      if (seen) {
        messages.splice(messages.indexOf(seen), 1);
        return resolve(seen);
      }
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
      waiters.push({
        event,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  const send = (body: unknown) => ws.send(typeof body === 'string' ? body : JSON.stringify(body));
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      if (opts.auth !== false) send({ event: 'auth', token });
      resolve({ ws, messages, next, send, closed });
    });
    ws.once('error', reject);
  });
}

/** Resolves with `connected <compcode>` or the close code, whichever comes first. */
export async function connectOutcome(base: string, token: string): Promise<string | number> {
  const s = await openSocket(base, token);
  const connected = new Promise<string>((resolve) => {
    const check = () => {
      const m = s.messages.find((x) => x.event === 'connected');
      if (m) {
        s.ws.close();
        resolve(`connected ${String(m.data.compcode)}`);
      }
    };
    s.ws.on('message', () => setImmediate(check));
  });
  return Promise.race([connected, s.closed]);
}
