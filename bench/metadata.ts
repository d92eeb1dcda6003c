/**
 * Metadata load and validation of the whole tree as the server does at start-up: loadMetadata of
 * engine/core-metadata + metadata (+ METADATA_EXTRA_DIRS), every file read, parsed, validated
 * against the JSON Schema and cross-checked. The first load of the process is shown apart (cold:
 * module and schema compilation); the median is over the following runs.
 */
import { loadConfig } from '../server/src/config.ts';
import { loadMetadata } from '../engine/src/metadata/loader.ts';
import type { Budget } from './lib/context.ts';
import { log, median, ms, printTable, type Machine } from './lib/report.ts';

export async function metadataBenchmark(ctx: { budget: Budget; machine: Machine; scale: string }): Promise<void> {
  const dirs = loadConfig({ ...process.env, LOG_LEVEL: 'silent' }).metadataDirs;
  const time = async () => {
    const t0 = performance.now();
    const reg = await loadMetadata(dirs);
    return { t: performance.now() - t0, reg };
  };
  const first = await time();
  const runs: number[] = [];
  for (let i = 0; i < ctx.budget.metadataRuns; i++) runs.push((await time()).t);
  const r = first.reg;
  log(`metadata: median ${median(runs).toFixed(0)} ms`);
  printTable({
    title: 'Metadata: load and validate the whole tree (loadMetadata)',
    machine: ctx.machine,
    scale: 'metadata only (no database)',
    columns: ['files', 'modules', 'entities', 'screens', 'menus', 'first (cold)', `median of ${runs.length}`, 'min', 'max'],
    rows: [[r.files.length, r.modules.size, r.entities.size, r.screens.size, r.menus.length, ms(first.t, 0), ms(median(runs), 0), ms(Math.min(...runs), 0), ms(Math.max(...runs), 0)]],
    notes: [`folders: ${dirs.join(', ')}`],
  });
}
