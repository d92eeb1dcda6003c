/**
 * Warm PDF print of the 50-line material request through the server
 * (`GET /api/data/material_request/{key}/pdf`: HTTP, auth, the row with its lines, references,
 * HTML, the server's pooled Chromium page) against Chromium's own page.setContent + page.pdf of
 * the same HTML (fetched from `/print`) with the same options, in a browser launched here with the
 * args of test/helpers/browser.ts. Runs alternate so both see the same machine noise.
 */
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/helpers/browser.ts';
import { PRINT_LINES } from './generate.ts';
import type { BenchContext } from './lib/context.ts';
import { request } from './lib/http.ts';
import { kb, log, median, ms, percentile, printTable, verdict } from './lib/report.ts';

export const GOAL_PDF_RATIO = 1.3;
export const GOAL_PDF_MEDIAN_MS = 100;
const WARMUP = 3;

/** The options of server/src/print/pdf.ts (kept identical so that the baseline is the same work). */
async function chromiumPdf(page: Page, html: string): Promise<Buffer> {
  await page.setContent(html, { waitUntil: 'domcontentloaded' });
  return page.pdf({
    format: 'A4',
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: '<div style="font-size:8px;width:100%;text-align:right;padding-right:12mm;color:#667">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
    margin: { top: '12mm', bottom: '16mm', left: '10mm', right: '10mm' },
  });
}

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

export async function pdfBenchmark(ctx: BenchContext): Promise<void> {
  const key = ctx.data.printKey;
  if (!key) throw new Error('no print document (work order WO-BENCH-PRINT) in the data: run the generator');
  const base = `${ctx.server.base}/api/data/material_request/${key}`;
  const html = await request(`${base}/print`, { token: ctx.auth.token });
  if (html.status !== 200) throw new Error(`GET ${base}/print → ${html.status}`);
  const doc = html.body.toString('utf8');

  const viaServer = async () => {
    const t0 = performance.now();
    const r = await request(`${base}/pdf`, { token: ctx.auth.token });
    const t = performance.now() - t0;
    if (r.status !== 200 || r.body.subarray(0, 4).toString() !== '%PDF') throw new Error(`GET ${base}/pdf → ${r.status} ${r.body.subarray(0, 200).toString()}`);
    return { t, pdf: r.body };
  };
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const direct = async () => {
      const t0 = performance.now();
      const pdf = await chromiumPdf(page, doc);
      return { t: performance.now() - t0, pdf };
    };
    for (let i = 0; i < WARMUP; i++) {
      await viaServer();
      await direct();
    }
    const server: number[] = [];
    const chromium: number[] = [];
    let sample: { server: Buffer; direct: Buffer } = { server: Buffer.alloc(0), direct: Buffer.alloc(0) };
    for (let i = 0; i < ctx.budget.pdfRuns; i++) {
      const a = await viaServer();
      const b = await direct();
      server.push(a.t);
      chromium.push(b.t);
      sample = { server: a.pdf, direct: b.pdf };
    }
    const ratio = median(server) / median(chromium);
    log(`pdf: server ${median(server).toFixed(0)} ms, chromium ${median(chromium).toFixed(0)} ms`);
    printTable({
      title: `PDF: warm print of a ${PRINT_LINES}-line material request (server vs Chromium page.pdf of the same HTML)`,
      machine: ctx.machine,
      scale: ctx.scale,
      columns: ['path', 'runs', 'median', 'p95', 'min', 'max', 'PDF size', 'pages', 'goal'],
      rows: [
        ['GET …/material_request/{key}/pdf', server.length, ms(median(server)), ms(percentile(server, 95)), ms(Math.min(...server)), ms(Math.max(...server)), kb(sample.server.length), pages(sample.server), `median < ${GOAL_PDF_MEDIAN_MS} ms: ${verdict(median(server) < GOAL_PDF_MEDIAN_MS)}`],
        ['Chromium setContent + page.pdf', chromium.length, ms(median(chromium)), ms(percentile(chromium, 95)), ms(Math.min(...chromium)), ms(Math.max(...chromium)), kb(sample.direct.length), pages(sample.direct), ''],
        ['ratio server / Chromium (medians)', '', `${ratio.toFixed(2)}×`, `${(percentile(server, 95) / percentile(chromium, 95)).toFixed(2)}×`, '', '', '', '', `≤ ${GOAL_PDF_RATIO}×: ${verdict(ratio <= GOAL_PDF_RATIO)}`],
      ],
      notes: [
        `material_request ${key} (${PRINT_LINES} lines, HTML ${kb(doc.length)}); ${WARMUP} warm-up runs of each, then ${ctx.budget.pdfRuns} alternating runs; one request at a time`,
        'the server time includes HTTP, token and permission checks, reading the request with its lines and references, rendering the HTML and its PDF',
      ],
    });
  } finally {
    await browser.close();
  }
}
