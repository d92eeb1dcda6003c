/**
 * English and Indonesian in Chromium (decision 0144): the storekeeper switches the language on the
 * profile; the module card, the menu, a list's title and columns, a form's labels, enum options and
 * buttons, and a date in a list change to Indonesian; switching back gives English again. An approver
 * reading Indonesian opens a work order's approval: its headings, labels, buttons and status are
 * Indonesian and its Workflow field shows the workflow's title, not its code (issue 37 points 6, 9).
 * The shell the renderer draws itself (skip link, account menu, bell, module menu) and a list's
 * pagination are Indonesian too, no English text nor label of theirs left (issue 37 point 9).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { signedInPage, SCREENSHOTS as shots, useBrowserApp } from '../helpers/browser.ts';
import { DEMO_PASSWORD } from '../../server/src/seed/demo.ts';
import { expectOk, sqlOne } from '../../server/test/support.ts';
import { todayUtc } from '../../plugins/airworthiness/rules/dates.ts';

let t: TestApp, base: string, browser: Browser;
useBrowserApp((app) => ({ t, base, browser } = app));

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

  it('an approver reading Indonesian opens an approval: headings, labels, buttons and status in Indonesian, the workflow by its title', { timeout: 120_000 }, async () => {
    // a work order of CTA sent to the Technical Director (the approver) by the planner, through the API
    const tokenIn = async (username: string) => {
      const s = await t.signIn(username, DEMO_PASSWORD);
      if (s.user.compcode !== 'CTA') expectOk(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
      return s.token;
    };
    const planner = await tokenIn('planner');
    await tokenIn('approver');
    const ac = await sqlOne(t, `select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
    const wo = expectOk(await t.call('POST', '/api/data/work_order', { token: planner, body: { wo_date: todayUtc(), aircraft: ac.aircraft_id, title: 'Approval in Indonesian', tasks: [{ seq: 1, task_source: 'ADHOC', task_code: 'AMM 12-13-79', description: 'Engine oil servicing, both engines', cert_category: 'B1' }] } })).data;
    expectOk(await t.call('POST', '/api/data/work_order/action/send_work_order', { token: planner, body: { key: wo.wo_id } }));
    const open = await sqlOne(t, `select a.taskassignkey, a.taskkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
    await sql`update users set language = 'id' where username = 'approver'`.execute(t.services.database.db);
    try {
      const page = await signedInPage(browser, base, 'approver', DEMO_PASSWORD);
      await page.goto(`${base}/approval-form/${open.taskassignkey}/${open.taskkey}`);
      await page.getByRole('heading', { level: 1, name: 'Formulir Persetujuan/Tugas' }).waitFor();
      for (const heading of ['Dokumen', 'Lampiran', 'Tindakan Persetujuan', 'Riwayat Alur Kerja', 'Pratinjau Dokumen']) {
        await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
      }
      // the status and the step in words of the reader's language
      expect(await page.locator('.pill.status-100').textContent()).toBe('Dalam proses');
      await page.locator('.pill', { hasText: 'Langkah 1 dari 1: Technical Director approval' }).waitFor();
      // labels, the workflow by its title (wf_definition.title of WO-APPROVAL in fixtures/reference/20-workflows.yaml)
      expect(await page.getByLabel('Alur Kerja', { exact: true }).inputValue()).toBe('Work order (work package) approval');
      expect(await page.getByLabel('Nama Dokumen', { exact: true }).inputValue()).not.toBe('');
      for (const label of ['Diminta Oleh', 'Tanggal Permintaan', 'Jabatan Peminta', 'Departemen', 'Ditugaskan Kepada']) await page.getByLabel(label, { exact: true }).waitFor();
      // the buttons the server offers on an approval, and Close
      for (const button of ['Setujui', 'Tinjau', 'Pengalihan', 'Tolak', 'Tutup']) await page.getByRole('button', { name: button, exact: true }).waitFor();
      expect(await page.locator('#appr-comment').getAttribute('placeholder')).toBe('Komentar Anda (wajib)');
      const preview = page.locator('section.preview-card');
      await preview.getByRole('button', { name: 'Muat ulang', exact: true }).waitFor();
      await preview.getByRole('link', { name: 'Buka di tab baru', exact: true }).waitFor();
      // the history's columns and its waiting row
      const history = page.locator('[data-testid="history-table"]');
      expect((await history.locator('thead th').allTextContents()).map((h) => h.trim())).toEqual(['Tanggal Penugasan', 'Ditugaskan Kepada', 'Tindakan', 'Komentar', 'Tanggal Selesai']);
      await history.getByText('Menunggu', { exact: true }).waitFor();
      // nothing of the workflow's code nor the English words the form draws (as written, before CSS capitals)
      const text = (await page.locator('main').textContent()) ?? '';
      for (const english of ['WO-APPROVAL', 'On process', 'Approval Action', 'Workflow History', 'Requested By', 'Approve', 'Waiting', 'Refresh', 'Open in a new tab']) expect(text).not.toContain(english);
      const values = await page.locator('main input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      expect(values.join(' ')).not.toContain('WO-APPROVAL');
      await page.screenshot({ path: join(shots, 'i18n-indonesian-approval.png'), fullPage: true });

      // Routing opens its panel in Indonesian
      await page.getByRole('button', { name: 'Pengalihan', exact: true }).click();
      const routing = page.locator('[data-testid="routing-panel"]');
      await routing.getByRole('heading', { level: 3, name: 'Pengalihan' }).waitFor();
      await routing.getByText('Alihkan kepada').waitFor();
      for (const button of ['Lanjutkan Pengalihan', 'Batalkan Pengalihan']) await routing.getByRole('button', { name: button, exact: true }).waitFor();
      await page.screenshot({ path: join(shots, 'i18n-indonesian-approval-routing.png') });
      // the user pick of the routing: its title, columns and filters in Indonesian
      await routing.getByRole('button', { name: 'Pilih pengguna', exact: true }).click();
      const pick = page.getByTestId('user-pick');
      await pick.locator('tbody tr').first().waitFor();
      await page.getByRole('heading', { name: 'Pilih Pengguna/Karyawan' }).waitFor();
      expect((await pick.locator('thead th').allTextContents()).map((h) => h.trim())).toEqual(['Nama pengguna', 'Nama Lengkap', 'Nama Perusahaan', 'Jabatan']);
      expect(await pick.locator('input[name="username"]').getAttribute('placeholder')).toBe('Saring nama pengguna');
      expect(await pick.locator('input[name="full_name"]').getAttribute('placeholder')).toBe('Saring nama lengkap');
      await page.screenshot({ path: join(shots, 'i18n-indonesian-user-pick.png') });
      await page.context().close();
    } finally {
      await sql`update users set language = 'en' where username = 'approver'`.execute(t.services.database.db);
    }
  });

  it("a reader of Indonesian: the shell's own texts and a list's pagination in Indonesian, none of the English left", { timeout: 120_000 }, async () => {
    await sql`update users set language = 'id' where username = 'storekeeper'`.execute(t.services.database.db);
    try {
      const page = await signedInPage(browser, base, 'storekeeper', DEMO_PASSWORD);
      await page.goto(`${base}/aircraft-logistic/mr-list`);
      await page.getByRole('heading', { level: 1, name: 'Permintaan Material' }).waitFor();
      await page.locator('table.data-table tbody tr').first().waitFor();

      // the skip link, the header's links, the bell and the account menu
      await page.getByRole('link', { name: 'Langsung ke konten', exact: true }).waitFor({ state: 'attached' });
      await page.getByRole('link', { name: 'aplikasi saya', exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'aplikasi saya', exact: true }).getAttribute('title')).toBe('Host API');
      const bell = page.getByRole('button', { name: /^Notifikasi: \d+$/ });
      await bell.click();
      await page.locator('.dropdown-title', { hasText: 'Notifikasi' }).first().waitFor();
      await page.screenshot({ path: join(shots, 'i18n-indonesian-bell.png') });
      await bell.click();
      await page.locator('[data-testid="account-menu"]').click();
      await page.getByRole('menuitem', { name: 'Keluar', exact: true }).waitFor();
      await page.screenshot({ path: join(shots, 'i18n-indonesian-account-menu.png') });
      await page.locator('[data-testid="account-menu"]').click();

      // the module menu: its entries (metadata) and its folders in Indonesian
      const menu = page.locator('nav.sidebar');
      await menu.getByRole('link', { name: 'Permintaan Material' }).first().waitFor();
      expect(await menu.getByText('Stores / Warehouses').count()).toBe(0);

      // the list's page size, its "Showing" line and its pagination buttons
      const pagination = page.locator('nav.pagination');
      await pagination.waitFor();
      expect(await pagination.getAttribute('aria-label')).toBe('Halaman');
      const buttons = await pagination.locator('button[aria-label]').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
      expect(buttons).toEqual(['Halaman pertama', 'Halaman sebelumnya', 'Halaman berikutnya', 'Halaman terakhir']);
      const main = (await page.locator('main').textContent()) ?? '';
      expect(main).toContain('Tampilkan');
      expect(main).toMatch(/Menampilkan \d+ sampai \d+ dari \d+ entri/);
      await page.screenshot({ path: join(shots, 'i18n-indonesian-shell.png'), fullPage: true });

      // none of the English these screens drew, in text nor in a label, title or placeholder
      const body = (await page.locator('body').textContent()) ?? '';
      const labels = await page.locator('[aria-label], [title], [placeholder]').evaluateAll((els) => els.flatMap((e) => ['aria-label', 'title', 'placeholder'].map((a) => e.getAttribute(a) ?? '')));
      const english = ['Skip to content', 'Sign Out', 'Notifications', 'my app', 'API host', 'Show', 'entries', 'Showing', 'Pagination', 'First page', 'Previous page', 'Next page', 'Last page', 'Switch Company', 'modules'];
      for (const word of english) {
        expect(body, word).not.toContain(word);
        expect(labels.filter((l) => l.includes(word)), word).toEqual([]);
      }
      await page.context().close();
    } finally {
      await sql`update users set language = 'en' where username = 'storekeeper'`.execute(t.services.database.db);
    }
  });
});
