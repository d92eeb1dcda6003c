/** Storing an aircraft's due rows in due_schedule, with its approved one-time variations applied. */
import type { DB } from '../../../engine/src/db/database.ts';
import type { DueScheduleTable } from '../../../engine/src/db/schema.gen.ts';
import { addDays as addDaysIso } from '../rules/dates.ts';
import type { DueRow } from './inputs.ts';
import { num } from './values.ts';

const SCHEDULE_COLUMNS = [
  'due_key', 'item_kind', 'component', 'type_inspection', 'component_limit', 'type_llp', 'ad_status', 'sb_status', 'item_code', 'description', 'inspection_group', 'ata',
  'measure', 'whichever', 'interval_h', 'interval_c', 'interval_days', 'last_done_date', 'last_done_h', 'last_done_c',
  'due_h', 'due_c', 'due_l', 'due_r', 'due_date', 'hard_date', 'tol_h', 'tol_c', 'tol_days', 'no_record',
  'variation', 'prog_due_h', 'prog_due_c', 'prog_due_date', 'prog_revision',
] as const satisfies readonly (keyof DueRow & keyof DueScheduleTable)[];

/**
 * The approved one-time variations of the aircraft's items (decision 0164): each extends its
 * item's due once by its hours, cycles and days; the due before it is kept (prog_due_*) for the
 * due list and for the accomplishment that consumes it, and no tolerance is added on top.
 */
export async function applyVariations(tx: DB, ac: { id: number; compcode: string }, rows: DueRow[]): Promise<DueRow[]> {
  const vs = await tx
    .selectFrom('due_variation')
    .select(['variation_id', 'due_key', 'extend_fh', 'extend_fc', 'extend_days'])
    .where('compcode', '=', ac.compcode)
    .where('aircraft', '=', ac.id)
    .where('var_status', '=', 'APPROVED')
    .execute();
  if (vs.length === 0) return rows;
  const byKey = new Map(vs.map((v) => [String(v.due_key), v]));
  return rows.map((r) => {
    const v = byKey.get(r.due_key);
    if (!v) return r;
    const add = (due: number | null, by: unknown) => (due === null ? null : due + (num(by) ?? 0));
    return {
      ...r,
      variation: Number(v.variation_id),
      prog_due_h: r.due_h,
      prog_due_c: r.due_c,
      prog_due_date: r.due_date,
      due_h: add(r.due_h, v.extend_fh),
      due_c: add(r.due_c, v.extend_fc),
      due_date: r.due_date && num(v.extend_days) ? addDaysIso(r.due_date, Number(v.extend_days)) : r.due_date,
      tol_h: null,
      tol_c: null,
      tol_days: null,
    };
  });
}

/** Replaces an aircraft's rows of due_schedule by what `dueRows` computes now. */
export async function writeSchedule(tx: DB, ac: { id: number; compcode: string }, computed: DueRow[], by = 'system'): Promise<number> {
  const rows = await applyVariations(tx, ac, computed);
  await tx.deleteFrom('due_schedule').where('aircraft', '=', ac.id).execute();
  const now = new Date().toISOString();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((r) => {
      const values: Record<string, unknown> = { compcode: ac.compcode, aircraft: ac.id, computed_at: now, created_by: by };
      for (const c of SCHEDULE_COLUMNS) values[c] = r[c] ?? null;
      values.no_record = r.no_record;
      return values;
    });
    await tx.insertInto('due_schedule').values(chunk as never).execute();
  }
  return rows.length;
}
