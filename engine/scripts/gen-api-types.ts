/**
 * The API row types generated from metadata (engine/src/db/rows.gen.ts): for every entity, the
 * JSON the generic data API sends for one of its rows (GET /api/data/{entity}/{key}, list rows):
 * the columns `visibleColumns` reads (key, fields that are not hidden, standard columns, company),
 * picked from the table's database type (engine/src/db/schema.gen.ts, as a select reads it: bigint
 * and numeric as numbers, dates and instants as ISO text), so each column's type is written once;
 * and each child's lines as an array. The server's named calls
 * build their answers from these (server/src/api/types.ts) and the renderer imports the same
 * types, so a field renamed in metadata breaks the compile on both sides, not a screen at run time.
 * Written by `npm run gen:types` with the other generated types, checked by the test suite.
 */
import { loadMetadata } from '../src/metadata/loader.ts';
import { schemaFromRegistry } from '../src/db/schema-model.ts';
import { tableTypeName } from './gen-db-types.ts';
import { visibleColumns } from '../src/crud/columns.ts';

const pascal = (s: string) => s.replace(/(^|_)([a-z0-9])/g, (_m, _a, ch: string) => ch.toUpperCase());
export const rowTypeName = (entity: string) => `${pascal(entity)}Row`;

export async function generateApiTypes(metadataDirs: string[]): Promise<string> {
  const reg = await loadMetadata(metadataDirs);
  const schema = schemaFromRegistry(reg);
  const entities = [...reg.entities.values()].sort((a, b) => a.name.localeCompare(b.name));
  const parts: string[] = [
    '/* Generated from metadata by engine/scripts/gen-api-types.ts (npm run gen:types). Do not edit. */',
    '/*',
    ' * The JSON of one row of each entity as the data API sends it (docs/api.md): the columns the',
    ' * repository reads, typed by the database types (engine/src/db/schema.gen.ts) as a select reads',
    ' * them (dates and instants are ISO text), and each child\'s lines as an array.',
    ' */',
    "import type { SelectType } from 'kysely';",
    "import type * as Db from './schema.gen.ts';",
    '',
    '/** The columns `C` of table `T` as one row of an answer. */',
    'type Columns<T, C extends keyof T> = { [K in C]: SelectType<T[K]> };',
    '',
  ];
  for (const e of entities) {
    const table = schema.tables[e.table];
    if (!table) throw new Error(`gen-api-types: entity ${e.name} has no table ${e.table}`);
    const byName = new Map(table.columns.map((c) => [c.name, c]));
    const columns = [...new Set(visibleColumns(e))];
    for (const name of columns) {
      const c = byName.get(name);
      if (!c) throw new Error(`gen-api-types: ${e.name}.${name} is read but is no column of ${e.table}`);
      if (c.type === 'bytea') throw new Error(`gen-api-types: ${e.name}.${name} (${c.type}) has no JSON type; hide the field`);
    }
    const children = e.children.map((child) => `${/^[A-Za-z_$][\w$]*$/.test(child.name) ? child.name : JSON.stringify(child.name)}: ${rowTypeName(child.entity)}[]`);
    parts.push(`/** ${e.title ?? e.name} (entity ${e.name}, ${e.view ? 'view' : 'table'} ${e.table}). */`);
    const picked = `Columns<Db.${tableTypeName(e.table)}, ${columns.map((c) => `'${c}'`).join(' | ')}>`;
    parts.push(`export type ${rowTypeName(e.name)} = ${picked}${children.length ? ` & { ${children.join('; ')} }` : ''};`);
    parts.push('');
  }
  parts.push('/** Row type by entity name. */');
  parts.push('export interface EntityRows {');
  for (const e of entities) parts.push(`  ${e.name}: ${rowTypeName(e.name)};`);
  parts.push('}', '');
  return parts.join('\n');
}
