/**
 * The due list kept stored (decision 0200, metadata/maintenance/due.yaml `stored`): on the seeded
 * demo fleet, after every kind of change that moves a due (a programme edit, an aircraft's
 * counters, a work order planning an item, the company's thresholds, the business date moving
 * on), what a reader gets through `due_item` is exactly what the view itself computes
 * (`due_item__live`, the reference), before the refresh (stale parts read live) and after it
 * (the stored rows), and a list call refreshes what is stale.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, sqlAll, sqlOne } from '../../server/test/support.ts';
import { checkStoredViews } from '../../engine/src/metadata/cross-checks/stored-views.ts';
import { storedSettled, storedSource } from '../../engine/src/query/stored.ts';
import { storedDifferences } from '../../test/helpers/stored.ts';
import type { MetadataProblem } from '../../engine/src/metadata/loader.ts';

let t: TestApp;
let tok = '';
type Row = Record<string, any>;
const ok = expectOk;
const one = (q: string): Promise<Row> => sqlOne(t, q);

const differences = (a: string, b: string, where = 'true') => storedDifferences(t, 'due_item', a, b, where);
const fleetList = async () => {
  const r = ok(await t.call('GET', '/api/data/due_item?route=aircraft-maintenance/fleet-due-list&limit=50', { token: tok }));
  await storedSettled(); // a company whose date moved on is stored again in the background
  return r;
};
const stale = async () => Number((await one('select count(*) as n from due_item__stale')).n);

beforeAll(async () => {
  t = await startTestApp();
  const s = await t.signIn('planner', DEMO_PASSWORD);
  tok = s.token;
  if (s.user.compcode !== 'CTA') ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('the due list kept stored (decision 0200)', () => {
  it('reads what the view computes before the first refresh, and a list call stores it', async () => {
    const live = Number((await one('select count(*) as n from due_item__live')).n);
    expect(live).toBeGreaterThan(100);
    expect(await differences('due_item', 'due_item__live')).toBe(0);
    await fleetList();
    expect(await stale()).toBe(0);
    const companies = await sqlAll(t, `select a.compcode, a.day::text as day, d.today::text as today from due_item__asof a join company_today d using (compcode) order by 1`);
    expect(companies.length).toBeGreaterThan(1);
    for (const c of companies) expect(c.day).toBe(c.today);
    expect(Number((await one('select count(*) as n from due_item__rows')).n)).toBe(live);
    expect(await differences('due_item__rows', 'due_item__live')).toBe(0);
    expect(await differences('due_item', 'due_item__live')).toBe(0);
    // the list's first page (read from the stored rows) is the view's own first page by forecast date
    const page = await fleetList();
    const reference = await sqlAll(t, `select due_key from due_item__live where compcode = 'CTA' order by forecast_date, due_key limit 50`);
    expect(page.list.map((r: Row) => r.due_key)).toEqual(reference.map((r) => r.due_key));
    expect(page.meta.total).toBe(Number((await one(`select count(*) as n from due_item__live where compcode = 'CTA'`)).n));
  });

  it('a programme task added through the API: its aircraft is marked stale, read live, and the next list stores its items', async () => {
    await fleetList();
    const wfb = await one(`select * from aircraft where registration = 'PK-WFB' and compcode = 'CTA'`);
    const group = await one(`select id from inspection_group where compcode = 'CTA' order by id limit 1`);
    const task = ok(
      await t.call('POST', '/api/data/aircraft_type_inspection', {
        token: tok,
        body: { aircraft_type: wfb.aircraft_type, task_code: 'TST-STORED-1', title: 'Stored due test task', inspection_group: group.id, task_type: 'GVI', interval_fh: 30000 },
      }),
    ).data;
    const key = `I${wfb.aircraft_id}-${task.type_inspection_id}`;
    expect(await stale()).toBeGreaterThan(0);
    // not yet refreshed: the stored rows lack it, the entity's view has it (read live)
    expect(Number((await one(`select count(*) as n from due_item__rows where due_key = '${key}'`)).n)).toBe(0);
    expect((await one(`select item_code from due_item where due_key = '${key}'`)).item_code).toBe('TST-STORED-1');
    expect(await differences('due_item', 'due_item__live')).toBe(0);
    const list = await fleetList();
    expect(list.meta.total).toBeGreaterThan(0);
    expect(await stale()).toBe(0);
    expect((await one(`select item_code, next_due_fh from due_item__rows where due_key = '${key}'`)).next_due_fh).not.toBeUndefined();
    expect(await differences('due_item__rows', 'due_item__live')).toBe(0);
  });

  it("an aircraft's counters written by any statement move its remaining and forecast: inside the writer's transaction too", async () => {
    await fleetList();
    const wfb = await one(`select aircraft_id from aircraft where registration = 'PK-WFB' and compcode = 'CTA'`);
    const where = `x.aircraft = ${wfb.aircraft_id}`;
    const before = await one(`select due_key, remaining_fh from due_item where aircraft = ${wfb.aircraft_id} and remaining_fh is not null order by due_key limit 1`);
    const db = t.services.database.db;
    await db.transaction().execute(async (tx) => {
      await sql`update aircraft set total_fh = total_fh + 600 where aircraft_id = ${wfb.aircraft_id}`.execute(tx);
      const inside = (await sql<Row>`select remaining_fh from due_item where due_key = ${before.due_key}`.execute(tx)).rows[0];
      expect(Number(inside.remaining_fh)).toBe(Number(before.remaining_fh) - 600);
      // the stored rows are not fresh for this transaction: a list inside it reads the view
      const fresh = storedSource(t.services.reg, t.services.reg.entity('due_item'))!.fresh;
      expect((await sql.raw<Row>(`select ${fresh} as fresh`).execute(tx)).rows[0].fresh).toBe(false);
    });
    expect(Number((await one(`select remaining_fh from due_item where due_key = '${before.due_key}'`)).remaining_fh)).toBe(Number(before.remaining_fh) - 600);
    expect(await differences('due_item', 'due_item__live', where)).toBe(0);
    await fleetList();
    expect(Number((await one(`select remaining_fh from due_item__rows where due_key = '${before.due_key}'`)).remaining_fh)).toBe(Number(before.remaining_fh) - 600);
    expect(await differences('due_item__rows', 'due_item__live')).toBe(0);
  });

  it('a work order task holding an item shows it planned; the company thresholds and the business date moving on recompute the company', async () => {
    await fleetList();
    const item = await one(`select d.due_key, d.aircraft from due_item d where d.compcode = 'CTA' and d.planned_wo is null and d.item_kind = 'INSPECTION' order by d.due_key limit 1`);
    const wo = await one(`select wo_id from work_order where compcode = 'CTA' and aircraft = ${item.aircraft} and wo_status not in ('CRS', 'CLOSED', 'CANCELLED') order by wo_id limit 1`);
    expect(wo).toBeDefined();
    await sql`insert into work_order_task (compcode, work_order, seq, task_source, description, due_key, task_status) values ('CTA', ${wo.wo_id}, 999, 'INSPECTION', 'stored test', ${item.due_key}, 'OPEN')`.execute(t.services.database.db);
    expect(await stale()).toBeGreaterThan(0);
    expect(Number((await one(`select planned_wo from due_item where due_key = '${item.due_key}'`)).planned_wo)).toBe(Number(wo.wo_id));
    expect(await differences('due_item', 'due_item__live')).toBe(0);
    await fleetList();
    expect(Number((await one(`select planned_wo from due_item__rows where due_key = '${item.due_key}'`)).planned_wo)).toBe(Number(wo.wo_id));
    // thresholds: every CTA item is read live until refreshed
    await sql`update company set remain_day_due = coalesce(remain_day_due, 30) + 30 where compcode = 'CTA'`.execute(t.services.database.db);
    expect(Number((await one(`select count(*) as n from due_item__asof where compcode = 'CTA'`)).n)).toBe(0);
    expect(await differences('due_item', 'due_item__live')).toBe(0);
    await fleetList();
    expect((await one(`select day::text as day from due_item__asof where compcode = 'CTA'`)).day).toBe((await one(`select today::text as today from company_today where compcode = 'CTA'`)).today);
    expect(await differences('due_item__rows', 'due_item__live')).toBe(0);
    // rows computed for yesterday are not read, and the next list computes them again
    await sql`update due_item__asof set day = day - 1`.execute(t.services.database.db);
    expect(await differences('due_item', 'due_item__live')).toBe(0);
    await fleetList();
    for (const c of await sqlAll(t, `select a.day::text as day, d.today::text as today from due_item__asof a join company_today d using (compcode)`)) expect(c.day).toBe(c.today);
    expect(await differences('due_item__rows', 'due_item__live')).toBe(0);
    await sql`update company set remain_day_due = remain_day_due - 30 where compcode = 'CTA'`.execute(t.services.database.db);
  });

  it('metadata refuses a stored view that reads a table no changedBy entry watches', () => {
    const reg = t.services.reg;
    const e = reg.entity('due_item');
    const saved = e.stored!;
    try {
      e.stored = { ...saved, changedBy: saved.changedBy.filter((c) => c.entity !== 'usage_ledger') as typeof saved.changedBy };
      const problems: MetadataProblem[] = [];
      checkStoredViews(reg, problems);
      expect(problems.map((p) => `${p.path}: ${p.reason}`)).toEqual([
        '/entities/[due_item]/stored/changedBy: the view reads usage_ledger (entity usage_ledger) but no changedBy entry watches it: a change of it would leave stored rows stale',
      ]);
    } finally {
      e.stored = saved;
    }
  });
});
