/**
 * The API row types generated from metadata (server/src/api/rows.gen.ts): for every entity, the
 * JSON the generic data API sends for one of its rows (GET /api/data/{entity}/{key}, list rows):
 * the columns `visibleColumns` reads (key, fields that are not hidden, standard columns, company)
 * with their JSON types (bigint and numeric as numbers, dates and instants as ISO text:
 * engine/src/db/value-types.ts), and each child's lines as an array. The server's named calls
 * build their answers from these (server/src/api/types.ts) and the renderer imports the same
 * types, so a field renamed in metadata breaks the compile on both sides, not a screen at run time.
 * Written by `npm run gen:types` with the other generated types, checked by the test suite.
 */
import { loadMetadata } from '../src/metadata/loader.ts';
import { schemaFromRegistry, type ColumnModel } from '../src/db/schema-model.ts';
import { visibleColumns } from '../src/crud/columns.ts';

function jsonType(c: ColumnModel, where: string): string {
  const t = c.type;
  let base: string;
  if (/^(varchar|text)/.test(t) || t === 'date' || t === 'timestamptz') base = 'string';
  else if (/^(bigint|integer|numeric)/.test(t)) base = 'number';
  else if (t === 'boolean') base = 'boolean';
  else throw new Error(`gen-api-types: ${where} (${t}) has no JSON type; hide the field or map its type here`);
  return c.nullable ? `${base} | null` : base;
}

const pascal = (s: string) => s.replace(/(^|_)([a-z0-9])/g, (_m, _a, ch: string) => ch.toUpperCase());
export const rowTypeName = (entity: string) => `${pascal(entity)}Row`;

export async function generateApiTypes(metadataDirs: string[]): Promise<string> {
  const reg = await loadMetadata(metadataDirs);
  const schema = schemaFromRegistry(reg);
  const entities = [...reg.entities.values()].sort((a, b) => a.name.localeCompare(b.name));
  const parts: string[] = [
    '/* Generated from metadata by engine/scripts/gen-api-types.ts (npm run gen:types). Do not edit. */',
    '/* The JSON of one row of each entity as the data API sends it (docs/api.md); dates and instants are ISO text. */',
    '',
  ];
  for (const e of entities) {
    const table = schema.tables[e.table];
    if (!table) throw new Error(`gen-api-types: entity ${e.name} has no table ${e.table}`);
    const byName = new Map(table.columns.map((c) => [c.name, c]));
    parts.push(`/** ${e.title ?? e.name} (entity ${e.name}, ${e.view ? 'view' : 'table'} ${e.table}). */`);
    parts.push(`export interface ${rowTypeName(e.name)} {`);
    for (const name of new Set(visibleColumns(e))) {
      const c = byName.get(name);
      if (!c) throw new Error(`gen-api-types: ${e.name}.${name} is read but is no column of ${e.table}`);
      parts.push(`  ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: ${jsonType(c, `${e.name}.${name}`)};`);
    }
    for (const child of e.children) parts.push(`  ${child.name}: ${rowTypeName(child.entity)}[];`);
    parts.push('}', '');
  }
  parts.push('/** Row type by entity name. */');
  parts.push('export interface EntityRows {');
  for (const e of entities) parts.push(`  ${e.name}: ${rowTypeName(e.name)};`);
  parts.push('}', '');
  return parts.join('\n');
}
