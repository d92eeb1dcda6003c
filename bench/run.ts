/**
 * `npm run bench`: the benchmarks of docs/performance.md, each printing its table with the
 * machine it ran on.
 *
 *   npm run bench                       full: PostgreSQL aero_bench (created and generated at
 *                                       scale 1 when missing, kept for the next run)
 *   npm run bench -- --quick            CI: a temporary database at scale 0.01, a few seconds per
 *                                       benchmark, dropped at the end
 *   npm run bench -- --only list,pdf    some of: metadata, list, serialize, pdf, export, browser, stores, due, heavy, import, demo
 *                                       (demo: first answer from an empty data folder; not in --quick)
 *   npm run bench -- --db postgres://…  a given database (generated when it has no benchmark data)
 *   npm run bench -- --pglite <dir>     PGlite in a folder (no direct SQL comparison)
 *   --cards <a>,<b>: the two work package sizes of the heavy check (default 200,2000; quick 20,200)
 *   other: --scale <f> (when generating), --seed <n>, --keep (keep the quick database),
 *          --seconds <s> (per list level), --clients 1,8,32, --browser-runs <cold>,<warm>,
 *          --json <file>
 *
 * Only 127.0.0.1 is contacted; every benchmark is bounded in time and requests, and the whole
 * run stops itself after --timeout minutes (15 quick, 120 full).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../server/src/config.ts';
import { BENCH_PASSWORD, BENCH_USER, FULL, benchData, generate, type BenchData } from './generate.ts';
import { FULL_BUDGET, QUICK_BUDGET, type BenchContext, type Budget } from './lib/context.ts';
import { signIn, startServer, type Server } from './lib/http.ts';
import { flagNumber, flagString, log, machine, parseFlags, printed } from './lib/report.ts';
import { loadMetadata } from '../engine/src/metadata/loader.ts';
import { ADMIN_URL, benchConfig, databaseVersion, defaultTarget, describeTarget, dropPgDatabase, ensurePgDatabase, openServices, postgresReachable, targetFromFlags, type Target } from './lib/target.ts';
import { metadataBenchmark } from './metadata.ts';
import { listBenchmark } from './list.ts';
import { pdfBenchmark } from './pdf.ts';
import { exportBenchmark } from './export.ts';
import { browserBenchmark } from './browser.ts';
import { storesBenchmark } from './stores.ts';
import { dueBenchmark } from './due.ts';
import { heavyCheckBenchmark } from './heavy-check.ts';
import { demoBenchmark } from './demo.ts';
import { serializeBenchmark } from './serialize.ts';
import { importBenchmark } from './import.ts';

const ALL = ['metadata', 'list', 'serialize', 'pdf', 'export', 'browser', 'stores', 'due', 'heavy', 'import', 'demo'] as const;
type Name = (typeof ALL)[number];
const RUNNERS: Record<Exclude<Name, 'metadata'>, (ctx: BenchContext) => Promise<void>> = {
  list: listBenchmark,
  serialize: serializeBenchmark,
  import: importBenchmark,
  pdf: pdfBenchmark,
  export: exportBenchmark,
  browser: browserBenchmark,
  stores: storesBenchmark,
  due: dueBenchmark,
  heavy: heavyCheckBenchmark,
  demo: demoBenchmark,
};

const flags = parseFlags(process.argv.slice(2));
if (flags.help) {
  console.log((await import('node:fs')).readFileSync(new URL(import.meta.url), 'utf8').split('*/')[0]);
  process.exit(0);
}
const quick = flags.quick === true;
const budget: Budget = { ...(quick ? QUICK_BUDGET : FULL_BUDGET) };
if (flagString(flags, 'seconds')) budget.listSeconds = flagNumber(flags, 'seconds', budget.listSeconds);
if (flagString(flags, 'clients')) budget.clients = flagString(flags, 'clients')!.split(',').map(Number).filter((n) => n > 0);
if (flagString(flags, 'browser-runs')) [budget.browserColdRuns, budget.browserWarmRuns] = flagString(flags, 'browser-runs')!.split(',').map(Number);
// the demo's first answer takes tens of seconds of demo load: not in --quick unless asked for
const only = (flagString(flags, 'only')?.split(',').map((s) => s.trim()) ?? ALL.filter((n) => !(quick && n === 'demo'))) as Name[];
for (const n of only) if (!ALL.includes(n)) throw new Error(`unknown benchmark '${n}' (one of ${ALL.join(', ')})`);

