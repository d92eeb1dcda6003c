/**
 * JSON Schemas of what the data API sends (the answers, where json-schema.ts describes what it
 * accepts): one entity row, a list row (the columns of a list screen, `ref.field` included) and a
 * list page. The server hands them to Fastify as response schemas, so lists are serialised by
 * compiled code (fast-json-stringify) instead of JSON.stringify, and the OpenAPI document
 * (server/src/api/openapi.ts) publishes the same schemas.
 *
 * Values come from the database as engine/src/db/value-types.ts says (bigint and numeric as
 * numbers, dates and instants as ISO text). Every property is nullable and rows allow further
 * properties: a schema here may drop nothing and change no value, it only names the types.
 *
 *   const row = listRowSchema(reg, reg.entity('item'), screen.columns);
 *   const page = listPageSchema(row);
 */
import type { EntityDef, FieldDef, Registry } from './registry.ts';
import type { JsonSchema } from './json-schema.ts';
import { shownFieldAt } from './cross-checks/field-paths.ts';

/** The JSON type of a field's value as the API sends it, or undefined when any JSON may come. */
function fieldJsonType(reg: Registry, f: FieldDef): 'string' | 'number' | 'boolean' | undefined {
  switch (f.type) {
    case 'string':
    case 'text':
    case 'date':
    case 'datetime':
      return 'string';
    case 'integer':
    case 'decimal':
    case 'attachment':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return (f.values ?? []).every((v) => typeof v.code === 'number') ? 'number' : 'string';
    case 'reference':
      return reg.entities.get(f.entity ?? '')?.keyType === 'string' ? 'string' : 'number';
    default:
      return undefined;
  }
}

const typed = (t: string | undefined, title?: string): JsonSchema => (t ? { type: [t, 'null'], ...(title ? { title } : {}) } : title ? { title } : {});

/** The field at `path` (`field` or `reference.field`) of the entity, if metadata declares one. */
function fieldAt(reg: Registry, e: EntityDef, path: string): FieldDef | undefined {
  const [head, rest] = path.split('.', 2);
  const f = e.fields.find((x) => x.name === head);
  if (rest === undefined) return f;
  const target = f?.type === 'reference' ? reg.entities.get(f.entity ?? '') : undefined;
  if (!target) return undefined;
  if (rest === target.key) return { name: rest, type: target.keyType === 'string' ? 'string' : 'integer', label: rest } as FieldDef;
  return target.fields.find((x) => x.name === rest);
}

const keySchema = (e: EntityDef): JsonSchema => ({ type: e.keyType === 'string' ? 'string' : 'number', title: 'Key' });

/** One row of the entity as GET /api/data/{entity}/{key} sends it: its visible fields, the standard columns and its lines. */
export function entityRowSchema(reg: Registry, e: EntityDef, opts: { lines?: boolean } = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = { [e.key]: keySchema(e) };
  for (const f of e.fields) if (!f.hidden && f.type !== 'binary') properties[f.name] = typed(fieldJsonType(reg, f), f.label);
  if (!e.view) {
    properties.version = { type: 'number', title: 'Version' };
    properties.created_at = typed('string');
    properties.updated_at = typed('string');
  }
  if (opts.lines !== false) {
    for (const c of e.children) properties[c.name] = { type: 'array', title: c.title, items: entityRowSchema(reg, reg.entity(c.entity), { lines: false }) };
  }
  return { type: 'object', title: e.title ?? e.name, properties, additionalProperties: true };
}

/** One row of a list: the key, the version and the screen's columns (every visible field without a screen). */
export function listRowSchema(reg: Registry, e: EntityDef, columns?: { field: string }[]): JsonSchema {
  if (!columns) return entityRowSchema(reg, e, { lines: false });
  const properties: Record<string, JsonSchema> = { [e.key]: keySchema(e) };
  if (!e.view) properties.version = { type: 'number' };
  for (const c of columns) {
    if (c.field === e.key) continue;
    // a column on a reference of the target shows that reference's label (query/resolve.ts)
    const f = c.field.includes('.') && fieldAt(reg, e, c.field)?.type === 'reference' ? shownFieldAt(reg, e, c.field) : fieldAt(reg, e, c.field);
    properties[c.field] = typed(f ? fieldJsonType(reg, f) : undefined);
  }
  return { type: 'object', properties, additionalProperties: true };
}

/** A list page: `{ meta: { total, page, limit, totalCapped? }, list: [row] }` (engine/src/query/page.ts). */
export function listPageSchema(row: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['meta', 'list'],
    properties: {
      meta: {
        type: 'object',
        required: ['total', 'page', 'limit'],
        properties: { total: { type: 'number' }, page: { type: 'number' }, limit: { type: 'number' }, totalCapped: { type: 'boolean' } },
      },
      list: { type: 'array', items: row },
    },
  };
}
