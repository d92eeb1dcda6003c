/**
 * xlsx export of the requisition lines (`GET /api/data/material_request_line/export?…`), at two
 * sizes picked with the list's request-date filter: time, time to first byte, and the server
 * process's resident memory sampled every 20 ms while the export streams, to show that memory
 * does not grow with the number of rows.
 */
import type { BenchContext } from './lib/context.ts';
import { getJson, request, rssOf } from './lib/http.ts';
import { log, mb, ms, num, printTable, verdict } from './lib/report.ts';
import { END_DATE, START_DATE } from './generate.ts';
import { LIST_ENTITY, listRoute } from './list.ts';
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { ROOT } from '../server/src/config.ts';

const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The latest `from` date whose lines (request date ≥ from) number at least `rows`. The list counts
 * up to its cap past the page asked for, so page `rows` of 1 row counts far enough to compare.
 */
async function fromDateFor(ctx: BenchContext, route: string, param: string, rows: number): Promise<{ from: string; total: number }> {
  const total = async (from: string) =>
    (await getJson<{ meta: { total: number } }>(`${ctx.server.base}/api/data/${LIST_ENTITY}?route=${encodeURIComponent(route)}&${param}=${from}&limit=1&page=${rows}`, ctx.auth.token)).meta.total;
  let lo = 0; // days after START_DATE
  let hi = Math.round((Date.parse(END_DATE) - Date.parse(START_DATE)) / 86_400_000) + 1;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await total(addDays(START_DATE, mid))) >= rows) lo = mid;
    else hi = mid;
  }
  const from = addDays(START_DATE, lo);
  return { from, total: await total(from) };
}

interface ExportRun {
  rows: number;
  ms: number;
  ttfb: number;
  bytes: number;
  rssBefore: number;
  rssPeak: number;
}

async function exportOnce(ctx: BenchContext, url: string): Promise<ExportRun> {
  const rssBefore = rssOf(ctx.server.pid);
  let rssPeak = rssBefore;
  const timer = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssOf(ctx.server.pid));
  }, 20);
  const t0 = performance.now();
  try {
    return await new Promise<ExportRun>((resolve, reject) => {
      const u = new URL(url);
      const req = http.get({ host: '127.0.0.1', port: u.port, path: u.pathname + u.search, headers: { authorization: `Bearer ${ctx.auth.token}` } }, (res) => {
        const ttfb = performance.now() - t0;
        let bytes = 0;
        let head = '';
        res.on('data', (c: Buffer) => {
          if (bytes === 0) head = c.subarray(0, 2).toString();
          bytes += c.length;
        });
        res.on('end', () => {
          if (res.statusCode !== 200 || head !== 'PK') return reject(new Error(`export → ${res.statusCode}`));
          resolve({ rows: Number(res.headers['x-total-count'] ?? NaN), ms: performance.now() - t0, ttfb, bytes, rssBefore, rssPeak: Math.max(rssPeak, rssOf(ctx.server.pid)) });
        });
        res.on('error', reject);
      });
      req.setTimeout(600_000, () => req.destroy(new Error('export timed out')));
      req.on('error', reject);
    });
  } finally {
    clearInterval(timer);
  }
}

export async function exportBenchmark(ctx: BenchContext): Promise<void> {
  const reg = ctx.reg;
  const route = listRoute(reg);
  if (!route) throw new Error(`${LIST_ENTITY} has no list screen: the export cannot be sized with its date filter`);
  const [module, name] = route.split('/');
  const screen = reg.screen(module, name);
  const dateFilter = screen && screen.kind === 'list' ? screen.filters.find((f) => f.op === 'between' && /date/.test(f.field)) : undefined;
  if (!dateFilter) throw new Error(`the list ${route} has no date range filter to size the export with`);
  const param = `${dateFilter.param}_from`;
  // warm-up: the first export of a process loads the xlsx writer and compiles its code paths
  await exportOnce(ctx, `${ctx.server.base}/api/data/${LIST_ENTITY}/export?route=${encodeURIComponent(route)}&${param}=${END_DATE}`);
  const runs: (ExportRun & { from: string })[] = [];
  for (const wanted of ctx.budget.exportRows) {
    const { from, total } = await fromDateFor(ctx, route, param, wanted);
    log(`export: ${total} rows from ${from}`);
    const url = `${ctx.server.base}/api/data/${LIST_ENTITY}/export?route=${encodeURIComponent(route)}&${param}=${from}`;
    runs.push({ ...(await exportOnce(ctx, url)), from });
  }
  const check = await request(`${ctx.server.base}/api/health`);
  if (check.status !== 200) throw new Error('server unhealthy after the exports');
  printTable({
    title: `Export: GET /api/data/${LIST_ENTITY}/export (xlsx, streamed)`,
    machine: ctx.machine,
    scale: ctx.scale,
    columns: ['rows', 'time', 'rows/s', 'first byte', 'xlsx size', 'server RSS before', 'server RSS peak', 'peak − before'],
    rows: runs.map((r) => [num(r.rows), ms(r.ms, 0), num(r.rows / (r.ms / 1000)), ms(r.ttfb, 0), mb(r.bytes), mb(r.rssBefore), mb(r.rssPeak), mb(r.rssPeak - r.rssBefore)]),
    notes: [
      `rows chosen with the list filter ${param} (${dateFilter.field} ≥ ${runs.map((r) => r.from).join(' / ')}), route ${route}, every line status; RSS of the server process sampled every 20 ms from /proc`,
      'RSS counts garbage the collector has not reached yet (V8 collects the old generation lazily while memory is plentiful), so its peak rises with the length of the export until collections catch up; what the export keeps alive is the table below',
      'the server reads the rows by keyset paging, 2,000 at a time (engine/src/query/keyset.ts): each page seeks past the last row sent (sort value, key), so the time grows in proportion to the rows; the next page is read only when the zip entry and the response have drained (backpressure)',
    ],
  });

  // What the writer keeps alive: the same writer, a full collection after every page.
  const heap = JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/export-heap.ts', ...ctx.budget.exportHeapRows.map(String)], { cwd: ROOT, encoding: 'utf8', timeout: 600_000 }).trim().split('\n').at(-1)!,
  ) as { rows: number; ms: number; bytes: number; liveHeapPeak: number; liveHeapStart: number }[];
  const first = heap[0];
  printTable({
    title: 'Export: live memory of the xlsx writer (full collection after every page of 2,000 rows)',
    machine: ctx.machine,
    scale: 'generated rows (10 columns), no database',
    columns: ['rows', 'time', 'xlsx size', 'live heap at start', 'live heap peak', 'peak − start', 'goal'],
    rows: heap.map((h) => [
      num(h.rows),
      ms(h.ms, 0),
      mb(h.bytes),
      mb(h.liveHeapStart),
      mb(h.liveHeapPeak),
      mb(h.liveHeapPeak - h.liveHeapStart),
      h === first ? '' : `flat: ${verdict(h.liveHeapPeak - h.liveHeapStart < 2 * (first.liveHeapPeak - first.liveHeapStart) + 4 * 1024 * 1024)}`,
    ]),
    notes: [
      'bench/export-heap.ts: engine/src/export/xlsx.ts writeXlsx into an output taking 64 KB per event-loop turn; live heap = V8 heapUsed + external buffers, read after a forced full collection',
      'goal: the peak of a larger export stays within twice the smaller one’s (+4 MB), i.e. it does not grow with the rows',
    ],
  });
}
