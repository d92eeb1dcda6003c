/**
 * The airworthiness plugin through the HTTP API on the seeded demo (CTA, as its planner): flight
 * logs post usage to the aircraft and its parts, component changes carry part times across
 * aircraft, fleet due updates apply tolerance, ADs count their thresholds from the effective date,
 * MEL deferrals get their due dates, and the due views read what posting wrote. Every expected
 * value is worked by hand from the inputs in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, sqlOne, sqlAll } from '../../server/test/support.ts';
import { addDays, todayUtc } from './rules/dates.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';

let t: TestApp;
let planner: string;
let approver: string;
const today = todayUtc();

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  planner = (await t.signIn('planner', DEMO_PASSWORD)).token;
  const a = await t.signIn('approver', DEMO_PASSWORD);
  approver = a.token;
  expectOk(await t.call('PUT', `/api/users/ulc/${a.user.user_id}`, { token: approver, body: { compcode: 'CTA' } }));
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

type Row = Record<string, any>;
const ok = expectOk;
const create = async (entity: string, body: Row): Promise<Row> => ok(await t.call('POST', `/api/data/${entity}`, { token: planner, body })).data;
const action = (entity: string, name: string, key: unknown) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: planner, body: signed(t, entity, name, { key }) });
const one = (q: string): Promise<Row> => sqlOne(t, q);
const rows = (q: string): Promise<Row[]> => sqlAll(t, q);
const aircraft = (reg: string) => one(`select * from aircraft where registration = '${reg}' and compcode = 'CTA'`);
const part = (sn: string) => one(`select * from fleet_component where serial_number = '${sn}' and compcode = 'CTA'`);
const at = (date: string, hm: string) => `${date}T${hm}:00.000Z`;
/** The fields a form sends back (writable ones and the version). */
const writable = (entity: string, row: Row) => {
  const out: Row = {};
  for (const f of t.services.reg.entity(entity).fields) if (!f.readOnly && !f.hidden && row[f.name] !== undefined) out[f.name] = row[f.name];
  out.version = row.version;
  return out;
};

/** A flight log of `reg` on `date`: block off, take-off, landing, block on as 'HH:MM' (the last two may be the next day). */
async function flightLog(reg: string, page: string, date: string, times: [string, string, string, string], extra: Row = {}, nextDay: [boolean, boolean] = [false, false]): Promise<Row> {
  const ac = await aircraft(reg);
  const next = addDays(date, 1);
  return create('flight_log', {
    aircraft: ac.aircraft_id,
    flight_date: date,
    techlog_page: page,
    flight_no: 'C7 999',
    sector_from: 'SUB',
    sector_to: 'CGK',
    block_off: at(date, times[0]),
    takeoff: at(date, times[1]),
    landing: at(nextDay[0] ? next : date, times[2]),
    block_on: at(nextDay[1] ? next : date, times[3]),
    cycles: 1,
    landings: 1,
    ...extra,
  });
}

