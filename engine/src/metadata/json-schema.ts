/**
 * The one validator schema per entity: a JSON Schema derived from entity metadata, sent to the
 * renderer (rjsf validates with it in the browser) and compiled with ajv on the server, so the
 * client and the server apply exactly the same rules.
 *
 *   const schema = entityJsonSchema(registry, registry.entity('company'));
 *   const ui = formUiSchema(registry, formScreen);
 */
import type { EntityDef, FieldDef, FormScreenDef, Registry } from './registry.ts';
import { STRING_FORMATS } from '../values/formats.ts';

export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  const?: unknown;
  default?: unknown;
  readOnly?: boolean;
  items?: JsonSchema;
  maxItems?: number;
  [k: string]: unknown;
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** The schema keyword carrying a field pattern's words (metadata `patternMessage`). */
export const PATTERN_MESSAGE = 'x-pattern-message';


function nullable(t: string, f: FieldDef): string | string[] {
  return f.required ? t : [t, 'null'];
}

function fieldJsonSchema(reg: Registry, f: FieldDef): JsonSchema {
  const base: JsonSchema = { title: f.label };
  if (f.help) base.description = f.help;
  if (f.default !== undefined && f.default !== null) base.default = f.default;
  if (f.readOnly) base.readOnly = true;
  switch (f.type) {
    case 'string':
      return {
        ...base,
        type: nullable('string', f),
        maxLength: f.maxLength ?? 255,
        ...(f.required ? { minLength: 1 } : {}),
        ...(f.format === 'email' || f.format === 'username' || f.format === 'phone' ? { pattern: STRING_FORMATS[f.format] } : {}),
        // a field's own pattern, with the words the form and the server say when a value does not match
        ...(f.pattern ? { pattern: f.pattern, [PATTERN_MESSAGE]: f.patternMessage } : {}),
      };
    case 'text':
      return { ...base, type: nullable('string', f), maxLength: f.maxLength ?? 10000, ...(f.required ? { minLength: 1 } : {}) };
    case 'integer':
      return {
        ...base,
        type: nullable('integer', f),
        minimum: f.min ?? (f.allowNegative === false ? 0 : -SAFE),
        maximum: f.max ?? SAFE,
        // minutes typed and shown as H:MM (the renderer's duration widget)
        ...(f.format === 'duration' ? { 'x-duration': true } : {}),
      };
    case 'decimal': {
      const scale = f.scale ?? 2;
      const intDigits = (f.precision ?? 18) - scale;
      const bound = Math.min(10 ** intDigits - 10 ** -scale, SAFE);
      return {
        ...base,
        type: nullable('number', f),
        minimum: f.min ?? (f.allowNegative === false ? 0 : -bound),
        maximum: f.max ?? bound,
        'x-scale': scale,
      };
    }
    case 'date':
      return { ...base, type: nullable('string', f), format: 'date' };
    case 'datetime':
      return { ...base, type: nullable('string', f), format: 'date-time' };
    case 'boolean':
      return { ...base, type: nullable('boolean', f) };
    case 'enum': {
      const codes = (f.values ?? []).map((v) => v.code);
      const numeric = codes.every((c) => typeof c === 'number');
      return {
        ...base,
        type: nullable(numeric ? 'integer' : 'string', f),
        oneOf: [
          ...(f.values ?? []).map((v) => ({ const: v.code, title: v.label })),
          ...(f.required ? [] : [{ const: null, title: '' }]),
        ],
      };
    }
    case 'reference': {
      const target = reg.entity(f.entity ?? '');
      // the lookup's matched document fields and whether choosing copies (engine/src/query/lookup.ts)
      // `among`: the document's key field the form sends (`among=<key>`), the line's header
      const header = f.lookup?.among ? [...reg.entities.values()].find((x) => x.children.some((c) => reg.entity(c.entity).fields.includes(f))) : undefined;
      const among = header ? { among: header.key } : {};
      const lookup = f.lookup?.match || f.lookup?.copy || header ? { 'x-lookup': { match: f.lookup?.match ?? {}, copy: Boolean(f.lookup?.copy), ...among } } : {};
      return { ...base, type: nullable(target.keyType === 'string' ? 'string' : 'integer', f), 'x-reference': target.name, ...lookup };
    }
    case 'attachment':
      return { ...base, type: nullable('integer', f), 'x-attachment': true };
    case 'binary':
      return { ...base, type: 'null', readOnly: true };
  }
}

/**
 * Schema of a document written through the generic endpoints: the entity's writable fields, the
 * optimistic-lock `version`, and child lines. Unknown properties are refused.
 */
