/**
 * A fleet's migration workbook (sheets.ts) checked and imported aircraft by aircraft by the records
 * import itself (import.ts), in the one transaction of the action, all or nothing for the fleet
 * (docs/records-transfer.md "Migration from spreadsheets", decision 0363):
 *
 *   - every problem of the workbook (a cell that is not H:MM, a row of an aircraft not on the
 *     Aircraft sheet, a serial on two aircraft) and of each aircraft's records file (unknown task,
 *     part without its position, serial twice, …) is answered at its sheet and cell, per aircraft;
 *   - a dry run, or any problem, writes nothing (the fleet's savepoint is rolled back) but the
 *     import log row of the workbook; otherwise every aircraft is written and its due list computed.
 */
import { sql } from 'kysely';
import { isAppError } from '../../engine/src/errors.ts';
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import { importAircraftRecords, type ImportResult } from './import.ts';
import { cellOf, readFleetWorkbook, type SheetProblem } from './sheets.ts';

/** Kinds of problem that are something of the workbook the product could not place on its aircraft. */
const NOT_PLACED = new Set(['unknown_task', 'unknown_limit', 'unknown_ad', 'unknown_sb', 'no_position', 'unknown_assembly', 'no_aircraft', 'mel_category']);

export interface FleetAircraftResult {
  registration: string;
  aircraft_id: number | null;
  counts: Record<string, number>;
  due_items: number;
  problems: SheetProblem[];
  /** The problems that are items of the workbook not placed on this aircraft (shown per aircraft). */
  could_not_place: SheetProblem[];
  /** Tasks of the programme the workbook gives no last done for (they count from new or their threshold). */
  programme_without_record: string[];
}
export interface FleetResult {
  success: 1;
  dry_run: boolean;
  committed: boolean;
  message: string;
  rows: number;
  aircraft: FleetAircraftResult[];
  /** Every problem, flat, for the preview table: `path` is the cell (`Components!F14`). */
  problems: { kind: string; path: string; item: string; message: string; registration: string | null }[];
}

export async function importFleetSheets(ctx: ActionContext, data: Buffer, opts: { dryRun: boolean; filename?: string; onProgress?: (done: number, total: number) => void }): Promise<FleetResult> {
  const tx = ctx.db;
  const wbk = await readFleetWorkbook(data);
  const results: FleetAircraftResult[] = [];
  let failed = wbk.problems.length > 0;
  await sql`savepoint fleet_sheets`.execute(tx);
  try {
    for (const [n, a] of wbk.aircraft.entries()) {
      opts.onProgress?.(n, wbk.aircraft.length);
      const own = wbk.problems.filter((p) => p.registration === a.registration);
      const at = (kind: string, path: string, item: string, message: string): SheetProblem => {
        const c = cellOf(a.origin, path) ?? cellOf(a.origin, '/aircraft')!;
        return { kind, ...c, registration: a.registration, item, message };
      };
      let r: ImportResult | null = null;
      try {
        // once anything failed, the rest is only checked: the fleet is written whole or not at all
        r = await importAircraftRecords(ctx, a.doc, { dryRun: opts.dryRun || failed, mode: 'all', filename: `${opts.filename ?? 'fleet.xlsx'} ${a.registration}` });
      } catch (e) {
        if (!isAppError(e) || !e.errors?.length) throw e;
        own.push(...e.errors.map((x) => at('cell', String(x.path), a.registration, `${String(x.path).split('/').pop()} ${x.message}`)));
      }
      if (r) own.push(...r.problems.map((p) => at(p.kind, p.path, p.item, p.message)));
      if (own.length) failed = true;
      results.push({
        registration: a.registration,
        aircraft_id: r?.aircraft_id ?? null,
        counts: r?.counts ?? {},
        due_items: r?.due_items ?? 0,
        problems: own,
        could_not_place: own.filter((p) => NOT_PLACED.has(p.kind)),
        programme_without_record: r?.programme_without_record ?? [],
      });
    }
    opts.onProgress?.(wbk.aircraft.length, wbk.aircraft.length);
    const placed = new Set(wbk.aircraft.map((a) => a.registration));
    const orphans = wbk.problems.filter((p) => p.registration === null || !placed.has(p.registration));
    if (orphans.length) failed = true;
    const committed = !opts.dryRun && !failed && wbk.aircraft.length > 0;
    if (committed) await sql`release savepoint fleet_sheets`.execute(tx);
    else await sql`rollback to savepoint fleet_sheets`.execute(tx);

    const all = [...results.flatMap((x) => x.problems), ...orphans];
    await tx
      .insertInto('sys_import_log')
      .values({ compcode: ctx.user.compcode, entity: 'aircraft', filename: (opts.filename ?? 'fleet.xlsx').slice(0, 200), mode: opts.dryRun ? 'dry' : 'all', key_field: null, total: wbk.rows, imported: committed ? wbk.rows : 0, failed: all.length, created_by: ctx.user.username })
      .execute();
    const n = results.length;
    const due = results.reduce((s, x) => s + x.due_items, 0);
    const parts = results.reduce((s, x) => s + (x.counts.components ?? 0), 0);
    const what = `${parts} component${parts === 1 ? '' : 's'} and ${due} due item${due === 1 ? '' : 's'}`;
    const message = !n
      ? 'The workbook has no aircraft on its Aircraft sheet.'
      : all.length
        ? `Nothing was imported: ${all.length} problem${all.length === 1 ? '' : 's'} in the workbook (listed by sheet and cell, per aircraft).`
        : opts.dryRun
          ? `Dry run: ${n} aircraft would be imported with ${what}; nothing was written.`
          : `${n} aircraft imported with ${what}.`;
    return {
      success: 1,
      dry_run: opts.dryRun,
      committed,
      message,
      rows: wbk.rows,
      aircraft: results,
      problems: all.map((p) => ({ kind: p.kind, path: p.cell, item: p.registration ? `${p.registration}: ${p.item}` : p.item, message: p.message, registration: p.registration })),
    };
  } catch (e) {
    await sql`rollback to savepoint fleet_sheets`.execute(tx);
    throw e;
  }
}
