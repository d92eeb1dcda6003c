/**
 * Aircraft records transfer (issue 36 points 1-2, decisions 0360-0362), on the seeded demo:
 * the planner of Citra Aviation exports PK-WFA (ATR 72-600); Garuda Aero Holding, given the same
 * programme for the type, imports the file; its due list is the source's item for item (item,
 * last done, next due FH/FC/date, remaining, status). A file naming an unknown task, a part
 * without a position and a serial twice lists each and imports nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, sqlAll, sqlOne } from '../../server/test/support.ts';
import type { AircraftRecords } from './format.ts';
import { copyProgramme } from '../../test/helpers/programme.ts';

type Row = Record<string, any>;
let t: TestApp;
let planner = '';
let admin = '';
let records: AircraftRecords;

const DUE_FIELDS = ['item_kind', 'item_code', 'description', 'last_done_date', 'last_done_fh', 'last_done_fc', 'next_due_fh', 'next_due_fc', 'next_due_date', 'remaining_fh', 'remaining_fc', 'remaining_days', 'due_status'];
/** An aircraft's due list (every item but document expiries), item by item in one order. */
async function dueList(aircraftId: number): Promise<Row[]> {
  const rows = await sqlAll(
    t,
    `select d.*, c.partnumber, c.serial_number from due_item d left join fleet_component c on c.component_id = d.component
      where d.aircraft = ${aircraftId} and d.item_kind <> 'DOCUMENT'`,
  );
  return rows
    .map((r): Row => ({ ...Object.fromEntries(DUE_FIELDS.map((f) => [f, r[f] === null || r[f] === undefined ? null : typeof r[f] === 'number' || f.startsWith('remaining') || f.endsWith('_fh') || f.endsWith('_fc') ? Number(r[f]) : String(r[f])])), part: r.serial_number ? `${r.partnumber}/${r.serial_number}` : null }))
    .sort((a, b) => `${a.item_kind}|${a.item_code}|${a.part}`.localeCompare(`${b.item_kind}|${b.item_code}|${b.part}`));
}

const importFile = (file: unknown, body: Row = {}) => t.call('POST', '/api/records-transfer/import', { token: admin, body: { file, ...body } });

