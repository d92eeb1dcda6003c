/**
 * One row of a raw statement (`sql<SqlRow>`…``): its columns are the names the SQL text gives
 * them, so no generated type describes it, and its values are read as they come (numeric text,
 * null) and converted where read (`Number`, `String`). A select built with Kysely is typed by the
 * generated tables instead (engine/src/db/schema.gen.ts), and a repository read by the entity's
 * row (RowOf, engine/src/plugins/host.ts): use this only where the statement is raw SQL.
 */
export type SqlRow = Record<string, unknown>;
