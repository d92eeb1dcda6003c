/**
 * Company isolation and per-letter access (spec §1 switching company, §6 Roles and permissions):
 * a user of one company never sees or writes another company's rows through any endpoint built so
 * far, and each of C, R, U, D is enforced by the generic data API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import type { EntityDef, ListScreenDef } from '../../engine/src/metadata/registry.ts';
import { countRows, createUser, DEMO_PASSWORD, expectError, keysOfCompany, listAll, readableEntities, STARTUP_TIMEOUT, userId, WALK_TIMEOUT } from './support.ts';
import { loose } from '../../engine/src/db/loose.ts';

const COMPANIES = ['GAH', 'GAT', 'CTA'];

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  tokens = {
    storekeeper: (await t.signIn('storekeeper', DEMO_PASSWORD)).token, // GAT: storekeeper
    admin: (await t.signIn('admin', 'admin123')).token, // GAH: administrator
    'cta.admin': (await t.signIn('cta.admin', DEMO_PASSWORD)).token, // CTA: administrator
    approver: (await t.signIn('approver', DEMO_PASSWORD)).token, // GAT: approver (RP)
    engineer: (await t.signIn('engineer', DEMO_PASSWORD)).token, // GAT: engineer
  };
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const listScreens = () => [...t.services.reg.screens.values()].filter((s): s is ListScreenDef => s.kind === 'list');
const tenantEntities = (): EntityDef[] => {
  const seen = new Map<string, EntityDef>();
  for (const s of listScreens()) {
    const e = t.services.reg.entity(s.entity);
    if (e.companyScoped || e.companyVia) seen.set(e.name, e);
  }
  return [...seen.values()];
};

/** A body for PUT/POST built from a row the caller may read: the writable fields and the version. */
function bodyFrom(e: EntityDef, row: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of e.fields) if (!f.readOnly && !f.hidden && row[f.name] !== undefined) body[f.name] = row[f.name];
  body.version = row.version;
  return body;
}

async function rowSnapshot(e: EntityDef, key: string) {
  return loose(t.services.database.db)
    .selectFrom(e.table)
    .selectAll()
    .where(e.key, '=', e.keyType === 'string' ? key : Number(key))
    .executeTakeFirst();
}

describe('generic lists show only the active company', () => {
  for (const [viewer, role, compcode] of [
    ['storekeeper', 'storekeeper', 'GAT'],
    ['admin', 'administrator', 'GAH'],
    ['cta.admin', 'administrator', 'CTA'],
  ] as const) {
    it(`${viewer} (active ${compcode}) sees every own row and no other company's row on every list screen`, async () => {
      const readable = readableEntities(t, role);
      let checkedWithForeignRows = 0;
      for (const s of listScreens()) {
        const e = t.services.reg.entity(s.entity);
        if (!e.companyScoped && !e.companyVia) continue;
        const route = `${s.module}/${s.route}`;
        const res = await listAll(t, tokens[viewer], e.name, route);
        if (!readable.has(e.name)) {
          expect(res.status, `${viewer} ${route}`).toBe(403);
          continue;
        }
        expect(res.status, `${viewer} ${route}`).toBe(200);
        const own = await keysOfCompany(t, e.name, compcode);
        const returned = res.rows.map((r) => String(r[e.key]));
        if (s.fixedFilter && Object.keys(s.fixedFilter).length > 0) {
          for (const k of returned) expect(own.has(k), `${route} returned ${k}`).toBe(true);
        } else {
          // an unfiltered list shows exactly the company's rows
          expect(new Set(returned), `${viewer} ${route}`).toEqual(own);
          expect(res.total).toBe(own.size);
        }
        const foreign = new Set<string>();
        for (const other of COMPANIES.filter((c) => c !== compcode)) for (const k of await keysOfCompany(t, e.name, other)) if (!own.has(k)) foreign.add(k);
        if (foreign.size > 0) checkedWithForeignRows++;
        for (const k of returned) expect(foreign.has(k), `${route} returned ${k} of another company`).toBe(false);
      }
      // the check is meaningful: most lists have rows of other companies in the demo data
      expect(checkedWithForeignRows).toBeGreaterThanOrEqual(viewer === 'storekeeper' ? 8 : 15);
    }, WALK_TIMEOUT);
  }

  it('free text, filters and sorting never widen a list to another company', async () => {
    const token = tokens.storekeeper;
    const gat = await keysOfCompany(t, 'store_warehouse', 'GAT');
    const route = 'aircraft-logistic/store-warehouse';
    for (const qs of ['q=a', 'q=%25', 'store_type=MAIN', 'station=SUB', 'active=true', 'sortBy=store_name&sortDir=desc', 'limit=100&page=1']) {
      const r = await t.call('GET', `/api/data/store_warehouse?route=${route}&${qs}`, { token });
      expect(r.status, qs).toBe(200);
      for (const row of r.body.list) expect(gat.has(String(row.store_id)), qs).toBe(true);
    }
    // the route must name a list of that entity
    expectError(await t.call('GET', '/api/data/store_warehouse?route=aircraft-procurement/vendor', { token }), 400, 'ERR_BAD_REQUEST');
  });
});

