/** The columns of an entity's row a user writes and reads. */
import type { EntityDef } from '../metadata/registry.ts';
import { scopedByKey } from '../db/schema-model.ts';

type Row = Record<string, unknown>;

function writableFields(e: EntityDef): string[] {
  return e.fields.filter((f) => !f.readOnly && !f.hidden && !(e.numbering && e.numbering.field === f.name)).map((f) => f.name);
}

/**
 * The values of `row` a user may write (not server-set, hidden or the document number), those
 * given only; `omit` leaves out one more field (a line's link to its document).
 */
export function writableValues(e: EntityDef, row: Row, omit?: string): Row {
  const values: Row = {};
  for (const f of writableFields(e)) if (row[f] !== undefined && f !== omit) values[f] = row[f];
  return values;
}

/**
 * The columns a read sends for a row of the entity: key, fields that are not hidden, the standard
 * columns and the company. The API row types (engine/src/db/rows.gen.ts) are generated from it.
 * Personal fields are among them, null unless the reader may see them (access/personal.ts).
 */
export function visibleColumns(e: EntityDef): string[] {
  const cols = [e.key, ...e.fields.filter((f) => !f.hidden).map((f) => f.name), ...(e.view ? [] : ['created_at', 'created_by', 'updated_at', 'updated_by', 'version'])];
  if (e.companyScoped && !scopedByKey(e)) cols.push('compcode');
  return cols;
}
