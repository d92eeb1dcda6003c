/**
 * The streamed xlsx writer: every row arrives, in order, through a slow reader (backpressure holds
 * the pages back instead of buffering them), and a download cancelled half-way stops the export
 * instead of leaving it waiting for a drain that never comes.
 */
import { describe, expect, it } from 'vitest';
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { writeXlsx } from '../src/export/xlsx.ts';

const COLUMNS = [
  { header: 'No.', key: 'no' },
  { header: 'Part Number', key: 'pn' },
  { header: 'Quantity', key: 'qty' },
];

function rowsOf(n: number, pageSize: number, onPage?: (i: number) => void) {
  return (async function* () {
    for (let i = 0; i < n; i += pageSize) {
      onPage?.(i / pageSize);
      const page = [];
      for (let j = i; j < Math.min(n, i + pageSize); j++) page.push({ no: j + 1, pn: `PN-${j}-<b>&"'`, qty: j % 7 });
      yield page;
    }
  })();
}

describe('xlsx export writer', () => {
  it('writes every row in order to a slow reader, reading pages only as the reader keeps up', async () => {
    const chunks: Buffer[] = [];
    let taken = 0;
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _e, done) {
        chunks.push(chunk);
        taken += chunk.length;
        setTimeout(done, 1); // a client on a slow network
      },
    });
    const takenWhenPageRead: number[] = [];
    const n = await writeXlsx(out, 'Lines / test', COLUMNS, rowsOf(30_000, 1000, () => takenWhenPageRead.push(taken)));
    await new Promise<void>((r) => out.end(r));
    expect(n).toBe(30_000);
    // pages were not all read up front: later pages waited for the reader
    console.log('taken', takenWhenPageRead.at(-1), chunks.reduce((a, c) => a + c.length, 0));
    expect(takenWhenPageRead.at(-1)).toBeGreaterThan(0);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Lines - test');
    expect(ws.rowCount).toBe(30_001);
    expect(ws.getRow(1).values).toEqual([undefined, 'No.', 'Part Number', 'Quantity']);
    expect(ws.getRow(2).values).toEqual([undefined, 1, 'PN-0-<b>&"\'', 0]);
    expect(ws.getRow(30_001).values).toEqual([undefined, 30_000, 'PN-29999-<b>&"\'', 29_999 % 7]);
  });

  it('stops when the download is cancelled instead of waiting forever', { timeout: 20_000 }, async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    let pagesRead = 0;
    out.once('data', () => setTimeout(() => out.destroy(), 5)); // read a little, then go away
    const done = writeXlsx(out, 'Cancelled', COLUMNS, rowsOf(200_000, 1000, () => pagesRead++));
    await expect(done).rejects.toThrow(/cancelled/);
    expect(pagesRead).toBeLessThan(200);
  });
});
