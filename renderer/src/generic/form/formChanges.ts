import type { RJSFSchema } from '@rjsf/utils';
import type { DataRow } from '../../api/types';
import { pickSchemaFields } from '../schemaData';

/** Values as compared for "changed on screen": empty text, null and absent are the same. */
export function comparable(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(comparable);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const x = comparable((v as Record<string, unknown>)[k]);
      if (x !== undefined) out[k] = x;
    }
    return out;
  }
  return v === null || v === '' ? undefined : v;
}

/** Whether the form shows values other than the record's as loaded (an action then saves them first). */
export function changed(schema: RJSFSchema, loaded: DataRow, shown: DataRow): boolean {
  return JSON.stringify(comparable(pickSchemaFields(schema, loaded))) !== JSON.stringify(comparable(pickSchemaFields(schema, shown)));
}
