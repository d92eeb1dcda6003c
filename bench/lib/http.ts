/**
 * The server under test in a child process, HTTP calls to it over loopback, and a bounded
 * closed-loop load generator (N clients, each sending its next request when the previous answer
 * has been read; stops at a time or request limit, whichever comes first).
 *
 *   const srv = await startServer(target);
 *   const { token } = await signIn(srv.base, 'gat.user001', 'bench1234');
 *   const r = await runLoad(() => getOk(srv.base + '/api/health'), { clients: 8, durationMs: 2000, maxRequests: 10000 });
 *   await srv.stop();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { ROOT } from '../../server/src/config.ts';
import type { Target } from './target.ts';
import { percentile } from './report.ts';

export interface Server {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startServer(target: Target, timeoutMs = 180_000, env: Record<string, string> = {}): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_TARGET: JSON.stringify(target), LOG_LEVEL: 'silent', ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const ready = await new Promise<{ port: number; pid: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('benchmark server did not start in time')), timeoutMs);
    child.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as { port: number; pid: number });
      } catch {
        reject(new Error(`benchmark server said: ${line}`));
      }
    });
  });
  return {
    base: `http://127.0.0.1:${ready.port}`,
    pid: ready.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** Resident set size of a process in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function request(url: string, opts: { method?: string; token?: string; body?: unknown; agent?: http.Agent; discard?: boolean } = {}): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    if (u.hostname !== '127.0.0.1') return reject(new Error(`benchmarks only talk to 127.0.0.1, not ${u.hostname}`));
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: opts.method ?? 'GET',
        agent: opts.agent,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (!opts.discard) chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: opts.discard ? Buffer.alloc(size) : Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.setTimeout(300_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export async function getJson<T = any>(url: string, token?: string): Promise<T> {
  const r = await request(url, { token });
  if (r.status !== 200) throw new Error(`GET ${url} → ${r.status} ${r.body.toString().slice(0, 300)}`);
  return JSON.parse(r.body.toString()) as T;
}

export async function signIn(base: string, username: string, password: string): Promise<{ token: string; refresh_token: string; user: Record<string, unknown>; tglaktif?: string; tglkoran?: string }> {
  const r = await request(`${base}/api/auth/signin`, { method: 'POST', body: { username, password } });
  if (r.status !== 200) throw new Error(`sign-in of ${username} failed: ${r.status} ${r.body.toString()}`);
  return JSON.parse(r.body.toString());
}

export interface LoadOptions {
  clients: number;
  durationMs: number;
  maxRequests: number;
  warmupMs?: number;
}

export interface LoadResult {
  clients: number;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Every measured latency (ms), for callers that pool several runs. */
  latencies: number[];
}

/** Closed loop: `clients` concurrent callers of `fn` until the time or request budget is spent. */
export async function runLoad(fn: () => Promise<void>, o: LoadOptions): Promise<LoadResult> {
  const phase = async (ms: number, max: number, record: boolean) => {
    const lat: number[] = [];
    let issued = 0;
    let errors = 0;
    const end = performance.now() + ms;
    const t0 = performance.now();
    const worker = async () => {
      while (performance.now() < end && issued < max) {
        issued++;
        const s = performance.now();
        try {
          await fn();
          if (record) lat.push(performance.now() - s);
        } catch {
          errors++;
        }
      }
    };
    await Promise.all(Array.from({ length: o.clients }, worker));
    return { lat, errors, seconds: (performance.now() - t0) / 1000 };
  };
  if (o.warmupMs) await phase(o.warmupMs, o.maxRequests, false);
  const { lat, errors, seconds } = await phase(o.durationMs, o.maxRequests, true);
  return {
    clients: o.clients,
    requests: lat.length,
    errors,
    seconds,
    rps: lat.length / seconds,
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
    max: Math.max(...lat),
    latencies: lat,
  };
}

/** An agent for `clients` kept-alive connections (one per client, like autocannon). */
export const keepAlive = (clients: number) => new http.Agent({ keepAlive: true, maxSockets: clients });
