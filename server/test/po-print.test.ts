/**
 * The purchase order as its vendor reads it (issue 37 point 12, decision 0291): Print renders the
 * PO's own template (metadata `prints` with `default: true`): vendor name and address, the store
 * and company delivered to, per line part number, description, quantity, unit, unit price and
 * amount, the total in the order's currency, and DRAFT on every page until the order is approved.
 *
 * Worked by hand: the draft made here orders 3 × 44.00 (132.00) and 2.5 × 10.00 less 10 % (22.50):
 * total 154.50. GAT's approved PO-2026-00001 (fixtures) orders 2 × 27,500.00 = 55,000.00.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, signedInAt } from './support.ts';
import { pdfText } from '../../test/helpers/pdf.ts';

/** Each page's text (pdftotext separates pages by a form feed). */
const pages = (text: string) => text.split('\f').filter((p) => p.trim() !== '');
/** The text with its layout's runs of spaces and line breaks made one space (wrapped cells read on). */
const flat = (text: string) => text.replace(/\s+/g, ' ');

type Row = Record<string, any>;
let t: TestApp;
let token = '';
let draft: Row;
let approved: Row;
let vendor: Row;
let store: Row;
const db = () => t.services.database.db;

const pdf = async (key: number) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/data/purchase_order/${key}/pdf`, headers: { authorization: `Bearer ${token}` } });
  expect(r.statusCode, r.body).toBe(200);
  return pdfText(r.rawPayload);
};

beforeAll(async () => {
  t = await startTestApp();
  token = (await signedInAt(t, 'purchaser', 'GAT')).token;
  vendor = (await db().selectFrom('vendor').selectAll().where('compcode', '=', 'GAT').where('vendor_code', '=', 'HON').executeTakeFirstOrThrow()) as Row;
  store = (await db().selectFrom('store_warehouse').selectAll().where('compcode', '=', 'GAT').where('store_code', '=', 'CGK-H4').executeTakeFirstOrThrow()) as Row;
  const items = (await db().selectFrom('master_item').selectAll().where('compcode', '=', 'GAT').orderBy('item_id').limit(2).execute()) as Row[];
  const made = await t.call('POST', '/api/data/purchase_order', {
    token,
    body: {
      podate: '2026-11-20',
      vendor: vendor.vendor_id,
      currency: 'USD',
      deliver_to: store.store_id,
      lines: [
        { item: items[0].item_id, quantity: 3, unit_price: 44 },
        { item: items[1].item_id, quantity: 2.5, unit_price: 10, discount_pct: 10, description: 'Typed description of line two' },
      ],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  draft = made.body.data;
  approved = (await db().selectFrom('purchase_order').selectAll().where('compcode', '=', 'GAT').where('pono', '=', 'PO-2026-00001').executeTakeFirstOrThrow()) as Row;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('the PO print', () => {
  it('a draft shows DRAFT on every page, the vendor, the delivery address, each line with its amount and the total', async () => {
    expect([draft.statuswf, Number(draft.total_amount)]).toEqual(['000', 154.5]);
    const text = await pdf(draft.pokey);
    for (const p of pages(text)) expect(p).toContain('DRAFT');
    expect(text).toContain('Purchase Order');
    expect(text).toContain(draft.pono);
    expect(text).toContain(vendor.vendor_name);
    expect(text).toContain(vendor.country);
    expect(text).toContain(vendor.address1);
    expect(text).toContain(store.store_name);
    // the store's address as its parts (it wraps in its box beside the vendor's)
    for (const part of String(store.address).split(', ')) expect(text).toContain(part);
    const [l1, l2] = draft.lines as Row[];
    // line 1: part number and description from the master item, 3 × 44.00 = 132.00
    const line1 = text.split('\n').find((l) => l.includes(l1.partnumber) && l.includes('132.00'));
    expect(line1, text).toBeDefined();
    expect(line1).toMatch(/\b3\s+PCS|\b3\s+\S+\s+44\.00/);
    expect(line1).toContain('44.00');
    // line 2: 2.5 × 10.00 less 10 % = 22.50
    const line2 = text.split('\n').find((l) => l.includes(l2.partnumber) && l.includes('22.50'));
    expect(line2, text).toBeDefined();
    expect(line2).toContain('2.5');
    expect(line2).toContain('10.00');
    expect(flat(text)).toContain('Typed description of line');
    expect(text).toMatch(/Total USD\s+154\.50/);
  });

  it('an approved order prints without DRAFT, with 2 × 27,500.00 = 55,000.00', async () => {
    expect(approved.statuswf).toBe('111');
    const text = await pdf(approved.pokey);
    expect(text).not.toMatch(/draft/i);
    expect(text).toContain('PO-2026-00001');
    expect(text).toContain(vendor.vendor_name);
    expect(text).toContain('2612312-2');
    expect(flat(text)).toContain('Brake assembly, carbon');
    expect(text.split('\n').find((l) => l.includes('2612312-2'))).toMatch(/27,500\.00\s+0\s+55,000\.00/);
    expect(text).toMatch(/Total USD\s+55,000\.00/);
  });

  it('a draft of many lines shows DRAFT on each of its pages', async () => {
    const item = (await db().selectFrom('master_item').select('item_id').where('compcode', '=', 'GAT').orderBy('item_id').executeTakeFirstOrThrow()).item_id;
    const long = await t.call('POST', '/api/data/purchase_order', {
      token,
      body: { podate: '2026-11-20', vendor: vendor.vendor_id, currency: 'USD', lines: Array.from({ length: 60 }, () => ({ item, quantity: 1, unit_price: 1 })) },
    });
    expect(long.status, JSON.stringify(long.body)).toBe(200);
    const text = await pdf(long.body.data.pokey);
    const each = pages(text);
    expect(each.length).toBeGreaterThan(1);
    for (const p of each) expect(p).toContain('DRAFT');
    // no store chosen: delivered to the company's own address
    // (the banner has it once, the Deliver to box again)
    expect(flat(text).split('Soekarno-Hatta International Airport').length - 1).toBe(2);
    expect(text).toMatch(/Total USD\s+60\.00/);
  });

  it('the HTML print is the same template, and the form offers it as its one Print (not twice in the menu)', async () => {
    const html = String((await t.call('GET', `/api/data/purchase_order/${draft.pokey}/print`, { token })).body);
    expect(html).toContain('class="draft-mark"');
    expect(html).toContain('132.00');
    const approvedHtml = String((await t.call('GET', `/api/data/purchase_order/${approved.pokey}/print`, { token })).body);
    expect(approvedHtml).not.toContain('DRAFT');
    expect(t.services.reg.entity('purchase_order').prints?.map((p) => [p.name, p.default])).toEqual([['purchase_order', true]]);
  });
});
