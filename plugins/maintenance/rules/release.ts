/**
 * The release gate: a certificate of release to service (CRS) is issued only when every task card
 * of the work order is signed (DONE), or formally put aside: deferred under the MEL (a defect
 * deferred with its category and expiry) or carried to another work order with a reason. The
 * certifier's own authorisation is authorisation.ts's RELEASE signature.
 *
 * Pure function; hand-worked cases in rules.test.ts.
 */
import { cardLabel } from './sign-off.ts';

export interface GateCard {
  seq: number;
  code?: string | null;
  status: string;
  /** DEFERRED: the defect it is deferred under, as stored. */
  deferral?: { status: string; melCategory: unknown; dueDate: string | null } | null;
  /** CARRIED: the work order it went to, and why. */
  carriedTo?: unknown;
  carryReason?: string | null;
}

/** Why one card holds the release, or null when it does not. */
export function cardHoldsRelease(c: GateCard): string | null {
  switch (c.status) {
    case 'DONE':
      return null;
    case 'DEFERRED':
      if (!c.deferral || c.deferral.status !== 'DEFERRED' || !c.deferral.melCategory || !c.deferral.dueDate) return 'deferred without a defect deferred under the MEL (category and expiry)';
      return null;
    case 'CARRIED':
      if (!c.carriedTo || !c.carryReason?.trim()) return 'carried without the work order it went to and the reason';
      return null;
    case 'PERFORMED':
      return 'performed but not fully signed (certification or independent inspection missing)';
    default:
      return 'not signed';
  }
}

/** The refusal of a CRS for these cards, or null when the gate is open. */
export function releaseRefusal(cards: GateCard[]): string | null {
  if (cards.length === 0) return 'The work order has no task card: there is nothing to release.';
  const held = cards.map((c) => ({ c, why: cardHoldsRelease(c) })).filter((x) => x.why !== null);
  if (held.length === 0) return null;
  return `The certificate of release to service cannot be issued: ${held.map((x) => `${cardLabel(x.c)} is ${x.why}`).join('; ')}. Every card must be signed or deferred.`;
}
