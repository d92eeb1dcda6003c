/**
 * The generic data API (docs/api.md "Generic data"): create, read, update with optimistic locking,
 * delete, unique values per company, the audit trail, and list paging, sorting, free text and
 * filters (spec §2 "List filters send only non-empty values", §9 page sizes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { countRows, DEMO_PASSWORD, expectError, STARTUP_TIMEOUT, userId } from './support.ts';

const ROUTE = 'aircraft-logistic/store-warehouse';

let t: TestApp;
let admin: string; // active GAH
let ctaAdmin: string; // active CTA
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signIn('admin', 'admin123')).token;
  ctaAdmin = (await t.signIn('cta.admin', DEMO_PASSWORD)).token;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const create = (token: string, body: Record<string, unknown>, entity = 'store_warehouse') => t.call('POST', `/api/data/${entity}`, { token, body });
const get = (token: string, key: unknown, entity = 'store_warehouse') => t.call('GET', `/api/data/${entity}/${key}`, { token });
const list = (token: string, qs: string, entity = 'store_warehouse', route = ROUTE) => t.call('GET', `/api/data/${entity}?route=${route}&${qs}`, { token });
const writable = (row: Record<string, unknown>) => {
  const e = t.services.reg.entity('store_warehouse');
  const out: Record<string, unknown> = {};
  for (const f of e.fields) if (!f.readOnly && !f.hidden && row[f.name] !== undefined) out[f.name] = row[f.name];
  out.version = row.version;
  return out;
};
const auditOf = (entity: string, key: unknown) =>
  t.services.database.db.selectFrom('sys_audit').selectAll().where('entity', '=', entity).where('record_key', '=', String(key)).orderBy('id').execute();

describe('create', () => {
  it('returns the row with its key, version 1, the company and the defaults', async () => {
    const r = await create(admin, { store_code: 'CRT-1', store_name: 'Create test store', station: 'CGK' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toBe(1);
    const row = r.body.data;
    expect(Number.isInteger(row.store_id)).toBe(true);
    expect(row).toMatchObject({
      store_code: 'CRT-1',
      store_name: 'Create test store',
      station: 'CGK',
      store_type: 'MAIN',
      serviceable_only: true,
      is_bonded: false,
      active: true,
      version: 1,
      compcode: 'GAH',
      created_by: 'admin',
      updated_by: null,
    });
    const read = await get(admin, row.store_id);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(row);
  });

  it('refuses missing required fields, bad values and unknown fields with 400 field errors, writing nothing', async () => {
    const before = await countRows(t, 'store_warehouse');
    const missing = await create(admin, { station: 'SUB' });
    expectError(missing, 400, 'ERR_VALIDATION', 'Please fill the form correctly.');
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { path: '/store_code', message: 'is required' },
        { path: '/store_name', message: 'is required' },
      ]),
    );
    const badEnum = await create(admin, { store_code: 'BAD-1', store_name: 'x', store_type: 'GARAGE' });
    expectError(badEnum, 400, 'ERR_VALIDATION');
    expect(badEnum.body.errors.map((e: { path: string }) => e.path)).toContain('/store_type');
    const tooLong = await create(admin, { store_code: 'X'.repeat(21), store_name: 'x' });
    expect(tooLong.body.errors.map((e: { path: string }) => e.path)).toContain('/store_code');
    const wrongType = await create(admin, { store_code: 'BAD-2', store_name: 'x', active: 'yes' });
    expect(wrongType.body.errors.map((e: { path: string }) => e.path)).toContain('/active');
    const unknown = await create(admin, { store_code: 'BAD-3', store_name: 'x', colour: 'red' });
    expect(unknown.body.errors).toContainEqual({ path: '/colour', message: 'is not a field of this form' });
    for (const key of ['store_id', 'created_by', 'created_at', 'updated_by']) {
      expectError(await create(admin, { store_code: 'BAD-4', store_name: 'x', [key]: 'x' }), 400, 'ERR_VALIDATION');
    }
    expect(await countRows(t, 'store_warehouse')).toBe(before);
    // a version sent on create is ignored: a new row starts at 1
    const versioned = await create(admin, { store_code: 'VER-1', store_name: 'x', version: 7 });
    expect(versioned.body.data.version).toBe(1);
  });

  it('a unique value is unique per company: 409 ERR_DUPLICATE in the same company, allowed in another', async () => {
    expect((await create(admin, { store_code: 'DUP-1', store_name: 'First' })).status).toBe(200);
    const before = await countRows(t, 'store_warehouse', ['compcode', 'GAH']);
    expectError(await create(admin, { store_code: 'DUP-1', store_name: 'Second' }), 409, 'ERR_DUPLICATE');
    expect(await countRows(t, 'store_warehouse', ['compcode', 'GAH'])).toBe(before);
    const other = await create(ctaAdmin, { store_code: 'DUP-1', store_name: 'Same code in CTA' });
    expect(other.status).toBe(200);
    expect(other.body.data.compcode).toBe('CTA');
    // a seeded code of GAH is free in a company that does not use it, taken in one that does
    const seeded = await t.services.database.db.selectFrom('store_warehouse').select('store_code').where('compcode', '=', 'GAH').executeTakeFirstOrThrow();
    expectError(await create(admin, { store_code: seeded.store_code, store_name: 'Clash' }), 409, 'ERR_DUPLICATE');
  });
});

describe('update and delete', () => {
  it('updates with the current version (→ version 2) and refuses a stale version with 409 ERR_STALE', async () => {
    const created = (await create(admin, { store_code: 'UPD-1', store_name: 'Before' })).body.data;
    const key = created.store_id;
    const r = await t.call('PUT', `/api/data/store_warehouse/${key}`, { token: admin, body: { ...writable(created), store_name: 'After', city: 'Jakarta' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ store_id: key, store_name: 'After', city: 'Jakarta', version: 2, updated_by: 'admin', created_by: 'admin' });
    expect(r.body.data.updated_at).toBeTruthy();

    const stale = await t.call('PUT', `/api/data/store_warehouse/${key}`, { token: admin, body: { ...writable(created), store_name: 'Lost update' } });
    expectError(stale, 409, 'ERR_STALE');
    const now = await get(admin, key);
    expect(now.body.data.store_name).toBe('After');
    expect(now.body.data.version).toBe(2);

    expectError(await t.call('PUT', `/api/data/store_warehouse/${key}`, { token: admin, body: { ...writable(now.body.data), version: undefined } }), 400, 'ERR_VALIDATION');
    expectError(await t.call('PUT', `/api/data/store_warehouse/${key}`, { token: admin, body: { ...writable(now.body.data), store_name: null } }), 400, 'ERR_VALIDATION');
    expect((await get(admin, key)).body.data.version).toBe(2);
  });

  it('an update to a unique value already used → 409 ERR_DUPLICATE, row unchanged', async () => {
    await create(admin, { store_code: 'UQ-A', store_name: 'A' });
    const b = (await create(admin, { store_code: 'UQ-B', store_name: 'B' })).body.data;
    expectError(await t.call('PUT', `/api/data/store_warehouse/${b.store_id}`, { token: admin, body: { ...writable(b), store_code: 'UQ-A' } }), 409, 'ERR_DUPLICATE');
    expect((await get(admin, b.store_id)).body.data).toMatchObject({ store_code: 'UQ-B', version: 1 });
  });

  it('deletes: then GET and DELETE answer 404', async () => {
    const key = (await create(admin, { store_code: 'DEL-1', store_name: 'To delete' })).body.data.store_id;
    const r = await t.call('DELETE', `/api/data/store_warehouse/${key}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: 1 });
    expectError(await get(admin, key), 404, 'ERR_NOT_FOUND');
    expectError(await t.call('DELETE', `/api/data/store_warehouse/${key}`, { token: admin }), 404, 'ERR_NOT_FOUND');
    expectError(await t.call('PUT', `/api/data/store_warehouse/${key}`, { token: admin, body: { store_code: 'DEL-1', store_name: 'x', version: 1 } }), 404, 'ERR_NOT_FOUND');
  });

  it('writes audit rows for insert, update and delete with the user and the changes', async () => {
    const created = (await create(admin, { store_code: 'AUD-1', store_name: 'Audited' })).body.data;
    const key = created.store_id;
    await t.call('PUT', `/api/data/store_warehouse/${key}`, { token: admin, body: { ...writable(created), store_name: 'Audited twice' } });
    await t.call('DELETE', `/api/data/store_warehouse/${key}`, { token: admin });
    const rows = await auditOf('store_warehouse', key);
    expect(rows.map((r) => r.action)).toEqual(['insert', 'update', 'delete']);
    const adminId = await userId(t, 'admin');
    for (const r of rows) expect(r).toMatchObject({ username: 'admin', company: 'GAH', user_id: adminId });
    const [ins, upd, del] = rows.map((r) => JSON.parse(String(r.changes)));
    expect(ins.after).toMatchObject({ store_code: 'AUD-1', store_name: 'Audited' });
    expect(upd.changes).toEqual({ store_name: ['Audited', 'Audited twice'] });
    expect(del.before).toMatchObject({ store_code: 'AUD-1', store_name: 'Audited twice' });
    // refused writes leave no audit row
    const gone = await t.call('PUT', `/api/data/store_warehouse/${key}`, { token: admin, body: { ...writable(created) } });
    expect(gone.status).toBe(404);
    expectError(await create(admin, { store_code: 'AUD-2' }), 400, 'ERR_VALIDATION');
    expect(await t.services.database.db.selectFrom('sys_audit').select('id').where('changes', 'like', '%AUD-2%').execute()).toEqual([]);
    expect(await auditOf('store_warehouse', key)).toHaveLength(3);
  });
});

describe('child lines (vendor items)', () => {
  it('creates, reads, replaces and deletes lines with the document', async () => {
    const items = await t.services.database.db.selectFrom('master_item').select('item_id').where('compcode', '=', 'GAH').orderBy('item_id').limit(3).execute();
    const [i1, i2, i3] = items.map((i) => i.item_id as number);
    const r = await create(
      admin,
      {
        vendor_code: 'VND-T1',
        vendor_name: 'Line Test Supplies',
        country: 'Singapore',
        items: [
          { master_item: i1, price: 10.5 },
          { master_item: i2, price: 99, condition: 'OH' },
        ],
      },
      'vendor',
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const vendor = r.body.data;
    expect(vendor.items).toHaveLength(2);
    expect(vendor.items.map((l: { master_item: number }) => l.master_item)).toEqual([i1, i2]);
    for (const l of vendor.items) expect(l).toMatchObject({ vendor: vendor.vendor_id, compcode: 'GAH', currency: 'USD' });

    const keep = vendor.items[1];
    const upd = await t.call('PUT', `/api/data/vendor/${vendor.vendor_id}`, {
      token: admin,
      body: {
        vendor_code: 'VND-T1',
        vendor_name: 'Line Test Supplies',
        country: 'Singapore',
        version: 1,
        items: [
          { id: keep.id, master_item: i2, price: 120, condition: 'OH' },
          { master_item: i3, price: 5 },
        ],
      },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.data.version).toBe(2);
    expect(upd.body.data.items.map((l: { master_item: number; price: unknown }) => [l.master_item, Number(l.price)])).toEqual([
      [i2, 120],
      [i3, 5],
    ]);
    expect(upd.body.data.items[0].id).toBe(keep.id);
    const audit = (await auditOf('vendor', vendor.vendor_id)).map((a) => JSON.parse(String(a.changes)));
    expect(audit[1].lines.items).toMatchObject({ inserted: 1, updated: 1, deleted: 1 });

    expect((await t.call('DELETE', `/api/data/vendor/${vendor.vendor_id}`, { token: admin })).status).toBe(200);
    expect(await countRows(t, 'vendor_item', ['vendor', vendor.vendor_id])).toBe(0);
  });
});

describe('list', () => {
  const TOKEN = 'Zlisttok';
  let seeded = false;
  const seed = async () => {
    if (seeded) return;
    seeded = true;
    const rows = [
      { store_code: 'LST-A', store_type: 'MAIN', station: 'CGK', active: true },
      { store_code: 'LST-B', store_type: 'LINE', station: 'DPS', active: true },
      { store_code: 'LST-C', store_type: 'LINE', station: 'SUB', active: false },
      { store_code: 'LST-D', store_type: 'QUAR', station: 'CGK', active: true },
      { store_code: 'LST-E', store_type: 'MAIN', station: 'UPG', active: true },
    ];
    for (const [i, r] of rows.entries()) {
      const res = await create(admin, { ...r, store_name: `${TOKEN} store ${5 - i}`, city: i === 0 ? `${TOKEN}-city` : 'Elsewhere' });
      expect(res.status).toBe(200);
    }
  };

  it('pages with meta.total, page and limit', async () => {
    await seed();
    const first = await list(admin, `q=${TOKEN}&limit=2&page=1&sortBy=store_code`);
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ total: 5, page: 1, limit: 2 });
    const codes: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await list(admin, `q=${TOKEN}&limit=2&page=${page}&sortBy=store_code`);
      expect(r.body.meta.total).toBe(5);
      expect(r.body.list.length).toBe(page < 3 ? 2 : 1);
      codes.push(...r.body.list.map((x: { store_code: string }) => x.store_code));
    }
    expect(codes).toEqual(['LST-A', 'LST-B', 'LST-C', 'LST-D', 'LST-E']);
    const beyond = await list(admin, `q=${TOKEN}&limit=2&page=9`);
    expect(beyond.body.meta.total).toBe(5);
    expect(beyond.body.list).toEqual([]);
    // the screen's page size is the default; a limit past 100 is refused (docs/api.md)
    const all = await list(admin, '');
    expect(all.body.meta.limit).toBe(10);
    expectError(await list(admin, 'limit=100000'), 400, 'ERR_VALIDATION');
    const vendors = await list(admin, '', 'vendor', 'aircraft-procurement/vendor');
    expect(vendors.body.meta.limit).toBe(20);
  });

  it('returns the screen columns plus key and version', async () => {
    await seed();
    const r = await list(admin, `q=${TOKEN}&limit=1&sortBy=store_code`);
    const screen = t.services.reg.screen('aircraft-logistic', 'store-warehouse');
    if (screen?.kind !== 'list') throw new Error('store-warehouse is not a list');
    expect(Object.keys(r.body.list[0]).sort()).toEqual([...new Set(['store_id', 'version', ...screen.columns.map((c) => c.field)])].sort());
  });

  it('sorts by sortBy/sortDir and by the default sort otherwise', async () => {
    await seed();
    const desc = await list(admin, `q=${TOKEN}&sortBy=store_code&sortDir=desc`);
    expect(desc.body.list.map((x: { store_code: string }) => x.store_code)).toEqual(['LST-E', 'LST-D', 'LST-C', 'LST-B', 'LST-A']);
    const byName = await list(admin, `q=${TOKEN}&sortBy=store_name&sortDir=asc`);
    expect(byName.body.list.map((x: { store_code: string }) => x.store_code)).toEqual(['LST-E', 'LST-D', 'LST-C', 'LST-B', 'LST-A']);
    const upper = await list(admin, `q=${TOKEN}&sortBy=store_name&sortDir=DESC`);
    expect(upper.body.list.map((x: { store_code: string }) => x.store_code)).toEqual(['LST-A', 'LST-B', 'LST-C', 'LST-D', 'LST-E']);
    const dflt = await list(admin, `q=${TOKEN}`); // defaultSort store_code asc
    expect(dflt.body.list.map((x: { store_code: string }) => x.store_code)).toEqual(['LST-A', 'LST-B', 'LST-C', 'LST-D', 'LST-E']);
  });

  it('sortBy an unknown or non-list column → 400', async () => {
    const screen = t.services.reg.screen('aircraft-logistic', 'store-warehouse');
    if (screen?.kind !== 'list') throw new Error('store-warehouse is not a list');
    const notListed = t.services.reg.entity('store_warehouse').fields.find((f) => !screen.columns.some((c) => c.field === f.name) && f.name !== screen.defaultSort?.field);
    expect(notListed).toBeTruthy();
    for (const col of ['nope', notListed!.name, 'password_hash', 'store_code desc', 'compcode;drop']) {
      expectError(await list(admin, `sortBy=${encodeURIComponent(col)}`), 400, 'ERR_BAD_REQUEST');
    }
  });

  it('q searches the screen’s search fields, case-insensitively, as plain text', async () => {
    await seed();
    expect((await list(admin, `q=${TOKEN.toUpperCase()}`)).body.meta.total).toBe(5);
    const city = await list(admin, `q=${TOKEN}-city`);
    expect(city.body.list.map((x: { store_code: string }) => x.store_code)).toEqual(['LST-A']);
    expect((await list(admin, 'q=%25%25%25')).body.meta.total).toBe(0);
    expect((await list(admin, 'q=LST_')).body.meta.total).toBe(0);
    expect((await list(admin, 'q=LST-')).body.meta.total).toBe(5);
    // an empty or blank q does not filter
    const total = (await list(admin, '')).body.meta.total;
    expect((await list(admin, 'q=')).body.meta.total).toBe(total);
    expect((await list(admin, 'q=%20%20')).body.meta.total).toBe(total);
  });

  it('applies filters only when they have a value', async () => {
    await seed();
    const line = await list(admin, `q=${TOKEN}&store_type=LINE`);
    expect(line.body.list.map((x: { store_code: string }) => x.store_code).sort()).toEqual(['LST-B', 'LST-C']);
    expect((await list(admin, `q=${TOKEN}&store_type=LINE&active=true`)).body.list.map((x: { store_code: string }) => x.store_code)).toEqual(['LST-B']);
    expect((await list(admin, `q=${TOKEN}&active=false`)).body.list.map((x: { store_code: string }) => x.store_code)).toEqual(['LST-C']);
    expect((await list(admin, `q=${TOKEN}&station=CGK`)).body.meta.total).toBe(2);
    // empty values are ignored
    expect((await list(admin, `q=${TOKEN}&store_type=&station=&active=`)).body.meta.total).toBe(5);
    // a parameter that is not a filter of the screen is refused, naming it (decision 0261)
    const unknown = await list(admin, `q=${TOKEN}&city=Elsewhere`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ path: '/city', message: 'is not a filter, search or sort of this list' }]);
  });
});
