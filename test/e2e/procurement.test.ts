/**
 * A buyer takes one material request to a posted receipt in real Chromium, on the real server with
 * the demo data: from the approved request (created and approved through the API, as the stores
 * and the Technical Director would) the buyer creates the purchase request, canvasses two vendors in
 * the four steps, chooses the dearer one with a reason, raises the order, receives the goods and
 * posts the receipt. Approvals are given through the task API by the people the demo workflows
 * assign; everything the buyer does is done on the screens.
 *
 *   MR 5 PCS → PR 5 → CS: V1 5 @ 120.00 (rank 2), V2 5 @ 110.00 (rank 1); V1 chosen → PO 5 @ 120.00
 *   = 600.00 → receiving 5 → posted: PO complete, PR progress 3, MR progress 4.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { chooseInLookup, launchChromium, runAction, saveForm } from '../helpers/browser.ts';
import { ROOT, loadConfig } from '../../server/src/config.ts';
import { createUser } from '../../server/test/support.ts';

let t: TestApp;
let base: string;
let browser: Browser;
const shots = join(ROOT, '.tmp', 'screenshots');
const consoleErrors: string[] = [];
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};

const api = async (who: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
  const r = await t.call(method, path, { token: tok[who], body });
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};

/** The people the demo workflows assign act on the document's open assignments until it ends. */
async function approve(entity: string, key: number): Promise<void> {
  const db = t.services.database.db;
  for (let i = 0; i < 5; i++) {
    const task = await db.selectFrom('wf_task').selectAll().where('entity_name', '=', entity).where('record_key', '=', String(key)).orderBy('taskkey', 'desc').executeTakeFirstOrThrow();
    if (task.statuswf !== '100') return;
    const open = await db.selectFrom('wf_assignment as a').innerJoin('users as u', 'u.user_id', 'a.assignee').select(['a.taskassignkey', 'a.step_seq', 'u.username']).where('a.taskkey', '=', task.taskkey as number).where('a.completeddate', 'is', null).executeTakeFirstOrThrow();
    const kind = (JSON.parse(String(task.steps_snapshot)) as { seq: number; item_kind: string }[]).find((s) => s.seq === Number(open.step_seq))?.item_kind;
    await api(String(open.username), 'POST', '/api/tasktodo/doaction', { taskassignkey: open.taskassignkey, actionTake: kind === 'task' ? 'COMPLETED' : 'APPROVED', comment: 'OK' });
  }
  throw new Error(`${entity} ${key}: the workflow did not end`);
}

