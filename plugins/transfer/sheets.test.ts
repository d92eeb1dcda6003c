/**
 * Fleet migration from spreadsheets (issue 36 point 3, decision 0363), on the demo's Citra Aviation
 * (CTA) and its ATR 72-600 programme. Worked by hand:
 *
 *   Workbook of 2 aircraft (data from row 3; row 1 field names, row 2 help):
 *     PK-MIA (clean): engines PW127M MIG-E1 (position 1) and MIG-E2 (position 2); task ATR-A1 last
 *       done 2026-10-01 at 12000:00 FH / 10000 FC.
 *     PK-MIB: engine MIG-E3 without a position (Components row 5, column F = position: the
 *       programme installs PW127M in positions "1, 2"); propeller 568F-1 MIG-P1 on rows 6 and 7
 *       (row 7 is the duplicate: column C = serial_number); task ZZ-999-01 (Tasks row 4, column B =
 *       task_code), which the programme does not have.
 *   → Components!F5 no_position, Components!C7 duplicate_serial, Tasks!B4 unknown_task, all on
 *     PK-MIB; nothing written (neither aircraft, no MIG- part).
 *
 *   The clean aircraft alone imports. ATR-A1 is 45000 min (750:00 FH) or 120 days, whichever first:
 *     next due FH = 720000 + 45000 = 765000 min (12750:00);
 *     next due date = 2026-10-01 + 120 days = 2027-01-29 (Oct 30 → Oct 31, Nov 30, Dec 31, Jan 29).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, expectOk, sqlOne } from '../../server/test/support.ts';
import { SHEETS, cellValue } from './sheets.ts';

type Row = Record<string, any>;
let t: TestApp;
let admin = '';

/** A workbook of the template's sheets with these rows (from row 3), by field name. */
async function workbook(rows: Record<string, Row[]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const s of SHEETS) {
    const ws = wb.addWorksheet(s.name);
    s.columns.forEach((c, i) => {
      ws.getCell(1, i + 1).value = c.field;
      ws.getCell(2, i + 1).value = c.help;
    });
    (rows[s.name] ?? []).forEach((r, j) => s.columns.forEach((c, i) => r[c.field] !== undefined && (ws.getCell(3 + j, i + 1).value = r[c.field])));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** POSTs the workbook to the upload route and reads its NDJSON: progress lines, then the result. */
async function upload(data: Buffer, dryRun: boolean): Promise<{ progress: Row[]; result: Row }> {
  const boundary = '----sheets-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fleet.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: `/api/records-transfer/sheets?dryRun=${dryRun ? 1 : 0}`, payload: body, headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(res.statusCode).toBe(200);
  const lines = res.body.trim().split('\n').map((l) => JSON.parse(l) as Row);
  const last = lines[lines.length - 1];
  if (!last.result) throw new Error(`no result: ${res.body}`);
  return { progress: lines.filter((l) => 'progress' in l), result: last.result };
}

const aircraft = (registration: string) => ({ registration, msn: `MSN-${registration}`, aircraft_type: 'ATR 72-600', totals_as_of: '2026-11-30', flight_hours: '12500:00', flight_cycles: 10400, planned_daily_fh: '6:00', planned_daily_fc: 5 });
const engine = (registration: string, serial_number: string, position?: string) => ({ registration, part_number: 'PW127M', serial_number, part_name: 'Engine, PW127M', component_class: 'ENGINE', position, tsn: '10000:00', csn: 9000 });
const clean = { Aircraft: [aircraft('PK-MIA')], Components: [engine('PK-MIA', 'MIG-E1', '1'), engine('PK-MIA', 'MIG-E2', '2')], Tasks: [{ registration: 'PK-MIA', task_code: 'ATR-A1', last_done_date: '2026-10-01', last_done_fh: '12000:00', last_done_fc: 10000 }] };

beforeAll(async () => {
  t = await startTestApp();
  const a = await t.signIn('admin', 'admin123');
  admin = a.token;
  if (a.user.compcode !== 'CTA') expectOk(await t.call('PUT', `/api/users/ulc/${a.user.user_id}`, { token: admin, body: { compcode: 'CTA' } }));
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('fleet migration from spreadsheets', () => {
  it('reads hours as H:MM (or hours), dates as YYYY-MM-DD, counts as whole numbers', () => {
    expect(cellValue('hours', '21,043:30')).toEqual({ value: 21043 * 60 + 30 });
    expect(cellValue('hours', 12.5)).toEqual({ value: 750 });
    expect(cellValue('hours', '12:75')).toHaveProperty('error');
    expect(cellValue('date', '2026-10-01')).toEqual({ value: '2026-10-01' });
    expect(cellValue('date', '01/10/2026')).toHaveProperty('error');
    expect(cellValue('count', '10,400')).toEqual({ value: 10400 });
  });

  it('the template has a Read me and a sheet per record kind, field names on row 1 and help on row 2', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/records-transfer/sheets/template', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Read me', 'Aircraft', 'Components', 'Tasks', 'AD-SB', 'Deferrals']);
    const c = wb.getWorksheet('Components')!;
    expect(c.getCell('F1').value).toBe('position');
    expect(String(c.getCell('K2').value)).toContain('H:MM');
  });

  it('a workbook of two aircraft, one with an unknown task, an engine without a position and a serial twice: each at its cell, nothing written', async () => {
    const bad = {
      Aircraft: [...clean.Aircraft, aircraft('PK-MIB')],
      Components: [
        ...clean.Components,
        engine('PK-MIB', 'MIG-E3'),
        { registration: 'PK-MIB', part_number: '568F-1', serial_number: 'MIG-P1', part_name: 'Propeller', component_class: 'PROPELLER', position: '1' },
        { registration: 'PK-MIB', part_number: '568F-1', serial_number: 'MIG-P1', part_name: 'Propeller', component_class: 'PROPELLER', position: '2' },
      ],
      Tasks: [...clean.Tasks, { registration: 'PK-MIB', task_code: 'ZZ-999-01', last_done_date: '2026-10-01', last_done_fh: '12000:00', last_done_fc: 10000 }],
    };
    const { result: r } = await upload(await workbook(bad), false);
    expect(r.committed).toBe(false);
    const mia = r.aircraft.find((a: Row) => a.registration === 'PK-MIA');
    const mib = r.aircraft.find((a: Row) => a.registration === 'PK-MIB');
    expect(mia.problems).toEqual([]);
    expect(mib.problems.map((p: Row) => `${p.cell} ${p.kind}`).sort()).toEqual(['Components!C7 duplicate_serial', 'Components!F5 no_position', 'Tasks!B4 unknown_task']);
    // what could not be placed on PK-MIB: the engine without a position and the unknown task
    expect(mib.could_not_place.map((p: Row) => p.cell).sort()).toEqual(['Components!F5', 'Tasks!B4']);
    expect(r.problems).toHaveLength(3);
    expect(Number((await sqlOne(t, `select count(*) as n from aircraft where compcode = 'CTA' and registration in ('PK-MIA', 'PK-MIB')`)).n)).toBe(0);
    expect(Number((await sqlOne(t, `select count(*) as n from fleet_component where compcode = 'CTA' and serial_number like 'MIG-%'`)).n)).toBe(0);
    const log = await sqlOne(t, `select mode, imported, failed from sys_import_log where compcode = 'CTA' and entity = 'aircraft' order by id desc limit 1`);
    expect(log).toMatchObject({ mode: 'all', imported: 0, failed: 3 });
  });

  it('the clean aircraft alone: the dry run writes nothing, the import writes it and computes its due list (ATR-A1 at 12750:00 or 2027-01-29)', async () => {
    const data = await workbook(clean);
    const dry = await upload(data, true);
    expect(dry.result).toMatchObject({ dry_run: true, committed: false, problems: [] });
    expect(dry.result.aircraft[0].counts.components).toBe(2);
    expect(Number((await sqlOne(t, `select count(*) as n from aircraft where compcode = 'CTA' and registration = 'PK-MIA'`)).n)).toBe(0);

    const { progress, result: r } = await upload(data, false);
    expect(progress.at(-1)).toEqual({ progress: 1, total: 1 });
    expect(r.committed).toBe(true);
    const id = Number(r.aircraft[0].aircraft_id);
    const ac = await sqlOne(t, `select total_fh, total_fc from aircraft where aircraft_id = ${id}`);
    expect([Number(ac.total_fh), Number(ac.total_fc)]).toEqual([750000, 10400]);
    const e1 = await sqlOne(t, `select position, tsn, csn, component_status from fleet_component where compcode = 'CTA' and serial_number = 'MIG-E1'`);
    expect(e1).toMatchObject({ position: '1', component_status: 'INSTALLED' });
    expect([Number(e1.tsn), Number(e1.csn)]).toEqual([600000, 9000]);
    const a1 = await sqlOne(t, `select last_done_date, last_done_fh, next_due_fh, next_due_date from due_item where aircraft = ${id} and item_code = 'ATR-A1'`);
    expect(String(a1.last_done_date).slice(0, 10)).toBe('2026-10-01');
    expect(Number(a1.last_done_fh)).toBe(720000);
    expect(Number(a1.next_due_fh)).toBe(765000);
    expect(String(a1.next_due_date).slice(0, 10)).toBe('2027-01-29');
  });
});