const cleanup: (() => Promise<void>)[] = [];
const runCleanup = async () => {
  while (cleanup.length) await cleanup.pop()!().catch((e: unknown) => log(`cleanup: ${(e as Error).message}`));
};
const timeoutMin = flagNumber(flags, 'timeout', quick ? 15 : 120);
const watchdog = setTimeout(() => {
  log(`stopping: the run exceeded ${timeoutMin} minutes`);
  void runCleanup().finally(() => process.exit(2));
}, timeoutMin * 60_000);
watchdog.unref();
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    log(`${sig}: stopping the server and removing temporary data`);
    void runCleanup().finally(() => process.exit(130));
  });
}

async function chooseTarget(): Promise<Target> {
  const given = targetFromFlags(flags);
  if (given) {
    if (given.kind === 'postgres' && (await ensurePgDatabase(given.url))) log(`created ${describeTarget(given)}`);
    return given;
  }
  const pgUp = await postgresReachable(ADMIN_URL);
  if (quick) {
    const stamp = `${Date.now()}_${process.pid}`;
    if (pgUp) {
      const u = new URL(ADMIN_URL);
      u.pathname = `/aero_bench_quick_${stamp}`;
      const t: Target = { kind: 'postgres', url: u.toString() };
      await ensurePgDatabase(t.url);
      if (!flags.keep) cleanup.push(() => dropPgDatabase(t.url));
      return t;
    }
    log(`PostgreSQL is not reachable at ${ADMIN_URL}: quick run on PGlite`);
    const dir = join(ROOT, '.tmp', `bench-quick-${stamp}`);
    mkdirSync(dir, { recursive: true });
    if (!flags.keep) cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    return { kind: 'pglite', dir };
  }
  const t = await defaultTarget();
  if (t.kind === 'postgres' && (await ensurePgDatabase(t.url))) log(`created ${describeTarget(t)}`);
  return t;
}

/** Opens the database once: migrate, demo seed and generate when it has no benchmark data. */
async function prepare(target: Target): Promise<{ data: BenchData; version: string }> {
  const s = await openServices(target);
  try {
    const version = await databaseVersion(s);
    let data = await benchData(s.database.db, s.reg);
    if (data.documents === 0) {
      const scale = flagNumber(flags, 'scale', quick ? 0.01 : 1);
      log(`generating benchmark data at scale ${scale} into ${describeTarget(target)}`);
      data = (await generate(s, { scale, seed: flagNumber(flags, 'seed', 1) })).data;
    }
    return { data, version };
  } finally {
    await s.database.close();
  }
}

async function main(): Promise<number> {
  let failed = 0;
  const needsDb = only.some((n) => n !== 'metadata');
  if (only.includes('metadata')) {
    try {
      await metadataBenchmark({ budget, machine: machine('no database'), scale: '' });
    } catch (e) {
      failed++;
      console.error(`metadata benchmark failed: ${(e as Error).stack ?? String(e)}`);
    }
  }
  if (!needsDb) return failed;

  const target = await chooseTarget();
  const { data, version } = await prepare(target);
  const scale = `${quick ? 'QUICK run, ' : ''}scale ${(data.documents / FULL.documents).toPrecision(2)}: ${data.documents.toLocaleString('en-US')} material requests, ${data.lines.toLocaleString('en-US')} lines, ${data.components.toLocaleString('en-US')} fleet components, ${data.users} users (GAT); ${describeTarget(target)}`;
  log(`server starting on ${describeTarget(target)}`);
  const server: Server = await startServer(target);
  cleanup.push(() => server.stop());
  const auth = await signIn(server.base, BENCH_USER, BENCH_PASSWORD);
  const reg = await loadMetadata(benchConfig(target).metadataDirs);
  const ctx: BenchContext = { flags, quick, budget, target, machine: machine(version), scale, data, reg, server, auth };
  for (const name of only) {
    if (name === 'metadata') continue;
    ctx.machine = machine(version);
    try {
      await RUNNERS[name](ctx);
    } catch (e) {
      failed++;
      console.error(`${name} benchmark failed: ${(e as Error).stack ?? String(e)}`);
    }
  }
  return failed;
}

let code = 0;
try {
  const failed = await main();
  if (failed) {
    console.error(`${failed} benchmark(s) failed`);
    code = 1;
  }
} catch (e) {
  console.error(e);
  code = 1;
} finally {
  await runCleanup();
  const json = flagString(flags, 'json');
  if (json) writeFileSync(json, `${JSON.stringify(printed, null, 2)}\n`);
}
process.exit(code);
