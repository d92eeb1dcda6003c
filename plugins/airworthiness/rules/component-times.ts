/**
 * The times of a serial-numbered part and how they travel with it. A part keeps TSN/CSN (since
 * new), TSO/CSO (since overhaul), TSR/CSR (since repair), landings and the extra counter since new,
 * and, for a life-limited part, life used in reference cycles. While installed, every posted
 * flight adds its usage (through the part's factors); at removal, TSI = aircraft total at removal
 * − aircraft total at installation; the part's totals go with it to the shop and to the next
 * aircraft. An unknown value (null) stays unknown: it is flagged, never taken as zero.
 */
import type { PartUsage } from './usage.ts';

export interface PartTimes {
  tsn: number | null;
  csn: number | null;
  tso: number | null;
  cso: number | null;
  tsr: number | null;
  csr: number | null;
  lsn: number | null;
  rsn: number | null;
  /** Life used in thousandths of a reference cycle (LLPs), null when not tracked. */
  lifeMilli: number | null;
}

const plus = (v: number | null, d: number): number | null => (v === null ? null : v + d);

/** Times after usage `u` (negative to take usage back); `lifeMilli` is the life consumed. */
export function addUsage(t: PartTimes, u: PartUsage, lifeMilli = 0, sign: 1 | -1 = 1): PartTimes {
  return {
    tsn: plus(t.tsn, sign * u.hours),
    csn: plus(t.csn, sign * u.cycles),
    tso: plus(t.tso, sign * u.hours),
    cso: plus(t.cso, sign * u.cycles),
    tsr: plus(t.tsr, sign * u.hours),
    csr: plus(t.csr, sign * u.cycles),
    lsn: plus(t.lsn, sign * u.landings),
    rsn: plus(t.rsn, sign * u.rin),
    lifeMilli: plus(t.lifeMilli, sign * lifeMilli),
  };
}

/** Time and cycles since installation: the aircraft's totals (or its APU's) at removal minus at installation. */
export function sinceInstallation(installedAt: { h: number | null; c: number | null }, removedAt: { h: number; c: number }): { tsi: number | null; csi: number | null } {
  return {
    tsi: installedAt.h === null ? null : removedAt.h - installedAt.h,
    csi: installedAt.c === null ? null : removedAt.c - installedAt.c,
  };
}

/** What a shop visit restores: an overhaul zeroes TSO/CSO (and TSR/CSR), a repair TSR/CSR; never the life of an LLP nor TSN/CSN. */
export function afterShopVisit(t: PartTimes, work: { overhaul: boolean; repair: boolean }, isLlp: boolean): PartTimes {
  const out = { ...t };
  if (isLlp) return out;
  if (work.overhaul) Object.assign(out, { tso: 0, cso: 0, tsr: 0, csr: 0 });
  else if (work.repair) Object.assign(out, { tsr: 0, csr: 0 });
  return out;
}
