/**
 * Actions that ask before they run, in the browser (issue 34 point 4; decisions 0315, 0221, 0317):
 * Re-certify Card on a signed card of a released order opens a dialog asking the reason (required
 * at the field: refused in the dialog, nothing sent) and what the correction changes; a day in the
 * future is refused by the server at its field; with the reason the correction order is made, its
 * card superseding the old one with the reason typed. Amend on an approved order asks the reason,
 * the card and its new values; the card is amended and the order goes back for approval with the
 * reason in its history.
 *
 * The company signs with the password only here: the gate is signatures.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from '../helpers/app.ts';
import { signedInPage, startBrowserApp } from '../helpers/browser.ts';
import { passwordOnlySignatures } from '../helpers/signature.ts';
import { DEMO_PASSWORD, expectOk, sqlOne } from '../../server/test/support.ts';
import { addDays, todayUtc } from '../../plugins/airworthiness/rules/dates.ts';

const shots = join(process.cwd(), '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

let t: TestApp;
let base: string;
let browser: Browser;
type Row = Record<string, any>;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const tok: Record<string, string> = {};
const today = todayUtc();

async function tokenOf(username: string): Promise<string> {
  const s = await t.signIn(username, DEMO_PASSWORD);
  if (s.user.compcode !== 'CTA') expectOk(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  return s.token;
}

/** A work order of PK-WFD with one B1 card, sent by the planner and approved by the Technical Director: released for work. */
async function releasedOrder(title: string, code: string): Promise<{ wo: Row; card: number }> {
  const ac = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
  const wo = expectOk(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title, tasks: [{ seq: 1, task_source: 'ADHOC', task_code: code, description: `${title}: the work`, cert_category: 'B1' }] } })).data;
  expectOk(await t.call('POST', '/api/data/work_order/action/send_work_order', { token: tok.planner, body: { key: wo.wo_id } }));
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
  expectOk(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Approved' } }));
  const { wo_task_id } = await one(`select wo_task_id from work_order_task where work_order = ${wo.wo_id}`);
  return { wo, card: Number(wo_task_id) };
}

/** Counts the action requests the page sends (a refusal in the dialog sends none). */
function actionRequests(page: Page, name: string): { count: number } {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith(`/action/${name}`)) seen.count++;
  });
  return seen;
}

