/**
 * The document lifecycle in the browser (real Chromium, real server, demo data): the form reads
 * the same rule the server enforces. An approved material request opens read only, without Save
 * or Delete; a transfer whose stock has left the store keeps only its receipt fields and received
 * quantities editable, without adding or removing lines, and saving them works; a draft stays
 * fully editable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { loadConfig } from '../../server/src/config.ts';

let t: TestApp;
let base: string;
let browser: Browser;
let token = '';

async function signedIn(): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${base}/page/login`);
  await page.fill('input[name="username"]', 'admin');
  await page.fill('input[name="password"]', 'admin123');
  await page.press('input[name="password"]', 'Enter');
  await page.waitForURL(/\/(home|modules)$/);
  return page;
}

beforeAll(async () => {
  if (!existsSync(join(loadConfig().staticDir, 'index.html'))) throw new Error('The renderer is not built: run npm run build (npm test does).');
  t = await startTestApp();
  base = await t.listen();
  browser = await launchChromium();
  const admin = await t.signIn('admin', 'admin123');
  // the admin works in GAT for this scenario (the browser session reads the same active company)
  await t.call('PUT', `/api/users/ulc/${admin.user.user_id}`, { token: admin.token, body: { compcode: 'GAT' } });
  token = admin.token;
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const db = () => t.services.database.db;

describe('lifecycle in the forms', () => {
  it('an approved material request is read only: no Save, no Delete, no line buttons', async () => {
    const item = Number((await db().selectFrom('master_item').select('item_id').where('compcode', '=', 'GAT').orderBy('item_id').executeTakeFirstOrThrow()).item_id);
    const made = await t.call('POST', '/api/aircraft-mrequest', { token, body: { jasa: 0, remark: 'lifecycle e2e', lines: [{ linetype: 1, item, quantity: 3, description: 'o-ring' }] } });
    expect(made.status).toBe(200);
    const key = made.body.data.requestkey as number;
    const page = await signedIn();

    // a draft: Save and Delete offered, lines editable
    await page.goto(`${base}/aircraft-logistic/mr-form/${key}`);
    await page.locator('#root_remark').waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '+ Add line' }).count()).toBe(1);

    // approved (the state the workflow gives it)
    await db().updateTable('material_request').set({ statuswf: '111' }).where('requestkey', '=', key).execute();
    await page.goto(`${base}/aircraft-logistic/mr-form/${key}`);
    await page.locator('#root_remark').waitFor();
    await page.getByText('Read only', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '+ Add line' }).count()).toBe(0);
    expect(await page.locator('#root_remark').isEditable()).toBe(false);
    await page.context().close();
  });

  it('a transfer whose stock has left: only the receipt fields and received quantities change, and saving them works', async () => {
    const stores = await db().selectFrom('store_warehouse').select('store_id').where('compcode', '=', 'GAT').orderBy('store_id').limit(2).execute();
    const item = Number((await db().selectFrom('master_item').select('item_id').where('compcode', '=', 'GAT').orderBy('item_id').executeTakeFirstOrThrow()).item_id);
    const made = await t.call('POST', '/api/data/stock_transfer', {
      token,
      body: { transferdate: '2026-11-20', from_store: stores[0].store_id, to_store: stores[1].store_id, reason: 'REPL', lines: [{ item, quantity: 2, condition: 'SV', unit: 'PCS' }] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const key = made.body.data.transferkey as number;
    // shipped: the transfer out is posted
    await db().updateTable('stock_transfer').set({ out_posted: 1 }).where('transferkey', '=', key).execute();

    const page = await signedIn();
    await page.goto(`${base}/aircraft-logistic/transfer-in-form/${key}`);
    await page.locator('#root_received_by').waitFor();
    expect(await page.locator('#root_received_by').isEditable()).toBe(true);
    expect(await page.locator('#root_remark').isEditable()).toBe(true);
    expect(await page.locator('#root_lines_0_qty_received').isEditable()).toBe(true);
    expect(await page.locator('#root_lines_0_quantity').isEditable()).toBe(false);
    expect(await page.getByRole('button', { name: '+ Add line' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove line 1' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);

    await page.fill('#root_received_by', 'Store clerk Denpasar');
    await page.fill('#root_lines_0_qty_received', '2');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.endsWith(`/api/data/stock_transfer/${key}`));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    const stored = await db().selectFrom('stock_transfer_line').select(['quantity', 'qty_received']).where('stock_transfer', '=', key).executeTakeFirstOrThrow();
    expect(stored).toEqual({ quantity: 2, qty_received: 2 });
    const header = await db().selectFrom('stock_transfer').select(['received_by']).where('transferkey', '=', key).executeTakeFirstOrThrow();
    expect(header.received_by).toBe('Store clerk Denpasar');
    await page.context().close();
  });
});
