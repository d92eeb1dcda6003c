import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';

type Row = Record<string, unknown>;

/**
 * The parent document of a child line entity, locked, when lines of it are written directly
 * (`POST /api/data/<line entity>`): its lifecycle decides whether lines may change.
 */
export async function lockedParent(tx: DB, reg: Registry, child: EntityDef, parentKey: unknown): Promise<{ e: EntityDef; row: Row } | undefined> {
  if (!child.parent || parentKey === undefined || parentKey === null) return undefined;
  const e = reg.entity(child.parent.entity);
  const row = (await loose(tx).selectFrom(e.table).selectAll().where(e.key, '=', parentKey as string).forUpdate().executeTakeFirst()) as Row | undefined;
  return row ? { e, row } : undefined;
}
