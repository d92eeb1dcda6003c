/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). One browser per test
 * file; a fresh context (empty storage) per scenario.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
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
