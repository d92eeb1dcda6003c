import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/db/database.ts';
import { loose } from '../src/db/loose.ts';

// The published kysely-pglite dialect interleaves transactions on PGlite's single session, so a
// rollback in one request wiped another request's commit. Ours serialises them.
describe('PGlite dialect', () => {
  let d: Database;
  beforeAll(async () => {
    d = await openDatabase({ dataDir: 'memory://' });
    await sql`create table t (id int primary key, who text)`.execute(d.db);
  });
  afterAll(async () => d?.close());

  it('a rollback in one transaction never touches another transaction\'s commit', async () => {
    let releaseA!: () => void;
    const aMayFinish = new Promise<void>((r) => (releaseA = r));
    let aStarted!: () => void;
    const aHasStarted = new Promise<void>((r) => (aStarted = r));

    const a = loose(d.db).transaction().execute(async (tx) => {
      await tx.insertInto('t').values({ id: 1, who: 'A' }).execute();
      aStarted();
      await aMayFinish;
      throw new Error('A fails and rolls back');
    });
    await aHasStarted;
    // B starts while A is open; it must neither see A's row nor be rolled back by A.
    const b = loose(d.db).transaction().execute(async (tx) => {
      await tx.insertInto('t').values({ id: 2, who: 'B' }).execute();
    });
    // and a plain query issued meanwhile must not run inside A's transaction
    const c = loose(d.db).insertInto('t').values({ id: 3, who: 'C' }).execute();
    releaseA();
    await expect(a).rejects.toThrow('A fails');
    await b;
    await c;
    const rows = await loose(d.db).selectFrom('t').select(['id', 'who']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 2, who: 'B' },
      { id: 3, who: 'C' },
    ]);
  });

  it('runs many concurrent transactions without losing or mixing any', async () => {
    await sql`delete from t`.execute(d.db);
    const work = Array.from({ length: 40 }, (_, i) =>
      loose(d.db)
        .transaction()
        .execute(async (tx) => {
          await tx.insertInto('t').values({ id: 100 + i, who: `w${i}` }).execute();
          if (i % 3 === 0) throw new Error('rollback');
        })
        .catch(() => 'rolled back'),
    );
    await Promise.all(work);
    const ids = (await loose(d.db).selectFrom('t').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual(Array.from({ length: 40 }, (_, i) => i).filter((i) => i % 3 !== 0).map((i) => 100 + i));
  });

  it('returns the same value types as the PostgreSQL driver', async () => {
    const r = await sql<{ b: number; n: number; d: string; ts: string }>`select 9007199254740991::bigint as b, 12.50::numeric(10,2) as n, '2026-11-21'::date as d, '2026-11-21 10:00:00+00'::timestamptz as ts`.execute(d.db);
    expect(r.rows[0]).toEqual({ b: 9007199254740991, n: 12.5, d: '2026-11-21', ts: '2026-11-21T10:00:00.000Z' });
  });

  it('keeps data in a data folder across restarts', async () => {
    const dir = `${process.env.TMPDIR ?? '/tmp'}/aero-pglite-${Date.now()}`;
    const one = await openDatabase({ dataDir: dir });
    await sql`create table keep (v text)`.execute(one.db);
    await loose(one.db).insertInto('keep').values({ v: 'still here' }).execute();
    await one.close();
    const two = await openDatabase({ dataDir: dir });
    const rows = await loose(two.db).selectFrom('keep').select('v').execute();
    await two.close();
    expect(rows).toEqual([{ v: 'still here' }]);
  });
});
