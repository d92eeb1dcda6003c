/**
 * Shared helpers of the HTTP suite (server/test/*.test.ts): users made for one test, distinct
 * client addresses for sign-in failures, error-shape checks and list paging.
 *
 *   const id = await createUser(t, { username: 'sk.switch', companies: { GAT: 'storekeeper', CTA: 'viewer' } });
 *   const r = await t.call('POST', '/api/auth/signin', { body, headers: clientIp() });
 *   expectError(r, 401, 'ERR_BAD_CREDENTIALS');
 */
import { expect } from 'vitest';
import { sql } from 'kysely';
import type { CallResult, TestApp } from '../../test/helpers/app.ts';
import { hashPassword } from '../../engine/src/auth/passwords.ts';
import { DEMO_PASSWORD, ROLES } from '../src/seed/demo.ts';
import { loose } from '../../engine/src/db/loose.ts';

export { DEMO_PASSWORD, ROLES };

/**
 * startTestApp migrates and seeds the whole demo (seconds on an idle machine); allow for a loaded
 * one, where other suites and browsers run at the same time.
 */
export const STARTUP_TIMEOUT = 300_000;
/** For the tests that walk every screen of the metadata. */
export const WALK_TIMEOUT = 240_000;

let ipCounter = 0;

/**
 * A client address of its own (the server trusts X-Forwarded-For). Sign-in failures are counted per
 * username and per client address, so every call that fails on purpose uses a fresh address and
 * the harness's own sign-ins (from 127.0.0.1) are never throttled.
 */
