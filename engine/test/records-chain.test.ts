/**
 * The audit chain (decision 0310), its append-only rule (0311) and verify:records (0312), on a fresh
 * migrated database: rows written through writeAudits are chained per company at commit; an
 * attacker with database access who turns the triggers off and changes, deletes or inserts a row
 * is named by the verifier; the application's own statements cannot change or delete a row.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../server/src/config.ts';
import { createServices } from '../../server/src/boot.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { writeAudits, type AuditRow } from '../src/crud/versioned.ts';
import { mapDbError } from '../src/crud/db-errors.ts';
import { contentHash, linkHash } from '../src/records/chain.ts';
import { verifyRecords } from '../src/records/verify.ts';
import type { DB } from '../src/db/database.ts';

let t: TestDatabase;
const db = () => t.database.db;

const row = (company: string | null, n: number): AuditRow => ({ entity: 'task_card', record_key: String(n), action: 'update', company, user_id: 7, username: 'engineer', changes: JSON.stringify({ changes: { status: ['open', `step ${n}`] } }) });

/** What an attacker with database access does: the triggers off for one transaction. */
async function asAttacker(work: (tx: DB) => Promise<unknown>): Promise<void> {
  await db()
    .transaction()
    .execute(async (tx) => {
      await sql`alter table sys_audit disable trigger user`.execute(tx);
      await sql`alter table sys_audit_link disable trigger user`.execute(tx);
      await work(tx);
      await sql`alter table sys_audit enable trigger user`.execute(tx);
      await sql`alter table sys_audit_link enable trigger user`.execute(tx);
    });
}

