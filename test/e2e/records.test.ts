/**
 * The records prove themselves, in the browser (issue 34 points 1 and 3; decisions 0300, 0305,
 * 0312): the administrator's Records Verification screen walks the audit chain and the seals and
 * says intact; after a signed card and then an audit row are changed with SQL it names the seal
 * and the field, then the broken link. The administrator resets a user's second factor (audited
 * with his name) and cannot sign for the user. The CAMO's approval of a one-time variation asks
 * the signature dialog (password and code) and shows what is approved before it is given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { TestApp } from '../helpers/app.ts';
import { runAction, sign, signedInPage, startBrowserApp } from '../helpers/browser.ts';
import { codeOf } from '../helpers/signature.ts';
import { currentCode } from '../../engine/src/auth/totp.ts';
import { createUser, DEMO_PASSWORD, expectError, expectOk, sqlOne } from '../../server/test/support.ts';
import { todayUtc } from '../../plugins/airworthiness/rules/dates.ts';

const shots = join(process.cwd(), '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

let t: TestApp;
let base: string;
let browser: Browser;
type Row = Record<string, any>;
const one = (q: string): Promise<Row> => sqlOne(t, q);

async function tokenOf(username: string, password = DEMO_PASSWORD): Promise<string> {
  const s = await t.signIn(username, password);
  if (s.user.compcode !== 'CTA') expectOk(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  return s.token;
}

/** Changes one audit row as an attacker with database access would: the append-only trigger off. */
async function tamperAudit(id: number, changes: string): Promise<string> {
  const before = await one(`select changes from sys_audit where id = ${id}`);
  await t.services.database.db.transaction().execute(async (tx) => {
    await sql`alter table sys_audit disable trigger user`.execute(tx);
    await sql`update sys_audit set changes = ${changes} where id = ${id}`.execute(tx);
    await sql`alter table sys_audit enable trigger user`.execute(tx);
  });
  return String(before.changes);
}

