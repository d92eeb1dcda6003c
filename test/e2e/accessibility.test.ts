/**
 * WCAG 2.1 A and AA (axe-core) on the main screens, in Chromium against the real server and the demo
 * data (issue 37 point 14): login, home, approvals, a list, a form with lines, the due list, a work
 * order, a quotation, the profile, an open lookup and an open confirm dialog. Each must report no
 * violation; a failure names the rule and the first elements it found.
 */
import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { signedInPage, useBrowserApp } from '../helpers/browser.ts';

let base: string, browser: Browser;
useBrowserApp((app) => ({ base, browser } = app));

/** The violations of the page as "rule: first elements" lines (empty when there is none). */
async function violations(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

const settled = (page: Page) => page.waitForLoadState('networkidle');

describe('accessibility of the main screens (axe-core, WCAG 2.1 A/AA)', () => {
  it('login, home, approvals, a list and a form with lines', async () => {
    const anon = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    await anon.goto(`${base}/page/login`);
    await anon.locator('input[name="username"]').waitFor();
    expect(await violations(anon), 'login').toEqual([]);
    await anon.context().close();

    const page = await signedInPage(browser, base, 'storekeeper', 'demo1234', { width: 1400, height: 900 });
    await settled(page);
    expect(await violations(page), 'home').toEqual([]);
    await page.goto(`${base}/approval-list`);
    await settled(page);
    expect(await violations(page), 'approvals').toEqual([]);
    await page.goto(`${base}/aircraft-logistic/store-warehouse`);
    await page.locator('main table tbody tr').first().waitFor();
    expect(await violations(page), 'a list').toEqual([]);
    await page.goto(`${base}/aircraft-logistic/mr-form`);
    await page.locator('main .generic-form form .form-actions').waitFor();
    await page.getByRole('button', { name: '+ Add line' }).click();
    expect(await violations(page), 'a form with lines').toEqual([]);
    await page.locator('#root_requestor').click();
    await page.getByTestId('lookup-dialog').locator('tbody tr').first().waitFor();
    expect(await violations(page), 'an open lookup').toEqual([]);
    await page.context().close();
  });

  it('the due list, a work order and the profile', async () => {
    const page = await signedInPage(browser, base, 'planner', 'demo1234', { width: 1400, height: 900 });
    await page.goto(`${base}/aircraft-maintenance/fleet-due-list`);
    await page.locator('main table tbody tr').first().waitFor();
    expect(await violations(page), 'the due list').toEqual([]);
    await page.goto(`${base}/aircraft-maintenance/work-order`);
    await page.locator('main table tbody tr').first().click();
    await page.locator('main .generic-form form .form-actions').waitFor();
    await settled(page);
    expect(await violations(page), 'a work order').toEqual([]);
    await page.goto(`${base}/profile`);
    await settled(page);
    expect(await violations(page), 'the profile').toEqual([]);
    await page.context().close();
  });

  it('a confirm dialog', async () => {
    const page = await signedInPage(browser, base, 'admin', 'admin123', { width: 1400, height: 900 });
    await page.goto(`${base}/aircraft-logistic/store-warehouse`);
    await page.locator('main table tbody tr').first().click();
    await page.locator('main .generic-form form .form-actions').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    expect(await violations(page), 'a confirm dialog').toEqual([]);
    await page.context().close();
  });

  it('a quotation', async () => {
    const page = await signedInPage(browser, base, 'engineer', 'demo1234', { width: 1400, height: 900 });
    await page.goto(`${base}/aircraft-mro/quotation`);
    await page.locator('main table tbody tr').first().click();
    await page.locator('main .generic-form form .form-actions').waitFor();
    await settled(page);
    expect(await violations(page), 'a quotation').toEqual([]);
    await page.context().close();
  });
});
