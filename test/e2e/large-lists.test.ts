/**
 * A list whose total the server stopped counting (large tables: LIST_TOTAL_CAP, 10,000 by
 * default; 12 here so the demo's 33 ATA chapters of GAH are "large"), in Chromium against the real
 * server: the page info shows the floor with "+", there is no last page to jump to, and the next
 * pages stay reachable until the real end, where the total becomes exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { loadConfig } from '../../server/src/config.ts';

let t: TestApp;
let base: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(loadConfig().staticDir, 'index.html'))) throw new Error('The renderer is not built: run npm run build (npm test does).');
  t = await startTestApp({ config: { listTotalCap: 12 } });
  base = await t.listen();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('lists with a capped total in Chromium', () => {
  it('shows "of N+ entries", no last page, and the exact total once the end is in reach', async () => {
    const admin = await t.signIn('admin', 'admin123');
    await t.call('PUT', `/api/users/ulc/${admin.user.user_id}`, { token: admin.token, body: { compcode: 'GAH' } });
    const rows = await t.services.database.db.selectFrom('ata_group').select((eb) => eb.fn.countAll().as('n')).where('compcode', '=', 'GAH').executeTakeFirstOrThrow();
    const total = Number(rows.n);
    expect(total).toBeGreaterThan(25); // the demo's ATA chapters: more than the cap plus a page

    // the API: counted to the cap past the page, flagged
    const api = await t.call('GET', '/api/data/ata_group?route=aircraft-maintenance/ata-groups&limit=10&page=1', { token: admin.token });
    expect(api.body.meta).toEqual({ total: 12, page: 1, limit: 10, totalCapped: true });

    const ctx = await browser.newContext({ viewport: { width: 1366, height: 850 } });
    const page = await ctx.newPage();
    await page.goto(`${base}/page/login`);
    await page.fill('input[name="username"]', 'admin');
    await page.fill('input[name="password"]', 'admin123');
    await page.press('input[name="password"]', 'Enter');
    await page.waitForURL(/\/(home|modules)$/);

    await page.goto(`${base}/aircraft-maintenance/ata-groups?limit=10`);
    const info = page.locator('.page-info');
    await expect.poll(() => info.textContent()).toBe('Showing 1 to 10 of 12+ entries');
    expect(await page.locator('table.data-table tbody tr').count()).toBe(10);
    const last = page.getByRole('button', { name: 'Last page' });
    expect(await last.isDisabled()).toBe(true);

    // page 2 (reached with Next): the server counts 12 past row 11, still more than that
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => info.textContent()).toBe('Showing 11 to 20 of 22+ entries');
    // page 3 counts up to 32 — the exact total when it is at most that, else still a floor
    await page.getByRole('button', { name: 'Next page' }).click();
    const third = total <= 32 ? `Showing 21 to 30 of ${total} entries` : 'Showing 21 to 30 of 32+ entries';
    await expect.poll(() => info.textContent()).toBe(third);
    if (total <= 32) {
      expect(await last.isDisabled()).toBe(false);
      await last.click();
      await expect.poll(() => info.textContent()).toBe(`Showing ${Math.floor((total - 1) / 10) * 10 + 1} to ${total} of ${total} entries`);
    }
    await ctx.close();
  });
});
