/**
 * The database with any table name allowed (columns untyped), for the generic engine code that
 * addresses tables named at run time by metadata (`e.table`: repository, versioned writes,
 * history, import, print, list, migrator's `_migrations`, fixture loader, the workflow's
 * documents) and the few plugin helpers that do the same, and for tests that make their own
 * tables. Domain code names its tables and keeps the strict `DB`.
 *
 *   const row = await loose(tx).selectFrom(e.table).selectAll().where(e.key, '=', key).executeTakeFirst();
 */
import type { Kysely } from 'kysely';
import type { DB } from './database.ts';
import type { LooseDatabase } from './schema.gen.ts';

export type LooseDB = Kysely<LooseDatabase>;

/**
 * The same connection or transaction typed as `LooseDB`: only the type differs (the two Kysely
 * types are assignable either way), so the object, and the SQL it builds, are unchanged.
 */
export const loose = (db: DB): LooseDB => db;
