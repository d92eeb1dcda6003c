/**
 * Demo first answer (issue 24 point 5): the server started on an empty data folder (PGlite, demo
 * data loaded on start), timed from the start of the process to its first answer of
 * GET /api/health, and to the end of the demo load as the server reports it. Runs the compiled
 * server (`node scripts/start.js`) when it is built, else the sources through tsx. Not in --quick
 * (the load alone takes tens of seconds); `--only demo` runs it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../server/src/config.ts';
import type { BenchContext } from './lib/context.ts';
import { log, ms, printTable } from './lib/report.ts';

/** Goal (issue 24): an empty data folder answers in under 10 s. */
const GOAL_MS = 10_000;

export async function demoBenchmark(ctx: BenchContext): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'aero-demo-bench-'));
  const port = 20_000 + (process.pid % 20_000);
  const built = existsSync(join(ROOT, 'dist/server/src/main.js'));
  const [cmd, args] = built ? [process.execPath, [join(ROOT, 'scripts/start.js')]] : [join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'server/src/main.ts')]];
  const start = performance.now();
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '1', STATIC_DIR: join(dir, 'no-renderer') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let seededAt = NaN;
  child.stdout.on('data', (d: Buffer) => {
    out += String(d);
    if (Number.isNaN(seededAt) && out.includes('Seeded demo data')) seededAt = performance.now() - start;
  });
  child.stderr.on('data', (d: Buffer) => (out += String(d)));
  let answeredAt = NaN;
  try {
    const deadline = Date.now() + 10 * 60_000;
    while (Date.now() < deadline && child.exitCode === null) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (r.status === 200) {
          answeredAt = performance.now() - start;
          break;
        }
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    if (Number.isNaN(answeredAt)) throw new Error(`the demo server did not answer: ${out.slice(-2000)}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
  const progressLines = out.split(/[\n\r]/).filter((l) => l.includes('Loading demo data')).length;
  // the server's own account of its start (server/src/main.ts): each phase's end from the process's start
  const phases = /Started in [^\n]*/.exec(out)?.[0] ?? 'the server printed no start phases';
  log(`demo: first answer after ${ms(answeredAt)}`);
  printTable({
    title: 'Demo: first answer from an empty data folder (PGlite)',
    machine: ctx.machine,
    scale: 'the demo fixtures (fixtures/)',
    columns: ['server', 'demo load done', 'first answer (GET /api/health)', 'progress lines shown', 'goal'],
    rows: [[built ? 'compiled (node scripts/start.js)' : 'sources (tsx server/src/main.ts)', out.includes('prepared at build time') ? 'the build\'s snapshot, copied' : ms(seededAt), ms(answeredAt), progressLines, answeredAt < GOAL_MS ? 'met' : 'NOT met']],
    notes: [`timed from spawning the process; goal: under ${GOAL_MS / 1000} s`, phases],
  });
}
