/**
 * Bulk import of an entity's rows from xlsx or CSV (issue 23 point 3), through the repository, so
 * every row gets exactly what the API gives it: the JSON Schema, references in the company, the
 * lifecycle, numbering, hooks and the audit row.
 *
 *   1. read: the first sheet (or the CSV); the first row names the columns, by field label or
 *      field name (the template, importColumns, writes labels);
 *   2. convert each cell to the field's value: numbers, dates (Excel dates or YYYY-MM-DD),
 *      yes/no, an enum's code or label, a reference's key or its display text in the company
 *      (unknown text is that row's error at the field); empty cells are left out (defaults apply);
 *   3. write every row in ONE transaction, each under a savepoint: a row whose `key` value matches
 *      an existing row of the company updates it (with its current version), any other row is
 *      created; a refused row is rolled back to its savepoint and keeps its errors;
 *   4. decide: a dry run rolls everything back; `all` (all-or-nothing) commits only when no row
 *      failed; `valid` commits the rows that passed. Then one sys_import_log row says who imported
 *      what, how many rows went in and how many failed (also for dry runs and refused imports).
 *
 *   const r = await importRows(ctx, 'master_item', rows, { keyField: 'partnumber', policy: 'valid', dryRun: false, filename: 'items.xlsx' });
 */
import type ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import type { AppAbility } from '../access/ability.ts';
import type { EntityDef, FieldDef, Registry } from '../metadata/registry.ts';
import type { Repository, UserRef } from './repository.ts';
import { appError, isAppError } from '../errors.ts';
import { mapDbError } from './db-errors.ts';

export interface ImportContext {
  db: DB;
  reg: Registry;
  repo: Repository;
  ability: AppAbility;
  user: UserRef;
  compcode: string;
}

export interface ImportOptions {
  /** A unique field: a row whose value exists in the company updates that row. */
  keyField?: string;
  /** `all`: all-or-nothing; `valid`: the rows that pass go in, the others are reported. */
  policy: 'all' | 'valid';
  dryRun: boolean;
  filename: string;
  /** Longest time the writing may take (default MAX_IMPORT_MS), then it is stopped and rolled back. */
  maxMs?: number;
  /** Called every few rows while writing. */
  onProgress?: (done: number, total: number) => void;
}

export interface ImportRowResult {
  /** The row's number in the file (the header is row 1). */
  row: number;
  action: 'insert' | 'update';
  ok: boolean;
  key?: string | number;
  errors: { field: string; message: string }[];
}

export interface ImportResult {
  total: number;
  /** Rows written (0 for a dry run or a refused all-or-nothing import). */
  imported: number;
  failed: number;
  committed: boolean;
  rows: ImportRowResult[];
}

/** At most this many data rows per file. */
const MAX_IMPORT_ROWS = 20_000;
/** An import writing longer than this is stopped and rolled back (400): the transaction holds its rows' locks meanwhile. */
const MAX_IMPORT_MS = 5 * 60_000;

/** The columns of an entity's import template: its writable fields (numbered and server fields excluded), the string key first. */
export function importColumns(e: EntityDef): { field: string; label: string }[] {
  const cols = e.fields.filter((f) => !f.hidden && !f.readOnly && f.type !== 'binary' && f.type !== 'attachment' && e.numbering?.field !== f.name).map((f) => ({ field: f.name, label: f.label }));
  return e.keyType === 'string' ? [{ field: e.key, label: e.key === 'compcode' ? 'Company Code' : 'Code' }, ...cols] : cols;
}

/** Reads the first sheet of an xlsx (or a CSV) into header → value objects, with their row numbers. */
export async function readSheet(data: Buffer, kind: 'xlsx' | 'csv'): Promise<{ headers: string[]; rows: { row: number; values: Record<string, unknown> }[] }> {
  // loaded on first use: exceljs costs 0.4 s of every server start otherwise (issue 24 point 5)
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  let ws: ExcelJS.Worksheet | undefined;
  try {
    if (kind === 'csv') ws = await wb.csv.read(Readable.from([data]), { parserOptions: { trim: false } } as never);
    else {
      await wb.xlsx.load(data as never);
      ws = wb.worksheets[0];
    }
  } catch {
    throw appError('ERR_BAD_REQUEST', { message: `The file is not a readable ${kind === 'csv' ? 'CSV' : 'xlsx'} file.` });
  }
  if (!ws) throw appError('ERR_BAD_REQUEST', { message: 'The file has no sheet.' });
  const headers: string[] = [];
  ws.getRow(1).eachCell({ includeEmpty: true }, (c, col) => (headers[col - 1] = String(plainCell(c.value) ?? '').trim()));
  const rows: { row: number; values: Record<string, unknown> }[] = [];
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const values: Record<string, unknown> = {};
    let any = false;
    r.eachCell({ includeEmpty: false }, (c, col) => {
      const v = plainCell(c.value);
      if (v === null || v === undefined || v === '') return;
      const h = headers[col - 1];
      if (h) {
        values[h] = v;
        any = true;
      }
    });
    if (any) rows.push({ row: n, values });
  });
  if (rows.length > MAX_IMPORT_ROWS) throw appError('ERR_BAD_REQUEST', { message: `The file has ${rows.length} rows; at most ${MAX_IMPORT_ROWS} can be imported at once.` });
  return { headers: headers.filter(Boolean), rows };
}

