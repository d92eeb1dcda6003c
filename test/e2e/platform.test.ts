/**
 * Issue 23 in the browser (real Chromium, real server, demo data), one signed-in admin in GAT:
 * the API reference lists the entities; a store edited here shows the change in its History; an
 * import of a CSV with one bad row previews the error in a dry run and imports the other rows in
 * valid-rows-only mode; the shell's JavaScript arrives as the build's pre-compressed .br/.gz files
 * and a large JSON answer compressed on the fly (point 6). Screenshots go to
 * .tmp/e2e-platform-*.png for review.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { signedInPage, startBrowserApp } from '../helpers/browser.ts';
import { adminIn } from '../../server/test/support.ts';
import { loadConfig } from '../../server/src/config.ts';

let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
const SHOTS = join(process.cwd(), '.tmp');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  ({ t, base, browser } = await startBrowserApp());
  await adminIn(t, 'GAT');
  page = await signedInPage(browser, base, 'admin', 'admin123', { width: 1366, height: 900 });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const db = () => t.services.database.db;

describe('platform screens', () => {
  it('the API reference lists the entities', async () => {
    await page.goto(`${base}/api-reference`);
    await page.locator('[data-entity="store_warehouse"]').waitFor();
    expect(await page.locator('[data-entity]').count()).toBeGreaterThan(50);
    await page.locator('[data-entity="store_warehouse"] button').click();
    await page.getByText('/api/data/store_warehouse/{key}', { exact: true }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'e2e-platform-api-reference.png') });
  });

  it("a record's History shows an edit made here", async () => {
    const store = await db().selectFrom('store_warehouse').select(['store_id', 'city']).where('compcode', '=', 'GAT').orderBy('store_id').executeTakeFirstOrThrow();
    await page.goto(`${base}/aircraft-logistic/store-warehouse-form/${store.store_id}`);
    await page.locator('#root_city').waitFor();
    await page.fill('#root_city', 'Kota Histori');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.endsWith(`/api/data/store_warehouse/${store.store_id}`));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await page.goto(`${base}/aircraft-logistic/store-warehouse-form/${store.store_id}`);
    await page.getByTestId('history-button').click();
    const table = page.getByTestId('record-history');
    await table.waitFor();
    const first = table.locator('tbody tr').first();
    expect(await first.locator('td').nth(1).innerText()).toBe('admin');
    expect(await first.locator('td').nth(2).innerText()).toContain('Changed');
    const cityRow = table.locator('tbody tr', { hasText: 'Kota Histori' });
    expect(await cityRow.count()).toBe(1);
    expect(await cityRow.innerText()).toContain(store.city ?? '—');
    await page.screenshot({ path: join(SHOTS, 'e2e-platform-history.png') });
    await page.keyboard.press('Escape');
  });

  it('an import with one bad row previews the error and imports the rest (valid rows only)', async () => {
    await page.goto(`${base}/aircraft-logistic/store-warehouse`);
    await page.getByTestId('import-button').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.waitFor();
    const csv = 'Store Code,Store Name,City\nE2E-1,Import one,Bandung\nE2E-2,,Bogor\nE2E-3,Import three,Depok\n';
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByLabel('Valid rows only').check();
    await dialog.getByRole('button', { name: 'Preview (dry run)' }).click();
    const result = page.getByTestId('import-result');
    await result.getByText('Dry run: nothing was written.', { exact: false }).waitFor();
    expect(await result.innerText()).toContain('3 rows read, 2 would be imported, 1 with errors');
    // the error of row 3 (the second data row) at its field
    const err = result.locator('tbody tr').first();
    expect(await err.locator('td').nth(0).innerText()).toBe('3');
    expect(await err.locator('td').nth(1).innerText()).toBe('store_name');
    expect((await db().selectFrom('store_warehouse').select('store_code').where('store_code', 'like', 'E2E-%').execute()).length).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'e2e-platform-import-preview.png') });

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await result.getByText('2 imported', { exact: false }).waitFor();
    const rows = await db().selectFrom('store_warehouse').select(['store_code', 'store_name', 'city']).where('compcode', '=', 'GAT').where('store_code', 'like', 'E2E-%').orderBy('store_code').execute();
    expect(rows).toEqual([
      { store_code: 'E2E-1', store_name: 'Import one', city: 'Bandung' },
      { store_code: 'E2E-3', store_name: 'Import three', city: 'Depok' },
    ]);
    await dialog.getByRole('button', { name: 'Import log' }).click();
    await page.getByTestId('import-log').waitFor();
    expect(await page.getByTestId('import-log').locator('tbody tr').first().innerText()).toContain('Valid rows only');
    await page.screenshot({ path: join(SHOTS, 'e2e-platform-import.png') });
  });

  it('sends the shell pre-compressed and large answers compressed, as the client accepts', async () => {
    // raw bytes as sent (fetch would decompress them)
    const raw = (path: string, encoding: string, token?: string) =>
      new Promise<{ status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        get(`${base}${path}`, { headers: { 'accept-encoding': encoding, ...(token ? { authorization: `Bearer ${token}` } : {}) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
          res.on('error', reject);
        }).on('error', reject);
      });
    const dist = loadConfig().staticDir;
    const html = (await raw('/', 'identity')).body.toString();
    const script = /<script[^>]+src="\/([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toMatch(/^assets\/index-.+\.js$/);
    const js = readFileSync(join(dist, script!));
    // the build's own .br and .gz, byte for byte (made once at the best quality, not per request)
    const br = await raw(`/${script}`, 'br, gzip');
    expect([br.status, br.encoding]).toEqual([200, 'br']);
    expect(br.body.equals(readFileSync(join(dist, `${script}.br`)))).toBe(true);
    expect(brotliDecompressSync(br.body).equals(js)).toBe(true);
    expect(br.body.length).toBeLessThan(js.length / 2);
    const gz = await raw(`/${script}`, 'gzip');
    expect([gz.status, gz.encoding]).toEqual([200, 'gzip']);
    expect(gz.body.equals(readFileSync(join(dist, `${script}.gz`)))).toBe(true);
    expect(gunzipSync(gz.body).equals(js)).toBe(true);
    const plain = await raw(`/${script}`, 'identity');
    expect([plain.encoding, plain.body.equals(js)]).toEqual([undefined, true]);
    // a JSON answer above 1 KB: compressed on the fly
    const token = (await t.signIn('admin', 'admin123')).token;
    const list = await raw('/api/data/master_item?page=1&limit=100', 'br', token);
    expect([list.status, list.encoding]).toEqual([200, 'br']);
    const text = brotliDecompressSync(list.body).toString();
    expect(text.length).toBeGreaterThan(1024);
    expect((JSON.parse(text) as { list: unknown[] }).list.length).toBeGreaterThan(0);
    expect(list.body.length).toBeLessThan(text.length);
  });
});