/** A work order of PK-WFD with one category A card, sent by the planner and approved by the Technical Director: released for work. */
async function releasedCard(title: string, code: string): Promise<{ wo: Row; card: number }> {
  const planner = await tokenOf('planner');
  const ac = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
  const wo = expectOk(await t.call('POST', '/api/data/work_order', { token: planner, body: { wo_date: todayUtc(), aircraft: ac.aircraft_id, title, tasks: [{ seq: 1, task_source: 'ADHOC', task_code: code, description: `${title}: hydraulic reservoir servicing`, cert_category: 'A' }] } })).data;
  expectOk(await t.call('POST', '/api/data/work_order/action/send_work_order', { token: planner, body: { key: wo.wo_id } }));
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
  expectOk(await t.call('POST', '/api/tasktodo/doaction', { token: await tokenOf('approver'), body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Approved' } }));
  const { wo_task_id } = await one(`select wo_task_id from work_order_task where work_order = ${wo.wo_id}`);
  return { wo, card: Number(wo_task_id) };
}

/** The newest run on the Records Verification list, as the table shows it. */
const newestRun = (page: Page) => page.locator('table.data-table tbody tr').first();

beforeAll(async () => {
  ({ t, base, browser } = await startBrowserApp());
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('records in the browser', () => {
  it('Records Verification walks the chain and the seals: intact; a signed card changed with SQL names the seal and the field; an audit row changed names the link', async () => {
    await tokenOf('admin', 'admin123');
    const admin = await signedInPage(browser, base, 'admin', 'admin123');
    await admin.goto(`${base}/admin/records-verification`);
    const intact = await runAction(admin, 'Verify Records');
    expect(intact.result).toBe('INTACT');
    // the demo's seals of CTA: counted, every one intact or superseded (a revised authorisation)
    const seals = await one(`select count(*)::int as n from sys_seal where compcode = 'CTA'`);
    expect(seals.n).toBeGreaterThan(0);
    expect(intact.message).toMatch(new RegExp(`^The audit chain of CTA is intact: \\d+ rows verified up to link \\d+\\. ${seals.n} seals checked: \\d+ intact, \\d+ superseded\\.$`));
    await expect.poll(() => newestRun(admin).innerText()).toContain('Intact');
    await admin.screenshot({ path: join(shots, 'records-verification-intact.png') });

    // a card signed as performed (password and code), then changed behind the application: its seal is named, with the field
    const { card: signedCard } = await releasedCard('Seal walk', 'AMM 12-13-81');
    expectOk(await t.call('POST', '/api/data/work_order_task/action/sign_card_performed', { token: await tokenOf('engineer'), body: { key: signedCard, password: DEMO_PASSWORD, otp: codeOf('engineer') } }));
    const card = await one(`select s.record_key, s.seal_id, s.kind from sys_seal s where s.entity = 'work_order_task' and s.record_key = '${signedCard}' and s.kind = 'performed'`);
    const was = await one(`select description from work_order_task where wo_task_id = ${Number(card.record_key)}`);
    await t.services.database.db.updateTable('work_order_task').set({ description: 'Changed after signing' }).where('wo_task_id', '=', Number(card.record_key)).execute();
    const changed = await runAction(admin, 'Verify Records');
    expect(changed.result).toBe('BROKEN');
    expect(changed.message).toContain(`The seal ${String(card.seal_id)} (performed) of work_order_task ${String(card.record_key)} changed: description`);
    await expect.poll(() => newestRun(admin).innerText()).toContain(`work_order_task ${String(card.record_key)}`);
    expect(await newestRun(admin).innerText()).toContain('Broken');
    await admin.screenshot({ path: join(shots, 'records-verification-seal-broken.png') });
    await t.services.database.db.updateTable('work_order_task').set({ description: was.description }).where('wo_task_id', '=', Number(card.record_key)).execute();

    // an audit row changed with SQL past the append-only trigger: the first broken link is named
    const row = await one(`select id, entity, record_key from sys_audit where company = 'CTA' and entity = 'work_order_task' order by id limit 1`);
    const original = await tamperAudit(Number(row.id), '{"changes":{"task_status":["OPEN","DONE"]}}');
    try {
      const broken = await runAction(admin, 'Verify Records');
      expect(broken.result).toBe('BROKEN');
      expect(broken.message).toMatch(new RegExp(`^The audit chain of CTA is broken at audit row ${String(row.id)} \\(work_order_task ${String(row.record_key)}\\): the row's content .* no longer matches its hash`));
      await expect.poll(() => newestRun(admin).innerText()).toContain(Number(row.id).toLocaleString('en-US'));
      expect(await newestRun(admin).innerText()).toContain(`work_order_task ${String(row.record_key)}`);
      await admin.screenshot({ path: join(shots, 'records-verification-chain-broken.png') });
    } finally {
      await tamperAudit(Number(row.id), original);
    }
    expect((await runAction(admin, 'Verify Records')).result).toBe('INTACT');
    await admin.context().close();
  });

  it("the administrator resets a user's second factor: audited with his name; the old codes sign nothing, and he cannot sign for the user", async () => {
    // a new engineer of CTA enrolled on User Profile (through the API: the enrolment is signatures.test.ts)
    const userId = await createUser(t, { username: 'e2e.reset', full_name: 'Tono Reset', companies: { CTA: 'engineer' } });
    const user = await tokenOf('e2e.reset');
    const e = expectOk(await t.call('POST', '/api/users/second-factor/enrol', { token: user, body: { password: DEMO_PASSWORD } }));
    expectOk(await t.call('POST', '/api/users/second-factor/confirm', { token: user, body: { code: currentCode(e.secret) } }));

    const admin = await signedInPage(browser, base, 'admin', 'admin123');
    await admin.goto(`${base}/admin/user-form/${userId}`);
    const reset = await runAction(admin, 'Reset Second Factor');
    expect(reset.message).toBe('The second factor was reset: the user enrols an authenticator again before signing.');
    await admin.screenshot({ path: join(shots, 'second-factor-reset.png') });
    const audit = await one(`select username, changes from sys_audit where entity = 'users' and record_key = '${userId}' and changes like '%second factor reset%'`);
    expect(audit.username).toBe('admin');
    expect(JSON.parse(audit.changes)).toMatchObject({ action: 'second factor reset', by: 'admin' });

    // a released card of PK-WFD to sign
    const { wo, card: cardId } = await releasedCard('Reset walk', 'AMM 12-13-80');

    // the user's dialog now says to enrol first; the old secret's code is refused at the server
    const page = await signedInPage(browser, base, 'e2e.reset', DEMO_PASSWORD);
    await page.goto(`${base}/aircraft-maintenance/work-order-task-card/${wo.wo_id}`);
    const row = page.locator('table.data-table tbody tr', { hasText: 'AMM 12-13-80' }).first();
    await row.locator('input[type="radio"]').check();
    await page.getByRole('button', { name: 'Sign Performed', exact: true }).click();
    await page.getByRole('dialog').getByText('Enrol an authenticator on User Profile before signing.').waitFor();
    await page.screenshot({ path: join(shots, 'signature-after-reset.png') });
    const body = { key: cardId, password: DEMO_PASSWORD, otp: currentCode(e.secret, Date.now() + 30_000) };
    expectError(await t.call('POST', '/api/data/work_order_task/action/sign_card_performed', { token: user, body }), 403, 'ERR_SIGN_ENROL');
    // the administrator, with the user's password and code, signs nothing: a signature is the caller's own, checked against his password
    const asAdmin = await t.call('POST', '/api/data/work_order_task/action/sign_card_performed', { token: await tokenOf('admin', 'admin123'), body: { ...body, user: userId } });
    expect([400, 403]).toContain(asAdmin.status);
    const stored = await one(`select performed_user, task_status from work_order_task where wo_task_id = ${cardId}`);
    expect(stored).toMatchObject({ performed_user: null, task_status: 'OPEN' });
    for (const p of [admin, page]) await p.context().close();
  });

  it('the CAMO approves a one-time variation in the signature dialog: what is approved shown, then password and code', async () => {
    // the planner requests a variation of an inspection due of CTA and gives its reason
    const planner = await tokenOf('planner');
    // an inspection of PK-WFC's programme that allows a variation (5%, at most 40:00 FH): its due is on the due list
    const wfc = await one(`select aircraft_id, aircraft_type from aircraft where registration = 'PK-WFC' and compcode = 'CTA'`);
    const group = await one(`select id from inspection_group where compcode = 'CTA' order by id limit 1`);
    const task = expectOk(await t.call('POST', '/api/data/aircraft_type_inspection', { token: planner, body: { aircraft_type: wfc.aircraft_type, task_code: 'E2E-VAR', title: 'Test task every 1,000 FH', inspection_group: group.id, task_type: 'GVI', interval_fh: 60000, variation_pc: 5, variation_fh: 2400 } })).data;
    const due = { due_key: `I${String(wfc.aircraft_id)}-${String(task.type_inspection_id)}` };
    const r = expectOk(await t.call('POST', '/api/data/due_item/action/request_due_variation', { token: planner, body: { key: due.due_key } }));
    const v = await one(`select variation_id, variation_no, version from due_variation where variation_id = ${Number(r.variation_id)}`);
    expectOk(await t.call('PUT', `/api/data/due_variation/${v.variation_id}`, { token: planner, body: { due_key: due.due_key, reason: 'Hangar slot lost to an AOG', version: v.version } }));

    const camo = await signedInPage(browser, base, 'approver', DEMO_PASSWORD);
    await camo.goto(`${base}/aircraft-maintenance/due-variation-form/${v.variation_id}`);
    await camo.getByRole('button', { name: 'Approve (CAMO)', exact: true }).click();
    const dialog = camo.getByRole('dialog');
    await dialog.locator('input[name="signer_otp"]').waitFor();
    const summary = dialog.locator('[data-testid="signed-summary"]');
    await expect.poll(() => summary.innerText()).toContain(String(v.variation_no));
    expect(await summary.innerText()).toContain('Hendra Gunawan');
    await camo.screenshot({ path: join(shots, 'signature-dialog-variation.png') });
    const [answer] = await Promise.all([
      camo.waitForResponse((x) => x.request().method() === 'POST' && new URL(x.url()).pathname === '/api/data/due_variation/action/approve_due_variation'),
      sign(camo, { password: DEMO_PASSWORD, otp: () => codeOf('approver') }),
    ]);
    expect(answer.status(), await answer.text()).toBe(200);
    const approved = await one(`select var_status, approved_by from due_variation where variation_id = ${v.variation_id}`);
    const hendra = await one(`select user_id from users where username = 'approver'`);
    expect(approved).toMatchObject({ var_status: 'APPROVED', approved_by: hendra.user_id });
    expect((await one(`select count(*)::int as n from sys_seal where entity = 'due_variation' and record_key = '${String(v.variation_id)}' and kind = 'approved'`)).n).toBe(1);
    await camo.context().close();
  });
});
