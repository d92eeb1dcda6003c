/**
 * The websocket endpoint (GET /api/ws): each process keeps its own sockets and LISTENs to the
 * shared PostgreSQL channel; an event published by any process is delivered to the sockets of the
 * right company and user here. The client's first message is `{event: 'auth', token}` (a token is
 * never put in the address, where proxies and logs would keep it); `connected` answers it, close
 * code 4401 refuses it. Clients send {event: 'notificationupdate', key} to ask for their counts; the
 * browser reconnects by itself when a connection drops. A `sessionend` event (sign-out, password
 * reset, deactivation on any process) closes the user's sockets with 4401. A `companyleave` event
 * (the user taken out of a company, on any process) re-scopes the user's sockets held in that
 * company to one the user still works in (`switchcompany` tells the browser) or closes them with
 * 4401; each `notificationupdate` checks the same from the tables before counting, so counts are
 * only ever answered for a company the active, still signed-in user belongs to. Each socket may send
 * MESSAGE_BURST messages at once and MESSAGE_RATE a second after that; beyond, it is closed (1008).
 * The bell counts in every company of the user (decision 0256): a count-changing event of another
 * company the user belongs to reaches the socket too, with its company and event name only (no
 * data: it only says "count again"), and the counts are answered for every company.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { Services } from '../services.ts';
import { loadAuth } from '../auth/session.ts';
import { CHANNEL, type EventMessage } from './events.ts';
import { memberCompanies, notificationCountsByCompany } from './counts.ts';
import { COUNT_CHANGING_EVENTS } from '../../../engine/src/values/events.ts';
import { COMPANY_LEAVE_EVENT, SESSION_END_EVENT } from '../../../engine/src/auth/sessions.ts';

interface Client {
  user_id: number;
  compcode: string;
  /** The token generation the socket was opened with (users.token_gen; a raised one ends it). */
  gen: number;
  alive: boolean;
  /** The companies the user belongs to, as last read (at auth, each re-scope and each count). */
  companies: Set<string>;
}

const COUNTING = new Set<string>(COUNT_CHANGING_EVENTS);

/** Close codes: the token is refused or the session ended; the socket sent too many messages. */
export const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_POLICY = 1008;
/** Time to send the auth message after connecting. */
const AUTH_TIMEOUT_MS = 10_000;
const MESSAGE_BURST = 20;
const MESSAGE_RATE = 5;