/** A cell's value without exceljs's wrappers (formula results, rich text, hyperlinks). */
export function plainCell(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as unknown as Record<string, unknown>;
    if ('result' in o) return plainCell(o.result as ExcelJS.CellValue);
    if ('richText' in o) return (o.richText as { text: string }[]).map((t) => t.text).join('');
    if ('text' in o) return String(o.text);
    if ('error' in o) return null;
  }
  return typeof v === 'string' ? v.trim() : v;
}

const YES = new Set(['yes', 'y', 'true', '1', 'ya']);
const NO = new Set(['no', 'n', 'false', '0', 'tidak']);

/**
 * Builds a converter of file values to field values; reference texts are looked up once each, in
 * the import's own transaction `tx` (PGlite has one connection: a look-up outside it would wait for
 * the transaction forever and stop the server, issue 32.6).
 */
function converter(ctx: ImportContext) {
  const refCache = new Map<string, unknown>();
  return async (tx: DB, f: FieldDef, v: unknown): Promise<{ value: unknown } | { error: string }> => {
    switch (f.type) {
      case 'integer':
      case 'decimal': {
        const n = typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''));
        return Number.isFinite(n) ? { value: n } : { error: `'${String(v)}' is not a number` };
      }
      case 'boolean': {
        if (typeof v === 'boolean') return { value: v };
        const s = String(v).trim().toLowerCase();
        return YES.has(s) ? { value: true } : NO.has(s) ? { value: false } : { error: `'${String(v)}' is not yes or no` };
      }
      case 'date':
      case 'datetime': {
        if (v instanceof Date) return { value: f.type === 'date' ? v.toISOString().slice(0, 10) : v.toISOString() };
        return { value: String(v) };
      }
      case 'enum': {
        const s = String(v).trim();
        const hit = (f.values ?? []).find((x) => String(x.code) === s) ?? (f.values ?? []).find((x) => x.label.toLowerCase() === s.toLowerCase());
        return hit ? { value: hit.code } : { error: `'${s}' is not one of ${(f.values ?? []).map((x) => x.label).join(', ')}` };
      }
      case 'reference': {
        const target = ctx.reg.entity(f.entity ?? '');
        if (target.keyType !== 'string' && typeof v === 'number') return { value: v };
        const s = String(v).trim();
        const id = `${target.name}|${s.toLowerCase()}`;
        if (!refCache.has(id)) {
          const display = target.display ?? target.key;
          let q = loose(tx).selectFrom(target.table).select(target.key).where(sql`lower(cast(${sql.ref(display)} as text))`, '=', s.toLowerCase());
          if (target.companyScoped && target.fields.every((x) => x.name !== 'compcode') && target.key !== 'compcode' && !target.companyVia) q = q.where('compcode', '=', ctx.compcode);
          let found = (await q.limit(2).execute()) as Record<string, unknown>[];
          if (found.length !== 1 && target.keyType === 'string') found = [{ [target.key]: s }];
          else if (found.length === 0 && /^\d+$/.test(s)) found = [{ [target.key]: Number(s) }];
          refCache.set(id, found.length === 1 ? found[0][target.key] : undefined);
        }
        const key = refCache.get(id);
        return key === undefined ? { error: `no ${target.title ?? target.name} '${s}'` } : { value: key };
      }
      default:
        return { value: typeof v === 'string' ? v : String(v) };
    }
  };
}