export function entityJsonSchema(reg: Registry, e: EntityDef, opts: { lines?: boolean } = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const f of e.fields) {
    if (f.hidden) continue;
    properties[f.name] = fieldJsonSchema(reg, f);
    if (f.required && !f.readOnly && f.default === undefined && !(e.numbering && e.numbering.field === f.name)) required.push(f.name);
  }
  if (e.numbering) properties[e.numbering.field] = { ...properties[e.numbering.field], readOnly: true };
  properties.version = { type: 'integer', minimum: 1, title: 'Version', readOnly: true };
  if (e.keyType === 'string') {
    properties[e.key] = { type: 'string', title: e.key, maxLength: e.key === 'compcode' ? 20 : 100, minLength: 1, pattern: '^[A-Za-z0-9_.-]+$' };
  }
  if (opts.lines !== false) {
    for (const c of e.children) {
      const child = reg.entity(c.entity);
      const line = entityJsonSchema(reg, child, { lines: false });
      delete line.properties?.[c.foreignKey];
      line.required = (line.required ?? []).filter((r) => r !== c.foreignKey);
      line.properties = { ...line.properties, [child.key]: { type: child.keyType === 'string' ? 'string' : 'integer' } };
      properties[c.name] = { type: 'array', title: c.title, items: line, maxItems: c.maxLines };
    }
  }
  return { type: 'object', title: e.title, properties, required, additionalProperties: false };
}

/** rjsf uiSchema for a form screen: field order, widgets, read-only fields, grid widths. */
export function formUiSchema(reg: Registry, form: FormScreenDef): Record<string, unknown> {
  const e = reg.entity(form.entity);
  const ui: Record<string, unknown> = {};
  const order: string[] = [];
  for (const sec of form.sections) {
    for (const ff of sec.fields) {
      order.push(ff.field);
      const f = e.fields.find((x) => x.name === ff.field);
      const entry: Record<string, unknown> = {};
      if (ff.label) entry['ui:title'] = ff.label;
      if (f?.format === 'duration' && (!ff.widget || ff.widget === 'numeric')) entry['ui:widget'] = 'duration';
      else if (ff.widget) entry['ui:widget'] = ff.widget;
      else if (f?.type === 'text') entry['ui:widget'] = 'textarea';
      else if (f?.type === 'decimal' || f?.type === 'integer') entry['ui:widget'] = 'numeric';
      if (ff.readOnly || f?.readOnly || (e.numbering && e.numbering.field === ff.field)) entry['ui:readonly'] = true;
      if (ff.placeholder) entry['ui:placeholder'] = ff.placeholder;
      if (ff.readOnlyWhen) entry['ui:options'] = { readOnlyWhen: ff.readOnlyWhen };
      if (f?.type === 'decimal' || f?.type === 'integer') {
        entry['ui:options'] = {
          ...(entry['ui:options'] as object | undefined),
          precision: f.type === 'decimal' ? (f.scale ?? 2) : 0,
          currency: f.currency ?? false,
          min: f.min,
          max: f.max,
          allowNegative: f.allowNegative ?? (f.min === undefined || f.min < 0),
        };
      }
      ui[ff.field] = entry;
    }
  }
  const sectionOf: Record<string, string> = {};
  form.sections.forEach((s, i) => s.fields.forEach((f) => (sectionOf[f.field] = s.title ?? `Section ${i + 1}`)));
  ui['ui:order'] = [...order, ...form.lines.map((l) => l.child), '*'];
  ui['ui:options'] = { sections: form.sections.map((s) => ({ title: s.title, fields: s.fields.map((f) => f.field) })) };
  for (const f of e.fields) if (!order.includes(f.name) && !ui[f.name]) ui[f.name] = { 'ui:widget': 'hidden' };
  ui.version = { 'ui:widget': 'hidden' };
  if (e.keyType === 'string') ui[e.key] = { 'ui:title': e.key === 'compcode' ? 'Company Code' : 'Code' };
  return ui;
}

/** Fields visible in a form: the sections' fields plus the key for string-keyed entities. */
export function formSchema(reg: Registry, form: FormScreenDef): JsonSchema {
  const e = reg.entity(form.entity);
  const full = entityJsonSchema(reg, e);
  const keep = new Set([...form.sections.flatMap((s) => s.fields.map((f) => f.field)), 'version', ...form.lines.map((l) => l.child)]);
  if (e.keyType === 'string') keep.add(e.key);
  const properties = Object.fromEntries(Object.entries(full.properties ?? {}).filter(([k]) => keep.has(k)));
  return { ...full, properties, required: (full.required ?? []).filter((r) => keep.has(r)) };
}
