/**
 * Modules and menu entries live in metadata; they are synchronised into the `module` and `menu`
 * tables at start so that permission rows (user_menu) can reference them. Grants are read from
 * there per request. An entry renamed or removed in metadata is deactivated, never deleted: the
 * letters granted on it are kept (an administrator's work) and count for nothing while inactive.
 *
 *   await syncMenus(db, registry);
 *   const grants = await loadGrants(db, userId, 'GAH');
 *   await assertGrantable(tx, reg, { granter: 7, compcode: 'GAT', changes: [{ menu_id: 12, before: 'R', after: 'CRU' }] });
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import type { Registry } from '../metadata/registry.ts';
import { normaliseLetters, type MenuGrant } from './ability.ts';
import { appError } from '../errors.ts';

const SYNC_LOCK = 727_002;

export async function syncMenus(db: DB, reg: Registry): Promise<{ modules: number; menus: number; deactivated: number }> {
  // a start on a database already in step (every restart, the demo snapshot) writes nothing: two
  // reads instead of ~400 statements, each of which would also empty every process's auth cache
  const unchanged = await inStep(db, reg);
  if (unchanged) return unchanged;
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${SYNC_LOCK})`.execute(tx);
    const modules = [...reg.modules.values()].filter((m) => !m.shell);
    for (const m of modules) {
      const values = { title: m.title, info: m.info ?? null, url: m.url, statichtml: m.statichtml, icon: m.icon ?? null, seq: m.order, active: true };
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
        holdingonly: m.holdingOnly ?? false,
        active: true,
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
    const gone = await tx
      .updateTable('menu')
      .set({ active: false })
      .where('menu_id', 'not in', keep.length ? keep : [0])
      .where('active', '=', true)
      .executeTakeFirst();
    const moduleNames = modules.map((m) => m.name);
    await tx.updateTable('module').set({ active: false }).where('modulname', 'not in', moduleNames.length ? moduleNames : ['']).where('active', '=', true).execute();
    return { modules: modules.length, menus: keep.length, deactivated: Number(gone.numUpdatedRows) };
  });
}

/** The user's letters on each menu entry in the company. */
export async function loadGrants(db: DB, userId: number, compcode: string): Promise<MenuGrant[]> {
  const rows = await effectiveGrants(db, userId, compcode).select(['m.modulname', 'm.name', 'm.route', 'p.permission']).execute();
  return rows.map((r) => ({ module: r.modulname as string, menu: r.name as string, route: r.route as string | null, letters: r.permission as string }));
}

/**
 * The user's letters that count in a company: on active entries only, and on holding-only entries
 * only in a holding company (the auth statement, server/src/auth/session.ts, applies the same).
 */
export function effectiveGrants(db: DB, userId: number, compcode: string) {
  return db
    .selectFrom('user_menu as p')
    .innerJoin('menu as m', 'm.menu_id', 'p.menu_id')
    .innerJoin('company as gc', 'gc.compcode', 'p.compcode')
    .where('p.user_id', '=', userId)
    .where('p.compcode', '=', compcode)
    .where('m.active', '=', true)
    .where((eb) => eb.or([eb('m.holdingonly', 'is not', true), eb('gc.isholding', '=', true)]));
}

export interface GrantChange {
  menu_id: number;
  /** The letters the user holds on the entry now ('' for none) and the letters wanted. */
  before: string;
  after: string;
}

/** Menu entries (module/route) whose screen shows the entity or has it as a line entity. */
export function routesShowing(reg: Registry, entity: string): string[] {
  const out: string[] = [];
  for (const m of reg.menus) {
    if (!m.route) continue;
    const screen = reg.screen(m.module, m.route);
    if (!screen || screen.kind === 'home') continue;
    if (screen.entity === entity || reg.entities.get(screen.entity)?.children.some((c) => c.entity === entity)) out.push(`${m.module}/${m.route}`);
  }
  return out;
}

/**
 * Letters an administrator may hand out in a company: only on active entries, holding-only entries
 * only in a holding company, and only letters the administrator holds there on the same entry,
 * unless the administrator edits letters (U on Menu Access) in the holding of the company's group
 * (the group's administrators hand out new entries). Removing letters is always allowed. Every
 * path that writes letters (Menu Access, the generic user_menu calls, roles) calls this; 403
 * ERR_FORBIDDEN names the first refused entry.
 */
export async function assertGrantable(tx: DB, reg: Registry, opts: { granter: number; compcode: string; changes: GrantChange[] }): Promise<void> {
  const adding = opts.changes
    .map((c) => ({ ...c, added: [...normaliseLetters(c.after)].filter((l) => !normaliseLetters(c.before).includes(l)).join('') }))
    .filter((c) => c.added);
  if (adding.length === 0) return;
  const company = await tx.selectFrom('company').select(['isholding', 'holding']).where('compcode', '=', opts.compcode).executeTakeFirst();
  const menus = new Map(
    (await tx.selectFrom('menu').select(['menu_id', 'title', 'holdingonly', 'active']).where('menu_id', 'in', adding.map((c) => c.menu_id)).execute()).map((m) => [Number(m.menu_id), m]),
  );
  const own = new Map(
    (await effectiveGrants(tx, opts.granter, opts.compcode).select(['p.menu_id', 'p.permission']).execute()).map((r) => [Number(r.menu_id), String(r.permission)]),
  );
  let groupAdmin: boolean | undefined;
  for (const c of adding) {
    const m = menus.get(c.menu_id);
    if (!m || !m.active) throw appError('ERR_VALIDATION', { errors: [{ path: '/menu_id', message: `menu ${c.menu_id} is not an active menu entry` }] });
    if (m.holdingonly && !company?.isholding) throw holdingOnly(m.title);
    const missing = [...c.added].filter((l) => !(own.get(c.menu_id) ?? '').includes(l));
    if (missing.length === 0) continue;
    groupAdmin ??= await isGroupAdmin(tx, reg, opts.granter, company?.holding as string | null | undefined);
    if (!groupAdmin) throw appError('ERR_FORBIDDEN', { message: `You cannot grant letters you do not hold yourself (${missing.join('')} on ${String(m.title)}).` });
  }
}

