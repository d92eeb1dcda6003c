/**
 * A planner defers one card and carries another in the browser (issue 38 point 3, decision 0355),
 * then the Technical Director issues the CRS with both listed (real Chromium, real server, demo
 * data). PK-WFD's work order has three cards: the taxi light (deferred under a new defect of MEL
 * category C, rectify by today + 10: 10 days, the day of discovery excluded), the seat track
 * covers (carried to the next A check, a draft of the same aircraft) and the oil servicing
 * (signed by the engineer). The planner types the deferral and the carry on the order's lines,
 * saves, and runs Defer and Carry on Task Cards; the CRS PDF (pdftotext) lists both.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from '../helpers/app.ts';
import { cellText, sign, signedInPage, useBrowserApp } from '../helpers/browser.ts';
import { passwordOnlySignatures, signed } from '../helpers/signature.ts';
import { DEMO_PASSWORD, expectOk, signedInAt, sqlOne } from '../../server/test/support.ts';
import { addDays, todayUtc } from '../../plugins/airworthiness/rules/dates.ts';

const shots = join(process.cwd(), '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

let t: TestApp, base: string, browser: Browser;
useBrowserApp((app) => ({ t, base, browser } = app));
beforeAll(() => passwordOnlySignatures(t, 'CTA'));
type Row = Record<string, any>;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const today = todayUtc();

/** A demo user signed in and working in Citra Aviation; the token. */
const tokenOf = async (username: string): Promise<string> => (await signedInAt(t, username, 'CTA')).token;

