/**
 * States declared once (decision 0405) in the browser (real Chromium, real server, demo data):
 * the work-order forms offer, in every state, the same actions as the hand-written `visibleWhen`
 * entries they replaced. The expected offers below are those entries as they were written
 * (metadata/maintenance/workorders.yaml and metadata/mro/work-orders.yaml before the
 * declaration), worked here as plain conditions on the stored row, not read from the engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { signedInPage, startBrowserApp } from '../helpers/browser.ts';

type Row = Record<string, any>;
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let token = '';
let adminId = 0;

beforeAll(async () => {
  ({ t, base, browser } = await startBrowserApp());
  const admin = await t.signIn('admin', 'admin123');
  token = admin.token;
  adminId = admin.user.user_id;
  page = await signedInPage(browser, base, 'admin', 'admin123');
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const db = () => t.services.database.db;
const among = (v: unknown, ...codes: string[]) => codes.includes(String(v));

/** The operator's order, as its form offered the actions before the declaration. */
const OPERATOR: Record<string, (o: Row) => boolean> = {
  'Send to Workflow': (o) => among(o.statuswf, '000', '110') && among(o.wo_status, 'DRAFT'),
  'Cancel Sending': (o) => among(o.statuswf, '100'),
  'Start Work': (o) => among(o.wo_status, 'RELEASED'),
  'Issue CRS': (o) => among(o.wo_status, 'RELEASED', 'INPROGRESS'),
  'Close Work Order': (o) => among(o.wo_status, 'CRS'),
  Amend: (o) => among(o.statuswf, '111') && among(o.wo_status, 'RELEASED', 'INPROGRESS'),
  'Request Parts': (o) => among(o.wo_status, 'RELEASED', 'INPROGRESS'),
  Withdraw: (o) => among(o.wo_status, 'DRAFT', 'RELEASED'),
};

/** The MRO's customer order, likewise. */
const MRO: Record<string, (o: Row) => boolean> = {
  'Send for Credit Approval': (o) => among(o.statuswf, '000', '110') && among(o.status, 'OPEN', 'INWORK'),
  'Cancel Sending': (o) => among(o.statuswf, '100'),
  'Start Work': (o) => among(o.status, 'OPEN'),
  'Issue CRS': (o) => among(o.status, 'OPEN', 'INWORK', 'HOLD', 'COMPLETED'),
  'Close Work Order': (o) => among(o.status, 'RELEASED'),
  Amend: (o) => among(o.status, 'OPEN', 'INWORK'),
  Withdraw: (o) => among(o.status, 'OPEN'),
  'Create Invoice': (o) => among(o.status, 'RELEASED', 'CLOSED') && (o.invoice_no === null || o.invoice_no === undefined),
};

/** The actions of `offers` the open form shows. */
async function shown(offers: Record<string, unknown>): Promise<string[]> {
  const out: string[] = [];
  for (const label of Object.keys(offers)) if ((await page.getByRole('button', { name: label, exact: true }).count()) > 0) out.push(label);
  return out;
}

/** Opens the order's form in its company and checks the offered actions against the old conditions. */
async function offersOf(order: Row, url: string, numberField: string, offers: Record<string, (o: Row) => boolean>) {
  await t.call('PUT', `/api/users/ulc/${adminId}`, { token, body: { compcode: order.compcode } });
  await page.goto(`${base}${url}`);
  await expect.poll(async () => page.locator(`#root_${numberField}`).inputValue(), { timeout: 15000 }).toBe(String(order[numberField]));
  const expected = Object.keys(offers).filter((label) => offers[label](order));
  await expect.poll(() => shown(offers), { timeout: 10000 }).toEqual(expected);
  return expected;
}

describe('the work-order forms offer what they offered before the declaration', () => {
  // one demo order set by SQL to each state (and approval status) in turn: what the form offers
  // depends on the stored row only; the order is put back as it was afterwards
  it("the operator's order in each progress state and approval status", async () => {
    const o = await db().selectFrom('work_order').selectAll().where('wo_status', '=', 'DRAFT').orderBy('wo_id').executeTakeFirstOrThrow();
    const states: [string, string][] = [['DRAFT', '000'], ['DRAFT', '100'], ['DRAFT', '110'], ['RELEASED', '111'], ['INPROGRESS', '111'], ['INPROGRESS', '000'], ['CRS', '111'], ['CLOSED', '111'], ['CANCELLED', '000']];
    const offered: string[][] = [];
    try {
      for (const [wo_status, statuswf] of states) {
        await db().updateTable('work_order').set({ wo_status, statuswf }).where('wo_id', '=', o.wo_id).execute();
        offered.push(await offersOf({ ...o, wo_status, statuswf }, `/aircraft-maintenance/work-order-frm/${o.wo_id}`, 'wo_no', OPERATOR));
      }
    } finally {
      await db().updateTable('work_order').set({ wo_status: o.wo_status, statuswf: o.statuswf }).where('wo_id', '=', o.wo_id).execute();
    }
    // the transitions among them, worked from the conditions above
    expect(offered.map((x) => x.filter((l) => ['Start Work', 'Issue CRS', 'Close Work Order', 'Withdraw'].includes(l)))).toEqual([
      ['Withdraw'], ['Withdraw'], ['Withdraw'], ['Start Work', 'Issue CRS', 'Withdraw'], ['Issue CRS'], ['Issue CRS'], ['Close Work Order'], [], [],
    ]);
  });

  it("the MRO's customer order in each status", async () => {
    const o = await db().selectFrom('amo_work_order').selectAll().orderBy('amo_wo_id').executeTakeFirstOrThrow();
    const states: [string, string, string | null][] = [['OPEN', '000', null], ['OPEN', '100', null], ['INWORK', '110', null], ['HOLD', '111', null], ['COMPLETED', '000', null], ['RELEASED', '000', null], ['RELEASED', '000', 'INV-E2E-1'], ['CLOSED', '111', null], ['CANCELLED', '000', null]];
    const offered: string[][] = [];
    try {
      for (const [status, statuswf, invoice_no] of states) {
        await db().updateTable('amo_work_order').set({ status, statuswf, invoice_no }).where('amo_wo_id', '=', o.amo_wo_id).execute();
        offered.push(await offersOf({ ...o, status, statuswf, invoice_no }, `/aircraft-mro/work-order-form-amo/${o.amo_wo_id}`, 'wo_no', MRO));
      }
    } finally {
      await db().updateTable('amo_work_order').set({ status: o.status, statuswf: o.statuswf, invoice_no: o.invoice_no }).where('amo_wo_id', '=', o.amo_wo_id).execute();
    }
    expect(offered.map((x) => x.filter((l) => ['Start Work', 'Issue CRS', 'Close Work Order', 'Withdraw'].includes(l)))).toEqual([
      ['Start Work', 'Issue CRS', 'Withdraw'], ['Start Work', 'Issue CRS', 'Withdraw'], ['Issue CRS'], ['Issue CRS'], ['Issue CRS'], ['Close Work Order'], ['Close Work Order'], [], [],
    ]);
  });
});
