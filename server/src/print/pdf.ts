/**
 * PDF rendering with Debian's Chromium through playwright-core: one warm browser per process,
 * launched on first use, and a small pool of reused pages (a new page costs ~270 ms, a warm one
 * renders in ~50 ms). Without Chromium, printing answers a clear error naming it and everything
 * else keeps working.
 *
 *   const pdf = await pdfRenderer.render(html);  // Buffer
 */
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { appError } from '../../../engine/src/errors.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'];

export class PdfRenderer {
  #browser: Promise<Browser> | null = null;
  readonly #idle: Page[] = [];
  #busy = 0;
  readonly #waiting: ((p: Page) => void)[] = [];

  constructor(
    private readonly executablePath = CHROMIUM_PATH,
    private readonly poolSize = 3,
  ) {}

  private browser(): Promise<Browser> {
    if (!this.#browser) {
      if (!existsSync(this.executablePath)) {
        throw appError('ERR_UNAVAILABLE', { message: `PDF printing needs Chromium at ${this.executablePath} (Debian package chromium, or set CHROMIUM_PATH).` });
      }
      // playwright-core is loaded with the browser: importing it costs a second of every server start
      this.#browser = import('playwright-core').then(({ chromium }) => chromium.launch({ executablePath: this.executablePath, headless: true, args: ARGS })).catch((e: unknown) => {
        this.#browser = null;
        throw appError('ERR_UNAVAILABLE', { message: `PDF printing could not start Chromium at ${this.executablePath}: ${(e as Error).message.split('\n')[0]}` });
      });
    }
    return this.#browser;
  }

  private async acquire(): Promise<Page> {
    const idle = this.#idle.pop();
    if (idle && !idle.isClosed()) {
      this.#busy++;
      return idle;
    }
    if (this.#busy < this.poolSize) {
      this.#busy++;
      try {
        const b = await this.browser();
        return await b.newPage();
      } catch (e) {
        this.#busy--;
        throw e;
      }
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  private release(p: Page): void {
    const next = this.#waiting.shift();
    if (next && !p.isClosed()) return next(p);
    this.#busy--;
    if (!p.isClosed()) this.#idle.push(p);
  }

  /** Renders HTML to an A4 PDF with repeated table headers and page numbers in the footer. */
  async render(html: string): Promise<Buffer> {
    const page = await this.acquire();
    try {
      // No network: prints are self-contained HTML.
      await page.setContent(html, { waitUntil: 'domcontentloaded' });
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: '<div style="font-size:8px;width:100%;text-align:right;padding-right:12mm;color:#667">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
        margin: { top: '12mm', bottom: '16mm', left: '10mm', right: '10mm' },
      });
      return pdf;
    } catch (e) {
      if (!page.isClosed()) await page.close().catch(() => undefined);
      throw e;
    } finally {
      this.release(page);
    }
  }

  async close(): Promise<void> {
    const b = this.#browser;
    this.#browser = null;
    if (b) await (await b.catch(() => null))?.close();
  }
}
