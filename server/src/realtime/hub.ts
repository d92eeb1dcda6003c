/**
 * The websocket endpoint (GET /api/ws?token=…): each process keeps its own sockets and LISTENs to
 * the shared PostgreSQL channel; an event published by any process is delivered to the sockets of
 * the right company and user here. Clients send {event: 'notificationupdate', key} to ask for
 * their counts; the browser reconnects by itself when a connection drops.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { Services } from '../services.ts';
import { loadAuth } from '../auth/session.ts';
import { CHANNEL, type EventMessage } from './events.ts';
import { notificationCounts } from './counts.ts';

interface Client {
  user_id: number;
  compcode: string;
  alive: boolean;
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
      if (msg.event === 'switchcompany') {
        if (typeof msg.data?.compcode === 'string') c.compcode = msg.data.compcode;
      } else if (msg.compcode !== undefined && msg.compcode !== c.compcode) {
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

  async counts(ws: WebSocket): Promise<void> {
    const c = this.clients.get(ws);
    if (!c) return;
    const counts = await notificationCounts(this.s.database.db, this.s.reg, c.user_id, c.compcode);
    this.send(ws, { event: 'notificationcounter', data: counts });
    this.send(ws, { event: 'opentaskcount', data: { TaskCount: counts.TaskCount } });
  }
}

export function realtimeRoutes(s: Services, hub: Hub): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { token?: string } }>('/ws', { websocket: true, config: { public: true } }, async (socket, req) => {
      let client: Client;
      try {
        const claims = await s.tokens.verifyAccess(String(req.query.token ?? ''));
        if (claims.scope !== 'full') throw new Error('limited token');
        const auth = await loadAuth(s.database.db, s.reg, claims);
        client = { user_id: auth.user.user_id, compcode: auth.company.compcode, alive: true };
      } catch {
        socket.close(4401, 'unauthorized');
        return;
      }
      hub.clients.set(socket, client);
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => hub.clients.delete(socket));
      socket.on('message', (raw) => {
        let msg: { event?: string; key?: string };
        try {
          msg = JSON.parse(String(raw)) as { event?: string; key?: string };
        } catch {
          return;
        }
        if (msg.event === 'notificationupdate') hub.counts(socket).catch((err: unknown) => req.log.error({ err }, 'counts failed'));
      });
      hub.send(socket, { event: 'connected', data: { user_id: client.user_id, compcode: client.compcode } });
    });
  };
}
