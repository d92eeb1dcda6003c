/**
 * A planner plans a work package from the due list in the browser (real Chromium, real server,
 * demo data): on PK-WFE's due list they tick the C-check ATR-C1 and the AD 2024-0123, Plan Work
 * Package (2), confirm, read the answer naming the new work order, and see it in the Planned In
 * column of both rows; the ticks are cleared. The answer reads in words: the work order by its number
 * ("Work order No."), no row id and no field name (issue 37 point 6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { cellText, pdfTextOf, sign, signedInPage, startBrowserApp } from '../helpers/browser.ts';
import { passwordOnlySignatures } from '../helpers/signature.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const shots = join(process.cwd(), '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

let t: TestApp;
let base: string;
let browser: Browser;

beforeAll(async () => {
  ({ t, base, browser } = await startBrowserApp());
  // this suite signs a card several times a minute: the company signs with the password only (signatures.test.ts signs with codes)
  await passwordOnlySignatures(t, 'CTA');
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const db = () => t.services.database.db;

const signedIn = (): Promise<Page> => signedInPage(browser, base, 'planner', 'demo1234');
const cell = cellText;

let planned: { wo_id: number; wo_no: string; aircraft_id: number } | null = null;

describe('a planner plans a work package from the due list', () => {
  it('ticks two due items, plans them, and sees the work order in Planned In', async () => {
    const wfe = await db().selectFrom('aircraft').select(['aircraft_id']).where('registration', '=', 'PK-WFE').where('compcode', '=', 'CTA').executeTakeFirstOrThrow();
    const page = await signedInPage(browser, base, 'planner', 'demo1234', { width: 1400, height: 900 });
    await page.goto(`${base}/aircraft-maintenance/due-list/${wfe.aircraft_id}`);
    const plan = page.getByRole('button', { name: /^Plan Work Package/ });
    await plan.waitFor();
    expect(await plan.isDisabled()).toBe(true); // nothing ticked yet
    // the due forecast chart above the list (chart.js, loaded with this screen only): drawn on a canvas
    const chart = page.locator('[data-testid="list-chart"] canvas');
    await chart.waitFor();
    const box = await chart.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(400);
    expect(box?.height ?? 0).toBeGreaterThan(100);
    await page.locator('[data-testid="list-chart"]').screenshot({ path: join(shots, 'due-forecast-chart.png') });
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
    planned = { wo_id: Number(wo.wo_id), wo_no: String(wo.wo_no), aircraft_id: Number(wfe.aircraft_id) };
    await page.getByRole('link', { name: 'Open Work Order' }).first().waitFor();
    // the answer in a reader's words (issue 37 point 6): the work order by its number, no row id, no field names
    const answer = page.locator('[data-testid="action-result"]');
    expect(await answer.locator('dt').allTextContents()).toEqual(['Work order No.', 'Cards']);
    expect(await answer.locator('dd').allTextContents()).toEqual([String(wo.wo_no), '2']);
    const answerText = (await answer.textContent()) ?? '';
    for (const internal of ['Wo id', 'Wo no', 'wo_id', 'wo_no']) expect(answerText).not.toContain(internal);
    await answer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'work-package-planned-answer.png') });
    // the list reloaded: both rows show where they are planned; nothing is ticked any more
    await page.locator('table.data-table tbody tr', { hasText: 'ATR-C1' }).first().getByText(String(wo.wo_no)).waitFor();
    expect(await cell(page, 'ATR-C1', 'Planned In')).toBe(String(wo.wo_no));
    expect(await cell(page, 'AD 2024-0123', 'Planned In')).toBe(String(wo.wo_no));
    expect(await page.locator('table.data-table tbody input[type="checkbox"]:checked').count()).toBe(0);
    expect(await plan.isDisabled()).toBe(true);
  });

  it('the order is approved, the engineer signs the cards, the inspector the RII card, the Technical Director issues the CRS; the due list moves and the CRS prints', async () => {
    expect(planned, 'the work order of the first test').not.toBeNull();
    const { wo_id, wo_no, aircraft_id } = planned!;
    // the certifying staff last worked in CTA (their authorisations are CTA's)
    await db().updateTable('users').set({ last_compcode: 'CTA' }).where('username', 'in', ['engineer', 'inspector', 'approver']).execute();

    // 1. the planner marks the C-check card as a required inspection item, saves, sends the order
    const planner = await signedIn();
    await planner.goto(`${base}/aircraft-maintenance/work-order-frm/${wo_id}`);
    await planner.getByRole('button', { name: 'Send to Workflow', exact: true }).waitFor();
    expect(await planner.locator('#root_tasks_0_task_code').inputValue()).toBe('ATR-C1');
    await planner.getByLabel('Required Inspection (RII) (line 1)').check();
    const [saved] = await Promise.all([
      planner.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/data/work_order/${wo_id}`),
      planner.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(200);
    const cCheck = await db().selectFrom('work_order_task').select(['rii']).where('work_order', '=', wo_id).where('task_code', '=', 'ATR-C1').executeTakeFirstOrThrow();
    expect(cCheck.rii).toBe(true);
    await planner.goto(`${base}/aircraft-maintenance/work-order-frm/${wo_id}`);
    await act(planner, 'Send to Workflow');
    await planner.getByText(/sent/i).first().waitFor();

    // 2. the Technical Director approves it from his approval list: it is released for work
    const director = await signedInPage(browser, base, 'approver', 'demo1234');
    await director.goto(`${base}/approval-list`);
    const mine = director.locator('[data-testid="my-pending"] tbody tr', { hasText: wo_no });
    await mine.waitFor();
    await mine.click();
    await director.waitForURL(/\/approval-form\/\d+\/\d+$/);
    // a work order has no budget: no budget buttons; its status in words, not "100 ON PROCESS" (issue 37 point 6)
    await director.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    await director.locator('.pill.status-100').waitFor();
    expect(await director.locator('.pill.status-100').textContent()).toBe('On process');
    expect(await director.getByRole('button', { name: 'View Budget' }).count()).toBe(0);
    expect(await director.getByRole('button', { name: 'View Project/Production Budget' }).count()).toBe(0);
    await director.screenshot({ path: join(shots, 'work-order-approval-no-budget.png') });
    await director.locator('#appr-comment').fill('C-check package approved for Halim hangar.');
    await director.getByRole('button', { name: 'Approve', exact: true }).click();
    await director.getByText('APPROVED saved').first().waitFor();
    await expect.poll(async () => (await db().selectFrom('work_order').select('wo_status').where('wo_id', '=', wo_id).executeTakeFirstOrThrow()).wo_status).toBe('RELEASED');

    // 3. the engineer (B1 ATR 72-600) signs each card as performed and certifies it
    const engineer = await signedInPage(browser, base, 'engineer', 'demo1234');
    await engineer.goto(`${base}/aircraft-maintenance/work-order-task-card/${wo_id}`);
    for (const code of ['ATR-C1', 'AD 2024-0123']) {
      const row = engineer.locator('table.data-table tbody tr', { hasText: code }).first();
      await row.waitFor();
      for (const [label, status] of [['Sign Performed', 'Performed'], ['Certify', null]] as const) {
        await row.locator('input[type="radio"]').check();
        await act(engineer, label);
        if (status) await expect.poll(() => cell(engineer, code, 'Status')).toMatch(new RegExp(status, 'i'));
      }
    }
    expect(await cell(engineer, 'ATR-C1', 'Certified Under')).toBe('CTA-B1-0107');
    // the C-check is an RII item: certified, but not done until inspected
    expect(await cell(engineer, 'ATR-C1', 'Status')).not.toMatch(/^Done/);

    // 4. the inspector signs the independent inspection of the RII card
    const inspector = await signedInPage(browser, base, 'inspector', 'demo1234');
    await inspector.goto(`${base}/aircraft-maintenance/work-order-task-card/${wo_id}`);
    const rii = inspector.locator('table.data-table tbody tr', { hasText: 'ATR-C1' }).first();
    await rii.waitFor();
    await rii.locator('input[type="radio"]').check();
    await act(inspector, 'Sign Inspection (RII)');
    await expect.poll(() => cell(inspector, 'ATR-C1', 'Status')).toMatch(/^Done/);

    // 5. the Technical Director (C, CTA-C-0002) issues the CRS from the work order
    await director.goto(`${base}/aircraft-maintenance/work-order-frm/${wo_id}`);
    const crs = await act(director, 'Issue CRS');
    expect(crs.message).toMatch(new RegExp(`^CRS-${wo_no} issued for ${wo_no} by Hendra Gunawan \\(CTA-C-0002\\)`));

    // 6. the due list: the C-check and the AD are done today and no longer planned; the C-check is
    //    next due 24 months on (whichever first of 8,000 FH and 24 months: the months come first at
    //    this utilisation), from today's accomplishment
    const today = new Date().toISOString().slice(0, 10);
    await director.goto(`${base}/aircraft-maintenance/due-list/${aircraft_id}`);
    const item = await db().selectFrom('due_item').select(['next_due_date', 'last_done_date', 'planned_wo']).where('aircraft', '=', aircraft_id).where('item_code', '=', 'ATR-C1').executeTakeFirstOrThrow();
    expect(String(item.last_done_date).slice(0, 10)).toBe(today);
    expect(item.planned_wo).toBeNull();
    const shown = (iso: string) => `${iso.slice(8, 10)} ${new Date(`${iso}T00:00:00Z`).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${iso.slice(0, 4)}`;
    await expect.poll(() => cell(director, 'ATR-C1', 'Last Done')).toBe(shown(today));
    expect(await cell(director, 'ATR-C1', 'Planned In')).toBe('');
    const inTwoYears = `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`;
    expect(String(item.next_due_date).slice(0, 10) <= inTwoYears).toBe(true);
    expect(await cell(director, 'ATR-C1', 'Next Due Date')).toBe(shown(String(item.next_due_date).slice(0, 10)));
    expect(await cell(director, 'AD 2024-0123', 'Planned In')).toBe('');

    // 7. the certificate prints from the work order (Print ▾): name and authorisation on the PDF
    await director.goto(`${base}/aircraft-maintenance/work-order-frm/${wo_id}`);
    await director.getByRole('button', { name: 'Print ▾' }).click();
    await director.getByRole('menuitem', { name: 'Certificate of Release to Service' }).click();
    const frame = director.locator('[data-testid="pdf-preview"]');
    await frame.waitFor();
    const text = await pdfText(base, (await frame.getAttribute('src')) ?? '');
    for (const expected of [`CRS-${wo_no}`, 'PK-WFE', 'Hendra Gunawan (CTA-C-0002)', 'Authorisation No. CTA-C-0002', 'ATR-C1', 'is considered ready for release to service']) expect(text).toContain(expected);
    await director.screenshot({ path: join(shots, 'crs-print-preview.png') });

    // 8. the seals (decision 0305): the CRS carries its short form; an auditor's Verify on the
    //    order says intact, each card's signatures and the CRS listed; a card changed behind the
    //    application's back is named
    const seal = await db().selectFrom('sys_seal').select('content_hash').where('entity', '=', 'work_order').where('record_key', '=', String(wo_id)).where('kind', '=', 'crs').executeTakeFirstOrThrow();
    expect(text.replace(/\s+/g, ' ')).toContain(`Certificate of Release to Service: ${seal.content_hash.slice(0, 12)}`);
    await planner.goto(`${base}/aircraft-maintenance/work-order-frm/${wo_id}`);
    await planner.getByTestId('verify-button').click();
    const verdict = planner.getByTestId('verify-verdict');
    await verdict.waitFor();
    expect(await verdict.innerText()).toBe('Every signature is intact: what was signed has not changed since.');
    const rows = planner.locator('[data-testid="verify-seals"] tbody tr');
    // two cards performed and certified, the RII inspected, the CRS
    expect(await rows.count()).toBe(6);
    expect(await planner.locator('[data-testid="verify-seals"] tbody tr[data-status="intact"]').count()).toBe(6);
    expect(await rows.filter({ hasText: 'Certificate of Release to Service' }).innerText()).toContain(seal.content_hash.slice(0, 12));
    await planner.screenshot({ path: join(shots, 'verify-intact.png') });
    await planner.keyboard.press('Escape');
    await db().updateTable('work_order_task').set({ description: 'Changed after signing' }).where('work_order', '=', wo_id).where('task_code', '=', 'ATR-C1').execute();
    await planner.getByTestId('verify-button').click();
    await verdict.waitFor();
    expect(await verdict.innerText()).toBe('A signed record has changed since it was signed.');
    const changed = planner.locator('[data-testid="verify-seals"] tbody tr[data-status="changed"]');
    // the C-check's three signatures and the CRS
    expect(await changed.count()).toBe(4);
    expect(await changed.first().innerText()).toContain('Changed after signing');
    await planner.screenshot({ path: join(shots, 'verify-changed.png') });
    for (const p of [planner, director, engineer, inspector]) await p.context().close();
  });
});

/** Runs a form or list action: the button, OK in its confirmation; returns the answer (200). */
async function act(page: Page, label: string): Promise<Record<string, any>> {
  await page.getByRole('button', { name: label, exact: true }).click();
  // the sign-off actions are signatures: the signer's password (Citra Aviation signs with the password only here, beforeAll)
  const signature = ['Sign Performed', 'Certify', 'Sign Inspection (RII)', 'Issue CRS'].includes(label);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/data\/[a-z_]+\/action\//.test(new URL(r.url()).pathname)),
    signature ? sign(page, { password: 'demo1234' }) : page.locator('.modal').getByRole('button', { name: 'OK', exact: true }).click(),
  ]);
  const body = await res.json();
  expect(res.status(), `${label}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

const pdfText = pdfTextOf;
