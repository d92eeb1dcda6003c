/**
 * List parameters (issue 33 point 6; decision 0261): a list query parameter that is not one every
 * list takes (route, page, limit, sortBy, sortDir, q) nor a declared filter of the list answers
 * 400 naming it; a search text on a list without a search answers 400 at /q; the inventory
 * balance report's search searches; a list column on a reference of a reference shows its label
 * (Purchase Order Lines: the vendor's name, not its key). Demo data of GAH (admin).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, sqlAll, sqlOne } from './support.ts';

type Row = Record<string, any>;

let t: TestApp;
let admin: string; // active GAH
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signIn('admin', 'admin123')).token;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const list = (entity: string, qs: string) => t.call('GET', `/api/data/${entity}?${qs}`, { token: admin });
const BALANCE = 'route=aircraft-logistic/report-inventory-balance';

describe('unknown list parameters', () => {
  it('a parameter that is no filter, search or sort of the list answers 400 naming it', async () => {
    // `itme` is a typo of the report's filter `item`: refused, not ignored (which would list every row)
    const r = await list('inventory_balance', `${BALANCE}&itme=3`);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.code).toBe('ERR_VALIDATION');
    expect(r.body.errors).toEqual([{ path: '/itme', message: 'is not a filter, search or sort of this list' }]);
    expect(r.body.message).toBe("List parameter 'itme': is not a filter, search or sort of this list.");
    // two at once: both named
    const two = await list('store_warehouse', 'route=aircraft-logistic/store-warehouse&colour=red&size=9');
    expect(two.status).toBe(400);
    expect(two.body.errors.map((e: Row) => e.path)).toEqual(['/colour', '/size']);
    // without a screen, only the parameters every list takes
    const bare = await list('store_warehouse', 'store_code=CGK');
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual([{ path: '/store_code', message: 'is not a filter, search or sort of this list' }]);
  });

  it('the declared ones are taken: filters, a between filter by its _from/_to (or 1/2), paging, order and search', async () => {
    const ok = await list('purchase_order_line', 'route=aircraft-procurement/po-lines&outstand=1&tgl_from=2000-01-01&tgl_to=2100-12-31&page=1&limit=10&sortBy=lineref&sortDir=asc&q=');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await list('purchase_order_line', 'route=aircraft-procurement/po-lines&tgl1=2000-01-01&tgl2=2100-12-31')).status).toBe(200);
    // a between filter is not also a plain parameter
    expect((await list('purchase_order_line', 'route=aircraft-procurement/po-lines&tgl=2026-01-01')).body.errors).toEqual([{ path: '/tgl', message: 'is not a filter, search or sort of this list' }]);
  });

  it('a search text on a list that declares no search answers 400 at /q (an empty one is no search)', async () => {
    // the Stock Card report declares no search: its search box is not shown, and q is refused
    const r = await list('inventory_card', 'route=aircraft-logistic/report-inventory-card&q=filter');
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors).toEqual([{ path: '/q', message: 'this list has no search' }]);
    expect((await list('inventory_card', 'route=aircraft-logistic/report-inventory-card&q=')).status).toBe(200);
  });
});

describe('the inventory balance report searches', () => {
  it('a part that does not exist returns no rows; an existing part number returns only its rows', async () => {
    const all = await list('inventory_balance', `${BALANCE}&limit=100`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.meta.total).toBeGreaterThan(0);
    const none = await list('inventory_balance', `${BALANCE}&q=NO-SUCH-PART-XYZ`);
    expect(none.status).toBe(200);
    expect([none.body.meta.total, none.body.list]).toEqual([0, []]);
    // a part of the company's stock: every row found carries it (in its part number or description)
    const some = await sqlOne(t, `select i.partnumber, count(*) as n from inventory_balance b join master_item i on i.item_id = b.item where b.compcode = 'GAH' group by i.partnumber order by count(*) asc, i.partnumber limit 1`);
    const found = await list('inventory_balance', `${BALANCE}&limit=100&q=${encodeURIComponent(String(some.partnumber))}`);
    expect(found.status).toBe(200);
    expect(found.body.meta.total).toBeGreaterThanOrEqual(Number(some.n));
    expect(found.body.meta.total).toBeLessThan(all.body.meta.total);
    const needle = String(some.partnumber).toLowerCase();
    for (const row of found.body.list as Row[]) {
      expect([row['item.partnumber'], row['item.itemname'], row.serial_number, row.batch_number, row['store.store_code']].some((v) => String(v ?? '').toLowerCase().includes(needle))).toBe(true);
    }
  });
});

describe('references show their labels in every list', () => {
  it("Purchase Order Lines shows the vendor's name, not its key", async () => {
    const r = await list('purchase_order_line', 'route=aircraft-procurement/po-lines&limit=50');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = r.body.list as Row[];
    expect(rows.length).toBeGreaterThan(0);
    const names = await sqlAll(t, `select l.podtlkey, v.vendor_name from purchase_order_line l join purchase_order p on p.pokey = l.purchase_order join vendor v on v.vendor_id = p.vendor where l.compcode = 'GAH'`);
    const byKey = new Map(names.map((n) => [Number(n.podtlkey), n.vendor_name]));
    for (const row of rows) {
      expect(typeof row['purchase_order.vendor']).toBe('string');
      expect(row['purchase_order.vendor']).toBe(byKey.get(Number(row.podtlkey)));
    }
    // the vendor filter still takes the vendor's key
    const vendor = await sqlOne(t, `select p.vendor from purchase_order_line l join purchase_order p on p.pokey = l.purchase_order where l.compcode = 'GAH' limit 1`);
    const filtered = await list('purchase_order_line', `route=aircraft-procurement/po-lines&vendor=${vendor.vendor}`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.meta.total).toBeGreaterThan(0);
  });
});
