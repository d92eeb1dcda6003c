/**
 * What operators watch (issue 41 point 3, docs/operations.md): GET /metrics in the Prometheus text
 * format behind its token, scraped and parsed here, and GET /api/ready (database reachable,
 * migrations current) apart from the liveness of /api/health.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { openSocket } from '../../test/helpers/socket.ts';
import { adminIn, DEMO_PASSWORD, STARTUP_TIMEOUT } from './support.ts';

const TOKEN = 'metrics-token-for-the-test';

/** One sample of the text format: `name{a="x",b="y"} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition format's sample lines (comments `# HELP`/`# TYPE` kept apart), every line checked. */
function parse(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1], type[2]);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line of the text format: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    // the format's numbers, with +Inf/-Inf and NaN (a mean before any sample is NaN)
    const value = /^\+inf$/i.test(m[3]) ? Infinity : /^-inf$/i.test(m[3]) ? -Infinity : /^nan$/i.test(m[3]) ? NaN : Number(m[3]);
    if (Number.isNaN(value) && !/^nan$/i.test(m[3])) throw new Error(`not a number: ${line}`);
    samples.push({ name: m[1], labels, value });
  }
  return { samples, types };
}

const one = (samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  t = await startTestApp({ config: { metricsToken: TOKEN } });
  plain = await startTestApp({ seed: false });
}, STARTUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await plain?.close();
});

async function scrape(): Promise<ReturnType<typeof parse>> {
  const r = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(r.body);
}

describe('GET /metrics', () => {
  it('is served only with its token: 401 without or with a wrong one, 404 where no token is set', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'ERR_AUTH_REQUIRED', message: 'The metrics token is missing or wrong.' });
    // a user's access token is not the metrics token
    const user = await t.signIn('storekeeper', DEMO_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${user.token}` } })).statusCode).toBe(401);
    expect((await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });

  it('counts requests by route template and status, times them and the database statements', async () => {
    const { token } = await t.signIn('storekeeper', DEMO_PASSWORD);
    const route = { method: 'GET', route: '/api/data/:entity/:key', status: '404' };
    const before = await scrape();
    const n0 = one(before.samples, 'http_requests_total', route) ?? 0;
    const q0 = one(before.samples, 'db_query_duration_seconds_count', { outcome: 'ok' }) ?? 0;
    // two reads of records that are not there: one series (the template), not one per address
    expect((await t.call('GET', '/api/data/stock_item/999999901', { token })).status).toBe(404);
    expect((await t.call('GET', '/api/data/stock_item/999999902', { token })).status).toBe(404);
    const after = await scrape();
    expect(one(after.samples, 'http_requests_total', route)).toBe(n0 + 2);
    expect(after.samples.some((s) => s.labels.route?.includes('999999901'))).toBe(false);
    expect(after.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(one(after.samples, 'http_request_duration_seconds_count', route)).toBe(n0 + 2);
    expect(one(after.samples, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(n0 + 2);
    // each read ran statements (the session's auth rows are cached, the record lookup is not)
    expect(one(after.samples, 'db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(q0);
    expect(after.types.get('db_query_duration_seconds')).toBe('histogram');
  });

  it('reports the event loop, the pool (PostgreSQL), open websockets and PDF prints', async () => {
    const base = await t.listen();
    const { token } = await t.signIn('storekeeper', DEMO_PASSWORD);
    const first = await scrape();
    expect(first.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(one(first.samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (t.kind === 'postgres') {
      expect(one(first.samples, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(one(first.samples, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(first.samples.some((s) => s.name === 'db_pool_connections')).toBe(false);
    }
    const ws0 = one(first.samples, 'websocket_connections') ?? -1;
    const socket = await openSocket(base, token);
    await socket.next('connected');
    expect(one((await scrape()).samples, 'websocket_connections')).toBe(ws0 + 1);
    socket.ws.close();
    await socket.closed;
    await expect.poll(async () => one((await scrape()).samples, 'websocket_connections')).toBe(ws0);

    // one PDF rendered (Debian's Chromium): the print counter moves by one
    const p0 = one((await scrape()).samples, 'print_jobs_total', { outcome: 'ok' }) ?? 0;
    const admin = await adminIn(t, 'GAT');
    const role = (await t.call('GET', '/api/data/role?limit=1', { token: admin })).body.list[0];
    const pdf = await t.app.inject({ method: 'GET', url: `/api/data/role/${String(role.id)}/pdf`, headers: { authorization: `Bearer ${admin}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(one((await scrape()).samples, 'print_jobs_total', { outcome: 'ok' })).toBe(p0 + 1);
  });
});

describe('GET /api/ready', () => {
  it('is ready when the database answers and its schema is the one the metadata wants; 503 naming what is not', async () => {
    const ready = await t.call('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: t.kind, migrations: 'current' });
    expect(ready.headers['content-type']).toBe('application/json; charset=utf-8');
    // a newer schema recorded than the metadata's (another version's migration ran): not ready
    const db = t.services.database.db;
    await sql`insert into _migrations (checksum, schema_json, statements) values ('test', '{"tables":{}}', '')`.execute(db);
    const stale = await t.call('GET', '/api/ready');
    expect(stale.status).toBe(503);
    expect(stale.body).toMatchObject({ code: 'ERR_UNAVAILABLE', message: 'Not ready: the database schema is not the one the metadata wants (migrations pending).' });
    // liveness is not readiness: the process still answers
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    await sql`delete from _migrations where checksum = 'test'`.execute(db);
    expect((await t.call('GET', '/api/ready')).status).toBe(200);
  });

  it('is described with its 503 and needs no token', async () => {
    const doc = (await t.call('GET', '/api/openapi.json', { token: (await t.signIn('storekeeper', DEMO_PASSWORD)).token })).body;
    const op = doc.paths['/api/ready'].get;
    expect(op.security).toEqual([]);
    expect(Object.keys(op.responses)).toContain('503');
    expect(doc.components.responses.E503.description).toContain('ERR_UNAVAILABLE');
  });
});
