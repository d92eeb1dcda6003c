/**
 * MRO for an outside customer in the browser (real Chromium, real server, demo data; issue 21):
 * a customer request becomes a quotation (Quote Request), the planner enters the hours and the
 * server prices it, the Technical Director approves it from his approval list, it is issued and
 * the customer's acceptance recorded, the work order is made from it, hours are booked on its
 * form and parts issued from stores, a finding is quoted and the customer approves it, the cards
 * are signed, the CRS issued, the invoice built from the actuals, posted and printed, and the
 * customer's statement shows the balance.
 *
 * Worked values (USD; GAT's tax 11 %; the customer's contract rate 50.00 per man-hour; the part,
 * a test expendable, received into CGK-H4 at 40.00 a piece):
 *   quotation   A-check labour 10 MH × 50.00 = 500.00; part 2 × (40.00 × 110 %) = 88.00
 *               net 588.00, tax 64.68, total 652.68
 *   defect      4 MH × 50.00 = 200.00 (tax 22.00): authorised 588.00 + 200.00 = 788.00
 *   actuals     A-check 12 MH (6 + 6 booked) × 50.00 = 600.00; defect card 4 MH = 200.00;
 *               3 parts issued × 44.00 = 132.00 → time and materials: 932.00, tax 102.52,
 *               total 1,034.52; the statement: balance 1,034.52, all 0–30 days.
 */
import { approvedAuthorisation } from '../helpers/authorisation.ts';
import { passwordOnlySignatures } from '../helpers/signature.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { chooseInLookup, pdfTextOf, runAction, saveForm, signedInPage, startBrowserApp } from '../helpers/browser.ts';
import { createUser, DEMO_PASSWORD, expectOk, sqlOne } from '../../server/test/support.ts';
import { addDays, todayUtc } from '../../plugins/airworthiness/rules/dates.ts';

type Row = Record<string, any>;
const shots = join(process.cwd(), '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

let t: TestApp;
let base: string;
let browser: Browser;
let tok = '';
const ids: Record<string, number> = {};
const today = todayUtc();
const one = (q: string): Promise<Row> => sqlOne(t, q);
const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: Row): Promise<Row> => expectOk(await t.call(method, url, { token: tok, body }));