describe("another company's row is not found, whatever the call", () => {
  it('GET/PUT/DELETE of a CTA (or GAT) row → 404 even for admin active in GAH, and nothing changes', async () => {
    const token = tokens.admin;
    for (const e of tenantEntities()) {
      const own = [...(await keysOfCompany(t, e.name, 'GAH'))];
      const foreignCompany = (await keysOfCompany(t, e.name, 'CTA')).size > 0 ? 'CTA' : 'GAT';
      const foreign = [...(await keysOfCompany(t, e.name, foreignCompany))].filter((k) => !own.includes(k));
      if (foreign.length === 0 || own.length === 0) continue;
      const ownRow = await t.call('GET', `/api/data/${e.name}/${own[0]}`, { token });
      expect(ownRow.status, `${e.name} own row`).toBe(200);
      // system and view-backed entities refuse every generic write for any key alike: 403, revealing nothing
      const writeStatus = e.view || e.system ? 403 : 404;
      for (const key of foreign.slice(0, 2)) {
        const before = await rowSnapshot(e, key);
        expect(before, `${e.name} ${key} exists`).toBeTruthy();
        const read = await t.call('GET', `/api/data/${e.name}/${key}`, { token });
        expect(read.status, `GET ${e.name}/${key}`).toBe(404);
        expectError(read, 404, 'ERR_NOT_FOUND');
        const body = bodyFrom(e, ownRow.body.data);
        if (writeStatus === 404) body.version = (before as Record<string, unknown>).version;
        const put = await t.call('PUT', `/api/data/${e.name}/${key}`, { token, body });
        expect(put.status, `PUT ${e.name}/${key}: ${JSON.stringify(put.body)}`).toBe(writeStatus);
        expectError(put, writeStatus);
        const del = await t.call('DELETE', `/api/data/${e.name}/${key}`, { token });
        expect(del.status, `DELETE ${e.name}/${key}`).toBe(writeStatus);
        expectError(del, writeStatus);
        expect(await rowSnapshot(e, key), `${e.name} ${key} unchanged`).toEqual(before);
      }
    }
  }, WALK_TIMEOUT);

  it('the answer for a row of another company is the same as for a key that does not exist', async () => {
    const ctaStore = [...(await keysOfCompany(t, 'store_warehouse', 'CTA'))][0];
    const foreign = await t.call('GET', `/api/data/store_warehouse/${ctaStore}`, { token: tokens.storekeeper });
    const missing = await t.call('GET', '/api/data/store_warehouse/987654', { token: tokens.storekeeper });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });

  it('a create naming another company (compcode) → 400 unknown field and nothing written', async () => {
    const token = tokens.admin;
    for (const e of tenantEntities()) {
      if (e.name === 'company' || e.companyVia || e.view || e.system) continue;
      const own = [...(await keysOfCompany(t, e.name, 'GAH'))];
      if (own.length === 0) continue;
      const row = await t.call('GET', `/api/data/${e.name}/${own[0]}`, { token });
      const body = bodyFrom(e, row.body.data);
      delete body.version;
      const before = { all: await countRows(t, e.table), cta: await countRows(t, e.table, ['compcode', 'CTA']) };
      const r = await t.call('POST', `/api/data/${e.name}`, { token, body: { ...body, compcode: 'CTA' } });
      expect(r.status, `POST ${e.name}: ${JSON.stringify(r.body)}`).toBe(400);
      expectError(r, 400, 'ERR_VALIDATION');
      expect(r.body.errors).toContainEqual({ path: '/compcode', message: 'is not a field of this form' });
      expect(await countRows(t, e.table)).toBe(before.all);
      expect(await countRows(t, e.table, ['compcode', 'CTA'])).toBe(before.cta);
    }
  }, WALK_TIMEOUT);

  it('an update cannot move a row to another company', async () => {
    const token = tokens.admin;
    const key = [...(await keysOfCompany(t, 'arc_status', 'GAH'))][0];
    const row = await t.call('GET', `/api/data/arc_status/${key}`, { token });
    const r = await t.call('PUT', `/api/data/arc_status/${key}`, { token, body: { ...bodyFrom(t.services.reg.entity('arc_status'), row.body.data), compcode: 'CTA' } });
    expectError(r, 400, 'ERR_VALIDATION');
    expect((await rowSnapshot(t.services.reg.entity('arc_status'), key))?.compcode).toBe('GAH');
  });

  it('company: only the active company is listed, read or written', async () => {
    const list = await listAll(t, tokens.storekeeper, 'company');
    expect(list.status).toBe(403); // storekeeper has no admin letters
    for (const [viewer, code] of [
      ['admin', 'GAH'],
      ['cta.admin', 'CTA'],
    ] as const) {
      const r = await listAll(t, tokens[viewer], 'company', 'admin/company-profile');
      expect(r.rows.map((c) => c.compcode)).toEqual([code]);
      expect((await t.call('GET', `/api/data/company/${code}`, { token: tokens[viewer] })).status).toBe(200);
    }
    expectError(await t.call('GET', '/api/data/company/GAT', { token: tokens['cta.admin'] }), 404, 'ERR_NOT_FOUND');
    const companies = await countRows(t, 'company');
    const create = await t.call('POST', '/api/data/company', { token: tokens['cta.admin'], body: { compcode: 'GAT', company: 'Hijack', matauang: 'USD' } });
    expect([403, 409]).toContain(create.status);
    const other = await t.call('POST', '/api/data/company', { token: tokens['cta.admin'], body: { compcode: 'NEWCO', company: 'New Co', matauang: 'USD' } });
    expectError(other, 403, 'ERR_FORBIDDEN');
    expect(await countRows(t, 'company')).toBe(companies);
  });

  it('users: lists, user lists and company lists show only the own company', async () => {
    for (const [viewer, code] of [
      ['storekeeper', 'GAT'],
      ['admin', 'GAH'],
      ['cta.admin', 'CTA'],
    ] as const) {
      const members = new Set(
        (await t.services.database.db.selectFrom('users as u').innerJoin('user_company as uc', 'uc.user_id', 'u.user_id').select('u.username').where('uc.compcode', '=', code).execute()).map((r) => r.username as string),
      );
      const list = await t.call('GET', '/api/users/list?limit=100', { token: tokens[viewer] });
      expect(list.body.list.length).toBeGreaterThan(0);
      for (const u of list.body.list) expect(members.has(u.username), `${viewer} sees ${u.username}`).toBe(true);
      const companies = await t.call('GET', '/api/users/companies', { token: tokens[viewer] });
      const assigned = (await t.services.database.db.selectFrom('user_company').select('compcode').where('user_id', '=', await userId(t, viewer)).execute()).map((r) => r.compcode).sort();
      expect(companies.body.list.map((c: { compcode: string }) => c.compcode).sort()).toEqual(assigned);
    }
    await createUser(t, { username: 'iso.gat.only', companies: { GAT: 'viewer' } });
    const ctaUsers = await listAll(t, tokens['cta.admin'], 'users', 'admin/user');
    expect(ctaUsers.rows.length).toBeGreaterThan(0);
    expect(ctaUsers.rows.map((u) => u.username)).not.toContain('iso.gat.only');
    const ctaList = await t.call('GET', '/api/users/list?limit=100', { token: tokens['cta.admin'] });
    expect(ctaList.body.list.map((u: { username: string }) => u.username)).not.toContain('iso.gat.only');
    expectError(await t.call('GET', `/api/data/users/${await userId(t, 'iso.gat.only')}`, { token: tokens['cta.admin'] }), 404, 'ERR_NOT_FOUND');
    const holdingMembers = await t.services.database.db.selectFrom('users as u').innerJoin('user_company as uc', 'uc.user_id', 'u.user_id').select('u.username').where('uc.compcode', '=', 'GAH').orderBy('u.username').execute();
    expect(holdingMembers.map((u) => u.username)).toContain('admin');
    expect((await listAll(t, tokens.admin, 'users', 'admin/user')).rows.map((u) => u.username).sort()).toEqual(holdingMembers.map((u) => u.username).sort());
    expectError(await t.call('GET', `/api/data/users/${await userId(t, 'cta.admin')}`, { token: tokens.admin }), 404, 'ERR_NOT_FOUND');
    for (const row of (await listAll(t, tokens.admin, 'users', 'admin/user')).rows) expect(row).not.toHaveProperty('password_hash');
  });

  it("menus/modul/{m}/{username} of another company's user → 404", async () => {
    expectError(await t.call('GET', '/api/menus/modul/aircraft-logistic/cta.admin', { token: tokens.admin }), 404, 'ERR_NOT_FOUND');
    expectError(await t.call('GET', '/api/menus/modul/aircraft-logistic/storekeeper', { token: tokens.admin }), 404, 'ERR_NOT_FOUND');
    expectError(await t.call('GET', '/api/menus/modul/aircraft-logistic/admin.nowhere', { token: tokens['cta.admin'] }), 404, 'ERR_NOT_FOUND');
    expect((await t.call('GET', '/api/menus/modul/aircraft-logistic/admin', { token: tokens['cta.admin'] })).status).toBe(200); // admin also works in CTA
  });
});

