/**
 * The generated list screen of the requisition lines in Chromium (playwright-core, Debian's
 * /usr/bin/chromium, the launch args of test/helpers/browser.ts): time from navigation to the
 * first rows visible, cold (a new browser context: empty HTTP cache, signed in) and warm (the same
 * page navigated again); and the initial JavaScript of the shell: the JS files index.html loads
 * before any lazy route (its scripts, modulepreloads and their static imports), gzip-compressed
 * with zlib. Forms: the generated material request form of the 50-line request (a document with
 * child lines) and a new material request (nothing to load but the form): navigation to the form
 * ready (its action bar visible: the record, the form chunk and the form's validator loaded),
 * cold and warm.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { ROOT } from '../server/src/config.ts';
import { launchChromium } from '../test/helpers/browser.ts';
import { BENCH_PASSWORD, BENCH_USER } from './generate.ts';
import { listRoute } from './list.ts';
import type { BenchContext } from './lib/context.ts';
import { kb, log, median, ms, printTable, verdict } from './lib/report.ts';

export const GOAL_INITIAL_JS_GZIP = 250 * 1024;
const DIST = join(ROOT, 'dist/renderer');
/** A data row of the generic list (GenericList: table.data-table, tbody marked while loading). */
const ROWS_VISIBLE = 'table.data-table tbody:not(.is-loading) tr td';
/** A generic form ready for input: rjsf rendered with its validator, the record loaded. */
const FORM_READY = 'main .generic-form form .form-actions';

