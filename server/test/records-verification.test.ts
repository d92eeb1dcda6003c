/**
 * Records Verification (decision 0312) on the demo: the administration screen's action walks the
 * active company's audit chain and keeps the run; after an audit row is changed with SQL past the
 * triggers it names the row and what differs; `npm run verify:records` (PostgreSQL: the CLI on the
 * test database) exits 0 when intact and 1 when broken; the quality manager (an auditor) may verify,
 * a storekeeper may not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../engine/src/db/database.ts';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { adminIn, DEMO_PASSWORD, expectError, sqlOne, STARTUP_TIMEOUT } from './support.ts';
import { verifyRecords } from '../../engine/src/records/verify.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await adminIn(t, 'CTA');
}, STARTUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

const verify = (tok: string) => t.call('POST', '/api/data/records_verification/action/verify_records', { token: tok, body: {} });

/** Changes one audit row as an attacker with database access would: the append-only trigger off. */
async function tamper(id: number, changes: string): Promise<string> {
  const before = await sqlOne(t, `select changes from sys_audit where id = ${id}`);
  await t.services.database.db.transaction().execute(async (tx) => {
    await sql`alter table sys_audit disable trigger user`.execute(tx);
    await sql`update sys_audit set changes = ${changes} where id = ${id}`.execute(tx);
    await sql`alter table sys_audit enable trigger user`.execute(tx);
  });
  return String(before.changes);
}

describe('records verification', () => {
  it("the demo's chains are intact, every company and the rows of none", async () => {
    const report = await verifyRecords(t.services.database.db);
    expect(report.chains.filter((c) => !c.ok)).toEqual([]);
    expect(report.chains.map((c) => c.company)).toEqual(expect.arrayContaining(['CTA', 'GAT', 'GAH']));
    expect(report.chains.find((c) => c.company === 'CTA')?.rows).toBeGreaterThan(100);
    expect(report.ok).toBe(true);
  });

  it('the screen verifies the active company and keeps the run; a changed audit row is named', async () => {
    const ok = await verify(token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ result: 'INTACT', broken: null });
    expect(ok.body.message).toMatch(/The audit chain of CTA is intact: \d+ rows verified/);
    const row = await sqlOne(t, `select id, entity, record_key from sys_audit where company = 'CTA' and entity = 'work_order_task' order by id limit 1`);
    const original = await tamper(Number(row.id), '{"changes":{"task_status":["OPEN","DONE"]}}');
    try {
      const broken = await verify(token);
      expect(broken.status).toBe(200);
      expect(broken.body).toMatchObject({ result: 'BROKEN', broken: { row: Number(row.id), entity: 'work_order_task', record_key: row.record_key } });
      expect(broken.body.message).toMatch(new RegExp(`broken at audit row ${row.id} \\(work_order_task ${row.record_key}\\): the row's content .* no longer matches its hash`));
      const list = await t.call('GET', '/api/data/records_verification?route=admin/records-verification', { token });
      expect(list.status).toBe(200);
      expect(list.body.list.slice(0, 2).map((r: { result: string }) => r.result)).toEqual(['BROKEN', 'INTACT']);
      expect(list.body.list[0]).toMatchObject({ broken_row: Number(row.id), broken_record: `work_order_task ${row.record_key}` });
      // another company's chain is not this one's: GAT is intact
      const gat = await verifyRecords(t.services.database.db, 'GAT');
      expect(gat.ok).toBe(true);
    } finally {
      await tamper(Number(row.id), original);
    }
    expect((await verify(token)).body.result).toBe('INTACT');
  });

  it('the quality manager may verify; a storekeeper may not (403)', async () => {
    const quality = await t.signIn('quality', DEMO_PASSWORD);
    const q = await verify(quality.token);
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const keeper = await t.signIn('storekeeper', DEMO_PASSWORD);
    expectError(await verify(keeper.token), 403);
  });

  // the CLI is another process: on PostgreSQL it opens the test database; on PGlite (whose test
  // database lives in this process's memory) it opens a data folder made from this database's dump
  it('npm run verify:records exits 0 when intact, 1 naming the row when broken', async () => {
    const env = async (): Promise<NodeJS.ProcessEnv> => {
      if (t.kind === 'postgres') return { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent' };
      const dir = await mkdtemp(join(tmpdir(), 'verify-records-'));
      const dump = await t.services.database.dump!();
      const copy = await openDatabase({ dataDir: dir, loadDataDir: dump });
      await copy.close();
      const { DATABASE_URL: _, ...rest } = process.env;
      return { ...rest, DATA_DIR: dir, LOG_LEVEL: 'silent' };
    };
    const run = async (e: NodeJS.ProcessEnv) =>
      promisify(execFile)('npx', ['tsx', 'server/src/cli/verify-records.ts'], { env: e }).then(
        (r) => ({ code: 0, out: r.stdout }),
        (err: { code: number; stdout: string }) => ({ code: err.code, out: err.stdout }),
      );
    const intact = await run(await env());
    expect(intact.out).toMatch(/CTA: intact, \d+ rows/);
    expect(intact.code).toBe(0);
    const row = await sqlOne(t, `select id from sys_audit where company = 'GAT' order by id desc limit 1`);
    const original = await tamper(Number(row.id), '{}');
    try {
      const broken = await run(await env());
      expect(broken.code).toBe(1);
      expect(broken.out).toMatch(new RegExp(`GAT: BROKEN at audit row ${row.id}`));
      expect(broken.out).toMatch(/RECORDS BROKEN/);
    } finally {
      await tamper(Number(row.id), original);
    }
  }, 120_000);
});
