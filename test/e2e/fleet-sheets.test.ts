/**
 * Fleet migration from spreadsheets in Chromium (issue 36 point 3, decision 0363): an administrator
 * of Citra Aviation opens the fleet list's Import Spreadsheets, downloads the template, previews a
 * workbook whose PK-MIB has an engine without a position (Components!F4: the programme installs
 * PW127M in positions "1, 2") and sees it at its cell; then previews and imports the clean PK-MIA.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { TestApp } from '../helpers/app.ts';
import { signedInPage, startBrowserApp } from '../helpers/browser.ts';
import { sqlOne } from '../../server/test/support.ts';
import { SHEETS } from '../../plugins/transfer/sheets.ts';

const shots = join(process.cwd(), '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

let t: TestApp;
let base: string;
let browser: Browser;

async function workbook(file: string, rows: Record<string, Record<string, unknown>[]>): Promise<string> {
  const wb = new ExcelJS.Workbook();
  for (const s of SHEETS) {
    const ws = wb.addWorksheet(s.name);
    ws.addRow(s.columns.map((c) => c.field));
    ws.addRow(s.columns.map((c) => c.help));
    for (const r of rows[s.name] ?? []) ws.addRow(s.columns.map((c) => r[c.field] ?? null));
  }
  const path = join(shots, file);
  writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
  return path;
}
const aircraft = (registration: string) => ({ registration, msn: `MSN-${registration}`, aircraft_type: 'ATR 72-600', totals_as_of: '2026-11-30', flight_hours: '12500:00', flight_cycles: 10400 });
const engine = (registration: string, serial_number: string, position?: string) => ({ registration, part_number: 'PW127M', serial_number, part_name: 'Engine, PW127M', component_class: 'ENGINE', position, tsn: '10000:00', csn: 9000 });

beforeAll(async () => {
  ({ t, base, browser } = await startBrowserApp());
  const a = await t.signIn('admin', 'admin123');
  if (a.user.compcode !== 'CTA') expect((await t.call('PUT', `/api/users/ulc/${a.user.user_id}`, { token: a.token, body: { compcode: 'CTA' } })).status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('a fleet migrated from spreadsheets', () => {
  it('the template, a preview with the problem at its cell, then the clean aircraft imported', async () => {
    const bad = await workbook('fleet-bad.xlsx', { Aircraft: [aircraft('PK-MIA'), aircraft('PK-MIB')], Components: [engine('PK-MIA', 'MIG-E1', '1'), engine('PK-MIB', 'MIG-E3')] });
    const clean = await workbook('fleet-clean.xlsx', {
      Aircraft: [aircraft('PK-MIA')],
      Components: [engine('PK-MIA', 'MIG-E1', '1')],
      Tasks: [{ registration: 'PK-MIA', task_code: 'ATR-A1', last_done_date: '2026-10-01', last_done_fh: '12000:00', last_done_fc: 10000 }],
    });
    const admin = await signedInPage(browser, base, 'admin', 'admin123');
    await admin.goto(`${base}/aircraft-maintenance/fleet-list`);
    await admin.getByRole('button', { name: 'Import Spreadsheets', exact: true }).click();
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.locator('[data-testid="file-action-template"]').click()]);
    expect(download.suggestedFilename()).toBe('fleet-migration-template.xlsx');

    await admin.locator('[data-testid="file-action-input"]').setInputFiles(bad);
    await admin.locator('[data-testid="file-action-preview"]').click();
    const preview = admin.locator('[data-testid="file-action-result"]');
    await preview.waitFor();
    const text = await preview.innerText();
    expect(text).toContain('Nothing was imported: 1 problem');
    expect(text).toContain('Components!F4');
    expect(text).toContain('PK-MIB: P/N PW127M S/N MIG-E3');
    expect(await admin.locator('[data-testid="file-action-run"]').isDisabled()).toBe(true);
    await admin.screenshot({ path: join(shots, 'fleet-sheets-preview.png') });

    await admin.locator('[data-testid="file-action-input"]').setInputFiles(clean);
    await admin.locator('[data-testid="file-action-preview"]').click();
    await admin.getByText('Dry run: 1 aircraft would be imported').waitFor();
    await admin.locator('[data-testid="file-action-run"]').click();
    await admin.locator('[data-testid="action-result"]').waitFor();
    expect(await admin.locator('[data-testid="action-result"]').innerText()).toContain('1 aircraft imported');
    await admin.screenshot({ path: join(shots, 'fleet-sheets-imported.png') });
    const mia = await sqlOne(t, `select count(*) as n from aircraft where compcode = 'CTA' and registration = 'PK-MIA'`);
    expect(Number(mia.n)).toBe(1);
  });
});
