/**
 * Retention (decision 0313, issue 34 point 5): every airworthiness record of the demo, refused to
 * DELETE through the generic endpoint (409, the row still there, nothing written), through the lines
 * left out of the parent's save, and through SQL the application could send (the trigger); an aircraft
 * that leaves the fleet is Retired or Transferred and keeps its records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { adminIn, expectError, keysOfCompany, sqlOne, STARTUP_TIMEOUT, WALK_TIMEOUT } from './support.ts';
import { loose } from '../../engine/src/db/loose.ts';
import { mapDbError } from '../../engine/src/crud/db-errors.ts';
import { retainedTables } from '../../engine/src/records/retention.ts';
import { entityJsonSchema, type JsonSchema } from '../../engine/src/metadata/json-schema.ts';
import type { EntityDef } from '../../engine/src/metadata/registry.ts';

type Row = Record<string, unknown>;
/** The body a form sends for a stored row: its schema's fields, and each line's key. */
function formBody(e: EntityDef, stored: Row): Row {
  const schema = entityJsonSchema(t.services.reg, e);
  const body: Row = {};
  for (const [k, p] of Object.entries(schema.properties ?? {})) {
    if (stored[k] === undefined) continue;
    if ((p as JsonSchema).type === 'array') {
      const child = t.services.reg.entity(e.children.find((c) => c.name === k)?.entity ?? '');
      const items = (p as JsonSchema).items as JsonSchema;
      body[k] = (stored[k] as Row[]).map((line) => Object.fromEntries(Object.entries(line).filter(([lk]) => lk in (items.properties ?? {}) || lk === child.key)));
    } else body[k] = stored[k];
  }
  return body;
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await adminIn(t, 'CTA');
}, STARTUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

const retained = () => [...t.services.reg.entities.values()].filter((e) => e.retain && !e.view);
const dueTable = () => t.services.reg.entity('due_item').table;
const count = async (table: string) => Number((await sqlOne(t, `select count(*) as n from ${table}`)).n);

