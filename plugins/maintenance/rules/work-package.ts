/**
 * Work packages from the due list: what task card a due item becomes, and whether it may be
 * planned. A due item is planned in at most one open work order at a time (open: not released,
 * closed or cancelled; a card carried elsewhere or cancelled no longer holds it).
 *
 * Pure functions; hand-worked cases in rules.test.ts.
 */

export type DueKind = 'INSPECTION' | 'COMPONENT' | 'LLP' | 'AD' | 'SB' | 'DEFECT' | 'DOCUMENT';

export interface PlannedCard {
  dueKey: string;
  woNo: string;
  seq: number;
  woStatus: string;
  taskStatus: string;
}

/** The card source of a due item's kind; null for items a work order does not accomplish. */
export function cardSource(kind: DueKind): 'INSPECTION' | 'COMPONENT' | 'AD' | 'SB' | 'DEFECT' | null {
  switch (kind) {
    case 'INSPECTION':
    case 'COMPONENT':
    case 'AD':
    case 'SB':
    case 'DEFECT':
      return kind;
    case 'LLP':
      return 'COMPONENT';
    case 'DOCUMENT':
      return null;
  }
}

const CLOSED_ORDERS = new Set(['CRS', 'CLOSED', 'CANCELLED']);
const RELEASED_CARDS = new Set(['CARRIED', 'NOTDONE']);

/** Whether a card still holds its due item (its order open, the card not carried away or cancelled). */
export const holdsItem = (c: Pick<PlannedCard, 'woStatus' | 'taskStatus'>): boolean => !CLOSED_ORDERS.has(c.woStatus) && !RELEASED_CARDS.has(c.taskStatus);

/** Refusals for due items already held by an open card: "ATR-A1 is already planned in WO-2026-00012 (task card 3)." */
export function planningRefusals(items: { dueKey: string; code: string }[], cards: PlannedCard[]): string[] {
  const out: string[] = [];
  for (const it of items) {
    const held = cards.find((c) => c.dueKey === it.dueKey && holdsItem(c));
    if (held) out.push(`${it.code} is already planned in ${held.woNo} (task card ${held.seq}).`);
  }
  return out;
}
