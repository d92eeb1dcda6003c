/**
 * Lists serialised by code compiled from their response schema (server/src/routes/data.ts,
 * engine/src/metadata/row-schema.ts) against JSON.stringify: the same list call (a page of 100
 * rows of the largest entity, so that the answer's size shows) at each concurrency level, on the
 * running server (compiled, the default) and on a second server process started with
 * COMPILED_SERIALIZERS=0, printed side by side.
 */
import { BENCH_USER, BENCH_PASSWORD } from './generate.ts';
import type { BenchContext } from './lib/context.ts';
import { getJson, keepAlive, request, runLoad, signIn, startServer, type LoadResult } from './lib/http.ts';
import { LIST_ENTITY, listRoute } from './list.ts';
import { log, ms, num, printTable } from './lib/report.ts';

async function load(ctx: BenchContext, url: string, token: string): Promise<LoadResult[]> {
  const out: LoadResult[] = [];
  for (const clients of ctx.budget.clients) {
    const agent = keepAlive(clients);
    out.push(
      await runLoad(
        async () => {
          const r = await request(url, { token, agent, discard: true });
          if (r.status !== 200) throw new Error(String(r.status));
        },
        { clients, durationMs: ctx.budget.listSeconds * 1000, warmupMs: ctx.budget.listWarmupSeconds * 1000, maxRequests: ctx.budget.listMaxRequests },
      ),
    );
    agent.destroy();
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
  const compiled = await load(ctx, `${ctx.server.base}${path}`, ctx.auth.token);
  const plainServer = await startServer(ctx.target, 180_000, { COMPILED_SERIALIZERS: '0' });
  let plain: LoadResult[];
  try {
    const auth = await signIn(plainServer.base, BENCH_USER, BENCH_PASSWORD);
    plain = await load(ctx, `${plainServer.base}${path}`, auth.token);
  } finally {
    await plainServer.stop();
  }
  printTable({
    title: `List serialisation: compiled response schema vs JSON.stringify (GET /api/data/${LIST_ENTITY}, page of 100)`,
    machine: ctx.machine,
    scale: ctx.scale,
    columns: ['clients', 'compiled req/s', 'compiled p50', 'compiled p99', 'JSON.stringify req/s', 'JSON.stringify p50', 'JSON.stringify p99', 'compiled/stringify'],
    rows: ctx.budget.clients.map((clients, i) => [clients, num(compiled[i].rps), ms(compiled[i].p50), ms(compiled[i].p99), num(plain[i].rps), ms(plain[i].p50), ms(plain[i].p99), `${((compiled[i].rps / plain[i].rps) * 100).toFixed(0)}%`]),
    notes: [
      `${path} (user ${BENCH_USER}); ${first.list.length} rows, ${bytes.toLocaleString('en-US')} bytes of JSON per answer`,
      'two server processes on the same database, one after the other: the default (COMPILED_SERIALIZERS unset) and COMPILED_SERIALIZERS=0; closed loop over loopback keep-alive connections',
    ],
  });
}
