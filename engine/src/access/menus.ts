/**
 * Modules and menu entries live in metadata; they are synchronised into the `module` and `menu`
 * tables at start so that permission rows (user_menu) can reference them. Grants are read from
 * there per request.
 *
 *   await syncMenus(db, registry);
 *   const grants = await loadGrants(db, userId, 'GAH');
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import type { Registry } from '../metadata/registry.ts';
import type { MenuGrant } from './ability.ts';

const SYNC_LOCK = 727_002;

export async function syncMenus(db: DB, reg: Registry): Promise<{ modules: number; menus: number; removed: number }> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${SYNC_LOCK})`.execute(tx);
    const modules = [...reg.modules.values()].filter((m) => !m.shell);
    for (const m of modules) {
      const values = { title: m.title, info: m.info ?? null, url: m.url, statichtml: m.statichtml, icon: m.icon ?? null, seq: m.order };
      await tx
        .insertInto('module')
        .values({ modulname: m.name, ...values })
        .onConflict((oc) => oc.column('modulname').doUpdateSet(values))
        .execute();
    }
    const ids = new Map<string, number>();
    for (const m of reg.menus) {
      const values = {
        title: m.title,
        icon: m.icon ?? null,
        url: m.url || null,
        route: m.route ?? null,
        level: m.level,
        badge: m.badge ?? null,
        seq: m.order,
        noaccesscheck: m.noAccessCheck ?? false,
      };
      const row = await tx
        .insertInto('menu')
        .values({ modulname: m.module, name: m.name, ...values })
        .onConflict((oc) => oc.columns(['modulname', 'name']).doUpdateSet(values))
        .returning('menu_id')
        .executeTakeFirstOrThrow();
      ids.set(`${m.module}/${m.name}`, row.menu_id as number);
    }
    for (const m of reg.menus) {
      const parent = m.parent ? (ids.get(`${m.module}/${m.parent}`) ?? null) : null;
      await tx.updateTable('menu').set({ parent_id: parent }).where('menu_id', '=', ids.get(`${m.module}/${m.name}`) as number).execute();
    }
    const keep = [...ids.values()];
    const removed = await tx
      .deleteFrom('menu')
      .where('menu_id', 'not in', keep.length ? keep : [0])
      .executeTakeFirst();
    const moduleNames = modules.map((m) => m.name);
    await tx.deleteFrom('module').where('modulname', 'not in', moduleNames.length ? moduleNames : ['']).execute();
    return { modules: modules.length, menus: keep.length, removed: Number(removed.numDeletedRows) };
  });
}

/** The user's letters on each menu entry in the company. */
export async function loadGrants(db: DB, userId: number, compcode: string): Promise<MenuGrant[]> {
  const rows = await db
    .selectFrom('user_menu as p')
    .innerJoin('menu as m', 'm.menu_id', 'p.menu_id')
    .select(['m.modulname', 'm.name', 'm.route', 'p.permission'])
    .where('p.user_id', '=', userId)
    .where('p.compcode', '=', compcode)
    .execute();
  return rows.map((r) => ({ module: r.modulname as string, menu: r.name as string, route: r.route as string | null, letters: r.permission as string }));
}
