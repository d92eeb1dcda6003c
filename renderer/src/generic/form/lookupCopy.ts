import type { RJSFSchema } from '@rjsf/utils';
import type { DataRow } from '../../api/types';

/**
 * The document after a lookup's choice copied `values` into it (engine/src/query/lookup.ts): header
 * values are set, copied lines replace the child's lines and take the line schema's defaults;
 * names the schema does not have are left out.
 */
export function withLookupCopy(doc: DataRow, values: DataRow, schema: RJSFSchema): DataRow {
  const next: DataRow = { ...doc };
  for (const [name, v] of Object.entries(values)) {
    const items = (schema.properties?.[name] as RJSFSchema | undefined)?.items as RJSFSchema | undefined;
    if (Array.isArray(v) && items?.properties) {
      const defaults = Object.fromEntries(
        Object.entries(items.properties).flatMap(([k, p]) => (typeof p === 'object' && p && p.default !== undefined ? [[k, p.default]] : [])),
      );
      next[name] = v.map((line) => ({ ...defaults, ...(line as DataRow) }));
    } else if (name in (schema.properties ?? {})) {
      next[name] = v;
    }
  }
  return next;
}
