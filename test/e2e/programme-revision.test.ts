/**
 * A planner revises the ATR 72-600 programme (issue 38 point 2, decision 0380) on the demo (CTA):
 * revision 1 (the programme as it is, with a test task TST-E2E of 1000:00 FH applying to MSN 1302,
 * PK-WFA) is made and activated through the API; in the browser the planner drafts revision 2 (a
 * copy), changes TST-E2E to 800:00 FH, sends it; the Technical Director approves it (API); the
 * compare lists Interval FH 1000:00 → 800:00; Activate computes again PK-WFA alone (the only
 * aircraft TST-E2E applies to) and 1 due item changed; PK-WFA's due list shows the item from
 * revision 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { cellText, runAction, signedInPage, startBrowserApp } from '../helpers/browser.ts';
import { DEMO_PASSWORD, expectOk } from '../../server/test/support.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const shots = join(process.cwd(), '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

let t: TestApp;
let base: string;
let browser: Browser;
const tok: Record<string, string> = {};
const ok = expectOk;

beforeAll(async () => {
  ({ t, base, browser } = await startBrowserApp());
  for (const u of ['planner', 'approver']) {
    const s = await t.signIn(u, DEMO_PASSWORD);
    tok[u] = s.token;
    if (s.user.compcode !== 'CTA') ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  }
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const db = () => t.services.database.db;

async function approve(id: number): Promise<void> {
  const open = await db()
    .selectFrom('wf_assignment as a')
    .innerJoin('wf_task as k', 'k.taskkey', 'a.taskkey')
    .select('a.taskassignkey')
    .where('k.entity_name', '=', 'programme_revision')
    .where('k.record_key', '=', String(id))
    .where('a.completeddate', 'is', null)
    .executeTakeFirstOrThrow();
  ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Programme change agreed' } }));
}

describe('a planner revises the maintenance programme', () => {
  it('drafts, changes a task, compares, sends, and activates after approval', async () => {
    const wfa = await db().selectFrom('aircraft').select(['aircraft_id', 'aircraft_type']).where('registration', '=', 'PK-WFA').where('compcode', '=', 'CTA').executeTakeFirstOrThrow();
    const type = Number(wfa.aircraft_type);
    const group = await db().selectFrom('inspection_group').select('id').where('compcode', '=', 'CTA').orderBy('id').executeTakeFirstOrThrow();
    ok(await t.call('POST', '/api/data/aircraft_type_inspection', {
      token: tok.planner,
      body: { aircraft_type: type, task_code: 'TST-E2E', title: 'Test task of the revision', inspection_group: group.id, task_type: 'GVI', whichever: 'FIRST', interval_fh: 60000, applies_to: '1302' },
    }));
    const r1 = ok(await t.call('POST', '/api/data/programme_revision', { token: tok.planner, body: { aircraft_type: type, revision_date: '2026-11-01', reason: 'The programme as approved' } })).data;
    ok(await t.call('POST', '/api/data/programme_revision/action/send_programme_revision', { token: tok.planner, body: { key: r1.id } }));
    await approve(r1.id);
    ok(await t.call('POST', '/api/data/programme_revision/action/activate_programme_revision', { token: tok.planner, body: { key: r1.id } }));

    // the draft of revision 2, made in the form: a copy of the programme
    const page = await signedInPage(browser, base, 'planner', DEMO_PASSWORD);
    await page.goto(`${base}/aircraft-maintenance/programme-revision-form`);
    await page.locator('#root_aircraft_type').click();
    const dialog = page.getByTestId('lookup-dialog');
    await dialog.locator('input[name="lookup-filter"]').fill('ATR 72-600');
    await dialog.locator('input[name="lookup-filter"]').press('Enter');
    await dialog.locator('tbody tr', { hasText: 'ATR 72-600' }).first().click();
    await page.fill('#root_revision_date', '2026-11-20');
    await page.fill('#root_source_document', 'ATR 72 MPD Rev. 24');
    await page.fill('#root_reason', 'MPD revision 24: TST-E2E interval reduced');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/aircraft-maintenance\/programme-revision-form\/\d+$/);
    const r2 = Number(page.url().split('/').pop());
    const line = await db().selectFrom('programme_revision_task').select('id').where('programme_revision', '=', r2).where('task_code', '=', 'TST-E2E').executeTakeFirstOrThrow();

    // change the task: 1000:00 → 800:00 FH
    await page.goto(`${base}/aircraft-maintenance/programme-revision-task-form/${line.id}`);
    await page.locator('#root_interval_fh').fill('800:00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.toast', { hasText: 'Saved' }).first().waitFor();

    await page.goto(`${base}/aircraft-maintenance/programme-revision-form/${r2}`);
    await page.getByRole('button', { name: 'Send to Workflow', exact: true }).waitFor();
    await runAction(page, 'Send to Workflow');
    await approve(r2);

    // the compare of revision 1 → 2
    await page.goto(`${base}/aircraft-maintenance/programme-revision-change?from_revision=${r1.id}&to_revision=${r2}`);
    expect(await cellText(page, 'TST-E2E', 'Old Value')).toBe('1000:00');
    expect(await cellText(page, 'TST-E2E', 'New Value')).toBe('800:00');
    expect(await cellText(page, 'TST-E2E', 'Field')).toBe('Interval FH');
    expect(await page.locator('table.data-table tbody tr').count()).toBe(1);
    await page.screenshot({ path: join(shots, 'programme-revision-compare.png'), fullPage: true });

    // activate: PK-WFA alone computed again, one due item changed
    await page.goto(`${base}/aircraft-maintenance/programme-revision-form/${r2}`);
    await page.getByRole('button', { name: 'Activate', exact: true }).waitFor();
    const done = await runAction(page, 'Activate');
    expect([done.aircraft, done.items_changed]).toEqual([1, 1]);
    await page.goto(`${base}/aircraft-maintenance/programme-revision-form/${r2}`);
    await page.getByText('Activation').first().waitFor();
    await page.screenshot({ path: join(shots, 'programme-revision-form.png'), fullPage: true });

    // the due list of PK-WFA names the revision the interval comes from
    await page.goto(`${base}/aircraft-maintenance/due-list/${wfa.aircraft_id}`);
    const search = page.locator('.list-toolbar input').first();
    await search.fill('TST-E2E');
    await search.press('Enter');
    expect(await cellText(page, 'TST-E2E', 'Programme Revision')).toBe('ATR 72-600 revision 2');
  });
});
