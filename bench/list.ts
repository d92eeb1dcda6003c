/**
 * The generic list call on the largest entity: `GET /api/data/material_request_line?route=…`
 * (authenticated, company-scoped, filtered, sorted, a page of 20 with its total) at 1, 8 and 32
 * concurrent clients over loopback, side by side with the very SQL the engine generates sent
 * straight through `pg` with the server's pool size (no HTTP, no auth, no JSON).
 *
 * The SQL is not re-typed here: the real list route (server/src/routes/data.ts) is mounted
 * in-process on a Kysely wrapped by a capturing plugin and called once; the statements it runs on
 * material_request_line are the ones replayed and EXPLAINed.
 */
import Fastify from 'fastify';
import pg from 'pg';
import type { CompiledQuery, KyselyPlugin } from 'kysely';
import { openDatabase } from '../engine/src/db/database.ts';
import { PARSERS } from '../engine/src/db/value-types.ts';
import { Repository } from '../engine/src/crud/repository.ts';
import { PluginHost } from '../engine/src/plugins/host.ts';
import { workflowActions } from '../engine/src/workflow/actions.ts';
import { plugins as productPlugins } from '../plugins/index.ts';
import { dataRoutes } from '../server/src/routes/data.ts';
import { loadAuth } from '../server/src/auth/session.ts';
import type { Services } from '../server/src/services.ts';
import type { Registry } from '../engine/src/metadata/registry.ts';
import { TOTAL_CAP } from '../engine/src/query/page.ts';
import { BENCH_USER } from './generate.ts';
import { benchConfig } from './lib/target.ts';
import type { BenchContext } from './lib/context.ts';
import { getJson, keepAlive, request, runLoad, type LoadResult } from './lib/http.ts';
import { log, ms, num, printTable, verdict } from './lib/report.ts';

export const LIST_ENTITY = 'material_request_line';
/** The server's PostgreSQL pool (engine/src/db/database.ts default; one connection LISTENs). */
export const SERVER_POOL_SIZE = 10;
/** Goals at the most clients (issue 24): engine ≥ 70% of direct throughput, engine p99 ≤ 1.5 × direct p99. */
export const GOAL_RATIO = 0.7;
export const GOAL_P99_TIMES = 1.5;
const CAPPED_COUNT = TOTAL_CAP;

/** The list screen of the entity, if metadata has one (its route gives columns, filters, sort). */
export function listRoute(reg: Registry, entity = LIST_ENTITY): string | undefined {
  const s = reg.screensOfEntity(entity).find((x) => x.kind === 'list');
  return s ? `${s.module}/${s.route}` : undefined;
}

/** The benchmarked query string: open lines (the stores' daily view), default sort, page 1 of 20. */
export function listQuery(route: string | undefined, extra = ''): string {
  const p = new URLSearchParams();
  if (route) p.set('route', route);
  if (route) p.set('outstand', '1');
  p.set('page', '1');
  p.set('limit', '20');
  return `${p.toString()}${extra ? `&${extra}` : ''}`;
}

interface Captured {
  list: CompiledQuery[];
  other: number;
}

