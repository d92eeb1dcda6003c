/**
 * Spec §7 menus: the route access check used by the renderer's route guard, the user's menu tree
 * per module, and the admin's view and edit of a user's letters per menu entry.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import { normaliseLetters, routeLetters } from '../../../engine/src/access/ability.ts';
import { activeMenus, companyUserId, saveLetters, userLetters, type MenuRow } from '../../../engine/src/access/letters.ts';
import type { Services } from '../services.ts';
import { languageOf, localised } from '../../../engine/src/metadata/i18n.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import { authOf } from '../auth/request.ts';

function present(m: MenuRow, permission: string, reg?: Registry) {
  return {
    menu_id: m.menu_id,
    name: m.name,
    // the entry's title in the reader's language (decision 0144): the localised metadata's, else the synchronised row's
    title: (reg && reg.menus.find((x) => x.module === m.modulname && x.name === m.name)?.title) ?? m.title,
    icon: m.icon,
    url: m.url,
    level: m.level,
    parent_id: m.parent_id,
    badge: m.badge,
    permission,
  };
}

/**
 * What each letter allows on the entry's screen, for the admin's letter matrix: the generic uses of
 * the letter and the actions of the screens of the entry's entity that need it (their labels).
 */
function letterUses(reg: Registry, m: MenuRow): Record<string, string> {
  const screen = m.route ? reg.screen(m.modulname, m.route) : undefined;
  const uses: Record<string, string[]> = { C: ['create'], R: ['list and read'], U: ['save changes'], D: ['delete'], P: ['print'], O: ['export'] };
  if (screen && (screen.kind === 'list' || screen.kind === 'form')) {
    // letters hold on the entity: the actions of every list and form of the entry's entity
    for (const sc of reg.screensOfEntity(screen.entity)) {
      if (sc.kind !== 'list' && sc.kind !== 'form') continue;
      for (const a of sc.actions) if (!uses[a.letter].includes(a.label)) uses[a.letter].push(a.label);
    }
  }
  return Object.fromEntries(Object.entries(uses).map(([l, u]) => [l, u.join(', ')]));
}

/** What the route groups of menuRoutes share (made once per server): db, menusOf. */
function menuRoutesContext(s: Services) {
  const db = s.database.db;
  const menusOf = (modulname: string) => activeMenus(db, modulname);
  return { db, menusOf };
}

/** menuRoutes: GET /menus/access/:routeName, GET /menus/modul/:modulname, GET /menus/modul/:modulname/:username. */
function menuReadRoutes(app: FastifyInstance, s: Services, c: ReturnType<typeof menuRoutesContext>): void {
  const { db, menusOf } = c;
  app.get<{ Params: { routeName: string }; Querystring: { modul?: string } }>(
    '/menus/access/:routeName',
    { schema: { querystring: { type: 'object', properties: { modul: { type: 'string', maxLength: 60 } } } } },
    async (req) => {
      const a = authOf(req);
      const route = req.params.routeName;
      const modules = req.query.modul ? [req.query.modul] : [...s.reg.modules.keys()];
      const open = modules.some((m) => routeLetters(s.reg, a.ability, a.grants, m, route).includes('R'));
      return { success: open ? 1 : 0 };
    },
  );

  app.get<{ Params: { modulname: string } }>('/menus/modul/:modulname', async (req) => {
    const a = authOf(req);
    const all = await menusOf(req.params.modulname);
    const letters = new Map(a.grants.filter((g) => g.module === req.params.modulname).map((g) => [g.menu, normaliseLetters(g.letters)]));
    const byId = new Map(all.map((m) => [m.menu_id, m]));
    const visible = new Set<number>();
    for (const m of all) {
      if (!(letters.get(m.name) ?? '').includes('R') && !m.noaccesscheck) continue;
      // the entry and its ancestors (groups) are shown
      for (let cur: MenuRow | undefined = m; cur && !visible.has(cur.menu_id); cur = cur.parent_id ? byId.get(cur.parent_id) : undefined) {
        visible.add(cur.menu_id);
      }
    }
    const reg = localised(s.reg, languageOf(a.user));
    return all.filter((m) => visible.has(m.menu_id)).map((m) => present(m, letters.get(m.name) ?? (m.route ? '' : 'R'), reg));
  });

  app.get<{ Params: { modulname: string; username: string } }>('/menus/modul/:modulname/:username', async (req) => {
    const a = authOf(req);
    if (!a.ability.can('read', 'user_menu')) throw appError('ERR_FORBIDDEN');
    const target = await companyUserId(db, req.params.username, a.company.compcode);
    if (target === undefined) throw appError('ERR_NOT_FOUND', { message: 'The user was not found in this company.' });
    const letters = await userLetters(db, target, a.company.compcode);
    const reg = localised(s.reg, languageOf(a.user));
    return (await menusOf(req.params.modulname)).map((m) => ({ ...present(m, letters.get(m.menu_id) ?? '', reg), uses: letterUses(reg, m) }));
  });
}

/** menuRoutes: POST /menus. */
function menuSaveRoutes(app: FastifyInstance, s: Services, c: ReturnType<typeof menuRoutesContext>): void {
  const { db, menusOf } = c;
  app.post<{ Body: { username: string; modulname: string; compcode?: string; menus: { menu_id: number; permission: string }[] } }>(
    '/menus',
    {
      schema: {
        body: {
          type: 'object',
          required: ['username', 'modulname', 'menus'],
          additionalProperties: false,
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 50 },
            modulname: { type: 'string', minLength: 1, maxLength: 60 },
            compcode: { type: 'string', maxLength: 20 },
            menus: {
              type: 'array',
              maxItems: 1000,
              items: {
                type: 'object',
                required: ['menu_id', 'permission'],
                additionalProperties: false,
                properties: { menu_id: { type: 'integer', minimum: 1 }, permission: { type: 'string', pattern: '^[CRUDPOcrudpo]{0,6}$' } },
              },
            },
          },
        },
      },
    },
    async (req) => {
      const a = authOf(req);
      if (!a.ability.can('update', 'user_menu') && !a.ability.can('create', 'user_menu')) throw appError('ERR_FORBIDDEN');
      const compcode = req.body.compcode ?? a.company.compcode;
      if (compcode !== a.company.compcode) throw appError('ERR_COMPANY_FORBIDDEN');
      const userId = await companyUserId(db, req.body.username, compcode);
      if (userId === undefined) throw appError('ERR_NOT_FOUND', { message: 'The user was not found in this company.' });
      const moduleMenus = new Set((await menusOf(req.body.modulname)).map((m) => m.menu_id));
      for (const m of req.body.menus) {
        if (!moduleMenus.has(m.menu_id)) throw appError('ERR_VALIDATION', { errors: [{ path: '/menus', message: `menu ${m.menu_id} is not a menu of ${req.body.modulname}` }] });
      }
      await db.transaction().execute((tx) => saveLetters(tx, s.reg, a.ref, { userId, compcode, menus: req.body.menus, label: `${req.body.username}/${req.body.modulname}` }));
      return { success: 1, message: 'Menu permissions saved' };
    },
  );
}

export function menuRoutes(s: Services): FastifyPluginAsync {
  const c = menuRoutesContext(s);
  return async (app) => {
    menuReadRoutes(app, s, c);
    menuSaveRoutes(app, s, c);
  };
}
