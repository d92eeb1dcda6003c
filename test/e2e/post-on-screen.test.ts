/**
 * Post takes what the screen shows (issue 37 point 11, decisions 0375–0377), in Chromium at
 * 1400×900 as the demo storekeeper of GAT:
 * - a receipt from an approved PO (line A: 4 × OP-E2E-NON; line B: 2 × OP-E2E-SER,
 *   serial-numbered) was saved with three kinds of problems: line 1 receives 5 of A's 4 (over-receipt),
 *   line 2 a serial part without its release certificate (four fields), line 3 one without its
 *   serial number. Post (without editing): one refusal, every problem marked at its cell at once
 *   (line 1 quantity, line 2's four certificate cells, line 3 serial), the first brought into view,
 *   the toast naming the places only; nothing posted.
 * - a quantity of 0 typed on screen (the schema's minimum is 0.01): Post asks nothing and sends
 *   nothing, the cell says why.
 * - the problems mended on screen (quantity 4, the certificate of line 2, S/N on line 3): each cell
 *   changed loses its mark at once; Post pressed without Save: one request carrying the edits as `save`, posted; the stored receipt has
 *   the certificate typed on screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchChromium, signedInPage } from '../helpers/browser.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createUser } from '../../server/test/support.ts';

let t: TestApp;
let base: string;
let browser: Browser;
let receipt: Record<string, any>;
const shots = '.tmp/screenshots';
const db = () => t.services.database.db;

beforeAll(async () => {
  if (!existsSync(join(loadConfig().staticDir, 'index.html'))) throw new Error('The renderer is not built: run npm run build (npm test does).');
  mkdirSync(shots, { recursive: true });
  t = await startTestApp();
  base = await t.listen();
  browser = await launchChromium();
  const d = db();
  const category = await d.selectFrom('master_item_category').select('id').where('compcode', '=', 'GAT').where('code', '=', 'EXP').executeTakeFirstOrThrow();
  const item: Record<string, number> = {};
  for (const [pn, tracking] of [['OP-E2E-NON', 'none'], ['OP-E2E-SER', 'serial']] as const) {
    item[pn] = Number(
      (await d.insertInto('master_item').values({ compcode: 'GAT', partnumber: pn, itemname: `Test part ${pn}`, category: category.id, tracking, unit: 'PCS', active: true, created_by: 'test' }).returning('item_id').executeTakeFirstOrThrow()).item_id,
    );
  }
  const store = Number((await d.selectFrom('store_warehouse').select('store_id').where('compcode', '=', 'GAT').where('store_code', '=', 'CGK-H4').executeTakeFirstOrThrow()).store_id);
  const vendor = Number((await d.selectFrom('vendor').select('vendor_id').where('compcode', '=', 'GAT').where('vendor_code', '=', 'HON').executeTakeFirstOrThrow()).vendor_id);
  await createUser(t, { username: 'ops.boss', companies: { GAT: 'administrator' } });
  const boss = (await t.signIn('ops.boss', 'demo1234')).token;
  const po = await t.call('POST', '/api/data/purchase_order', {
    token: boss,
    body: {
      podate: '2026-11-01',
      vendor,
      currency: 'USD',
      lines: [
        { item: item['OP-E2E-NON'], quantity: 4, unit_price: 10, condition: 'NE', unit: 'PCS' },
        { item: item['OP-E2E-SER'], quantity: 2, unit_price: 500, condition: 'NE', unit: 'PCS' },
      ],
    },
  });
  expect(po.status, JSON.stringify(po.body)).toBe(200);
  await d.updateTable('purchase_order').set({ statuswf: '111' }).where('pokey', '=', po.body.data.pokey).execute();
  const [a, b] = po.body.data.lines;
  const line = (po_line: number, pn: string, quantity: number, extra: Record<string, unknown>) => ({ po_line, item: item[pn], store, quantity, condition: 'NE', unit: 'PCS', ...extra });
  // the third line's certificate type: GAT's Certificate of Conformity
  const coc = Number((await d.selectFrom('arc_status').select('id').where('compcode', '=', 'GAT').where('code', '=', 'COC').executeTakeFirstOrThrow()).id);
  const sk = (await t.signIn('storekeeper', 'demo1234')).token;
  const r = await t.call('POST', '/api/data/inventory_receipt', {
    token: sk,
    body: {
      receiptdate: '2026-11-09',
      source: 'PO',
      purchase_order: po.body.data.pokey,
      lines: [
        line(a.podtlkey, 'OP-E2E-NON', 5, {}),
        line(b.podtlkey, 'OP-E2E-SER', 1, { serial_number: 'E2E-S-1' }),
        line(b.podtlkey, 'OP-E2E-SER', 1, { certificate_type: coc, certificate_no: 'F1-E2E-2', certificate_date: '2026-11-01', certificate_issuer: 'Honeywell Singapore' }),
      ],
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  receipt = r.body.data;
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function choose(page: Page, button: string, text: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="lookup-filter"]').fill(text);
  await dialog.locator('input[name="lookup-filter"]').press('Enter');
  await dialog.locator('tbody tr', { hasText: text }).first().click();
  await dialog.waitFor({ state: 'detached' });
}

const cell = (page: Page, line: number, field: string) => page.locator('section[data-lines="lines"] tbody tr').nth(line).locator('td', { has: page.locator(`#root_lines_${line}_${field}`) });

describe('Post takes what the screen shows', () => {
  it('marks every problem at its cell at once, then posts the edits typed on screen without Save', { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, base, 'storekeeper', 'demo1234', { width: 1400, height: 900 });
    await page.goto(`${base}/aircraft-logistic/edit-inventory-receipt/${receipt.receiptkey}`);
    await page.locator('#root_lines_2_serial_number').waitFor();

    // Post as saved: one refusal naming all three kinds of problems
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/action/post_inventory_receipt'));
    await page.getByRole('dialog').getByRole('button', { name: 'OK', exact: true }).click();
    expect((await refused).status()).toBe(400);
    await cell(page, 0, 'quantity').locator('.field-error').waitFor();
    expect(await cell(page, 0, 'quantity').locator('.field-error').innerText()).toMatch(/^Over-receipt on PO line .+: 4 ordered, 0 already received, 5 more would exceed the order\.$/);
    for (const f of ['certificate_no', 'certificate_date', 'certificate_issuer']) expect(await cell(page, 1, f).getAttribute('class')).toContain('has-error');
    expect(await cell(page, 1, 'certificate_no').locator('.field-error').innerText()).toBe('is required: the release certificate number');
    expect(await cell(page, 2, 'serial_number').locator('.field-error').innerText()).toBe('is required: OP-E2E-SER is serial-numbered');
    // the first marked cell is brought into view (the grid scrolls sideways to it)
    const first = await page.locator('.generic-form .has-error').first().evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight;
    });
    expect(first).toBe(true);
    const toast = page.locator('.toast', { hasText: 'problems, each marked at its field' }).first();
    expect(await toast.locator('.toast-title').innerText()).toBe('Please fill the form correctly.');
    expect(await toast.locator('.toast-text').innerText()).toMatch(/^6 problems, each marked at its field: /);
    await page.screenshot({ path: join(shots, 'post-on-screen-refused.png') });
    await page.locator('#root_lines_1_certificate_no').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'post-on-screen-refused-certificates.png') });
    expect((await db().selectFrom('inventory_receipt').select('posted').where('receiptkey', '=', receipt.receiptkey).executeTakeFirstOrThrow()).posted).toBe(0);

    // a value the schema refuses, typed on screen: nothing asked, nothing sent, the cell says why
    let sent = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/action/post_inventory_receipt')) sent++;
    });
    await page.fill('#root_lines_0_quantity', '0');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await cell(page, 0, 'quantity').locator('.field-error').waitFor();
    expect(await cell(page, 0, 'quantity').locator('.field-error').innerText()).not.toMatch(/Over-receipt/);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(sent).toBe(0);

    // mended on screen, posted without Save: the edits go with the Post, in its transaction
    await page.fill('#root_lines_0_quantity', '4');
    await choose(page, 'Choose Certificate Type (line 2)', 'Conformity');
    await page.fill('#root_lines_1_certificate_no', 'F1-E2E-1');
    await page.fill('#root_lines_1_certificate_date', '2026-11-01');
    await page.fill('#root_lines_1_certificate_issuer', 'Honeywell Singapore');
    await page.fill('#root_lines_2_serial_number', 'E2E-S-2');
    // a cell changed on screen is no longer marked wrong (the certificate does not stay red "is required")
    for (const [line, f] of [[0, 'quantity'], [1, 'certificate_no'], [1, 'certificate_issuer'], [2, 'serial_number']] as const) expect(await cell(page, line, f).locator('.field-error').count()).toBe(0);
    await page.screenshot({ path: join(shots, 'post-on-screen-mended.png') });
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const posted = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/action/post_inventory_receipt'));
    await page.getByRole('dialog').getByRole('button', { name: 'OK', exact: true }).click();
    const answer = await posted;
    expect(answer.status(), await answer.text()).toBe(200);
    const body = answer.request().postDataJSON() as { key: number; save?: { version: number; lines: Record<string, unknown>[] } };
    expect(body.save?.version).toBe(receipt.version);
    expect(body.save?.lines.map((l) => [Number(l.quantity), l.serial_number ?? null, l.certificate_no ?? null])).toEqual([
      [4, null, null],
      [1, 'E2E-S-1', 'F1-E2E-1'],
      [1, 'E2E-S-2', 'F1-E2E-2'],
    ]);
    await page.getByText('Posting: Posted', { exact: true }).waitFor();
    expect(await page.locator('.generic-form .has-error').count()).toBe(0);
    await page.screenshot({ path: join(shots, 'post-on-screen-posted.png') });
    const stored = await db().selectFrom('inventory_receipt_line').select(['certificate_no', 'certificate_issuer', 'serial_number', 'quantity']).where('receipt', '=', receipt.receiptkey).orderBy('receiptdtlkey').execute();
    expect(stored.map((l) => [Number(l.quantity), l.serial_number, l.certificate_no])).toEqual([
      [4, null, null],
      [1, 'E2E-S-1', 'F1-E2E-1'],
      [1, 'E2E-S-2', 'F1-E2E-2'],
    ]);
    expect((await db().selectFrom('inventory_receipt').select('posted').where('receiptkey', '=', receipt.receiptkey).executeTakeFirstOrThrow()).posted).toBe(1);
    await page.context().close();
  });
});
