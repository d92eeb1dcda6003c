/**
 * The letters of one user per menu entry (user_menu): the menu entries of a module, the user of
 * a company by name, the user's letters, and the admin's save of them (one transaction: only
 * letters the granting admin holds, a changed entry versioned, one audit row for the save).
 *
 *   await saveLetters(tx, reg, admin, { userId, compcode, menus: [{ menu_id: 7, permission: 'CRU' }], label: 'ani/aircraft-logistic' });
 */
import type { Selectable } from 'kysely';
import type { DB } from '../db/database.ts';
import type { MenuTable } from '../db/schema.gen.ts';
import type { Registry } from '../metadata/registry.ts';
import type { UserRef } from '../crud/repository.ts';
import { versionedUpdate, writeAudit } from '../crud/versioned.ts';
import { normaliseLetters } from './ability.ts';
import { assertGrantable } from './menus.ts';

export const MENU_COLUMNS = ['menu_id', 'modulname', 'name', 'title', 'icon', 'url', 'route', 'level', 'parent_id', 'badge', 'seq', 'noaccesscheck'] as const;

/** A menu entry as the menu calls read it (MENU_COLUMNS of the menu table). */
export type MenuRow = Pick<Selectable<MenuTable>, (typeof MENU_COLUMNS)[number]>;

/** The module's active menu entries in their order. */
export async function activeMenus(db: DB, module: string): Promise<MenuRow[]> {
  return (await db.selectFrom('menu').select([...MENU_COLUMNS]).where('modulname', '=', module).where('active', '=', true).orderBy('seq').orderBy('menu_id').execute()) as MenuRow[];
}

/** The id of the user of that name who works in the company, or undefined. */
export async function companyUserId(db: DB, username: string, compcode: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('user_company as uc', 'uc.user_id', 'u.user_id')
    .select(['u.user_id'])
    .where('u.username', '=', username.toLowerCase())
    .where('uc.compcode', '=', compcode)
    .executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}

/** The user's letters in the company, by menu id. */
export async function userLetters(db: DB, userId: number, compcode: string): Promise<Map<number, string>> {
  const perms = await db.selectFrom('user_menu').select(['menu_id', 'permission']).where('user_id', '=', userId).where('compcode', '=', compcode).execute();
  return new Map(perms.map((p) => [Number(p.menu_id), String(p.permission)]));
}

/**
 * Saves the user's letters on the named entries inside the caller's transaction: an entry named
 * twice counts once (the last); only changed entries are written (emptied: deleted; changed:
 * versioned; new: inserted), each refused unless the granter holds the letters
 * (assertGrantable); one audit row `label` lists the changes.
 */
export async function saveLetters(tx: DB, reg: Registry, by: UserRef, o: { userId: number; compcode: string; menus: { menu_id: number; permission: string }[]; label: string }): Promise<void> {
  const userMenu = reg.entity('user_menu');
  const stored = new Map(
    (await tx.selectFrom('user_menu').selectAll().where('user_id', '=', o.userId).where('compcode', '=', o.compcode).where('menu_id', 'in', [0, ...o.menus.map((m) => m.menu_id)]).forUpdate().execute()).map((r) => [Number(r.menu_id), r as Record<string, unknown>]),
  );
  const last = new Map(o.menus.map((m) => [m.menu_id, m])); // an entry named twice: the last one counts
  const wanted = [...last.values()].map((m) => ({ menu_id: m.menu_id, before: String(stored.get(m.menu_id)?.permission ?? ''), after: normaliseLetters(m.permission) })).filter((c) => c.before !== c.after);
  // only letters the granting admin holds, never a holding-only entry in a subsidiary
  await assertGrantable(tx, reg, { granter: by.user_id, compcode: o.compcode, changes: wanted });
  const changes: Record<number, [string, string]> = {};
  for (const c of wanted) {
    changes[c.menu_id] = [c.before, c.after];
    const old = stored.get(c.menu_id);
    if (!c.after) await tx.deleteFrom('user_menu').where('id', '=', old?.id as number).execute();
    else if (old) await versionedUpdate(tx, userMenu, old.id as number, { permission: c.after }, { user: by, before: old, audit: false });
    else await tx.insertInto('user_menu').values({ compcode: o.compcode, user_id: o.userId, menu_id: c.menu_id, permission: c.after, created_by: by.username }).execute();
  }
  await writeAudit(tx, by, userMenu, o.label, 'update', { changes });
}
