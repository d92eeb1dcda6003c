/**
 * Generic forms validate in real Chromium under the app's Content-Security-Policy, which has no
 * 'unsafe-eval' (docs/decisions/0054: the server compiles each form's validator, the browser
 * imports it). Four forms — a master record (stores), a document with child lines (material
 * request), a flight log with a duration field, and a company with its string code — refuse
 * invalid input with the messages they showed when the browser compiled the schemas itself, then
 * save valid data (the company: an existing one); the browser reports no CSP violation, console
 * error or page error. A validator that fails to load says so, and Try again loads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { loadConfig, ROOT } from '../../server/src/config.ts';

let t: TestApp;
let base: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(loadConfig().staticDir, 'index.html'))) throw new Error('The renderer is not built: run npm run build (npm test does).');
  t = await startTestApp();
  base = await t.listen();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const db = () => t.services.database.db;

const REQUIRED = 'This field is required';
const FILL_FORM = 'Please fill the form correctly.';
const DURATION_HINT = 'Type hours as H:MM (e.g. 4875:27) or whole hours';

interface Watched {
  page: Page;
  /** CSP violations the page reported (securitypolicyviolation events), console errors, page errors. */
  problems: () => Promise<string[]>;
}

/** A fresh browser context signed in as `username`, watching for CSP violations and errors. */
async function signedIn(username: string, password = 'demo1234'): Promise<Watched> {
  const ctx = await browser.newContext({ viewport: { width: 1600, height: 1000 }, timezoneId: 'UTC' });
  // runs before the app's scripts in every document (injected by the browser's debugger protocol,
  // not subject to the page's CSP)
  await ctx.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline/eval)'}`));
  });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  await page.goto(`${base}/page/login`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.press('input[name="password"]', 'Enter');
  await page.waitForURL(/\/(home|modules)$/);
  return {
    page,
    problems: async () => [...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).map((v) => `CSP: ${v}`), ...errors],
  };
}

/** Opens a new record of a form; resolves once rjsf rendered it (with its validator). */
async function openForm(page: Page, path: string): Promise<void> {
  await page.goto(`${base}/${path}`);
  await page.locator('main .generic-form form .form-actions').waitFor();
}

/** The messages shown under each field (rjsf's `<id>__error` lists) and in line cells. */
async function shownErrors(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    const out: Record<string, string[]> = {};
    document.querySelectorAll('main [id$="__error"]').forEach((el) => {
      const items = [...el.querySelectorAll('li')].map((li) => li.textContent ?? '');
      if (items.length) out[el.id.replace(/__error$/, '')] = items;
    });
    document.querySelectorAll('main .lines-table td.has-error').forEach((td) => {
      const id = td.querySelector('input, select, textarea')?.id ?? '?';
      out[id] = [...td.querySelectorAll('.field-error')].map((x) => x.textContent ?? '');
    });
    return out;
  });
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text }).first();

/** Picks a row in a lookup field's dialog. */
async function lookUp(page: Page, fieldId: string, search: string): Promise<void> {
  await page.locator(`#${fieldId}`).click();
  const dialog = page.getByTestId('lookup-dialog');
  await dialog.locator('input[name="lookup-filter"]').fill(search);
  await dialog.locator('input[name="lookup-filter"]').press('Enter');
  await dialog.locator('tbody tr', { hasText: search }).first().click();
}