describe('airworthiness records are never deleted', () => {
  it('the retained entities are the records the issue names', () => {
    expect(retained().map((e) => e.name).sort()).toEqual(
      [
        'ad_review', 'ad_review_line', 'aircraft', 'aircraft_ad_status', 'aircraft_modification', 'aircraft_sb_status', 'component_change', 'defect', 'due_variation', 'fleet_component', 'flight_log',
        'logbook_entry', 'maintenance_log', 'maintenance_record', 'maintenance_record_line', 'sb_review', 'sb_review_line', 'staff_authorisation', 'sys_seal', 'usage_ledger', 'work_order', 'work_order_task',
      ].sort(),
    );
    expect(retainedTables(t.services.reg).length).toBe(retained().length);
  });

  it('DELETE of each through the API is refused with 409 and the row stays', async () => {
    let tried = 0;
    for (const e of retained()) {
      if (e.system) continue; // usage_ledger: no generic endpoint at all (and its trigger below)
      const [key] = [...(await keysOfCompany(t, e.name, 'CTA'))];
      if (key === undefined) continue;
      const audits = await count('sys_audit');
      const r = await t.call('DELETE', `/api/data/${e.name}/${key}`, { token });
      // a document past its draft says it is locked; an open one that it is kept
      expect(['ERR_RETAINED', 'ERR_LOCKED'], `${e.name} ${key}: ${JSON.stringify(r.body)}`).toContain(r.body.code);
      expectError(r, 409);
      expect(await loose(t.services.database.db).selectFrom(e.table).select(e.key).where(e.key, '=', key).executeTakeFirst(), `${e.name} ${key} kept`).toBeTruthy();
      expect(await count('sys_audit'), `${e.name}: nothing written`).toBe(audits);
      tried++;
    }
    expect(tried).toBeGreaterThanOrEqual(15);
  }, WALK_TIMEOUT);

  it('an open (draft) record is refused with the retention words', async () => {
    const ac = await sqlOne(t, `select aircraft_id from aircraft where compcode = 'CTA' order by aircraft_id limit 1`);
    const r = await t.call('DELETE', `/api/data/aircraft/${ac.aircraft_id}`, { token });
    expectError(r, 409, 'ERR_RETAINED');
    expect(r.body.message).toMatch(/airworthiness records: they are kept and never deleted/);
  });

  it("a component line left out of its aircraft's save is refused, nothing changed", async () => {
    const ac = await sqlOne(t, `select a.aircraft_id from aircraft a where a.compcode = 'CTA' and exists (select 1 from fleet_component c where c.aircraft = a.aircraft_id) order by a.aircraft_id limit 1`);
    const read = await t.call('GET', `/api/data/aircraft/${ac.aircraft_id}`, { token });
    expect(read.status).toBe(200);
    const doc = formBody(t.services.reg.entity('aircraft'), read.body.data);
    const components = doc.components as Record<string, unknown>[];
    expect(components.length).toBeGreaterThan(0);
    const before = await count('fleet_component');
    const r = await t.call('PUT', `/api/data/aircraft/${ac.aircraft_id}`, { token, body: { ...doc, components: components.slice(1) } });
    expectError(r, 409, 'ERR_RETAINED');
    expect(await count('fleet_component')).toBe(before);
  });

  it('SQL the application sends (any plugin, a cascade) is refused by the trigger on both databases', async () => {
    const db = t.services.database.db;
    for (const table of retainedTables(t.services.reg)) {
      if ((await count(table)) === 0) continue;
      const err = await db
        .transaction()
        .execute((tx) => sql`delete from ${sql.table(table)} where ctid = (select ctid from ${sql.table(table)} limit 1)`.execute(tx))
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(mapDbError(err), table).toMatchObject({ code: 'ERR_RETAINED', status: 409 });
      const trunc = await sql`truncate ${sql.table(table)} cascade`.execute(db).then(
        () => null,
        (e: unknown) => e,
      );
      expect(mapDbError(trunc), `truncate ${table}`).toMatchObject({ code: 'ERR_RETAINED' });
    }
    // the cascade from a work order to its cards
    const err = await sql`delete from work_order where wo_id = (select min(wo_id) from work_order)`.execute(db).then(
      () => null,
      (e: unknown) => e,
    );
    expect(mapDbError(err)).toMatchObject({ code: 'ERR_RETAINED' });
  });
});

describe('an aircraft leaving the fleet keeps its records', () => {
  it('Retired with its day: kept with its logs, orders and parts, and nothing of it due any more', async () => {
    const ac = await sqlOne(t, `select a.aircraft_id, a.registration from aircraft a where a.compcode = 'CTA' and exists (select 1 from flight_log f where f.aircraft = a.aircraft_id) order by a.aircraft_id limit 1`);
    const records = async () => sqlOne(t, `select (select count(*) from flight_log where aircraft = ${ac.aircraft_id}) as logs, (select count(*) from work_order where aircraft = ${ac.aircraft_id}) as orders, (select count(*) from fleet_component where aircraft = ${ac.aircraft_id}) as parts`);
    const kept = await records();
    expect(Number((await sqlOne(t, `select count(*) as n from ${dueTable()} where aircraft = ${ac.aircraft_id}`)).n), 'due before').toBeGreaterThan(0);
    const read = formBody(t.services.reg.entity('aircraft'), (await t.call('GET', `/api/data/aircraft/${ac.aircraft_id}`, { token })).body.data);
    const r = await t.call('PUT', `/api/data/aircraft/${ac.aircraft_id}`, { token, body: { ...read, status: 'RETIRED', left_fleet_date: '2026-11-30' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await records()).toEqual(kept);
    expect(Number((await sqlOne(t, `select count(*) as n from ${dueTable()} where aircraft = ${ac.aircraft_id}`)).n)).toBe(0);
    const stored = await t.call('GET', `/api/data/aircraft/${ac.aircraft_id}`, { token });
    expect(stored.body.data).toMatchObject({ status: 'RETIRED', left_fleet_date: '2026-11-30' });
  });
});
