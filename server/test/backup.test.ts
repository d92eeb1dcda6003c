/**
 * Backup and restore round trip (issue 41 point 4, docs/operations.md), on the database of the
 * run (TEST_DB): the demo backed up, restored into an empty database, every table's row count and
 * a sample of documents equal; a damaged backup, one of a newer schema and a target in use refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { openDatabase, type Database } from '../../engine/src/db/database.ts';
import { ROOT } from '../src/config.ts';
import { backupDatabase, BackupError, restoreDatabase, tableCounts, type BackupManifest } from '../src/ops/backup.ts';
import { STARTUP_TIMEOUT } from './support.ts';
import { verifyAfterRestore } from '../src/ops/verify-restore.ts';
import type { SchemaModel } from '../../engine/src/db/schema-model.ts';

let t: TestApp;
let folder: string;
let manifest: BackupManifest;
const cleanup: (() => Promise<void>)[] = [];

/** An empty target of the run's kind: a new PostgreSQL database, or a new data folder. */
async function emptyTarget(): Promise<{ url?: string; dataDir?: string; open: () => Promise<Database> }> {
  if (t.kind === 'postgres') {
    const tdb: TestDatabase = await createTestDatabase('postgres', { template: false });
    await tdb.database.close(); // restore opens its own connections; the helper drops the database at the end
    cleanup.push(async () => {
      await tdb.close().catch(() => undefined);
    });
    return { url: tdb.url, open: () => openDatabase({ url: tdb.url, poolSize: 2 }) };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'aero-restore-'));
  return { dataDir, open: () => openDatabase({ dataDir }) };
}

/** The first rows of a table by its first column, as JSON (timestamps and numbers as read). */
async function sample(db: Database['db'], table: string): Promise<string> {
  const r = await sql`select * from ${sql.table(table)} order by 1 limit 25`.execute(db);
  return JSON.stringify(r.rows);
}

const DOCUMENTS = ['work_order', 'aircraft', 'inventory_issue', 'mro_invoice', 'staff_authorisation', 'sys_audit', '_migrations'];

beforeAll(async () => {
  t = await startTestApp();
  const dir = mkdtempSync(join(tmpdir(), 'aero-backup-'));
  ({ folder, manifest } = await backupDatabase({ database: t.services.database, url: t.url, dir, root: ROOT }));
}, STARTUP_TIMEOUT);
afterAll(async () => {
  for (const c of cleanup) await c();
  await t?.close();
});

describe('npm run backup / npm run restore', () => {
  it('writes a manifest that names the version, the migration, the dump and every table', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, product: { name: pkg.name, version: pkg.version }, database: t.kind });
    const last = (await sql<{ id: string }>`select max(id)::text as id from _migrations`.execute(t.services.database.db)).rows[0];
    expect(manifest.migration?.id).toBe(Number(last.id));
    expect(manifest.tables).toEqual(await tableCounts(t.services.database.db));
    expect(manifest.tables.work_order).toBeGreaterThan(0);
    expect(manifest.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(folder, manifest.file)).length).toBe(manifest.bytes);
  });

  it('restores into an empty database: every table has its rows, documents are equal, nothing to migrate', async () => {
    const target = await emptyTarget();
    // the records check of `npm run restore`: the audit chain and the seals of every company verify
    const report = await restoreDatabase({ folder, reg: t.services.reg, url: target.url, dataDir: target.dataDir, verify: verifyAfterRestore });
    expect(report).toMatchObject({ migrated: 0, mismatched: [], broken: [] });
    const restored = await target.open();
    try {
      expect(await tableCounts(restored.db)).toEqual(await tableCounts(t.services.database.db));
      for (const table of DOCUMENTS) expect(await sample(restored.db, table), table).toBe(await sample(t.services.database.db, table));
    } finally {
      await restored.close();
    }
    // and never over a database in use
    await expect(restoreDatabase({ folder, reg: t.services.reg, url: target.url, dataDir: target.dataDir })).rejects.toThrow(/is not empty: restore into a new/);
  });

  it('refuses a damaged backup and one of a newer schema, and writes nothing', async () => {
    const damaged = mkdtempSync(join(tmpdir(), 'aero-damaged-'));
    cpSync(folder, damaged, { recursive: true });
    const dump = readFileSync(join(damaged, manifest.file));
    dump[Math.floor(dump.length / 2)] ^= 0xff;
    writeFileSync(join(damaged, manifest.file), dump);
    const target = await emptyTarget();
    await expect(restoreDatabase({ folder: damaged, reg: t.services.reg, url: target.url, dataDir: target.dataDir })).rejects.toThrow(new BackupError(`The backup's ${manifest.file} does not match its manifest (size or SHA-256): it is damaged or was changed.`));

    // a newer version's backup: its schema has a column this version does not know (its manifest made with it)
    const newer = mkdtempSync(join(tmpdir(), 'aero-newer-'));
    cpSync(folder, newer, { recursive: true });
    const schema = JSON.parse(readFileSync(join(newer, 'schema.json'), 'utf8')) as SchemaModel;
    schema.tables.work_order.columns.push({ ...schema.tables.work_order.columns[1], name: 'added_by_a_newer_version' });
    const text = JSON.stringify(schema);
    writeFileSync(join(newer, 'schema.json'), text);
    const { createHash } = await import('node:crypto');
    writeFileSync(join(newer, 'manifest.json'), JSON.stringify({ ...manifest, schema_sha256: createHash('sha256').update(text).digest('hex') }));
    await expect(restoreDatabase({ folder: newer, reg: t.services.reg, url: target.url, dataDir: target.dataDir })).rejects.toThrow(/The backup is of a newer schema than this version .*added_by_a_newer_version/);

    // the target is still empty: it takes the good backup
    const report = await restoreDatabase({ folder, reg: t.services.reg, url: target.url, dataDir: target.dataDir });
    expect(report.mismatched).toEqual([]);
  });
});