/** Runs the real list route once in-process and returns the statements it sent. */
async function captureSql(ctx: BenchContext, query: string): Promise<Captured> {
  if (ctx.target.kind !== 'postgres') throw new Error('capture needs PostgreSQL');
  const config = benchConfig(ctx.target);
  const reg = ctx.reg;
  const database = await openDatabase({ url: ctx.target.url, poolSize: 2 });
  const captured: CompiledQuery[] = [];
  const executor = database.db.getExecutor();
  const capture: KyselyPlugin = {
    transformQuery(args) {
      captured.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  const db = database.db.withPlugin(capture);
  const plugins = new PluginHost(productPlugins, workflowActions(reg));
  const services = { config, database: { ...database, db }, reg, plugins, repo: new Repository(reg, plugins) } as unknown as Services;
  const user = await db.selectFrom('users').select(['user_id']).where('username', '=', BENCH_USER).executeTakeFirstOrThrow();
  const app = Fastify();
  await app.register(
    async (api) => {
      api.addHook('onRequest', async (req) => {
        req.auth = await loadAuth(db, reg, { sub: Number(user.user_id), username: BENCH_USER, scope: 'full' });
      });
      await api.register(dataRoutes(services));
    },
    { prefix: '/api' },
  );
  captured.length = 0;
  const res = await app.inject({ method: 'GET', url: `/api/data/${LIST_ENTITY}?${query}` });
  await app.close();
  await database.close();
  if (res.statusCode !== 200) throw new Error(`in-process list call → ${res.statusCode} ${res.body.slice(0, 300)}`);
  // Kysely hands a subquery (the capped count's inner select) to plugins on its own too: keep
  // only the statements sent, not those that are part of another.
  const sent = captured.filter((q) => !captured.some((o) => o !== q && o.sql.length > q.sql.length && o.sql.includes(q.sql)));
  const list = sent.filter((q) => q.sql.includes(`"${LIST_ENTITY}"`));
  return { list, other: sent.length - list.length };
}

async function explain(pool: pg.Pool, q: CompiledQuery): Promise<string> {
  const r = await pool.query(`explain (analyze, buffers) ${q.sql}`, q.parameters as unknown[]);
  return r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n');
}

const execTime = (plan: string) => Number(/Execution Time: ([0-9.]+) ms/.exec(plan)?.[1] ?? NaN);

/**
 * Engine changes worth measuring at scale, as rewrites of the captured SQL: joins of required
 * references as INNER joins within the same company (so PostgreSQL can walk the referenced
 * table's (compcode, sort field) index and stop after a page), and a total counted only up to a
 * cap. Both are now what the engine sends (engine/src/query/page.ts); a rewrite that changes
 * nothing is not printed, so these show again only if the engine's SQL goes back.
 */
function whatIf(reg: Registry, page: CompiledQuery, count: CompiledQuery | undefined): { of: CompiledQuery; label: string; q: CompiledQuery }[] {
  const e = reg.entity(LIST_ENTITY);
  const inner = (text: string) =>
    text.replace(/left join "(\w+)" as "j_(\w+)" on "j_\2"\."(\w+)" = "t"\."\2"/g, (all, table: string, field: string, key: string) => {
      const f = e.fields.find((x) => x.name === field);
      if (!f?.required || !f.entity) return all;
      const sameCompany = e.companyScoped && reg.entity(f.entity).companyScoped ? ` and "j_${field}"."compcode" = "t"."compcode"` : '';
      return `inner join "${table}" as "j_${field}" on "j_${field}"."${key}" = "t"."${field}"${sameCompany}`;
    });
  const out: { of: CompiledQuery; label: string; q: CompiledQuery }[] = [];
  const innerPage = inner(page.sql);
  if (innerPage !== page.sql) out.push({ of: page, label: 'page query with required references joined INNER and within the company', q: { ...page, sql: innerPage } });
  if (count && !/limit \$\d+\) as "capped"/.test(count.sql)) {
    const capped = count.sql.replace(/^select count\(\*\) as "total" from (.*)$/s, `select count(*) as "total" from (select 1 from $1 limit ${CAPPED_COUNT + 1}) as capped`);
    if (capped !== count.sql) out.push({ of: count, label: `count capped at ${CAPPED_COUNT.toLocaleString('en-US')} (the screen would show "${CAPPED_COUNT.toLocaleString('en-US')}+")`, q: { ...count, sql: capped } });
  }
  return out;
}

/** Plain-language findings from the plans: what would need an index or an engine change. */
function findings(plans: string[], total: number): string[] {
  const out: string[] = [];
  plans.forEach((plan, i) => {
    const what = i === 0 ? 'page' : 'count';
    const seq = new RegExp(`Seq Scan on ${LIST_ENTITY} t[^\\n]*\\n(?:[^\\n]*\\n)*?\\s*Filter: ([^\\n]+)`).exec(plan);
    if (seq) out.push(`the ${what} query reads ${LIST_ENTITY} sequentially, filtering ${seq[1]}: no index covers that filter`);
  });
  if (/Sort Method: (top-N heapsort|quicksort|external merge)/.test(plans[0] ?? '') && !/Incremental Sort/.test(plans[0] ?? ''))
    out.push('the page is found by joining every matching line to its request and sorting them all, not by walking an index in the sort order and stopping after 20 rows');
  if (/Aggregate/.test(plans[1] ?? '') && !/Limit/.test(plans[1] ?? '')) out.push(`the total is an exact count(*) that visits all ${total.toLocaleString('en-US')} matching rows on every page request`);
  return out;
}

export async function listBenchmark(ctx: BenchContext): Promise<void> {
  const { budget } = ctx;
  const reg = ctx.reg;
  const route = listRoute(reg);
  const query = listQuery(route, typeof ctx.flags['list-query'] === 'string' ? (ctx.flags['list-query'] as string) : '');
  const url = `${ctx.server.base}/api/data/${LIST_ENTITY}?${query}`;
  const first = await getJson<{ meta: { total: number }; list: unknown[] }>(url, ctx.auth.token);
  log(`list: ${url} → ${first.list.length} rows of ${first.meta.total}`);

  const engine: LoadResult[] = [];
  for (const clients of budget.clients) {
    const agent = keepAlive(clients);
    engine.push(
      await runLoad(
        async () => {
          const r = await request(url, { token: ctx.auth.token, agent, discard: true });
          if (r.status !== 200) throw new Error(String(r.status));
        },
        { clients, durationMs: budget.listSeconds * 1000, warmupMs: budget.listWarmupSeconds * 1000, maxRequests: budget.listMaxRequests },
      ),
    );
    agent.destroy();
    log(`list engine ${clients} clients: ${engine.at(-1)!.rps.toFixed(0)} req/s`);
  }

  const direct: (LoadResult | undefined)[] = [];
  const notes: string[] = [];
  let plans: string[] = [];
  const alternatives: string[] = [];
  let captured: Captured | undefined;
  if (ctx.target.kind === 'postgres') {
    captured = await captureSql(ctx, query);
    const pool = new pg.Pool({
      connectionString: ctx.target.url,
      max: SERVER_POOL_SIZE,
      types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser },
    });
    try {
      const qs = captured.list;
      for (const clients of budget.clients) {
        direct.push(
          await runLoad(
            async () => {
              // as listRows does (one statement: the page and its total)
              await Promise.all(qs.map((q) => pool.query(q.sql, q.parameters as unknown[])));
            },
            { clients, durationMs: budget.listSeconds * 1000, warmupMs: budget.listWarmupSeconds * 1000, maxRequests: budget.listMaxRequests },
          ),
        );
        log(`list direct ${clients} clients: ${direct.at(-1)!.rps.toFixed(0)} req/s`);
      }
      plans = [];
      for (const q of qs) plans.push(await explain(pool, q));
      const page = qs.find((q) => /\blimit\b/i.test(q.sql));
      const count = qs.find((q) => /count\(\*\)/.test(q.sql));
      if (page) {
        for (const w of whatIf(reg, page, count)) {
          const plan = await explain(pool, w.q);
          const before = execTime(plans[qs.indexOf(w.of)]);
          alternatives.push(`what-if, ${w.label}: ${execTime(plan).toFixed(1)} ms instead of ${before.toFixed(1)} ms (EXPLAIN ANALYZE execution time)`);
          alternatives.push(`    ${w.q.sql}`);
          for (const l of plan.split('\n')) alternatives.push(`      ${l}`);
        }
      }
    } finally {
      await pool.end();
    }
  } else {
    notes.push('direct comparison and EXPLAIN need PostgreSQL (run with --db postgres://…); PGlite shows the server figures only');
  }

  const rows = budget.clients.map((clients, i) => {
    const e = engine[i];
    const d = direct[i];
    const ratio = d ? e.rps / d.rps : NaN;
    const atGoal = clients === Math.max(...budget.clients);
    return [
      clients,
      num(e.rps),
      ms(e.p50),
      ms(e.p99),
      e.errors,
      d ? num(d.rps) : 'n/a',
      d ? ms(d.p50) : 'n/a',
      d ? ms(d.p99) : 'n/a',
      d ? `${(ratio * 100).toFixed(0)}%` : 'n/a',
      d ? `${(e.p99 / d.p99).toFixed(2)}×` : 'n/a',
      atGoal ? `ratio ${verdict(d ? ratio >= GOAL_RATIO : undefined)}, p99 ${verdict(d ? e.p99 <= GOAL_P99_TIMES * d.p99 : undefined)}` : '',
    ];
  });
  notes.unshift(
    `GET /api/data/${LIST_ENTITY}?${query}  (user ${BENCH_USER}, company GAT; ${first.meta.total.toLocaleString('en-US')} matching rows)`,
    `closed loop over loopback keep-alive connections, ${budget.listSeconds} s per level after ${budget.listWarmupSeconds} s warm-up; direct = the engine's SQL through pg.Pool(max ${SERVER_POOL_SIZE}), as listRows sends it`,
    `goals at ${Math.max(...budget.clients)} clients: engine ≥ ${GOAL_RATIO * 100}% of direct throughput, engine p99 ≤ ${GOAL_P99_TIMES}× direct p99 (both measured in this run, one after the other)`,
  );
  if (captured) {
    notes.push(`the auth row (the user, the active company and the letters in it: server/src/auth/session.ts) is read once per user and kept until a change of the auth tables (server/src/auth/cache.ts); each list request sends ${captured.list.length === 1 ? 'this statement' : `these ${captured.list.length}`}:`);
    for (const q of captured.list) notes.push(`  SQL: ${q.sql}   params: ${JSON.stringify(q.parameters)}`);
    notes.push(
      `totals: count(*) of the same filtered, access-restricted rows up to ${CAPPED_COUNT.toLocaleString('en-US')} past the page's start (then meta.totalCapped, the screen shows "10,000+"), without the joins no condition needs, in the same statement as the page (the page a lateral subquery of the count); paging: ORDER BY <sort>, <key> LIMIT 20 OFFSET (page-1)*20`,
    );
    for (const f of findings(plans, first.meta.total)) notes.push(`finding: ${f}`);
    plans.forEach((p, i) => {
      notes.push(`EXPLAIN (ANALYZE, BUFFERS) of the ${i === 0 ? 'page' : 'count'} query:`);
      for (const l of p.split('\n')) notes.push(`    ${l}`);
    });
    notes.push(...alternatives);
  }
  printTable({
    title: `List: GET /api/data/${LIST_ENTITY} (page of 20 with total) vs the same SQL through pg`,
    machine: ctx.machine,
    scale: ctx.scale,
    columns: ['clients', 'engine req/s', 'engine p50', 'engine p99', 'errors', 'direct req/s', 'direct p50', 'direct p99', 'engine/direct', 'p99 engine/direct', 'goal'],
    rows,
    notes,
  });
}