describe('generic forms under a CSP without eval', () => {
  it('the app is served with script-src self only', async () => {
    const res = await (await browser.newPage()).goto(`${base}/page/login`);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-eval');
  });

  it('a store: required fields refused, then saved', async () => {
    const { page, problems } = await signedIn('storekeeper');
    const before = await db().selectFrom('store_warehouse').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    await openForm(page, 'aircraft-logistic/store-warehouse-form');
    await save(page);
    await toast(page, FILL_FORM).waitFor();
    expect(await shownErrors(page)).toEqual({ root_store_code: [REQUIRED], root_store_name: [REQUIRED] });

    await page.fill('#root_store_code', 'E2E-CSP');
    await page.fill('#root_store_name', 'Hangar 4 rotables store');
    await save(page);
    await page.waitForURL(/\/aircraft-logistic\/store-warehouse-form\/\d+$/); // Save stays on the new record
    const row = await db().selectFrom('store_warehouse').select(['store_name', 'store_type', 'active', 'compcode']).where('store_code', '=', 'E2E-CSP').executeTakeFirstOrThrow();
    expect(row).toEqual({ store_name: 'Hangar 4 rotables store', store_type: 'MAIN', active: true, compcode: 'GAT' });
    const after = await db().selectFrom('store_warehouse').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    expect(await problems()).toEqual([]);
    await page.context().close();
  });

  it('a material request with lines: header and line fields refused, then saved with its line', async () => {
    const { page, problems } = await signedIn('storekeeper');
    await openForm(page, 'aircraft-logistic/mr-form');
    await page.getByRole('button', { name: '+ Add line' }).click();
    await save(page);
    await toast(page, FILL_FORM).waitFor();
    expect(await shownErrors(page)).toEqual({ root_requestdate: [REQUIRED], root_requestor: [REQUIRED], root_lines_0_quantity: [REQUIRED] });

    // one date format typed and shown (decision 0281): no 31 February; DD MMM YYYY taken and shown
    await page.fill('#root_requestdate', '31 Feb 2026');
    await save(page);
    await expect.poll(async () => (await shownErrors(page)).root_requestdate).toEqual(['Type a date as DD MMM YYYY, e.g. 08 Nov 2026']);
    expect(await page.inputValue('#root_requestdate')).toBe('31 Feb 2026');
    await page.fill('#root_requestdate', '24/11/2026');
    await page.press('#root_requestdate', 'Tab');
    expect(await page.inputValue('#root_requestdate')).toBe('24 Nov 2026');
    await lookUp(page, 'root_requestor', 'storekeeper');
    await page.fill('#root_workorder_no', 'WO-E2E-CSP');
    // a quantity the line cannot take is refused at its cell and stays as typed (decision 0280):
    // -1 used to save as 1.00 and 0 as 0.01
    await page.fill('#root_lines_0_quantity', '-1');
    expect(await page.locator('td:has(#root_lines_0_quantity) .field-error').innerText()).toBe('Cannot be negative');
    await save(page);
    await toast(page, FILL_FORM).nth(0).waitFor();
    expect(await shownErrors(page)).toEqual({ root_lines_0_quantity: ['Cannot be negative'] });
    expect(await page.inputValue('#root_lines_0_quantity')).toBe('-1');
    await page.fill('#root_lines_0_quantity', '0');
    await page.press('#root_lines_0_quantity', 'Tab');
    expect(await page.inputValue('#root_lines_0_quantity')).toBe('0');
    await save(page);
    await page.waitForFunction(() => document.querySelector('td:has(#root_lines_0_quantity) .field-error')?.textContent === 'Must be at least 0.01');
    expect(await shownErrors(page)).toEqual({ root_lines_0_quantity: ['Must be at least 0.01'] });
    // a number typed over a formatted value replaces it (focus selects the whole value): 1,250 → 3
    await page.fill('#root_lines_0_quantity', '1250');
    await page.press('#root_lines_0_quantity', 'Tab');
    expect(await page.inputValue('#root_lines_0_quantity')).toMatch(/^1,250(\.0+)?$/);
    await page.fill('#root_lines_0_quantity', '3');
    expect(await page.inputValue('#root_lines_0_quantity')).toBe('3');
    await save(page);
    await page.waitForURL(/\/aircraft-logistic\/mr-form\/\d+$/);
    const storekeeper = await db().selectFrom('users').select('user_id').where('username', '=', 'storekeeper').executeTakeFirstOrThrow();
    const mr = await db().selectFrom('material_request').select(['requestkey', 'requestdate', 'requestor', 'compcode']).where('workorder_no', '=', 'WO-E2E-CSP').executeTakeFirstOrThrow();
    expect(mr).toMatchObject({ requestdate: '2026-11-24', requestor: storekeeper.user_id, compcode: 'GAT' });
    const lines = await db().selectFrom('material_request_line').select(['quantity', 'invunitom']).where('request', '=', mr.requestkey).execute();
    expect(lines.map((l) => ({ quantity: Number(l.quantity), invunitom: l.invunitom }))).toEqual([{ quantity: 3, invunitom: 'PCS' }]);
    expect(await problems()).toEqual([]);
    await page.context().close();
  });

  it('a flight log: a duration that is not H:MM and the required times refused, then saved', async () => {
    const { page, problems } = await signedIn('planner');
    await openForm(page, 'aircraft-maintenance/fleet-afl-form');
    await page.fill('#root_apu_minutes', '7:75');
    await save(page);
    await toast(page, FILL_FORM).waitFor();
    expect(await shownErrors(page)).toEqual({
      root_aircraft: [REQUIRED],
      root_techlog_page: [REQUIRED],
      root_sector_from: [REQUIRED],
      root_sector_to: [REQUIRED],
      root_block_off: [REQUIRED],
      root_takeoff: [REQUIRED],
      root_landing: [REQUIRED],
      root_block_on: [REQUIRED],
      root_apu_minutes: [DURATION_HINT],
    });

    const day = '2026-11-20';
    await lookUp(page, 'root_aircraft', 'PK-WGA');
    await page.fill('#root_techlog_page', 'E2E-CSP-1');
    await page.fill('#root_sector_from', 'CGK');
    await page.fill('#root_sector_to', 'DPS');
    await page.fill('#root_block_off', `${day}T02:00`);
    await page.fill('#root_takeoff', `${day}T02:15`);
    await page.fill('#root_landing', `${day}T04:05`);
    await page.fill('#root_block_on', `${day}T04:12`);
    await page.fill('#root_apu_minutes', '1:05');
    await save(page);
    await page.waitForURL(/\/aircraft-maintenance\/fleet-afl-form\/\d+$/);
    const log = await db().selectFrom('flight_log').select(['flight_date', 'block_minutes', 'flight_minutes', 'apu_minutes']).where('techlog_page', '=', 'E2E-CSP-1').executeTakeFirstOrThrow();
    // 02:00 → 04:12 is 132 minutes of block time, 02:15 → 04:05 is 110 airborne
    expect(log).toEqual({ flight_date: day, block_minutes: 132, flight_minutes: 110, apu_minutes: 65 });
    expect(await problems()).toEqual([]);
    await page.context().close();
  });

  it("a validator that fails to load says so, and Try again loads it", async () => {
    const { page, problems } = await signedIn('storekeeper');
    let refused = 0;
    await page.route('**/api/meta/validator/**', (route) => {
      refused++;
      return route.abort('connectionrefused');
    });
    await page.goto(`${base}/aircraft-logistic/store-warehouse-form`);
    await page.getByText('The form could not be loaded. Please try again.').waitFor();
    // the screen's early import, and the form's own when that one had already failed
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(refused).toBeLessThanOrEqual(2);
    expect(await page.locator('main .generic-form form').count()).toBe(0);
    await page.unroute('**/api/meta/validator/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('main .generic-form form .form-actions').waitFor();
    await save(page);
    await toast(page, FILL_FORM).waitFor();
    expect(await shownErrors(page)).toEqual({ root_store_code: [REQUIRED], root_store_name: [REQUIRED] });
    // the refused import is the only error the browser reported
    expect((await problems()).filter((p) => !/ERR_CONNECTION_REFUSED|Failed to fetch dynamically imported module/.test(p))).toEqual([]);
    await page.context().close();
  });

  it('a company: a code with a space refused by its pattern; an existing company saved', async () => {
    const { page, problems } = await signedIn('admin', 'admin123');
    await openForm(page, 'admin/company-form');
    await page.fill('#root_compcode', 'GA T');
    await save(page);
    await toast(page, FILL_FORM).waitFor();
    expect(await shownErrors(page)).toEqual({ root_compcode: ['must match pattern "^[A-Za-z0-9_.-]+$"'], root_company: [REQUIRED] });

    // companies come from registrations (the server refuses creating one here): edit one instead
    const before = await db().selectFrom('company').select(['version']).where('compcode', '=', 'GAH').executeTakeFirstOrThrow();
    await openForm(page, 'admin/company-form/GAH');
    await page.fill('#root_compwebsite', 'https://gah.example/e2e-csp');
    await save(page);
    await toast(page, 'Saved').waitFor(); // and stays on the company
    const row = await db().selectFrom('company').select(['compwebsite', 'version']).where('compcode', '=', 'GAH').executeTakeFirstOrThrow();
    expect(row).toEqual({ compwebsite: 'https://gah.example/e2e-csp', version: before.version + 1 });
    expect(await problems()).toEqual([]);
    await page.context().close();
  });
});

describe('e-mail and phone at their fields (issue 37 point 4)', () => {
  it('an MRO customer: "not-an-email" and "call me" refused at their fields in words, nothing saved', async () => {
    const { page } = await signedIn('admin', 'admin123');
    await openForm(page, 'aircraft-mro/amo-customer-form');
    await page.fill('#root_customer_code', 'E2E-FMT');
    await page.fill('#root_customer_name', 'Format Air');
    await page.fill('#root_country', 'Indonesia');
    await page.fill('#root_email', 'not-an-email');
    await page.fill('#root_phone', 'call me');
    await save(page);
    await toast(page, FILL_FORM).waitFor();
    const errors = await shownErrors(page);
    expect(errors.root_email).toEqual(['must be an e-mail address such as name@example.com']);
    expect(errors.root_phone).toEqual(['must be a phone number: 6 to 20 digits, an optional + in front, spaces ( ) - . / between them']);
    await page.screenshot({ path: join(ROOT, '.tmp', 'screenshots', 'customer-email-format.png') });
    expect(await db().selectFrom('amo_customer').select('customer_code').where('customer_code', '=', 'E2E-FMT').execute()).toEqual([]);
  });
});
