/**
 * The shell end to end in real Chromium against the real server (built renderer, demo data):
 * registration → an admin turns it into a company and user → that user signs in with the
 * temporary password, is forced to change it and is signed in again automatically → company
 * switching → sign out; the unauthorized page; login details; profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { ROOT, loadConfig } from '../../server/src/config.ts';

let t: TestApp;
let base: string;
let browser: Browser;
const shots = join(ROOT, '.tmp', 'screenshots');

async function fresh(): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 850 } });
  const page = await ctx.newPage();
  return { ctx, page };
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto(`${base}/page/login`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.press('input[name="password"]', 'Enter');
}

const toast = (page: Page, text: string) => page.locator('[role="status"], [role="alert"], .toast').filter({ hasText: text }).first();

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

describe('shell in Chromium', () => {
  it('registration → admin creates company and user → forced password change → automatic sign-in → sign out', async () => {
    const { ctx, page } = await fresh();
    // 1. a prospective customer registers
    await page.goto(`${base}/page/register`);
    await page.getByText('Already have an account? Log In').waitFor();
    await page.fill('input[name="company"]', 'Nusantara Air Charter');
    await page.fill('input[name="compaddr1"]', 'Halim Perdanakusuma Airport');
    await page.fill('input[name="compaddr2"]', 'Hangar 2');
    await page.fill('input[name="compaddr3"]', 'Jakarta Timur 13610');
    await page.fill('input[name="compphone"]', '+62 21 809 1234');
    await page.fill('input[name="compfax"]', '+62 21 809 1235');
    await page.fill('input[name="contact_name"]', 'Yusuf Hakim');
    await page.fill('input[name="contact_number"]', '+62 812 1111 2222');
    await page.fill('input[name="compemail"]', 'ops@nusantara-charter.example');
    await page.fill('input[name="username"]', 'yusuf.hakim');
    await page.getByRole('button', { name: /submit/i }).click();
    await toast(page, 'Submit data successfully, our team will contact you soon').waitFor();
    await page.waitForURL(/\/page\/login/);
    const stored = await t.services.database.db.selectFrom('registration').selectAll().where('username', '=', 'yusuf.hakim').executeTakeFirstOrThrow();
    expect(stored.compemail_name).toBe('Nusantara Air Charter');
    expect(stored.compemail_address).toBe('Halim Perdanakusuma Airport Hangar 2 Jakarta Timur 13610');

    // 2. the admin turns it into a company and its first user
    await signIn(page, 'admin', 'admin123');
    await page.waitForURL(/\/(home|modules)$/);
    await page.goto(`${base}/admin/company-add`);
    const row = page.locator('tr', { hasText: 'Nusantara Air Charter' });
    await row.waitFor();
    await row.click();
    await page.getByRole('button', { name: 'Create company and user' }).click();
    await page.getByRole('button', { name: /^(ok|yes|confirm|proceed)$/i }).click();
    const pw = page.locator('[data-testid="action-result"] code, [data-testid="default-password"]').first();
    await pw.waitFor();
    const temporary = (await pw.textContent())?.trim() ?? '';
    expect(temporary).toMatch(/^[A-Za-z0-9]{12}$/);
    await page.screenshot({ path: join(shots, 'admin-company-add.png') });

    // sign out from the account menu
    await page.locator('[data-testid="account-menu"]').click();
    await page.getByText('Sign Out').click();
    await page.waitForURL(/\/page\/login/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    // 3. the new user signs in with the temporary password and must change it
    await signIn(page, 'yusuf.hakim', temporary);
    await toast(page, 'You have to change the password').waitFor();
    await page.getByRole('button', { name: 'Change Password' }).waitFor();
    const pwInputs = page.locator('input[type="password"]');
    expect(await pwInputs.count()).toBe(3);
    // the spec's checks, word for word
    await pwInputs.nth(0).fill(temporary);
    await pwInputs.nth(1).fill('Hangar2-Jakarta');
    await pwInputs.nth(2).fill('Hangar2-Jakartx');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'konfirmasi password tidak sama').waitFor();
    await pwInputs.nth(1).fill(temporary);
    await pwInputs.nth(2).fill(temporary);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'password baru tidak boleh sama dengan password lama').waitFor();
    await pwInputs.nth(1).fill('Hangar2-Jakarta');
    await pwInputs.nth(2).fill('Hangar2-Jakarta');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Change Password Successfully').waitFor();
    // 4. signed in again automatically, in the new company
    await page.waitForURL(/\/(home|modules)$/);
    await page.getByText('Nusantara Air Charter').first().waitFor();
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'));
    expect(session.username).toBe('yusuf.hakim');
    expect(session.compcode).toBeTruthy();
    await page.screenshot({ path: join(shots, 'new-user-home.png') });

    // 5. sign out
    await page.locator('[data-testid="account-menu"]').click();
    await page.getByText('Sign Out').click();
    await page.waitForURL(/\/page\/login/);
    await ctx.close();
  });

  it('switches company: session, banner colour and name change, server remembers it, open aircraft reset', async () => {
    const { ctx, page } = await fresh();
    await signIn(page, 'storekeeper', 'demo1234');
    await page.waitForURL(/\/(home|modules)$/);
    await page.getByText('Garuda Aero Technics').first().waitFor();
    await page.evaluate(() => localStorage.setItem('openAircraft', JSON.stringify({ aircraft_type_id: 1 })));
    await page.goto(`${base}/aircraft-logistic/store-warehouse`);
    await page.getByText('Hangar 4 Main Store').first().waitFor();
    const header = page.locator('[data-testid="company-switch"]');
    await header.click();
    await page.getByText('Switch Company').first().waitFor();
    await page.locator('tr', { hasText: 'Citra Aviation' }).click();
    await page.waitForURL(/\/home$/);
    await page.locator('[data-testid="company-switch"]', { hasText: 'Citra Aviation' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('openAircraft'))).toBeNull();
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'));
    expect(session.compcode).toBe('CTA');
    const bg = await page.locator('header').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe('rgb(138, 28, 43)'); // Citra Aviation's banner colour #8a1c2b
    const user = await t.services.database.db.selectFrom('users').select('last_compcode').where('username', '=', 'storekeeper').executeTakeFirstOrThrow();
    expect(user.last_compcode).toBe('CTA');
    // the stores list now shows CTA's stores only
    await page.goto(`${base}/aircraft-logistic/store-warehouse`);
    await page.locator('table tbody tr').first().waitFor();
    const text = await page.locator('table').first().innerText();
    expect(text).not.toContain('Hangar 4 Main Store');
    expect(text).toContain('Halim Main Store');
    await page.screenshot({ path: join(shots, 'switched-company-list.png') });
    // back to GAT for other tests
    await t.services.database.db.updateTable('users').set({ last_compcode: 'GAT' }).where('username', '=', 'storekeeper').execute();
    await ctx.close();
  });

  it('sends a user without access to the unauthorized page with the exact text', async () => {
    const { ctx, page } = await fresh();
    await signIn(page, 'storekeeper', 'demo1234');
    await page.waitForURL(/\/(home|modules)$/);
    await page.goto(`${base}/admin/user`);
    await page.waitForURL(/\/unauthorize$/);
    await page.getByText('Oops! Un Authorize Access. The page you are looking for is secured.').waitFor();
    await page.screenshot({ path: join(shots, 'unauthorize.png') });
    await ctx.close();
  });

  it('guards protected routes and keeps the redirect path; login details', async () => {
    const { ctx, page } = await fresh();
    // a protected route without a session goes to login, and back there after signing in
    await page.goto(`${base}/profile`);
    await page.waitForURL(/\/page\/login/);
    await page.getByText('Sign In to your account').waitFor();
    // blank fields silently do nothing
    let signinCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/auth/signin')) signinCalls++;
    });
    await page.press('input[name="password"]', 'Enter');
    await page.fill('input[name="username"]', 'admin');
    await page.press('input[name="password"]', 'Enter');
    await page.waitForTimeout(300);
    expect(signinCalls).toBe(0);
    // a wrong password shows the server's message
    await page.fill('input[name="password"]', 'wrong-password');
    await page.press('input[name="password"]', 'Enter');
    await toast(page, 'Wrong username or password.').waitFor();
    await page.fill('input[name="password"]', 'admin123');
    await page.press('input[name="password"]', 'Enter');
    await page.waitForURL(/\/profile$/);
    // a signed-in visitor of the login page goes home
    await page.goto(`${base}/page/login`);
    await page.waitForURL(/\/(home|modules)$/);
    // / redirects to /modules
    await page.goto(`${base}/`);
    await page.waitForURL(/\/modules$/);
    await page.screenshot({ path: join(shots, 'modules.png') });
    await ctx.close();

    // ?clientId= pre-fills and locks the client field
    const second = await fresh();
    await second.page.goto(`${base}/page/login?clientId=GAT`);
    const client = second.page.locator('input[name="clientId"]');
    expect(await client.inputValue()).toBe('GAT');
    expect(await client.evaluate((el) => (el as HTMLInputElement).readOnly || (el as HTMLInputElement).disabled)).toBe(true);
    await second.page.screenshot({ path: join(shots, 'login.png') });
    await second.ctx.close();
  });

  it('refuses an incomplete registration with the spec message titled Error Info, storing nothing', async () => {
    const { ctx, page } = await fresh();
    const before = await t.services.database.db.selectFrom('registration').select('regkey').execute();
    await page.goto(`${base}/page/register`);
    await page.fill('input[name="company"]', 'Half Filled Aviation');
    await page.getByRole('button', { name: /submit/i }).click();
    const err = toast(page, 'Please fill the form correctly.');
    await err.waitFor();
    expect(await err.innerText()).toContain('Error Info');
    await page.screenshot({ path: join(shots, 'register-invalid.png') });
    expect(await t.services.database.db.selectFrom('registration').select('regkey').execute()).toHaveLength(before.length);
    await page.getByText('Already have an account? Log In').click();
    await page.waitForURL(/\/page\/login/);
    await ctx.close();
  });

  it('shows the profile tabs and resets the password after the RESET PASSWORD? confirmation', async () => {
    const { ctx, page } = await fresh();
    await signIn(page, 'approver', 'demo1234');
    await page.waitForURL(/\/(home|modules)$/);
    await page.goto(`${base}/profile`);
    for (const tab of ['Account', 'Personal Information', 'Public Profile']) await page.getByRole('tab', { name: tab }).waitFor();
    await page.getByRole('tab', { name: 'Personal Information' }).click();
    await page.getByText('Bank Name', { exact: false }).first().waitFor();
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.screenshot({ path: join(shots, 'profile.png') });
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('RESET PASSWORD?').waitFor();
    // resetting one's own password needs the current one
    await page.getByRole('button', { name: /^(yes|ok|reset|confirm)/i }).last().click();
    await toast(page, 'Please fill the form correctly.').waitFor();
    await page.fill('#reset-current-password', 'demo1234');
    await page.getByRole('button', { name: /^(yes|ok|reset|confirm)/i }).last().click();
    await toast(page, 'Reset Password Successfully').waitFor();
    const u = await t.services.database.db.selectFrom('users').select('mustchangepw').where('username', '=', 'approver').executeTakeFirstOrThrow();
    expect(u.mustchangepw).toBe(true);
    await ctx.close();
  });

  it('home shows the module cards and the shortcut links with icons from the menu tree; a generic form saves', async () => {
    const { ctx, page } = await fresh();
    await signIn(page, 'admin', 'admin123');
    await page.waitForURL(/\/(home|modules)$/);
    await page.goto(`${base}/home`);
    for (const m of ['Aircraft Logistic', 'Aircraft Procurement', 'Aircraft Maintenance', 'Aircraft MRO', 'Administration']) await page.getByText(m).first().waitFor();
    await page.getByText('Shortcut').first().waitFor();
    await page.screenshot({ path: join(shots, 'home.png'), fullPage: true });
    // a generic list and form round trip
    await page.goto(`${base}/aircraft-logistic/store-warehouse`);
    await page.getByText('Showing 1 to').first().waitFor();
    await page.screenshot({ path: join(shots, 'store-list.png') });
    await page.getByRole('button', { name: /new/i }).first().click();
    await page.locator('form').first().waitFor();
    await page.screenshot({ path: join(shots, 'store-form.png'), fullPage: true });
    // saving with a required field empty shows the spec's message and writes nothing
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Please fill the form correctly.').waitFor();
    await page.fill('#root_store_code', 'BTH-LS');
    await page.fill('#root_store_name', 'Batam Hang Nadim Line Store');
    await page.getByRole('button', { name: 'Save' }).click();
    // Save stays on the record (opened under its key); Close returns to the list
    await page.waitForURL(/\/aircraft-logistic\/store-warehouse-form\/\d+$/);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.waitForURL(/\/aircraft-logistic\/store-warehouse(\?|$)/);
    await page.getByText('Batam Hang Nadim Line Store').first().waitFor();
    const saved = await t.services.database.db.selectFrom('store_warehouse').selectAll().where('store_code', '=', 'BTH-LS').execute();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ compcode: 'GAH', created_by: 'admin', store_type: 'MAIN', version: 1 });
    await ctx.close();
  });
});
