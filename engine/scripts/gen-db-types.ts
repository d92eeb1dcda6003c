/**
 * The Kysely database interface generated from metadata: one interface per table or view, with
 * the column types the database returns (bigint and numeric as numbers, dates and instants as ISO
 * text: engine/src/db/value-types.ts), nullability and generated columns as the migrator creates
 * them (engine/src/db/schema-model.ts). `Database` lists only these tables, so code that names a
 * table gets its name and columns checked; `LooseDatabase` adds any table name, for the engine code
 * that addresses tables named at run time by metadata (`e.table`) through `loose(db)`
 * (engine/src/db/loose.ts). Written by `npm run gen:types` (with the metadata types), checked by
 * the test suite.
 */
import { loadMetadata } from '../src/metadata/loader.ts';
import { schemaFromRegistry, type ColumnModel } from '../src/db/schema-model.ts';

function tsType(c: ColumnModel): string {
  const t = c.type;
  let base: string;
  if (/^(varchar|text)/.test(t)) base = 'string';
  else if (/^(bigint|integer|numeric)/.test(t)) base = 'number';
  else if (t === 'date') base = 'string';
  else if (t === 'timestamptz') base = 'Instant';
  else if (t === 'boolean') base = 'boolean';
  else if (t === 'bytea') base = 'Uint8Array';
  else throw new Error(`gen-db-types: no TypeScript type for column type ${t}`);
  const generated = c.identity || c.default !== undefined;
  // Generated<Instant> would nest one column type in another, which a select does not unwrap
  if (generated && base === 'Instant') return c.nullable ? 'GeneratedInstant | null' : 'GeneratedInstant';
  const nullable = c.nullable ? `${base} | null` : base;
  return generated ? `Generated<${nullable}>` : nullable;
}

const pascal = (s: string) => s.replace(/(^|_)([a-z0-9])/g, (_m, _a, ch: string) => ch.toUpperCase());
/** The interface name of a table's type (`stock_balance` → `StockBalanceTable`). */
export const tableTypeName = (table: string) => `${pascal(table)}Table`;

export async function generateDbTypes(metadataDirs: string[]): Promise<string> {
  const reg = await loadMetadata(metadataDirs);
  const schema = schemaFromRegistry(reg);
  // a stored view's own tables (x__rows, x__live, …) are the engine's, read through raw SQL
  // (engine/src/query/stored.ts); the entity's type is its name's
  const tables = Object.values(schema.tables)
    .filter((t) => reg.entities.get(t.entity)?.table === t.name)
    .sort((a, b) => a.name.localeCompare(b.name));
  const parts: string[] = [
    '/* Generated from metadata by engine/scripts/gen-db-types.ts (npm run gen:types). Do not edit. */',
    "import type { ColumnType, Generated } from 'kysely';",
    '',
    '/** timestamptz: read as ISO-8601 UTC text, written as text or Date. */',
    'export type Instant = ColumnType<string, string | Date, string | Date>;',
    '/** timestamptz with a default (created_at): as Instant, and an insert may leave it out. */',
    'export type GeneratedInstant = ColumnType<string, string | Date | undefined, string | Date>;',
    '',
  ];
  for (const t of tables) {
    parts.push(`/** ${t.view ? 'View' : 'Table'} ${t.name} (entity ${t.entity}). */`);
    parts.push(`export interface ${tableTypeName(t.name)} {`);
    for (const c of t.columns) parts.push(`  ${c.name}: ${tsType(c)};`);
    parts.push('}', '');
  }
  parts.push('/** Every table and view the metadata declares: a name not listed here does not compile. */');
  parts.push('export interface Database {');
  for (const t of tables) parts.push(`  ${t.name}: ${tableTypeName(t.name)};`);
  parts.push('}', '');
  parts.push(
    '/**',
    ' * Database plus any table name: for the generic engine modules that address tables named at run',
    ' * time by metadata (`e.table`) or their own (_migrations), through engine/src/db/loose.ts.',
    ' */',
    '// eslint-disable-next-line @typescript-eslint/no-explicit-any',
    'export type LooseDatabase = Database & { [table: string]: Record<string, any> };',
    '',
  );
  return parts.join('\n');
}
