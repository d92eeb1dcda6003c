/**
 * Outbound webhooks (issue 41 point 1, decisions 0331-0334) against a receiver inside the test (a
 * node:http server on 127.0.0.1): each event arrives once with a valid Standard Webhooks
 * signature (checked here with node:crypto, independently of the server's code); a receiver that
 * fails three times gets the event after it recovers; one that keeps failing lands in the dead
 * letters and a replay delivers it; a subscription only sees what its owner may read; the outbox
 * depth and the failures are on /metrics; two server processes over one PostgreSQL never deliver
 * one event twice. The worker is driven round by round (`app.webhooks.runOnce()`), retry delays are
 * tens of milliseconds (WEBHOOK_RETRY_BASE_MS), so nothing waits long.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { adminIn, createUser, DEMO_PASSWORD, expectError, expectOk, sqlAll, sqlOne, STARTUP_TIMEOUT } from './support.ts';
import { createServices } from '../src/boot.ts';
import { buildApp } from '../src/app.ts';
import { inTransaction } from '../../engine/src/crud/repository.ts';
import { enqueueEvents, retryDelayMs } from '../../engine/src/webhooks/outbox.ts';

const METRICS = 'metrics-token-webhooks';
const CONFIG = { webhookPollMs: 0, webhookRetryBaseMs: 20, webhookRetryMaxMs: 80, webhookMaxAttempts: 5, webhookTimeoutMs: 3000, metricsToken: METRICS };

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/** A webhook receiver: answers `failures` requests with 500 (Infinity: every one), then 204. */
class Receiver {
  readonly got: Received[] = [];
  failures = 0;
  delayMs = 0;
  inFlight = new Map<string, number>();
  overlaps = 0;
  #server: Server;
  url = '';
  constructor() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        const n = (this.inFlight.get(id) ?? 0) + 1;
        if (n > 1) this.overlaps++;
        this.inFlight.set(id, n);
        const status = this.failures > 0 ? 500 : 204;
        if (this.failures > 0) this.failures--;
        this.got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
        setTimeout(() => {
          this.inFlight.set(id, (this.inFlight.get(id) ?? 1) - 1);
          res.writeHead(status).end();
        }, this.delayMs);
      });
    });
  }
  async start(): Promise<void> {
    await new Promise<void>((r) => this.#server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hook`;
  }
  accepted(): Received[] {
    return this.got.filter((g) => g.status === 204);
  }
  close(): Promise<void> {
    return new Promise((r) => this.#server.close(() => r()));
  }
}

/** Standard Webhooks verification as a receiver does it: key = base64 after whsec_, HMAC over id.timestamp.body. */
function validSignature(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id']);
  const ts = String(r.headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${r.body}`).digest();
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((s) => {
      const [v, sig] = s.split(',');
      const given = Buffer.from(sig ?? '', 'base64');
      return v === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the worker's rounds until `done` holds (retries wait their backoff of a few tens of ms). */
async function until(app: FastifyInstance, done: () => Promise<boolean> | boolean, rounds = 60): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await app.webhooks.runOnce();
    if (await done()) return;
    await sleep(30);
  }
  throw new Error('the deliveries did not reach the expected state');
}

let t: TestApp;
let token: string;
let receiver: Receiver;
beforeAll(async () => {
  t = await startTestApp({ config: CONFIG });
  token = await adminIn(t, 'GAT');
  receiver = new Receiver();
  await receiver.start();
}, STARTUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

/** A subscription of the admin in GAT with its secret made; returns its key and the secret. */
async function subscribe(body: Record<string, unknown>, tok = token): Promise<{ id: number; secret: string }> {
  const created = expectOk(await t.call('POST', '/api/data/webhook_subscription', { token: tok, body: { name: 'Flight ops', url: receiver.url, active: true, ...body } })).data;
  const id = Number(created.subscription_id);
  const secret = expectOk(await t.call('POST', '/api/data/webhook_subscription/action/new_webhook_secret', { token: tok, body: { key: id } })).secret as string;
  return { id, secret };
}

async function deactivateAll(): Promise<void> {
  await sqlOne(t, `update webhook_subscription set active = false returning 1`);
  // what an earlier test left undelivered is not this one's
  await sqlOne(t, `update webhook_delivery set status = 'SKIPPED' where status in ('PENDING', 'SENDING', 'RETRY') returning 1`);
}
beforeEach(async () => {
  if (!t) return;
  await deactivateAll();
  receiver.got.length = 0;
  receiver.failures = 0;
});

let store = 0;
async function newStore(tok = token): Promise<Record<string, unknown>> {
  store++;
  return expectOk(await t.call('POST', '/api/data/store_warehouse', { token: tok, body: { store_code: `WH-HOOK-${store}`, store_name: `Hook store ${store}`, store_type: 'MAIN' } })).data;
}

describe('webhook subscriptions', () => {
  it('refuse a wrong address, event or entity at the field; the secret is shown once and never read again', async () => {
    const bad = (body: Record<string, unknown>) => t.call('POST', '/api/data/webhook_subscription', { token, body: { name: 'x', url: receiver.url, events: 'created', ...body } });
    let r = await bad({ url: 'http://example.com/hook' });
    expectError(r, 400, 'ERR_VALIDATION');
    expect(r.body.errors).toEqual([{ path: '/url', message: expect.stringContaining('https://') }]);
    r = await bad({ events: 'created, exploded' });
    expectError(r, 400, 'ERR_VALIDATION');
    expect(r.body.errors[0]).toMatchObject({ path: '/events', message: expect.stringContaining('exploded: not an event') });
    r = await bad({ entities: 'store_warehouse, sys_audit' });
    expect(r.body.errors[0]).toMatchObject({ path: '/entities', message: 'sys_audit: not an entity of the product' });
    expect(Number((await sqlOne(t, `select count(*) as n from webhook_subscription`)).n)).toBe(0);

    const { id, secret } = await subscribe({ events: 'Created,changed', entities: 'store_warehouse' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/); // 32 bytes in base64
    const read = expectOk(await t.call('GET', `/api/data/webhook_subscription/${id}`, { token })).data;
    expect(read).toMatchObject({ events: 'created,changed', entities: 'store_warehouse', owner_id: expect.any(Number), secret_hint: `…${secret.slice(-6)}` });
    expect(JSON.stringify(read)).not.toContain(secret.slice(6, 30));
    expect(read).not.toHaveProperty('signing_secret');
    const list = expectOk(await t.call('GET', '/api/data/webhook_subscription?route=admin/webhooks', { token }));
    expect(JSON.stringify(list)).not.toContain(secret.slice(6, 30));
    // nor does the audit trail carry it
    const audit = await sqlAll(t, `select changes from sys_audit where entity = 'webhook_subscription'`);
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6, 30));
    await deactivateAll();
  });
});

describe('delivery', () => {
  it('each event arrives once, signed, with the record as its owner reads it; the log says so', async () => {
    receiver.got.length = 0;
    const { id, secret } = await subscribe({ events: 'created,changed', entities: 'store_warehouse' });
    const wh = await newStore();
    // a refused write (validation) tells nobody: nothing of it reaches the outbox
    expectError(await t.call('PUT', `/api/data/store_warehouse/${wh.store_id}`, { token, body: { store_code: wh.store_code, store_name: wh.store_name, store_type: 'NOPE', version: wh.version } }), 400);
    const changed = expectOk(await t.call('PUT', `/api/data/store_warehouse/${wh.store_id}`, { token, body: { store_code: wh.store_code, store_name: 'Hook store renamed', store_type: 'MAIN', version: wh.version } })).data;
    expect(changed.version).toBe(2);
    const rows = await sqlAll(t, `select event_type, status from webhook_delivery where subscription = ${id} order by delivery_id`);
    expect(rows).toEqual([
      { event_type: 'created', status: 'PENDING' },
      { event_type: 'changed', status: 'PENDING' },
    ]);
    await until(t.app, () => receiver.accepted().length >= 2);
    await t.app.webhooks.runOnce();
    await t.app.webhooks.runOnce();
    expect(receiver.got).toHaveLength(2); // once each, however many rounds run
    for (const g of receiver.got) expect(validSignature(secret, g)).toBe(true);
    expect(validSignature(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, receiver.got[0])).toBe(false);
    const [created, renamed] = receiver.got.map((g) => JSON.parse(g.body));
    // the record as the owner reads it when the delivery is sent (decision 0332): already renamed
    expect(created).toMatchObject({ type: 'created', company: 'GAT', entity: 'store_warehouse', key: String(wh.store_id), data: { store_code: wh.store_code, store_name: 'Hook store renamed' } });
    expect(renamed).toMatchObject({ type: 'changed', key: String(wh.store_id), data: { store_name: 'Hook store renamed', version: 2 } });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(receiver.got[0].headers['webhook-id']).toBe(created.id);
    expect(created.id).not.toBe(renamed.id);
    const log = expectOk(await t.call('GET', `/api/data/webhook_delivery?route=admin/webhook-deliveries&subscription=${id}`, { token }));
    expect(log.list.map((d: Record<string, unknown>) => [d.event_type, d.status, d.attempts, d.response_code])).toEqual([
      ['changed', 'DELIVERED', 1, 204],
      ['created', 'DELIVERED', 1, 204],
    ]);
    expect(log.list[0].delivered_at).toBeTruthy();
    await deactivateAll();
  });

  it('a receiver that fails three times gets the event after it recovers, with the same id', async () => {
    receiver.got.length = 0;
    const { id, secret } = await subscribe({ events: 'created', entities: 'store_warehouse' });
    receiver.failures = 3;
    const wh = await newStore();
    await until(t.app, () => receiver.accepted().length === 1);
    expect(receiver.got.map((g) => g.status)).toEqual([500, 500, 500, 204]);
    expect(new Set(receiver.got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    expect(receiver.got.every((g) => validSignature(secret, g))).toBe(true);
    expect(JSON.parse(receiver.got[3].body)).toMatchObject({ key: String(wh.store_id), attempt: 4 });
    const d = await sqlOne(t, `select status, attempts, response_code from webhook_delivery where subscription = ${id}`);
    expect(d).toMatchObject({ status: 'DELIVERED', attempts: 4, response_code: 204 });
    await deactivateAll();
  });

  it('one that keeps failing lands in the dead letters; a replay delivers it; /metrics counts the failures and the depth', async () => {
    receiver.got.length = 0;
    const { id, secret } = await subscribe({ events: 'created', entities: 'store_warehouse' });
    receiver.failures = Infinity;
    await newStore();
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS}` } })).body;
    const value = (text: string, series: string) => Number(text.split('\n').find((l) => l.startsWith(`${series} `))?.slice(series.length + 1) ?? 0);
    const before = await scrape();
    expect(before).toMatch(/^webhook_outbox_depth 1$/m);
    const dead = async () => (await sqlOne(t, `select status from webhook_delivery where subscription = ${id}`)).status === 'DEAD';
    await until(t.app, dead);
    expect(receiver.got).toHaveLength(5); // WEBHOOK_MAX_ATTEMPTS
    const text = await scrape();
    expect(text).toMatch(/^webhook_outbox_depth 0$/m);
    // five failed attempts: four retried, the last parked
    expect(value(text, 'webhook_delivery_failures_total{outcome="dead"}') - value(before, 'webhook_delivery_failures_total{outcome="dead"}')).toBe(1);
    expect(value(text, 'webhook_delivery_failures_total{outcome="retry"}') - value(before, 'webhook_delivery_failures_total{outcome="retry"}')).toBe(4);

    const letters = expectOk(await t.call('GET', '/api/data/webhook_delivery?route=admin/webhook-dead-letters', { token }));
    expect(letters.list).toHaveLength(1);
    expect({ ...letters.list[0], subscription: undefined }, JSON.stringify(letters.list[0])).toMatchObject({ attempts: 5, response_code: 500, last_error: 'The receiver answered HTTP 500.' });
    receiver.failures = 0;
    const replay = expectOk(await t.call('POST', '/api/data/webhook_delivery/action/replay_webhook_delivery', { token, body: { key: letters.list[0].delivery_id } }));
    expect(replay.message).toMatch(/goes out again/);
    // a delivery that is not dead is not replayed
    expectError(await t.call('POST', '/api/data/webhook_delivery/action/replay_webhook_delivery', { token, body: { key: letters.list[0].delivery_id } }), 409, 'ERR_CONFLICT');
    await until(t.app, () => receiver.accepted().length === 1);
    expect(validSignature(secret, receiver.accepted()[0])).toBe(true);
    expect(await sqlOne(t, `select status, attempts, replays from webhook_delivery where subscription = ${id}`)).toMatchObject({ status: 'DELIVERED', attempts: 1, replays: 1 });
    expect(expectOk(await t.call('GET', '/api/data/webhook_delivery?route=admin/webhook-dead-letters', { token })).list).toHaveLength(0);
    await deactivateAll();
  });

  it('retries wait longer each time, with jitter, never past the cap', () => {
    const p = { baseMs: 1000, maxMs: 5000, maxAttempts: 8 };
    // attempt n waits between half and all of min(max, base·2^(n-1)): 1 → 500..1000, 3 → 2000..4000, 5 → capped 2500..5000
    expect(retryDelayMs(1, { ...p, random: () => 0 })).toBe(500);
    expect(retryDelayMs(1, { ...p, random: () => 0.999999 })).toBe(1000);
    expect(retryDelayMs(3, { ...p, random: () => 0.5 })).toBe(3000);
    expect(retryDelayMs(5, { ...p, random: () => 0 })).toBe(2500);
    expect(retryDelayMs(9, { ...p, random: () => 0.999999 })).toBe(5000);
  });
});

