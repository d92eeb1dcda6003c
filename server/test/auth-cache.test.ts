/**
 * The per-process cache of auth rows (server/src/auth/cache.ts, decision 0132): a row is read
 * once and kept; every committed change of the auth tables empties it, in this process at once
 * (its own writes) and in every other server over the same PostgreSQL through NOTIFY from the
 * tables' triggers; nothing revoked is honoured after that.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { openDatabase, type Database } from '../../engine/src/db/database.ts';
import { createServices } from '../../server/src/boot.ts';
import { buildApp } from '../../server/src/app.ts';
import { AUTH_CHANNEL, authCacheOf } from '../../server/src/auth/cache.ts';
import type { AuthRow } from '../../server/src/auth/session.ts';
import { createUser, DEMO_PASSWORD, expectError, STARTUP_TIMEOUT } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const cacheOf = (d: Database) => authCacheOf<AuthRow>(d, t.services.config.authCacheMs);
/**
 * Waits until every notification committed so far has reached the cache's listener: one sent now
 * arrives after them (commit order), so once the listener has heard it none is still on its way.
 */
async function delivered(cache: ReturnType<typeof cacheOf>): Promise<void> {
  const marker = `test: delivered ${Date.now()} ${Math.random()}`;
  await sql`select pg_notify(${AUTH_CHANNEL}, ${marker})`.execute(t.services.database.db);
  for (let i = 0; i < 500 && cache.heard !== marker; i++) await new Promise((r) => setTimeout(r, 10));
  expect(cache.heard).toBe(marker);
}
const WAREHOUSES = '/api/data/store_warehouse?route=aircraft-logistic/store-warehouse&limit=10';

describe('auth row cache, one process', () => {
  it('keeps the row after the first request and drops it on this process\'s own committed write', async () => {
    const id = await createUser(t, { username: 'cache.one', companies: { GAT: { 'aircraft-logistic/store-warehouse': 'R' } } });
    const { token } = await t.signIn('cache.one', DEMO_PASSWORD);
    const cache = cacheOf(t.services.database);
    expect(cache.live).toBe(true);
    await delivered(cache);
    expect((await t.call('GET', WAREHOUSES, { token })).status).toBe(200);
    expect(cache.get(id)?.grants.map((g) => g.letters)).toEqual(['R']);
    // a change inside a transaction leaves the cache alone until it commits
    await t.services.database.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('user_menu').where('user_id', '=', id).execute();
      expect(cache.get(id)).toBeDefined();
    });
    // committed: gone before the next request, which reads the letters again and is refused
    expect(cache.get(id)).toBeUndefined();
    expectError(await t.call('GET', WAREHOUSES, { token }), 403);
    // a rolled-back change empties nothing. The NOTIFYs of the commits above reach this process's
    // listener some time after they committed (the cache was emptied at once): a notification
    // sent now reaches it after them (commit order), so once the listener has heard this one, no
    // earlier one is still on its way to empty the cache during the check.
    await delivered(cache);
    expect((await t.call('GET', '/api/users/me', { token })).status).toBe(200);
    const epoch = cache.epoch;
    await t.services.database.db
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('users').set({ active: false }).where('user_id', '=', id).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(cache.epoch).toBe(epoch);
    expect(cache.get(id)).toBeDefined();
    // deactivation in one statement (no transaction): refused on the very next request
    await t.services.database.db.updateTable('users').set({ active: false }).where('user_id', '=', id).execute();
    expectError(await t.call('GET', '/api/users/me', { token }), 403, 'ERR_USER_INACTIVE');
  });

  it('does not keep a row read while a change was committed', () => {
    const cache = cacheOf(t.services.database);
    const row = { user: {}, company: null, grants: [] } as unknown as AuthRow;
    const epoch = cache.epoch; // a request starts reading the row …
    cache.invalidate(); // … a change commits meanwhile …
    cache.set(999_001, row, epoch); // … the row it read may be the old one: not kept
    expect(cache.get(999_001)).toBeUndefined();
    cache.set(999_001, row, cache.epoch);
    expect(cache.get(999_001)).toBe(row);
    // the expiry backstop
    expect(cache.get(999_001, Date.now() + cache.ttlMs)).toBeUndefined();
  });

  it('installs a statement trigger on every auth table', async () => {
    const r = await sql<{ relname: string }>`select c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'aero_auth_changed' order by 1`.execute(t.services.database.db);
    expect(r.rows.map((x) => x.relname)).toEqual(['company', 'menu', 'module', 'role', 'role_menu', 'role_user', 'user_company', 'user_menu', 'users']);
  });
});

// Two processes exist only over PostgreSQL (the embedded database has one process): the suite
// defines these tests on the PostgreSQL run only, rather than reporting them skipped on PGlite.
(process.env.TEST_DB === 'postgres' ? describe : () => undefined)('auth row cache, two servers over one PostgreSQL', () => {
  // A second server with its own pool, cache and LISTEN connection: it sees the first one's
  // changes only as PostgreSQL's notifications, exactly as another process does.
  let other: { database: Database; app: FastifyInstance } | undefined;
  beforeAll(async () => {
    const database = await openDatabase({ url: t.url, poolSize: 4 });
    const services = await createServices(t.services.config, { database });
    const app = await buildApp(services);
    await app.ready();
    other = { database, app };
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
  });

  const onOther = async (url: string, token: string) => {
    const r = await other!.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: r.statusCode, body: r.json(), headers: r.headers };
  };
  /** Waits until the other server's cache was emptied by a notification (epoch moved past `from`). */
  const notified = async (from: number) => {
    const cache = cacheOf(other!.database);
    for (let i = 0; i < 500 && cache.epoch === from; i++) await new Promise((r) => setTimeout(r, 10));
    expect(cache.epoch).toBeGreaterThan(from);
  };

  it('refuses a signed-out token and a removed grant once the notification arrived', async () => {
    const id = await createUser(t, { username: 'cache.two', companies: { GAT: { 'aircraft-logistic/store-warehouse': 'R' } } });
    const cache = cacheOf(other!.database);
    // a removed grant
    const s1 = await t.signIn('cache.two', DEMO_PASSWORD);
    await delivered(cache); // the user's creation and sign-in no longer empty the cache meanwhile
    expect((await onOther(WAREHOUSES, s1.token)).status).toBe(200);
    expect(cache.get(id)?.grants.map((g) => `${g.route} ${g.letters}`)).toEqual(['store-warehouse R']);
    let epoch = cache.epoch;
    const menu = await t.services.database.db.selectFrom('menu').select('menu_id').where('route', '=', 'store-warehouse').executeTakeFirstOrThrow();
    await t.services.database.db.deleteFrom('user_menu').where('user_id', '=', id).where('menu_id', '=', menu.menu_id).execute();
    await notified(epoch);
    expectError(await onOther(WAREHOUSES, s1.token), 403);
    // a revoked token: sign-out on the first server raises the token generation
    const s2 = await t.signIn('cache.two', DEMO_PASSWORD);
    await delivered(cache);
    expect((await onOther('/api/users/me', s2.token)).status).toBe(200);
    expect(cache.get(id)).toBeDefined();
    epoch = cache.epoch;
    expect((await t.call('POST', '/api/auth/signout', { token: s2.token, body: { refresh_token: s2.refresh_token } })).status).toBe(200);
    await notified(epoch);
    expectError(await onOther('/api/users/me', s2.token), 401, 'ERR_TOKEN_EXPIRED');
  });
});
