/**
 * What every benchmark is given by bench/run.ts: the database target and its generated data, the
 * running server under test, the signed-in benchmark user, and the time budget (quick or full).
 */
import type { Registry } from '../../engine/src/metadata/registry.ts';
import type { BenchData } from '../generate.ts';
import type { Server } from './http.ts';
import type { Flags, Machine } from './report.ts';
import type { Target } from './target.ts';

export interface Budget {
  /** Seconds of measured load per concurrency level of the list benchmark. */
  listSeconds: number;
  listWarmupSeconds: number;
  listMaxRequests: number;
  clients: number[];
  pdfRuns: number;
  browserColdRuns: number;
  browserWarmRuns: number;
  /** Rows of the exports through the server (the smaller ones show memory does not grow with rows). */
  exportRows: number[];
  /** Rows of the writer-only runs that show the live heap after collection (bench/export-heap.ts). */
  exportHeapRows: number[];
  metadataRuns: number;
}

export const FULL_BUDGET: Budget = {
  listSeconds: 10,
  listWarmupSeconds: 2,
  listMaxRequests: 200_000,
  clients: [1, 8, 32],
  pdfRuns: 50,
  browserColdRuns: 5,
  browserWarmRuns: 10,
  exportRows: [20_000, 100_000, 500_000],
  exportHeapRows: [20_000, 100_000, 300_000],
  metadataRuns: 10,
};

export const QUICK_BUDGET: Budget = {
  listSeconds: 1,
  listWarmupSeconds: 0.5,
  listMaxRequests: 20_000,
  clients: [1, 8, 32],
  pdfRuns: 10,
  browserColdRuns: 2,
  browserWarmRuns: 3,
  exportRows: [2_000, 10_000],
  exportHeapRows: [2_000, 10_000],
  metadataRuns: 3,
};

export interface BenchContext {
  flags: Flags;
  quick: boolean;
  budget: Budget;
  target: Target;
  machine: Machine;
  /** Label of the data set printed under every table. */
  scale: string;
  data: BenchData;
  /** The metadata the server runs with (loaded once by the runner). */
  reg: Registry;
  server: Server;
  /** The signed-in benchmark user (gat.user001: every letter on the logistic menus of GAT). */
  auth: { token: string; refresh_token: string; user: Record<string, unknown>; tglaktif?: string; tglkoran?: string };
}
