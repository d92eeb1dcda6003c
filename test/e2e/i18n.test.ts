/**
 * English and Indonesian in Chromium (decision 0144): the storekeeper switches the language on the
 * profile; the module card, the menu, a list's title and columns, a form's labels, enum options and
 * buttons, and a date in a list change to Indonesian; switching back gives English again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { signedInPage, startBrowserApp } from '../helpers/browser.ts';
import { ROOT } from '../../server/src/config.ts';
import { DEMO_PASSWORD } from '../../server/src/seed/demo.ts';

let t: TestApp;
let base: string;
let browser: Browser;
const shots = join(ROOT, '.tmp', 'screenshots');

beforeAll(async () => {
  ({ t, base, browser } = await startBrowserApp());
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Worked by hand from the calendar: Indonesian short month names (Mei, Agu, Okt, Des). */
const ID_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayMonthYear = (iso: string, months: string[]) => {
  const [y, m, d] = iso.split('-');
  return `${d} ${months[Number(m) - 1]} ${y}`;
};

async function chooseLanguage(page: Page, label: string) {
  await page.goto(`${base}/profile`);
  const select = page.locator('select[name="language"]');
  await select.waitFor();
  await select.selectOption({ label });
  await Promise.all([page.waitForEvent('load'), page.locator('.section', { has: select }).locator('button.btn-primary').click()]);
}

/** The list's first row: its request number and the text under the Request Date column. */
async function firstRequest(page: Page, dateHeader: string): Promise<{ no: string; shown: string }> {
  const table = page.locator('table.data-table').first();
  await table.locator('tbody tr').first().waitFor();
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.split('\n')[0].trim().toLowerCase());
  const row = table.locator('tbody tr').first();
  const at = (h: string) => {
    const i = headers.indexOf(h.toLowerCase());
    if (i < 0) throw new Error(`no column ${h} in ${headers.join(', ')}`);
    return i;
  };
  return { no: (await row.locator('td').nth(0).innerText()).trim(), shown: (await row.locator('td').nth(at(dateHeader)).innerText()).trim() };
}

async function requestDate(no: string): Promise<string> {
  const r = await sql<{ d: string }>`select to_char(requestdate, 'YYYY-MM-DD') as d from material_request where requestno = ${no}`.execute(t.services.database.db);
  return r.rows[0].d;
}

describe('English and Indonesian in Chromium', () => {
  it('switching the language on the profile changes the menu, list and form labels and the dates', async () => {
    const page = await signedInPage(browser, base, 'storekeeper', DEMO_PASSWORD);

    // English first: the module card, the menu entry, the list and its dates
    await page.getByText('Aircraft Logistic').first().waitFor();
    await page.goto(`${base}/aircraft-logistic/store-warehouse`);
    await page.getByRole('heading', { level: 1, name: 'Stores / Warehouses' }).waitFor();
    await page.locator('nav.sidebar').getByRole('link', { name: 'Stores / Warehouses' }).waitFor();
    await page.goto(`${base}/aircraft-logistic/mr-list`);
    const en = await firstRequest(page, 'Request Date');
    expect(en.shown).toBe(dayMonthYear(await requestDate(en.no), EN_MONTHS));

    // the storekeeper chooses Bahasa Indonesia
    await chooseLanguage(page, 'Bahasa Indonesia');
    expect((await sql<{ language: string }>`select language from users where username = 'storekeeper'`.execute(t.services.database.db)).rows[0].language).toBe('id');
    await page.getByRole('heading', { name: 'Bahasa', exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('id');

    // home: the module card in Indonesian
    await page.goto(`${base}/home`);
    await page.getByText('Logistik Pesawat').first().waitFor();

    // the menu and the list
    await page.goto(`${base}/aircraft-logistic/store-warehouse`);
    await page.getByRole('heading', { level: 1, name: 'Daftar Gudang' }).waitFor();
    const menu = page.locator('nav.sidebar');
    await menu.getByRole('link', { name: 'Daftar Gudang' }).waitFor();
    await menu.getByText('Data Induk').waitFor();
    expect(await menu.getByText('Stores / Warehouses').count()).toBe(0);
    const headers = (await page.locator('table.data-table thead th').allInnerTexts()).map((h) => h.split('\n')[0].trim().toLowerCase());
    expect(headers.slice(0, 4)).toEqual(['kode gudang', 'nama gudang', 'jenis gudang', 'stasiun (iata)']);
    // enum and yes/no cells
    const main = page.locator('table.data-table tbody tr', { hasText: 'Gudang utama' }).first();
    await main.waitFor();
    await expect.poll(async () => (await main.innerText()).includes('Ya')).toBe(true);
    await page.screenshot({ path: join(shots, 'i18n-indonesian-list.png') });

    // the form: field labels, enum options, buttons
    await main.click();
    await page.getByText('Kode Gudang', { exact: false }).first().waitFor();
    for (const label of ['Nama Gudang', 'Jenis Gudang', 'Petugas Gudang', 'Hanya stok laik pakai']) await page.getByText(label, { exact: false }).first().waitFor();
    const typeSelect = page.locator('select').filter({ has: page.locator('option', { hasText: 'Gudang stasiun lini' }) }).first();
    await typeSelect.waitFor({ state: 'attached' });
    expect(await typeSelect.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['Gudang utama', 'Gudang stasiun lini', 'Gudang berikat', 'Karantina']));
    await page.getByRole('button', { name: 'Simpan' }).waitFor();
    await page.getByRole('button', { name: 'Tutup' }).waitFor();
    expect(await page.getByText('Store Code', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: join(shots, 'i18n-indonesian-form.png'), fullPage: true });

    // a date in a list in the Indonesian form: DD MMM YYYY with Indonesian months
    await page.goto(`${base}/aircraft-logistic/mr-list`);
    await page.getByRole('heading', { level: 1, name: 'Permintaan Material' }).waitFor();
    const id = await firstRequest(page, 'Tanggal Permintaan');
    expect(id.shown).toBe(dayMonthYear(await requestDate(id.no), ID_MONTHS));
    await page.screenshot({ path: join(shots, 'i18n-indonesian-dates.png') });

    // and back to English
    await chooseLanguage(page, 'English');
    await page.goto(`${base}/aircraft-logistic/store-warehouse`);
    await page.getByRole('heading', { level: 1, name: 'Stores / Warehouses' }).waitFor();
    await page.locator('nav.sidebar').getByRole('link', { name: 'Stores / Warehouses' }).waitFor();
    await page.context().close();
  });
});