const answerOf = (page: Page, name: string) => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/action/${name}`));

beforeAll(async () => {
  ({ t, base, browser } = await startBrowserApp());
  await passwordOnlySignatures(t, 'CTA');
  for (const u of ['planner', 'approver', 'engineer']) tok[u] = await tokenOf(u);
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('actions asking before they run', () => {
  it('Re-certify Card asks the reason (required at the field) and what the correction changes; the correction supersedes with that reason', async () => {
    // a card signed and released to service
    const { wo, card } = await releasedOrder('Wheel change', 'AMM 32-41-11');
    for (const a of ['sign_card_performed', 'sign_card_certified']) expectOk(await t.call('POST', `/api/data/work_order_task/action/${a}`, { token: tok.engineer, body: { key: card, password: DEMO_PASSWORD } }));
    expectOk(await t.call('POST', '/api/data/work_order/action/issue_crs', { token: tok.approver, body: { key: wo.wo_id, password: DEMO_PASSWORD } }));

    const page = await signedInPage(browser, base, 'planner', DEMO_PASSWORD);
    const sent = actionRequests(page, 'recertify_task_card');
    await page.goto(`${base}/aircraft-maintenance/work-order-task-card/${wo.wo_id}`);
    const row = page.locator('table.data-table tbody tr', { hasText: 'AMM 32-41-11' }).first();
    await row.locator('input[type="radio"]').check();
    await page.getByRole('button', { name: 'Re-certify Card', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('textarea[name="reason"]').waitFor();
    // OK without the reason: refused at the field, nothing sent
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await dialog.locator('#action-input-reason-error').waitFor();
    expect(await dialog.locator('#action-input-reason-error').innerText()).toBe('is required');
    expect(sent.count).toBe(0);
    await page.screenshot({ path: join(shots, 'recertify-reason-required.png') });
    // a day of accomplishment in the future: the server refuses it at its field, nothing made
    const orders = async () => (await one(`select count(*)::int as n from work_order`)).n;
    const before = await orders();
    const reason = 'Recorded with the wrong task card: the wheel change was AMM 32-41-12';
    await dialog.locator('textarea[name="reason"]').fill(reason);
    await dialog.locator('input[name="task_code"]').fill('AMM 32-41-12');
    const future = addDays(today, 2);
    await dialog.locator('input[name="done_date"]').fill(future);
    await dialog.locator('input[name="done_date"]').press('Tab');
    const [refused] = await Promise.all([answerOf(page, 'recertify_task_card'), dialog.getByRole('button', { name: 'OK', exact: true }).click()]);
    expect(refused.status()).toBe(400);
    await dialog.locator('#action-input-done_date-error').waitFor();
    expect(await dialog.locator('#action-input-done_date-error').innerText()).toBe('the work cannot be accomplished in the future');
    expect(await orders()).toBe(before);
    // the day emptied (the old card's), OK: the correction order is made with the reason
    await dialog.locator('input[name="done_date"]').fill('');
    await dialog.locator('input[name="done_date"]').press('Tab');
    const [made] = await Promise.all([answerOf(page, 'recertify_task_card'), dialog.getByRole('button', { name: 'OK', exact: true }).click()]);
    const body = await made.json();
    expect(made.status(), JSON.stringify(body)).toBe(200);
    await page.locator('[data-testid="action-result"]').filter({ hasText: String(body.message) }).first().waitFor();
    await page.screenshot({ path: join(shots, 'recertify-made.png') });
    const correction = await one(`select w.wo_no, w.corrects, c.supersedes, c.correction_reason, c.task_code, c.done_date from work_order w join work_order_task c on c.work_order = w.wo_id where w.wo_id = ${Number(body.wo_id)}`);
    expect(correction).toMatchObject({ corrects: wo.wo_id, supersedes: card, correction_reason: reason, task_code: 'AMM 32-41-12' });
    expect(body.message).toBe(`${String(correction.wo_no)} made to re-certify card 1 of ${String(wo.wo_no)}: send it for approval, sign its card and issue its CRS; card 1 of ${String(wo.wo_no)} is then superseded.`);
    await page.context().close();
  });

  it('Amend asks the reason, the card and its new values; the card is amended and the order goes back for approval', async () => {
    const { wo, card } = await releasedOrder('Avionics check', 'AMM 34-11-00');
    const page = await signedInPage(browser, base, 'planner', DEMO_PASSWORD);
    const sent = actionRequests(page, 'amend_work_order');
    await page.goto(`${base}/aircraft-maintenance/work-order-frm/${wo.wo_id}`);
    await page.getByRole('button', { name: 'Amend', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('select[name="card"]').waitFor();
    // the order's cards offered by their number, task and text
    expect(await dialog.locator('select[name="card"] option').allInnerTexts()).toEqual(['Choose…', '1 · AMM 34-11-00 · Avionics check: the work']);
    // neither the reason nor the card: both refused at their fields, nothing sent
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await dialog.locator('#action-input-reason-error').waitFor();
    expect(await dialog.locator('#action-input-card-error').innerText()).toBe('is required');
    expect(sent.count).toBe(0);
    const reason = 'Task re-assessed: avionics, B2';
    await dialog.locator('textarea[name="reason"]').fill(reason);
    await dialog.locator('select[name="card"]').selectOption(String(card));
    await dialog.locator('select[name="cert_category"]').selectOption('B2');
    await page.screenshot({ path: join(shots, 'amend-dialog.png') });
    const [answer] = await Promise.all([answerOf(page, 'amend_work_order'), dialog.getByRole('button', { name: 'OK', exact: true }).click()]);
    const body = await answer.json();
    expect(answer.status(), JSON.stringify(body)).toBe(200);
    expect(body.message).toBe(`${String(wo.wo_no)} amended (card 1 Certifying Category B1 → B2) and back to draft: send it for approval again.`);
    expect(sent.count).toBe(1);
    expect(await one(`select cert_category from work_order_task where wo_task_id = ${card}`)).toEqual({ cert_category: 'B2' });
    expect(await one(`select statuswf, wo_status from work_order where wo_id = ${wo.wo_id}`)).toEqual({ statuswf: '000', wo_status: 'DRAFT' });
    const audit = await one(`select username, changes from sys_audit where entity = 'work_order' and record_key = '${String(wo.wo_id)}' and changes like '%amended%' order by id desc limit 1`);
    expect(audit.username).toBe('planner');
    expect(audit.changes).toContain(reason);
    await page.context().close();
  });
});