describe('each letter is enforced by the generic API', () => {
  const storeOf = async (compcode: string) => {
    const e = t.services.reg.entity('store_warehouse');
    const key = [...(await keysOfCompany(t, 'store_warehouse', compcode))][0];
    return { e, key, row: (await rowSnapshot(e, key)) as Record<string, unknown> };
  };

  it('without R: list and read → 403', async () => {
    // storekeeper holds nothing on aircraft-maintenance in GAT
    const key = [...(await keysOfCompany(t, 'aircraft', 'GAT'))][0];
    expectError(await t.call('GET', '/api/data/aircraft?route=aircraft-maintenance/fleet-list', { token: tokens.storekeeper }), 403, 'ERR_FORBIDDEN');
    expectError(await t.call('GET', '/api/data/aircraft', { token: tokens.storekeeper }), 403, 'ERR_FORBIDDEN');
    expectError(await t.call('GET', `/api/data/aircraft/${key}`, { token: tokens.storekeeper }), 403, 'ERR_FORBIDDEN');
    // engineer (maintenance RU) may read it
    expect((await t.call('GET', `/api/data/aircraft/${key}`, { token: tokens.engineer })).status).toBe(200);
    // a user with letters but no R on the screen
    await createUser(t, { username: 'letters.cu', companies: { GAT: { 'aircraft-logistic/store-warehouse': 'CU' } } });
    const cu = (await t.signIn('letters.cu', DEMO_PASSWORD)).token;
    expectError(await t.call('GET', '/api/data/store_warehouse?route=aircraft-logistic/store-warehouse', { token: cu }), 403, 'ERR_FORBIDDEN');
  });

  it('without C: create → 403 and nothing written (approver RP, viewer R)', async () => {
    await createUser(t, { username: 'letters.viewer', companies: { GAT: 'viewer' } });
    const viewer = (await t.signIn('letters.viewer', DEMO_PASSWORD)).token;
    const before = await countRows(t, 'store_warehouse');
    for (const token of [tokens.approver, viewer]) {
      expect((await t.call('GET', '/api/data/store_warehouse?route=aircraft-logistic/store-warehouse', { token })).status).toBe(200);
      expectError(await t.call('POST', '/api/data/store_warehouse', { token, body: { store_code: 'NOC-1', store_name: 'No create' } }), 403, 'ERR_FORBIDDEN');
    }
    // engineer holds RU on aircraft-maintenance: no create of aircraft
    const aircraft = await countRows(t, 'aircraft');
    expectError(await t.call('POST', '/api/data/aircraft', { token: tokens.engineer, body: { registration: 'PK-NOC' } }), 403, 'ERR_FORBIDDEN');
    expect(await countRows(t, 'aircraft')).toBe(aircraft);
    expect(await countRows(t, 'store_warehouse')).toBe(before);
  });

  it('without U: update → 403 and the row unchanged', async () => {
    const { e, key, row } = await storeOf('GAT');
    const api = await t.call('GET', `/api/data/store_warehouse/${key}`, { token: tokens.approver });
    expect(api.status).toBe(200);
    const body = { ...bodyFrom(e, api.body.data), store_name: 'Renamed by approver' };
    expectError(await t.call('PUT', `/api/data/store_warehouse/${key}`, { token: tokens.approver, body }), 403, 'ERR_FORBIDDEN');
    expect(await rowSnapshot(e, key)).toEqual(row);
    // storekeeper (CRUP) may update
    const ok = await t.call('PUT', `/api/data/store_warehouse/${key}`, { token: tokens.storekeeper, body: { ...body, store_name: String(row.store_name) } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.version).toBe(Number(row.version) + 1);
  });

  it('without D: delete → 403 and the row kept (storekeeper CRUP)', async () => {
    const created = await t.call('POST', '/api/data/store_warehouse', { token: tokens.storekeeper, body: { store_code: 'NOD-1', store_name: 'No delete' } });
    expect(created.status).toBe(200);
    const key = created.body.data.store_id;
    expectError(await t.call('DELETE', `/api/data/store_warehouse/${key}`, { token: tokens.storekeeper }), 403, 'ERR_FORBIDDEN');
    expectError(await t.call('DELETE', `/api/data/store_warehouse/${key}`, { token: tokens.approver }), 403, 'ERR_FORBIDDEN');
    expect(await rowSnapshot(t.services.reg.entity('store_warehouse'), String(key))).toBeTruthy();
    // a user with D in GAT may delete it
    await createUser(t, { username: 'letters.d', companies: { GAT: { 'aircraft-logistic/store-warehouse': 'RD' } } });
    const d = (await t.signIn('letters.d', DEMO_PASSWORD)).token;
    expect((await t.call('DELETE', `/api/data/store_warehouse/${key}`, { token: d })).status).toBe(200);
    expect(await rowSnapshot(t.services.reg.entity('store_warehouse'), String(key))).toBeUndefined();
  });

  it('letters are per company: storekeeper’s GAT letters do not apply to CTA rows', async () => {
    const { e, key, row } = await storeOf('CTA');
    expectError(await t.call('PUT', `/api/data/store_warehouse/${key}`, { token: tokens.storekeeper, body: { ...bodyFrom(e, row), store_name: 'x' } }), 404, 'ERR_NOT_FOUND');
    expect(await rowSnapshot(e, key)).toEqual(row);
  });

  it('system tables are never reachable through the generic API', async () => {
    for (const entity of ['sys_refresh_token', 'sys_login_throttle', 'sys_audit', 'menu', 'module']) {
      const r = await t.call('GET', `/api/data/${entity}`, { token: tokens.admin });
      expect([403, 404], entity).toContain(r.status);
      const w = await t.call('POST', `/api/data/${entity}`, { token: tokens.admin, body: {} });
      expect([400, 403, 404], entity).toContain(w.status);
    }
    expect(await countRows(t, 'sys_refresh_token')).toBeGreaterThan(0);
  });
});
