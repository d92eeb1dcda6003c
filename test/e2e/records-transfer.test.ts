/**
 * Aircraft records transfer in the browser (issue 36, docs/records-transfer.md): Citra Aviation's
 * planner opens PK-WFA on Fleet Detail and exports its records (a JSON download); the administrator,
 * working in Garuda Aero Holding (given the same ATR 72-600 programme), picks the file on the fleet
 * list's Import Records, reads the dry run's preview, imports, and the due list of the new
 * aircraft shows its items.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from '../helpers/app.ts';
import { signedInPage, startBrowserApp } from '../helpers/browser.ts';
import { copyProgramme } from '../helpers/programme.ts';
import { sqlOne } from '../../server/test/support.ts';

const shots = join(process.cwd(), '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

let t: TestApp;
let base: string;
let browser: Browser;

beforeAll(async () => {
  ({ t, base, browser } = await startBrowserApp());
  const a = await t.signIn('admin', 'admin123');
  const r = await t.call('PUT', `/api/users/ulc/${a.user.user_id}`, { token: a.token, body: { compcode: 'GAH' } });
  expect(r.status).toBe(200);
  await copyProgramme(t, 'CTA', 'GAH', 'ATR 72-600', a.token);
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('an aircraft\'s records move to another company', () => {
  it('a planner exports PK-WFA, an administrator of another company imports it with the preview, and its due list shows', async () => {
    const wfa = await sqlOne(t, `select aircraft_id from aircraft where compcode = 'CTA' and registration = 'PK-WFA'`);
    const planner = await signedInPage(browser, base, 'planner', 'demo1234');
    await planner.goto(`${base}/aircraft-maintenance/fleet-detail/${wfa.aircraft_id}`);
    const exportButton = planner.getByRole('button', { name: 'Export Records', exact: true });
    await exportButton.waitFor();
    const [download] = await Promise.all([planner.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^PK-WFA-records-\d{4}-\d{2}-\d{2}\.json$/);
    const file = join(shots, download.suggestedFilename());
    await download.saveAs(file);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    expect(doc.aircraft.registration).toBe('PK-WFA');
    await planner.locator('[data-testid="action-result"]').waitFor();
    await planner.screenshot({ path: join(shots, 'records-export.png') });

    const admin = await signedInPage(browser, base, 'admin', 'admin123');
    await admin.goto(`${base}/aircraft-maintenance/fleet-list`);
    await admin.getByRole('button', { name: 'Import Records', exact: true }).click();
    await admin.locator('[data-testid="file-action-input"]').setInputFiles(file);
    await admin.locator('[data-testid="file-action-preview"]').click();
    const preview = admin.locator('[data-testid="file-action-result"]');
    await preview.waitFor();
    expect(await preview.innerText()).toContain('Dry run: PK-WFA would be imported');
    await admin.screenshot({ path: join(shots, 'records-import-preview.png') });
    await admin.locator('[data-testid="file-action-run"]').click();
    await admin.locator('[data-testid="action-result"]').waitFor();
    expect(await admin.locator('[data-testid="action-result"]').innerText()).toContain('PK-WFA was imported');

    const imported = await sqlOne(t, `select aircraft_id from aircraft where compcode = 'GAH' and registration = 'PK-WFA'`);
    await admin.goto(`${base}/aircraft-maintenance/due-list/${imported.aircraft_id}`);
    const rows = admin.locator('table.data-table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(5);
    await admin.screenshot({ path: join(shots, 'records-import-due-list.png') });
  });
});
