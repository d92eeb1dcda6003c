/**
 * Sector times of a flight log (fleet-afl): block time is off-block to on-block, flight time is
 * take-off to landing, both in UTC minutes, across midnight (22:40 → 01:10 is 2:30). Times that
 * contradict each other are refused, each with the field it concerns.
 */
import { isoDate } from './dates.ts';

export interface SectorTimestamps {
  block_off: string | Date | null | undefined;
  takeoff: string | Date | null | undefined;
  landing: string | Date | null | undefined;
  block_on: string | Date | null | undefined;
}

export interface FieldError {
  path: string;
  message: string;
}

export type SectorTimes = { ok: true; blockMinutes: number; flightMinutes: number; date: string } | { ok: false; errors: FieldError[] };

/** A block time longer than this is a typing error (a day too far), not a flight. */
const MAX_BLOCK_MINUTES = 24 * 60;

/** Milliseconds of a timestamp truncated to the minute (tech logs record HH:MM). */
function minuteOf(v: string | Date): number | null {
  const t = v instanceof Date ? v.getTime() : Date.parse(v);
  return Number.isFinite(t) ? Math.floor(t / 60_000) : null;
}

export function sectorTimes(t: SectorTimestamps): SectorTimes {
  const errors: FieldError[] = [];
  const at: Record<string, number | null> = {};
  const labels: Record<string, string> = { block_off: 'Block off', takeoff: 'Take-off', landing: 'Landing', block_on: 'Block on' };
  for (const k of ['block_off', 'takeoff', 'landing', 'block_on'] as const) {
    const v = t[k];
    at[k] = v === null || v === undefined || v === '' ? null : minuteOf(v);
    if (at[k] === null) errors.push({ path: `/${k}`, message: `${labels[k]} time is required` });
  }
  if (errors.length) return { ok: false, errors };
  const off = at.block_off as number;
  const to = at.takeoff as number;
  const ldg = at.landing as number;
  const on = at.block_on as number;
  if (on <= off) errors.push({ path: '/block_on', message: 'Block on must be after block off' });
  if (to < off) errors.push({ path: '/takeoff', message: 'Take-off cannot be before block off' });
  if (ldg <= to) errors.push({ path: '/landing', message: 'Landing must be after take-off' });
  if (on < ldg) errors.push({ path: '/block_on', message: 'Block on cannot be before landing' });
  if (on - off > MAX_BLOCK_MINUTES) errors.push({ path: '/block_on', message: 'Block time cannot exceed 24:00' });
  if (errors.length) return { ok: false, errors };
  return { ok: true, blockMinutes: on - off, flightMinutes: ldg - to, date: isoDate(new Date(off * 60_000)) };
}