/** Field errors of a refused write as `{ field, message }`. */
function errorsOf(err: unknown): { field: string; message: string }[] {
  if (isAppError(err)) {
    if (err.errors?.length) return err.errors.map((x) => ({ field: x.path.replace(/^\//, '').split('/')[0] ?? '', message: x.message }));
    return [{ field: '', message: err.message }];
  }
  return [{ field: '', message: 'The row could not be saved.' }];
}

/**
 * The field of each column header (label or name, case-insensitive); 400 naming the columns that
 * are not in the template, or a key that is neither the key nor a unique field.
 */
export function importFields(e: EntityDef, headers: string[], keyField?: string): Map<string, FieldDef> {
  const columns = importColumns(e);
  // header → field, by label or name, case-insensitive
  const byHeader = new Map<string, FieldDef>();
  for (const c of columns) {
    const f = c.field === e.key ? ({ name: e.key, type: 'string', label: c.label } as FieldDef) : e.fields.find((x) => x.name === c.field)!;
    byHeader.set(c.label.toLowerCase(), f);
    byHeader.set(c.field.toLowerCase(), f);
  }
  const unknown = headers.filter((h) => !byHeader.has(h.toLowerCase()));
  if (unknown.length) throw appError('ERR_VALIDATION', { message: `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`, errors: unknown.map((h) => ({ path: `/${h}`, message: 'is not a column of the template' })) });
  if (keyField) {
    const kf = keyField === e.key ? undefined : e.fields.find((f) => f.name === keyField);
    if (keyField !== e.key && !kf?.unique) throw appError('ERR_VALIDATION', { errors: [{ path: '/key', message: 'must be the key or a unique field of the entity' }] });
  }
  return byHeader;
}

class DryRun extends Error {}

export async function importRows(ctx: ImportContext, entity: string, file: { headers: string[]; rows: { row: number; values: Record<string, unknown> }[] }, opts: ImportOptions): Promise<ImportResult> {
  const e = ctx.reg.entity(entity);
  if (e.system || e.view) throw appError('ERR_FORBIDDEN');
  if (!ctx.ability.can('create', e.name) && !(opts.keyField && ctx.ability.can('update', e.name))) throw appError('ERR_FORBIDDEN');
  const byHeader = importFields(e, file.headers, opts.keyField);
  const convert = converter(ctx);
  const results: ImportRowResult[] = [];
  const write = { db: ctx.db, ability: ctx.ability, user: ctx.user };
  const maxMs = opts.maxMs ?? MAX_IMPORT_MS;
  const deadline = Date.now() + maxMs;
  let committed = false;
  try {
    await ctx.db.transaction().execute(async (tx) => {
      const w = { ...write, db: tx };
      let done = 0;
      for (const r of file.rows) {
        const body: Record<string, unknown> = {};
        const errors: { field: string; message: string }[] = [];
        for (const [h, v] of Object.entries(r.values)) {
          const f = byHeader.get(h.toLowerCase())!;
          const c = await convert(tx, f, v);
          if ('error' in c) errors.push({ field: f.name, message: c.error });
          else body[f.name] = c.value;
        }
        let action: 'insert' | 'update' = 'insert';
        let existing: Record<string, unknown> | undefined;
        if (opts.keyField && body[opts.keyField] !== undefined) {
          let q = loose(tx).selectFrom(e.table).select([e.key, 'version']).where(opts.keyField, '=', body[opts.keyField] as string);
          if (e.companyScoped && e.key !== 'compcode') q = q.where('compcode', '=', ctx.compcode);
          existing = (await q.executeTakeFirst()) as Record<string, unknown> | undefined;
          if (existing) action = 'update';
        }
        if (errors.length) {
          results.push({ row: r.row, action, ok: false, errors });
        } else {
          await sql`savepoint import_row`.execute(tx);
          try {
            const saved = existing ? await ctx.repo.update(w, e.name, existing[e.key], { ...body, version: existing.version }) : await ctx.repo.create(w, e.name, body);
            await sql`release savepoint import_row`.execute(tx);
            results.push({ row: r.row, action, ok: true, key: saved[e.key] as string | number, errors: [] });
          } catch (err) {
            // a database refusal (too long, out of range, a constraint) is that row's error too
            const mapped = mapDbError(err);
            if (!isAppError(mapped)) throw err;
            await sql`rollback to savepoint import_row`.execute(tx);
            results.push({ row: r.row, action, ok: false, errors: errorsOf(mapped) });
          }
        }
        done++;
        if (Date.now() > deadline) throw appError('ERR_BAD_REQUEST', { message: `The import took longer than ${Math.round(maxMs / 1000)} seconds and was stopped at row ${r.row}; nothing was imported. Import the file in smaller parts.` });
        if (opts.onProgress && (done % 50 === 0 || done === file.rows.length)) opts.onProgress(done, file.rows.length);
      }
      const failed = results.filter((x) => !x.ok).length;
      if (opts.dryRun || (opts.policy === 'all' && failed > 0)) throw new DryRun();
      committed = true;
    });
  } catch (err) {
    if (!(err instanceof DryRun)) throw err;
  }
  const failed = results.filter((x) => !x.ok).length;
  const imported = committed ? results.length - failed : 0;
  await ctx.db
    .insertInto('sys_import_log')
    .values({
      compcode: ctx.compcode,
      entity: e.name,
      filename: opts.filename.slice(0, 200),
      mode: opts.dryRun ? 'dry' : opts.policy,
      key_field: opts.keyField ?? null,
      total: results.length,
      imported,
      failed,
      created_by: ctx.user.username,
    } as never)
    .execute();
  return { total: results.length, imported, failed, committed, rows: results };
}

/** The company's last 50 imports of an entity, newest first (the Import dialog's log). */
export async function importLog(db: DB, compcode: string, entity: string) {
  return db
    .selectFrom('sys_import_log')
    .select(['id', 'created_at', 'created_by', 'filename', 'mode', 'key_field', 'total', 'imported', 'failed'])
    .where('compcode', '=', compcode)
    .where('entity', '=', entity)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}
