/**
 * Progress of the demo load on the console (issue 22 point 8): file and step counts and the time
 * elapsed. On a terminal one status line is rewritten in place (at most ten times a second);
 * otherwise (a log file, CI) one line per file.
 *
 *   const p = loadProgress(process.stdout);
 *   await seedDemo(db, reg, p);
 *   p.done();
 */
import type { LoadOptions } from '../../../engine/src/fixtures/load-context.ts';

export interface LoadProgress extends Required<Pick<LoadOptions, 'onStep' | 'onFile'>> {
  /** Ends the status line with the total time ("Seeded demo data: 34 files in 35.2 s"). */
  done(): void;
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function loadProgress(out: NodeJS.WritableStream & { isTTY?: boolean }, what = 'Loading demo data'): LoadProgress {
  const start = Date.now();
  const tty = out.isTTY === true;
  let last = 0;
  let fileNo = 0;
  let files = 0;
  return {
    onStep(p) {
      fileNo = p.fileNo;
      files = p.files;
      const now = Date.now();
      if (!tty || (now - last < 100 && p.step < p.steps)) return;
      last = now;
      out.write(`\r\x1b[K${what}: file ${p.fileNo}/${p.files} ${p.file}, step ${p.step}/${p.steps}, ${secs(now - start)}`);
    },
    onFile(name, ms) {
      if (!tty) out.write(`${what}: file ${fileNo}/${files} ${name} (${secs(ms)}), ${secs(Date.now() - start)} elapsed\n`);
    },
    done() {
      // "Seeded demo data" is what the two-process smoke test counts (scripts/smoke-two-processes.js)
      out.write(`${tty ? '\r\x1b[K' : ''}Seeded demo data: ${files} files in ${secs(Date.now() - start)}\n`);
    },
  };
}
