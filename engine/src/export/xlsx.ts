/**
 * Streams rows to an .xlsx file with exceljs's streaming writer (no styles, no shared strings), so
 * memory stays flat whatever the number of rows: rows are read in pages and committed as written.
 *
 *   const stream = new PassThrough();
 *   const done = writeXlsx(stream, [{ header: 'Part Number', key: 'partnumber' }], pages());
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export interface XlsxColumn {
  header: string;
  key: string;
  width?: number;
}

export async function writeXlsx(out: Writable, sheetName: string, columns: XlsxColumn[], pages: AsyncIterable<Record<string, unknown>[]>): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  // Excel forbids \ / ? * [ ] : in sheet names
  const ws = wb.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, '-').slice(0, 31) || 'Sheet1');
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.min(Math.max(c.header.length + 2, 12), 40) }));
  let n = 0;
  for await (const rows of pages) {
    for (const r of rows) {
      ws.addRow(columns.map((c) => cell(r[c.key]))).commit();
      n++;
    }
  }
  ws.commit();
  await wb.commit();
  return n;
}

function cell(v: unknown): string | number | boolean | Date | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v;
  return JSON.stringify(v);
}