const holdingOnly = (title: unknown) => appError('ERR_FORBIDDEN', { message: `${String(title)} is kept for the holding company's administrators.` });

/**
 * Letters on holding-only entries are written only in a holding company, whoever writes them
 * (403 naming the entry): a role of a subsidiary carrying them would be stored and never count.
 */
export async function assertHoldingOnlyAllowed(tx: DB, compcode: string, menuIds: number[]): Promise<void> {
  if (menuIds.length === 0) return;
  const refused = await tx
    .selectFrom('menu as m')
    .select('m.title')
    .where('m.menu_id', 'in', menuIds)
    .where('m.holdingonly', '=', true)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('company as c').select('c.compcode').where('c.compcode', '=', compcode).where('c.isholding', '=', true))))
    .orderBy('m.menu_id')
    .executeTakeFirst();
  if (refused) throw holdingOnly(refused.title);
}

/**
 * The user administers the group of `holding`, a holding company: U there on a screen of `entity`
 * (letters: user_menu, the default; users: Manage User).
 */
export async function isGroupAdmin(tx: DB, reg: Registry, userId: number, holding: string | null | undefined, entity = 'user_menu'): Promise<boolean> {
  if (!holding) return false;
  const routes = routesShowing(reg, entity);
  if (routes.length === 0) return false;
  const row = await effectiveGrants(tx, userId, holding)
    .select('p.menu_id')
    .where('gc.isholding', '=', true)
    .where('p.permission', 'like', '%U%')
    .where(sql<string>`m.modulname || '/' || m.route`, 'in', routes)
    .executeTakeFirst();
  return Boolean(row);
}

/** The modules' cards as stored (seq, then name order). */
export async function moduleCards(db: DB) {
  return db.selectFrom('module').select(['modulname', 'title', 'info', 'url', 'statichtml', 'icon']).orderBy('seq').orderBy('modulname').execute();
}

/** The users holding some letter on a menu entry of `module` in the company (Manage User's module filter). */
export async function usersWithLettersIn(db: DB, compcode: string, module: string): Promise<number[]> {
  const rows = await db.selectFrom('user_menu as p').innerJoin('menu as m', 'm.menu_id', 'p.menu_id').select('p.user_id').distinct().where('p.compcode', '=', compcode).where('m.modulname', '=', module).execute();
  return rows.map((r) => Number(r.user_id));
}

/** The companies of a group: the holding and its subsidiaries (`holding` names it). */
export async function groupCompanies(db: DB, holding: string): Promise<string[]> {
  const rows = await db.selectFrom('company').select('compcode').where((eb) => eb.or([eb('holding', '=', holding), eb('compcode', '=', holding)])).execute();
  return rows.map((r) => String(r.compcode));
}

/** The counts of a sync when the tables already hold exactly what metadata says; undefined otherwise. */
async function inStep(db: DB, reg: Registry): Promise<{ modules: number; menus: number; deactivated: number } | undefined> {
  const modules = [...reg.modules.values()].filter((m) => !m.shell);
  const haveModules = await db.selectFrom('module').select(['modulname', 'title', 'info', 'url', 'statichtml', 'icon', 'seq', 'active']).execute();
  const activeModules = haveModules.filter((m) => m.active);
  if (activeModules.length !== modules.length) return undefined;
  for (const m of modules) {
    const r = activeModules.find((x) => x.modulname === m.name);
    if (!r || r.title !== m.title || (r.info ?? null) !== (m.info ?? null) || r.url !== m.url || r.statichtml !== m.statichtml || (r.icon ?? null) !== (m.icon ?? null) || Number(r.seq) !== m.order) return undefined;
  }
  const haveMenus = await db
    .selectFrom('menu as m')
    .leftJoin('menu as p', 'p.menu_id', 'm.parent_id')
    .select(['m.modulname', 'm.name', 'm.title', 'm.icon', 'm.url', 'm.route', 'm.level', 'm.badge', 'm.seq', 'm.noaccesscheck', 'm.holdingonly', 'm.active', 'p.name as parent', 'p.modulname as parent_module'])
    .execute();
  const activeMenus = haveMenus.filter((m) => m.active);
  if (activeMenus.length !== reg.menus.length) return undefined;
  const byKey = new Map(activeMenus.map((m) => [`${String(m.modulname)}/${String(m.name)}`, m]));
  for (const m of reg.menus) {
    const r = byKey.get(`${m.module}/${m.name}`);
    const same =
      r &&
      r.title === m.title &&
      (r.icon ?? null) === (m.icon ?? null) &&
      (r.url ?? null) === (m.url || null) &&
      (r.route ?? null) === (m.route ?? null) &&
      Number(r.level) === m.level &&
      (r.badge ?? null) === (m.badge ?? null) &&
      Number(r.seq) === m.order &&
      Boolean(r.noaccesscheck) === (m.noAccessCheck ?? false) &&
      Boolean(r.holdingonly) === (m.holdingOnly ?? false) &&
      (r.parent ?? null) === (m.parent ?? null) &&
      (m.parent ? r.parent_module === m.module : true);
    if (!same) return undefined;
  }
  return { modules: modules.length, menus: reg.menus.length, deactivated: 0 };
}