/** A token bucket per socket (in memory: it is per connection). */
export class MessageBucket {
  #tokens: number;
  #at: number;
  constructor(
    private readonly burst = MESSAGE_BURST,
    private readonly rate = MESSAGE_RATE,
    now = Date.now(),
  ) {
    this.#tokens = burst;
    this.#at = now;
  }
  take(now = Date.now()): boolean {
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#at) / 1000) * this.rate);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

export class Hub {
  readonly clients = new Map<WebSocket, Client>();
  #stop: (() => Promise<void>) | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(private readonly s: Services) {}

  async start(): Promise<void> {
    this.#stop = await this.s.database.listen(CHANNEL, (payload) => this.dispatch(payload));
    this.#timer = setInterval(() => this.heartbeat(), 30_000);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    for (const ws of this.clients.keys()) ws.close(1001, 'server shutting down');
    this.clients.clear();
    await this.#stop?.();
  }

  dispatch(payload: string): void {
    let msg: EventMessage;
    try {
      msg = JSON.parse(payload) as EventMessage;
    } catch {
      return;
    }
    for (const [ws, c] of this.clients) {
      if (msg.user_id !== undefined && msg.user_id !== c.user_id) continue;
      if (msg.event === SESSION_END_EVENT) {
        this.clients.delete(ws);
        ws.close(CLOSE_UNAUTHORIZED, 'session ended');
        continue;
      }
      if (msg.event === COMPANY_LEAVE_EVENT) {
        if (msg.data?.compcode === c.compcode) this.rescope(ws, c).catch(() => this.end(ws, 'company access ended'));
        else if (typeof msg.data?.compcode === 'string') c.companies.delete(msg.data.compcode);
        continue;
      }
      if (msg.event === 'switchcompany') {
        if (typeof msg.data?.compcode === 'string') c.compcode = msg.data.compcode;
      } else if (msg.compcode !== undefined && msg.compcode !== c.compcode) {
        // another company's: only a count-changing event of a company the user belongs to, bare
        if (COUNTING.has(msg.event) && c.companies.has(msg.compcode)) this.send(ws, { event: msg.event, compcode: msg.compcode, ...(msg.user_id !== undefined ? { user_id: msg.user_id } : {}), data: {} });
        continue;
      }
      this.send(ws, { event: msg.event, ...(msg.compcode ? { compcode: msg.compcode } : {}), ...(msg.user_id !== undefined ? { user_id: msg.user_id } : {}), data: msg.data ?? {} });
    }
  }

  send(ws: WebSocket, body: unknown): void {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(body));
  }

  private heartbeat(): void {
    for (const [ws, c] of this.clients) {
      if (!c.alive) {
        ws.terminate();
        this.clients.delete(ws);
        continue;
      }
      c.alive = false;
      ws.ping();
    }
  }

  private end(ws: WebSocket, reason: string): void {
    this.clients.delete(ws);
    ws.close(CLOSE_UNAUTHORIZED, reason);
  }

  /**
   * Keeps a socket in a company its user still belongs to, read from the tables: the same company,
   * else the user's last one, else the first; closed (4401) when the user is inactive, signed out
   * since (token generation) or in no company. Returns whether the socket stays open.
   */
  async rescope(ws: WebSocket, c: Client): Promise<boolean> {
    const db = this.s.database.db;
    const user = await db.selectFrom('users').select(['active', 'token_gen', 'last_compcode']).where('user_id', '=', c.user_id).executeTakeFirst();
    const companies = user?.active && Number(user.token_gen ?? 0) === c.gen
      ? await db.selectFrom('user_company as uc').innerJoin('company as co', 'co.compcode', 'uc.compcode').select(['uc.compcode', 'co.company']).where('uc.user_id', '=', c.user_id).orderBy('uc.compcode').execute()
      : [];
    c.companies = new Set(companies.map((x) => String(x.compcode)));
    const to = companies.find((x) => x.compcode === c.compcode) ?? companies.find((x) => x.compcode === user?.last_compcode) ?? companies[0];
    if (!to) {
      this.end(ws, 'company access ended');
      return false;
    }
    if (to.compcode !== c.compcode) {
      c.compcode = String(to.compcode);
      this.send(ws, { event: 'switchcompany', user_id: c.user_id, data: { compcode: c.compcode, company: to.company } });
    }
    return true;
  }

  async counts(ws: WebSocket): Promise<void> {
    const c = this.clients.get(ws);
    if (!c || !(await this.rescope(ws, c))) return;
    const counts = await notificationCountsByCompany(this.s.database.db, this.s.reg, this.s.plugins, c.user_id, c.compcode);
    this.send(ws, { event: 'notificationcounter', data: counts });
    this.send(ws, { event: 'opentaskcount', data: { TaskCount: counts.TaskCount } });
  }
}

export function realtimeRoutes(s: Services, hub: Hub): FastifyPluginAsync {
  return async (app) => {
    app.get('/ws', { websocket: true, config: { public: true } }, async (socket, req) => {
      const bucket = new MessageBucket();
      let client: Client | undefined;
      let authenticating = false;
      const refuse = () => socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
      // a token in the address is refused (the address is logged by proxies; the log redacts it)
      if (/[?&]token=/.test(req.url)) return refuse();
      const timer = setTimeout(() => {
        if (!client) refuse();
      }, AUTH_TIMEOUT_MS);
      timer.unref();
      socket.on('close', () => {
        clearTimeout(timer);
        hub.clients.delete(socket);
      });
      socket.on('pong', () => {
        if (client) client.alive = true;
      });
      socket.on('message', (raw) => {
        if (!bucket.take()) {
          hub.clients.delete(socket);
          socket.close(CLOSE_POLICY, 'too many messages');
          return;
        }
        let msg: { event?: string; key?: string; token?: unknown };
        try {
          msg = JSON.parse(String(raw)) as { event?: string; key?: string; token?: unknown };
        } catch {
          return;
        }
        if (!client) {
          // the first message must authenticate the socket
          if (authenticating) return;
          if (msg?.event !== 'auth' || typeof msg.token !== 'string') return refuse();
          authenticating = true;
          authenticate(s, msg.token).then(
            (c) => {
              clearTimeout(timer);
              if (socket.readyState !== socket.OPEN) return;
              client = c;
              hub.clients.set(socket, c);
              hub.send(socket, { event: 'connected', data: { user_id: c.user_id, compcode: c.compcode } });
            },
            () => refuse(),
          );
          return;
        }
        if (msg?.event === 'notificationupdate') hub.counts(socket).catch((err: unknown) => req.log.error({ err }, 'counts failed'));
      });
    });
  };
}

/** A full-scope access token of an active user with a company, as every request checks it. */
async function authenticate(s: Services, token: string): Promise<Client> {
  const claims = await s.tokens.verifyAccess(token);
  if (claims.scope !== 'full') throw new Error('limited token');
  const auth = await loadAuth(s.database.db, s.reg, claims);
  const companies = await memberCompanies(s.database.db, auth.user.user_id, auth.company.compcode);
  return { user_id: auth.user.user_id, compcode: auth.company.compcode, gen: claims.gen ?? 0, alive: true, companies: new Set(companies.map((x) => x.compcode)) };
}
