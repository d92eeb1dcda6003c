/**
 * Approvals end to end in real Chromium against the real server (built renderer, demo data):
 * a storekeeper creates a material request with three lines on the mr-form screen and sends it
 * with an attachment → the approver's bell rises without a reload (socket) → the approver opens it
 * from home's Things to do and routes it to a colleague through the user pick → the colleague
 * approves → the requestor sees 111 APPROVED with the whole history, and its printed PDF preview
 * shows the lines. Then a rejection, and a company switch pushed over the socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { ROOT, loadConfig } from '../../server/src/config.ts';

let t: TestApp;
let base: string;
let browser: Browser;
const shots = join(ROOT, '.tmp', 'screenshots');
const contexts: BrowserContext[] = [];

/** Console errors of every page, except failed loads the scenario causes on purpose. */
const consoleErrors: string[] = [];

async function fresh(): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${m.text()} @ ${page.url()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message} @ ${page.url()}`));
  return page;
}

async function signIn(page: Page, username: string, password = 'demo1234') {
  await page.goto(`${base}/page/login`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.press('input[name="password"]', 'Enter');
  await page.waitForURL(/\/(home|modules)$/);
}

const toast = (page: Page, text: string) => page.locator('[role="status"], [role="alert"], .toast').filter({ hasText: text }).first();

/** The bell's total (0 when no badge), read after its 1 second delay has passed. */
async function bellCount(page: Page): Promise<number> {
  const badge = page.locator('[data-testid="bell-count"]');
  return (await badge.count()) ? Number((await badge.textContent())?.trim() ?? 0) : 0;
}

/** Fetches a PDF preview address (iframe src) and returns its text (pdftotext), whitespace folded. */
/** A description as pdftotext reads it: its words in order, at most two words of the next column between. */
let wrapped: (d: string) => RegExp;

async function pdfText(src: string): Promise<{ head: string; text: string }> {
  const res = await fetch(new URL(src, base));
  expect(res.status).toBe(200);
  const buf = Buffer.from(await res.arrayBuffer());
  const dir = mkdtempSync(join(tmpdir(), 'appr-pdf-'));
  try {
    const file = join(dir, 'preview.pdf');
    writeFileSync(file, buf);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    return { head: buf.subarray(0, 5).toString('latin1'), text: text.replace(/\s+/g, ' ') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Sends a request to its workflow from the requestor's browser (multipart, with one attachment). */
async function sendToWorkflow(page: Page, requestkey: number, filename: string, content: string) {
  return page.evaluate(
    async ({ key, name, text }) => {
      const fd = new FormData();
      fd.append('requestkey', String(key));
      fd.append('file', new Blob([text], { type: 'text/plain' }), name);
      const r = await fetch('/api/aircraft-mrequest/send2wf', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
        body: fd,
      });
      return { status: r.status, body: (await r.json()) as { success: number; message: string; taskkey: number } };
    },
    { key: requestkey, name: filename, text: content },
  );
}

beforeAll(async () => {
  if (!existsSync(join(loadConfig().staticDir, 'index.html'))) throw new Error('The renderer is not built: run npm run build (npm test does).');
  mkdirSync(shots, { recursive: true });
  t = await startTestApp();
  base = await t.listen();
  browser = await launchChromium();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

describe('approvals in Chromium', () => {
  const LINES = [
    { part: '1864M90P04', description: 'HPT blade borescope finding', quantity: '4' },
    { part: '2612312-2', description: 'Brake assembly worn to limit', quantity: '2' },
    { part: '3072165-01', description: 'Fuel nozzle coking found', quantity: '6' },
  ];

  it('MR with three lines → bell rises live → approver routes it from Things to do → colleague approves → requestor sees 111, the history and the printed lines', { timeout: 300_000 }, async () => {
    // the approver is signed in beforehand, on home, in a browser of their own
    const approver = await fresh();
    await signIn(approver, 'approver');
    await approver.goto(`${base}/home`);
    await approver.locator('[data-testid="todo-table"]').waitFor();
    // below the things to do: the company's approvals waiting per step (chart.js, lazy)
    const waiting = approver.locator('[data-slot="approvals-waiting"] canvas');
    await waiting.waitFor();
    expect((await waiting.boundingBox())?.height ?? 0).toBeGreaterThan(50);
    await approver.locator('[data-slot="approvals-waiting"]').screenshot({ path: join(shots, 'home-approvals-waiting.png') });
    await approver.waitForTimeout(1500); // the bell shows its count after 1 s
    const bellBefore = await bellCount(approver);

    // 1. the requestor creates the request with three lines on the mr-form screen
    const requestor = await fresh();
    await signIn(requestor, 'storekeeper');
    await requestor.goto(`${base}/aircraft-logistic/mr-form`);
    await requestor.fill('#root_requestdate', new Date().toISOString().slice(0, 10));
    await requestor.getByRole('button', { name: 'Choose Requested By' }).click();
    await requestor.getByRole('dialog').locator('tbody tr', { hasText: 'storekeeper' }).first().click();
    await requestor.fill('#root_registration', 'PK-GTB');
    await requestor.fill('#root_remark', 'C-check findings, bay 2');
    for (const [i, line] of LINES.entries()) {
      await requestor.getByRole('button', { name: '+ Add line' }).click();
      await requestor.selectOption(`#root_lines_${i}_linetype`, { label: 'Master Item' });
      await requestor.getByRole('button', { name: `Choose Master Item (line ${i + 1})` }).click();
      await requestor.getByRole('dialog').locator('tbody tr', { hasText: line.part }).first().click();
      await requestor.fill(`#root_lines_${i}_description`, line.description);
      await requestor.fill(`#root_lines_${i}_quantity`, line.quantity);
    }
    const saved = requestor.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/api/data/material_request'));
    await requestor.getByRole('button', { name: 'Save', exact: true }).click();
    const savedRes = await saved;
    expect(savedRes.status()).toBe(200);
    const mr = ((await savedRes.json()) as { data: { requestkey: number; requestno: string; lines: unknown[] } }).data;
    expect(mr.requestno).toMatch(/^MR-/);
    expect(mr.lines).toHaveLength(3);

    // 2. … and sends it with an attachment
    const sent = await sendToWorkflow(requestor, mr.requestkey, 'quotation-bay2.txt', 'Vendor quotation for the C-check findings');
    expect(sent.status).toBe(200);
    expect(sent.body.success).toBe(1);

    // 3. the approver's bell rises and Things to do lists it, without a reload
    await expect.poll(() => bellCount(approver), { timeout: 15_000 }).toBeGreaterThan(bellBefore);
    const todoRow = approver.locator('[data-testid="todo-table"] tbody tr', { hasText: mr.requestno });
    await todoRow.waitFor({ timeout: 15_000 });
    await approver.locator('[data-testid="bell-count"]').click();
    await expect.poll(() => approver.locator('[data-testid="bell-item"]').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Pending Task'), expect.stringContaining('UnPosted Receiving')]),
    );
    // the active company's seven kinds by name (GAT, Reliability Alerts included); the approver's
    // CTA tasks follow under Citra Aviation (decision 0256)
    expect((await approver.locator('[data-testid="bell-item"][data-compcode="GAT"]').allTextContents()).map((x) => x.replace(/\d+$/, ''))).toEqual([
      'Pending Task', 'Material Request', 'MR Items Closed', 'Purchase Request', 'PR Items Rejected', 'UnPosted Receiving', 'Reliability Alerts',
    ]);
    expect(await approver.locator('[data-testid="bell-item"][data-compcode="CTA"]').count()).toBeGreaterThan(0);
    await approver.keyboard.press('Escape');
    await approver.locator('h1').click(); // closes the dropdown
    await approver.locator('[data-testid="todo-table"]').scrollIntoViewIfNeeded();
    await approver.screenshot({ path: join(shots, 'approvals-home-todo.png') });

    // 4. the approver opens it from Things to do: header, attachment, history and print preview
    await todoRow.click();
    await approver.waitForURL(/\/approval-form\/\d+\/\d+$/);
    await toast(approver, 'Loading Appoval/Task Detail, please wait').waitFor();
    await approver.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    for (const name of ['Review', 'Routing', 'Reject']) await approver.getByRole('button', { name, exact: true }).waitFor();
    expect(await approver.getByRole('button', { name: 'Complete', exact: true }).count()).toBe(0);
    expect(await approver.locator('#appr-document-name').inputValue()).toBe(`Material Request ${mr.requestno}`);
    expect(await approver.locator('#appr-requested-by').inputValue()).toBe('Budi Santoso');
    expect(await approver.locator('#appr-department').inputValue()).toBe('Stores');
    await approver.locator('[data-testid="attachment-list"]').getByText('quotation-bay2.txt').waitFor();
    // the queuing panel is in the page but hidden: no button opens it
    expect(await approver.locator('[data-testid="queuing-panel"]').count()).toBe(1);
    expect(await approver.locator('[data-testid="queuing-panel"]').isVisible()).toBe(false);
    const sideFrame = approver.locator('.approval-side [data-testid="pdf-preview"]');
    await sideFrame.waitFor();
    const sidePdf = await pdfText((await sideFrame.getAttribute('src')) ?? '');
    expect(sidePdf.head).toBe('%PDF-');
    // each line's description, its words in order (a cell wraps a long one; the next column's text falls between)
    wrapped = (d: string) => new RegExp(d.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+(?:\\S+\\s+){0,2}?'));
    for (const line of LINES) expect(sidePdf.text).toMatch(wrapped(line.description));

    // the project budget is not linked; the department budget opens in a modal
    await approver.getByRole('button', { name: 'View Project/Production Budget' }).click();
    await toast(approver, 'it is not related to Budget Production/Project').waitFor();
    await approver.getByRole('button', { name: 'View Budget' }).click();
    await approver.locator('[data-testid="budget-view"]').getByText('Spare parts and rotables').waitFor();
    await approver.keyboard.press('Escape');

    // an action without a comment is refused with the spec's warning
    await approver.getByRole('button', { name: 'Approve', exact: true }).click();
    await toast(approver, 'Please fill the form correctly.').waitFor();
    await toast(approver, 'FORM ENTRY - VALIDATION').waitFor();

    // 5. routing to a colleague picked in the user list
    await approver.getByRole('button', { name: 'Routing', exact: true }).click();
    const routing = approver.locator('[data-testid="routing-panel"]');
    await routing.waitFor();
    await routing.getByRole('button', { name: 'Pick a user' }).click();
    const pick = approver.locator('[data-testid="user-pick"]');
    await pick.locator('tbody tr').first().waitFor();
    await pick.getByText(/Showing 1 to \d+ of \d+ entries/).waitFor();
    await pick.locator('input[name="username"]').fill('engineer');
    await pick.locator('input[name="username"]').press('Enter');
    await expect.poll(() => pick.locator('tbody tr').count()).toBe(1);
    await pick.locator('tbody tr', { hasText: 'Dewi Lestari' }).click();
    await expect.poll(() => approver.locator('#appr-route-to').inputValue()).toBe('Dewi Lestari (engineer)');
    await approver.locator('#appr-route-comment').fill('Please check the blade findings against the AMM limits.');
    await approver.screenshot({ path: join(shots, 'approvals-routing.png') });
    await routing.getByRole('button', { name: 'Proceed Routing' }).click();
    await toast(approver, 'ROUTING saved').waitFor();
    // the form closes back to where it was opened from, and the task has left the list
    await approver.waitForURL(/\/home$/);
    await approver.locator('[data-testid="todo-table"]').waitFor();
    await expect.poll(() => approver.locator('[data-testid="todo-table"] tbody tr', { hasText: mr.requestno }).count()).toBe(0);

    // 6. the colleague approves it from the approval list
    const colleague = await fresh();
    await signIn(colleague, 'engineer');
    await colleague.goto(`${base}/approval-list`);
    const myRow = colleague.locator('[data-testid="my-pending"] tbody tr', { hasText: mr.requestno });
    await myRow.waitFor();
    await colleague.screenshot({ path: join(shots, 'approvals-list.png') });
    await myRow.click();
    await colleague.waitForURL(/\/approval-form\/\d+\/\d+$/);
    const history = colleague.locator('[data-testid="history-table"]');
    await history.getByText('ROUTING').waitFor();
    await history.getByText('Please check the blade findings against the AMM limits.').waitFor();
    await colleague.locator('#appr-comment').fill('Blades within limits after re-inspection; approved.');
    await colleague.screenshot({ path: join(shots, 'approvals-form.png') });
    await colleague.getByRole('button', { name: 'Approve', exact: true }).click();
    await toast(colleague, 'APPROVED saved').waitFor();
    await colleague.waitForURL(/\/approval-list$/);
    await expect.poll(() => colleague.locator('[data-testid="my-pending"] tbody tr', { hasText: mr.requestno }).count()).toBe(0);

    // 7. the requestor sees the request approved with its whole history
    await requestor.goto(`${base}/requisition-view?key=${mr.requestkey}`);
    await expect.poll(() => requestor.locator('[data-testid="req-status"]').textContent()).toBe('111 APPROVED');
    expect(await requestor.locator('[data-testid="req-no"]').inputValue()).toBe(mr.requestno);
    const lines = requestor.locator('[data-testid="req-lines"] tbody tr');
    await expect.poll(() => lines.count()).toBe(3);
    for (const line of LINES) await lines.filter({ hasText: line.description }).filter({ hasText: line.part }).waitFor();
    const reqHistory = requestor.locator('[data-testid="history-table"] tbody tr');
    await expect.poll(() => reqHistory.count()).toBe(2);
    await reqHistory.nth(0).filter({ hasText: 'Hendra Gunawan' }).filter({ hasText: 'ROUTING' }).waitFor();
    await reqHistory.nth(1).filter({ hasText: 'Dewi Lestari' }).filter({ hasText: 'APPROVED' }).filter({ hasText: 'Blades within limits' }).waitFor();
    await requestor.screenshot({ path: join(shots, 'approvals-requisition.png'), fullPage: true });

    // 8. its printed PDF preview opens and shows the lines
    await requestor.getByRole('button', { name: 'Print', exact: true }).click();
    const dialog = requestor.getByRole('dialog');
    const frame = dialog.locator('[data-testid="pdf-preview"]');
    await frame.waitFor();
    const printed = await pdfText((await frame.getAttribute('src')) ?? '');
    expect(printed.head).toBe('%PDF-');
    expect(printed.text).toContain(mr.requestno);
    for (const line of LINES) expect(printed.text).toMatch(wrapped(line.description));
    await requestor.screenshot({ path: join(shots, 'approvals-print.png') });
  });

  it('rejection: the approver rejects from the approval list and the requestor sees 110 REJECTED', { timeout: 180_000 }, async () => {
    const sk = await t.signIn('storekeeper', 'demo1234');
    const item = await t.call('GET', '/api/data/material_request_line/lookup/item?q=2206200-4', { token: sk.token });
    expect(item.status).toBe(200);
    const created = await t.call('POST', '/api/aircraft-mrequest', {
      token: sk.token,
      body: { jasa: 0, registration: 'PK-GTC', remark: 'Air cycle machine spare', lines: [{ linetype: 1, item: item.body.list[0].key, quantity: 1, description: 'ACM for stock' }] },
    });
    expect(created.status).toBe(200);
    const mr = created.body.data as { requestkey: number; requestno: string };
    const requestor = await fresh();
    await signIn(requestor, 'storekeeper');
    const sent = await sendToWorkflow(requestor, mr.requestkey, 'acm-quote.txt', 'ACM quotation');
    expect(sent.status).toBe(200);

    const approver = await fresh();
    await signIn(approver, 'approver');
    await approver.goto(`${base}/approval-list`);
    const row = approver.locator('[data-testid="my-pending"] tbody tr', { hasText: mr.requestno });
    await row.waitFor();
    await row.click();
    await approver.getByRole('button', { name: 'Reject', exact: true }).waitFor();
    await approver.locator('#appr-comment').fill('Not needed: a serviceable ACM is in the bonded store.');
    await approver.getByRole('button', { name: 'Reject', exact: true }).click();
    await toast(approver, 'REJECTED saved').waitFor();
    await approver.waitForURL(/\/approval-list$/);
    await expect.poll(() => approver.locator('[data-testid="my-pending"] tbody tr', { hasText: mr.requestno }).count()).toBe(0);

    await requestor.goto(`${base}/requisition-view?key=${mr.requestkey}`);
    await expect.poll(() => requestor.locator('[data-testid="req-status"]').textContent()).toBe('110 REJECTED');
    await requestor
      .locator('[data-testid="history-table"] tbody tr')
      .filter({ hasText: 'REJECTED' })
      .filter({ hasText: 'Not needed: a serviceable ACM is in the bonded store.' })
      .waitFor();

    // the action is gone from the form once acted on: opening it again shows no buttons
    const again = await t.call('GET', `/api/tasktodo/history/${sent.body.taskkey}`, { token: sk.token });
    const key = again.body.data[0].taskassignkey as number;
    await approver.goto(`${base}/approval-form/${key}/${sent.body.taskkey}`);
    await approver.locator('[data-testid="cannot-act"]').waitFor();
    expect(await approver.getByRole('button', { name: 'Reject', exact: true }).count()).toBe(0);
  });

  it('a switchcompany message for this user switches the company of an open tab', { timeout: 120_000 }, async () => {
    const page = await fresh();
    await signIn(page, 'engineer');
    await page.goto(`${base}/home`);
    await page.locator('[data-testid="todo-table"]').waitFor();
    await page.waitForTimeout(1000);
    const before = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}') as { compcode: string; user_id: number });
    expect(before.compcode).toBe('GAT');
    // the same user switches company elsewhere (another device)
    const other = await t.signIn('engineer', 'demo1234');
    const res = await t.call('PUT', `/api/users/ulc/${before.user_id}`, { token: other.token, body: { compcode: 'CTA' } });
    expect(res.status).toBe(200);
    await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { compcode: string }).compcode), { timeout: 15_000 }).toBe('CTA');
    await toast(page, 'Company switched to').waitFor();
  });

  it('signed in to the holding, the bell and home list the GAT and CTA tasks by company; opening one switches company with a notice', { timeout: 180_000 }, async () => {
    const db = t.services.database.db;
    const approverId = Number((await db.selectFrom('users').select('user_id').where('username', '=', 'approver').executeTakeFirstOrThrow()).user_id);
    // the case of the issue: the approver works in the holding (GAH), where nothing waits for them
    await db.updateTable('users').set({ last_compcode: 'GAH' }).where('user_id', '=', approverId).execute();
    // what the server counts for them in each company (server/test/bell-companies.test.ts checks it against the tables)
    const counter = await t.call('GET', '/api/notifications/counter', { token: (await t.signIn('approver', 'demo1234')).token });
    const companies = counter.body.companies as { compcode: string; counts: Record<string, number> }[];
    const tasksIn = (compcode: string) => companies.find((c) => c.compcode === compcode)?.counts.TaskCount ?? -1;
    const [gah, gat, cta] = [tasksIn('GAH'), tasksIn('GAT'), tasksIn('CTA')];
    expect(gah).toBe(0);
    expect(gat).toBeGreaterThan(0);
    expect(cta).toBeGreaterThan(0);
    const total = companies.reduce((sum, c) => sum + Object.values(c.counts).reduce((x, y) => x + y, 0), 0);

    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    contexts.push(ctx);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message} @ ${page.url()}`));
    await signIn(page, 'approver');
    await page.locator('[data-testid="company-switch"]', { hasText: 'Garuda Aero Holding' }).waitFor();
    await page.goto(`${base}/home`);

    // home's to-do: the other companies' tasks with their company's name (none of the holding's)
    const todo = page.locator('[data-testid="todo-table"]');
    await todo.locator('tbody tr', { hasText: 'Citra Aviation' }).first().waitFor();
    await todo.getByRole('columnheader', { name: 'Company' }).waitFor();
    expect(await todo.locator('tbody tr', { hasText: 'Garuda Aero Holding' }).count()).toBe(0);

    // the bell counts every company's items; its menu lists them under each company's name
    await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBe(total);
    await page.locator('[data-testid="bell-count"]').click();
    await expect.poll(() => page.locator('[data-testid="bell-company"]').allTextContents()).toEqual(['Garuda Aero Holding', 'Citra Aviation', 'Garuda Aero Technics']);
    const gatTasks = page.locator('[data-testid="bell-item"][data-compcode="GAT"]', { hasText: 'Pending Task' });
    expect((await gatTasks.innerText()).replace(/\s+/g, ' ')).toBe(`Pending Task ${gat}`);
    expect((await page.locator('[data-testid="bell-item"][data-compcode="CTA"]', { hasText: 'Pending Task' }).innerText()).replace(/\s+/g, ' ')).toBe(`Pending Task ${cta}`);
    // the holding's own kinds are there, all empty
    expect(await page.locator('[data-testid="bell-item"][data-compcode="GAH"] .badge-muted').count()).toBe(await page.locator('[data-testid="bell-item"][data-compcode="GAH"]').count());
    await page.screenshot({ path: join(shots, 'bell-across-companies.png') });

    // opening GAT's pending tasks switches to GAT (the switcher's path) and lands on its list with the notice
    await gatTasks.click();
    await page.waitForURL(/\/approval-list$/);
    await toast(page, 'Switched to Garuda Aero Technics to open this item.').waitFor();
    await page.locator('[data-testid="company-switch"]', { hasText: 'Garuda Aero Technics' }).waitFor();
    expect((await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}') as { compcode: string })).compcode).toBe('GAT');
    expect((await db.selectFrom('users').select('last_compcode').where('user_id', '=', approverId).executeTakeFirstOrThrow()).last_compcode).toBe('GAT');
    await page.locator('tbody tr').first().waitFor();
    await expect.poll(() => page.getByText('Loading…').count()).toBe(0);
    await page.screenshot({ path: join(shots, 'bell-opened-in-gat.png') });

    // from home, a CTA task opens on its approval form in CTA, with the notice
    await page.goto(`${base}/home`);
    const ctaRow = todo.locator('tbody tr', { hasText: 'Citra Aviation' }).first();
    await ctaRow.waitFor();
    await ctaRow.click();
    await page.waitForURL(/\/approval-form\/\d+\/\d+$/);
    await toast(page, 'Switched to Citra Aviation to open this item.').waitFor();
    await page.locator('[data-testid="company-switch"]', { hasText: 'Citra Aviation' }).waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    expect((await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}') as { compcode: string })).compcode).toBe('CTA');
    await page.screenshot({ path: join(shots, 'todo-opened-in-cta.png') });
    await db.updateTable('users').set({ last_compcode: 'GAT' }).where('user_id', '=', approverId).execute();
  });

  it('the approval form without a key shows the labelled read-only sample, with no action', async () => {
    const page = await fresh();
    await signIn(page, 'approver');
    await page.goto(`${base}/approval-form`);
    await page.locator('[data-testid="sample-banner"]').waitFor();
    for (const name of ['Approve', 'Review', 'Routing', 'Reject', 'Complete']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.waitForURL(/\/(home|approval-list)$/);
  });

  it('logged no console error on any page', () => {
    // the browser logs failed requests itself; none were expected in these scenarios
    expect(consoleErrors).toEqual([]);
  });
});
