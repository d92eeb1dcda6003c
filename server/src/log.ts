/**
 * The server's log: what is written and how it looks (docs/decisions/0130).
 *
 * - One line per request only when it matters: answers of 400 and above (a summary: method,
 *   address without secrets, status, time) and requests slower than LOG_SLOW_MS (default 1000
 *   ms). LOG_REQUESTS=1 writes every request. Errors are written with their stack.
 * - Human-readable lines by default (`12:04:05.123 WARN  GET /api/x → 404 3 ms`), JSON lines
 *   (pino's own) with LOG_FORMAT=json, for a log collector.
 *
 * A quiet request costs nothing: no line is built, serialised or written for it.
 */
import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
/** Fields of a pino line that the human-readable line shows in its own place (or not at all). */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'reqId', 'method', 'url', 'status', 'ms']);

const pad2 = (n: number) => String(n).padStart(2, '0');

/** One pino JSON line as a human-readable line (a line that is not JSON is passed as it is). */
export function prettyLine(json: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const d = new Date(typeof o.time === 'number' ? o.time : Date.now());
  const time = `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
  const level = LEVELS[Number(o.level)] ?? String(o.level);
  const parts = [time, level];
  if (o.method !== undefined) parts.push(`${String(o.method)} ${String(o.url)} → ${String(o.status)} ${String(o.ms)} ms`);
  if (o.msg !== undefined && o.msg !== 'request') parts.push(String(o.msg));
  const rest = Object.entries(o).filter(([k]) => !SHOWN.has(k));
  if (rest.length) parts.push(rest.map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' '));
  let line = parts.join(' ');
  const err = o.err as { stack?: string; message?: string } | undefined;
  if (err) line += `\n  ${String(err.stack ?? err.message ?? JSON.stringify(err)).split('\n').join('\n  ')}`;
  return `${line}\n`;
}

/** A stream pino writes its JSON lines into that writes them human-readable to `out`. */
export function prettyStream(out: NodeJS.WritableStream): Writable {
  let buffered = '';
  return new Writable({
    write(chunk, _enc, cb) {
      buffered += String(chunk);
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line.trim() !== '') out.write(prettyLine(line));
      }
      cb();
    },
  });
}

export interface RequestLogRule {
  /** Every request (LOG_REQUESTS=1). */
  all: boolean;
  /** A request at least this slow is written (LOG_SLOW_MS). */
  slowMs: number;
}

/** The level a finished request is written at, or null when it is not written. */
export function requestLogLevel(rule: RequestLogRule, status: number, ms: number): 'error' | 'warn' | 'info' | null {
  if (status >= 500) return 'error';
  if (ms >= rule.slowMs) return 'warn';
  if (status >= 400 || rule.all) return 'info';
  return null;
}
