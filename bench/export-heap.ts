/**
 * What the xlsx writer keeps alive, apart from garbage the collector has not reached yet: the
 * engine's writeXlsx (engine/src/export/xlsx.ts) fed pages of 2,000 generated requisition-line
 * rows into an output that takes 64 KB per event-loop turn (a client on a network), with a full
 * collection after every page; prints the largest live heap (V8 heap + external buffers) seen, per
 * row count. A writer that held its rows (or let its zip buffer grow) would grow with the rows.
 *
 * Run by bench/export.ts in a child process: node --expose-gc --import tsx bench/export-heap.ts 20000 100000 300000
 * Prints one JSON line: [{ rows, ms, bytes, liveHeapPeak, liveHeapStart }]
 */
import { Writable } from 'node:stream';
import { writeXlsx } from '../engine/src/export/xlsx.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const COLUMNS = ['requestno', 'requestdate', 'registration', 'partnumber', 'itemname', 'quantity', 'invunitom', 'statuswf', 'progress', 'remark'];
const live = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

async function run(rows: number) {
  let bytes = 0;
  const out = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      setImmediate(done);
    },
  });
  gc!();
  const start = live();
  let peak = start;
  async function* pages() {
    for (let i = 0; i < rows; i += 2000) {
      const page: Record<string, unknown>[] = [];
      for (let j = i; j < Math.min(rows, i + 2000); j++) {
        page.push({
          requestno: `MR/GAT/2026/${String(j).padStart(6, '0')}`,
          requestdate: `2026-${String(1 + (j % 12)).padStart(2, '0')}-${String(1 + (j % 28)).padStart(2, '0')}`,
          registration: `PK-Y${String.fromCharCode(65 + (j % 26))}${String.fromCharCode(65 + ((j >> 5) % 26))}`,
          partnumber: `PN-${(j * 7919) % 100_003}-${j % 97}`,
          itemname: `Item ${(j * 31) % 5000} seal, o-ring, packing`,
          quantity: (j % 40) + 1,
          invunitom: 'PCS',
          statuswf: j % 3 ? 'APPROVED' : 'ON PROCESS',
          progress: j % 5,
          remark: j % 4 ? null : `AOG request ${j} for the next check`,
        });
      }
      yield page;
      gc!();
      peak = Math.max(peak, live());
    }
  }
  const t0 = performance.now();
  await writeXlsx(
    out,
    'Requisition lines',
    COLUMNS.map((key) => ({ header: key, key })),
    pages(),
  );
  await new Promise<void>((resolve) => out.end(resolve));
  return { rows, ms: performance.now() - t0, bytes, liveHeapPeak: peak, liveHeapStart: start };
}

const results = [];
for (const n of process.argv.slice(2).map(Number)) results.push(await run(n));
process.stdout.write(`${JSON.stringify(results)}\n`);
