/**
 * Task card sign-off: who may put which signature on a card, in which order. A card is performed
 * by one person (the work done), certified by a person whose authorisation covers it (the work
 * checked and released at card level) and, when it is a required inspection item (RII: flight
 * controls, engine controls…), inspected by a second, independent person who did not perform it.
 * A card is complete ("signed", DONE) when performed, certified and, if RII, inspected.
 *
 * The authorisation itself is checked by authorisation.ts; this file is the order and the
 * independence. Pure functions; hand-worked cases in rules.test.ts.
 */

export type CardSignature = 'PERFORM' | 'CERTIFY' | 'INSPECT';

/** What the sign-off rules read of a card. */
export interface CardState {
  /** The card's number on its work order and its task code, for messages ("card 2 (32-100-01)"). */
  seq: number;
  code?: string | null;
  /** What the card asks to be done: a card without it is blank, and a blank card is never signed. */
  text?: string | null;
  status: string;
  rii: boolean;
  performedBy?: number | null;
  performedName?: string | null;
  certifiedBy?: number | null;
  certifiedName?: string | null;
  inspectedBy?: number | null;
  inspectedName?: string | null;
}

export const cardLabel = (c: Pick<CardState, 'seq' | 'code'>): string => `Task card ${c.seq}${c.code ? ` (${c.code})` : ''}`;

/** Card states that take no more signatures. */
const PUT_ASIDE: Record<string, string> = { DEFERRED: 'deferred', CARRIED: 'carried to another work order', NOTDONE: 'cancelled' };

/** Why `signer` may not give this signature on the card now, or null. */
export function signOffRefusal(card: CardState, signature: CardSignature, signer: number): string | null {
  const label = cardLabel(card);
  if (card.text !== undefined && !(card.text ?? '').trim()) return `${label} has no text: a blank card is never signed; the planner writes what is to be done first.`;
  if (PUT_ASIDE[card.status]) return `${label} is ${PUT_ASIDE[card.status]}: it takes no signature.`;
  const performed = card.performedBy !== null && card.performedBy !== undefined;
  switch (signature) {
    case 'PERFORM':
      if (performed) return `${label} is already signed as performed by ${card.performedName ?? 'someone'}.`;
      return null;
    case 'CERTIFY':
      if (!performed) return `${label} is not performed yet: it is certified once the work is signed as performed.`;
      if (card.certifiedBy !== null && card.certifiedBy !== undefined) return `${label} is already certified by ${card.certifiedName ?? 'someone'}.`;
      return null;
    case 'INSPECT':
      if (!card.rii) return `${label} is not a required inspection item: it needs no independent inspection.`;
      if (!performed) return `${label} is not performed yet: the independent inspection follows the work.`;
      if (card.inspectedBy !== null && card.inspectedBy !== undefined) return `${label} is already inspected by ${card.inspectedName ?? 'someone'}.`;
      if (card.performedBy === signer) return `The independent inspection of task card ${card.seq}${card.code ? ` (${card.code})` : ''} must be signed by someone who did not perform the task (performed by ${card.performedName ?? 'you'}).`;
      return null;
  }
}

/** The card's status after its signatures: DONE when performed, certified and (RII) inspected. */
export function statusAfter(card: Pick<CardState, 'rii' | 'performedBy' | 'certifiedBy' | 'inspectedBy'>): 'OPEN' | 'PERFORMED' | 'DONE' {
  const has = (v: number | null | undefined) => v !== null && v !== undefined;
  if (!has(card.performedBy)) return 'OPEN';
  if (has(card.certifiedBy) && (!card.rii || has(card.inspectedBy))) return 'DONE';
  return 'PERFORMED';
}
