/**
 * Spec §7 Real-time: one websocket per tab to `${API root}ws` (server/src/realtime/hub.ts). The
 * access token is the first message, `{event: 'auth', token}` (never in the address, which proxies
 * and logs keep); the server answers 'connected', or closes with 4401.
 *
 * - ws:// or wss:// follows the page's protocol (and the API root's host when it is absolute).
 * - Reconnects by itself: 1 s, doubling to at most 30 s; the delay resets once a connection opens.
 * - Reconnects when the access token changes (a token refresh, here or in another tab); a socket
 *   refused as unauthorized (close 4401) first refreshes the token.
 * - On open (and again on the server's 'connected') and every 60 s it asks for the notification
 *   counts: {event: 'notificationupdate', key: 'notifycount', user: username}.
 * - Received events ({event, compcode?, user_id?, data}) go to the subscribers of that event and
 *   to the '*' subscribers.
 */
import { API_ROOT, refreshTokens } from '../api/client';
import { KEYS, getToken } from '../session/storage';
import type { ClientEvent } from '../../../engine/src/values/events';

/** The events the server sends (one list for both sides: engine/src/values/events.ts) and the socket's own 'connected'. */
export type SocketEventName = ClientEvent | 'connected';

export interface SocketMessage {
  event: SocketEventName;
  compcode?: string;
  user_id?: number;
  data: Record<string, unknown>;
}

export type SocketHandler = (msg: SocketMessage) => void;

export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
export const COUNT_INTERVAL_MS = 60_000;
/** How often the stored token is compared with the one the socket was opened with. */
const TOKEN_CHECK_MS = 5000;
const CLOSE_UNAUTHORIZED = 4401;

/** `${API root}ws` with ws:// or wss:// from the page's location. */
export function socketUrl(): string {
  const url = new URL(`${API_ROOT.endsWith('/') ? API_ROOT : `${API_ROOT}/`}ws`, window.location.href);
  url.protocol = url.protocol === 'https:' || window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

function isMessage(v: unknown): v is SocketMessage {
  return Boolean(v && typeof v === 'object' && typeof (v as { event?: unknown }).event === 'string');
}

class RealtimeSocket {
  #ws: WebSocket | null = null;
  #token: string | null = null;
  #username = '';
  #active = false;
  #delay = RECONNECT_MIN_MS;
  #reconnectTimer: number | null = null;
  #countTimer: number | null = null;
  #tokenTimer: number | null = null;
  #handlers = new Map<string, Set<SocketHandler>>();

  /** Opens (or keeps) the connection of a signed-in user. */
  start(username: string): void {
    this.#username = username;
    if (this.#active) return;
    this.#active = true;
    window.addEventListener('storage', this.#onStorage);
    this.#tokenTimer = window.setInterval(() => this.#checkToken(), TOKEN_CHECK_MS);
    this.#connect();
  }

  /** Closes the connection and stops reconnecting (sign out). */
  stop(): void {
    this.#active = false;
    window.removeEventListener('storage', this.#onStorage);
    this.#clearTimers();
    if (this.#tokenTimer !== null) window.clearInterval(this.#tokenTimer);
    this.#tokenTimer = null;
    this.#close();
  }

  get connected(): boolean {
    return this.#ws?.readyState === WebSocket.OPEN;
  }

  /** Subscribes to one event (or '*' for all); returns the unsubscribe function. */
  subscribe(event: SocketEventName | '*', handler: SocketHandler): () => void {
    let set = this.#handlers.get(event);
    if (!set) {
      set = new Set();
      this.#handlers.set(event, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /** Sends a message when connected; false when it could not be sent. */
  send(body: Record<string, unknown>): boolean {
    const ws = this.#ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(body));
    return true;
  }

  /** Asks the server for this user's notification counts (answered by notificationcounter). */
  requestCounts(key: 'notifycount' | 'notifycount_cp' | 'thingtodo_cp' = 'notifycount'): boolean {
    return this.send({ event: 'notificationupdate', key, user: this.#username });
  }

  #onStorage = (e: StorageEvent): void => {
    if (e.key === KEYS.token || e.key === null) this.#checkToken();
  };

  #checkToken(): void {
    if (!this.#active) return;
    const token = getToken();
    if (!token) return;
    if (token !== this.#token) {
      // a refreshed token: reconnect with it at once
      this.#clearTimers();
      this.#delay = RECONNECT_MIN_MS;
      this.#close();
      this.#connect();
    }
  }

  #connect(): void {
    if (!this.#active) return;
    const token = getToken();
    if (!token) {
      this.#scheduleReconnect();
      return;
    }
    this.#token = token;
    let ws: WebSocket;
    try {
      ws = new WebSocket(socketUrl());
    } catch {
      this.#scheduleReconnect();
      return;
    }
    this.#ws = ws;
    ws.onopen = () => {
      if (this.#ws !== ws) return;
      this.#delay = RECONNECT_MIN_MS;
      ws.send(JSON.stringify({ event: 'auth', token }));
      if (this.#countTimer !== null) window.clearInterval(this.#countTimer);
      this.#countTimer = window.setInterval(() => this.requestCounts(), COUNT_INTERVAL_MS);
    };
    ws.onmessage = (ev: MessageEvent) => {
      if (this.#ws !== ws) return;
      let msg: unknown;
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (!isMessage(msg)) return;
      // The server says 'connected' once it has checked the token: then the counts may be asked for.
      if (msg.event === 'connected') this.requestCounts();
      this.#dispatch({ ...msg, data: msg.data && typeof msg.data === 'object' ? msg.data : {} });
    };
    ws.onerror = () => {
      /* a close event follows; reconnecting happens there */
    };
    ws.onclose = (ev: CloseEvent) => {
      if (this.#ws !== ws) return;
      this.#ws = null;
      if (this.#countTimer !== null) window.clearInterval(this.#countTimer);
      this.#countTimer = null;
      if (!this.#active) return;
      if (ev.code === CLOSE_UNAUTHORIZED) {
        // most likely an expired access token: refresh it, then reconnect (with backoff either way)
        refreshTokens().then(
          () => this.#scheduleReconnect(),
          () => this.#scheduleReconnect(),
        );
        return;
      }
      this.#scheduleReconnect();
    };
  }

  #scheduleReconnect(): void {
    if (!this.#active || this.#reconnectTimer !== null) return;
    const delay = this.#delay;
    this.#delay = Math.min(this.#delay * 2, RECONNECT_MAX_MS);
    this.#reconnectTimer = window.setTimeout(() => {
      this.#reconnectTimer = null;
      this.#connect();
    }, delay);
  }

  #close(): void {
    const ws = this.#ws;
    this.#ws = null;
    if (ws) {
      ws.onopen = null;
      ws.onmessage = null;
      ws.onclose = null;
      ws.onerror = null;
      if (ws.readyState === WebSocket.OPEN) ws.close(1000, 'client closing');
      // closing a socket still connecting makes the browser log an error: close it once open
      else if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000, 'client closing');
    }
  }

  #clearTimers(): void {
    if (this.#reconnectTimer !== null) window.clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = null;
    if (this.#countTimer !== null) window.clearInterval(this.#countTimer);
    this.#countTimer = null;
  }

  #dispatch(msg: SocketMessage): void {
    for (const key of [msg.event, '*']) {
      const set = this.#handlers.get(key);
      if (!set) continue;
      for (const handler of set) {
        try {
          handler(msg);
        } catch (err) {
          // one failing subscriber must not stop the others
          reportError(err);
        }
      }
    }
  }
}

/** The tab's one socket. */
export const realtime = new RealtimeSocket();
