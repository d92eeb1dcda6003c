/**
 * The reliability engineer opens the month's report (issue 38 point 1, decision 0350): the demo's
 * October 2026 report of the ATR 42-600 fleet, computed at the load, flags ATA 21 (3-month rate
 * 41.67 above its alert level 38.61: plugins/reliability/report.test.ts works it by hand). The trend
 * screen draws one chart per chapter, its rate against the dashed alert line over 12 months; ATA 21's
 * panel is the flagged one.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { signedInPage, useBrowserApp } from '../helpers/browser.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const shots = join(process.cwd(), '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

let t: TestApp, base: string, browser: Browser;
useBrowserApp((app) => ({ t, base, browser } = app));

describe('a reliability engineer reads the month’s report', () => {
  it('opens the October 2026 report and sees ATA 21 flagged on the chart', async () => {
    const db = t.services.database.db;
    const report = await db.selectFrom('reliability_report').select(['report_id']).where('compcode', '=', 'CTA').where('period', '=', '2026-10').executeTakeFirstOrThrow();
    const page = await signedInPage(browser, base, 'reliability', 'demo1234');
    await page.goto(`${base}/aircraft-maintenance/reliability-report-form/${report.report_id}`);
    await page.getByText('Chapters Flagged').first().waitFor();
    await page.screenshot({ path: join(shots, 'reliability-report-form.png'), fullPage: true });
    await page.goto(`${base}/aircraft-maintenance/reliability-trend?report=${report.report_id}`);
    const panels = page.locator('[data-testid="alert-panel"]');
    await panels.first().waitFor();
    expect(await panels.count()).toBe(3); // ATA 21, 24, 32
    const flagged = page.locator('[data-testid="alert-panel"][data-flagged="true"]');
    expect(await flagged.count()).toBe(1);
    expect(await flagged.locator('h3').innerText()).toContain('ATA 21');
    const box = await flagged.locator('canvas').boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(100);
    await page.locator('[data-testid="list-chart"]').screenshot({ path: join(shots, 'reliability-trend-chart.png') });
  });
});
