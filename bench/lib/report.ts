/**
 * Shared output of the benchmarks: command-line flags, statistics, the machine description printed
 * above every table, and plain-text tables.
 *
 *   const m = await machine('PostgreSQL 15.20');
 *   printTable({ title: 'List', machine: m, columns: ['clients', 'req/s'], rows: [[1, 812]] });
 */
import { cpus, totalmem, freemem, loadavg } from 'node:os';

export type Flags = Record<string, string | boolean>;

/** `--quick --only list,pdf --scale 0.02` → { quick: true, only: 'list,pdf', scale: '0.02' }. */
export function parseFlags(argv: string[]): Flags {
  const out: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const eq = a.indexOf('=');
    if (eq > 0) {
      out[a.slice(2, eq)] = a.slice(eq + 1);
    } else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
      out[a.slice(2)] = argv[++i];
    } else {
      out[a.slice(2)] = true;
    }
  }
  return out;
}

export const flagString = (f: Flags, name: string): string | undefined => (typeof f[name] === 'string' ? (f[name] as string) : undefined);
export const flagNumber = (f: Flags, name: string, fallback: number): number => {
  const v = flagString(f, name);
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) ? n : fallback;
};

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const idx = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[idx];
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export const ms = (v: number, digits = 1): string => (Number.isFinite(v) ? `${v.toFixed(digits)} ms` : 'n/a');
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const num = (v: number, digits = 0): string => (Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a');
export const verdict = (ok: boolean | undefined): string => (ok === undefined ? '-' : ok ? 'met' : 'NOT met');

export interface Machine {
  cpu: string;
  cores: number;
  memory: string;
  load: string;
  node: string;
  database: string;
}

export function machine(database: string): Machine {
  const c = cpus();
  return {
    cpu: c[0]?.model?.trim() ?? 'unknown',
    cores: c.length,
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GB (${(freemem() / 1024 ** 3).toFixed(1)} GB free)`,
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    node: process.version,
    database,
  };
}

export interface Table {
  title: string;
  machine: Machine;
  /** e.g. "quick (scale 0.01, 1,000 documents)". */
  scale: string;
  columns: string[];
  rows: (string | number)[][];
  notes?: string[];
}

/** Every printed table is also kept for `--json`. */
export const printed: Table[] = [];

export function printTable(t: Table): void {
  printed.push(t);
  const cells = [t.columns, ...t.rows.map((r) => r.map((c) => (typeof c === 'number' ? num(c, Number.isInteger(c) ? 0 : 1) : c)))];
  const widths = t.columns.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: (string | number)[]) => `| ${r.map((c, i) => String(c ?? '').padEnd(widths[i])).join(' | ')} |`;
  const m = t.machine;
  const out = [
    '',
    `## ${t.title}`,
    `machine: ${m.cpu}, ${m.cores} cores, ${m.memory}, load ${m.load}; Node ${m.node}; ${m.database}`,
    `data: ${t.scale}`,
    '',
    line(cells[0]),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...cells.slice(1).map(line),
  ];
  for (const n of t.notes ?? []) out.push(`  ${n}`);
  console.log(out.join('\n'));
}

export function log(msg: string): void {
  process.stderr.write(`[bench] ${msg}\n`);
}
