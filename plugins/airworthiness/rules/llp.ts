/**
 * Life-limited parts: life is published in cycles at a reference thrust rating (and sometimes in
 * hours or months) and is never restored by overhaul. Cycles flown at another rating consume life
 * at that rating's factor (the proration table, data: factor = reference limit / limit at the
 * rating), so life used is kept in reference cycles, in thousandths to stay exact.
 */

/** Life consumed by `cycles` at a rating whose factor is `factor`, in thousandths of a reference cycle. */
export function proratedMilli(cycles: number, factor: number): number {
  return Math.round(cycles * factor * 1000);
}

/** Thousandths to reference cycles (3 decimals). */
const fromMilli = (milli: number): number => Math.round(milli) / 1000;

export interface RatingFactor {
  thrust_rating: string;
  factor: number;
}

/**
 * The factor for an engine operated at `rating`: 1 at the LLP's reference rating or when the
 * engine has no rating recorded; the table's factor otherwise (a rating missing from the table
 * counts as the reference; the table should list every rating the fleet operates).
 */
export function ratingFactor(reference: string | null | undefined, rating: string | null | undefined, table: RatingFactor[]): number {
  if (!rating || !reference || rating.trim().toUpperCase() === reference.trim().toUpperCase()) return 1;
  const hit = table.find((r) => r.thrust_rating.trim().toUpperCase() === rating.trim().toUpperCase());
  return hit ? Number(hit.factor) : 1;
}

export interface LlpLife {
  /** Life limit in reference cycles. */
  limitFc: number;
  /** Life used in reference cycles (may be fractional after proration). */
  usedFc: number;
}

/** Remaining life in reference cycles and the share used (percent, one decimal). */
export function llpRemaining(l: LlpLife): { remainingFc: number; usedPc: number } {
  return { remainingFc: fromMilli(Math.round(l.limitFc * 1000) - Math.round(l.usedFc * 1000)), usedPc: Math.round((l.usedFc * 1000) / l.limitFc) / 10 };
}

export interface LlpRow {
  id: number;
  engine: number | null;
  module: string | null;
  remainingFc: number | null;
}

/** The limiter of each engine (and of each module of it): the LLP with the least remaining life. */
export function limiters(rows: LlpRow[]): { byEngine: Map<number, number>; byModule: Map<string, number> } {
  const byEngine = new Map<number, LlpRow>();
  const byModule = new Map<string, LlpRow>();
  for (const r of rows) {
    if (r.remainingFc === null || r.engine === null) continue;
    const e = byEngine.get(r.engine);
    if (!e || (e.remainingFc as number) > r.remainingFc) byEngine.set(r.engine, r);
    const key = `${r.engine}|${r.module ?? ''}`;
    const m = byModule.get(key);
    if (!m || (m.remainingFc as number) > r.remainingFc) byModule.set(key, r);
  }
  return { byEngine: new Map([...byEngine].map(([k, v]) => [k, v.id])), byModule: new Map([...byModule].map(([k, v]) => [k, v.id])) };
}
