import type { RJSFSchema } from '@rjsf/utils';

/** The JSON Schema type without `null` (['integer', 'null'] → 'integer'). */
export function baseType(schema: RJSFSchema | undefined): string {
  const t = schema?.type;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') as string | undefined) ?? 'null';
  return typeof t === 'string' ? t : '';
}

export function isNullable(schema: RJSFSchema | undefined): boolean {
  const t = schema?.type;
  return Array.isArray(t) ? t.includes('null') : t === 'null';
}

/** What an emptied input stores: null when the schema allows it (so an update clears the column), else undefined. */
export function emptyValueOf(schema: RJSFSchema | undefined): null | undefined {
  return isNullable(schema) ? null : undefined;
}

export function referenceOf(schema: RJSFSchema | undefined): string | undefined {
  const r = (schema as Record<string, unknown> | undefined)?.['x-reference'];
  return typeof r === 'string' && r ? r : undefined;
}

export function isAttachment(schema: RJSFSchema | undefined): boolean {
  return Boolean((schema as Record<string, unknown> | undefined)?.['x-attachment']);
}

/** An integer of minutes typed and shown as H:MM (metadata `format: duration`). */
export function isDuration(schema: RJSFSchema | undefined): boolean {
  return Boolean((schema as Record<string, unknown> | undefined)?.['x-duration']);
}

/** Numeric input options a schema implies (decimal scale, bounds, sign). */
export function numericOptionsOf(schema: RJSFSchema | undefined): {
  precision: number;
  min?: number;
  max?: number;
  allowNegative: boolean;
} {
  const scale = (schema as Record<string, unknown> | undefined)?.['x-scale'];
  const precision = baseType(schema) === 'integer' ? 0 : typeof scale === 'number' ? scale : 0;
  const min = typeof schema?.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema?.maximum === 'number' ? schema.maximum : undefined;
  return { precision, min, max, allowNegative: min === undefined || min < 0 };
}
