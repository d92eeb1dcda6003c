/**
 * Backup and restore of the whole database (issue 41 point 4, docs/operations.md), for both kinds:
 *   PostgreSQL   `pg_dump --format=custom` / `pg_restore` (the PostgreSQL client tools, same major
 *                version as the server or newer)
 *   PGlite       its own dump of the data folder (`dumpDataDir`, a gzipped tarball) / `loadDataDir`
 * A backup is a folder: the dump, `schema.json` (the schema its last migration recorded) and
 * `manifest.json` (format, product version, database kind, time, the last migration, every
 * table's row count, the dump's size and SHA-256).
 *
 * Restore goes only into an empty database, checks the dump's SHA-256, refuses a backup whose
 * schema is newer than this version's (it holds tables or columns this version would drop), then
 * brings the schema up to this version (migrate), and checks every table's row count against the
 * manifest and the records (audit chain and seals, `verifyRecords` where it exists).
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../../engine/src/db/database.ts';
import { migrate, planMigration, recordedSchema } from '../../../engine/src/db/migrate.ts';
import { schemaFromRegistry, type SchemaModel } from '../../../engine/src/db/schema-model.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';

const run = promisify(execFile);

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  product: { name: string; version: string };
  database: 'postgres' | 'pglite';
  created_at: string;
  /** The last migration applied to the database backed up. */
  migration: { id: number; checksum: string; applied_at: string } | null;
  file: string;
  bytes: number;
  sha256: string;
  /** SHA-256 of schema.json. */
  schema_sha256: string;
  /** Rows of every table of the application's schema when the backup was taken. */
  tables: Record<string, number>;
}

export interface RestoreReport {
  manifest: BackupManifest;
  /** Statements the migration to this version ran after the restore (0 for a backup of this version). */
  migrated: number;
  /** Tables whose row count differs from the manifest's (none when the restore is whole). */
  mismatched: { table: string; expected: number; found: number }[];
}

export class BackupError extends Error {
  override name = 'BackupError';
}

const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/** Every table of the public schema (the application's and `_migrations`) with its row count. */
export async function tableCounts(db: Database['db']): Promise<Record<string, number>> {
  const tables = await sql<{ t: string }>`select tablename as t from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  const out: Record<string, number> = {};
  for (const { t } of tables.rows) {
    const r = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(t)}`.execute(db);
    out[t] = Number(r.rows[0]?.n ?? 0);
  }
  return out;
}

async function productVersion(root: string): Promise<{ name: string; version: string }> {
  const p = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name: p.name, version: p.version };
}

/**
 * Writes a backup of `database` (PostgreSQL at `url`, else the embedded database it holds) into a
 * new folder under `dir`; returns the folder and its manifest.
 */
export async function backupDatabase(opts: { database: Database; url?: string; dir: string; root: string; now?: Date }): Promise<{ folder: string; manifest: BackupManifest }> {
  const { database } = opts;
  const now = opts.now ?? new Date();
  const folder = join(opts.dir, `aeroerp-${database.kind}-${now.toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(folder, { recursive: true });
  let file: string;
  let facts: { tables: Record<string, number>; last: { id: string; checksum: string; applied_at: string } | undefined; schema: SchemaModel };
  if (database.kind === 'postgres') {
    if (!opts.url) throw new BackupError('A PostgreSQL backup needs the database URL (DATABASE_URL).');
    file = 'database.pgdump';
    const url = opts.url;
    // the counts, the recorded schema and the dump read one snapshot: exported by a repeatable-read
    // transaction held open while pg_dump runs on it (writes meanwhile are in neither)
    facts = await database.db.connection().execute(async (conn) => {
      await sql`begin isolation level repeatable read read only`.execute(conn);
      try {
        const snap = await sql<{ s: string }>`select pg_export_snapshot() as s`.execute(conn);
        const read = await readFacts(conn);
        await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snap.rows[0].s}`, `--file=${join(folder, file)}`, `--dbname=${url}`]);
        return read;
      } finally {
        await sql`commit`.execute(conn);
      }
    });
  } else {
    if (!database.dump) throw new BackupError('This embedded database cannot be dumped.');
    file = 'database.tar.gz';
    // one connection, nothing else runs here (the CLI opens the data folder the stopped server left)
    facts = await readFacts(database.db);
    await writeFile(join(folder, file), Buffer.from(await (await database.dump()).arrayBuffer()));
  }
  const { tables, last, schema } = facts;
  const buf = await readFile(join(folder, file));
  const schemaText = JSON.stringify(schema);
  await writeFile(join(folder, 'schema.json'), schemaText);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    product: await productVersion(opts.root),
    database: database.kind,
    created_at: now.toISOString(),
    migration: last ? { id: Number(last.id), checksum: last.checksum, applied_at: last.applied_at } : null,
    file,
    bytes: buf.length,
    sha256: sha256(buf),
    schema_sha256: sha256(Buffer.from(schemaText)),
    tables,
  };
  await writeFile(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { folder, manifest };
}

