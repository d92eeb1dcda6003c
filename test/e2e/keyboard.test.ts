/**
 * The product by keyboard alone (issue 37 point 14), in Chromium against the real server: a skip
 * link past the header and the menu, a list row reached with Tab shows its focus and opens with
 * Enter; a lookup opened from its button, filtered, and a row chosen with Enter once (the lookup
 * does not open again) with the focus back on the field; a confirm dialog keeps Tab inside and
 * Escape gives the focus back.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signedInPage, useBrowserApp } from '../helpers/browser.ts';

let base: string, browser: Browser;
useBrowserApp((app) => ({ base, browser } = app));

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase() ?? '', id: el?.id ?? '', text: (el?.textContent ?? '').trim().slice(0, 60), cls: el?.className ?? '', inDialog: Boolean(el?.closest('[role="dialog"]')) };
  });

/** Presses Tab until `done` holds (at most `max` times); the number of presses. */
async function tabUntil(page: Page, done: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 25): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press('Tab');
    if (done(await focused(page))) return i;
  }
  throw new Error(`not reached in ${max} Tabs: ${JSON.stringify(await focused(page))}`);
}

describe('keyboard only', () => {
  it('skips the menu, reaches a list row and opens it with Enter', async () => {
    const page = await signedInPage(browser, base, 'storekeeper', 'demo1234', { width: 1400, height: 900 });
    await page.goto(`${base}/aircraft-logistic/store-warehouse`);
    await page.locator('main table tbody tr').first().waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to content' });
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ id: 'content' });
    // the next stop is the page's own (not one of the menu's many links); the first row follows
    // the list's controls and its sortable column headers
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#content .module-content, #content')) && !document.activeElement?.closest('nav, aside'))).toBe(true);
    await tabUntil(page, (f) => f.tag === 'tr', 40);
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline).toBe('solid');
    await page.keyboard.press('Enter');
    await page.waitForURL(/store-warehouse-form\/\d+$/);
    await page.context().close();
  });

  it('a lookup chosen with Enter once; a confirm dialog keeps the focus', async () => {
    let page = await signedInPage(browser, base, 'storekeeper', 'demo1234', { width: 1400, height: 900 });
    await page.goto(`${base}/aircraft-logistic/mr-form`);
    await page.locator('main .generic-form form .form-actions').waitFor();
    await page.focus('#root_requestor');
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('lookup-dialog');
    await dialog.locator('tbody tr').first().waitFor();
    await tabUntil(page, (f) => f.inDialog && f.tag === 'input');
    await page.keyboard.type('storekeeper');
    await page.keyboard.press('Enter');
    // the search's answer, not the first page (which holds the storekeeper too): rows that arrive
    // later would replace the focused row while Tab goes round
    await expect.poll(async () => {
      const rows = await dialog.locator('tbody tr').allInnerTexts();
      return rows.length > 0 && rows.every((r) => /storekeeper/i.test(r));
    }).toBe(true);
    await tabUntil(page, (f) => f.tag === 'tr' && f.inDialog);
    // Tab never leaves the dialog: round its controls and back
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await page.locator('[role="dialog"] tbody tr', { hasText: 'storekeeper' }).first().focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForTimeout(600);
    expect(await dialog.count()).toBe(0);
    expect(await page.locator('#root_requestor').inputValue()).toMatch(/storekeeper|Budi Santoso/i);
    expect((await focused(page)).id).toBe('root_requestor');
    await page.context().close();

    page = await signedInPage(browser, base, 'admin', 'admin123', { width: 1400, height: 900 });

    await page.goto(`${base}/aircraft-logistic/store-warehouse`);
    await page.locator('main table tbody tr').first().click();
    await page.locator('main .generic-form form .form-actions').waitFor();
    const del = page.getByRole('button', { name: 'Delete', exact: true });
    await del.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await focused(page)).text).toBe('Delete');
    await page.context().close();
  });
});
