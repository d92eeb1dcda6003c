/**
 * The demo snapshot's start (server/src/demo-snapshot.ts, issue 24 point 5): a PGlite data folder
 * made with the snapshot's settings (no recycled WAL) and shut down cleanly is copied into an
 * empty data folder and opens there with its rows; the copy is the same bytes; a start whose copy
 * fails reports that failure and leaves no database open.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../engine/src/db/database.ts';
import { copySnapshot, emptyDataDir } from '../../server/src/demo-snapshot.ts';
import { createServices } from '../../server/src/boot.ts';
import { loadConfig } from '../../server/src/config.ts';

const root = mkdtempSync(join(tmpdir(), 'aero-snapshot-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function files(dir: string): Map<string, Buffer> {
  return new Map(
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => [relative(dir, join(e.parentPath, e.name)), readFileSync(join(e.parentPath, e.name))]),
  );
}

describe('demo snapshot', () => {
  it('copies a cleanly shut down data folder that opens with its rows in the empty data folder', async () => {
    const made = join(root, 'made');
    const db = await openDatabase({ dataDir: made, settings: { wal_recycle: 'off', min_wal_size: '32MB' } });
    await sql`create table aircraft (reg text primary key, hours numeric not null)`.execute(db.db);
    await sql`insert into aircraft values ('PK-GAA', 1234.5), ('PK-GAB', 88)`.execute(db.db);
    await sql`checkpoint`.execute(db.db);
    await db.close();
    const snapshot = { path: join(made, 'pglite') };

    const dataDir = join(root, 'data');
    expect(emptyDataDir(dataDir)).toBe(true);
    await copySnapshot(snapshot, dataDir);
    expect(emptyDataDir(dataDir)).toBe(false);
    const source = files(snapshot.path);
    const copy = files(join(dataDir, 'pglite'));
    expect([...copy.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [f, b] of source) expect(copy.get(f)?.equals(b), f).toBe(true);

    const opened = await openDatabase({ dataDir });
    try {
      const rows = await sql<{ reg: string; hours: string }>`select reg, hours::text from aircraft order by reg`.execute(opened.db);
      expect(rows.rows).toEqual([
        { reg: 'PK-GAA', hours: '1234.5' },
        { reg: 'PK-GAB', hours: '88' },
      ]);
    } finally {
      await opened.close();
    }
  }, 120_000);

  it('reports a snapshot that cannot be copied, naming the target, and the data folder stays empty', async () => {
    await expect(copySnapshot({ path: join(root, 'missing') }, join(root, 'third'))).rejects.toThrow(/Copying the demo snapshot into .*third\/pglite failed/);
    expect(emptyDataDir(join(root, 'third'))).toBe(true);
  }, 120_000);

  it('a start whose snapshot copy failed reports the copy and opens no database', async () => {
    const config = { ...loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' }), dataDir: join(root, 'failed') };
    const copy = copySnapshot({ path: join(root, 'missing') }, config.dataDir);
    copy.catch(() => undefined);
    await expect(createServices(config, { dataReady: copy })).rejects.toThrow(/Copying the demo snapshot/);
    expect(emptyDataDir(config.dataDir)).toBe(true);
  }, 120_000);
});
