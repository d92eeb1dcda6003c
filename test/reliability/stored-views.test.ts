/**
 * Stored views under concurrency (decision 0200), PostgreSQL: a refresh running while a writer's
 * transaction is still open leaves that writer's stale marker in place (its change is stored by the
 * next refresh, and read live until then); writers on many aircraft and lists at the same time
 * finish without an error or a deadlock, and the stored rows end equal to the view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, sqlAll, sqlOne } from '../../server/test/support.ts';
import { storedSettled } from '../../engine/src/query/stored.ts';
import { storedDifferences } from '../helpers/stored.ts';

let t: TestApp;
let tok = '';

const one = (q: string) => sqlOne(t, q);
const list = async () => {
  const r = expectOk(await t.call('GET', '/api/data/due_item?route=aircraft-maintenance/fleet-due-list&limit=50', { token: tok }));
  await storedSettled();
  return r;
};
/** Rows of `a` (the stored table or the entity's view) that differ from the live view, both ways. */
const differences = (a: string) => storedDifferences(t, 'due_item', a, 'due_item__live');

beforeAll(async () => {
  t = await startTestApp({ kind: 'postgres' });
  const s = await t.signIn('planner', DEMO_PASSWORD);
  tok = s.token;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('stored views under concurrency (decision 0200)', () => {
  it("a refresh while a writer's transaction is open keeps its marker; the change is stored by the next refresh", async () => {
    await list();
    const ac = await one(`select aircraft_id from aircraft where compcode = 'CTA' and registration = 'PK-WFB'`);
    const writer = new pg.Client({ connectionString: t.url });
    await writer.connect();
    try {
      await writer.query('begin');
      await writer.query('update aircraft set total_fh = total_fh + 60 where aircraft_id = $1', [ac.aircraft_id]);
      // the writer's marker is not committed: the refresh cannot take it, the rows are still right
      await list();
      expect(await differences('due_item__rows')).toBe(0);
      await writer.query('commit');
    } finally {
      await writer.end();
    }
    expect(Number((await one(`select count(*) as n from due_item__stale where part = ${ac.aircraft_id}`)).n)).toBeGreaterThan(0);
    // stale stored rows for that aircraft, but the entity's view reads them live
    expect(await differences('due_item__rows')).toBeGreaterThan(0);
    expect(await differences('due_item')).toBe(0);
    await list();
    expect(await differences('due_item__rows')).toBe(0);
  });

  it('writers on every aircraft and lists at once: no error, no deadlock, the rows end equal to the view', async () => {
    await list();
    const aircraft = (await sqlAll(t, `select aircraft_id from aircraft where compcode = 'CTA' order by aircraft_id`)).map((r) => Number(r.aircraft_id));
    expect(aircraft.length).toBeGreaterThan(2);
    const pool = new pg.Pool({ connectionString: t.url, max: 8 });
    try {
      const writes = [];
      for (let round = 0; round < 5; round++) {
        for (const id of aircraft) {
          // two statements per transaction, each marking the aircraft stale
          writes.push(
            (async () => {
              const c = await pool.connect();
              try {
                await c.query('begin');
                await c.query('update aircraft set total_fc = total_fc + 1 where aircraft_id = $1', [id]);
                await c.query('update aircraft set total_landings = total_landings + 1 where aircraft_id = $1', [id]);
                await c.query('commit');
              } catch (e) {
                await c.query('rollback');
                throw e;
              } finally {
                c.release();
              }
            })(),
          );
        }
        writes.push(list());
      }
      const settled = await Promise.allSettled(writes);
      expect(settled.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
    } finally {
      await pool.end();
    }
    expect(await differences('due_item')).toBe(0);
    await list();
    expect(Number((await one('select count(*) as n from due_item__stale')).n)).toBe(0);
    expect(await differences('due_item__rows')).toBe(0);
  });
});
