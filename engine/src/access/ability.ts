/**
 * Access: one CASL ability per request, built from the user's per-menu permission letters in the
 * active company. A menu entry opens a route; the route's screen shows an entity; so a letter on a
 * menu entry grants the matching action on that route and on that entity, limited to the company.
 *
 *   C create · R read · U update · D delete · P print · O other (export, send to workflow,
 *   plugin actions marked O). See docs/decisions/0004-permission-letters.md.
 *
 *   const ability = buildAbility(registry, { compcode: 'GAH', grants });
 *   ability.can('read', 'store_warehouse')            // type-level
 *   ability.can('read', routeSubject('aircraft-logistic', 'store-warehouse'))
 */
import { createMongoAbility, type MongoAbility, type RawRuleOf, type Subject } from '@casl/ability';
import type { Registry } from '../metadata/registry.ts';

export type Letter = 'C' | 'R' | 'U' | 'D' | 'P' | 'O';
export type Action = 'create' | 'read' | 'update' | 'delete' | 'print' | 'other';
export const LETTERS: readonly Letter[] = ['C', 'R', 'U', 'D', 'P', 'O'];
export const LETTER_ACTION: Record<Letter, Action> = {
  C: 'create',
  R: 'read',
  U: 'update',
  D: 'delete',
  P: 'print',
  O: 'other',
};

export type AppAbility = MongoAbility<[Action, Subject]>;

/** One menu entry the user holds letters on, in the active company. */
export interface MenuGrant {
  module: string;
  menu: string;
  route?: string | null;
  letters: string;
}

export interface AccessInput {
  compcode: string;
  grants: MenuGrant[];
  /** The signed-in user: rows of entities with `participants` are limited to the ones they take part in. */
  user_id?: number;
}

/** The virtual field of a participant condition (compiled to EXISTS by access/compile.ts). */
export const PARTICIPANT = '__participant';

export const routeSubject = (module: string, route: string): string => `route:${module}/${route}`;

/** Normalises a permission string: only C R U D P O, each once, in that order. */
export function normaliseLetters(s: string): string {
  const up = s.toUpperCase();
  return LETTERS.filter((l) => up.includes(l)).join('');
}

export function buildAbility(reg: Registry, input: AccessInput): AppAbility {
  const rules: RawRuleOf<AppAbility>[] = [];
  const granted = new Map<string, Set<Action>>();
  const add = (subject: string, action: Action) => {
    let s = granted.get(subject);
    if (!s) granted.set(subject, (s = new Set()));
    s.add(action);
  };
  for (const g of input.grants) {
    const letters = normaliseLetters(g.letters) as string;
    if (!g.route || letters.length === 0) continue;
    const actions = [...letters].map((l) => LETTER_ACTION[l as Letter]);
    for (const a of actions) add(routeSubject(g.module, g.route), a);
    const screen = reg.screen(g.module, g.route);
    if (!screen || screen.kind === 'home') continue;
    for (const a of actions) add(screen.entity, a);
    // A form screen reached from a list carries the list's letters too (and the reverse).
    const entity = reg.entities.get(screen.entity);
    for (const child of entity?.children ?? []) for (const a of actions) add(child.entity, a);
  }
  for (const [subject, actions] of granted) {
    const entity = reg.entities.get(subject);
    const scoped = entity && (entity.companyScoped || entity.companyVia);
    const conditions: Record<string, unknown> = scoped ? { compcode: input.compcode } : {};
    // Participant entities (workflow tasks): only the rows the user takes part in, unless the
    // user holds the `unless` letter (a delegate reads every task of the company).
    const p = entity?.participants;
    if (p && !(p.unless && granted.get(p.unless.entity)?.has(LETTER_ACTION[p.unless.letter as Letter]))) conditions[PARTICIPANT] = input.user_id ?? 0;
    rules.push({ action: [...actions], subject, ...(Object.keys(conditions).length ? { conditions } : {}) });
  }
  return createMongoAbility<AppAbility>(rules);
}

/** Whether an ability limits some entity to the rows its user takes part in (so it depends on the user). */
function perUser(a: AppAbility): boolean {
  return a.rules.some((r) => r.conditions && PARTICIPANT in (r.conditions as Record<string, unknown>));
}

const shared = new WeakMap<Registry, Map<string, AppAbility>>();
const SHARED_MAX = 1000;

/**
 * buildAbility, shared by every request with the same company and the same letters: the grants
 * are still read fresh on every request, only the compiled rules are reused (a user's changed
 * letters make a different key). The ability returned must not be changed (`update`); build
 * one with buildAbility for that.
 */
export function sharedAbility(reg: Registry, input: AccessInput): AppAbility {
  let byKey = shared.get(reg);
  if (!byKey) shared.set(reg, (byKey = new Map()));
  const key = `${input.compcode}\u0000${input.grants
    .map((g) => `${g.module}\u0001${g.route ?? ''}\u0001${g.letters}`)
    .sort()
    .join('\u0000')}`;
  const remember = (k: string, build: () => AppAbility): AppAbility => {
    let a = byKey.get(k);
    if (!a) {
      a = build();
      if (byKey.size >= SHARED_MAX) byKey.delete(byKey.keys().next().value as string);
      byKey.set(k, a);
    }
    return a;
  };
  // Shared by every user with these letters, unless it limits rows to their participants.
  const common = remember(key, () => buildAbility(reg, { ...input, user_id: undefined }));
  return perUser(common) ? remember(`${key}\u0000${input.user_id ?? 0}`, () => buildAbility(reg, input)) : common;
}

/**
 * The rights an action gives the documents it makes for the user (a work order's material request
 * and reservation, raised by Request Parts under the work order's letter O): these actions on
 * these entities, in the user's company only. The action's own letter was checked by the runner;
 * the documents it writes follow from it, whatever the user's letters on their screens.
 */
export function delegatedAbility(compcode: string, subjects: string[], actions: Action[]): AppAbility {
  return createMongoAbility<AppAbility>([{ action: actions, subject: subjects, conditions: { compcode } }]);
}

/** The letters the ability grants on a subject (an entity name or a routeSubject). */
export function lettersOf(ability: AppAbility, subject: string): string {
  return LETTERS.filter((l) => ability.can(LETTER_ACTION[l], subject)).join('');
}

/**
 * The letters a user holds on a route of a module: those of its menu entry; for a route without a
 * menu entry of its own (a form opened from a list), those on the entity the screen shows; for a
 * module home, R when the user may read some entry of the module; for an entry marked
 * noAccessCheck, R for anyone signed in.
 */
export function routeLetters(reg: Registry, ability: AppAbility, grants: MenuGrant[], module: string, route: string): string {
  const screen = reg.screen(module, route);
  const menus = reg.menus.filter((m) => m.module === module && m.route === route);
  if (menus.some((m) => m.noAccessCheck)) return lettersOf(ability, routeSubject(module, route)) || 'R';
  if (screen?.kind === 'home') return grants.some((g) => g.module === module && normaliseLetters(g.letters).includes('R')) ? 'R' : '';
  if (menus.length > 0) return lettersOf(ability, routeSubject(module, route));
  if (screen) return lettersOf(ability, screen.entity);
  return '';
}
