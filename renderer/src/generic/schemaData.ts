import type { RJSFSchema } from '@rjsf/utils';
import type { DataRow, ScreenEntity } from '../api/types';

function pickProps(props: Record<string, unknown>, row: DataRow): DataRow {
  const out: DataRow = {};
  for (const [name, prop] of Object.entries(props)) {
    const v = row[name];
    if (v === undefined) continue;
    const items = (prop as RJSFSchema | undefined)?.items as RJSFSchema | undefined;
    if (Array.isArray(v) && items && typeof items === 'object' && items.properties) {
      // child lines: each keeps the properties its schema knows (its key and version included)
      out[name] = v.map((line) => (line && typeof line === 'object' ? pickProps(items.properties ?? {}, line as DataRow) : line));
    } else {
      out[name] = v;
    }
  }
  return out;
}

/**
 * The part of a loaded record the form edits: only the schema's properties (the record also
 * carries its key, company and audit columns, which the schema usually forbids); child lines
 * likewise keep only their schema's properties.
 */
export function pickSchemaFields(schema: RJSFSchema, row: DataRow): DataRow {
  const props = schema.properties;
  if (!props || typeof props !== 'object') return { ...row };
  return pickProps(props, row);
}

/**
 * Fields the user emptied: the original had a value and the edit has none. The repository skips
 * absent properties on update, so they are sent as null where the schema allows it.
 */
export function clearedToNull(schema: RJSFSchema, original: DataRow, body: DataRow): DataRow {
  const out = { ...body };
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (out[name] !== undefined) continue;
    const had = original[name];
    if (had === undefined || had === null) continue;
    const t = (prop as RJSFSchema).type;
    if (Array.isArray(t) && t.includes('null')) out[name] = null;
  }
  return out;
}

/**
 * Required entity fields the form does not show, as loaded: the server validates an update against
 * the whole entity schema, so a form showing part of a document still sends what `required` asks.
 */
export function requiredFromRecord(schema: RJSFSchema, entity: ScreenEntity | undefined, original: DataRow, body: DataRow): DataRow {
  const out = { ...body };
  const shown = schema.properties ?? {};
  for (const f of entity?.fields ?? []) {
    if (!f.required || f.name in shown || out[f.name] !== undefined) continue;
    const v = original[f.name];
    if (v !== undefined && v !== null) out[f.name] = v;
  }
  return out;
}
