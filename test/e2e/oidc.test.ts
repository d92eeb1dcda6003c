/**
 * Company sign-in in Chromium (issue 41 point 2, decision 0335), against a real OpenID provider
 * started in the test (oidc-provider, test/helpers/oidc.ts) on its own origin: GAH signs in through
 * "GAH Identity". A GAH user (inspector) chooses the company on the login page, signs in at the
 * provider and lands on home in GAH; sign-out ends the product's session (the old token is refused)
 * and goes on to the provider's sign-out, which comes back to the login page. A user of other
 * companies only (storekeeper: GAT, CTA) signs in at the provider but is refused by the product.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { startBrowserApp } from '../helpers/browser.ts';
import { startProvider, type TestProvider } from '../helpers/oidc.ts';

const shots = join(process.cwd(), '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

let t: TestApp;
let base: string;
let browser: Browser;
let idp: TestProvider;

const toast = (page: Page, text: string) => page.locator('[role="status"], [role="alert"], .toast').filter({ hasText: text }).first();

/** The provider's own login page (its development interaction): any login name, any password. */
async function providerLogin(page: Page, login: string): Promise<void> {
  await page.waitForURL((u) => u.origin === idp.issuer);
  await page.fill('input[name="login"]', login);
  await page.fill('input[name="password"]', 'at-the-provider');
  await page.locator('button[type="submit"]').first().click();
}

beforeAll(async () => {
  ({ t, base, browser } = await startBrowserApp());
  idp = await startProvider({ redirectUri: `${base}/api/auth/oidc/callback`, postLogoutUri: `${base}/page/login` });
  const admin = (await t.signIn('admin', 'admin123')).token; // active company GAH
  const created = await t.call('POST', '/api/data/company_sign_in', {
    token: admin,
    body: { provider_name: 'GAH Identity', issuer: idp.issuer, client_id: idp.clientId, user_claim: 'preferred_username', match_on: 'username' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const secret = await t.call('PUT', `/api/auth/oidc/providers/${created.body.data.id}/client-secret`, { token: admin, body: { client_secret: idp.clientSecret } });
  expect(secret.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await idp?.close();
  await t?.close();
});

describe('company sign-in in Chromium', () => {
  it('a user of the company signs in through its provider, lands on home, and sign-out ends the session', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId: 'UTC' });
    const page = await ctx.newPage();
    await page.goto(`${base}/page/login`);
    await page.fill('input[name="company"]', 'gah');
    await page.getByRole('button', { name: "Continue with the company's provider" }).click();
    const button = page.getByRole('link', { name: 'Sign in with GAH Identity' });
    await button.waitFor();
    await page.screenshot({ path: join(shots, 'oidc-login.png') });
    await button.click();
    await providerLogin(page, 'inspector');
    await page.waitForURL(`${base}/home`);
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null'));
    expect(session).toMatchObject({ username: 'inspector', compcode: 'GAH' });
    await page.locator('[data-testid="account-menu"]').waitFor();
    await page.getByText('Loading page…').waitFor({ state: 'detached' });
    await page.screenshot({ path: join(shots, 'oidc-home.png') });
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect((await t.call('GET', '/api/users/me', { token: token! })).status).toBe(200);

    // sign-out: the product's session ends, then the provider's sign-out page, back to the login page
    await page.locator('[data-testid="account-menu"]').click();
    await page.getByText('Sign Out').click();
    await page.waitForURL((u) => u.origin === idp.issuer);
    expect((await t.call('GET', '/api/users/me', { token: token! })).status).toBe(401);
    await page.getByRole('button', { name: /yes, sign me out/i }).click();
    await page.waitForURL(/\/page\/login/);
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    // the company is remembered in this browser: the page offers its provider at once
    await page.getByRole('link', { name: 'Sign in with GAH Identity' }).waitFor();
    await ctx.close();
  });

  it("a user of another company cannot sign in through this company's provider", async () => {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId: 'UTC' });
    const page = await ctx.newPage();
    await page.goto(`${base}/page/login?company=GAH`);
    await page.getByRole('link', { name: 'Sign in with GAH Identity' }).click();
    await providerLogin(page, 'storekeeper');
    await page.waitForURL(/\/page\/login\?oidc_error=ERR_OIDC_UNMATCHED/);
    await toast(page, 'No account of this company matches the identity the provider signed in').waitFor();
    await page.screenshot({ path: join(shots, 'oidc-refused.png') });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    // and the local password still signs the same person in (companies without a provider, recovery)
    await page.fill('input[name="username"]', 'storekeeper');
    await page.fill('input[name="password"]', 'demo1234');
    await page.press('input[name="password"]', 'Enter');
    await page.waitForURL(/\/(home|modules)$/);
    await ctx.close();
  });
});