export function clientIp(): Record<string, string> {
  ipCounter++;
  return { 'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}` };
}

const hashes = new Map<string, Promise<string>>();
const hashOf = (pw: string) => {
  let h = hashes.get(pw);
  if (!h) hashes.set(pw, (h = hashPassword(pw)));
  return h;
};

export interface NewUser {
  username: string;
  password?: string;
  full_name?: string;
  jabatan?: string;
  /**
   * compcode → a role of ROLES (letters per module on every menu entry of the module), or explicit
   * letters per menu entry: { 'aircraft-logistic/store-warehouse': 'R' }.
   */
  companies: Record<string, string | Record<string, string>>;
  /** the active company at sign-in; default: the first of `companies` */
  last?: string;
  mustchangepw?: boolean;
  usergroup?: 'admin' | 'user';
}

/** A user signed in and working in `compcode` (the active company switched as the profile does); returns the sign-in's answer. */
export async function signedInAt(t: TestApp, username: string, compcode: string, password = DEMO_PASSWORD): Promise<Awaited<ReturnType<TestApp['signIn']>>> {
  const s = await t.signIn(username, password);
  const r = await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return s;
}

/** The demo admin signed in and working in `compcode`; returns the token. */
export async function adminIn(t: TestApp, compcode: string): Promise<string> {
  return (await signedInAt(t, 'admin', compcode, 'admin123')).token;
}

/** Inserts a user straight into the database, with the letters of the given roles; returns user_id. */
export async function createUser(t: TestApp, u: NewUser): Promise<number> {
  const db = t.services.database.db;
  const hash = await hashOf(u.password ?? DEMO_PASSWORD);
  const menus = await db.selectFrom('menu').select(['menu_id', 'modulname', 'name']).execute();
  const { user_id } = await db
    .insertInto('users')
    .values({
      username: u.username,
      full_name: u.full_name ?? `Test ${u.username}`,
      jabatan: u.jabatan ?? 'Tester',
      usergroup: u.usergroup ?? 'user',
      active: true,
      password_hash: hash,
      mustchangepw: u.mustchangepw ?? false,
      last_compcode: u.last ?? Object.keys(u.companies)[0],
      created_by: 'test',
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  for (const [compcode, role] of Object.entries(u.companies)) {
    await db.insertInto('user_company').values({ compcode, user_id, created_by: 'test' }).execute();
    const lettersOf =
      typeof role === 'string'
        ? (m: (typeof menus)[number]) => {
            if (!ROLES[role]) throw new Error(`unknown role ${role}`);
            return ROLES[role][`${m.modulname}/${m.name}`] ?? ROLES[role][m.modulname as string];
          }
        : (m: (typeof menus)[number]) => role[`${m.modulname}/${m.name}`];
    const rows = menus
      .filter((m) => lettersOf(m))
      .map((m) => ({ compcode, user_id, menu_id: m.menu_id, permission: lettersOf(m), created_by: 'test' }));
    if (rows.length) await db.insertInto('user_menu').values(rows).execute();
  }
  return user_id as number;
}

export async function userId(t: TestApp, username: string): Promise<number> {
  const r = await t.services.database.db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirstOrThrow();
  return r.user_id as number;
}

export async function countRows(t: TestApp, table: string, where?: [string, unknown]): Promise<number> {
  let q = loose(t.services.database.db).selectFrom(table).select(sql<number>`count(*)`.as('n'));
  if (where) q = q.where(where[0], '=', where[1]);
  const r = await q.executeTakeFirst();
  return Number(r?.n ?? 0);
}

const ERROR_KEYS = ['message', 'code', 'statusCode', 'errors'];

/**
 * Asserts an error response: the status, the catalogue code, and the error shape of docs/api.md
 * (only message, code, statusCode and, for validation, errors; never SQL text).
 */
/** The answer's body, after checking its status (200 unless given); the body is in the failure message. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function expectOk(r: CallResult, status = 200): any {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}

/** The first row of a SQL query on the test app's database (tests read what the server wrote). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function sqlOne(t: TestApp, q: string): Promise<Record<string, any>> {
  return (await sql.raw<Record<string, unknown>>(q).execute(t.services.database.db)).rows[0] as Record<string, any>;
}

/** Every row of a SQL query on the test app's database. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function sqlAll(t: TestApp, q: string): Promise<Record<string, any>[]> {
  return (await sql.raw<Record<string, unknown>>(q).execute(t.services.database.db)).rows as Record<string, any>[];
}

export function expectError(r: CallResult, status: number, code?: string, message?: string): void {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(typeof r.body).toBe('object');
  for (const k of Object.keys(r.body)) expect(ERROR_KEYS).toContain(k);
  expect(r.body.statusCode).toBe(status);
  expect(typeof r.body.message).toBe('string');
  if (code) expect(r.body.code).toBe(code);
  if (message !== undefined) expect(r.body.message).toBe(message);
  expect(JSON.stringify(r.body)).not.toMatch(/\b(select|insert into|update \w+ set|delete from)\b/i);
}

/** Every row of a generic list, paging through it (limit 100). */
export async function listAll(t: TestApp, token: string, entity: string, route?: string): Promise<{ status: number; rows: Record<string, unknown>[]; total: number }> {
  const rows: Record<string, unknown>[] = [];
  let total = 0;
  for (let page = 1; page < 100; page++) {
    const qs = new URLSearchParams({ page: String(page), limit: '100', ...(route ? { route } : {}) });
    const r = await t.call('GET', `/api/data/${entity}?${qs}`, { token });
    if (r.status !== 200) return { status: r.status, rows, total };
    total = r.body.meta.total;
    rows.push(...r.body.list);
    if (rows.length >= total || r.body.list.length === 0) break;
  }
  return { status: 200, rows, total };
}

/** The keys of an entity's rows of one company, straight from the database. */
export async function keysOfCompany(t: TestApp, entity: string, compcode: string): Promise<Set<string>> {
  const e = t.services.reg.entity(entity);
  const db = t.services.database.db;
  if (e.companyVia) {
    const via = t.services.reg.entity(e.companyVia.entity);
    const rows = await loose(db).selectFrom(via.table).select(e.companyVia.field).where('compcode', '=', compcode).execute();
    return new Set(rows.map((r) => String(r[e.companyVia!.field])));
  }
  const rows = await loose(db).selectFrom(e.table).select(e.key).where('compcode' === e.key ? e.key : 'compcode', '=', compcode).execute();
  return new Set(rows.map((r) => String(r[e.key])));
}

/**
 * The entities a role of ROLES may read: those shown by a screen that a menu entry of a module
 * where the role holds R opens (with their child-line entities).
 */
export function readableEntities(t: TestApp, role: string): Set<string> {
  const reg = t.services.reg;
  const out = new Set<string>();
  for (const [key, letters] of Object.entries(ROLES[role])) {
    if (!letters.includes('R')) continue;
    // a key names a module (every entry) or one entry (module/entry-name)
    const [module, entry] = key.split('/');
    for (const m of reg.menusOf(module).filter((x) => entry === undefined || x.name === entry)) {
      const screen = m.route ? reg.screen(module, m.route) : undefined;
      if (!screen || screen.kind === 'home') continue;
      out.add(screen.entity);
      for (const c of reg.entity(screen.entity).children) out.add(c.entity);
    }
  }
  return out;
}

/**
 * The body of a PUT of a stored row as its form saves it: every field a user types, as read, the
 * lines with their keys and typed fields, then `changes` (header fields, or a line collection by
 * its child name).
 */
export function formBody(t: TestApp, entity: string, row: Record<string, any>, changes: Record<string, unknown> = {}): Record<string, unknown> {
  const e = t.services.reg.entity(entity);
  const body: Record<string, unknown> = { version: row.version };
  for (const f of e.fields) if (!f.readOnly && !f.hidden && f.name !== e.numbering?.field && row[f.name] !== undefined) body[f.name] = row[f.name];
  for (const c of e.children) {
    const child = t.services.reg.entity(c.entity);
    const typed = new Set([child.key, ...child.fields.filter((f) => !f.readOnly && !f.hidden && f.name !== c.foreignKey).map((f) => f.name)]);
    const lines = (changes[c.name] ?? row[c.name]) as Record<string, unknown>[] | undefined;
    if (lines) body[c.name] = lines.map((l) => Object.fromEntries(Object.entries(l).filter(([k]) => typed.has(k))));
  }
  const header = Object.fromEntries(Object.entries(changes).filter(([k]) => !e.children.some((c) => c.name === k)));
  return { ...body, ...header };
}
