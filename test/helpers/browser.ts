/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). One browser per test
 * file; a fresh context (empty storage) per scenario.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pdfText } from './pdf.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run npm test (it installs Debian's chromium) or set CHROMIUM_PATH`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'],
  });
}

/** A new browser context (1600×1000 unless given, UTC) signed in as the user, on the home page. */
export async function signedInPage(browser: Browser, base: string, username: string, password: string, viewport = { width: 1600, height: 1000 }): Promise<Page> {
  const ctx = await browser.newContext({ viewport, timezoneId: 'UTC' });
  const page = await ctx.newPage();
  await page.goto(`${base}/page/login`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.press('input[name="password"]', 'Enter');
  await page.waitForURL(/\/(home|modules)$/);
  return page;
}

/** The text of the cell under `header` in the first row of the first data table containing `rowText`. */
export async function cellText(page: Page, rowText: string, header: string): Promise<string> {
  const table = page.locator('table.data-table').first();
  const row = table.locator('tbody tr', { hasText: rowText }).first();
  await row.waitFor();
  // headers are shown in capitals with a sort mark below
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.split('\n')[0].trim().toLowerCase());
  const i = headers.findIndex((h) => h === header.toLowerCase());
  if (i < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  return (await row.locator('td').nth(i).innerText()).trim();
}

/** The test server on a port with the built renderer, and Chromium: the setup of an end-to-end file. */
export async function startBrowserApp(): Promise<{ t: TestApp; base: string; browser: Browser }> {
  if (!existsSync(join(loadConfig().staticDir, 'index.html'))) throw new Error('The renderer is not built: run npm run build (npm test does).');
  const t = await startTestApp();
  return { t, base: await t.listen(), browser: await launchChromium() };
}

export interface BrowserApp {
  t: TestApp;
  base: string;
  browser: Browser;
}

/**
 * The set-up of an end-to-end file in one line: the browser app started before its tests (handed
 * to `use`) and closed after them.
 *
 *   let t: TestApp, base: string, browser: Browser;
 *   useBrowserApp((app) => ({ t, base, browser } = app));
 */
export function useBrowserApp(use: (app: BrowserApp) => void): void {
  let app: BrowserApp | undefined;
  beforeAll(async () => {
    app = await startBrowserApp();
    use(app);
  });
  afterAll(async () => {
    await app?.browser.close();
    await app?.t.close();
  });
}

/** Where the end-to-end files write the screenshots looked at (.tmp/screenshots). */
export const SCREENSHOTS = join(process.cwd(), '.tmp', 'screenshots');

/** Who signs in a signature dialog: the password, and the code when the company asks one (a function: read when typed). */
export interface Signer {
  password: string;
  otp?: () => string;
}

/**
 * Fills the open signature dialog (decision 0301) and gives the signature: the password, the code
 * when the dialog asks one (the company requires a second factor), then Sign.
 */
export async function sign(page: Page, signer: Signer): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="signer_password"]').fill(signer.password);
  if (await dialog.locator('input[name="signer_otp"]').count()) await dialog.locator('input[name="signer_otp"]').fill(signer.otp?.() ?? '');
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
}

/**
 * Runs a form or list action: the button, OK in its confirmation (a signature: the signer's
 * password and code, then Sign) (unless the action asks none),
 * the answer (200) and its message shown; returns the answer.
 */
export async function runAction(page: Page, label: string, { confirm = true, signer }: { confirm?: boolean; signer?: Signer } = {}): Promise<Record<string, any>> {
  const button = page.getByRole('button', { name: label, exact: true });
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/data\/[a-z_]+\/action\//.test(new URL(r.url()).pathname)),
    signer ? button.click().then(() => sign(page, signer)) : confirm ? button.click().then(() => page.getByRole('dialog').getByRole('button', { name: 'OK', exact: true }).click()) : button.click(),
  ]);
  const body = await res.json();
  expect(res.status(), `${label}: ${JSON.stringify(body)}`).toBe(200);
  await page.locator('[data-testid="action-result"]').filter({ hasText: String(body.message) }).first().waitFor();
  return body;
}

/** Saves the open form (which stays on the document), waits for the answer (200) and the toast, and opens the form again. */
export async function saveForm(page: Page): Promise<Record<string, any>> {
  const url = page.url();
  const [res] = await Promise.all([
    page.waitForResponse((r) => ['POST', 'PUT'].includes(r.request().method()) && /\/api\/data\/[a-z_]+(\/\d+)?$/.test(new URL(r.url()).pathname)),
    page.getByRole('button', { name: 'Save', exact: true }).click(),
  ]);
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  await page.locator('.toast', { hasText: 'Saved' }).first().waitFor();
  await page.goto(url);
  await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
  return body.data;
}

/** Picks a row in the lookup dialog a "Choose …" button opens, searching for it first. */
export async function chooseInLookup(page: Page, scope: ReturnType<Page['locator']> | Page, button: string, text: string): Promise<void> {
  await scope.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.locator('[data-testid="lookup-dialog"]');
  await dialog.locator('input[name="lookup-filter"]').fill(text);
  await dialog.locator('input[name="lookup-filter"]').press('Enter');
  await dialog.locator('tbody tr', { hasText: text }).first().click();
}

/** The text of a PDF the page previews (fetched from its preview address), words as read, spaces folded. */
export async function pdfTextOf(base: string, src: string): Promise<string> {
  const res = await fetch(new URL(src, base));
  expect(res.status).toBe(200);
  return pdfText(new Uint8Array(await res.arrayBuffer()), { fold: true });
}
