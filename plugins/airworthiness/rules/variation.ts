/**
 * One-time variations (decision 0164): how far the CAMO may extend one due of a programme item,
 * per counter. Pure functions, tested by hand-worked cases.
 */

export interface VariationSpec {
  /** % of the interval; empty: the default. */
  pc: number | null;
  /** Absolute caps per counter (minutes, cycles, days); with a percentage they cap it. */
  h: number | null;
  c: number | null;
  days: number | null;
}

export interface VariationLimit {
  h: number | null;
  c: number | null;
  days: number | null;
  /** The percentage applied (the programme's, else the default). */
  pc: number;
}

/** The percentage a programme item without its own variation limit allows. */
const DEFAULT_VARIATION_PC = 10;

const num = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/**
 * The most a variation may extend each counter: the percentage of the interval (the programme's,
 * else 10%), rounded down, capped by the absolute value where the programme gives one; null where
 * the item has no interval in that counter (nothing to vary). 600 FH at 10% → 60:00 (3,600 min);
 * 600 FH at 10% capped at 50:00 → 50:00.
 */
export function variationLimit(interval: { h: number | null; c: number | null; days: number | null }, spec: VariationSpec | null): VariationLimit {
  const pc = spec && num(spec.pc) ? spec.pc : DEFAULT_VARIATION_PC;
  const one = (iv: number | null, cap: number | null | undefined): number | null => {
    if (!num(iv) || iv <= 0) return null;
    const byPc = Math.floor((iv * pc) / 100);
    return num(cap) ? Math.min(byPc, cap) : byPc;
  };
  return { h: one(interval.h, spec?.h), c: one(interval.c, spec?.c), days: one(interval.days, spec?.days), pc };
}

export type VariedCounter = 'h' | 'c' | 'days';

/** The counters asked beyond the limit (or where the item has no interval), each with its limit. */
export function variationExcess(asked: Record<VariedCounter, number | null>, limit: VariationLimit): { counter: VariedCounter; asked: number; limit: number | null }[] {
  const out: { counter: VariedCounter; asked: number; limit: number | null }[] = [];
  for (const k of ['h', 'c', 'days'] as const) {
    const a = asked[k];
    if (!num(a) || a <= 0) continue;
    const l = limit[k];
    if (l === null || a > l) out.push({ counter: k, asked: a, limit: l });
  }
  return out;
}