/** What the manifest says of the database: its tables' rows, the last migration, the schema it recorded. */
async function readFacts(db: Database['db']) {
  const tables = await tableCounts(db);
  const last = (await sql<{ id: string; checksum: string; applied_at: string }>`select id::text, checksum, applied_at::text from _migrations order by id desc limit 1`.execute(db)).rows[0];
  return { tables, last, schema: await recordedSchema(db) };
}

async function pgTool(tool: string, args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    const err = e as { code?: string; stderr?: string; message: string };
    if (err.code === 'ENOENT') throw new BackupError(`${tool} is not installed: install the PostgreSQL client tools (Debian package postgresql-client) of the server's major version or newer.`);
    throw new BackupError(`${tool} failed: ${(err.stderr || err.message).trim().split('\n').slice(0, 5).join(' ')}`);
  }
}

/** The manifest of a backup folder, its dump checked against the SHA-256 it names. */
export async function readBackup(folder: string): Promise<{ manifest: BackupManifest; schema: SchemaModel; dump: Buffer }> {
  const at = join(folder, 'manifest.json');
  if (!existsSync(at)) throw new BackupError(`${folder} is not a backup: it has no manifest.json.`);
  const manifest = JSON.parse(await readFile(at, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`The backup's format ${String(manifest.format)} is not one this version reads (${BACKUP_FORMAT}).`);
  const dump = await readFile(join(folder, manifest.file));
  if (dump.length !== manifest.bytes || sha256(dump) !== manifest.sha256) throw new BackupError(`The backup's ${manifest.file} does not match its manifest (size or SHA-256): it is damaged or was changed.`);
  const schemaText = await readFile(join(folder, 'schema.json'));
  if (sha256(schemaText) !== manifest.schema_sha256) throw new BackupError("The backup's schema.json does not match its manifest (SHA-256): it is damaged or was changed.");
  const schema = JSON.parse(schemaText.toString('utf8')) as SchemaModel;
  return { manifest, schema, dump };
}

/**
 * What this version would drop from the backup's schema: a backup of a newer version (its
 * migrations added what this version does not know). Empty when the backup is this version's or older.
 */
export function newerThanThis(backup: SchemaModel, reg: Registry): string[] {
  return planMigration(backup, schemaFromRegistry(reg)).destructive;
}

/**
 * Restores the backup in `folder` into an empty database: PostgreSQL at `url`, else the embedded
 * database in `dataDir`. `verify` checks the records after (audit chain, seals) and returns what
 * is broken (empty: intact).
 */
export async function restoreDatabase(opts: { folder: string; reg: Registry; url?: string; dataDir?: string; verify?: (database: Database) => Promise<string[]> }): Promise<RestoreReport & { broken: string[] }> {
  const { manifest, schema, dump } = await readBackup(opts.folder);
  const target = opts.url ? 'postgres' : 'pglite';
  if (manifest.database !== target) throw new BackupError(`The backup is of ${manifest.database === 'postgres' ? 'PostgreSQL' : 'the embedded database'}; it restores into the same kind (${target === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'}).`);
  const newer = newerThanThis(schema, opts.reg);
  if (newer.length) throw new BackupError(`The backup is of a newer schema than this version (${manifest.product.version}, migration ${manifest.migration?.id ?? '-'}): this version would drop ${newer.slice(0, 3).join('; ')}${newer.length > 3 ? ` and ${newer.length - 3} more` : ''}. Restore it with the version that made it.`);
  let database: Database;
  if (opts.url) {
    database = await openDatabase({ url: opts.url, poolSize: 2 });
    try {
      const used = await sql<{ n: string }>`select count(*)::text as n from pg_tables where schemaname = 'public'`.execute(database.db);
      if (Number(used.rows[0]?.n) > 0) throw new BackupError('The target database is not empty: restore into a new, empty database (createdb), never over one in use.');
      const file = join(opts.folder, manifest.file);
      await pgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${opts.url}`, file]);
    } catch (e) {
      await database.close();
      throw e;
    }
  } else {
    const dir = opts.dataDir ?? './data';
    const pgdir = join(dir, 'pglite');
    if (existsSync(pgdir) && (await stat(pgdir)).isDirectory() && (await readdir(pgdir)).length > 0) throw new BackupError(`The target ${pgdir} is not empty: restore into a new data folder (DATA_DIR), never over one in use.`);
    database = await openDatabase({ dataDir: dir, loadDataDir: new Blob([new Uint8Array(dump)]) });
  }
  try {
    const found = await tableCounts(database.db);
    const mismatched = Object.entries(manifest.tables)
      .filter(([t, n]) => found[t] !== n)
      .map(([table, expected]) => ({ table, expected, found: found[table] ?? 0 }));
    const migrated = (await migrate(database.db, opts.reg)).statements.length;
    const broken = opts.verify ? await opts.verify(database) : [];
    return { manifest, migrated, mismatched, broken };
  } finally {
    await database.close();
  }
}