beforeAll(async () => {
  ({ t, base, browser } = await startBrowserApp());
  // this suite signs cards several times a minute: GAT signs with the password only (signatures.test.ts signs with codes)
  await passwordOnlySignatures(t, 'GAT');
  // the commercial officer and planner of GAT, also certifying staff (B1) for the customer's type
  await createUser(t, { username: 'mro.officer', full_name: 'Mro Officer', companies: { GAT: 'administrator' } });
  const s = await t.signIn('mro.officer', DEMO_PASSWORD);
  tok = s.token;
  ids.officer = s.user.user_id;
  const type = await one(`select aircraft_type_id from aircraft_type where compcode = 'GAT' order by aircraft_type_id limit 1`);
  // issued by the administrator and approved by the quality manager: nobody issues their own (decision 0220)
  await approvedAuthorisation(t, 'GAT', { person: ids.officer, auth_no: 'GAT-E2E-B1', category: 'B1', valid_from: addDays(today, -30), valid_to: addDays(today, 365), types: [{ aircraft_type: type.aircraft_type_id }] });
  ids.cust = (await api('POST', '/api/data/amo_customer', { customer_code: 'E2E', customer_name: 'E2E Airways', country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'USD', labour_rate: 50, credit_limit: 100000 })).data.amo_customer_id;
  ids.ac = (await api('POST', '/api/data/customer_aircraft', { amo_customer: ids.cust, registration: 'PK-EEE', aircraft_type: type.aircraft_type_id, msn: 'E2E1' })).data.customer_aircraft_id;
  // the part in stores at 40.00
  const category = await one(`select id from master_item_category where compcode = 'GAT' and code = 'EXP'`);
  ids.item = (await api('POST', '/api/data/master_item', { partnumber: 'T-E2E-MRO', itemname: 'E2E brake wear pin kit', category: category.id, tracking: 'none', unit: 'PCS', reorder_min: 0, reorder_max: 0, active: true })).data.item_id;
  ids.store = Number((await one(`select store_id from store_warehouse where compcode = 'GAT' and store_code = 'CGK-H4'`)).store_id);
  const receipt = (await api('POST', '/api/data/inventory_receipt', { receiptdate: addDays(today, -5), source: 'OTHER', lines: [{ item: ids.item, store: ids.store, quantity: 20, unit_cost: 40, condition: 'NE', unit: 'PCS' }] })).data;
  await api('POST', '/api/data/inventory_receipt/action/post_inventory_receipt', { key: receipt.receiptkey });
  // the customer's request as received (typed by the officer from the customer's e-mail)
  ids.request = (await api('POST', '/api/data/customer_request', {
    request_date: today,
    amo_customer: ids.cust,
    customer_aircraft: ids.ac,
    request_type: 'CHECK',
    check_type: 'A-check',
    description: 'A-check of PK-EEE at CGK, input in five days.',
    planned_input: addDays(today, 5),
    items: [{ item_no: 1, item_type: 'SCHED', ata: '05-00', task_ref: 'A package', description: 'A-check tasks' }],
  })).data.request_id;
  // the Technical Director last worked in GAT
  await t.services.database.db.updateTable('users').set({ last_compcode: 'GAT' }).where('username', '=', 'approver').execute();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

// the sign-off actions are signatures: the signer's password (GAT signs with the password only here, beforeAll)
const SIGNATURES = ['Sign Performed', 'Certify', 'Sign Inspection (RII)', 'Issue CRS'];
const act = (page: Page, label: string, confirm = true) => runAction(page, label, SIGNATURES.includes(label) ? { signer: { password: DEMO_PASSWORD } } : { confirm });
const save = saveForm;
const choose = chooseInLookup;

/** The Technical Director approves the document's open step from his approval list. */
async function approve(no: string) {
  const director = await signedInPage(browser, base, 'approver', 'demo1234');
  await director.goto(`${base}/approval-list`);
  const mine = director.locator('[data-testid="my-pending"] tbody tr', { hasText: no });
  await mine.waitFor();
  await mine.click();
  await director.waitForURL(/\/approval-form\/\d+\/\d+$/);
  await director.locator('#appr-comment').fill('Approved for issue to the customer.');
  await director.getByRole('button', { name: 'Approve', exact: true }).click();
  await director.getByText('APPROVED saved').first().waitFor();
  await director.context().close();
}

const value = (page: Page, id: string) => page.locator(`#root_${id}`).inputValue();
/** Types a number into a field as a user does: click into it, select what is there, type. */
async function typeNumber(page: Page, id: string, text: string) {
  const field = page.locator(`#root_${id}`);
  await field.click();
  await field.press('Control+A');
  await field.pressSequentially(text);
  await field.press('Tab');
}
const amount = (s: string) => Number(s.replace(/,/g, ''));

/** Prints the open document by the named print of Print ▾ and returns the PDF's text. */
async function printed(page: Page, title: string): Promise<string> {
  await page.getByRole('button', { name: 'Print ▾' }).click();
  await page.getByRole('menuitem', { name: title, exact: true }).click();
  const frame = page.locator('[data-testid="pdf-preview"]');
  await frame.waitFor();
  const text = await pdfText((await frame.getAttribute('src')) ?? '');
  // back to the form as it was (the preview closed)
  await page.goto(page.url());
  await page.getByRole('button', { name: 'Print ▾' }).waitFor();
  return text;
}

const pdfText = (src: string) => pdfTextOf(base, src);

describe('an MRO customer from request to statement', () => {
  const q: Row = {};
  const wo: Row = {};

  it('the request becomes a quotation, priced by the server when the hours and a part are entered', async () => {
    const page = await signedInPage(browser, base, 'mro.officer', DEMO_PASSWORD);
    await page.goto(`${base}/aircraft-mro/customer-request-form/${ids.request}`);
    const made = await act(page, 'Quote Request');
    Object.assign(q, await one(`select quotation_id, quotation_no from quotation where quotation_id = ${Number(made.quotation_id)}`));
    await page.goto(`${base}/aircraft-mro/quotation-form/${q.quotation_id}`);
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    expect(await value(page, 'lines_0_description')).toMatch(/A-check tasks/);
    await typeNumber(page, 'lines_0_manhours', '10');
    const lines = page.locator('section[data-lines="lines"]');
    await lines.getByRole('button', { name: '+ Add line' }).click();
    await typeNumber(page, 'lines_1_line_no', '2');
    await page.selectOption('#root_lines_1_line_type', { label: 'Parts / material' });
    await page.fill('#root_lines_1_description', 'Brake wear pin kit');
    await choose(page, lines, 'Choose Part (line 2)', 'T-E2E-MRO');
    await page.selectOption('#root_lines_1_price_source', { label: 'Posted cost + markup' });
    await typeNumber(page, 'lines_1_markup_pct', '10');
    await typeNumber(page, 'lines_1_quantity', '2');
    await save(page);
    await page.screenshot({ path: join(shots, 'mro-quotation.png'), fullPage: true });
    const stored = await t.services.database.db.selectFrom('quotation_line').selectAll().where('quotation', '=', q.quotation_id).orderBy('line_no').execute();
    expect(stored.map((l) => [l.line_type, Number(l.manhours), Number(l.sell_price), Number(l.amount)])).toEqual([
      ['LAB', 10, 50, 500],
      ['MAT', 0, 44, 88],
    ]);
    expect(Number(stored[1].quantity)).toBe(2);
    // priced on the server: the line amounts and the totals are the server's, read-only
    expect(amount(await value(page, 'lines_0_amount'))).toBe(500);
    expect(amount(await value(page, 'lines_1_sell_price'))).toBe(44);
    expect(amount(await value(page, 'lines_1_amount'))).toBe(88);
    expect([await value(page, 'net_amount'), await value(page, 'tax_amount'), await value(page, 'grand_total')].map(amount)).toEqual([588, 64.68, 652.68]);
    await page.screenshot({ path: join(shots, 'mro-quotation.png'), fullPage: true });
    await act(page, 'Send to Workflow');
    await page.context().close();
  });

  it('approved by the Technical Director, issued, accepted by the customer, and the work order made from it', async () => {
    await approve(String(q.quotation_no));
    const page = await signedInPage(browser, base, 'mro.officer', DEMO_PASSWORD);
    await page.goto(`${base}/aircraft-mro/quotation-form/${q.quotation_id}`);
    // approved: the customer's quotation prints (Print ▾) with its lines and totals
    const quoted = await printed(page, 'Customer Quotation');
    writeFileSync(join(shots, 'mro-quotation.txt'), quoted);
    for (const expected of [String(q.quotation_no), 'E2E Airways', 'PK-EEE', 'Time and materials', 'Brake wear pin', 'T-E2E-MRO', '500.00', '88.00', 'Net amount 588.00', 'Tax (11 %) 64.68', 'Total USD 652.68']) expect(quoted).toContain(expected);
    await act(page, 'Issue to Customer');
    await page.goto(`${base}/aircraft-mro/quotation-form/${q.quotation_id}`);
    await page.fill('#root_answered_by', 'Rina Kusuma (E2E Airways CAMO)');
    await page.fill('#root_customer_po', 'E2E-PO-0042');
    await save(page);
    await act(page, 'Record Acceptance');
    await page.goto(`${base}/aircraft-mro/quotation-form/${q.quotation_id}`);
    const made = await act(page, 'Create Work Order');
    Object.assign(wo, await one(`select amo_wo_id, wo_no, status, quotation, customer_po from amo_work_order where amo_wo_id = ${Number(made.amo_wo_id)}`));
    expect(wo).toMatchObject({ status: 'OPEN', quotation: q.quotation_id, customer_po: 'E2E-PO-0042' });
    // the request follows its work order
    expect((await one(`select status from customer_request where request_id = ${ids.request}`)).status).toBe('INWORK');
    await page.context().close();
  });

  it('hours are booked on the work order form and parts issued from stores to its requirement', async () => {
    const page = await signedInPage(browser, base, 'mro.officer', DEMO_PASSWORD);
    await page.goto(`${base}/aircraft-mro/work-order-form-amo/${wo.amo_wo_id}`);
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    const labour = page.locator('section[data-lines="labour"]');
    const card = String((await one(`select task_card_no from amo_work_order_task where amo_work_order = ${wo.amo_wo_id}`)).task_card_no);
    for (const [i, day] of [addDays(today, -1), today].entries()) {
      await labour.getByRole('button', { name: '+ Add line' }).click();
      await choose(page, labour, `Choose Task Card (line ${i + 1})`, card);
      await choose(page, labour, `Choose Person (line ${i + 1})`, 'Mro Officer');
      await page.fill(`#root_labour_${i}_work_date`, day);
      await typeNumber(page, `labour_${i}_hours`, '6');
    }
    await save(page);
    expect(amount(await value(page, 'tasks_0_actual_manhours'))).toBe(12);
    // stores issue 3 of the part to the order's requirement (the storekeeper's posting)
    const req = await one(`select amo_material_id from amo_work_order_material where amo_work_order = ${wo.amo_wo_id}`);
    const issue = (await api('POST', '/api/data/inventory_issue', { issuedate: today, issue_type: 'CUST', store: ids.store, amo_work_order: wo.amo_wo_id, issued_to: 'Hangar 2', lines: [{ amo_material: req.amo_material_id, item: ids.item, quantity: 3, condition: 'NE', unit: 'PCS' }] })).data;
    expect(issue).toMatchObject({ workorder_no: wo.wo_no, registration: 'PK-EEE' });
    await api('POST', '/api/data/inventory_issue/action/post_inventory_issue', { key: issue.issuekey });
    await page.goto(`${base}/aircraft-mro/work-order-form-amo/${wo.amo_wo_id}`);
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    expect(amount(await value(page, 'materials_0_issued_qty'))).toBe(3);
    expect(amount(await value(page, 'materials_0_issued_value'))).toBe(120);
    await page.context().close();
  });

  it('a finding is quoted, approved and accepted by the customer: it becomes a task card', async () => {
    const nrc = (await api('POST', '/api/data/amo_defect', { amo_work_order: wo.amo_wo_id, raised_date: today, raised_by: ids.officer, found_on_task: 'A-1', ata: '32-42', zone: 'MLG LH', finding_type: 'WEAR', severity: 'MINOR', description: 'LH brake wear pin at limit.', rectification: 'Replace brake assembly.', est_manhours: 4, chargeable: true })).data;
    const page = await signedInPage(browser, base, 'mro.officer', DEMO_PASSWORD);
    await page.goto(`${base}/aircraft-mro/wo-raised-deffect-form/${nrc.amo_defect_id}`);
    const raised = await act(page, 'Raise Defect Quotation');
    const dq = await one(`select quotation_defect_id, quotation_no, net_amount from quotation_defect where quotation_defect_id = ${Number(raised.quotation_defect_id)}`);
    expect(Number(dq.net_amount)).toBe(200);
    await page.goto(`${base}/aircraft-mro/quotation-for-defect-form/${dq.quotation_defect_id}`);
    await act(page, 'Send to Workflow');
    await approve(String(dq.quotation_no));
    await page.goto(`${base}/aircraft-mro/quotation-for-defect-form/${dq.quotation_defect_id}`);
    const dqText = await printed(page, 'Customer Quotation for Defects');
    writeFileSync(join(shots, 'mro-defect-quotation.txt'), dqText);
    for (const expected of [String(dq.quotation_no), 'Work order', 'Finding', String(wo.wo_no), String(nrc.nrc_no), 'Net amount 200.00', 'Total USD 222.00']) expect(dqText).toContain(expected);
    await act(page, 'Issue to Customer');
    await page.goto(`${base}/aircraft-mro/quotation-for-defect-form/${dq.quotation_defect_id}`);
    await page.fill('#root_answered_by', 'Rina Kusuma (E2E Airways CAMO)');
    await page.fill('#root_customer_ref', 'E2E-NRC-7');
    await page.selectOption('#root_lines_0_customer_answer', { label: 'Approve - rectify' });
    await save(page);
    await act(page, "Record Customer's Answer");
    const card = await one(`select amo_task_id, task_card_no from amo_work_order_task where amo_work_order = ${wo.amo_wo_id} and defect_line is not null`);
    expect(card.task_card_no).toBeTruthy();
    // 4 hours booked on the defect card (the data API, as a time clock would)
    await api('POST', '/api/data/amo_work_order_labour', { amo_work_order: wo.amo_wo_id, task: card.amo_task_id, person: ids.officer, work_date: today, hours: 4 });
    await page.context().close();
  });

  it('the cards are signed, the CRS issued; the invoice is built from the actuals, posted and printed; the statement shows the balance', async () => {
    const page = await signedInPage(browser, base, 'mro.officer', DEMO_PASSWORD);
    await page.goto(`${base}/aircraft-mro/task-card-amo/${wo.amo_wo_id}`);
    const cards = (await t.services.database.db.selectFrom('amo_work_order_task').select(['task_card_no']).where('amo_work_order', '=', wo.amo_wo_id).orderBy('seq').execute()).map((c) => String(c.task_card_no));
    expect(cards).toHaveLength(2);
    for (const no of cards) {
      const row = page.locator('table.data-table tbody tr', { hasText: no }).first();
      await row.waitFor();
      for (const label of ['Sign Performed', 'Certify']) {
        await row.locator('input[type="radio"]').check();
        await act(page, label);
      }
    }
    await page.goto(`${base}/aircraft-mro/work-order-form-amo/${wo.amo_wo_id}`);
    const crs = await act(page, 'Issue CRS');
    expect(crs.message).toMatch(new RegExp(`issued for ${wo.wo_no}`));
    await page.goto(`${base}/aircraft-mro/work-order-form-amo/${wo.amo_wo_id}`);
    const built = await act(page, 'Create Invoice');
    const inv = await one(`select mro_invoice_id from mro_invoice where amo_work_order = ${wo.amo_wo_id}`);
    expect(built.message).toBe(`Draft invoice for ${wo.wo_no} (time and materials): actuals USD 932.00, billed 932.00 + tax 102.52 = 1,034.52.`);
    await page.goto(`${base}/aircraft-mro/mro-invoice-form/${inv.mro_invoice_id}`);
    await page.getByRole('button', { name: 'Post Invoice', exact: true }).waitFor();
    expect([await value(page, 'authorised_amount'), await value(page, 'net_amount'), await value(page, 'tax_amount'), await value(page, 'total')].map(amount)).toEqual([788, 932, 102.52, 1034.52]);
    const posted = await act(page, 'Post Invoice');
    const no = String((await one(`select invoice_no from mro_invoice where mro_invoice_id = ${inv.mro_invoice_id}`)).invoice_no);
    expect(posted.message).toContain(no);
    // the customer's invoice prints (Print ▾ → Invoice, the named print): lines against the quotation and the totals
    await page.goto(`${base}/aircraft-mro/mro-invoice-form/${inv.mro_invoice_id}`);
    const text = await printed(page, 'Invoice');
    writeFileSync(join(shots, 'mro-invoice.txt'), text);
    for (const expected of [no, 'Bill to', 'E2E Airways', 'Your order: E2E-PO-0042', 'PK-EEE', wo.wo_no, 'Time and materials', 'Brake wear pin', 'T-E2E-MRO', '600.00', '132.00', '200.00', 'Actuals 932.00', '788.00', 'Net amount 932.00', 'Tax (11 %) 102.52', 'Total USD 1,034.52']) expect(text).toContain(expected);
    await page.screenshot({ path: join(shots, 'mro-invoice-print.png') });
    // the statement of the customer's account
    await page.goto(`${base}/aircraft-mro/amo-customer-form/${ids.cust}`);
    const st = await act(page, 'Statement', false);
    expect(st.message).toBe(`Statement of E2E Airways on ${today}: balance USD 1,034.52 (0-30: 1,034.52, 31-60: 0.00, 61-90: 0.00, 90+: 0.00).`);
    await page.context().close();
  });
});
