/**
 * Faults (docs/reliability.md, part 4), always on PostgreSQL, with the server as a real process
 * (`npx tsx server/src/main.ts`) on a database of its own, connected through a TCP proxy:
 *   (b) all of its database connections are cut under load and refused for 3 s: requests fail
 *       cleanly (a 5xx with the error body) meanwhile, succeed afterwards, the process keeps running
 *       and real-time events still arrive, without a restart;
 *   (c) a websocket client reconnects with backoff across a restart and its counts are right;
 *   (a) the process is SIGKILLed during a stream of creations: after a restart every acknowledged
 *       document exists with all its lines, no document exists without them, numbering continues.
 * The machine's PostgreSQL cluster is never restarted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ADMIN_URL, ReconnectingClient, ServerProcess, TcpProxy } from './faults.ts';
import { QUICK, elapsed, report } from './support.ts';
import { ensureTemplate } from '../helpers/template.ts';

const dbName = `aero_rel_faults_${Date.now()}_${process.pid}`;
let proxy: TcpProxy;
let server: ServerProcess;
let base = '';
let db: pg.Client;
const tok: Record<string, string> = {};
let item = 0;
const figures: Record<string, unknown> = {};
const started = Date.now();

interface Call {
  status: number;
  body: any;
  ms: number;
  at: number;
  error?: string;
}

async function call(method: string, path: string, token?: string, body?: unknown, timeoutMs = 30_000): Promise<Call> {
  const t0 = Date.now();
  try {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: r.status, body: parsed, ms: Date.now() - t0, at: t0 };
  } catch (e) {
    return { status: 0, body: null, ms: Date.now() - t0, at: t0, error: (e as Error).cause ? String((e as { cause: Error }).cause.message ?? (e as Error).cause) : (e as Error).message };
  }
}

async function signIn(username: string, password: string): Promise<string> {
  const r = await call('POST', '/api/auth/signin', undefined, { username, password });
  if (r.status !== 200) throw new Error(`sign-in of ${username}: ${r.status} ${JSON.stringify(r.body)} ${r.error ?? ''}`);
  return r.body.token;
}

const mrBody = (remark: string, lines: number) => ({
  jasa: 0,
  remark,
  lines: Array.from({ length: lines }, (_, i) => ({ linetype: 1, item, quantity: i + 1, description: `${remark} / line ${i + 1}` })),
});

/** Makes sure a server is up before a test that needs one (a failed test may have left it dead). */
async function ensureUp(): Promise<void> {
  if (!server.alive()) {
    figures.restartsAfterCrash = Number(figures.restartsAfterCrash ?? 0) + 1;
    await server.start();
  }
  tok.storekeeper = await signIn('storekeeper', 'demo1234');
  tok.approver = await signIn('approver', 'demo1234');
}

