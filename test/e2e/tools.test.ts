/**
 * Tools on a task card in the browser (issue 40 point 3, decisions 0395 and 0396): the planner
 * adds a tool line on a released work order of PK-WFD; the tool lookup offers TE-OK (serviceable,
 * due today + 30) and not TE-OVER (due yesterday); the card is signed with TE-OK; the Tool
 * Traceability list of TE-OK shows the card, signed today, since its calibration of today - 10.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from '../helpers/app.ts';
import { cellText, signedInPage, useBrowserApp } from '../helpers/browser.ts';
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

describe('tools on a task card in the browser', () => {
  it('the planner picks a usable tool for a card; once signed, the tool traceability lists the card', async () => {
    const planner = await tokenOf('planner');
    const director = await tokenOf('approver');
    const engineer = await tokenOf('engineer');
    await t.services.database.db.updateTable('users').set({ last_compcode: 'CTA' }).where('username', 'in', ['planner']).execute();
    const wrench = (await one(`select id from tool_catalog where compcode = 'CTA' and tool_partnumber = 'TW-NB-60'`)).id;
    const ok = expectOk(await t.call('POST', '/api/data/tool', { token: planner, body: { tool_catalog: wrench, serial_number: 'TE-OK', tool_status: 'SV', last_calibration: addDays(today, -10), calibration_due: addDays(today, 30) } })).data;
    expectOk(await t.call('POST', '/api/data/tool', { token: planner, body: { tool_catalog: wrench, serial_number: 'TE-OVER', tool_status: 'SV', calibration_due: addDays(today, -1) } }));
    const ac = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
    const wo = expectOk(await t.call('POST', '/api/data/work_order', { token: planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Wheel change', tasks: [{ seq: 1, task_source: 'ADHOC', task_code: 'AMM 32-41-11', description: 'Main wheel change', cert_category: 'A' }] } })).data;
    expectOk(await t.call('POST', '/api/data/work_order/action/send_work_order', { token: planner, body: { key: wo.wo_id } }));
    const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
    expectOk(await t.call('POST', '/api/tasktodo/doaction', { token: director, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Approved' } }));

    const page = await signedInPage(browser, base, 'planner', DEMO_PASSWORD, { width: 1600, height: 900 });
    await page.goto(`${base}/aircraft-maintenance/work-order-frm/${wo.wo_id}`);
    const tools = page.locator('section[data-lines="tools"]');
    await tools.getByRole('button', { name: '+ Add line' }).click();
    await page.locator('#root_tools_0_task').click();
    let dialog = page.getByTestId('lookup-dialog');
    await dialog.locator('tbody tr', { hasText: 'AMM 32-41-11' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('#root_tools_0_tool').click();
    dialog = page.getByTestId('lookup-dialog');
    // a scanner types the serial's prefix and Enter into the search
    await dialog.locator('input[name="lookup-filter"]').fill('TE-');
    await dialog.locator('input[name="lookup-filter"]').press('Enter');
    await dialog.locator('tbody tr', { hasText: 'TE-OK' }).first().waitFor();
    await expect.poll(() => dialog.locator('tbody tr', { hasText: 'TE-OVER' }).count()).toBe(0);
    // its calibration due reads as a date (DD MMM YYYY)
    const due = addDays(today, 30);
    await dialog.locator('tbody tr', { hasText: `${due.slice(8, 10)} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(due.slice(5, 7)) - 1]} ${due.slice(0, 4)}` }).first().waitFor();
    await page.screenshot({ path: join(shots, 'tools-lookup.png') });
    await dialog.locator('tbody tr', { hasText: 'TE-OK' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/data/work_order/${wo.wo_id}`),
      page.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(200);
    await tools.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'tools-work-order.png') });

    const card = await one(`select wo_task_id from work_order_task where work_order = ${wo.wo_id}`);
    expectOk(await t.call('POST', '/api/data/work_order_task/action/sign_card_performed', { token: engineer, body: signed(t, 'work_order_task', 'sign_card_performed', { key: card.wo_task_id }) }));
    await page.goto(`${base}/aircraft-maintenance/tool-traceability/${ok.tool_id}`);
    expect(await cellText(page, 'AMM 32-41-11', 'Work Order')).toBe(String(wo.wo_no));
    expect(await cellText(page, 'AMM 32-41-11', 'Since Last Calibration')).toBe('Yes');
    await page.screenshot({ path: join(shots, 'tools-traceability.png') });
    await page.context().close();
  });
});