describe('flight logs', () => {
  it('computes block and flight time across midnight in UTC (22:40 → 01:10 is 2:30) and refuses inconsistent times, writing nothing', async () => {
    const log = await flightLog('PK-WGA', 'TST-0001', addDays(today, -1), ['22:40', '22:52', '00:58', '01:10'], { flight_date: '2020-01-01' }, [true, true]);
    expect(log.block_minutes).toBe(150); // 20 + 60 + 70
    expect(log.flight_minutes).toBe(126); // 8 + 60 + 58
    expect(log.flight_date).toBe(addDays(today, -1)); // the UTC date of block off, whatever was typed
    const before = Number((await one(`select count(*) as n from flight_log where compcode = 'CTA'`)).n);
    const ac = await aircraft('PK-WGA');
    const bad = await t.call('POST', '/api/data/flight_log', {
      token: planner,
      body: { aircraft: ac.aircraft_id, flight_date: today, techlog_page: 'TST-BAD', sector_from: 'SUB', sector_to: 'CGK', block_off: at(today, '10:00'), takeoff: at(today, '10:10'), landing: at(today, '11:00'), block_on: at(today, '09:50'), cycles: 1, landings: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ path: '/block_on', message: 'Block on must be after block off' });
    expect(Number((await one(`select count(*) as n from flight_log where compcode = 'CTA'`)).n)).toBe(before);
  });

  it('posting advances the aircraft, every installed part and LLP; no APU reading: 0.5 APU hour per flight hour; the due list and LLP remaining move', async () => {
    const log = await flightLog('PK-WGA', 'TST-0002', today, ['00:10', '00:20', '01:20', '01:30']); // 1:00 flight, no APU reading
    const ac0 = await aircraft('PK-WGA');
    const apu0 = await part('P-7718');
    const eng0 = await part('598-412');
    const disk0 = await part('LEAP-FD11207');
    const due0 = await one(`select * from due_item where aircraft = ${ac0.aircraft_id} and item_kind = 'INSPECTION' and measure = 'AIRCRAFT' and next_due_fh is not null order by due_key limit 1`);
    const llp0 = await one(`select * from llp_status where component = ${disk0.component_id}`);

    const r = ok(await action('flight_log', 'post_flight_log', log.flight_log_id));
    expect(r.message).toMatch(/posted: PK-WGA \+1:00 FH, \+1 FC, \+0:30 APU/);

    const ac1 = await aircraft('PK-WGA');
    expect(ac1.total_fh - ac0.total_fh).toBe(60);
    expect(ac1.total_fc - ac0.total_fc).toBe(1);
    expect(ac1.total_landings - ac0.total_landings).toBe(1);
    expect(ac1.apu_hours - ac0.apu_hours).toBe(30); // 1:00 FH × 0.5 (type row, no reading)
    expect(ac1.apu_starts - ac0.apu_starts).toBe(1);
    expect((await part('P-7718')).tsn - apu0.tsn).toBe(30); // the APU counts APU hours
    expect((await part('598-412')).tsn - eng0.tsn).toBe(60);
    const disk1 = await part('LEAP-FD11207');
    expect(disk1.csn - disk0.csn).toBe(1);
    expect(Number(disk1.llp_life_used) - Number(disk0.llp_life_used ?? disk0.csn)).toBeCloseTo(1, 3);

    const due1 = await one(`select * from due_item where due_key = '${due0.due_key}'`);
    expect(due1.remaining_fh).toBe(due0.remaining_fh - 60);
    expect(due1.next_due_fh).toBe(due0.next_due_fh); // flying does not move the due, only what remains
    const llp1 = await one(`select * from llp_status where component = ${disk0.component_id}`);
    expect(llp1.remaining_fc).toBe(llp0.remaining_fc - 1);

    const ledger = await rows(`select * from usage_ledger where flight_log = ${log.flight_log_id} order by ledger_id`);
    expect(ledger[0]).toMatchObject({ component: null, kind: 'POST', d_h: 60, d_c: 1, d_apuh: 30, d_apus: 1 });
    expect(ledger.length).toBeGreaterThan(5);
    expect(ok(await action('flight_log', 'post_flight_log', log.flight_log_id), 409)).toMatchObject({ code: 'ERR_CONFLICT' });
  });

  it('an amendment posts the difference, with its reason, to the same aircraft and parts', async () => {
    const log = await flightLog('PK-WFC', 'TST-0003', today, ['02:00', '02:10', '03:10', '03:20']);
    ok(await action('flight_log', 'post_flight_log', log.flight_log_id));
    const ac0 = await aircraft('PK-WFC');
    const prop0 = await part('FR20160830');
    const cur = writable('flight_log', ok(await t.call('GET', `/api/data/flight_log/${log.flight_log_id}`, { token: planner })).data);
    const moved = await t.call('PUT', `/api/data/flight_log/${log.flight_log_id}`, { token: planner, body: { ...cur, flight_no: 'C7 1' } });
    expect(moved.status).toBe(409); // anything but the times and counts is frozen
    const amended = ok(await t.call('PUT', `/api/data/flight_log/${log.flight_log_id}`, { token: planner, body: { ...cur, landing: at(today, '03:15'), block_on: at(today, '03:25'), amend_reason: 'Landing time corrected from the ATC record' } })).data;
    expect(amended.flight_minutes).toBe(65);
    expect(amended.amend_count).toBe(1);
    expect((await aircraft('PK-WFC')).total_fh - ac0.total_fh).toBe(5);
    expect((await part('FR20160830')).tsn - prop0.tsn).toBe(5); // the propeller counts flight hours one for one
    const amend = await one(`select * from usage_ledger where flight_log = ${log.flight_log_id} and kind = 'AMEND' and component is null`);
    expect(amend).toMatchObject({ d_h: 5, d_c: 0, reason: 'Landing time corrected from the ATC record' });
  });

  it('special operations: on a short-runway flight the brakes count 1.25 landings per landing; an operation the type does not name is refused', async () => {
    // the demo's ATR 72 factor table: brakes (3214552-3) LDG × 1.25 on flights logging SHORT_RWY
    const brake0 = await one(`select c.* from fleet_component c join aircraft a on a.aircraft_id = c.aircraft
                               where a.registration = 'PK-WFA' and a.compcode = 'CTA' and c.partnumber = '3214552-3' and c.component_status = 'INSTALLED'
                               order by c.component_id limit 1`);
    expect(brake0, 'an installed brake on PK-WFA').toBeTruthy();
    const ac = await aircraft('PK-WFA');
    const bad = await t.call('POST', '/api/data/flight_log', {
      token: planner,
      body: { aircraft: ac.aircraft_id, techlog_page: 'TST-0004', sector_from: 'LBJ', sector_to: 'DPS', block_off: at(today, '04:00'), takeoff: at(today, '04:10'), landing: at(today, '05:10'), block_on: at(today, '05:20'), cycles: 1, landings: 1, operation_codes: 'SHORT_RWY HOOK' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("HOOK: not an operation of this aircraft type's factor table");
    expect((await one(`select count(*) as n from flight_log where techlog_page = 'TST-0004'`)).n).toBe(0);

    // four landings (touch-and-go training at a short strip), typed in lower case
    const log = await flightLog('PK-WFA', 'TST-0004', today, ['04:00', '04:10', '05:10', '05:20'], { landings: 4, operation_codes: 'short_rwy' });
    expect(log.operation_codes).toBe('SHORT_RWY');
    ok(await action('flight_log', 'post_flight_log', log.flight_log_id));
    const brake1 = await one(`select * from fleet_component where component_id = ${brake0.component_id}`);
    expect(Number(brake1.lsn) - Number(brake0.lsn)).toBe(5); // 4 × 1.25
    expect(Number(brake1.tsn) - Number(brake0.tsn)).toBe(60); // no row for the brake's hours: as flown
    expect((await aircraft('PK-WFA')).total_landings - ac.total_landings).toBe(4); // the aircraft counts what it did

    // the operation struck off by an amendment: the difference (−1 landing of the brake) is posted
    const cur = writable('flight_log', ok(await t.call('GET', `/api/data/flight_log/${log.flight_log_id}`, { token: planner })).data);
    const amended = ok(await t.call('PUT', `/api/data/flight_log/${log.flight_log_id}`, { token: planner, body: { ...cur, operation_codes: '', amend_reason: 'Runway 09 in use: full length' } })).data;
    expect(amended.amend_count).toBe(1);
    expect(Number((await one(`select lsn from fleet_component where component_id = ${brake0.component_id}`)).lsn) - Number(brake0.lsn)).toBe(4);
    expect(await one(`select d_l, reason from usage_ledger where flight_log = ${log.flight_log_id} and component = ${brake0.component_id} and kind = 'AMEND'`)).toMatchObject({ d_l: -1, reason: 'Runway 09 in use: full length' });

    // a factor row for an operation names its code
    const noCode = await t.call('POST', '/api/data/aircraft_type_component_penalty', {
      token: planner,
      body: { aircraft_type: ac.aircraft_type, counter: 'FC', basis: 'FC', applies: 'OPERATION', operation: 'Hot and high take-off', factor: 1.3, active: true },
    });
    expect(noCode.status).toBe(400);
    expect(JSON.stringify(noCode.body)).toContain('/operation_code');
  });
});

describe('component changes', () => {
  it('carries TSI and TSN across two aircraft', async () => {
    const tc = await one(`select type_component_id from aircraft_type_component where compcode = 'CTA' and partnumber = '441CH1'`);
    const p = await create('fleet_component', {
      partnumber: '441CH1', partname: 'Main battery', serial_number: 'TST-BAT-1', type_component: tc.type_component_id, component_class: 'ROTABLE',
      manufacture_date: addDays(today, -200), tsn: 60000, csn: 500, tso: 12000, cso: 150, times_known: true,
    });
    expect(p.component_status).toBe('SPARE');
    const wfc = await aircraft('PK-WFC');
    const wfd = await aircraft('PK-WFD');
    const change = async (body: Row) => {
      const c = await create('component_change', { component: p.component_id, change_date: today, ...body });
      return ok(await action('component_change', 'post_component_change', c.change_id));
    };
    // on PK-WFC at its current totals; one hour and one cycle flown; removed
    await change({ action: 'INSTALL', aircraft: wfc.aircraft_id, reason: 'SCHEDULED' });
    expect(await part('TST-BAT-1')).toMatchObject({ aircraft: wfc.aircraft_id, component_status: 'INSTALLED', installed_ac_fh: wfc.total_fh, installed_ac_fc: wfc.total_fc, installed_tsn: 60000 });
    const f1 = await flightLog('PK-WFC', 'TST-0101', today, ['04:00', '04:05', '05:05', '05:10']);
    ok(await action('flight_log', 'post_flight_log', f1.flight_log_id));
    const out1 = await change({ action: 'REMOVE', aircraft: wfc.aircraft_id, reason: 'CONVENIENCE' });
    expect(out1.message).toContain('TSI 1:00, CSI 1; TSN 1001:00, CSN 501');
    const rem1 = await one(`select * from component_change where component = ${p.component_id} and action = 'REMOVE'`);
    expect(rem1).toMatchObject({ tsi: 60, csi: 1, tsn: 60060, csn: 501, tso: 12060, cso: 151, ac_fh: wfc.total_fh + 60, posted: 1 });
    expect(await part('TST-BAT-1')).toMatchObject({ aircraft: null, component_status: 'SPARE', tsn: 60060 });
    // on PK-WFD: 0:30, one cycle; removed: TSI 0:30, TSN 1001:30, CSN 502
    await change({ action: 'INSTALL', aircraft: wfd.aircraft_id, reason: 'SCHEDULED' });
    const f2 = await flightLog('PK-WFD', 'TST-0102', today, ['06:00', '06:05', '06:35', '06:40']);
    ok(await action('flight_log', 'post_flight_log', f2.flight_log_id));
    const out2 = await change({ action: 'REMOVE', aircraft: wfd.aircraft_id, reason: 'UNSCHEDULED' });
    expect(out2.message).toContain('TSI 0:30, CSI 1; TSN 1001:30, CSN 502');
    expect(await part('TST-BAT-1')).toMatchObject({ component_status: 'US', tsn: 60090, csn: 502, tso: 12090, cso: 152 });
    // the history of the serial number across aircraft
    const history = ok(await t.call('GET', `/api/data/component_installation?route=aircraft-maintenance/component-change-record&component_id=${p.component_id}&sortBy=installed_date`, { token: planner }));
    expect(history.list.map((h: Row) => [h.tsi, h.csi, h.is_current])).toEqual([[60, 1, false], [30, 1, false]]);
    expect((await rows(`select aircraft, tsi from component_installation where component = ${p.component_id} order by installation_id`)).map((h) => [h.aircraft, h.tsi])).toEqual([[wfc.aircraft_id, 60], [wfd.aircraft_id, 30]]);
    // a removed, unserviceable part cannot go back on
    const again = await create('component_change', { component: p.component_id, change_date: today, action: 'INSTALL', aircraft: wfc.aircraft_id });
    expect(ok(await action('component_change', 'post_component_change', again.change_id), 409).message).toMatch(/unserviceable/);
  });

  it('refuses a part at or over a limit, flags a part with unknown times, refuses an LLP without known cycles', async () => {
    const tc = await one(`select type_component_id from aircraft_type_component where compcode = 'CTA' and partnumber = '441CH1'`);
    const wfd = await aircraft('PK-WFD');
    // the battery is discarded at 72 months: made 73 months ago
    const old = await create('fleet_component', { partnumber: '441CH1', partname: 'Main battery', serial_number: 'TST-BAT-OLD', type_component: tc.type_component_id, component_class: 'ROTABLE', manufacture_date: addDays(today, -73 * 31), tsn: 1000, csn: 10 });
    const c1 = await create('component_change', { component: old.component_id, change_date: today, action: 'INSTALL', aircraft: wfd.aircraft_id });
    const refused = await action('component_change', 'post_component_change', c1.change_id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/TST-BAT-OLD is at or over its limit/);
    expect((await part('TST-BAT-OLD')).component_status).toBe('SPARE');

    const unknown = await create('fleet_component', { partnumber: '441CH1', partname: 'Main battery', serial_number: 'TST-BAT-UNK', type_component: tc.type_component_id, component_class: 'ROTABLE', manufacture_date: addDays(today, -100), times_known: false });
    const c2 = await create('component_change', { component: unknown.component_id, change_date: today, action: 'INSTALL', aircraft: wfd.aircraft_id });
    ok(await action('component_change', 'post_component_change', c2.change_id));
    const flagged = await rows(`select due_status from due_item where component = ${unknown.component_id}`);
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged.every((f) => f.due_status === 'NO_RECORD')).toBe(true);
    const cs = await rows(`select due_status from component_status where component = ${unknown.component_id}`);
    expect(cs.every((f) => f.due_status === 'UNKNOWN')).toBe(true);

    const llp = await create('fleet_component', { partnumber: '3073470-01', partname: 'Disk, HPT', serial_number: 'TST-LLP-UNK', component_class: 'LLP', is_llp: true, manufacture_date: '2020-01-01', times_known: false });
    const eng = await part('PCE-ED1415');
    const c3 = await create('component_change', { component: llp.component_id, change_date: today, action: 'INSTALL', parent_component: eng.component_id });
    expect((await action('component_change', 'post_component_change', c3.change_id)).body.message).toMatch(/life-limited part without known cycles/);
  });

  it('LLP life is prorated by the engine thrust rating; the limiter is named per engine', async () => {
    // engine 890-447 on PK-WHA is operated at the 7B27 rating: 1 cycle consumes 30,000 / 25,000 = 1.2 reference cycles of the fan disk
    const disk = await create('fleet_component', { partnumber: '340-002-108-0', partname: 'Disk, fan stage 1', serial_number: 'TST-FD-1', component_class: 'LLP', is_llp: true, manufacture_date: '2015-01-01', tsn: 120000, csn: 1000 });
    expect(Number(disk.llp_life_used)).toBe(1000);
    const eng = await part('890-447');
    const c = await create('component_change', { component: disk.component_id, change_date: today, action: 'INSTALL', parent_component: eng.component_id, position: 'Fan' });
    ok(await action('component_change', 'post_component_change', c.change_id));
    expect(await part('TST-FD-1')).toMatchObject({ aircraft: eng.aircraft, parent_component: eng.component_id, component_status: 'INSTALLED' });
    const f = await flightLog('PK-WHA', 'TST-0201', today, ['07:00', '07:10', '08:30', '08:40']);
    ok(await action('flight_log', 'post_flight_log', f.flight_log_id));
    const after = await part('TST-FD-1');
    expect(after.csn).toBe(1001);
    expect(Number(after.llp_life_used)).toBeCloseTo(1001.2, 3);
    const status = await one(`select * from llp_status where component = ${disk.component_id}`);
    expect(status).toMatchObject({ life_limit_fc: 30000, remaining_fc: 28998, is_limiter: true, is_module_limiter: true }); // 30,000 − 1,001.2 = 28,998.8
    expect(Number(status.life_used)).toBeCloseTo(1001.2, 3);
  });
});

describe('fleet due update: tolerance and repeats', () => {
  let inspId = 0;
  let base = 0;
  let wfd: Row;
  const record = async (minutes: number, date: string, lines: Row[]) => {
    const rec = await create('maintenance_record', { aircraft: wfd.aircraft_id, done_date: date, ac_fh: base + minutes, ac_fc: wfd.total_fc - 100, certifying_staff: 'Test B1', lines });
    return ok(await action('maintenance_record', 'post_maintenance_record', rec.record_id));
  };
  const lineOf = async (msg: Row) => one(`select l.* from maintenance_record_line l join maintenance_record r on r.record_id = l.maintenance_record where r.record_no = '${String(msg.message).split(' ')[2].replace(':', '')}'`);

  beforeAll(async () => {
    wfd = await aircraft('PK-WFD');
    const type = wfd.aircraft_type;
    const group = await one(`select id from inspection_group where compcode = 'CTA' and code = 'A-CHK'`);
    // a 100 h check with ±10 h tolerance
    const insp = await create('aircraft_type_inspection', { aircraft_type: type, task_code: 'TST-100H', title: '100 hour test check', inspection_group: group.id, interval_fh: 6000, tolerance_fh: 600, whichever: 'FIRST', repetitive: true });
    inspId = insp.type_inspection_id;
    base = wfd.total_fh - 60000; // 1,000 h ago
  });

  it('a 100 h ±10 h check done at 110 h is next due at 200 h; done at 211 h, from the accomplishment (311 h)', async () => {
    // first accomplishment at B: next due B + 100:00
    const r1 = await record(0, addDays(today, -30), [{ item_kind: 'INSPECTION', type_inspection: inspId }]);
    expect((await one(`select * from due_item where due_key = 'I${wfd.aircraft_id}-${inspId}'`)).next_due_fh).toBe(base + 6000);
    expect(r1.success).toBe(1);
    // done at B + 110:00, 10 h after the planned due: within tolerance, next due from the planned due: B + 200:00
    const r2 = await record(6600, addDays(today, -20), [{ item_kind: 'INSPECTION', type_inspection: inspId }]);
    const l2 = await lineOf(r2);
    expect(l2).toMatchObject({ planned_due_fh: base + 6000, reset_basis: 'PLANNED', base_h: base + 6000, next_due_h: base + 12000, overrun: false });
    expect((await one(`select * from due_item where due_key = 'I${wfd.aircraft_id}-${inspId}'`)).next_due_fh).toBe(base + 12000);
    // done at B + 211:00, 11 h after the planned B + 200:00: outside, next due from the accomplishment: B + 311:00
    const r3 = await record(12660, addDays(today, -10), [{ item_kind: 'INSPECTION', type_inspection: inspId }]);
    expect(await lineOf(r3)).toMatchObject({ planned_due_fh: base + 12000, reset_basis: 'ACTUAL', next_due_h: base + 18660, overrun: true });
  });

  it('classifies by remain_pc_due (10 %), the tolerance and the limit: DUE_SOON, TOLERANCE, OVERDUE', async () => {
    const now = (await aircraft('PK-WFD')).total_fh;
    const status = async () => (await one(`select due_status, remaining_fh from due_item where due_key = 'I${wfd.aircraft_id}-${inspId}'`));
    // done 91 h ago: 9 h of 100 remain (9 % <= 10 %): due soon (the days window does not apply to a 100 h interval flown in a few days)
    await record(now - base - 5460, addDays(today, -9), [{ item_kind: 'INSPECTION', type_inspection: inspId }]);
    expect(await status()).toEqual({ due_status: 'DUE_SOON', remaining_fh: 540 });
    // done 105 h ago: 5 h past the due, within the ±10 h tolerance
    await record(now - base - 6300, addDays(today, -8), [{ item_kind: 'INSPECTION', type_inspection: inspId }]);
    expect(await status()).toEqual({ due_status: 'TOLERANCE', remaining_fh: -300 });
    // done 111 h ago: 11 h past the due, beyond the tolerance
    await record(now - base - 6660, addDays(today, -7), [{ item_kind: 'INSPECTION', type_inspection: inspId }]);
    expect(await status()).toEqual({ due_status: 'OVERDUE', remaining_fh: -660 });
  });

  it('an airworthiness limitation item has no tolerance', async () => {
    const cur = writable('aircraft_type_inspection', ok(await t.call('GET', `/api/data/aircraft_type_inspection/${inspId}`, { token: planner })).data);
    ok(await t.call('PUT', `/api/data/aircraft_type_inspection/${inspId}`, { token: planner, body: { ...cur, is_ali: true } }));
    // planned B + 311:00; done at B + 312:00 (1 h late): no tolerance, from the accomplishment: B + 412:00
    const r = await record(18720, addDays(today, -5), [{ item_kind: 'INSPECTION', type_inspection: inspId }]);
    expect(await lineOf(r)).toMatchObject({ reset_basis: 'ACTUAL', next_due_h: base + 24720 });
  });
});

describe('counters move only by postings', () => {
  it('refuses hand edits of the times of a part with posted history and of an aircraft that has flown', async () => {
    const eng = await one(`select component_id, aircraft from fleet_component where serial_number = '598-412'`);
    const cur = writable('fleet_component', ok(await t.call('GET', `/api/data/fleet_component/${eng.component_id}`, { token: planner })).data);
    const r = await t.call('PUT', `/api/data/fleet_component/${eng.component_id}`, { token: planner, body: { ...cur, tsn: Number(cur.tsn) + 600 } });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toEqual({ path: '/tsn', message: 'The part has posted history: its times move only by posted flight logs and component changes' });
    // the same edit as a line of its aircraft's Installed Components
    const host = ok(await t.call('GET', `/api/data/aircraft/${eng.aircraft}`, { token: planner })).data;
    const lines: Row[] = (host.components as Row[]).map((l) => ({ ...writable('fleet_component', l), component_id: l.component_id }));
    const i = lines.findIndex((l) => l.component_id === eng.component_id);
    lines[i] = { ...lines[i], tsn: Number(lines[i].tsn) + 600 };
    const viaAircraft = await t.call('PUT', `/api/data/aircraft/${eng.aircraft}`, { token: planner, body: { ...writable('aircraft', host), components: lines } });
    expect(viaAircraft.status).toBe(400);
    expect(viaAircraft.body.errors[0]).toEqual({ path: `/components/${i}/tsn`, message: 'The part has posted history: its times move only by posted flight logs and component changes' });
    expect((await part('598-412')).tsn).toBe(cur.tsn);
    const wga = await aircraft('PK-WGA');
    const acRow = writable('aircraft', ok(await t.call('GET', `/api/data/aircraft/${wga.aircraft_id}`, { token: planner })).data);
    const a = await t.call('PUT', `/api/data/aircraft/${wga.aircraft_id}`, { token: planner, body: { ...acRow, total_fh: Number(acRow.total_fh) + 60 } });
    expect(a.status).toBe(400);
    expect(a.body.errors[0].path).toBe('/total_fh');
    expect((await aircraft('PK-WGA')).total_fh).toBe(wga.total_fh);
  });
});

describe('airworthiness directives', () => {
  it('"within 600 FH after the effective date, not later than a date": the hours come first, counted from the totals on the effective date', async () => {
    const wga = await aircraft('PK-WGA');
    const authority = await one(`select id from ad_authority where compcode = 'CTA' and code = 'EASA'`);
    const eff = addDays(today, -5);
    const ad = await create('aircraft_type_ad', {
      aircraft_type: wga.aircraft_type, authority: authority.id, ad_number: 'TST-AD-600', title: 'Test directive', ad_subject: 'AIRFRAME', effective_date: eff,
      threshold_fh: 36000, compliance_date: addDays(today, 365), is_recurring: true, interval_fh: 30000, whichever: 'FIRST',
    });
    const st = await create('aircraft_ad_status', { aircraft: wga.aircraft_id, type_ad: ad.type_ad_id, ad_status: 'OPEN' });
    // totals on the effective date: today's less what the logs posted for flights after it
    const after = await one(`select coalesce(sum(d_h), 0) as h from usage_ledger where aircraft = ${wga.aircraft_id} and component is null and flight_date > '${eff}'`);
    const atEff = wga.total_fh - Number(after.h);
    const item = await one(`select * from due_item where due_key = 'A${st.ad_status_id}'`);
    expect(item).toMatchObject({ next_due_fh: atEff + 36000, hard_date: addDays(today, 365), driver: 'FH' });
    expect(item.forecast_date < addDays(today, 365)).toBe(true);
    // complied at today's totals: re-armed every 500 h from the compliance
    const rec = await create('maintenance_record', { aircraft: wga.aircraft_id, done_date: today, ac_fh: wga.total_fh, ac_fc: wga.total_fc, lines: [{ item_kind: 'AD', type_ad: ad.type_ad_id }] });
    ok(await action('maintenance_record', 'post_maintenance_record', rec.record_id));
    expect(await one(`select ad_status, next_due_fh from aircraft_ad_status where ad_status_id = ${st.ad_status_id}`)).toEqual({ ad_status: 'RECURRING', next_due_fh: wga.total_fh + 30000 });
    expect((await one(`select next_due_fh from due_item where due_key = 'A${st.ad_status_id}'`)).next_due_fh).toBe(wga.total_fh + 30000);
    // a terminating action closes the repeats
    const rec2 = await create('maintenance_record', { aircraft: wga.aircraft_id, done_date: today, ac_fh: wga.total_fh, ac_fc: wga.total_fc, lines: [{ item_kind: 'AD', type_ad: ad.type_ad_id, is_terminating: true }] });
    ok(await action('maintenance_record', 'post_maintenance_record', rec2.record_id));
    expect((await one(`select ad_status from aircraft_ad_status where ad_status_id = ${st.ad_status_id}`)).ad_status).toBe('TERMINATED');
    expect(await rows(`select * from due_item where due_key = 'A${st.ad_status_id}'`)).toEqual([]);
  });
});

describe('MEL deferrals', () => {
  const defect = async (body: Row) => t.call('POST', '/api/data/defect', { token: planner, body: { aircraft: (await aircraft('PK-WFA')).aircraft_id, found_date: today, source: 'PIREP', description: 'Test defect', ...body } });
  const cat = async (c: string) => (await one(`select id from mel_category where compcode = 'CTA' and category = '${c}'`)).id;

  it('a category B deferral found on a Monday is due at the end of Thursday; one extension, no longer than the interval, with its approver', async () => {
    const d = ok(await defect({ aircraft: (await aircraft('PK-WFD')).aircraft_id, found_date: '2026-11-23', defect_status: 'DEFERRED', mel_category: await cat('B'), mel_item: '33-42-01', extension_days: 4, extension_reason: 'Part in transit' })).data;
    expect(d).toMatchObject({ interval_days: 3, due_date: '2026-11-26' });
    const tooLong = await t.call('POST', '/api/data/defect/action/grant_deferral_extension', { token: approver, body: { key: d.defect_id, password: DEMO_PASSWORD } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].message).toBe('An extension cannot be longer than the original interval (3 days)');
    // the signature's preview (decision 0316) says the same refusal, at its field's label
    const previewOf = async (token: string) => ok(await t.call('GET', `/api/data/defect/action/grant_deferral_extension/preview?key=${d.defect_id}`, { token }));
    expect((await previewOf(approver)).refusal).toBe('Extension (days): An extension cannot be longer than the original interval (3 days)');
    const cur = writable('defect', ok(await t.call('GET', `/api/data/defect/${d.defect_id}`, { token: planner })).data);
    ok(await t.call('PUT', `/api/data/defect/${d.defect_id}`, { token: planner, body: { ...cur, extension_days: 3 } }));
    // four eyes: the planner asked for the extension, so the planner cannot grant it (nothing written)
    const own = await action('defect', 'grant_deferral_extension', d.defect_id);
    expect(own.status, JSON.stringify(own.body)).toBe(403);
    expect(own.body).toMatchObject({ code: 'ERR_FOUR_EYES', message: `You asked for the extension of ${String(d.defect_no)}: it is granted by another person, never by its requester.` });
    expect(await one(`select extension_granted, extended_due_date from defect where defect_id = ${d.defect_id}`)).toEqual({ extension_granted: false, extended_due_date: null });
    expect((await previewOf(planner)).refusal).toBe(`You asked for the extension of ${String(d.defect_no)}: it is granted by another person, never by its requester.`);
    // what the Technical Director will sign: found Monday 23, B = 3 days → end of Thursday 26; + 3 days → Sunday 29
    const shown = await previewOf(approver);
    expect(shown).toMatchObject({ document: `Deferral extension of ${String(d.defect_no)}`, authorisation: null, refusal: null });
    expect(Object.fromEntries(shown.items.map((i: Row) => [i.label, i.value]))).toEqual({
      Aircraft: 'PK-WFD',
      Defect: 'Test defect',
      'MEL category and item': 'Category B · 33-42-01',
      'Rectify by now (end of day UTC)': '2026-11-26',
      'Extension asked': '3 day(s): Part in transit',
      'Rectify by after the extension': '2026-11-29',
    });
    // the Technical Director grants it
    const granted = ok(await t.call('POST', '/api/data/defect/action/grant_deferral_extension', { token: approver, body: { key: d.defect_id, password: DEMO_PASSWORD } }));
    expect(granted.message).toContain('to the end of 2026-11-29 (UTC), approved by Hendra Gunawan');
    expect(await one(`select extension_granted, extended_due_date, extension_approved_by from defect where defect_id = ${d.defect_id}`)).toEqual({ extension_granted: true, extended_due_date: '2026-11-29', extension_approved_by: 'Hendra Gunawan' });
    expect((await t.call('POST', '/api/data/defect/action/grant_deferral_extension', { token: approver, body: { key: d.defect_id, password: DEMO_PASSWORD } })).body.errors[0].message).toBe('This deferral has already been extended once');
  });

  it('refuses a deferral without category, a category A without its interval; an expired deferral grounds the aircraft', async () => {
    expect((await defect({ found_date: today, defect_status: 'DEFERRED' })).body.errors[0].path).toBe('/mel_category');
    expect((await defect({ found_date: today, defect_status: 'DEFERRED', mel_category: await cat('A') })).body.errors[0].path).toBe('/interval_days');
    const wfa = await aircraft('PK-WFA');
    expect((await one(`select airworthiness from fleet_maintenance_status where aircraft_id = ${wfa.aircraft_id}`)).airworthiness).not.toBe('GROUNDED');
    // category C found 12 days ago: due 2 days ago
    ok(await defect({ found_date: addDays(today, -12), defect_status: 'DEFERRED', mel_category: await cat('C'), mel_item: '25-31-02' }));
    const status = await one(`select airworthiness, expired_deferrals from fleet_maintenance_status where aircraft_id = ${wfa.aircraft_id}`);
    expect(status).toMatchObject({ airworthiness: 'GROUNDED' });
    expect(Number(status.expired_deferrals)).toBeGreaterThanOrEqual(1);
  });
});

describe('H:MM in exports and prints', () => {
  it('exports and prints block times as H:MM', async () => {
    const log = await one(`select flight_log_id from flight_log where techlog_page = 'TST-0001'`);
    const html = await t.call('GET', `/api/data/flight_log/${log.flight_log_id}/print`, { token: planner });
    expect(html.status).toBe(200);
    expect(String(html.body)).toMatch(/Block Time<\/td><td>2:30</);
    const x = await t.app.inject({ method: 'GET', url: '/api/data/flight_log/export?route=aircraft-maintenance/fleet-afl&q=TST-0001', headers: { authorization: `Bearer ${planner}` } });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).map(String);
    const col = header.indexOf('Block Time');
    expect(ws.getRow(2).getCell(col).value).toBe('2:30');
  });
});