beforeAll(async () => {
  // a copy of the seeded test template (the PostgreSQL unit suite made it): the server process
  // starts on the demo without loading it again (minutes on a busy 2-core machine)
  const tpl = await ensureTemplate('postgres');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${tpl}`);
  await admin.end();
  const target = new URL(ADMIN_URL);
  proxy = await TcpProxy.start({ host: target.hostname || '127.0.0.1', port: Number(target.port || 5432) });
  server = new ServerProcess(proxy.url(dbName));
  figures.firstStartMs = await server.start();
  base = await server.base();
  const direct = new URL(ADMIN_URL);
  direct.pathname = `/${dbName}`;
  db = new pg.Client({ connectionString: direct.toString() });
  await db.connect();
  item = Number((await db.query(`select item_id from master_item where compcode = 'GAT' order by item_id limit 1`)).rows[0].item_id);
  await ensureUp();
});

afterAll(async () => {
  report('faults', { ...figures, starts: server?.starts, seconds: Math.round((Date.now() - started) / 1000) }, 'postgres');
  await server?.kill('SIGTERM');
  await db?.end();
  await proxy?.close();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

describe('(b) PostgreSQL connections cut under load', () => {
  it('requests fail cleanly during the cut, succeed after it, the process keeps running and events still arrive', async () => {
    await ensureUp();
    const calls: (Call & { kind: string })[] = [];
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const write = i % 2 === 0;
        const r = write ? await call('POST', '/api/aircraft-mrequest', tok.storekeeper, mrBody(`cut ${w}-${i}`, 2)) : await call('GET', '/api/aircraft-mrequest?limit=5', tok.storekeeper);
        calls.push({ ...r, kind: write ? 'write' : 'read' });
        if (r.status !== 200) await new Promise((res) => setTimeout(res, 50));
      }
    };
    const workers = Array.from({ length: 6 }, (_, w) => worker(w));
    await new Promise((r) => setTimeout(r, 2000));
    const cutAt = Date.now();
    await proxy.cut(3000);
    const backAt = Date.now();
    await new Promise((r) => setTimeout(r, QUICK ? 6000 : 10_000));
    stop = true;
    await Promise.all(workers);
    const alive = server.alive();
    const during = calls.filter((c) => c.at >= cutAt && c.at + c.ms <= backAt);
    const after = calls.filter((c) => c.at >= backAt + 3000);
    const firstOk = calls.find((c) => c.at >= backAt && c.status === 200);
    figures.cut = {
      calls: calls.length,
      duringCut: during.length,
      duringStatuses: [...new Set(during.map((c) => c.status || c.error))],
      afterCut: after.length,
      afterOk: after.filter((c) => c.status === 200).length,
      recoveredMs: firstOk ? firstOk.at + firstOk.ms - backAt : null,
      slowestMs: Math.max(...calls.map((c) => c.ms)),
      processAlive: alive,
      proxyAccepted: proxy.accepted,
      proxyRefused: proxy.refused,
    };
    console.log(`[reliability] proxy cut: ${JSON.stringify(figures.cut)}`);
    const problems: string[] = [];
    if (!alive) problems.push(`the server process died during the cut: ${JSON.stringify(server.exits)}\n${server.tail(15)}`);
    const unclean = new Map<string, number>();
    for (const c of during) {
      const clean = c.status === 200 || (c.status >= 500 && typeof c.body?.message === 'string' && c.body.statusCode === c.status);
      if (clean) continue;
      const what = c.status === 0 ? `no HTTP answer (${c.error})` : `${c.status} ${JSON.stringify(c.body).slice(0, 100)}`;
      unclean.set(what, (unclean.get(what) ?? 0) + 1);
    }
    for (const [what, n] of unclean) problems.push(`during the cut ${n} of ${during.length} requests got ${what}`);
    if (during.length === 0) problems.push('no request ran entirely during the cut');
    if (after.length === 0 || after.some((c) => c.status !== 200)) {
      const tally = after.reduce<Record<string, number>>((acc, c) => ({ ...acc, [String(c.status || c.error)]: (acc[String(c.status || c.error)] ?? 0) + 1 }), {});
      problems.push(`from 3 s after the cut: ${after.length} calls, answers ${JSON.stringify(tally)}`);
    }
    if (calls.some((c) => c.ms > 25_000)) problems.push('a request hung for more than 25 s');
    // acknowledged writes are stored with their lines
    const acked = calls.filter((c) => c.kind === 'write' && c.status === 200).map((c) => Number(c.body.data.requestkey));
    if (acked.length) {
      const rows = await db.query(`select h.requestkey, count(l.reqdtlkey)::int as n from material_request h left join material_request_line l on l.request = h.requestkey where h.requestkey = any($1) group by h.requestkey`, [acked]);
      if (rows.rows.length !== acked.length || rows.rows.some((r) => r.n !== 2)) problems.push(`acknowledged documents missing or incomplete after the cut: ${rows.rows.length}/${acked.length}`);
    }
    // real time still works without a restart: a task for the approver reaches the approver's socket
    if (server.alive()) {
      const client = new ReconnectingClient(`${base.replace('http', 'ws')}/api/ws`, tok.approver);
      try {
        await client.next((m) => m.event === 'notificationcounter', 15_000);
        const mr = await call('POST', '/api/aircraft-mrequest', tok.storekeeper, mrBody('after the cut', 1));
        const waiting = client.next((m) => m.event === 'task_changed', 10_000).then(
          () => true,
          () => false,
        );
        const sent = await call('POST', '/api/aircraft-mrequest/send2wf', tok.storekeeper, { requestkey: String(mr.body?.data?.requestkey) });
        if (sent.status !== 200) problems.push(`send after the cut: ${sent.status} ${JSON.stringify(sent.body)}`);
        else if (!(await waiting)) problems.push('after the cut the approver’s socket never received task_changed: the server’s LISTEN connection did not come back');
      } finally {
        client.close();
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('(c) a websocket client across a server restart', () => {
  it('reconnects with backoff and its counts are right afterwards', async () => {
    await ensureUp();
    const t0 = Date.now();
    const client = new ReconnectingClient(`${base.replace('http', 'ws')}/api/ws`, tok.approver);
    try {
      await client.next((m) => m.event === 'notificationcounter', 20_000);
      const http0 = await call('GET', '/api/notifications/counter', tok.approver);
      expect(client.counts).toEqual(http0.body);
      await server.kill('SIGTERM');
      const attemptsWhenDown = client.attempts;
      await new Promise((r) => setTimeout(r, 1500));
      const restartMs = await server.start();
      await client.connected(2);
      const afterRestart = await client.refresh();
      expect(client.connects).toBe(2);
      expect(client.attempts).toBeGreaterThan(attemptsWhenDown); // it kept trying while the server was down
      const http1 = await call('GET', '/api/notifications/counter', tok.approver);
      expect(afterRestart).toEqual(http1.body);
      // two new approvals for the approver: the socket hears of them and the counts follow
      for (let i = 0; i < 2; i++) {
        const mr = await call('POST', '/api/aircraft-mrequest', tok.storekeeper, mrBody(`after restart ${i}`, 1));
        const heard = client.next((m) => m.event === 'notificationcounter' && (m.data as { TaskCount: number }).TaskCount === http1.body.TaskCount + i + 1, 15_000);
        expect((await call('POST', '/api/aircraft-mrequest/send2wf', tok.storekeeper, { requestkey: String(mr.body.data.requestkey) })).status).toBe(200);
        await heard;
      }
      const http2 = await call('GET', '/api/notifications/counter', tok.approver);
      expect(http2.body.TaskCount).toBe(http1.body.TaskCount + 2);
      expect(client.counts).toEqual(http2.body);
      figures.wsRestart = { restartMs, reconnectAttempts: client.attempts, seconds: Math.round((Date.now() - t0) / 1000) };
    } finally {
      client.close();
    }
  });
});

describe('(a) SIGKILL during a stream of writes', () => {
  it('after a restart every acknowledged document exists with all its lines, no half document exists, numbering continues', async () => {
    await ensureUp();
    const lines = 3;
    const tag = `kill-${Date.now()}`;
    const acked: { requestkey: number; requestno: string; remark: string }[] = [];
    const failed: string[] = [];
    let stop = false;
    const client = new ReconnectingClient(`${base.replace('http', 'ws')}/api/ws`, tok.approver);
    await client.next((m) => m.event === 'notificationcounter', 20_000);
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const remark = `${tag} ${w}-${i}`;
        const r = await call('POST', '/api/aircraft-mrequest', tok.storekeeper, mrBody(remark, lines), 20_000);
        if (r.status === 200) acked.push({ requestkey: Number(r.body.data.requestkey), requestno: String(r.body.data.requestno), remark });
        else {
          failed.push(String(r.status || r.error));
          if (r.status === 0) return; // the server is gone
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    const want = QUICK ? 25 : 120;
    const t0 = Date.now();
    while (acked.length < want && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 20));
    const ackedBeforeKill = acked.length;
    await server.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    const restartMs = await server.start();
    tok.storekeeper = await signIn('storekeeper', 'demo1234');

    const stored = await db.query(
      `select h.requestkey, h.requestno, h.remark, count(l.reqdtlkey)::int as n, array_agg(l.description order by l.reqdtlkey) as d
         from material_request h left join material_request_line l on l.request = h.requestkey
        where h.remark like $1 group by h.requestkey, h.requestno, h.remark`,
      [`${tag} %`],
    );
    const byKey = new Map(stored.rows.map((r) => [Number(r.requestkey), r]));
    const missing = acked.filter((a) => !byKey.has(a.requestkey));
    const half = stored.rows.filter((r) => r.n !== lines);
    const wrongLines = acked.filter((a) => {
      const r = byKey.get(a.requestkey);
      return r && JSON.stringify(r.d) !== JSON.stringify(Array.from({ length: lines }, (_, i) => `${a.remark} / line ${i + 1}`));
    });
    figures.kill = { acknowledged: acked.length, ackedBeforeKill, failedAfterKill: failed.length, stored: stored.rows.length, unacknowledgedButStored: stored.rows.length - acked.length, restartMs };
    console.log(`[reliability] SIGKILL: ${JSON.stringify(figures.kill)}`);
    expect({ missing: missing.map((m) => m.requestno), half: half.map((h) => `${h.requestno}: ${h.n} lines`), wrongLines: wrongLines.map((w) => w.requestno) }).toEqual({ missing: [], half: [], wrongLines: [] });
    expect(new Set(acked.map((a) => a.requestno)).size).toBe(acked.length);
    // numbering continues from the highest stored number (a killed transaction gave its number back)
    const top = (await db.query(`select max(substring(requestno from '(\\d+)$')::int) as m from material_request where compcode = 'GAT'`)).rows[0].m as number;
    const next = await call('POST', '/api/aircraft-mrequest', tok.storekeeper, mrBody(`${tag} after`, 1));
    expect(next.status).toBe(200);
    expect(Number(/(\d+)$/.exec(next.body.data.requestno)?.[1])).toBe(top + 1);
    // the socket came back after the kill too, with the right counts
    await client.connected(2);
    expect(await client.refresh()).toEqual((await call('GET', '/api/notifications/counter', tok.approver)).body);
    client.close();
    console.log(`[reliability] faults done in ${elapsed(started)}`);
  });
});
