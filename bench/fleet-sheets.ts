/**
 * Fleet migration from spreadsheets (issue 36 point 3, docs/records-transfer.md): times a generated
 * workbook of A aircraft × C components × T tasks through POST /api/records-transfer/sheets, dry
 * run and import, on a test database with the demo (Citra Aviation's ATR 72-600 programme, given T
 * extra tasks here for the workbook to name). Run once by hand, the machine being shared:
 *
 *   TEST_DB=postgres npx tsx bench/fleet-sheets.ts 2 3000 500
 *
 * Prints the seconds and the rate (components and tasks per second) of each run.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { loadavg } from 'node:os';
import { startTestApp } from '../test/helpers/app.ts';
import { SHEETS } from '../plugins/transfer/sheets.ts';

const [A, C, T] = process.argv.slice(2).map(Number);
const aircraftN = A || 2;
const componentsN = C || 3000;
const tasksN = T || 500;

const hm = (min: number) => `${Math.floor(min / 60)}:${String(min % 60).padStart(2, '0')}`;

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const rows: Record<string, Record<string, unknown>[]> = { Aircraft: [], Components: [], Tasks: [] };
  for (let a = 0; a < aircraftN; a++) {
    const reg = `PK-B${String(a).padStart(2, '0')}`;
    rows.Aircraft.push({ registration: reg, msn: `B-${a}`, aircraft_type: 'ATR 72-600', totals_as_of: '2026-11-30', flight_hours: hm(900000 + a * 600), flight_cycles: 16000 + a, planned_daily_fh: '6:00', planned_daily_fc: 5 });
    rows.Components.push({ registration: reg, part_number: 'PW127M', serial_number: `B${a}-E1`, part_name: 'Engine', component_class: 'ENGINE', position: '1', tsn: '20000:00', csn: 18000 });
    rows.Components.push({ registration: reg, part_number: 'PW127M', serial_number: `B${a}-E2`, part_name: 'Engine', component_class: 'ENGINE', position: '2', tsn: '20000:00', csn: 18000 });
    for (let c = 2; c < componentsN; c++) rows.Components.push({ registration: reg, part_number: `BENCH-PN-${c % 300}`, serial_number: `B${a}-${c}`, part_name: 'Rotable', ata: null, install_date: '2024-01-01', tsn: hm(100000 + c), csn: 1000 + c, installed_ac_fh: '14000:00', installed_ac_fc: 15000, installed_tsn: '1000:00', installed_csn: 900 });
    for (let k = 0; k < tasksN; k++) rows.Tasks.push({ registration: reg, task_code: `BENCH-T-${String(k).padStart(3, '0')}`, last_done_date: `2026-${String(1 + (k % 10)).padStart(2, '0')}-15`, last_done_fh: hm(880000 + (k % 10) * 1000), last_done_fc: 15800 + (k % 10) * 10 });
  }
  for (const s of SHEETS) {
    const ws = wb.addWorksheet(s.name);
    ws.addRow(s.columns.map((c) => c.field));
    ws.addRow(s.columns.map((c) => c.help));
    for (const r of rows[s.name] ?? []) ws.addRow(s.columns.map((c) => r[c.field] ?? null));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const t = await startTestApp();
try {
  const admin = await t.signIn('admin', 'admin123');
  await t.call('PUT', `/api/users/ulc/${admin.user.user_id}`, { token: admin.token, body: { compcode: 'CTA' } });
  const db = t.services.database.db;
  // T programme tasks like ATR-A1 (the bench's setup, not the product's way)
  const cols = (await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'aircraft_type_inspection' and column_name not in ('type_inspection_id', 'task_code', 'title')`.execute(db)).rows.map((r) => r.column_name);
  await sql.raw(
    `insert into aircraft_type_inspection (task_code, title, ${cols.join(', ')})
     select 'BENCH-T-' || lpad(g::text, 3, '0'), 'Bench task ' || g, ${cols.map((c) => `i.${c}`).join(', ')}
       from aircraft_type_inspection i cross join generate_series(0, ${tasksN - 1}) g where i.compcode = 'CTA' and i.task_code = 'ATR-A1'`,
  ).execute(db);
  const t0 = performance.now();
  const data = await workbook();
  console.log(`workbook: ${aircraftN} aircraft × ${componentsN} components × ${tasksN} tasks, ${(data.length / 1e6).toFixed(1)} MB, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  for (const dry of [true, false]) {
    const boundary = '----bench-fleet-sheets';
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fleet.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const s0 = performance.now();
    const res = await t.app.inject({ method: 'POST', url: `/api/records-transfer/sheets?dryRun=${dry ? 1 : 0}`, payload: body, headers: { authorization: `Bearer ${admin.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    const s = (performance.now() - s0) / 1000;
    const last = JSON.parse(res.body.trim().split('\n').at(-1)!);
    const r = last.result ?? last.error;
    console.log(`${dry ? 'dry run' : 'import '}: ${s.toFixed(1)} s, committed ${String(r.committed)}, problems ${r.problems?.length ?? JSON.stringify(r)}, due items ${r.aircraft?.reduce((n: number, x: { due_items: number }) => n + x.due_items, 0)}; ${((aircraftN * componentsN) / s).toFixed(0)} components/s, ${((aircraftN * tasksN) / s).toFixed(0)} tasks/s; load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  }
} finally {
  await t.close();
}
