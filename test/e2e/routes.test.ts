/**
 * Generated from the spec's route list (spec-routes.ts) and the metadata: every one of the 174
 * routes is declared in metadata and opens in Chromium, as the admin, with data and no error; every
 * form round-trips a save of a real record (version + 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { loadConfig } from '../../server/src/config.ts';
import { SPEC_ROUTES } from './spec-routes.ts';
import { loose } from '../../engine/src/db/loose.ts';

/** The company whose demo data each module's screens are opened in. */
const COMPANY_OF: Record<string, string> = {
  admin: 'GAH',
  'aircraft-logistic': 'GAT',
  'aircraft-procurement': 'GAT',
  'aircraft-maintenance': 'CTA',
  'aircraft-mro': 'GAT',
};

let t: TestApp;
let base: string;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let adminToken = '';
let adminId = 0;

async function signInAs(compcode: string) {
  await t.call('PUT', `/api/users/ulc/${adminId}`, { token: adminToken, body: { compcode } });
  await ctx?.close();
  ctx = await browser.newContext({ viewport: { width: 1366, height: 850 } });
  page = await ctx.newPage();
  await page.goto(`${base}/page/login`);
  await page.fill('input[name="username"]', 'admin');
  await page.fill('input[name="password"]', 'admin123');
  await page.press('input[name="password"]', 'Enter');
  await page.waitForURL(/\/(home|modules)$/);
}

beforeAll(async () => {
  if (!existsSync(join(loadConfig().staticDir, 'index.html'))) throw new Error('The renderer is not built: run npm run build (npm test does).');
  t = await startTestApp();
  base = await t.listen();
  browser = await launchChromium();
  const s = await t.signIn('admin', 'admin123');
  adminToken = s.token;
  adminId = s.user.user_id;
});

afterAll(async () => {
  await ctx?.close();
  await browser?.close();
  await t?.close();
});

describe('every spec route is a metadata screen', () => {
  it('declares all 174 routes with their parameters', () => {
    expect(SPEC_ROUTES).toHaveLength(174);
    const missing = SPEC_ROUTES.filter((r) => !t.services.reg.screen(r.module, r.route)).map((r) => `${r.module}/${r.route}`);
    expect(missing).toEqual([]);
    const wrongParams = SPEC_ROUTES.filter((r) => r.params.length > 0)
      .filter((r) => JSON.stringify(t.services.reg.screen(r.module, r.route)?.params) !== JSON.stringify(r.params))
      .map((r) => `${r.module}/${r.route}: ${JSON.stringify(t.services.reg.screen(r.module, r.route)?.params)} ≠ ${JSON.stringify(r.params)}`);
    expect(wrongParams).toEqual([]);
  });
});

describe.each(Object.keys(COMPANY_OF))('%s screens open in Chromium with data', (module) => {
  const routes = SPEC_ROUTES.filter((r) => r.module === module);
  beforeAll(async () => {
    await signInAs(COMPANY_OF[module]);
  });

  it.each(routes.map((r) => [r.route, r] as const))('%s', async (_name, r) => {
    const screen = t.services.reg.screen(r.module, r.route);
    if (!screen) throw new Error(`no screen for ${r.module}/${r.route}`);
    const errors: string[] = [];
    const onError = (e: Error) => errors.push(e.message);
    page.on('pageerror', onError);
    try {
      if (screen.kind === 'form') {
        await openFormAndSave(module, r.route, screen.entity, screen.params);
      } else {
        await page.goto(`${base}/${module}/${r.route}`);
        await page.locator('main table tbody tr, main form, main .screen-home, main h1, .error-panel').first().waitFor();
        const panels = await page.locator('.error-panel').allInnerTexts();
        expect(panels, `error panel on ${module}/${r.route}`).toEqual([]);
        expect(page.url()).not.toMatch(/unauthorize/);
        if (screen.kind === 'list' || screen.kind === 'report') {
          await page.locator('table tbody tr').first().waitFor();
          const text = await page.locator('main').innerText();
          expect(text, `${module}/${r.route} shows no rows`).toMatch(/Showing 1 to \d+ of \d+ entries/);
        }
      }
      expect(errors, `page errors on ${module}/${r.route}`).toEqual([]);
    } finally {
      page.off('pageerror', onError);
    }
  });
});

async function openFormAndSave(module: string, route: string, entityName: string, params: string[]) {
  const e = t.services.reg.entity(entityName);
  // a real record of the active company to edit (the first parameter names its key)
  let q = loose(t.services.database.db).selectFrom(e.table).select([e.key, ...(e.view ? [] : ['version'])]).orderBy(e.key).limit(1);
  const compcode = COMPANY_OF[module];
  if (e.companyScoped && e.key !== 'compcode') q = q.where('compcode', '=', compcode);
  if (e.key === 'compcode') q = q.where('compcode', '=', compcode);
  const row = (await q.executeTakeFirst()) as Record<string, unknown> | undefined;
  expect(row, `no ${entityName} row in ${compcode} to open ${module}/${route}`).toBeTruthy();
  const key = String(row?.[e.key]);
  await page.goto(`${base}/${module}/${route}/${encodeURIComponent(key)}`);
  await page.locator('main form, .error-panel').first().waitFor();
  expect(await page.locator('.error-panel').allInnerTexts(), `error panel on ${module}/${route}`).toEqual([]);
  if (e.view || e.system || params.length === 0) return;
  const save = page.getByRole('button', { name: 'Save' });
  if ((await save.count()) === 0) return;
  await save.first().click();
  await page.locator('.toast', { hasText: /Saved|successfully/i }).first().waitFor();
  const after = (await loose(t.services.database.db).selectFrom(e.table).select(['version']).where(e.key, '=', row?.[e.key] as string).executeTakeFirst()) as { version: number };
  // saved: its version moved on (a document whose status follows its documents, a customer request,
  // is brought up to date in the same save by its own hook: one more version)
  expect(after.version, `${module}/${route} did not save`).toBeGreaterThanOrEqual(Number(row?.version) + 1);
  expect(after.version, `${module}/${route} was written more than its save and its own follow-up`).toBeLessThanOrEqual(Number(row?.version) + 2);
}
