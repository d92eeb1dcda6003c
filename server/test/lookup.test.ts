/**
 * Lookups declared in metadata (engine/src/query/lookup.ts, decision 0150): the filter and the
 * document values a lookup matches narrow the rows offered; the copy route returns what choosing a
 * row brings into the form, read under the same conditions (a draft order, another company's order
 * or a field without `copy` give nothing). The pure parts (expressions, copy, load checks) first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { copyFrom, evaluate, checkLookup, notPastAlternatives } from '../../engine/src/query/lookup.ts';
import type { FieldDef } from '../../engine/src/metadata/registry.ts';
import { DEMO_PASSWORD, expectError, signedInAt, STARTUP_TIMEOUT } from './support.ts';

describe('lookup expressions and copies (pure)', () => {
  it('evaluates a field, a constant and a difference of fields', () => {
    const row = { quantity: 10, qty_received: 2.5, qty_cancelled: 1, vendor: 7 };
    expect(evaluate('vendor', row)).toBe(7);
    expect(evaluate("'PO'", row)).toBe('PO');
    // 10 - 2.5 - 1 = 6.5
    expect(evaluate('quantity - qty_received - qty_cancelled', row)).toBe(6.5);
    // 0.1 + 0.2 rounded to 6 decimals, an empty field counts 0
    expect(evaluate('a + b + c', { a: 0.1, b: 0.2, c: null })).toBe(0.3);
  });

  it('offers rows whose notPast dates are empty or not before today: one alternative per combination', () => {
    const f = (notPast?: string[]) => ({ name: 'tool', lookup: notPast ? { notPast } : {} }) as unknown as FieldDef;
    expect(notPastAlternatives(f(), '2026-12-03')).toEqual([{}]);
    expect(notPastAlternatives(f(['calibration_due']), '2026-12-03')).toEqual([{ calibration_due: null }, { calibration_due: { $gte: '2026-12-03' } }]);
    expect(notPastAlternatives(f(['a', 'b']), '2026-12-03')).toEqual([
      { a: null, b: null },
      { a: null, b: { $gte: '2026-12-03' } },
      { a: { $gte: '2026-12-03' }, b: null },
      { a: { $gte: '2026-12-03' }, b: { $gte: '2026-12-03' } },
    ]);
  });

  it('copies header values and the child rows that meet the filter and stay above zero', () => {
    const field = {
      name: 'purchase_order',
      lookup: {
        copy: {
          vendor: 'vendor',
          lines: { from: 'lines', filter: { outstand: 1 }, positive: 'quantity', fields: { po_line: 'podtlkey', quantity: 'quantity - qty_received' } },
        },
      },
    } as unknown as FieldDef;
    const po = {
      vendor: 3,
      lines: [
        { podtlkey: 1, outstand: 1, quantity: 5, qty_received: 2 }, // 3 still to receive
        { podtlkey: 2, outstand: 0, quantity: 5, qty_received: 5 }, // closed
        { podtlkey: 3, outstand: 1, quantity: 4, qty_received: 4 }, // open but nothing left
      ],
    };
    expect(copyFrom(field, po)).toEqual({ vendor: 3, lines: [{ po_line: 1, quantity: 3 }] });
  });

});

let t: TestApp;
let storekeeper: string; // GAT
let purchaser: string; // GAT
beforeAll(async () => {
  t = await startTestApp();
  storekeeper = (await t.signIn('storekeeper', DEMO_PASSWORD)).token;
  // the demo purchaser works in GAT (and views CTA): GAT is the active company
  purchaser = (await signedInAt(t, 'purchaser', 'GAT')).token;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const db = () => t.services.database.db;
const call = (path: string) => t.call('GET', path, { token: storekeeper });

describe('lookups with a filter, a match and a copy', () => {
  it('names what a lookup declaration gets wrong', async () => {
    const reg = t.services.reg;
    const receipt = reg.entity('inventory_receipt');
    const bad = {
      ...receipt.fields.find((f) => f.name === 'purchase_order'),
      lookup: { filter: { nope: 1 }, match: { vendor: 'missing' }, copy: { vendr: 'vendor', lines: { from: 'lines', fields: { item: 'itm' }, positive: 'quantity' } } },
    } as unknown as FieldDef;
    expect(checkLookup(reg, receipt, bad, undefined)).toEqual([
      "filter: purchase_order has no field 'nope'",
      "match: inventory_receipt has no field 'missing'",
      "copy: inventory_receipt has no field 'vendr'",
      "copy lines.item: purchase_order_line has no field 'itm'",
      "copy lines: positive 'quantity' is not one of the copied fields",
    ]);
    // `among` on a line: the document's child, that child's field, a reference to the same entity
    const quote = reg.entity('canvass_quote');
    const sheet = reg.entity('canvass_sheet');
    const vendor = quote.fields.find((f) => f.name === 'vendor')!;
    const among = (a: unknown) => ({ ...vendor, lookup: { among: a } }) as unknown as FieldDef;
    expect(checkLookup(reg, quote, among({ lines: 'vendorz', field: 'vendor' }), sheet)).toEqual(["among: canvass_sheet has no child 'vendorz'"]);
    expect(checkLookup(reg, quote, among({ lines: 'vendors', field: 'vendr' }), sheet)).toEqual(["among: canvass_vendor has no field 'vendr'"]);
    expect(checkLookup(reg, quote, among({ lines: 'lines', field: 'item' }), sheet)).toEqual(['among: canvass_line.item is not a reference to vendor']);
    expect(checkLookup(reg, sheet, { ...sheet.fields.find((f) => f.name === 'awarded_vendor')!, lookup: { among: { lines: 'vendors', field: 'vendor' } } } as FieldDef, undefined)).toEqual([
      'among: canvass_sheet is not a line of a document',
    ]);
    // `notPast`: date fields of the referenced entity
    const line = reg.entity('work_order_tool');
    const tool = { ...line.fields.find((f) => f.name === 'tool')!, lookup: { notPast: ['calibration_dew', 'serial_number'] } } as unknown as FieldDef;
    expect(checkLookup(reg, line, tool, reg.entity('work_order'))).toEqual(["notPast: tool has no field 'calibration_dew'", 'notPast: tool.serial_number is not a date field']);
    // the declarations shipped in metadata are sound
    for (const e of reg.entities.values()) for (const f of e.fields) expect(checkLookup(reg, e, f, [...reg.entities.values()].find((x) => x.children.some((c) => c.entity === e.name)))).toEqual([]);
  });
  it("a receipt's order lookup offers only the company's approved, open orders", async () => {
    const want = await db().selectFrom('purchase_order').select(['pokey']).where('compcode', '=', 'GAT').where('statuswf', '=', '111').where('outstand', '=', 1).execute();
    const all = await db().selectFrom('purchase_order').select(['pokey']).where('compcode', '=', 'GAT').execute();
    expect(want.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(want.length);
    const r = await call('/api/data/inventory_receipt/lookup/purchase_order?limit=50');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.meta.total).toBe(want.length);
    expect(new Set(r.body.list.map((x: { key: number }) => Number(x.key)))).toEqual(new Set(want.map((w) => Number(w.pokey))));
  });

  it("a receipt line's PO-line lookup offers the open lines of the document's order only", async () => {
    const po = await db().selectFrom('purchase_order').select(['pokey']).where('compcode', '=', 'GAT').where('statuswf', '=', '111').where('outstand', '=', 1).orderBy('pokey').executeTakeFirstOrThrow();
    const open = await db().selectFrom('purchase_order_line').select(['podtlkey']).where('purchase_order', '=', po.pokey).where('outstand', '=', 1).execute();
    const r = await call(`/api/data/inventory_receipt/lookup/po_line?limit=50&m.purchase_order=${po.pokey}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.list.map((x: { key: number }) => Number(x.key)).sort()).toEqual(open.map((l) => Number(l.podtlkey)).sort());
    // without the document's order: every open line of the company
    const every = await db().selectFrom('purchase_order_line').select((eb) => eb.fn.countAll<string>().as('n')).where('compcode', '=', 'GAT').where('outstand', '=', 1).executeTakeFirstOrThrow();
    expect((await call('/api/data/inventory_receipt/lookup/po_line?limit=1')).body.meta.total).toBe(Number(every.n));
    expectError(await call('/api/data/inventory_receipt/lookup/po_line?m.purchase_order=abc'), 400, 'ERR_VALIDATION');
  });

  it("a quotation line's vendor lookup offers only the vendors invited on its own canvass sheet", async () => {
    // fixtures/demo/GAT: CS-2026-00001 invited HON, AAR, BDS; CS-2026-00002 invited SLS, ATR, AAR
    const sheet = async (csno: string) => (await db().selectFrom('canvass_sheet').select('csheetkey').where('compcode', '=', 'GAT').where('csno', '=', csno).executeTakeFirstOrThrow()).csheetkey;
    const codes = async (q: string) => {
      const r = await t.call('GET', `/api/data/canvass_quote/lookup/vendor?limit=50${q}`, { token: purchaser });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const keys = r.body.list.map((x: { key: number }) => Number(x.key));
      const rows = keys.length ? await db().selectFrom('vendor').select('vendor_code').where('vendor_id', 'in', keys).execute() : [];
      return { total: r.body.meta.total as number, codes: rows.map((v) => v.vendor_code).sort() };
    };
    expect(await codes(`&among=${await sheet('CS-2026-00001')}`)).toEqual({ total: 3, codes: ['AAR', 'BDS', 'HON'] });
    expect(await codes(`&among=${await sheet('CS-2026-00002')}`)).toEqual({ total: 3, codes: ['AAR', 'ATR', 'SLS'] });
    // the search box narrows within the invited: of HON, AAR, BDS only AAR's code holds "AAR"
    expect((await codes(`&among=${await sheet('CS-2026-00001')}&q=AAR`)).codes).toEqual(['AAR']);
    // without the document (not yet saved): every vendor of the company
    const all = await db().selectFrom('vendor').select((eb) => eb.fn.countAll<string>().as('n')).where('compcode', '=', 'GAT').executeTakeFirstOrThrow();
    expect((await codes('')).total).toBe(Number(all.n));
    expect(Number(all.n)).toBeGreaterThan(3);
    // another company's sheet is not found for a GAT user
    const cta = await db().selectFrom('canvass_sheet').select('csheetkey').where('compcode', '=', 'CTA').orderBy('csheetkey').executeTakeFirstOrThrow();
    expectError(await t.call('GET', `/api/data/canvass_quote/lookup/vendor?among=${cta.csheetkey}`, { token: purchaser }), 404, 'ERR_NOT_FOUND');
  });

  it('shows the row a document holds by its key, offered or not, only in the company', async () => {
    // a GAT order the receipt lookup does not offer (not approved and open) still shows its number
    const held = await db().selectFrom('purchase_order').select(['pokey', 'pono']).where('compcode', '=', 'GAT').where((eb) => eb.or([eb('statuswf', '<>', '111'), eb('outstand', '<>', 1)])).orderBy('pokey').executeTakeFirstOrThrow();
    const r = await call(`/api/data/inventory_receipt/lookup/purchase_order?key=${held.pokey}&limit=50`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.list.map((x: { key: number; display: string }) => [Number(x.key), x.display])).toEqual([[Number(held.pokey), held.pono]]);
    // another company's order is not shown; a key that is not a number is refused at it
    const cta = await db().selectFrom('purchase_order').select('pokey').where('compcode', '=', 'CTA').orderBy('pokey').executeTakeFirstOrThrow();
    const other = await call(`/api/data/inventory_receipt/lookup/purchase_order?key=${cta.pokey}`);
    expect([other.status, other.body.list]).toEqual([200, []]);
    expectError(await call('/api/data/inventory_receipt/lookup/purchase_order?key=abc'), 400, 'ERR_VALIDATION');
    // a menu entry far past the lookup's first page (a role's letters show menu titles, not ids)
    const admin = await signedInAt(t, 'admin', 'GAT', 'admin123');
    const menu = await db().selectFrom('menu').select(['menu_id', 'title']).orderBy('title', 'desc').executeTakeFirstOrThrow();
    const m = await t.call('GET', `/api/data/role_menu/lookup/menu_id?key=${menu.menu_id}&limit=50`, { token: admin.token });
    expect(m.body.list.map((x: { display: string }) => x.display)).toEqual([menu.title]);
  });

  it('the copy of an approved order: vendor, currency, source PO and the quantities still to receive', async () => {
    const po = await db().selectFrom('purchase_order').selectAll().where('compcode', '=', 'GAT').where('statuswf', '=', '111').where('outstand', '=', 1).orderBy('pokey').executeTakeFirstOrThrow();
    const lines = await db().selectFrom('purchase_order_line').selectAll().where('purchase_order', '=', po.pokey).where('outstand', '=', 1).orderBy('podtlkey').execute();
    const r = await call(`/api/data/inventory_receipt/lookup/purchase_order/copy/${po.pokey}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({
      source: 'PO',
      vendor: po.vendor,
      currency: po.currency,
      lines: lines
        .map((l) => ({
          po_line: l.podtlkey,
          item: l.item,
          condition: l.condition,
          unit: l.unit,
          quantity: Number(l.quantity) - Number(l.qty_received) - Number(l.qty_cancelled),
          unit_cost: l.unit_price,
        }))
        .filter((l) => l.quantity > 0),
    });
  });

  it('nothing is copied from a draft order, another company, or through a field without a copy', async () => {
    const draft = await db().selectFrom('purchase_order').select(['pokey']).where('compcode', '=', 'GAT').where('statuswf', '!=', '111').orderBy('pokey').executeTakeFirstOrThrow();
    expectError(await call(`/api/data/inventory_receipt/lookup/purchase_order/copy/${draft.pokey}`), 404, 'ERR_NOT_FOUND');
    const other = await db().selectFrom('purchase_order').select(['pokey']).where('compcode', '=', 'CTA').where('statuswf', '=', '111').orderBy('pokey').executeTakeFirst();
    if (other) expectError(await call(`/api/data/inventory_receipt/lookup/purchase_order/copy/${other.pokey}`), 404, 'ERR_NOT_FOUND');
    const vendor = await db().selectFrom('vendor').select(['vendor_id']).where('compcode', '=', 'GAT').executeTakeFirstOrThrow();
    expectError(await call(`/api/data/inventory_receipt/lookup/vendor/copy/${vendor.vendor_id}`), 404, 'ERR_ROUTE_NOT_FOUND');
  });
});
