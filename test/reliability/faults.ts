/**
 * Tools of the fault tests: a server process started the way an operator starts it
 * (`npx tsx server/src/main.ts` with PORT, DATABASE_URL, SEED_DEMO), a TCP proxy between that
 * server and PostgreSQL whose connections can be cut, and a websocket client that reconnects with
 * backoff the way the renderer's client is meant to.
 *
 *   const proxy = await TcpProxy.start(5432);
 *   const server = new ServerProcess(proxy.url(dbName));
 *   await server.start();            // waits for /api/health
 *   await proxy.cut(3000);           // drops every connection, refuses new ones for 3 s
 *   await server.kill('SIGKILL'); await server.start();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import WebSocket from 'ws';
import { ROOT } from '../../server/src/config.ts';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** A TCP proxy 127.0.0.1:<port> → target whose connections can be cut. */
export class TcpProxy {
  readonly sockets = new Set<net.Socket>();
  accepted = 0;
  refused = 0;
  private server: net.Server;
  private refusing = false;

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {
    this.server = this.makeServer();
  }

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const p = new TcpProxy(await freePort(), target);
    await p.listen();
    return p;
  }

  private makeServer(): net.Server {
    return net.createServer((client) => {
      if (this.refusing) {
        this.refused++;
        client.destroy();
        return;
      }
      this.accepted++;
      const upstream = net.connect(this.target.port, this.target.host);
      this.sockets.add(client);
      this.sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  /** The connection string of `database` through the proxy. */
  url(database: string): string {
    const u = new URL(ADMIN_URL);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    u.pathname = `/${database}`;
    return u.toString();
  }

  /** Destroys every open connection and refuses connections (the port is closed) for `ms`. */
  async cut(ms: number): Promise<void> {
    this.refusing = true;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      for (const s of this.sockets) s.destroy();
      this.sockets.clear();
    });
    await new Promise((r) => setTimeout(r, ms));
    this.server = this.makeServer();
    this.refusing = false;
    await this.listen();
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The server as a separate process group (npx → tsx → node), so a signal reaches all of it. */
export class ServerProcess {
  child: ChildProcess | null = null;
  readonly port: Promise<number>;
  /** stdout/stderr of every run, for the failure message */
  readonly log: string[] = [];
  readonly exits: { code: number | null; signal: string | null; at: number }[] = [];
  starts = 0;

  constructor(
    readonly databaseUrl: string,
    port?: number,
  ) {
    this.port = port ? Promise.resolve(port) : freePort();
  }

  async base(): Promise<string> {
    return `http://127.0.0.1:${await this.port}`;
  }

  alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and waits until GET /api/health answers 200; returns the milliseconds taken. */
  async start(timeoutMs = 240_000): Promise<number> {
    const t0 = Date.now();
    const port = await this.port;
    const child = spawn('npx', ['tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: this.databaseUrl, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts++;
    const run = this.starts;
    child.stdout?.on('data', (d: Buffer) => this.log.push(`[run ${run} out] ${String(d).trimEnd()}`));
    child.stderr?.on('data', (d: Buffer) => this.log.push(`[run ${run} err] ${String(d).trimEnd()}`));
    child.once('exit', (code, signal) => this.exits.push({ code, signal, at: Date.now() }));
    while (Date.now() - t0 < timeoutMs) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited while starting (${child.exitCode ?? child.signalCode}):\n${this.tail()}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (r.status === 200) return Date.now() - t0;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server did not answer within ${timeoutMs} ms:\n${this.tail()}`);
  }

  /** Sends the signal to the whole process group and waits for the process to exit. */
  async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.alive()) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid!, signal);
    } catch {
      /* already gone */
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (this.alive()) {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    }
    // the process group may outlive npx by a moment: wait until the port is free
    const port = await this.port;
    for (let i = 0; i < 100; i++) {
      const busy = await new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1');
        s.once('connect', () => {
          s.destroy();
          resolve(true);
        });
        s.once('error', () => resolve(false));
      });
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  tail(n = 40): string {
    return this.log.slice(-n).join('\n');
  }
}

export interface Msg {
  event: string;
  data: Record<string, unknown>;
}

/**
 * A websocket client that reconnects after any close or error, waiting 250 ms, then doubling up
 * to 4 s (reset once connected), and asks for its counts (notificationupdate) on every connect.
 */
export class ReconnectingClient {
  connects = 0;
  attempts = 0;
  counts: Record<string, number> | null = null;
  readonly events: Msg[] = [];
  private ws: WebSocket | null = null;
  private delay = 250;
  private stopped = false;
  private waiters: { test: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];

  /** `url` of the websocket endpoint; the token is sent as the first message, as the renderer does. */
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {
    this.open();
  }

  private open(): void {
    if (this.stopped) return;
    this.attempts++;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.on('open', () => ws.send(JSON.stringify({ event: 'auth', token: this.token })));
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as Msg;
      this.events.push(m);
      if (m.event === 'connected') {
        this.connects++;
        this.delay = 250;
        ws.send(JSON.stringify({ event: 'notificationupdate', key: 'notifycount' }));
      }
      if (m.event === 'notificationcounter') this.counts = m.data as Record<string, number>;
      if (m.event === 'task_changed') ws.send(JSON.stringify({ event: 'notificationupdate', key: 'notifycount' }));
      for (const w of this.waiters.filter((x) => x.test(m))) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(m);
      }
    });
    let retried = false;
    const retry = () => {
      if (retried || this.stopped) return;
      retried = true;
      const d = this.delay;
      this.delay = Math.min(this.delay * 2, 4000);
      setTimeout(() => this.open(), d);
    };
    ws.on('close', retry);
    ws.on('error', retry);
  }

  /** The next message (from now) matching `test`. */
  next(test: (m: Msg) => boolean, ms = 30_000): Promise<Msg> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message within ${ms} ms (events: ${this.events.map((e) => e.event).join(',')})`)), ms);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /** Asks for the counts again and waits for them. */
  async refresh(ms = 15_000): Promise<Record<string, number>> {
    const got = this.next((m) => m.event === 'notificationcounter', ms);
    this.ws?.send(JSON.stringify({ event: 'notificationupdate', key: 'notifycount' }));
    return (await got).data as Record<string, number>;
  }

  /** Waits until the client has connected `n` times in all. */
  async connected(n: number, ms = 30_000): Promise<void> {
    const t0 = Date.now();
    while (this.connects < n) {
      if (Date.now() - t0 > ms) throw new Error(`connected ${this.connects} times, expected ${n}, after ${ms} ms (${this.attempts} attempts)`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }
}
