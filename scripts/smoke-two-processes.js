/**
 * Smoke test of the deployment compose.yaml describes, without Docker: two compiled server
 * processes (`node scripts/start.js`, no tsx) on two ports over one fresh PostgreSQL database,
 * started at the same moment on the empty database. Checks, with the figures printed:
 *   - both migrate, one seeds, both answer /api/health on PostgreSQL and serve the built renderer;
 *   - neither process runs tsx or a child process (plain node on dist/);
 *   - a sign-in on process A gives a token that process B accepts (shared JWT_SECRET);
 *   - a websocket held by process B receives the event of a change made through process A
 *     (PostgreSQL LISTEN/NOTIFY);
 *   - process B prints a document to PDF (Debian's chromium through playwright-core);
 *   - when nginx is installed (Debian package nginx; scripts/test-all.sh installs it): nginx with
 *     compose.yaml's own proxy configuration in front of both serves the renderer, a sign-in and
 *     a websocket (upgrade) that receives an event caused through the other path;
 *   - both stop cleanly on SIGTERM.
 * The database is dropped at the end. Needs `npm run build` first and PostgreSQL at
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 *
 *   npm run build && npm run smoke
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { parse as parseYaml } from 'yaml';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `aeroerp_smoke_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const t0 = Date.now();
const log = (msg) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)} s] ${msg}`);
function check(ok, what) {
  if (!ok) throw new Error(`FAILED: ${what}`);
  log(`ok: ${what}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Waits for `promise`, failing with `what` after `ms` (the timer never holds the process open). */