/** Runs a form or list action: the button, OK in its confirmation (or the signer's password); returns the answer (200). */
async function act(page: Page, label: string): Promise<Row> {
  await page.getByRole('button', { name: label, exact: true }).click();
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/data\/[a-z_]+\/action\//.test(new URL(r.url()).pathname)),
    label === 'Issue CRS' ? sign(page, { password: DEMO_PASSWORD }) : page.locator('.modal').getByRole('button', { name: 'OK', exact: true }).click(),
  ]);
  const body = await res.json();
  expect(res.status(), `${label}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

/** The text of the previewed PDF in reading order (pdftotext -raw: a table cell's words stay together), a number broken at its hyphen joined. */
async function pdfRaw(src: string): Promise<string> {
  const res = await fetch(new URL(src, base));
  expect(res.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'aero-pdf-'));
  writeFileSync(join(dir, 'doc.pdf'), Buffer.from(await res.arrayBuffer()));
  return execFileSync('pdftotext', ['-raw', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').replace(/- (?=\d)/g, '-');
}

async function choose(page: Page, field: string, text: string): Promise<void> {
  await page.locator(field).click();
  const dialog = page.getByTestId('lookup-dialog');
  await dialog.locator('tbody tr', { hasText: text }).first().click();
  await dialog.waitFor({ state: 'detached' });
}

describe('deferring and carrying cards in the browser', () => {
  it('the planner defers one card and carries another; the CRS is issued with both listed', async () => {
    const planner = await tokenOf('planner');
    const director = await tokenOf('approver');
    const engineer = await tokenOf('engineer');
    const ac = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
    const catC = await one(`select description from mel_category where compcode = 'CTA' and category = 'C'`);
    const cards = [
      { seq: 1, task_source: 'ADHOC', task_code: 'AMM 33-42-00', description: 'Taxi light replacement', cert_category: 'B1' },
      { seq: 2, task_source: 'ADHOC', task_code: 'AMM 25-21-00', description: 'Seat track cover panels', cert_category: 'B1' },
      { seq: 3, task_source: 'ADHOC', task_code: 'AMM 12-13-79', description: 'Engine oil servicing', cert_category: 'B1' },
    ];
    const wo = expectOk(await t.call('POST', '/api/data/work_order', { token: planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Weekly check', tasks: cards } })).data;
    const next = expectOk(await t.call('POST', '/api/data/work_order', { token: planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Next A check', tasks: [{ seq: 1, task_source: 'ADHOC', description: 'A check' }] } })).data;
    expectOk(await t.call('POST', '/api/data/work_order/action/send_work_order', { token: planner, body: { key: wo.wo_id } }));
    const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
    expectOk(await t.call('POST', '/api/tasktodo/doaction', { token: director, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Approved' } }));
    const oil = await one(`select wo_task_id from work_order_task where work_order = ${wo.wo_id} and seq = 3`);
    for (const s of ['performed', 'certified']) expectOk(await t.call('POST', `/api/data/work_order_task/action/sign_card_${s}`, { token: engineer, body: signed(t, 'work_order_task', `sign_card_${s}`, { key: oil.wo_task_id }) }));
    await t.services.database.db.updateTable('users').set({ last_compcode: 'CTA' }).where('username', 'in', ['planner', 'approver']).execute();

    // 1. the planner types the deferral (reason, MEL category C, item) and the carry (next order, reason) on the lines
    const page = await signedInPage(browser, base, 'planner', DEMO_PASSWORD, { width: 1600, height: 900 });
    await page.goto(`${base}/aircraft-maintenance/work-order-frm/${wo.wo_id}`);
    await page.locator('#root_tasks_0_deferral_reason').waitFor();
    await page.fill('#root_tasks_0_deferral_reason', 'Lamp assembly not in the line store');
    await choose(page, '#root_tasks_0_defer_mel_category', String(catC.description));
    await page.fill('#root_tasks_0_defer_mel_item', '33-42-01');
    await choose(page, '#root_tasks_1_carry_target', String(next.wo_no));
    await page.fill('#root_tasks_1_carry_reason', 'Cover panels not delivered');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/data/work_order/${wo.wo_id}`),
      page.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(200);

    // 2. on Task Cards: Defer the taxi light, Carry the seat track covers
    await page.goto(`${base}/aircraft-maintenance/work-order-task-card/${wo.wo_id}`);
    const row = (code: string) => page.locator('table.data-table tbody tr', { hasText: code }).first();
    await row('AMM 33-42-00').waitFor();
    await row('AMM 33-42-00').locator('input[type="radio"]').check();
    const deferred = await act(page, 'Defer');
    expect(deferred.message).toMatch(new RegExp(`^Task card 1 of ${String(wo.wo_no)} deferred under DEF-\\d{4}-\\d{5}, to be rectified by ${addDays(today, 10)}\\.$`));
    await row('AMM 25-21-00').locator('input[type="radio"]').check();
    const carried = await act(page, 'Carry');
    expect(carried.message).toBe(`Task card 2 of ${String(wo.wo_no)} carried to ${String(next.wo_no)} as card 2.`);
    await expect.poll(() => cellText(page, 'AMM 25-21-00', 'Carried To')).toBe(String(next.wo_no));
    expect(await cellText(page, 'AMM 33-42-00', 'Deferred Under')).toBe(String(deferred.defect_no));
    await page.screenshot({ path: join(shots, 'defer-carry-task-cards.png') });

    // 3. the Technical Director issues the CRS; its PDF lists the deferred and the carried card
    const td = await signedInPage(browser, base, 'approver', DEMO_PASSWORD);
    await td.goto(`${base}/aircraft-maintenance/work-order-frm/${wo.wo_id}`);
    const crs = await act(td, 'Issue CRS');
    expect(crs.message).toMatch(new RegExp(`^CRS-${String(wo.wo_no)} issued for ${String(wo.wo_no)} by Hendra Gunawan \\(CTA-C-0002\\)`));
    await td.reload();
    await td.getByRole('button', { name: 'Print ▾' }).click();
    await td.getByRole('menuitem', { name: 'Certificate of Release to Service' }).click();
    const frame = td.locator('[data-testid="pdf-preview"]');
    await frame.waitFor();
    const text = await pdfRaw((await frame.getAttribute('src')) ?? '');
    for (const expected of [`CRS-${String(wo.wo_no)}`, `deferred under ${String(deferred.defect_no)}`, 'MEL cat. C 33-42-01', `rectify by ${addDays(today, 10)}`, `carried to ${String(next.wo_no)}`, 'Cover panels not delivered', 'AMM 12-13-79']) expect(text).toContain(expected);
    await td.screenshot({ path: join(shots, 'defer-carry-crs.png') });
    for (const p of [page, td]) await p.context().close();
  });
});