describe('what a subscription sees', () => {
  it("only what its owner may read: no store event for an owner without R on stores, and no other company's", async () => {
    receiver.got.length = 0;
    const owner = await createUser(t, { username: 'hookowner', companies: { GAT: { 'admin/webhooks': 'CRUD', 'admin/webhook-deliveries': 'R' } } });
    const ownerToken = (await t.signIn('hookowner', DEMO_PASSWORD)).token;
    const blind = await subscribe({ events: 'created', entities: 'store_warehouse' }, ownerToken);
    expect(Number((await sqlOne(t, `select owner_id from webhook_subscription where subscription_id = ${blind.id}`)).owner_id)).toBe(owner);
    // the admin in CTA subscribes too: GAT's stores are not CTA's
    const cta = await adminIn(t, 'CTA');
    const other = await subscribe({ events: 'created', entities: 'store_warehouse' }, cta);
    expectError(await t.call('GET', `/api/data/webhook_subscription/${blind.id}`, { token: cta }), 404);
    const gat = await adminIn(t, 'GAT');
    await newStore(gat);
    await until(t.app, async () => Number((await sqlOne(t, `select count(*) as n from webhook_delivery where status in ('PENDING', 'SENDING', 'RETRY')`)).n) === 0);
    expect(receiver.got).toHaveLength(0);
    expect(await sqlAll(t, `select status, last_error from webhook_delivery where subscription = ${blind.id}`)).toEqual([{ status: 'SKIPPED', last_error: 'The subscription owner cannot read this record.' }]);
    expect(await sqlAll(t, `select 1 from webhook_delivery where subscription = ${other.id}`)).toEqual([]);
    // the delivery log lists it (the company's log, by subscription)
    expect(expectOk(await t.call('GET', `/api/data/webhook_delivery?route=admin/webhook-deliveries&subscription=${blind.id}`, { token: ownerToken })).list.map((d: { status: string }) => d.status)).toEqual(['SKIPPED']);
    token = gat;
    await deactivateAll();
  });
});

