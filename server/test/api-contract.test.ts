/**
 * Issue 33 (and 32.7): the API holds what it declares. Bounds a field declares are ones the whole
 * product can hold; database errors are clear 4xx; route schemas refuse wrong types and declared
 * limits; every JSON answer says it is JSON. Each test re-reads what a refusal must not change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { adminIn, clientIp, expectError, expectOk, sqlOne, STARTUP_TIMEOUT } from './support.ts';

let t: TestApp;
let admin: string;
let company: string;
let aircraftId: number;
beforeAll(async () => {
  t = await startTestApp();
  const ac = await sqlOne(t, `select aircraft_id, compcode from aircraft order by aircraft_id limit 1`);
  aircraftId = Number(ac.aircraft_id);
  company = String(ac.compcode);
  admin = await adminIn(t, company);
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const writable = (entity: string, row: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  for (const f of t.services.reg.entity(entity).fields) if (!f.readOnly && !f.hidden && row[f.name] !== undefined) out[f.name] = row[f.name];
  out.version = row.version;
  return out;
};

describe('33.1 bounds the product can hold', () => {
  it('refuses an average daily utilisation past 24:00 or 99 cycles at the field, and the due screens still read', async () => {
    const before = expectOk(await t.call('GET', `/api/data/aircraft/${aircraftId}`, { token: admin })).data;
    for (const [field, value] of [
      ['avg_daily_fh', 100_000_000], // the value: 100,000,000 minutes a day
      ['avg_daily_fh', 1441], // 24:01 a day
      ['avg_daily_fh', -1],
      ['avg_daily_fc', 99.01],
    ] as const) {
      const r = await t.call('PUT', `/api/data/aircraft/${aircraftId}`, { token: admin, body: { ...writable('aircraft', before), [field]: value } });
      expectError(r, 400, 'ERR_VALIDATION');
      expect(r.body.errors.map((e: { path: string }) => e.path)).toContain(`/${field}`);
    }
    const after = expectOk(await t.call('GET', `/api/data/aircraft/${aircraftId}`, { token: admin })).data;
    expect(after.version).toBe(before.version);
    expect(after.avg_daily_fh).toBe(before.avg_daily_fh);
    // 24:00 a day (1440 minutes) and 99 cycles are the largest values held
    const edge = await t.call('PUT', `/api/data/aircraft/${aircraftId}`, { token: admin, body: { ...writable('aircraft', before), avg_daily_fh: 1440, avg_daily_fc: 99 } });
    expect(edge.status, JSON.stringify(edge.body)).toBe(200);
    const u = expectOk(await t.call('GET', `/api/data/aircraft_utilisation?route=aircraft-maintenance/aircraft-utilisation`, { token: admin }));
    const mine = u.list.find((r: { aircraft_id: number }) => Number(r.aircraft_id) === aircraftId);
    expect(Number(mine.fh_day)).toBe(1440);
    // the database itself refuses a value past the bound, whatever writes it (decision 0181)
    await expect(sqlOne(t, `update aircraft set avg_daily_fh = 100000000 where aircraft_id = ${aircraftId} returning 1`)).rejects.toMatchObject({ code: '23514' });
  });

  it('keeps every utilisation rate inside its column whatever the ledger holds (no "numeric field overflow")', async () => {
    // an aircraft without planned values whose last 30 days show one huge flight: 2,000,000,000
    // minutes over at least one day would be 2e9 a day, past numeric(10,2) (< 1e8)
    const row = await sqlOne(
      t,
      `select l.ledger_id, l.aircraft from usage_ledger l join company_today d on d.compcode = l.compcode
        where l.component is null and l.flight_log is not null and l.flight_date > d.today - 30 order by l.ledger_id limit 1`,
    );
    expect(row, 'the demo has a posted flight in the last 30 days').toBeTruthy();
    await sqlOne(t, `update aircraft set avg_daily_fh = 0, avg_daily_fc = 0 where aircraft_id = ${Number(row.aircraft)} returning 1`);
    await sqlOne(t, `update usage_ledger set d_h = 2000000000, d_apuh = 2000000000 where ledger_id = ${Number(row.ledger_id)} returning 1`);
    const u = await sqlOne(t, `select fh_day, apuh_day from aircraft_utilisation where aircraft_id = ${Number(row.aircraft)}`);
    expect(Number(u.fh_day)).toBe(9999999);
    expect(Number(u.apuh_day)).toBe(9999999);
    // only that aircraft is held at the bound: an aircraft without flights keeps no rate (null)
    expect((await sqlOne(t, `select count(*)::int as n from aircraft_utilisation where fh_day = 9999999`)).n).toBe(1);
    expect((await sqlOne(t, `select count(*)::int as n from aircraft_utilisation where fh_day is null and not planned`)).n).toBe(Number((await sqlOne(t, `select count(*)::int as n from aircraft_utilisation u where not planned and last_flight_date is null`)).n));
    // the fleet status (a stored view built on it) reads too, its cycles a day unchanged
    const fleet = await t.call('GET', '/api/data/fleet_maintenance_status', { token: admin });
    expect(fleet.status, JSON.stringify(fleet.body)).toBe(200);
  });
});

describe('33.2 database errors are clear 4xx', () => {
  it('answers 409 ERR_IN_USE deleting an aircraft type an aircraft uses, and keeps it', async () => {
    const used = await sqlOne(t, `select aircraft_type from aircraft where compcode = '${company}' order by aircraft_id limit 1`);
    const key = Number(used.aircraft_type);
    expectError(await t.call('DELETE', `/api/data/aircraft_type/${key}`, { token: admin }), 409, 'ERR_IN_USE');
    expectOk(await t.call('GET', `/api/data/aircraft_type/${key}`, { token: admin }));
  });

  it('answers a 120- and a 200-character user name at sign-in with 401, not 500', async () => {
    for (const n of [120, 200]) {
      expectError(await t.call('POST', '/api/auth/signin', { body: { username: 'u'.repeat(n), password: 'whatever-1234' }, headers: clientIp() }), 401, 'ERR_BAD_CREDENTIALS');
    }
    expectError(await t.call('POST', '/api/auth/signin', { body: { username: 'u'.repeat(201), password: 'whatever-1234' }, headers: clientIp() }), 400, 'ERR_VALIDATION');
  });

  it('maps restrict (23001) and check (23514) violations beside the others', async () => {
    const { mapDbError } = await import('../../engine/src/crud/db-errors.ts');
    const codeOf = (c: string) => (mapDbError(Object.assign(new Error('x'), { code: c })) as { code?: string }).code;
    expect(codeOf('23001')).toBe('ERR_IN_USE');
    expect(codeOf('23503')).toBe('ERR_IN_USE');
    expect(codeOf('23505')).toBe('ERR_DUPLICATE');
    expect(codeOf('23514')).toBe('ERR_VALIDATION');
    expect(codeOf('22001')).toBe('ERR_VALIDATION');
    expect(codeOf('22003')).toBe('ERR_VALIDATION');
  });
});

describe('33.3 route schemas refuse wrong types and declared limits', () => {
  it('refuses convert_registration with key true, and makes no company', async () => {
    const before = await sqlOne(t, `select count(*)::int as n from company`);
    const holding = await sqlOne(t, `select compcode from company where isholding order by compcode limit 1`);
    const token = await adminIn(t, String(holding.compcode));
    for (const key of [true, { a: 1 }, [1], 1.5]) {
      const r = await t.call('POST', '/api/data/registration/action/convert_registration', { token, body: { key } });
      expectError(r, 400, 'ERR_VALIDATION');
    }
    expect((await sqlOne(t, `select count(*)::int as n from company`)).n).toBe(before.n);
  });

  it('refuses a refresh token that is not a string at sign-out and refresh', async () => {
    const s = await t.signIn('admin', 'admin123');
    expectError(await t.call('POST', '/api/auth/signout', { body: { refresh_token: -1 } }), 400, 'ERR_VALIDATION');
    expectError(await t.call('POST', '/api/auth/refresh', { body: { refresh_token: 12345 } }), 400, 'ERR_VALIDATION');
    // still signed in: nothing was signed out
    expectOk(await t.call('GET', '/api/users/me', { token: s.token }));
  });

  it('refuses page < 1, limit outside 1..100, a page that is no number and a sortDir other than asc/desc on lists and lookups', async () => {
    for (const qs of ['page=0', 'page=-1', 'page=abc', 'page=1.5', 'limit=0', 'limit=101', 'limit=1e3', 'sortDir=sideways']) {
      const r = await t.call('GET', `/api/data/aircraft?${qs}`, { token: admin });
      expectError(r, 400, 'ERR_VALIDATION');
      expectError(await t.call('GET', `/api/data/aircraft/lookup/aircraft_type?${qs}`, { token: admin }), 400, 'ERR_VALIDATION');
    }
    const ok = expectOk(await t.call('GET', '/api/data/aircraft?page=1&limit=100&sortDir=DESC', { token: admin }));
    expect(ok.meta.limit).toBe(100);
  });
});

describe('33.5 every JSON answer says so', () => {
  it('sets Content-Type application/json; charset=utf-8 on list, record, lookup and error answers', async () => {
    for (const path of ['/api/data/aircraft', '/api/data/aircraft?route=aircraft-maintenance/fleet-list', `/api/data/aircraft/${aircraftId}`, '/api/data/aircraft/lookup/aircraft_type', '/api/data/aircraft/999999999']) {
      const r = await t.call('GET', path, { token: admin });
      expect(r.headers['content-type'], path).toBe('application/json; charset=utf-8');
    }
  });

  it('sets it on every other kind of JSON answer too: the description, meta, menus, history, tasks, writes, actions and their refusals', async () => {
    const modul = String((await sqlOne(t, `select modulname from menu where modulname is not null order by menu_id limit 1`)).modulname);
    const admin = await adminIn(t, company); // 33.3 moved the administrator to the holding
    const before = expectOk(await t.call('GET', `/api/data/aircraft/${aircraftId}`, { token: admin })).data;
    const gets = ['/api/openapi.json', '/api/health', '/api/meta/routes', `/api/menus/modul/${modul}`, '/api/auth/modules', '/api/users/me', '/api/tasktodo', `/api/data/aircraft/${aircraftId}/history`, '/api/data/aircraft/lookup/aircraft_type/copy/999999999', '/api/data/no_such_entity', '/api/no/such/route'];
    for (const path of gets) {
      const r = await t.call('GET', path, { token: admin });
      expect(r.headers['content-type'], `${path} → ${r.status}`).toBe('application/json; charset=utf-8');
    }
    const writes = [
      await t.call('PUT', `/api/data/aircraft/${aircraftId}`, { token: admin, body: writable('aircraft', before) }), // 200
      await t.call('PUT', `/api/data/aircraft/${aircraftId}`, { token: admin, body: { ...writable('aircraft', before), version: -1 } }), // stale
      await t.call('POST', '/api/data/aircraft', { token: admin, body: {} }), // 400 at the fields
      await t.call('DELETE', '/api/data/aircraft/999999999', { token: admin }), // 404
      await t.call('POST', '/api/data/inventory_issue/action/post_inventory_issue', { token: admin, body: { key: 999999999 } }), // an action refused
      await t.call('POST', '/api/auth/signin', { body: { username: 'nobody', password: 'x' }, headers: clientIp() }), // 401
    ];
    for (const r of writes) expect(r.headers['content-type'], `${r.status} ${JSON.stringify(r.body).slice(0, 200)}`).toBe('application/json; charset=utf-8');
  });
});
