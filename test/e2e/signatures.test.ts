/**
 * Signing is an act of the signer, in the browser (issue 34; decisions 0300, 0301): a new engineer
 * enrols an authenticator on User Profile (password, QR code and secret, a code), signs a task card
 * as performed in the signature dialog, which shows what is signed, with password and code (a wrong
 * code refused, the card unchanged); the demo engineer certifies it; the Technical Director issues
 * the CRS from the work order the same way, with his own code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from '../helpers/app.ts';
import { pdfTextOf, sign, signedInPage, startBrowserApp } from '../helpers/browser.ts';
import { codeOf } from '../helpers/signature.ts';
import { currentCode } from '../../engine/src/auth/totp.ts';
import { createUser, DEMO_PASSWORD, expectOk, sqlOne } from '../../server/test/support.ts';
import { todayUtc } from '../../plugins/airworthiness/rules/dates.ts';

const shots = join(process.cwd(), '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

let t: TestApp;
let base: string;
let browser: Browser;
type Row = Record<string, any>;
const one = (q: string): Promise<Row> => sqlOne(t, q);

async function tokenOf(username: string): Promise<string> {
  const s = await t.signIn(username, DEMO_PASSWORD);
  if (s.user.compcode !== 'CTA') expectOk(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  return s.token;
}

/** Waits for the answer of the action the dialog sends. */
const actionAnswer = (page: Page) => page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/data\/[a-z_]+\/action\//.test(new URL(r.url()).pathname));