describe('states that come from time (decision 0334)', () => {
  it("a due item entering due or overdue and a part falling below its reorder level are sent once each; leaving and entering again is sent again", async () => {
    receiver.got.length = 0;
    const { id, secret } = await subscribe({ events: 'due,overdue,below_reorder' });
    // what GAT's due list and reorder report hold now: each row in a state is one event
    const dueNow = await sqlAll(t, `select due_key, due_status from due_item where compcode = 'GAT' and due_status in ('DUE_SOON', 'TOLERANCE', 'OVERDUE') order by due_key`);
    const belowNow = await sqlAll(t, `select item_id from inventory_reorder where compcode = 'GAT'`);
    expect(dueNow.map((d) => d.due_status)).toEqual(expect.arrayContaining(['OVERDUE', 'DUE_SOON'])); // the demo has both
    const first = await t.app.webhooks.watchOnce();
    expect(first).toEqual({ due_item: dueNow.length, inventory_reorder: belowNow.length });
    const sent = await sqlAll(t, `select event_type, entity_name, record_key from webhook_delivery where subscription = ${id} order by delivery_id`);
    expect(sent.filter((d) => d.entity_name === 'due_item').map((d) => [d.record_key, d.event_type]).sort()).toEqual(
      dueNow.map((d) => [d.due_key, d.due_status === 'OVERDUE' ? 'overdue' : 'due']).sort(),
    );
    // a second round finds nothing new
    expect(await t.app.webhooks.watchOnce()).toEqual({ due_item: 0, inventory_reorder: 0 });

    // worked by hand: a new part with reorder minimum 5, none on hand, none on order → position 0 ≤ 5
    const category = await sqlOne(t, `select id from master_item_category where compcode = 'GAT' order by id limit 1`);
    const item = expectOk(
      await t.call('POST', '/api/data/master_item', { token, body: { partnumber: 'HOOK-REORDER-1', itemname: 'Hook reorder probe', category: category.id, unit: 'EA', reorder_min: 5, reorder_max: 12 } }),
    ).data;
    expect(await t.app.webhooks.watchOnce()).toEqual({ due_item: 0, inventory_reorder: 1 });
    await until(t.app, () => receiver.accepted().some((g) => JSON.parse(g.body).key === String(item.item_id)));
    const got = receiver.accepted().map((g) => ({ g, body: JSON.parse(g.body) })).find((x) => x.body.key === String(item.item_id))!;
    expect(validSignature(secret, got.g)).toBe(true);
    // the reorder report's row as its owner reads it: order up to the maximum, 12 − 0
    expect(got.body).toMatchObject({ type: 'below_reorder', company: 'GAT', entity: 'inventory_reorder', data: { item_id: item.item_id, stock_position: 0, reorder_min: 5, order_qty: 12 } });
    // it leaves the state (minimum 0: not listed), is forgotten, and entering again is sent again
    const edit = (version: number, reorder_min: number) =>
      t.call('PUT', `/api/data/master_item/${item.item_id}`, { token, body: { partnumber: 'HOOK-REORDER-1', itemname: 'Hook reorder probe', category: category.id, unit: 'EA', reorder_min, reorder_max: 12, version } });
    const lowered = expectOk(await edit(item.version, 0)).data;
    expect(await t.app.webhooks.watchOnce()).toEqual({ due_item: 0, inventory_reorder: 0 });
    expect(await sqlAll(t, `select 1 from webhook_watch where watch = 'inventory_reorder' and record_key = '${item.item_id}'`)).toEqual([]);
    expectOk(await edit(lowered.version, 5));
    expect(await t.app.webhooks.watchOnce()).toEqual({ due_item: 0, inventory_reorder: 1 });
    expect(Number((await sqlOne(t, `select count(*) as n from webhook_delivery where subscription = ${id} and record_key = '${item.item_id}' and event_type = 'below_reorder'`)).n)).toBe(2);
    // no company without such a subscription is watched: CTA has none
    expect(await sqlAll(t, `select 1 from webhook_watch where compcode <> 'GAT'`)).toEqual([]);
    await deactivateAll();
    // with no subscription left the watch forgets what it sent
    await t.app.webhooks.watchOnce();
    expect(await sqlAll(t, `select 1 from webhook_watch`)).toEqual([]);
  });
});

