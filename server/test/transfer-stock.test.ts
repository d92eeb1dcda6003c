/**
 * A transfer line takes what it ships from the stock held (issue 37 point 12, decision 0292): its
 * Stock Held lookup lists only the sending store's stock (choosing it, the form copies its item,
 * serial or batch, condition, certificate and expiry); a line written with the stock it ships gets
 * from the server what it leaves empty of these (the item and condition are required by the schema,
 * which the form's copy fills); a part held only as NE ships as NE and posts. No condition is made
 * up: a line without one is refused at its condition (before, SV was the default and posting failed
 * on stock held as NE). Stock of another store fills nothing.
 *
 * Worked by hand: S is GAT's first stock balance held as NE with a certificate and at least 1 on hand, in store A,
 * whose item is held in A in no other condition; B is another GAT store. A transfer A → B of 1 of S
 * written as { stock: S, item, condition NE, quantity: 1 } gets S's batch and certificate, and posts
 * out: S.quantity − 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { signed } from '../../test/helpers/signature.ts';
import { STARTUP_TIMEOUT, expectError, signedInAt } from './support.ts';

type Row = Record<string, any>;
let t: TestApp;
let token = '';
let S: Row;
let item: Row;
let otherStore: Row;
let otherStock: Row;
const db = () => t.services.database.db;

beforeAll(async () => {
  t = await startTestApp();
  token = (await signedInAt(t, 'storekeeper', 'GAT')).token;
  // stock held as NE only (for its item in its store), one not serialised so 1 of it can ship
  S = (await db()
    .selectFrom('stock_balance as b')
    .selectAll('b')
    .where('b.compcode', '=', 'GAT')
    .where('b.condition', '=', 'NE')
    .where('b.serial_number', '=', '')
    .where('b.quantity', '>=', 1)
    .where('b.arc_status', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('stock_balance as o').select('o.balancekey').whereRef('o.store', '=', 'b.store').whereRef('o.item', '=', 'b.item').where('o.condition', '<>', 'NE').where('o.quantity', '>', 0))),
    )
    .orderBy('b.balancekey')
    .executeTakeFirstOrThrow()) as Row;
  item = (await db().selectFrom('master_item').selectAll().where('item_id', '=', S.item).executeTakeFirstOrThrow()) as Row;
  otherStore = (await db().selectFrom('store_warehouse').selectAll().where('compcode', '=', 'GAT').where('store_id', '<>', S.store).orderBy('store_id').executeTakeFirstOrThrow()) as Row;
  // stock of another store with a certificate, so a fill from it would show
  otherStock = (await db().selectFrom('stock_balance').selectAll().where('compcode', '=', 'GAT').where('store', '<>', S.store).where('quantity', '>', 0).where('arc_status', 'is not', null).orderBy('balancekey').executeTakeFirstOrThrow()) as Row;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const header = () => ({ transferdate: '2026-11-20', from_store: S.store, to_store: otherStore.store_id, reason: 'REPL' });

describe('a transfer line from the stock held', () => {
  it('the Stock Held lookup lists only the sending store’s stock', async () => {
    const r = await t.call('GET', `/api/data/stock_transfer/lookup/stock?m.store=${S.store}&limit=100`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const keys = (r.body.list as Row[]).map((x) => Number(x.key));
    expect(keys).toContain(Number(S.balancekey));
    expect(keys).not.toContain(Number(otherStock.balancekey));
    const held = await db().selectFrom('stock_balance').select(sql<number>`count(*)`.as('n')).where('store', '=', S.store).executeTakeFirstOrThrow();
    expect([r.body.meta.total, keys.length]).toEqual([Number(held.n), Math.min(100, Number(held.n))]);
  });

  it('a line written with its stock gets the item, condition NE and the unit, and posts out', async () => {
    const made = await t.call('POST', '/api/data/stock_transfer', { token, body: { ...header(), lines: [{ stock: S.balancekey, item: S.item, condition: 'NE', quantity: 1 }] } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const line = made.body.data.lines[0];
    expect(S.arc_status).not.toBeNull();
    expect([line.item, line.condition, line.batch_number ?? '', line.certificate_type ?? null, line.certificate_no ?? null, line.unit]).toEqual([S.item, 'NE', S.batch_number ?? '', S.arc_status ?? null, S.certificate_no || null, item.unit]);
    const post = await t.call('POST', '/api/data/stock_transfer/action/post_transfer_out', { token, body: signed(t, 'stock_transfer', 'post_transfer_out', { key: made.body.data.transferkey }) });
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    const after = await db().selectFrom('stock_balance').select('quantity').where('balancekey', '=', S.balancekey).executeTakeFirstOrThrow();
    expect(Number(after.quantity)).toBe(Number(S.quantity) - 1);
  });

  it('a line without a condition is refused at its condition, not shipped as SV', async () => {
    const bare = await t.call('POST', '/api/data/stock_transfer', { token, body: { ...header(), lines: [{ item: S.item, quantity: 1 }] } });
    expectError(bare, 400, 'ERR_VALIDATION');
    expect(JSON.stringify(bare.body.errors)).toContain('/lines/0/condition');
  });

  it('stock of another store fills nothing', async () => {
    const r = await t.call('POST', '/api/data/stock_transfer', { token, body: { ...header(), lines: [{ stock: otherStock.balancekey, item: otherStock.item, condition: otherStock.condition, quantity: 1 }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const line = r.body.data.lines[0];
    expect(otherStock.arc_status).not.toBeNull();
    expect([line.certificate_type ?? null, line.certificate_no ?? null, line.expiry_date ?? null]).toEqual([null, null, null]);
  });
});
