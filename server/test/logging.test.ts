// The server's log (server/src/log.ts, decision 0130): quiet for requests that went well,
// one summary line for answers of 400+ and slow requests, human-readable unless LOG_FORMAT=json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { buildApp } from '../../server/src/app.ts';
import type { Config } from '../../server/src/config.ts';
import { prettyLine, requestLogLevel } from '../../server/src/log.ts';
import { loadProgress } from '../../server/src/seed/progress.ts';
import { STARTUP_TIMEOUT } from './support.ts';
import { openSocket } from '../../test/helpers/socket.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await t.signIn('admin', 'admin123')).token;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

/** A second app over the same services whose log goes to `lines`. */
async function logged(config: Partial<Config>): Promise<{ app: FastifyInstance; text: () => string }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  const app = await buildApp({ ...t.services, config: { ...t.services.config, logLevel: 'info', ...config } }, { logStream: stream });
  await app.ready();
  return { app, text: () => lines.join('') };
}

describe('request log', () => {
  it('writes nothing for a request that went well, a readable summary line for a 404 and a 401', async () => {
    const { app, text } = await logged({ logFormat: 'pretty', logRequests: false, logSlowMs: 60_000 });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      expect(text()).toBe('');
      expect((await app.inject({ method: 'GET', url: '/api/no-such-route?password=hunter2' })).statusCode).toBe(401);
      const out = text();
      // e.g. "04:12:33.021 INFO  GET /api/no-such-route?password=[redacted] → 401 2 ms reqId=req-2"
      expect(out).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO  GET \/api\/no-such-route\?password=\[redacted\] → 401 \d+ ms/);
      expect(out).not.toContain('hunter2');
      expect(out.trim().split('\n')).toHaveLength(1);
      expect(() => JSON.parse(out)).toThrow();
    } finally {
      await app.close();
    }
  });

  it('writes JSON lines with LOG_FORMAT=json, every request with LOG_REQUESTS=1', async () => {
    const { app, text } = await logged({ logFormat: 'json', logRequests: true, logSlowMs: 60_000 });
    try {
      await app.inject({ method: 'GET', url: '/api/health' });
      const line = JSON.parse(text().trim()) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', url: '/api/health', status: 200 });
      expect(typeof line.ms).toBe('number');
    } finally {
      await app.close();
    }
  });

  it('writes a websocket upgrade when every request is written, its token redacted', async () => {
    const { app, text } = await logged({ logFormat: 'pretty', logRequests: true, logSlowMs: 60_000 });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // a client that still puts the token in the address is refused (4401) and logged without it
      const old = await openSocket(base, token, { auth: false, query: `token=${encodeURIComponent(token)}` });
      expect(await old.closed).toBe(4401);
      expect(text()).toMatch(/INFO  GET \/api\/ws\?token=\[redacted\] → 101 0 ms/);
      expect(text()).not.toContain(token.split('.')[2]);
    } finally {
      await app.close();
    }
  });

  it('writes a request slower than LOG_SLOW_MS as a warning', async () => {
    const { app, text } = await logged({ logFormat: 'json', logRequests: false, logSlowMs: 0 });
    try {
      await app.inject({ method: 'GET', url: '/api/health' });
      expect(JSON.parse(text().trim())).toMatchObject({ level: 40, url: '/api/health', status: 200 });
    } finally {
      await app.close();
    }
  });
});

describe('log lines', () => {
  it('chooses the level from status and time', () => {
    const rule = { all: false, slowMs: 1000 };
    expect(requestLogLevel(rule, 200, 999)).toBeNull();
    expect(requestLogLevel(rule, 200, 1000)).toBe('warn');
    expect(requestLogLevel(rule, 404, 5)).toBe('info');
    expect(requestLogLevel(rule, 503, 5)).toBe('error');
    expect(requestLogLevel({ all: true, slowMs: 1000 }, 200, 5)).toBe('info');
  });

  it('shows an error with its stack, other fields as key=value', () => {
    const at = new Date(2026, 10, 27, 4, 5, 6, 7).getTime();
    const out = prettyLine(JSON.stringify({ level: 50, time: at, pid: 1, hostname: 'h', msg: 'internal error', reqId: 'req-1', err: { message: 'boom', stack: 'Error: boom\n    at f (x.ts:1:1)' }, table: 'users' }));
    expect(out).toBe('04:05:06.007 ERROR internal error table=users\n  Error: boom\n      at f (x.ts:1:1)\n');
    expect(prettyLine('not json')).toBe('not json\n');
  });
});

describe('demo load progress', () => {
  const sink = (tty: boolean) => {
    const chunks: string[] = [];
    const out = new Writable({
      write(chunk, _enc, cb) {
        chunks.push(String(chunk));
        cb();
      },
    }) as Writable & { isTTY?: boolean };
    out.isTTY = tty;
    return { out, text: () => chunks.join('') };
  };

  it('writes one line per file with its number, the file count and the time elapsed when not a terminal', () => {
    const { out, text } = sink(false);
    const p = loadProgress(out);
    p.onStep({ file: 'demo/00-companies.yaml', fileNo: 1, files: 2, step: 1, steps: 1 });
    p.onFile('demo/00-companies.yaml', 1200);
    p.onStep({ file: 'demo/01-users.yaml', fileNo: 2, files: 2, step: 1, steps: 2 });
    p.onStep({ file: 'demo/01-users.yaml', fileNo: 2, files: 2, step: 2, steps: 2 });
    p.onFile('demo/01-users.yaml', 50);
    p.done();
    const lines = text().trim().split('\n');
    expect(lines[0]).toMatch(/^Loading demo data: file 1\/2 demo\/00-companies.yaml \(1\.2 s\), \d+\.\d s elapsed$/);
    expect(lines[1]).toMatch(/^Loading demo data: file 2\/2 demo\/01-users.yaml \(0\.1 s\)/);
    expect(lines[2]).toMatch(/^Seeded demo data: 2 files in \d+\.\d s$/);
  });

  it('rewrites one status line with the step on a terminal', () => {
    const { out, text } = sink(true);
    const p = loadProgress(out);
    p.onStep({ file: 'demo/01-users.yaml', fileNo: 2, files: 34, step: 3, steps: 3 });
    p.done();
    const CLEAR = '\r\u001b[K'; // back to the line's start, erase it
    const parts = text().split(CLEAR);
    expect(parts[0]).toBe('');
    expect(parts[1]).toMatch(/^Loading demo data: file 2\/34 demo\/01-users.yaml, step 3\/3, \d+\.\d s$/);
    expect(parts[2]).toMatch(/^Seeded demo data: 34 files in \d+\.\d s\n$/);
  });
});
