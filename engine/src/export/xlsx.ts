/**
 * Streams rows to an .xlsx file with exceljs's streaming writer (no styles, no shared strings), so
 * memory stays flat whatever the number of rows: rows are read in pages and committed as written,
 * and the next page is read only once the output has drained.
 *
 *   const stream = new PassThrough();
 *   const done = writeXlsx(stream, [{ header: 'Part Number', key: 'partnumber' }], pages());
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { formatDuration } from '../values/duration.ts';

export interface XlsxColumn {
  header: string;
  key: string;
  width?: number;
  /** `hm`: minutes written as H:MM text (durations, as lists show them). */
  format?: string;
}

export async function writeXlsx(out: Writable, sheetName: string, columns: XlsxColumn[], pages: AsyncIterable<Record<string, unknown>[]>): Promise<number> {
  // loaded on first use: exceljs costs 0.4 s of every server start otherwise (issue 24 point 5)
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  // Excel forbids \ / ? * [ ] : in sheet names
  const ws = wb.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, '-').slice(0, 31) || 'Sheet1');
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.min(Math.max(c.header.length + 2, 12), 40) }));
  let n = 0;
  for await (const rows of pages) {
    for (const r of rows) {
      ws.addRow(columns.map((c) => (c.format === 'hm' && r[c.key] !== null && r[c.key] !== undefined ? formatDuration(r[c.key]) : cell(r[c.key])))).commit();
      n++;
    }
    // Backpressure: read no further page while what is written is still waiting, either to be
    // compressed (exceljs pipes the sheet into the zip without heeding backpressure, so its entry
    // stream's buffer is the place to watch) or to be taken by the client.
    for (const w of [sheetEntry(ws), out]) {
      while (w && needsDrain(w) && !out.destroyed) await drained(w, out);
    }
    if (out.destroyed) throw new Error('the export was cancelled');
  }
  ws.commit();
  await wb.commit();
  return n;
}

/** The stream the zip reads the sheet's XML from (exceljs StreamBuf → archiver's PassThrough). */
function sheetEntry(ws: unknown): Writable | undefined {
  const pipes = (ws as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const entry = Array.isArray(pipes) ? (pipes[0] as Writable | undefined) : undefined;
  return entry && typeof entry.once === 'function' ? entry : undefined;
}

/** A write to `w` was refused for now (its buffer is over its high-water mark): 'drain' will follow. */
function needsDrain(w: Writable): boolean {
  // archiver's PassThrough comes from readable-stream, whose streams have no writableNeedDrain
  return w.writableNeedDrain ?? Boolean((w as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain);
}

/** Resolves when `w` drains or `out` closes (a cancelled download), whichever comes first. */
async function drained(w: Writable, out: Writable): Promise<void> {
  const stop = new AbortController();
  await Promise.race([once(w, 'drain', { signal: stop.signal }), once(out, 'close', { signal: stop.signal })]).finally(() => stop.abort());
}

function cell(v: unknown): string | number | boolean | Date | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v;
  return JSON.stringify(v);
}