beforeAll(async () => {
  ({ t, base, browser } = await startBrowserApp());
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('signatures in the browser', () => {
  it('an engineer enrols, signs a card with password and code (a wrong code refused); the certifier issues the CRS the same way', async () => {
    // a released work order of PK-WFD with one B1 card (planner, approved by the Technical Director)
    const planner = await tokenOf('planner');
    const director = await tokenOf('approver');
    const ac = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
    const wo = expectOk(await t.call('POST', '/api/data/work_order', { token: planner, body: { wo_date: todayUtc(), aircraft: ac.aircraft_id, title: 'Signature walk', tasks: [{ seq: 1, task_source: 'ADHOC', task_code: 'AMM 12-13-79', description: 'Engine oil servicing, both engines', cert_category: 'B1' }] } })).data;
    expectOk(await t.call('POST', '/api/data/work_order/action/send_work_order', { token: planner, body: { key: wo.wo_id } }));
    const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
    expectOk(await t.call('POST', '/api/tasktodo/doaction', { token: director, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Approved' } }));
    const card = await one(`select wo_task_id from work_order_task where work_order = ${wo.wo_id}`);

    // 1. enrolment on User Profile → Account
    await createUser(t, { username: 'e2e.signer', full_name: 'Rina Signer', companies: { CTA: 'engineer' } });
    const page = await signedInPage(browser, base, 'e2e.signer', DEMO_PASSWORD);
    await page.goto(`${base}/profile`);
    const section = page.locator('[data-testid="second-factor"]');
    await section.getByText('Your company requires it.').waitFor();
    await section.locator('input[name="enrol_password"]').fill(DEMO_PASSWORD);
    await section.getByRole('button', { name: 'Enrol an authenticator', exact: true }).click();
    await section.locator('[data-testid="second-factor-qr"]').waitFor();
    const secret = (await section.locator('[data-testid="second-factor-secret"]').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({ path: join(shots, 'second-factor-enrol.png') });
    await section.locator('input[name="otp"]').fill(currentCode(secret));
    await section.getByRole('button', { name: 'Confirm code', exact: true }).click();
    await section.locator('[data-testid="second-factor-enrolled"]').waitFor();
    // the secret is gone from the page and from every answer
    expect(await section.locator('[data-testid="second-factor-secret"]').count()).toBe(0);

    // 2. the signature dialog shows what is signed, then asks password and code
    await page.goto(`${base}/aircraft-maintenance/work-order-task-card/${wo.wo_id}`);
    const row = page.locator('table.data-table tbody tr', { hasText: 'AMM 12-13-79' }).first();
    await row.waitFor();
    await row.locator('input[type="radio"]').check();
    await page.getByRole('button', { name: 'Sign Performed', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const summary = dialog.locator('[data-testid="signed-summary"]');
    await summary.waitFor();
    for (const text of [String(wo.wo_no), 'AMM 12-13-79', 'Engine oil servicing, both engines']) await expect.poll(() => summary.innerText()).toContain(text);
    // the server's preview (decision 0316): the aircraft and the hours and cycles the signature will record, the signer
    for (const text of ['PK-WFD', `Hours and cycles recorded (end of ${todayUtc()})`, 'Rina Signer']) expect(await summary.innerText()).toContain(text);
    expect(await summary.innerText()).toMatch(/[\d,]+:\d{2} FH \/ [\d,]+ FC/);
    await dialog.locator('input[name="signer_otp"]').waitFor();
    await page.screenshot({ path: join(shots, 'signature-dialog.png') });
    // a wrong code: refused with the server's words, nothing signed
    const right = currentCode(secret, Date.now() + 30_000);
    await dialog.locator('input[name="signer_password"]').fill(DEMO_PASSWORD);
    await dialog.locator('input[name="signer_otp"]').fill(right === '123456' ? '654321' : '123456');
    const [refused] = await Promise.all([actionAnswer(page), dialog.getByRole('button', { name: 'Sign', exact: true }).click()]);
    expect(refused.status()).toBe(400);
    await page.getByText('The code is wrong or was already used').first().waitFor();
    expect((await one(`select performed_user from work_order_task where wo_task_id = ${card.wo_task_id}`)).performed_user).toBeNull();
    // the right code (the next step's: the enrolment spent this one)
    await row.locator('input[type="radio"]').check();
    await page.getByRole('button', { name: 'Sign Performed', exact: true }).click();
    const [signed] = await Promise.all([actionAnswer(page), sign(page, { password: DEMO_PASSWORD, otp: () => right })]);
    expect(signed.status(), JSON.stringify(await signed.json())).toBe(200);
    const signer = await one(`select user_id from users where username = 'e2e.signer'`);
    expect((await one(`select performed_user from work_order_task where wo_task_id = ${card.wo_task_id}`)).performed_user).toBe(signer.user_id);

    // 3. the demo engineer (B1) certifies it with his own code (through the API: the dialog is the same)
    expectOk(await t.call('POST', '/api/data/work_order_task/action/sign_card_certified', { token: await tokenOf('engineer'), body: { key: card.wo_task_id, password: DEMO_PASSWORD, otp: codeOf('engineer') } }));

    // 4. the Technical Director issues the CRS from the work order: the dialog, his password and code
    const td = await signedInPage(browser, base, 'approver', DEMO_PASSWORD);
    await td.goto(`${base}/aircraft-maintenance/work-order-frm/${wo.wo_id}`);
    await td.getByRole('button', { name: 'Issue CRS', exact: true }).click();
    await td.getByRole('dialog').locator('input[name="signer_otp"]').waitFor();
    // what is signed: the work order and its aircraft as the form shows them
    for (const text of [String(wo.wo_no), 'PK-WFD', 'Signature walk']) await expect.poll(() => td.getByRole('dialog').locator('[data-testid="signed-summary"]').innerText()).toContain(text);
    await td.screenshot({ path: join(shots, 'signature-dialog-crs.png') });
    const [crs] = await Promise.all([actionAnswer(td), sign(td, { password: DEMO_PASSWORD, otp: () => codeOf('approver') })]);
    const body = await crs.json();
    expect(crs.status(), JSON.stringify(body)).toBe(200);
    expect(body.message).toMatch(new RegExp(`^CRS-${String(wo.wo_no)} issued for ${String(wo.wo_no)} by Hendra Gunawan \\(CTA-C-0002\\)`));
    expect((await one(`select wo_status from work_order where wo_id = ${wo.wo_id}`)).wo_status).toBe('CRS');
    // the hours and cycles the dialog announced are the ones the card recorded
    const recorded = await one(`select ac_fh_done, ac_fc_done from work_order_task where wo_task_id = ${card.wo_task_id}`);
    expect(recorded.ac_fh_done).not.toBeNull();

    // 5. an auditor (the quality manager, who reads maintenance) opens Verify on the order: intact,
    //    the card performed and certified and the CRS listed with their short forms
    const auditor = await signedInPage(browser, base, 'quality', DEMO_PASSWORD);
    await auditor.goto(`${base}/aircraft-maintenance/work-order-frm/${wo.wo_id}`);
    await auditor.getByTestId('verify-button').click();
    const verdict = auditor.getByTestId('verify-verdict');
    await verdict.waitFor();
    expect(await verdict.innerText()).toBe('Every signature is intact: what was signed has not changed since.');
    const sealRows = auditor.locator('[data-testid="verify-seals"] tbody tr');
    expect(await sealRows.count()).toBe(3);
    expect(await auditor.locator('[data-testid="verify-seals"] tbody tr[data-status="intact"]').count()).toBe(3);
    const crsSeal = await one(`select content_hash from sys_seal where entity = 'work_order' and record_key = '${String(wo.wo_id)}' and kind = 'crs'`);
    expect(await sealRows.filter({ hasText: 'Certificate of Release to Service' }).innerText()).toContain(String(crsSeal.content_hash).slice(0, 12));
    await auditor.screenshot({ path: join(shots, 'verify-auditor-intact.png') });
    await auditor.keyboard.press('Escape');

    // 6. the CRS PDF carries the seal's short form and the verification line (read with pdftotext)
    await auditor.getByRole('button', { name: 'Print ▾' }).click();
    await auditor.getByRole('menuitem', { name: 'Certificate of Release to Service' }).click();
    const frame = auditor.locator('[data-testid="pdf-preview"]');
    await frame.waitFor();
    const pdf = (await pdfTextOf(base, (await frame.getAttribute('src')) ?? '')).replace(/\s+/g, ' ');
    expect(pdf).toContain(`CRS-${String(wo.wo_no)}`);
    expect(pdf).toContain(`Certificate of Release to Service: ${String(crsSeal.content_hash).slice(0, 12)}`);
    expect(pdf).toContain(`Verify: the record's Verify button, or GET /api/data/work_order/${String(wo.wo_id)}/verify.`);
    for (const p of [page, td, auditor]) await p.context().close();
  });

  it("the quality manager approves an authorisation on the approval form: the server asks the signature, the dialog gives it", async () => {
    // the administrator issues an authorisation for the engineer and sends it to AUTH-APPROVAL (decision 0220)
    const admin = (await t.signIn('admin', 'admin123')).token;
    const adminUser = await one(`select user_id from users where username = 'admin'`);
    expectOk(await t.call('PUT', `/api/users/ulc/${adminUser.user_id}`, { token: admin, body: { compcode: 'CTA' } }));
    const engineer = await one(`select user_id from users where username = 'engineer'`);
    const type = await one(`select aircraft_type_id from aircraft_type where compcode = 'CTA' order by aircraft_type_id limit 1`);
    const a = expectOk(await t.call('POST', '/api/data/staff_authorisation', { token: admin, body: { person: engineer.user_id, auth_no: 'CTA-A-E2E1', category: 'A', valid_from: todayUtc(), valid_to: '2029-12-31', types: [{ aircraft_type: type.aircraft_type_id }] } })).data;
    expectOk(await t.call('POST', '/api/data/staff_authorisation/action/send_staff_authorisation', { token: admin, body: { key: a.auth_id } }));

    const quality = await signedInPage(browser, base, 'quality', DEMO_PASSWORD);
    // her open assignment of it, opened as the approval list opens it
    const open = await one(`select a.taskassignkey, a.taskkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'staff_authorisation' and k.record_key = '${String(a.auth_id)}' and a.completeddate is null`);
    await quality.goto(`${base}/approval-form/${String(open.taskassignkey)}/${String(open.taskkey)}`);
    await quality.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    await quality.locator('#appr-comment').fill('Scope and training records checked.');
    // Approve: refused without the signature, so the dialog asks the password and code
    await quality.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = quality.getByRole('dialog');
    await dialog.locator('input[name="signer_password"]').waitFor();
    await dialog.locator('[data-testid="signed-summary"]').waitFor();
    // the document named by its number, as every screen names it, never by its key
    expect(await dialog.locator('[data-testid="signed-summary"]').innerText()).toContain('Certifying Staff Authorisation CTA-A-E2E1');
    expect(await dialog.locator('[data-testid="signed-summary"]').innerText()).not.toContain(`Certifying Staff Authorisation ${String(a.auth_id)}`);
    await quality.screenshot({ path: join(shots, 'signature-dialog-approval.png') });
    expect((await one(`select statuswf from staff_authorisation where auth_id = ${Number(a.auth_id)}`)).statuswf).not.toBe('111');
    const [answer] = await Promise.all([
      quality.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/tasktodo/doaction' && Boolean(r.request().postDataJSON()?.password)),
      sign(quality, { password: DEMO_PASSWORD, otp: () => codeOf('quality') }),
    ]);
    expect(answer.status(), await answer.text()).toBe(200);
    await quality.waitForURL(/\/approval-list$/);
    const stored = await one(`select statuswf, approved_by from staff_authorisation where auth_id = ${Number(a.auth_id)}`);
    const qm = await one(`select user_id from users where username = 'quality'`);
    expect(stored).toMatchObject({ statuswf: '111', approved_by: qm.user_id });
    await quality.context().close();
  });
});