/** The JS that index.html loads before any lazy route, with raw and gzip sizes. */
export function initialJs(dist = DIST): { files: { file: string; raw: number; gzip: number }[]; raw: number; gzip: number; css: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const start = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const cssFiles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const seen = new Set<string>();
  const queue = start.map((s) => s.replace(/^\//, ''));
  while (queue.length) {
    const f = queue.shift()!;
    if (seen.has(f) || !f.endsWith('.js')) continue;
    seen.add(f);
    const code = readFileSync(join(dist, f), 'utf8');
    // static imports only: `import{a}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"` (not import("./x.js"))
    for (const m of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      const dir = f.includes('/') ? f.slice(0, f.lastIndexOf('/') + 1) : '';
      queue.push(new URL(m[1], `http://x/${dir}`).pathname.slice(1));
    }
  }
  const files = [...seen].map((file) => {
    const buf = readFileSync(join(dist, file));
    return { file, raw: buf.length, gzip: gzipSync(buf).length };
  });
  const css = cssFiles.reduce((a, f) => a + gzipSync(readFileSync(join(dist, f.replace(/^\//, '')))).length, 0);
  return { files, raw: files.reduce((a, f) => a + f.raw, 0), gzip: files.reduce((a, f) => a + f.gzip, 0), css };
}

/** True when a renderer source is newer than the built index.html (the build is stale). */
function staleBuild(): boolean {
  const built = statSync(join(DIST, 'index.html')).mtimeMs;
  const walk = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((d) => (d.isDirectory() ? walk(join(dir, d.name)) : statSync(join(dir, d.name)).mtimeMs > built));
  return walk(join(ROOT, 'renderer/src'));
}

async function signedInState(browser: Browser, base: string): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await page.goto(`${base}/page/login`);
    await page.fill('input[name="username"]', BENCH_USER);
    await page.fill('input[name="password"]', BENCH_PASSWORD);
    await page.press('input[name="password"]', 'Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/page/login'), { timeout: 30_000 });
    return await ctx.storageState();
  } finally {
    await ctx.close();
  }
}

export async function browserBenchmark(ctx: BenchContext): Promise<void> {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('the renderer is not built: run npm run build');
  const js = initialJs();
  const notes: string[] = [];
  if (staleBuild()) notes.push('WARNING: renderer/src has files newer than dist/renderer/index.html: run npm run build for current figures');

  const reg = ctx.reg;
  const route = listRoute(reg);
  if (!route) throw new Error('material_request_line has no list screen');
  const url = `${ctx.server.base}/${route}?outstand=1`;
  const browser = await launchChromium();
  const mrForm = reg.screensOfEntity('material_request').find((x) => x.kind === 'form');
  if (!mrForm || ctx.data.printKey === null) throw new Error('no material request form or 50-line request');
  const targets = [
    { label: 'list (requisition lines)', url, ready: ROWS_VISIBLE, cold: [] as number[], warm: [] as number[] },
    { label: `form, 50-line request (${mrForm.module}/${mrForm.route})`, url: `${ctx.server.base}/${mrForm.module}/${mrForm.route}/${ctx.data.printKey}`, ready: FORM_READY, cold: [] as number[], warm: [] as number[] },
    // a new document: no record to load beside the form's own requests
    { label: `form, new request (${mrForm.module}/${mrForm.route})`, url: `${ctx.server.base}/${mrForm.module}/${mrForm.route}`, ready: FORM_READY, cold: [] as number[], warm: [] as number[] },
  ];
  const cold = targets[0].cold;
  const warm = targets[0].warm;
  try {
    const state = await signedInState(browser, ctx.server.base);
    const open = async (target: (typeof targets)[number], c: BrowserContext, page?: Awaited<ReturnType<BrowserContext['newPage']>>) => {
      const p = page ?? (await c.newPage());
      const t0 = performance.now();
      await p.goto(target.url, { waitUntil: 'commit' });
      await p.waitForSelector(target.ready, { state: 'visible', timeout: 60_000 });
      return { t: performance.now() - t0, page: p };
    };
    for (const target of targets) {
      for (let i = 0; i < ctx.budget.browserColdRuns; i++) {
        const c = await browser.newContext({ storageState: state, viewport: { width: 1366, height: 850 } });
        target.cold.push((await open(target, c)).t);
        await c.close();
      }
      const c = await browser.newContext({ storageState: state, viewport: { width: 1366, height: 850 } });
      const { page } = await open(target, c); // fills the cache
      for (let i = 0; i < ctx.budget.browserWarmRuns; i++) target.warm.push((await open(target, c, page)).t);
      await c.close();
    }
  } finally {
    await browser.close();
  }
  log(`browser: cold ${median(cold).toFixed(0)} ms, warm ${median(warm).toFixed(0)} ms, initial JS ${kb(js.gzip)} gzip`);
  notes.push(
    `URL ${url} (user ${BENCH_USER}); time from page.goto to the first data row visible (${ROWS_VISIBLE})`,
    `forms: ${targets
      .slice(1)
      .map((t) => t.url)
      .join(', ')}; time from page.goto to the form's action bar visible (${FORM_READY})`,
    'cold: a new browser context each run (empty HTTP cache, signed in through the login page once); warm: the same page navigated to the same URL again',
    `initial JS files: ${js.files.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ')}; CSS ${kb(js.css)} gzip (not counted)`,
  );
  printTable({
    title: 'Browser: generated list and form screens in Chromium',
    machine: ctx.machine,
    scale: ctx.scale,
    columns: ['measure', 'runs', 'median', 'min', 'max', 'goal'],
    rows: [
      ['navigation → rows visible, cold', cold.length, ms(median(cold), 0), ms(Math.min(...cold), 0), ms(Math.max(...cold), 0), ''],
      ['navigation → rows visible, warm', warm.length, ms(median(warm), 0), ms(Math.min(...warm), 0), ms(Math.max(...warm), 0), ''],
      ...targets.slice(1).flatMap((t) => [
        [`${t.label} → ready, cold`, t.cold.length, ms(median(t.cold), 0), ms(Math.min(...t.cold), 0), ms(Math.max(...t.cold), 0), ''],
        [`${t.label} → ready, warm`, t.warm.length, ms(median(t.warm), 0), ms(Math.min(...t.warm), 0), ms(Math.max(...t.warm), 0), ''],
      ]),
      ['initial JS of the shell (gzip)', js.files.length, kb(js.gzip), '', `${kb(js.raw)} raw`, `< ${kb(GOAL_INITIAL_JS_GZIP)}: ${verdict(js.gzip < GOAL_INITIAL_JS_GZIP)}`],
    ],
    notes,
  });
}
