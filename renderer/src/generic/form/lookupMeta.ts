import type { WidgetProps } from '@rjsf/utils';
import type { DataRow } from '../../api/types';

/** The field's declared lookup (engine/src/query/lookup.ts): the document fields it matches, whether choosing copies. */
export interface LookupMeta {
  match: Record<string, string>;
  copy: boolean;
  /** `among`: the document's key field, sent as `among=<key>` (only values listed on another child). */
  among?: string;
}

export function lookupMetaOf(schema: WidgetProps['schema']): LookupMeta | null {
  const m = (schema as Record<string, unknown>)['x-lookup'] as LookupMeta | undefined;
  return m && typeof m === 'object' ? m : null;
}

/** `m.<referenced field>` = the document's value of each matched field (only those it has). */
export function matchQuery(meta: LookupMeta | null, values: DataRow): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [target, from] of Object.entries(meta?.match ?? {})) {
    const v = values[from];
    if (v !== null && v !== undefined && v !== '') out[`m.${target}`] = String(v);
  }
  const doc = meta?.among ? values[meta.among] : undefined;
  if (doc !== null && doc !== undefined && doc !== '') out.among = String(doc);
  return out;
}
