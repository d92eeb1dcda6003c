/**
 * A planner plans a work package from the due list in the browser (real Chromium, real server,
 * demo data): on PK-WFE's due list they tick the C-check ATR-C1 and the AD 2024-0123, Plan Work
 * Package (2), confirm, read the answer naming the new work order, and see it in the Planned In
 * column of both rows; the ticks are cleared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { cellText, signedInPage, startBrowserApp } from '../helpers/browser.ts';

let t: TestApp;
let base: string;
let browser: Browser;

beforeAll(async () => {
  ({ t, base, browser } = await startBrowserApp());
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const db = () => t.services.database.db;

const signedIn = (): Promise<Page> => signedInPage(browser, base, 'planner', 'demo1234');
const cell = cellText;

describe('a planner plans a work package from the due list', () => {
  it('ticks two due items, plans them, and sees the work order in Planned In', async () => {
    const wfe = await db().selectFrom('aircraft').select(['aircraft_id']).where('registration', '=', 'PK-WFE').where('compcode', '=', 'CTA').executeTakeFirstOrThrow();
    const page = await signedIn();
    await page.goto(`${base}/aircraft-maintenance/due-list/${wfe.aircraft_id}`);
    const plan = page.getByRole('button', { name: /^Plan Work Package/ });
    await plan.waitFor();
    expect(await plan.isDisabled()).toBe(true); // nothing ticked yet
    for (const code of ['ATR-C1', 'AD 2024-0123']) await page.locator('table.data-table tbody tr', { hasText: code }).first().locator('input[type="checkbox"]').check();
    await page.getByRole('button', { name: 'Plan Work Package (2)', exact: true }).click();
    await page.locator('.modal').getByRole('button', { name: 'OK', exact: true }).click();

    const wo = await (async () => {
      for (let i = 0; i < 50; i++) {
        const row = await db().selectFrom('work_order').select(['wo_id', 'wo_no', 'title']).where('aircraft', '=', wfe.aircraft_id).where('remark', 'like', 'Planned from the due list%').executeTakeFirst();
        if (row) return row;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('no work order planned');
    })();
    // the C-check (2,200 MH in the programme) and the AD (none): 2 cards
    await page.getByText(`${String(wo.wo_no)} planned for PK-WFE: 2 task cards, 2200.00 planned man-hours.`).first().waitFor();
    expect(wo.title).toBe('C-check (1C) PK-WFE');
    await page.getByRole('link', { name: 'Open Work Order' }).first().waitFor();
    // the list reloaded: both rows show where they are planned; nothing is ticked any more
    await page.locator('table.data-table tbody tr', { hasText: 'ATR-C1' }).first().getByText(String(wo.wo_no)).waitFor();
    expect(await cell(page, 'ATR-C1', 'Planned In')).toBe(String(wo.wo_no));
    expect(await cell(page, 'AD 2024-0123', 'Planned In')).toBe(String(wo.wo_no));
    expect(await page.locator('table.data-table tbody input[type="checkbox"]:checked').count()).toBe(0);
    expect(await plan.isDisabled()).toBe(true);
  });
});