function within(ms, promise, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(typeof what === 'function' ? what() : what)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function admin(statement) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** A compiled server process; its output is kept for the failure report. */
function startServer(name, port, secret) {
  const out = [];
  const child = spawn(process.execPath, ['scripts/start.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, JWT_SECRET: secret, SEED_DEMO: '1', LOG_LEVEL: 'warn', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => out.push(String(d)));
  child.stderr.on('data', (d) => out.push(String(d)));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { name, port, child, out, exited, base: `http://127.0.0.1:${port}` };
}

async function waitHealthy(p, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (p.child.exitCode !== null) throw new Error(`${p.name} exited while starting:\n${p.out.join('')}`);
    try {
      const r = await fetch(`${p.base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (r.status === 200) return r.json();
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${p.name} did not answer within ${timeoutMs} ms:\n${p.out.join('')}`);
}

/**
 * nginx in front of both processes with the proxy configuration of compose.yaml (its `configs:
 * nginx` content, with compose's `$$` escapes undone and the two app addresses replaced), or null
 * when nginx is not installed.
 */
async function startProxy(portA, portB) {
  const bin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (!bin) return null;
  const compose = parseYaml(readFileSync(join(root, 'compose.yaml'), 'utf8'));
  const port = await freePort();
  const site = compose.configs.nginx.content
    .replaceAll('$$', '$')
    .replace('server app1:8080', `server 127.0.0.1:${portA}`)
    .replace('server app2:8080', `server 127.0.0.1:${portB}`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
  if (!site.includes(`127.0.0.1:${portA}`) || !site.includes(`127.0.0.1:${portB}`)) throw new Error('compose.yaml: the nginx upstream no longer names app1:8080 and app2:8080');
  const dir = mkdtempSync(join(tmpdir(), 'aeroerp-nginx-'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`).join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;\nmaster_process off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents {}\nhttp {\n  access_log off;\n${temp}\n${site}\n}\n`,
  );
  const out = [];
  const child = spawn(bin, ['-p', dir, '-e', `${dir}/error.log`, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => out.push(String(d)));
  child.stderr.on('data', (d) => out.push(String(d)));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const proxy = { name: 'nginx', child, out, exited, base: `http://127.0.0.1:${port}`, port, dir };
  await waitHealthy(proxy, 10_000);
  return proxy;
}

/** A websocket to `/api/ws` (the token as its first message) that keeps every message and can wait for one event. */
async function socket(base, token) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`);
  const messages = [];
  const waiters = [];
  ws.on('message', (raw) => {
    const msg = JSON.parse(String(raw));
    messages.push(msg);
    for (const w of waiters) if (w.event === msg.event) w.resolve(msg);
  });
  const waitFor = (event) => {
    const seen = messages.find((m) => m.event === event);
    if (seen) return Promise.resolve(seen);
    return within(10_000, new Promise((resolve) => waiters.push({ event, resolve })), () => `no ${event} on ${base} within 10 s; got ${JSON.stringify(messages)}`);
  };
  await within(10_000, new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  }), `websocket to ${base} did not open`);
  ws.send(JSON.stringify({ event: 'auth', token }));
  await waitFor('connected');
  return { ws, waitFor, messages };
}

async function json(res) {
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${body}`);
  return JSON.parse(body);
}

/** Every process in the tree of `pid` (Linux /proc), with its command line. */
function processTree(pid) {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const parentOf = new Map();
  for (const d of all) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parentOf.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [c, p] of parentOf) if (p === tree[i]) tree.push(c);
  return tree.map((p) => ({ pid: p, cmd: readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ').trim() }));
}

async function main() {
  if (!existsSync(join(root, 'dist/server/src/main.js')) || !existsSync(join(root, 'dist/renderer/index.html'))) {
    throw new Error('The app is not built: run npm run build first.');
  }
  await admin(`create database ${dbName}`);
  log(`database ${dbName} created`);
  const secret = randomBytes(32).toString('base64url');
  const [portA, portB] = [await freePort(), await freePort()];
  const procs = [startServer('A', portA, secret), startServer('B', portB, secret)];
  const [a, b] = procs;
  let stoppedCleanly = false;
  let proxy = null;
  try {
    // both at once on the empty database: migrations, menu sync and seeding take advisory locks
    const health = await Promise.all(procs.map((p) => waitHealthy(p)));
    check(health.every((h) => h.database === 'postgres'), `both processes answer /api/health on PostgreSQL (ports ${portA}, ${portB})`);

    for (const p of procs) {
      const tree = processTree(p.child.pid);
      check(tree.length === 1 && !/tsx/.test(tree[0].cmd) && tree[0].cmd.endsWith('scripts/start.js'), `${p.name} is one plain node process: ${tree.map((t) => t.cmd).join(' | ')}`);
      const html = await (await fetch(`${p.base}/`)).text();
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      const assetRes = asset ? await fetch(`${p.base}${asset}`) : null;
      check(html.includes('<div id="root">') && assetRes?.status === 200, `${p.name} serves the built renderer (${asset})`);
    }
    const seeded = a.out.concat(b.out).join('').match(/Seeded demo data/g) ?? [];
    check(seeded.length === 1, 'exactly one process seeded the demo data');

    const signIn = await json(
      await fetch(`${a.base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) }),
    );
    check(typeof signIn.token === 'string' && signIn.user.username === 'admin', `sign-in as admin on A (active company ${signIn.user.compcode})`);
    const auth = { authorization: `Bearer ${signIn.token}` };
    const companies = await json(await fetch(`${b.base}/api/users/companies?limit=50`, { headers: auth }));
    check(companies.list.length >= 2, `A's token is accepted by B (${companies.list.length} companies)`);

    // B holds the socket; the change goes through A
    const onB = await socket(b.base, signIn.token);
    const other = companies.list.map((c) => c.compcode).find((c) => c !== signIn.user.compcode);
    const sent = Date.now();
    await json(await fetch(`${a.base}/api/users/ulc/${signIn.user.user_id}`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ compcode: other }) }));
    const got = await onB.waitFor('switchcompany');
    check(got.data.compcode === other && got.user_id === signIn.user.user_id, `company switch made on A reached B's websocket in ${Date.now() - sent} ms (${other})`);
    onB.ws.close();

    const pdfStart = Date.now();
    const pdf = await fetch(`${b.base}/api/data/company/${encodeURIComponent(other)}/pdf`, { headers: auth });
    const bytes = Buffer.from(await pdf.arrayBuffer());
    check(
      pdf.status === 200 && pdf.headers.get('content-type') === 'application/pdf' && bytes.subarray(0, 5).toString() === '%PDF-',
      `B prints company ${other} to PDF (${bytes.length} bytes in ${Date.now() - pdfStart} ms)`,
    );

    proxy = await startProxy(portA, portB);
    if (!proxy) {
      log('nginx is not installed (Debian package nginx): the proxy part of compose.yaml was not exercised');
    } else {
      const html = await (await fetch(`${proxy.base}/`)).text();
      check(html.includes('<div id="root">'), `nginx (compose.yaml's configuration, port ${proxy.port}) serves the renderer`);
      const viaProxy = await json(
        await fetch(`${proxy.base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) }),
      );
      check(typeof viaProxy.token === 'string', 'sign-in through nginx');
      const onProxy = await socket(proxy.base, viaProxy.token);
      const back = signIn.user.compcode;
      await json(await fetch(`${a.base}/api/users/ulc/${signIn.user.user_id}`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ compcode: back }) }));
      const viaNginx = await onProxy.waitFor('switchcompany');
      check(viaNginx.data.compcode === back, `a websocket through nginx (upgrade) receives the company switch made on A (${back})`);
      onProxy.ws.close();
    }
  } finally {
    if (proxy) {
      proxy.child.kill('SIGTERM');
      await within(10_000, proxy.exited, 'nginx did not stop').catch(() => proxy.child.kill('SIGKILL'));
      rmSync(proxy.dir, { recursive: true, force: true });
    }
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    const ends = await Promise.all(procs.map((p) => within(15_000, p.exited, 'no exit').catch(() => null)));
    for (const [i, end] of ends.entries()) {
      if (end === null) procs[i].child.kill('SIGKILL');
      else log(`${procs[i].name} stopped (${end.code === 0 ? 'exit 0' : `code ${end.code}, signal ${end.signal}`})`);
    }
    await admin(`drop database if exists ${dbName} with (force)`);
    log(`database ${dbName} dropped`);
    stoppedCleanly = ends.every((e) => e !== null && e.code === 0);
    if (!stoppedCleanly) for (const p of procs) console.error(`--- ${p.name} output ---\n${p.out.join('')}`);
  }
  if (!stoppedCleanly) throw new Error('FAILED: a server did not stop cleanly on SIGTERM');
  log('two-process smoke test passed');
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
