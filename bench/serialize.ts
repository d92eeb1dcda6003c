/**
 * Lists serialised by code compiled from their response schema (server/src/routes/data.ts,
 * engine/src/metadata/row-schema.ts) against JSON.stringify: the same list call (a page of 100
 * rows of the largest entity, so that the answer's size shows) at each concurrency level, on the
 * running server (compiled, the default) and on a second server process started with
 * COMPILED_SERIALIZERS=0, printed side by side with the ratio.
 *
 * The machine is often shared, and a load that changes between two runs of several seconds moves
 * throughput more than the serialiser does; so both servers run at once and each level is measured
 * in four rounds, compiled / stringify / stringify / compiled (ABBA), each half the level's time,
 * pooled per side. A second table times the serialisers alone, in this process, on the page the
 * server sent: fast-json-stringify (the compiler Fastify uses for response schemas) of the same
 * schema against JSON.stringify, alternating, so the HTTP, database and auth share of a request
 * is out of the figure.
 */
import fastJson from 'fast-json-stringify';
import { BENCH_USER, BENCH_PASSWORD } from './generate.ts';
import type { BenchContext } from './lib/context.ts';
import { getJson, keepAlive, request, runLoad, signIn, startServer, type LoadResult } from './lib/http.ts';
import { LIST_ENTITY, listRoute } from './list.ts';
import { log, median, ms, num, percentile, printTable } from './lib/report.ts';
import { listPageSchema, listRowSchema } from '../engine/src/metadata/row-schema.ts';

interface Pooled {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const pool = (runs: LoadResult[]): Pooled => {
  const lat = runs.flatMap((r) => r.latencies);
  const seconds = runs.reduce((a, r) => a + r.seconds, 0);
  return { rps: lat.length / seconds, p50: percentile(lat, 50), p99: percentile(lat, 99), errors: runs.reduce((a, r) => a + r.errors, 0) };
};

async function round(ctx: BenchContext, url: string, token: string, clients: number, seconds: number, warmup: boolean): Promise<LoadResult> {
  const agent = keepAlive(clients);
  try {
    return await runLoad(
      async () => {
        const r = await request(url, { token, agent, discard: true });
        if (r.status !== 200) throw new Error(String(r.status));
      },
      { clients, durationMs: seconds * 1000, warmupMs: warmup ? ctx.budget.listWarmupSeconds * 1000 : 0, maxRequests: ctx.budget.listMaxRequests },
    );
  } finally {
    agent.destroy();
  }
}

/** Microseconds per call of each serialiser on `page`, alternating in `rounds` rounds of `n` calls. */
function serialiserAlone(page: unknown, schema: object, rounds = 6, n = 2000): { compiled: number[]; plain: number[]; same: boolean } {
  const compiled = fastJson(schema as Parameters<typeof fastJson>[0]);
  const plain = (v: unknown) => JSON.stringify(v);
  const same = compiled(page) === plain(page);
  const time = (f: (v: unknown) => string) => {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) f(page);
    return ((performance.now() - t0) / n) * 1000;
  };
  time(compiled); // warm both up
  time(plain);
  const out = { compiled: [] as number[], plain: [] as number[], same };
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      out.compiled.push(time(compiled));
      out.plain.push(time(plain));
    } else {
      out.plain.push(time(plain));
      out.compiled.push(time(compiled));
    }
  }
  return out;
}

