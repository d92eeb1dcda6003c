/**
 * A new business date computed before anyone's day starts (decision 0370, engine/src/query/new-day.ts):
 * the next local midnight of each zone (hand-worked instants), and on the seeded demo: the
 * recomputation of a company whose date moved on runs once across two server processes and is
 * skipped when current; the scheduler runs on start and at the next midnight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, sqlAll, sqlOne } from './support.ts';
import { companyZones, nextDayStart, nextMidnight, startNewDays } from '../../engine/src/query/new-day.ts';
import { refreshAllStored, type Refreshed } from '../../engine/src/query/stored.ts';
import { openDatabase, type Database } from '../../engine/src/db/database.ts';
import { storedDifferences } from '../../test/helpers/stored.ts';

describe('the next local midnight', () => {
  it('is found in the zone\'s own calendar', () => {
    // Jakarta is UTC+7 all year: 10:00Z is 17:00 local on 3 Dec; local midnight of 4 Dec is 17:00Z
    expect(nextMidnight('Asia/Jakarta', new Date('2026-12-03T10:00:00Z')).toISOString()).toBe('2026-12-03T17:00:00.000Z');
    // one millisecond before that midnight, it is still that midnight; at it, the next one
    expect(nextMidnight('Asia/Jakarta', new Date('2026-12-03T16:59:59.999Z')).toISOString()).toBe('2026-12-03T17:00:00.000Z');
    expect(nextMidnight('Asia/Jakarta', new Date('2026-12-03T17:00:00Z')).toISOString()).toBe('2026-12-04T17:00:00.000Z');
    // Kiritimati is UTC+14: 10:00Z on 3 Dec is 00:00 on 4 Dec there; the next is 10:00Z on 4 Dec
    expect(nextMidnight('Pacific/Kiritimati', new Date('2026-12-03T10:00:00Z')).toISOString()).toBe('2026-12-04T10:00:00.000Z');
    // Kathmandu is UTC+05:45: midnight of 4 Dec local is 18:15Z on 3 Dec
    expect(nextMidnight('Asia/Kathmandu', new Date('2026-12-03T12:00:00Z')).toISOString()).toBe('2026-12-03T18:15:00.000Z');
    // New York changes to summer time at 02:00 on 8 Mar 2026: midnight of 9 Mar is at UTC-4, 04:00Z
    // (midnight of 8 Mar, still winter time UTC-5, was 05:00Z)
    expect(nextMidnight('America/New_York', new Date('2026-03-08T12:00:00Z')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(nextMidnight('America/New_York', new Date('2026-03-07T12:00:00Z')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(nextMidnight('UTC', new Date('2026-12-31T23:59:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('of several companies is the earliest; an unknown zone counts as UTC, as the business date does', () => {
    const at = new Date('2026-12-03T10:00:00Z');
    // UTC's next midnight is 14 h away, Jakarta's 7 h, Kiritimati's 24 h (it has just passed)
    expect(nextDayStart(['UTC', 'Asia/Jakarta', 'Pacific/Kiritimati'], at).toISOString()).toBe('2026-12-03T17:00:00.000Z');
    expect(nextDayStart(['', 'Not/AZone'], at).toISOString()).toBe('2026-12-04T00:00:00.000Z');
    expect(nextDayStart([], at).toISOString()).toBe('2026-12-04T00:00:00.000Z');
  });
});

describe('the stored views for a new business date (seeded demo)', () => {
  let t: TestApp;
  let second: Database | undefined;
  beforeAll(async () => {
    t = await startTestApp();
    // a second server process's own connections to the same database (PostgreSQL only; PGlite is
    // one process by nature)
    if (t.url) second = await openDatabase({ url: t.url, poolSize: 4 });
    // everything stored and current to start with
    await refreshAllStored(t.services.database.db, t.services.reg);
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const companies = async () => (await sqlAll(t, `select compcode from due_item__asof order by 1`)).map((r) => String(r.compcode));
  /** The business date moving on for every company: what midnight does to the stored rows' date. */
  const midnight = () => sqlAll(t, `update due_item__asof set day = day - 1 returning compcode`).then(() => sqlAll(t, `update fleet_maintenance_status__asof set day = day - 1 returning compcode`));
  const computed = (runs: Refreshed[][]) => runs.flatMap((r) => r.flatMap((x) => x.companies));

  it('is computed once across two processes, then skipped while current', async () => {
    const all = await companies();
    expect(all.length).toBeGreaterThan(1);
    await midnight();
    const dbs = [t.services.database.db, ...(second ? [second.db] : [])];
    const runs = await Promise.all(dbs.map((db) => refreshAllStored(db, t.services.reg)));
    // each company's due items once and its fleet status once, whichever process did it
    const done = computed(runs);
    expect(done.filter((c) => c === all[0]).length).toBe(2);
    expect([...done].sort()).toEqual([...all, ...all].sort());
    // every company's stored date is its business date again, and the rows are what the view computes
    const behind = await sqlOne(t, `select count(*)::int as n from due_item__asof a join company_today d using (compcode) where a.day <> d.today`);
    expect(behind.n).toBe(0);
    expect(await storedDifferences(t, 'due_item', 'due_item__rows', 'due_item__live')).toBe(0);
    expect(await storedDifferences(t, 'fleet_maintenance_status', 'fleet_maintenance_status__rows', 'fleet_maintenance_status__live')).toBe(0);
    // current: nothing computed by either process
    const again = await Promise.all(dbs.map((db) => refreshAllStored(db, t.services.reg)));
    expect(computed(again)).toEqual([]);
    expect(again.flat().every((r) => r.parts === 0 && !r.busy)).toBe(true);
  });

  it('the scheduler computes a day missed on start, then again at the next local midnight', async () => {
    const zones = await companyZones(t.services.database.db);
    const all = await companies();
    // a day went by while no server ran
    await midnight();
    // the real clock until the start's run has finished, then one 1.5 s before the next midnight
    let offset = 0;
    const runs: { why: string; companies: string[] }[] = [];
    let midnightSeen!: () => void;
    const atMidnight = new Promise<void>((done) => (midnightSeen = done));
    let started!: () => void;
    const atStart = new Promise<void>((done) => (started = done));
    const errors: unknown[] = [];
    const stop = startNewDays(t.services.database.db, t.services.reg, {
      now: () => new Date(Date.now() + offset),
      graceMs: 0,
      onError: (e) => errors.push(e),
      onRun: (r, why) => {
        runs.push({ why, companies: r.flatMap((x) => x.companies) });
        if (why === 'start') {
          offset = nextDayStart(zones, new Date()).getTime() - 1500 - Date.now();
          started();
        } else midnightSeen();
      },
    });
    await atStart;
    // the date moves on again while the process waits for midnight
    await midnight();
    await atMidnight;
    await stop();
    expect(errors).toEqual([]);
    expect(runs.map((r) => r.why)).toEqual(['start', 'midnight']);
    expect([...runs[0].companies].sort()).toEqual([...all, ...all].sort());
    expect([...runs[1].companies].sort()).toEqual([...all, ...all].sort());
  });
});
