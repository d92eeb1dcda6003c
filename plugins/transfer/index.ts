/**
 * Aircraft records transfer (issue 36, decisions 0360-0362): an aircraft's complete records out as
 * one versioned JSON file (export.ts, format.ts) and the same file in, into another company or a
 * fresh instance, against the receiving company's programme (import.ts). Both run through the one
 * action runner: the export is a row action of the aircraft (letter P), the import an action of
 * the fleet (letter C), its dry run included. A fleet's migration workbook (sheets.ts, fleet.ts) is
 * read into the same records files and imported by the same code (import_fleet_sheets, letter C).
 */
import { definePlugin, type ActionContext, type ActionInput } from '../../engine/src/plugins/host.ts';
import { appError } from '../../engine/src/errors.ts';
import { exportAircraftRecords } from './export.ts';
import { importAircraftRecords } from './import.ts';
import { importFleetSheets } from './fleet.ts';
import { todayIso } from '../../engine/src/values/dates.ts';

/** The workbook of import_fleet_sheets: a Buffer (the upload route) or base64 text (the screen's file action). */
function workbookOf(body: Record<string, unknown>): Buffer {
  if (Buffer.isBuffer(body.data)) return body.data;
  if (typeof body.file === 'string' && body.file.length) {
    const b = Buffer.from(body.file.replace(/^data:[^,]*,/, ''), 'base64');
    // an xlsx is a zip: it starts with PK
    if (b.length > 4 && b[0] === 0x50 && b[1] === 0x4b) return b;
  }
  throw appError('ERR_VALIDATION', { errors: [{ path: '/file', message: 'is required: the migration workbook (xlsx) of the template, base64-encoded' }] });
}

/** The action `export_aircraft_records` (metadata `run: transfer/index#exportRecordsAction`). */
export async function exportRecordsAction(ctx: ActionContext, input: ActionInput) {
  const company = await ctx.db.selectFrom('company').select(['company']).where('compcode', '=', ctx.user.compcode).executeTakeFirst();
  const records = await exportAircraftRecords(ctx.db, ctx.user.compcode, Number(input.key), ctx.asOf ?? todayIso(), String(company?.company ?? ctx.user.compcode));
  const filename = `${records.aircraft.registration.replace(/[^A-Za-z0-9_.-]/g, '_')}-records-${records.as_of}.json`;
  // `download`: the screen saves `records` as that file (renderer useScreenActions)
  return { success: 1, message: `The records of ${records.aircraft.registration} as of ${records.as_of}: ${filename}.`, records, download: { filename, field: 'records' } };
}

/** The action `import_aircraft_records` (metadata `run: transfer/index#importRecordsAction`). */
export async function importRecordsAction(ctx: ActionContext, input: ActionInput) {
  const body = input.body ?? {};
  const mode = body.mode ?? 'all';
  if (mode !== 'all' && mode !== 'matched') throw appError('ERR_VALIDATION', { errors: [{ path: '/mode', message: "must be 'all' (all or nothing) or 'matched' (unmatched tasks kept for the planner)" }] });
  if (body.file === null || typeof body.file !== 'object') throw appError('ERR_VALIDATION', { errors: [{ path: '/file', message: 'is required: the aircraft records file (JSON) exported by Export Records' }] });
  const filename = typeof body.filename === 'string' ? body.filename : undefined;
  return importAircraftRecords(ctx, body.file, { dryRun: body.dryRun === true || body.dry_run === true, mode, ...(filename ? { filename } : {}) });
}

/** The action `import_fleet_sheets` (metadata `run: transfer/index#importFleetSheetsAction`). */
export async function importFleetSheetsAction(ctx: ActionContext, input: ActionInput) {
  const body = (input.body ?? {}) as Record<string, unknown>;
  const data = workbookOf(body);
  const onProgress = typeof body.onProgress === 'function' ? (body.onProgress as (done: number, total: number) => void) : undefined;
  return importFleetSheets(ctx, data, { dryRun: body.dryRun === true || body.dry_run === true, ...(typeof body.filename === 'string' ? { filename: body.filename } : {}), ...(onProgress ? { onProgress } : {}) });
}

export default definePlugin({
  name: 'transfer',
  actions: {
    export_aircraft_records: {
      entity: 'aircraft',
      handler: exportRecordsAction,
      run: exportRecordsAction,
    },
    import_aircraft_records: {
      entity: 'aircraft',
      handler: importRecordsAction,
      run: importRecordsAction,
    },
    // issue 36 point 3: a fleet's migration workbook (sheets.ts, fleet.ts; decision 0363)
    import_fleet_sheets: {
      entity: 'aircraft',
      handler: importFleetSheetsAction,
      run: importFleetSheetsAction,
    },
  },
});
