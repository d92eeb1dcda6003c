/**
 * English and Indonesian (decision 0144): a user chooses the language on the profile
 * (PUT users/language); the server then serves module cards, menus, screens (titles, columns,
 * field and enum labels, the form's schema titles) and lookup columns in it, while messages stay
 * word for word; another user keeps reading English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, expectError, expectOk, sqlOne, STARTUP_TIMEOUT, userId } from './support.ts';

let t: TestApp;
let admin: string;
let storekeeper: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signIn('admin', 'admin123')).token;
  storekeeper = (await t.signIn('storekeeper', DEMO_PASSWORD)).token;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const menuTitles = async (token: string) => new Map((expectOk(await t.call('GET', '/api/menus/modul/aircraft-logistic', { token })) as { name: string; title: string }[]).map((m) => [m.name, m.title]));

describe('users.language (decision 0144)', () => {
  it('is English by default, in the session and on the user', async () => {
    const me = expectOk(await t.call('GET', '/api/users/me', { token: storekeeper }));
    expect(me.user.language).toBe('en');
    expect((await sqlOne(t, `select language from users where username = 'storekeeper'`)).language).toBe('en');
    expect((await menuTitles(storekeeper)).get('store-warehouse')).toBe('Stores / Warehouses');
  });

  it('refuses a language it does not offer, and any other field, changing nothing', async () => {
    const before = await sqlOne(t, `select language, version from users where username = 'storekeeper'`);
    expectError(await t.call('PUT', '/api/users/language', { token: storekeeper, body: { language: 'fr' } }), 400);
    expectError(await t.call('PUT', '/api/users/language', { token: storekeeper, body: {} }), 400);
    expectError(await t.call('PUT', '/api/users/language', { token: storekeeper, body: { language: 'id', user_id: 1 } }), 400);
    expect(await sqlOne(t, `select language, version from users where username = 'storekeeper'`)).toEqual(before);
  });

  it('is chosen by the user for themselves: the session answers in it, the change is versioned and audited', async () => {
    const id = await userId(t, 'storekeeper');
    const before = await sqlOne(t, `select version from users where user_id = ${id}`);
    const r = expectOk(await t.call('PUT', '/api/users/language', { token: storekeeper, body: { language: 'id' } }));
    expect(r.success).toBe(1);
    expect(r.user).toMatchObject({ username: 'storekeeper', language: 'id', compcode: 'GAT' });
    const after = await sqlOne(t, `select language, version, updated_by from users where user_id = ${id}`);
    expect(after).toEqual({ language: 'id', version: Number(before.version) + 1, updated_by: 'storekeeper' });
    const audit = await sqlOne(t, `select action, changes::text as changes from sys_audit where entity = 'users' and record_key = '${id}' order by id desc limit 1`);
    expect(audit.action).toBe('action');
    expect(JSON.parse(audit.changes)).toMatchObject({ action: 'choose language', changes: { language: ['en', 'id'] } });
    expect(expectOk(await t.call('GET', '/api/users/me', { token: storekeeper })).user.language).toBe('id');
  });

  it('serves module cards and menus in Indonesian to that user, and English to another', async () => {
    const cards = expectOk(await t.call('GET', '/api/auth/usermodules', { token: storekeeper })) as { name: string; title: string; info: string }[];
    expect(cards.find((m) => m.name === 'aircraft-logistic')).toMatchObject({
      title: 'Logistik Pesawat',
      info: 'Gudang, stok, permintaan material dan pembelian, penerimaan, transfer dan pengeluaran.',
    });
    const id = await menuTitles(storekeeper);
    expect(id.get('store-warehouse')).toBe('Daftar Gudang');
    expect(id.get('master-data')).toBe('Data Induk');
    expect(id.get('master-item-list')).toBe('Barang Induk');
    const en = await menuTitles(admin);
    expect(en.get('store-warehouse')).toBe('Stores / Warehouses');
    expect(en.get('master-data')).toBe('Master Data');
    const adminCards = expectOk(await t.call('GET', '/api/auth/usermodules', { token: admin })) as { name: string; title: string }[];
    expect(adminCards.find((m) => m.name === 'aircraft-logistic')?.title).toBe('Aircraft Logistic');
  });

  it('serves a list screen in Indonesian: title, columns, filters, field and enum labels', async () => {
    const s = expectOk(await t.call('GET', '/api/meta/screen/aircraft-logistic/store-warehouse', { token: storekeeper }));
    expect(s.title).toBe('Daftar Gudang');
    expect(s.columns.map((c: { label: string }) => c.label)).toEqual(['Kode Gudang', 'Nama Gudang', 'Jenis Gudang', 'Stasiun (IATA)', 'Kota', 'Petugas Gudang', 'Hanya stok laik pakai', 'Aktif']);
    expect(s.filters.map((f: { label: string }) => f.label)).toEqual(['Jenis Gudang', 'Stasiun (IATA)', 'Aktif']);
    const type = s.entity.fields.find((f: { name: string }) => f.name === 'store_type');
    expect(type.values.slice(0, 2)).toEqual([
      { code: 'MAIN', label: 'Gudang utama' },
      { code: 'LINE', label: 'Gudang stasiun lini' },
    ]);
    const en = expectOk(await t.call('GET', '/api/meta/screen/aircraft-logistic/store-warehouse', { token: admin }));
    expect(en.title).toBe('Stores / Warehouses');
    expect(en.columns[0].label).toBe('Store Code');
  });

  it('serves a form in Indonesian with its own compiled validator, which validates the same', async () => {
    const s = expectOk(await t.call('GET', '/api/meta/screen/aircraft-logistic/store-warehouse-form', { token: storekeeper }));
    expect(s.schema.properties.store_code.title).toBe('Kode Gudang');
    expect(s.schema.properties.store_type.oneOf[0]).toEqual({ const: 'MAIN', title: 'Gudang utama' });
    const en = expectOk(await t.call('GET', '/api/meta/screen/aircraft-logistic/store-warehouse-form', { token: admin }));
    expect(en.schema.properties.store_code.title).toBe('Store Code');
    // each language's validator is served (its schema's titles differ, so does its address), the same rules
    expect(s.validator).not.toBe(en.validator);
    for (const v of [s.validator, en.validator]) {
      const r = await t.call('GET', `/api/${v}`);
      expect(r.status).toBe(200);
      expect(String(r.headers['content-type'])).toMatch(/javascript/);
    }
    expectError(await t.call('GET', `/api/${s.validator.replace(/[0-9a-f]{64}/, '0'.repeat(64))}`), 404);
  });

  it('labels lookup columns in Indonesian', async () => {
    const r = expectOk(await t.call('GET', '/api/data/material_request_line/lookup/item?limit=1', { token: storekeeper }));
    expect(r.columns[0]).toEqual({ field: 'partnumber', label: 'Nomor Part' });
    const en = expectOk(await t.call('GET', '/api/data/material_request_line/lookup/item?limit=1', { token: admin }));
    expect(en.columns[0]).toEqual({ field: 'partnumber', label: 'Part Number' });
  });

  it("names the changed fields of a record's history in the reader's language", async () => {
    // the admin works in the storekeeper's company for this
    expectOk(await t.call('PUT', `/api/users/ulc/${await userId(t, 'admin')}`, { token: admin, body: { compcode: 'GAT' } }));
    const store = await sqlOne(t, `select store_id from store_warehouse where compcode = 'GAT' order by store_id limit 1`);
    const before = expectOk(await t.call('GET', `/api/data/store_warehouse/${store.store_id}`, { token: admin })).data;
    // the writable fields as they are (as server/test/history.test.ts sends them), two changed
    const body: Record<string, unknown> = { version: before.version };
    for (const f of t.services.reg.entity('store_warehouse').fields) if (!f.readOnly && !f.hidden && before[f.name] !== undefined) body[f.name] = before[f.name];
    Object.assign(body, { store_name: 'Gudang Hanggar 4', store_type: 'LINE' });
    expectOk(await t.call('PUT', `/api/data/store_warehouse/${store.store_id}`, { token: admin, body }));
    const changes = async (token: string) => (expectOk(await t.call('GET', `/api/data/store_warehouse/${store.store_id}/history`, { token })).data[0].changes as { field: string; label: string; to: unknown }[]);
    expect(await changes(storekeeper)).toEqual(
      expect.arrayContaining([
        { field: 'store_name', label: 'Nama Gudang', from: before.store_name, to: 'Gudang Hanggar 4' },
        { field: 'store_type', label: 'Jenis Gudang', from: 'Gudang utama', to: 'Gudang stasiun lini' },
      ]),
    );
    expect(await changes(admin)).toEqual(
      expect.arrayContaining([
        { field: 'store_name', label: 'Store Name', from: before.store_name, to: 'Gudang Hanggar 4' },
        { field: 'store_type', label: 'Store Type', from: 'Main store', to: 'Line station store' },
      ]),
    );
  });

  it('keeps messages word for word: a refused save answers the spec text in either language', async () => {
    for (const token of [storekeeper, admin]) {
      expectError(await t.call('POST', '/api/data/store_warehouse', { token, body: {} }), 400, 'ERR_VALIDATION', 'Please fill the form correctly.');
      expectError(await t.call('GET', '/api/meta/screen/aircraft-logistic/no-such-route', { token }), 404, 'ERR_ROUTE_NOT_FOUND', 'Not found.');
    }
  });

  it('goes back to English', async () => {
    expectOk(await t.call('PUT', '/api/users/language', { token: storekeeper, body: { language: 'en' } }));
    expect((await menuTitles(storekeeper)).get('store-warehouse')).toBe('Stores / Warehouses');
  });
});
