/**
 * At 200% zoom (issue 37 point 14): a 1400×900 window at 200% is a 700×450 page of CSS pixels drawn
 * at twice the density. The material request list's filters do not cover one another (a date range
 * stacks its two dates, each shown whole), and the module menu, folded to its title on a page this
 * narrow, opens and folds again, the reader's choice kept, so the list is reached without
 * scrolling past the menu.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { SCREENSHOTS as shots, useBrowserApp } from '../helpers/browser.ts';
import { DEMO_PASSWORD } from '../../server/src/seed/demo.ts';

let base: string, browser: Browser;
useBrowserApp((app) => ({ base, browser } = app));

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every pair of the controls whose boxes intersect, named by their labels. */
async function overlapping(controls: Locator): Promise<string[]> {
  const all = await controls.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { name: e.querySelector('label')?.textContent ?? e.className, box: { x: r.x, y: r.y, width: r.width, height: r.height } };
    }),
  );
  const out: string[] = [];
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) if (overlap(all[i].box, all[j].box)) out.push(`${all[i].name} × ${all[j].name}`);
  return out;
}

describe('200% zoom', () => {
  it('the material request list: no filter covered, the menu collapsible', async () => {
    const ctx = await browser.newContext({ viewport: { width: 700, height: 450 }, deviceScaleFactor: 2, timezoneId: 'UTC' });
    const page = await ctx.newPage();
    await page.goto(`${base}/page/login`);
    await page.fill('input[name="username"]', 'storekeeper');
    await page.fill('input[name="password"]', DEMO_PASSWORD);
    await page.press('input[name="password"]', 'Enter');
    await page.waitForURL(/\/(home|modules)$/);
    await page.goto(`${base}/aircraft-logistic/mr-list`);
    await page.locator('main table tbody tr').first().waitFor();
    await page.screenshot({ path: join(shots, 'zoom-200-mr-list.png'), fullPage: true });
    // no filter over another, and each date of the range wide enough to show DD MMM YYYY whole
    expect(await overlapping(page.locator('.filter-bar .filter-item'))).toEqual([]);
    const dates = page.locator('.filter-bar .filter-range input[type="text"], .filter-bar .filter-range input:not([type])');
    expect(await dates.count()).toBe(2);
    for (const clipped of await dates.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).scrollWidth > (e as HTMLInputElement).clientWidth))) expect(clipped).toBe(false);
    for (const box of await dates.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width))) expect(box).toBeGreaterThanOrEqual(120);

    // on a page this narrow the menu starts folded to its title: the list's first control is on
    // the first screen; Show menu opens it above the list, Hide menu folds it again
    const tree = page.locator('nav.sidebar .side-tree');
    expect(await tree.count()).toBe(0);
    const search = page.locator('main .list-toolbar input').first();
    expect((await search.boundingBox())!.y).toBeLessThan(450);
    await page.getByRole('button', { name: 'Show menu' }).click();
    await tree.waitFor();
    expect((await search.boundingBox())!.y).toBeGreaterThan(450);
    await page.screenshot({ path: join(shots, 'zoom-200-menu-open.png') });
    await page.getByRole('button', { name: 'Hide menu' }).click();
    await expect.poll(() => tree.count()).toBe(0);
    expect((await search.boundingBox())!.y).toBeLessThan(450);
    await page.screenshot({ path: join(shots, 'zoom-200-menu-folded.png') });
    // the reader's choice is kept: opened, it stays open on the next screen
    await page.getByRole('button', { name: 'Show menu' }).click();
    await page.goto(`${base}/aircraft-logistic/mr-myself`);
    await tree.waitFor();
    await page.getByRole('button', { name: 'Hide menu' }).waitFor();
    await ctx.close();
  });
});
