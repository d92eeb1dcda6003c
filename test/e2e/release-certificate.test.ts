/**
 * A part's release in the browser (issue 36 point 4, decision 0385): the demo engineer (Dewi
 * Lestari, GAT-C-0314) opens the demo's draft EASA Form 1 of Citra Aviation's PK-WFB brake assembly
 * (S/N BRK-20417), Sign Release shows what is signed (the blocks, the authorisation), she signs
 * with password and code, and Print ▾ previews the form; its blocks read back by pdftotext.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from '../helpers/app.ts';
import { pdfTextOf, runAction, signedInPage, startBrowserApp } from '../helpers/browser.ts';
import { codeOf } from '../helpers/signature.ts';
import { DEMO_PASSWORD, sqlOne } from '../../server/test/support.ts';
import { todayUtc } from '../../plugins/airworthiness/rules/dates.ts';

const shots = join(process.cwd(), '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

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

describe('a release certificate in the browser', () => {
  it('the certifier signs the Form 1 after its preview, with password and code, and prints it', async () => {
    const demo = await sqlOne(t, `select release_cert_id, tracking_no from release_certificate where compcode = 'GAT' and serial_no = 'BRK-20417'`);
    const page = await signedInPage(browser, base, 'engineer', DEMO_PASSWORD);
    await page.goto(`${base}/aircraft-mro/release-certificate-form/${String(demo.release_cert_id)}`);
    await page.getByRole('button', { name: 'Sign Release', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('GAT-C-0314 v1').waitFor();
    for (const s of [String(demo.tracking_no), '3214552-3', 'BRK-20417', 'Repaired', 'Garuda Aero Technics · approval 145/0012']) await dialog.getByText(s, { exact: false }).first().waitFor();
    await page.screenshot({ path: join(shots, 'release-certificate-sign.png') });
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    const signed = await runAction(page, 'Sign Release', { signer: { password: DEMO_PASSWORD, otp: () => codeOf('engineer') } });
    expect(signed.message).toBe(`${String(demo.tracking_no)} signed by Dewi Lestari under GAT-C-0314: 3214552-3 s/n BRK-20417 released.`);

    await page.goto(page.url());
    await page.getByRole('button', { name: 'Print ▾' }).click();
    await page.getByRole('menuitem', { name: 'Authorised Release Certificate (EASA Form 1 / FAA 8130-3)', exact: true }).click();
    const frame = page.locator('[data-testid="pdf-preview"]');
    await frame.waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(shots, 'release-certificate-pdf.png') });
    const text = await pdfTextOf(base, (await frame.getAttribute('src')) ?? '');
    for (const s of ['AUTHORISED RELEASE CERTIFICATE', '3. Form Tracking Number', String(demo.tracking_no), 'DGCA Indonesia', 'AWO-2026-00001', '3214552-3', 'BRK-20417', 'Repaired', 'Part-145.A.50 Release to Service', 'Dewi Lestari', 'GAT-C-0314', '145/0012', todayUtc()]) expect(text, s).toContain(s);
  });
});