describe('two server processes', () => {
  // on PostgreSQL a second app over the same database; PGlite is one process by nature, so there
  // four drains of the one app run at once
  it('never deliver one event twice at once', async () => {
    receiver.got.length = 0;
    receiver.failures = 0;
    receiver.delayMs = 40;
    const { id, secret } = await subscribe({ events: 'changed', entities: 'store_warehouse' });
    const wh = await newStore();
    // 24 events of one record, each in its own transaction (a change each)
    for (let i = 0; i < 24; i++) await inTransaction(t.services.database.db, (tx) => enqueueEvents(tx, [{ company: 'GAT', type: 'changed', entity: 'store_warehouse', key: String(wh.store_id) }]));
    const services = t.url ? await createServices({ ...t.services.config, databaseUrl: t.url }) : undefined;
    const second = services ? await buildApp(services) : t.app;
    if (services) await second.ready();
    try {
      const pending = async () => Number((await sqlOne(t, `select count(*) as n from webhook_delivery where subscription = ${id} and status <> 'DELIVERED'`)).n);
      const drain = async (app: FastifyInstance) => {
        for (let i = 0; i < 40 && (await pending()) > 0; i++) await app.webhooks.runOnce();
      };
      await Promise.all([drain(t.app), drain(second), drain(t.app), drain(second)]);
      expect(await pending()).toBe(0);
    } finally {
      if (services) {
        await second.close();
        await services.database.close();
      }
      receiver.delayMs = 0;
    }
    const ids = receiver.got.map((g) => String(g.headers['webhook-id']));
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    expect(receiver.overlaps).toBe(0);
    expect(receiver.got.every((g) => validSignature(secret, g))).toBe(true);
    expect(await sqlAll(t, `select distinct attempts from webhook_delivery where subscription = ${id}`)).toEqual([{ attempts: 1 }]);
  });
});
