import type { RJSFSchema } from '@rjsf/utils';
import type { DataRow } from '../api/types';

/**
 * The part of a loaded record the form edits: only the schema's properties (the record also
 * carries its key, company and audit columns, which the schema usually forbids).
 */
export function pickSchemaFields(schema: RJSFSchema, row: DataRow): DataRow {
  const props = schema.properties;
  if (!props || typeof props !== 'object') return { ...row };
  const out: DataRow = {};
  for (const name of Object.keys(props)) {
    if (row[name] !== undefined) out[name] = row[name];
  }
  return out;
}
