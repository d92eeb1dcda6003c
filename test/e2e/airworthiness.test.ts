/**
 * A planner posts a flight log in the browser (real Chromium, real server, demo data) and sees
 * the due list and the LLP remaining move: the log is typed in the form (aircraft chosen in the
 * lookup, UTC times, APU time typed as H:MM in the duration widget; the date follows block off), saved, posted from the list
 * with the Post action, and the due list and LLP status of the aircraft show one hour less and one
 * cycle less remaining.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { cellText, signedInPage, useBrowserApp } from '../helpers/browser.ts';
import { parseDuration } from '../../engine/src/values/duration.ts';

let t: TestApp, base: string, browser: Browser;
useBrowserApp((app) => ({ t, base, browser } = app));

const db = () => t.services.database.db;

const signedIn = (): Promise<Page> => signedInPage(browser, base, 'planner', 'demo1234');
const cell = cellText;

const minutes = (hm: string): number => {
  const p = parseDuration(hm);
  if (!p.ok) throw new Error(`not H:MM: ${hm}`);
  return p.minutes;
};

describe('a planner posts a flight log', () => {
  it('types the log, posts it, and sees the due list and the LLP remaining move', async () => {
    const wga = await db().selectFrom('aircraft').select(['aircraft_id', 'total_fh', 'apu_hours']).where('registration', '=', 'PK-WGA').executeTakeFirstOrThrow();
    const item = await db()
      .selectFrom('due_item')
      .select(['item_code'])
      .where('aircraft', '=', wga.aircraft_id)
      .where('item_kind', '=', 'INSPECTION')
      .where('measure', '=', 'AIRCRAFT')
      .where('next_due_fh', 'is not', null)
      .orderBy('item_code')
      .executeTakeFirstOrThrow();
    const page = await signedIn();

    // before: the due list of PK-WGA and the life of its fan disk
    await page.goto(`${base}/aircraft-maintenance/due-list/${wga.aircraft_id}`);
    const remainingBefore = minutes(await cell(page, String(item.item_code), 'Remaining FH'));
    await page.goto(`${base}/aircraft-maintenance/llp-status/${wga.aircraft_id}`);
    const lifeBefore = Number((await cell(page, 'LEAP-FD11207', 'Remaining FC')).replace(/,/g, ''));

    // the flight log, as the tech log page says: 1:00 airborne, APU 0:45
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`${base}/aircraft-maintenance/fleet-afl-form`);
    await page.locator('#root_aircraft').click();
    const dialog = page.getByTestId('lookup-dialog');
    await dialog.locator('input[name="lookup-filter"]').fill('PK-WGA');
    await dialog.locator('input[name="lookup-filter"]').press('Enter');
    await dialog.locator('tbody tr', { hasText: 'PK-WGA' }).first().click();
    await page.fill('#root_techlog_page', 'E2E-0001');
    await page.fill('#root_sector_from', 'CGK');
    await page.fill('#root_sector_to', 'SUB');
    await page.fill('#root_block_off', `${today}T00:10`);
    await page.fill('#root_takeoff', `${today}T00:20`);
    await page.fill('#root_landing', `${today}T01:20`);
    await page.fill('#root_block_on', `${today}T01:30`);
    await page.fill('#root_apu_minutes', '0:45');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Save stays on the document (opened under its key); Close returns to the list
    await page.waitForURL(/\/aircraft-maintenance\/fleet-afl-form\/\d+$/);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.waitForURL(/\/aircraft-maintenance\/fleet-afl$/);

    const saved = await db().selectFrom('flight_log').select(['flight_log_id', 'flight_date', 'block_minutes', 'flight_minutes', 'apu_minutes', 'posted']).where('techlog_page', '=', 'E2E-0001').executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ flight_date: today, block_minutes: 80, flight_minutes: 60, apu_minutes: 45, posted: 0 });

    // post it from the list: select the row, Post, confirm
    const search = page.locator('.list-toolbar input').first();
    await search.fill('E2E-0001');
    await search.press('Enter');
    const row = page.locator('table.data-table tbody tr', { hasText: 'E2E-0001' });
    await row.waitFor();
    expect(await cell(page, 'E2E-0001', 'Block Time')).toBe('1:20');
    await row.locator('input[type="radio"]').check();
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.locator('.modal').getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByText('Flight log E2E-0001 posted: PK-WGA +1:00 FH, +1 FC, +0:45 APU', { exact: false }).first().waitFor();

    const after = await db().selectFrom('aircraft').select(['total_fh', 'apu_hours']).where('aircraft_id', '=', wga.aircraft_id).executeTakeFirstOrThrow();
    expect(Number(after.total_fh) - Number(wga.total_fh)).toBe(60);
    expect(Number(after.apu_hours) - Number(wga.apu_hours)).toBe(45);

    // the due list: one hour less remaining; the fan disk: one cycle less
    await page.goto(`${base}/aircraft-maintenance/due-list/${wga.aircraft_id}`);
    expect(minutes(await cell(page, String(item.item_code), 'Remaining FH'))).toBe(remainingBefore - 60);
    await page.goto(`${base}/aircraft-maintenance/llp-status/${wga.aircraft_id}`);
    expect(Number((await cell(page, 'LEAP-FD11207', 'Remaining FC')).replace(/,/g, ''))).toBe(lifeBefore - 1);
    await page.context().close();
  });
});

describe('the Open Aircraft selector (lists that open the aircraft context in metadata: opensContext)', () => {
  it('shows in the fleet modules only, opens the picked aircraft and makes it the default of the filters metadata names (contextFilter)', async () => {
    const wga = await db().selectFrom('aircraft').select(['aircraft_id']).where('registration', '=', 'PK-WGA').executeTakeFirstOrThrow();
    const page = await signedIn();
    await page.goto(`${base}/aircraft-maintenance/fleet-list`);
    const bar = page.getByTestId('open-aircraft');
    await bar.getByRole('button', { name: 'Open Aircraft' }).click();
    // the lookup lists the maintenance module's fleet (aircraft-maintenance/fleet-list)
    await page.getByTestId('lookup-dialog').locator('tbody tr', { hasText: 'PK-WGA' }).first().click();
    await expect.poll(() => page.getByTestId('open-aircraft-value').innerText()).toContain('PK-WGA');
    await page.screenshot({ path: '.tmp/open-aircraft.png' });

    // a list with an aircraft filter asks for the open aircraft's rows by default
    const listCall = page.waitForRequest((r) => r.url().includes('/api/data/fleet_component') && r.url().includes(`aircraft=${wga.aircraft_id}`));
    await page.goto(`${base}/aircraft-maintenance/fleet-components`);
    await listCall;
    await page.locator('table.data-table tbody tr', { hasText: 'PK-WGA' }).first().waitFor();
    // a report whose aircraft filter has another parameter name (contextFilter: aircraft_id)
    const reportCall = page.waitForRequest((r) => r.url().includes('/api/data/component_status') && r.url().includes(`aircraft_id=${wga.aircraft_id}`));
    await page.goto(`${base}/aircraft-maintenance/component-status`);
    await reportCall;
    await page.locator('table.data-table tbody tr', { hasText: 'PK-WGA' }).first().waitFor();

    // an aircraft opened from another fleet (an MRO customer's aircraft, same key value) fills
    // no maintenance filter: its key names another aircraft there
    await page.evaluate((id) => {
      const ctx = JSON.parse(localStorage.getItem('openAircraft') ?? '{}');
      localStorage.setItem('openAircraft', JSON.stringify({ ...ctx, entity: 'customer_aircraft', aircraft: { ...ctx.aircraft, aircraft_id: id } }));
    }, wga.aircraft_id);
    const unfiltered = page.waitForRequest((r) => r.url().includes('/api/data/fleet_component'));
    await page.goto(`${base}/aircraft-maintenance/fleet-components`);
    expect(new URL((await unfiltered).url()).searchParams.get('aircraft') ?? '').toBe('');

    // a module without a fleet list (the planner reads stores) has no selector
    await page.goto(`${base}/aircraft-logistic/store-warehouse`);
    await page.locator('table.data-table').first().waitFor();
    expect(await page.getByTestId('open-aircraft').count()).toBe(0);
    await page.context().close();
  });
  it('keeps the aircraft and the status of the fleet due list in view at 1400 px, scrolled to either end', async () => {
    const page = await signedInPage(browser, base, 'planner', 'demo1234', { width: 1400, height: 900 });
    await page.goto(`${base}/aircraft-maintenance/fleet-due-list`);
    const wrap = page.locator('main .table-wrap').first();
    await wrap.locator('tbody tr').first().waitFor();
    const visible = async (header: string): Promise<boolean> => {
      const [box, th] = await Promise.all([wrap.boundingBox(), wrap.locator('thead th', { hasText: new RegExp(`^${header}`, 'i') }).first().boundingBox()]);
      return Boolean(box && th && th.x >= box.x - 1 && th.x + th.width <= box.x + box.width + 1);
    };
    // 16 columns do not fit: the list scrolls sideways
    expect(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    for (const end of [0, 100_000]) {
      await wrap.evaluate((el, left) => (el.scrollLeft = left), end);
      expect(await visible('Aircraft')).toBe(true);
      expect(await visible('Status')).toBe(true);
    }
    await page.context().close();
  });
});