beforeAll(async () => {
  t = await startTestApp();
  const p = await t.signIn('planner', DEMO_PASSWORD);
  planner = p.token;
  if (p.user.compcode !== 'CTA') expectOk(await t.call('PUT', `/api/users/ulc/${p.user.user_id}`, { token: planner, body: { compcode: 'CTA' } }));
  const a = await t.signIn('admin', 'admin123');
  admin = a.token;
  expectOk(await t.call('PUT', `/api/users/ulc/${a.user.user_id}`, { token: admin, body: { compcode: 'GAH' } }));
  await copyProgramme(t, 'CTA', 'GAH', 'ATR 72-600', admin);
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('aircraft records export', () => {
  it('exports PK-WFA from the fleet detail: totals, parts with times and positions, tasks with intervals, history with CRS numbers', async () => {
    const wfa = await sqlOne(t, `select aircraft_id, total_fh, total_fc from aircraft where compcode = 'CTA' and registration = 'PK-WFA'`);
    const res = expectOk(await t.call('POST', '/api/data/aircraft/action/export_aircraft_records', { token: planner, body: { key: Number(wfa.aircraft_id) } }));
    records = res.records;
    expect(records.format).toBe('aeroerp.aircraft-records');
    expect(records.version).toBe(1);
    expect(records.aircraft.registration).toBe('PK-WFA');
    expect(records.aircraft.totals.flight_hours).toBe(Number(wfa.total_fh));
    expect(records.aircraft.totals.flight_cycles).toBe(Number(wfa.total_fc));
    const installed = Number((await sqlOne(t, `select count(*) as n from fleet_component where aircraft = ${wfa.aircraft_id} and component_status = 'INSTALLED'`)).n);
    expect(records.components.length).toBe(installed);
    expect(installed).toBeGreaterThan(5);
    // the engines and propellers sit in their positions
    const positions = records.components.filter((c) => c.component_class === 'ENGINE' || c.component_class === 'PROPELLER').map((c) => c.position);
    expect(positions.length).toBeGreaterThan(0);
    expect(positions.every((x) => x === '1' || x === '2')).toBe(true);
    const tasks = records.tasks.filter((x) => x.kind === 'INSPECTION');
    expect(tasks.length).toBe(Number((await sqlOne(t, `select count(*) as n from due_schedule where aircraft = ${wfa.aircraft_id} and item_kind = 'INSPECTION'`)).n));
    expect(tasks.every((x) => x.interval.fh !== null || x.interval.fc !== null || x.interval.days !== null)).toBe(true);
    expect(records.maintenance_records.length).toBeGreaterThan(0);
    expect(records.life_limited_parts.length + records.ad_status.length).toBeGreaterThan(0);
  });

  it('another company\'s aircraft is not found (404), as for any of its rows', async () => {
    const wfa = await sqlOne(t, `select aircraft_id from aircraft where compcode = 'CTA' and registration = 'PK-WFA'`);
    // admin is working in GAH: CTA's aircraft is not one of its rows
    expect((await t.call('POST', '/api/data/aircraft/action/export_aircraft_records', { token: admin, body: { key: Number(wfa.aircraft_id) } })).status).toBe(404);
  });

  it('the zip holds the file and the PDFs its work orders name', async () => {
    const wfa = await sqlOne(t, `select aircraft_id from aircraft where compcode = 'CTA' and registration = 'PK-WFA'`);
    const res = await t.app.inject({ method: 'GET', url: `/api/records-transfer/aircraft/${wfa.aircraft_id}/zip`, headers: { authorization: `Bearer ${planner}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const doc = JSON.parse(strFromU8(files['records.json'])) as AircraftRecords;
    expect(doc.aircraft.registration).toBe('PK-WFA');
    for (const w of doc.work_orders) for (const d of w.documents) expect(strFromU8(files[d].slice(0, 5))).toBe('%PDF-');
  });
});

describe('aircraft records import', () => {
  it('a dry run previews the import and writes nothing', async () => {
    const before = Number((await sqlOne(t, `select count(*) as n from aircraft where compcode = 'GAH'`)).n);
    const r = expectOk(await importFile(records, { dryRun: true }));
    expect(r.dry_run).toBe(true);
    expect(r.committed).toBe(false);
    expect(r.problems).toEqual([]);
    expect(r.counts.components).toBe(records.components.length);
    expect(r.due_items).toBeGreaterThan(0);
    expect(Number((await sqlOne(t, `select count(*) as n from aircraft where compcode = 'GAH'`)).n)).toBe(before);
    expect(Number((await sqlOne(t, `select count(*) as n from fleet_component where compcode = 'GAH' and serial_number = '${records.components[0].serial_number}'`)).n)).toBe(0);
  });

  it('round trip: imported into another company with the same programme, its due list equals the source\'s item for item', async () => {
    const r = expectOk(await importFile(records));
    expect(r.committed).toBe(true);
    const src = Number((await sqlOne(t, `select aircraft_id from aircraft where compcode = 'CTA' and registration = 'PK-WFA'`)).aircraft_id);
    const source = await dueList(src);
    const target = await dueList(Number(r.aircraft_id));
    expect(source.length).toBeGreaterThan(20);
    expect(target).toEqual(source);
    // the records came through the repository: audited with the reason
    const audited = await sqlOne(t, `select count(*) as n from sys_audit where company = 'GAH' and entity = 'maintenance_record_line' and changes like '%taken over from the records of Citra Aviation%'`);
    expect(Number(audited.n)).toBe(records.maintenance_records.reduce((s, m) => s + m.items.length, 0));
  });

  it('a file naming an unknown task, a part without a position and a serial twice: each listed, nothing imported', async () => {
    const bad = structuredClone(records);
    bad.aircraft.registration = 'PK-XBAD';
    // the parts are already in GAH after the round trip: give them other serials, then spoil two
    bad.components = bad.components.map((c) => ({ ...c, serial_number: `X-${c.serial_number}`, next_higher_assembly: c.next_higher_assembly ? { ...c.next_higher_assembly, serial_number: `X-${c.next_higher_assembly.serial_number}` } : null }));
    const noPos = bad.components.findIndex((c) => c.component_class === 'ENGINE');
    bad.components[noPos].position = null;
    bad.components.push({ ...bad.components[noPos === 0 ? 1 : 0] });
    const t0 = bad.tasks.findIndex((x) => x.kind === 'INSPECTION');
    bad.tasks[t0].task_code = 'ZZ-999-01';
    const aircraft = Number((await sqlOne(t, `select count(*) as n from aircraft where compcode = 'GAH'`)).n);
    const r = expectOk(await importFile(bad));
    expect(r.committed).toBe(false);
    const kinds = r.problems.map((p: Row) => p.kind).sort();
    expect(kinds).toEqual(['duplicate_serial', 'no_position', 'unknown_task']);
    expect(r.problems.find((p: Row) => p.kind === 'unknown_task').item).toBe('ZZ-999-01');
    expect(r.problems.find((p: Row) => p.kind === 'no_position').path).toBe(`/components/${noPos}/position`);
    expect(Number((await sqlOne(t, `select count(*) as n from aircraft where compcode = 'GAH'`)).n)).toBe(aircraft);
    expect(Number((await sqlOne(t, `select count(*) as n from fleet_component where compcode = 'GAH' and serial_number like 'X-%'`)).n)).toBe(0);
    // the refused import is in the import log
    const log = await sqlOne(t, `select mode, imported, failed from sys_import_log where compcode = 'GAH' and entity = 'aircraft' order by id desc limit 1`);
    expect(log).toMatchObject({ mode: 'all', imported: 0, failed: 3 });
  });

  it('a file that is not a records file, or of another version, is a 400 at the field', async () => {
    expect((await importFile({ format: 'x' })).status).toBe(400);
    const r = await importFile({ ...records, version: 2 });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].path).toBe('/file/version');
  });
});