async function signIn(page: Page, username: string, password = 'demo1234') {
  await page.goto(`${base}/page/login`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.press('input[name="password"]', 'Enter');
  await page.waitForURL(/\/(home|modules)$/);
}

const save = saveForm;
const choose = chooseInLookup;

beforeAll(async () => {
  if (!existsSync(join(loadConfig().staticDir, 'index.html'))) throw new Error('The renderer is not built: run npm run build (npm test does).');
  mkdirSync(shots, { recursive: true });
  t = await startTestApp();
  base = await t.listen();
  browser = await launchChromium();
  // the buyer: procurement's letters, and O on the approved requests of stores (to raise the PR)
  const menus = await t.services.database.db.selectFrom('menu').select(['modulname', 'name']).execute();
  const letters: Record<string, string> = {};
  for (const m of menus) {
    if (m.modulname === 'aircraft-procurement') letters[`${m.modulname}/${m.name}`] = 'CRUDPO';
    if (m.modulname === 'aircraft-logistic') letters[`${m.modulname}/${m.name}`] = ['mr-approved', 'pr-list'].includes(String(m.name)) ? 'CRUPO' : 'R';
  }
  await createUser(t, { username: 'buyer.e2e', full_name: 'Rudi Hartono', jabatan: 'Buyer', companies: { GAT: letters } });
  for (const u of ['storekeeper', 'approver', 'procmanager', 'inspector', 'buyer.e2e']) {
    const s = await t.signIn(u, 'demo1234');
    tok[u] = s.token;
    await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'GAT' } });
  }
  const db = t.services.database.db;
  ids.item = Number((await db.selectFrom('master_item').select('item_id').where('compcode', '=', 'GAT').where('unit', '=', 'PCS').where('tracking', '=', 'none').orderBy('item_id').executeTakeFirstOrThrow()).item_id);
  for (const code of ['E2E1', 'E2E2']) {
    const v = await api('buyer.e2e', 'POST', '/api/data/vendor', { vendor_code: code, vendor_name: `Vendor ${code}`, country: 'Indonesia', approval_status: 'APPROVED', approval_expiry: '2099-12-31', currency: 'USD' });
    ids[code] = v.data.vendor_id;
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('procurement in Chromium', () => {
  it('a buyer takes one MR to a posted receipt', { timeout: 600_000 }, async () => {
    const db = t.services.database.db;
    const item = await db.selectFrom('master_item').select(['partnumber']).where('item_id', '=', ids.item).executeTakeFirstOrThrow();
    const store = await db.selectFrom('store_warehouse').select(['store_id', 'store_name']).where('compcode', '=', 'GAT').where('store_code', '=', 'CGK-H4').executeTakeFirstOrThrow();
    // the approved request the buyer starts from
    const mr = (await api('storekeeper', 'POST', '/api/aircraft-mrequest', { jasa: 0, registration: 'PK-GTB', remark: 'e2e: main wheel brakes', lines: [{ linetype: 1, item: ids.item, quantity: 5, description: 'Brake assembly' }] })).data;
    await api('storekeeper', 'POST', '/api/data/material_request/action/send_material_request', { key: mr.requestkey });
    await approve('material_request', mr.requestkey);

    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message} @ ${page.url()}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) consoleErrors.push(`${m.text()} @ ${page.url()}`);
    });
    await signIn(page, 'buyer.e2e');

    // 1. the purchase request, from the approved request's list
    await page.goto(`${base}/aircraft-logistic/mr-approved`);
    await page.locator('tbody tr', { hasText: mr.requestno }).click();
    const made = await runAction(page, 'Create Purchase Request');
    expect(made.message).toBe(`${made.prno} created from ${mr.requestno} (1 line(s))`);
    await page.goto(`${base}/aircraft-procurement/pr-form/${made.prkey}`);
    await page.locator('section[data-lines="lines"] tbody tr').first().waitFor();
    expect(await page.locator('#root_lines_0_lineref').inputValue()).toBe(`${made.prno}/1`);
    expect(await page.locator('#root_lines_0_quantity').inputValue()).toBe('5.00');
    await runAction(page, 'Send to Workflow');
    await approve('purchase_request', made.prkey);

    // 2. canvassing, step 1: the RFQ to two vendors
    await page.reload();
    const cs = await runAction(page, 'Create Canvass Sheet');
    // the answer offers the new document: its form under its key
    const open = page.locator('[data-testid="action-result"] a', { hasText: /^Open / }).first();
    await open.waitFor();
    expect(await open.getAttribute('href')).toMatch(new RegExp(`^/aircraft-procurement/[a-z0-9-]+/${cs.csheetkey}$`));
    await page.goto(`${base}/aircraft-procurement/bidding-step1of4/${cs.csheetkey}`);
    const vendors = page.locator('section[data-lines="vendors"]');
    await vendors.waitFor();
    while ((await vendors.locator('tbody tr').count()) > 0) await vendors.getByRole('button', { name: 'Remove line 1', exact: true }).click();
    for (const [i, code] of ['E2E1', 'E2E2'].entries()) {
      await vendors.getByRole('button', { name: '+ Add line' }).click();
      await choose(page, vendors, `Choose Vendor (line ${i + 1})`, `Vendor ${code}`);
    }
    await save(page);
    const rfq = await runAction(page, 'Issue RFQ');
    expect(rfq.rfq).toBe(`RFQ-${cs.csno}-1, RFQ-${cs.csno}-2`);

    // step 2: the quotations: Issue RFQ made one line per invited vendor with the item and the
    // quantity asked (decision 0290); only each vendor's price is typed. The answer leads there.
    const toStep2 = page.locator('[data-testid="action-result"] a', { hasText: /^Open / });
    await expect.poll(() => toStep2.count()).toBe(1);
    expect(await toStep2.textContent()).toBe('Open Canvass Sheet - Step 2 of 4 (Quotation Entry)');
    await toStep2.click();
    await page.waitForURL(`${base}/aircraft-procurement/bidding-step2of4/${cs.csheetkey}`);
    const quotes = page.locator('section[data-lines="quotes"]');
    await quotes.waitFor();
    await expect.poll(() => quotes.locator('tbody tr').count()).toBe(2);
    // a quotation line's Vendor lookup offers exactly the two vendors invited on this sheet
    await quotes.getByRole('button', { name: 'Choose Vendor (line 1)', exact: true }).click();
    const dialog = page.locator('[data-testid="lookup-dialog"]');
    await expect.poll(() => dialog.locator('tbody tr').count()).toBe(2);
    expect((await dialog.locator('tbody tr').allTextContents()).map((r) => /Vendor E2E\d/.exec(r)?.[0]).sort()).toEqual(['Vendor E2E1', 'Vendor E2E2']);
    await page.screenshot({ path: join(shots, 'procurement-invited-vendors.png'), fullPage: true });
    await page.getByRole('dialog', { name: 'Select Vendor (line 1)' }).locator('button', { hasText: /^Close$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const quoted = (await api('buyer.e2e', 'GET', `/api/data/canvass_sheet/${cs.csheetkey}`)).data.quotes as { vendor: number; quantity: number; partnumber_offered: string }[];
    expect(quoted.map((q) => q.vendor).sort()).toEqual([ids.E2E1, ids.E2E2].sort());
    expect(quoted.map((q) => q.partnumber_offered)).toEqual([item.partnumber, item.partnumber]);
    expect(quoted.map((q) => Number(q.quantity))).toEqual([5, 5]);
    const at = (code: string) => quoted.findIndex((q) => q.vendor === ids[code]);
    for (const [code, price] of [['E2E1', '120'], ['E2E2', '110']] as const) {
      const i = at(code);
      expect(await page.locator(`#root_quotes_${i}_quantity`).inputValue()).toBe('5.00');
      await page.fill(`#root_quotes_${i}_unit_price`, price);
    }
    await save(page);
    await runAction(page, 'Compare Quotations');

    // step 3: the comparison sheet ranks them by price; the answer leads there
    const toStep3 = page.locator('[data-testid="action-result"] a', { hasText: /^Open / });
    await expect.poll(() => toStep3.textContent()).toBe('Open Canvass Sheet - Step 3 of 4 (Comparison Sheet)');
    await toStep3.click();
    await page.waitForURL(`${base}/aircraft-procurement/bidding-step3of4/${cs.csheetkey}`);
    await page.locator('section[data-lines="quotes"] tbody tr').first().waitFor();
    await expect.poll(() => page.locator(`#root_quotes_${at('E2E1')}_price_rank`).inputValue()).toBe('2');
    expect(await page.locator(`#root_quotes_${at('E2E2')}_price_rank`).inputValue()).toBe('1');
    await page.screenshot({ path: join(shots, 'procurement-comparison.png'), fullPage: true });

    // step 4: Go to Choice leads there; the dearer vendor, with the reason, sent for approval
    await runAction(page, 'Go to Choice');
    const toStep4 = page.locator('[data-testid="action-result"] a', { hasText: /^Open / });
    await expect.poll(() => toStep4.textContent()).toBe('Open Canvass Sheet - Step 4 of 4 (Choice)');
    await toStep4.click();
    await page.waitForURL(`${base}/aircraft-procurement/bidding-step4of4/${cs.csheetkey}`);
    await page.locator(`#root_quotes_${at('E2E1')}_selected`).check();
    await page.selectOption('#root_award_basis', { label: 'Best overall value' });
    await page.fill('#root_award_remark', 'Vendor E2E1 ships from stock with an EASA Form 1; E2E2 needs six weeks.');
    await save(page);
    await runAction(page, 'Send to Workflow');
    await approve('canvass_sheet', cs.csheetkey);

    // 3. the order, with the chosen vendor's price
    await page.reload();
    const po = await runAction(page, 'Create Purchase Orders');
    await page.goto(`${base}/aircraft-procurement/purchase-order-form/${po.pokey}`);
    await page.locator('section[data-lines="lines"] tbody tr').first().waitFor();
    expect(await page.locator('#root_lines_0_unit_price').inputValue()).toBe('120.00');
    await choose(page, page, 'Choose Deliver To', String(store.store_name));
    const order = await save(page);
    expect(order.total_amount).toBe(600);
    await runAction(page, 'Send to Workflow');
    await approve('purchase_order', po.pokey);

    // 4. the goods received, inspected and posted
    await page.reload();
    const rcv = await runAction(page, 'Receive Goods');
    await page.goto(`${base}/aircraft-procurement/receiving-form/${rcv.rcvkey}`);
    await page.locator('section[data-lines="lines"] tbody tr').first().waitFor();
    expect(await page.locator('#root_lines_0_quantity').inputValue()).toBe('5.00');
    await runAction(page, 'Send to Workflow');
    await approve('receiving', rcv.rcvkey);
    await page.reload();
    await runAction(page, 'Post');
    await page.reload();
    const shown = (id: string) => page.locator(`${id} option:checked`).textContent();
    await expect.poll(() => shown('#root_posted')).toBe('Posted');
    await page.screenshot({ path: join(shots, 'procurement-receiving-posted.png'), fullPage: true });

    // the chain followed: PO complete, PR progress 3 (Receiving), MR progress 4 (Receiving)
    await page.goto(`${base}/aircraft-procurement/purchase-order-form/${po.pokey}`);
    await expect.poll(() => shown('#root_outstand')).toBe('Close/Complete');
    await page.goto(`${base}/aircraft-procurement/pr-form/${made.prkey}`);
    await expect.poll(() => shown('#root_progress')).toBe('Receiving');
    await page.goto(`${base}/aircraft-logistic/mr-form/${mr.requestkey}`);
    await expect.poll(() => shown('#root_progress')).toBe('Receiving');
    expect(await page.locator('#root_lines_0_qty_received').inputValue()).toBe('5.00');
    await page.goto(`${base}/aircraft-procurement/pr-history-status`);
    await page.locator('tbody tr', { hasText: `${made.prno}/1` }).filter({ hasText: 'Received' }).waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