beforeAll(async () => {
  t = await createTestDatabase();
  const config = { ...loadConfig({ ...process.env, DATABASE_URL: t.url ?? '', LOG_LEVEL: 'silent' }), jwtSecret: 'records-test', dataDir: 'memory://' };
  await createServices(config, { database: t.database });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const ids = async (company: string) => (await sql<{ id: string }>`select id from sys_audit where company = ${company} order by id`.execute(db())).rows.map((r) => Number(r.id));

describe('the chain', () => {
  it('links each row at commit over the previous one of its company, worked out by hand', async () => {
    await db()
      .transaction()
      .execute((tx) => writeAudits(tx, [row('GAT', 1), row('CTA', 1), row('GAT', 2)]));
    await db()
      .transaction()
      .execute((tx) => writeAudits(tx, [row('GAT', 3)]));
    const links = (await sql<{ audit_id: string; chain: string; seq: string; hash: string; content_hash: string; at: string }>`
      select l.audit_id, l.chain, l.seq, l.hash, a.content_hash, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
      from sys_audit_link l join sys_audit a on a.id = l.audit_id where l.chain = 'GAT' order by l.seq`.execute(db())).rows;
    expect(links.map((l) => Number(l.seq))).toEqual([1, 2, 3]);
    // the content hash is SHA-256 of the canonical JSON: keys sorted, no spaces, as RFC 8785 says
    const canonical = '{"action":"update","changes":"{\\"changes\\":{\\"status\\":[\\"open\\",\\"step 1\\"]}}","company":"GAT","entity":"task_card","record_key":"1","user_id":7,"username":"engineer","v":1}';
    const { createHash } = await import('node:crypto');
    expect(links[0].content_hash).toBe(createHash('sha256').update(canonical).digest('hex'));
    expect(contentHash(row('GAT', 1))).toBe(links[0].content_hash);
    // link 1 follows the empty hash, link 2 link 1's, link 3 link 2's
    const [a, b, c] = links;
    expect(a.hash).toBe(createHash('sha256').update(`|1|${a.audit_id}|${a.content_hash}|${a.at}`).digest('hex'));
    expect(b.hash).toBe(linkHash(a.hash, 2, b.audit_id, b.content_hash, b.at));
    expect(c.hash).toBe(linkHash(b.hash, 3, c.audit_id, c.content_hash, c.at));
    const report = await verifyRecords(db());
    expect(report.ok).toBe(true);
    expect(report.chains.find((x) => x.company === 'GAT')).toMatchObject({ ok: true, rows: 3, head: { seq: 3, hash: c.hash } });
    expect(report.chains.find((x) => x.company === 'CTA')).toMatchObject({ ok: true, rows: 1 });
  });

  it('a rolled back transaction leaves no link and no gap', async () => {
    await db()
      .transaction()
      .execute(async (tx) => {
        await writeAudits(tx, [row('GAT', 4)]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await db()
      .transaction()
      .execute((tx) => writeAudits(tx, [row('GAT', 5)]));
    expect((await verifyRecords(db(), 'GAT')).chains[0]).toMatchObject({ ok: true, rows: 4 });
  });

  it('two transactions writing at once never chain onto the same previous row', async () => {
    // A writes first and commits last, B in between: each is linked at its commit, in commit order
    const a = db().transaction().execute(async (tx) => {
      await writeAudits(tx, [row('GAT', 10)]);
      await new Promise((r) => setTimeout(r, 300));
      await writeAudits(tx, [row('GAT', 11)]);
    });
    await new Promise((r) => setTimeout(r, 50));
    const b = Promise.all(Array.from({ length: 8 }, (_, i) => db().transaction().execute((tx) => writeAudits(tx, [row('GAT', 20 + i), row('GAT', 40 + i)]))));
    await Promise.all([a, b]);
    const report = await verifyRecords(db(), 'GAT');
    expect(report.chains[0]).toMatchObject({ ok: true, rows: 4 + 2 + 16 });
    const seqs = (await sql<{ seq: string }>`select seq from sys_audit_link where chain = 'GAT' order by seq`.execute(db())).rows.map((r) => Number(r.seq));
    expect(seqs).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
  });
});

describe('the application cannot change or delete an audit row', () => {
  it('UPDATE, DELETE and TRUNCATE of sys_audit and its links are refused (409 ERR_APPEND_ONLY)', async () => {
    const [first] = await ids('GAT');
    for (const statement of [
      sql`update sys_audit set changes = '{}' where id = ${first}`,
      sql`delete from sys_audit where id = ${first}`,
      sql`truncate sys_audit`,
      sql`update sys_audit_link set hash = 'x' where audit_id = ${first}`,
      sql`delete from sys_audit_link where audit_id = ${first}`,
      sql`delete from sys_audit_head`,
    ]) {
      const err = await statement.execute(db()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, statement.compile(db()).sql).not.toBeNull();
      expect(mapDbError(err)).toMatchObject({ code: 'ERR_APPEND_ONLY', status: 409 });
    }
    expect((await verifyRecords(db())).ok).toBe(true);
  });
});

describe('tampering past the application is named', () => {
  // each case in a transaction rolled back after the verifier ran, so the next starts intact
  const tampered = async (work: (tx: DB) => Promise<unknown>) => {
    let seen: Awaited<ReturnType<typeof verifyRecords>> | undefined;
    await db()
      .transaction()
      .execute(async (tx) => {
        await sql`alter table sys_audit disable trigger user`.execute(tx);
        await sql`alter table sys_audit_link disable trigger user`.execute(tx);
        await work(tx);
        seen = await verifyRecords(tx);
        throw new Error('undo');
      })
      .catch((e: Error) => {
        if (e.message !== 'undo') throw e;
      });
    expect((await verifyRecords(db())).ok).toBe(true);
    return seen!;
  };
  let gat: number[] = [];
  beforeEach(async () => {
    gat = await ids('GAT');
  });

  it('a changed row: its company, row and what differs', async () => {
    const r = await tampered((tx) => sql`update sys_audit set changes = '{"changes":{"status":["open","certified"]}}' where id = ${gat[1]}`.execute(tx));
    expect(r.ok).toBe(false);
    const broken = r.chains.find((c) => !c.ok);
    expect(broken).toMatchObject({ company: 'GAT', broken: { row: gat[1], seq: 2, entity: 'task_card', record_key: '2' } });
    expect(broken?.broken?.what).toMatch(/no longer matches its hash/);
    expect(r.chains.find((c) => c.company === 'CTA')?.ok).toBe(true);
  });

  it('a changed row whose content hash was recomputed too: the link does not follow', async () => {
    const changes = '{"changes":{"status":["open","certified"]}}';
    const forged = contentHash({ ...row('GAT', 2), changes });
    const r = await tampered((tx) => sql`update sys_audit set changes = ${changes}, content_hash = ${forged} where id = ${gat[1]}`.execute(tx));
    expect(r.chains.find((c) => !c.ok)).toMatchObject({ company: 'GAT', broken: { row: gat[1], seq: 2 } });
    expect(r.chains.find((c) => !c.ok)?.broken?.what).toMatch(/does not follow from the previous link/);
  });

  it('a changed time', async () => {
    const r = await tampered((tx) => sql`update sys_audit set created_at = created_at - interval '1 day' where id = ${gat[2]}`.execute(tx));
    expect(r.chains.find((c) => !c.ok)).toMatchObject({ company: 'GAT', broken: { row: gat[2], seq: 3 } });
  });

  it('a deleted row', async () => {
    const r = await tampered((tx) => sql`delete from sys_audit where id = ${gat[1]}`.execute(tx));
    expect(r.chains.find((c) => !c.ok)).toMatchObject({ company: 'GAT', broken: { row: gat[1], seq: 2 } });
    expect(r.chains.find((c) => !c.ok)?.broken?.what).toMatch(/was deleted/);
  });

  it('a deleted row with its link', async () => {
    const r = await tampered(async (tx) => {
      await sql`delete from sys_audit_link where audit_id = ${gat[1]}`.execute(tx);
      await sql`delete from sys_audit where id = ${gat[1]}`.execute(tx);
    });
    expect(r.chains.find((c) => !c.ok)).toMatchObject({ company: 'GAT', broken: { row: gat[2], seq: 3 } });
    expect(r.chains.find((c) => !c.ok)?.broken?.what).toMatch(/links 2 of the chain are missing/);
  });

  it('the last row deleted with its link', async () => {
    const last = gat[gat.length - 1];
    const r = await tampered(async (tx) => {
      await sql`delete from sys_audit_link where audit_id = ${last}`.execute(tx);
      await sql`delete from sys_audit where id = ${last}`.execute(tx);
    });
    expect(r.chains.find((c) => !c.ok)?.broken?.what).toMatch(/links at the end were deleted/);
  });

  it('an inserted row', async () => {
    let id = 0;
    const r = await tampered(async (tx) => {
      const forged = { ...row('GAT', 99), changes: '{"changes":{"status":["open","certified"]}}' };
      const ins = await sql<{ id: string }>`insert into sys_audit (entity, record_key, action, company, user_id, username, changes, content_hash) values ('task_card', '99', 'update', 'GAT', 7, 'engineer', ${forged.changes}, ${contentHash(forged)}) returning id`.execute(tx);
      id = Number(ins.rows[0].id);
    });
    expect(r.chains.find((c) => !c.ok)).toMatchObject({ company: 'GAT', broken: { row: id, entity: 'task_card', record_key: '99' } });
    expect(r.chains.find((c) => !c.ok)?.broken?.what).toMatch(/in no chain/);
  });

  it('a row moved to another company', async () => {
    const r = await tampered((tx) => sql`update sys_audit set company = 'CTA' where id = ${gat[0]}`.execute(tx));
    expect(r.chains.find((c) => !c.ok)).toMatchObject({ company: 'GAT', broken: { row: gat[0], seq: 1 } });
  });

  it('asAttacker outside a test transaction leaves the triggers on again', async () => {
    await asAttacker(async () => undefined);
    const err = await sql`delete from sys_audit where id = ${gat[0]}`.execute(db()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(mapDbError(err)).toMatchObject({ code: 'ERR_APPEND_ONLY' });
  });
});