export async function serializeBenchmark(ctx: BenchContext): Promise<void> {
  const route = listRoute(ctx.reg);
  const query = `${route ? `route=${encodeURIComponent(route)}&` : ''}page=1&limit=100`;
  const path = `/api/data/${LIST_ENTITY}?${query}`;
  const first = await getJson<{ list: unknown[] }>(`${ctx.server.base}${path}`, ctx.auth.token);
  const bytes = JSON.stringify(first).length;
  log(`serialize: ${path} → ${first.list.length} rows, ${bytes} bytes`);
  const plainServer = await startServer(ctx.target, 180_000, { COMPILED_SERIALIZERS: '0' });
  const compiled: Pooled[] = [];
  const plain: Pooled[] = [];
  try {
    const plainAuth = await signIn(plainServer.base, BENCH_USER, BENCH_PASSWORD);
    const sides = {
      compiled: { url: `${ctx.server.base}${path}`, token: ctx.auth.token },
      plain: { url: `${plainServer.base}${path}`, token: plainAuth.token },
    };
    const half = ctx.budget.listSeconds / 2;
    for (const clients of ctx.budget.clients) {
      const runs = { compiled: [] as LoadResult[], plain: [] as LoadResult[] };
      const order = ['compiled', 'plain', 'plain', 'compiled'] as const;
      for (const [i, side] of order.entries()) {
        // each side warms up on its first round of the level
        runs[side].push(await round(ctx, sides[side].url, sides[side].token, clients, half, order.indexOf(side) === i));
      }
      compiled.push(pool(runs.compiled));
      plain.push(pool(runs.plain));
      log(`serialize: ${clients} clients: compiled ${compiled.at(-1)!.rps.toFixed(0)} req/s, JSON.stringify ${plain.at(-1)!.rps.toFixed(0)} req/s`);
    }
  } finally {
    await plainServer.stop();
  }
  const errors = [...compiled, ...plain].reduce((a, r) => a + r.errors, 0);
  printTable({
    title: `List serialisation: compiled response schema vs JSON.stringify (GET /api/data/${LIST_ENTITY}, page of 100)`,
    machine: ctx.machine,
    scale: ctx.scale,
    columns: ['clients', 'compiled req/s', 'compiled p50', 'compiled p99', 'JSON.stringify req/s', 'JSON.stringify p50', 'JSON.stringify p99', 'compiled/stringify'],
    rows: ctx.budget.clients.map((clients, i) => [clients, num(compiled[i].rps), ms(compiled[i].p50), ms(compiled[i].p99), num(plain[i].rps), ms(plain[i].p50), ms(plain[i].p99), `${((compiled[i].rps / plain[i].rps) * 100).toFixed(0)}%`]),
    notes: [
      `${path} (user ${BENCH_USER}); ${first.list.length} rows, ${bytes.toLocaleString('en-US')} bytes of JSON per answer${errors ? `; ${errors} failed requests` : ''}`,
      `two server processes on the same database, both running: the default (COMPILED_SERIALIZERS unset) and COMPILED_SERIALIZERS=0; each level in rounds compiled, stringify, stringify, compiled of ${(ctx.budget.listSeconds / 2).toFixed(1)} s each, pooled per side; closed loop over loopback keep-alive connections`,
    ],
  });

  const screen = ctx.reg.screensOfEntity(LIST_ENTITY).find((x) => x.kind === 'list' && `${x.module}/${x.route}` === route);
  const schema = listPageSchema(listRowSchema(ctx.reg, ctx.reg.entity(LIST_ENTITY), screen?.kind === 'list' ? screen.columns : undefined));
  const alone = serialiserAlone(first, schema);
  const c = median(alone.compiled);
  const p = median(alone.plain);
  printTable({
    title: 'Serialisers alone, in one process, on that page',
    machine: ctx.machine,
    scale: ctx.scale,
    columns: ['serialiser', 'median µs per page', 'min', 'max', 'rounds'],
    rows: [
      ['compiled (fast-json-stringify of the row schema)', num(c, 1), num(Math.min(...alone.compiled), 1), num(Math.max(...alone.compiled), 1), alone.compiled.length],
      ['JSON.stringify', num(p, 1), num(Math.min(...alone.plain), 1), num(Math.max(...alone.plain), 1), alone.plain.length],
      ['compiled / JSON.stringify (time)', `${((c / p) * 100).toFixed(0)}%`, '', '', ''],
    ],
    notes: [`${bytes.toLocaleString('en-US')} bytes; rounds of 2,000 calls, alternating; same output: ${alone.same ? 'yes' : 'NO'}`],
  });
}
