/**
 * The one due computation: for every tracked item of an aircraft (programme inspections, limits of
 * installed parts, LLPs, AD and SB statuses) its next due per counter, in the aircraft's counters
 * (its APU's for items counted in APU usage), by the rules of rules/due.ts (whichever first / later, thresholds, tolerance, AD
 * effective dates and "not later than" dates). `dueRows` is pure; `refreshDue` reads an aircraft's
 * items, runs it and stores the rows in due_schedule, which the due list view reads
 * (docs/decisions/0111). Run whenever something changes a next due: a compliance, a component
 * change, a programme or status edit; a flight does not (it changes what remains, not the due).
 */
import type { DB } from '../../engine/src/db/database.ts';
import { lockAircraft } from './store.ts';
import { loadAircraftInput } from './schedule/load.ts';
import { dueRows } from './schedule/rows.ts';
import { writeSchedule } from './schedule/write.ts';

// the steps, each in its own module under schedule/: what is read and written (inputs.ts), the
// pure rows (rows.ts), reading an aircraft's items (load.ts), storing them (write.ts)
export type { AdInput, AircraftInput, DueRow, InspectionInput, LimitInput, Measure, PartInput, SbInput } from './schedule/inputs.ts';
export { dueRows } from './schedule/rows.ts';
export { loadAircraftInput } from './schedule/load.ts';
export { applyVariations } from './schedule/write.ts';

/** Re-computes and stores the due of one aircraft (inside the caller's transaction). */
export async function refreshDue(tx: DB, aircraftId: number, by = 'system'): Promise<number> {
  const held = deferred.get(tx);
  if (held) {
    held.add(aircraftId);
    return 0;
  }
  const ac = await lockAircraft(tx, aircraftId);
  const input = await loadAircraftInput(tx, ac);
  return writeSchedule(tx, ac, dueRows(input), by);
}

/** Transactions whose due computations wait for the end of a bulk write (deferDue). */
const deferred = new WeakMap<DB, Set<number>>();

/**
 * Runs `fn` with every due computation of this transaction held (the hooks of each part placed,
 * record posted … ask for one), then computes the due of each aircraft asked for once: a records
 * import of 3,000 parts computes the due list once, not once a part. The due after `fn` is the
 * same as computed after every write, since the computation reads only what is stored.
 */
export async function deferDue<T>(tx: DB, fn: () => Promise<T>, by = 'system'): Promise<T> {
  if (deferred.has(tx)) return fn();
  const held = new Set<number>();
  deferred.set(tx, held);
  let result: T;
  try {
    result = await fn();
  } finally {
    deferred.delete(tx);
  }
  for (const id of held) await refreshDue(tx, id, by);
  return result;
}

/** Re-computes the due of every aircraft of a type (a programme change). */
export async function refreshType(tx: DB, typeId: number, compcode: string, by = 'system'): Promise<void> {
  const acs = await tx.selectFrom('aircraft').select('aircraft_id').where('aircraft_type', '=', typeId).where('compcode', '=', compcode).orderBy('aircraft_id').execute();
  for (const a of acs) await refreshDue(tx, Number(a.aircraft_id), by);
}
