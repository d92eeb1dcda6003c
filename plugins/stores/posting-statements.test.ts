/**
 * Round trips of a posting (issue 24 point 3, decision 0133): the statements one request sends to
 * the database, counted on the connection (BEGIN and COMMIT included), so that the number cannot
 * creep back; and the runner's row check that a posting now leaves to its locked read of the
 * document. Both databases (TEST_DB=pglite / postgres).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser } from '../../server/test/support.ts';
import { PluginHost, definePlugin } from '../../engine/src/plugins/host.ts';
import { Repository } from '../../engine/src/crud/repository.ts';
import { buildAbility } from '../../engine/src/access/ability.ts';
import { runAction } from '../../engine/src/crud/run-action.ts';
import { workflowActions } from '../../engine/src/workflow/actions.ts';
import { plugins } from '../index.ts';
import { writeAudits } from '../../engine/src/crud/versioned.ts';

let t: TestApp;
let token: string;
let item: number;
let store: number;

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t, { username: 'count.keeper', companies: { GAT: 'storekeeper' } });
  token = (await t.signIn('count.keeper', 'demo1234')).token;
  const db = t.services.database.db;
  const category = await db.selectFrom('master_item_category').select('id').where('compcode', '=', 'GAT').where('code', '=', 'EXP').executeTakeFirstOrThrow();
  item = (
    await db
      .insertInto('master_item')
      .values({ compcode: 'GAT', partnumber: 'T-COUNT', itemname: 'Statement count part', category: category.id, tracking: 'none', unit: 'PCS', active: true, created_by: 'test' })
      .returning('item_id')
      .executeTakeFirstOrThrow()
  ).item_id;
  store = (await db.selectFrom('store_warehouse').select('store_id').where('compcode', '=', 'GAT').where('store_code', '=', 'CGK-H4').executeTakeFirstOrThrow()).store_id;
  const receipt = await t.call('POST', '/api/data/inventory_receipt', { token, body: { receiptdate: '2026-11-20', source: 'OTHER', lines: [{ item, store, quantity: 10, unit_cost: 5, condition: 'NE', unit: 'PCS' }] } });
  expect((await t.call('POST', '/api/data/inventory_receipt/action/post_inventory_receipt', { token, body: { key: receipt.body.data.receiptkey } })).status).toBe(200);
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

/** The statements sent while `fn` runs. */
async function statements(fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const stop = t.services.database.writes.onStatement((text) => seen.push(text.replace(/\s+/g, ' ').slice(0, 160)));
  try {
    await fn();
  } finally {
    stop();
  }
  return seen;
}

const issue = async (workorder: string) =>
  (await t.call('POST', '/api/data/inventory_issue', { token, body: { issuedate: '2026-11-21', issue_type: 'AC', store, registration: 'PK-GTB', workorder_no: workorder, lines: [{ item, quantity: 1, condition: 'NE', unit: 'PCS' }] } })).body.data.issuekey as number;

it('a one-line issue posts with the statements it needs', async () => {
  const first = await issue('WO-COUNT-1');
  const second = await issue('WO-COUNT-2');
  // the first posting warms what a process keeps (the auth row); the second is the one counted
  expect((await t.call('POST', '/api/data/inventory_issue/action/post_inventory_issue', { token, body: { key: first } })).status).toBe(200);
  let status = 0;
  const sent = await statements(async () => {
    status = (await t.call('POST', '/api/data/inventory_issue/action/post_inventory_issue', { token, body: { key: second } })).status;
  });
  expect(status).toBe(200);
  // begin; the document locked (readable and postable: one read); its lines; the part and its
  // valuation row locked; balances, totals, store and reservations under that lock; ledger, balance
  // and valuation written; the document marked posted; its two audit rows; their webhook events
  // into the outbox (decision 0331: one statement, no row when nobody subscribes); commit (0133)
  const kinds = sent.map((q) => /^\s*(begin|commit|select|with ledger|with locked|update "inventory_issue"|insert into "sys_audit"|insert into webhook_delivery)/i.exec(q)?.[1].toLowerCase() ?? q);
  expect(kinds, sent.join('\n')).toEqual(['begin', 'select', 'select', 'select', 'with locked', 'with ledger', 'update "inventory_issue"', 'insert into "sys_audit"', 'insert into webhook_delivery', 'commit']);
  expect(sent.length).toBeLessThanOrEqual(10);
  const audit = await t.services.database.db.selectFrom('sys_audit').select(['action', 'changes']).where('entity', '=', 'inventory_issue').where('record_key', '=', String(second)).orderBy('id').execute();
  expect(audit.map((a) => [a.action, JSON.parse(String(a.changes)).action])).toEqual([
    ['insert', undefined],
    ['action', 'post'],
    ['action', 'post'],
  ]);
});

it('an action that leaves its row check to documentAction and never reads the row is still refused another company\'s row (404, nothing written)', async () => {
  const s = t.services;
  const db = s.database.db;
  const other = await db.selectFrom('inventory_issue').select(['issuekey']).where('compcode', '<>', 'GAT').orderBy('issuekey').executeTakeFirst();
  const own = await issue('WO-COUNT-3');
  const probe = definePlugin({
    name: 'frame-probe',
    actions: {
      probe_issue: {
        entity: 'inventory_issue',
        document: true,
        // writes without reading the row through documentAction
        run: async (ctx, input) => {
          await writeAudits(ctx.db, [{ entity: 'inventory_issue', record_key: String(input.key), action: 'action', company: 'GAT', user_id: null, username: 'probe', changes: '{}' }]);
          return { ok: 1 };
        },
      },
    },
  });
  const host = new PluginHost([...plugins, probe], workflowActions(s.reg));
  const ability = buildAbility(s.reg, { compcode: 'GAT', grants: s.reg.menus.filter((m) => m.route).map((m) => ({ module: m.module, menu: m.name, route: m.route ?? null, letters: 'RO' })) });
  const ctx = { db, reg: s.reg, repo: new Repository(s.reg, host), plugins: host, ability, user: { user_id: 1, username: 'count.keeper', compcode: 'GAT' } };
  const probes = () => db.selectFrom('sys_audit').select('record_key').where('username', '=', 'probe').execute();
  // a key no GAT row has (another company's issue, or none at all)
  const foreign = other?.issuekey ?? 999_999_999;
  await expect(runAction(ctx, { entity: 'inventory_issue', name: 'probe_issue', key: foreign })).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
  expect(await probes()).toEqual([]);
  expect(await runAction(ctx, { entity: 'inventory_issue', name: 'probe_issue', key: own })).toEqual({ ok: 1 });
  expect((await probes()).map((p) => p.record_key)).toEqual([String(own)]);
});
