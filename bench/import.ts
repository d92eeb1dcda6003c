/**
 * Bulk import of 10,000 item rows in one go (docs/import.md): an xlsx of new master items (Part
 * Number, Description, Category by its key; defaults for the rest) posted to
 * POST /api/data/master_item/import?policy=all as the benchmark user, timed from the upload to the
 * result line, once as a dry run and once for real. The part numbers carry the run's time, so
 * runs never collide; the rows stay in the benchmark database (tagged IMP-<run>-).
 */
import ExcelJS from 'exceljs';
import type { BenchContext } from './lib/context.ts';
import { getJson } from './lib/http.ts';
import { log, printTable } from './lib/report.ts';

export const IMPORT_ROWS = 10_000;

async function post(ctx: BenchContext, query: string, file: Buffer): Promise<{ ms: number; result: { total: number; imported: number; failed: number; rows: { ok: boolean; errors: unknown[] }[] } }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'items.xlsx');
  const t0 = performance.now();
  const res = await fetch(`${ctx.server.base}/api/data/master_item/import?${query}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${ctx.auth.token}` } });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`import: ${res.status} ${text}`);
  const last = JSON.parse(text.trim().split('\n').at(-1)!);
  if (last.error) throw new Error(`import: ${JSON.stringify(last.error)}`);
  return { ms, result: last.result };
}

export async function importBenchmark(ctx: BenchContext): Promise<void> {
  const rows = ctx.quick ? 1_000 : IMPORT_ROWS;
  const cat = await getJson<{ list: { id?: number; categorykey?: number }[] }>(`${ctx.server.base}/api/data/master_item_category?limit=1`, ctx.auth.token);
  const category = Object.values(cat.list[0] ?? {}).find((v) => typeof v === 'number');
  const run = Date.now().toString(36);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Items');
  ws.addRow(['Part Number', 'Description', 'Category']);
  for (let i = 1; i <= rows; i++) ws.addRow([`IMP-${run}-${String(i).padStart(5, '0')}`, `Imported part ${i}`, category]);
  const file = Buffer.from(await wb.xlsx.writeBuffer());
  log(`import: ${rows} rows, ${file.length} bytes of xlsx`);
  const dry = await post(ctx, 'dryRun=1&policy=all', file);
  const real = await post(ctx, 'policy=all', file);
  const firstError = real.result.rows.find((r) => !r.ok)?.errors;
  printTable({
    title: `Import: ${rows.toLocaleString('en-US')} master_item rows from xlsx in one request (all-or-nothing)`,
    machine: ctx.machine,
    scale: ctx.scale,
    columns: ['run', 'rows', 'imported', 'failed', 'seconds', 'rows/s'],
    rows: [
      ['dry run', dry.result.total, dry.result.imported, dry.result.failed, (dry.ms / 1000).toFixed(1), (rows / (dry.ms / 1000)).toFixed(0)],
      ['import', real.result.total, real.result.imported, real.result.failed, (real.ms / 1000).toFixed(1), (rows / (real.ms / 1000)).toFixed(0)],
    ],
    notes: [
      'each row through repo.create (schema, references, numbering, hooks, audit row) under a savepoint in one transaction (engine/src/crud/import.ts)',
      ...(firstError ? [`first row error: ${JSON.stringify(firstError)}`] : []),
    ],
  });
}
