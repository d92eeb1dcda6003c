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
const holdsItem = (c: Pick<PlannedCard, 'woStatus' | 'taskStatus'>): boolean => !CLOSED_ORDERS.has(c.woStatus) && !RELEASED_CARDS.has(c.taskStatus);

/** Refusals for due items already held by an open card: "ATR-A1 is already planned in WO-2026-00012 (task card 3)." */
export function planningRefusals(items: { dueKey: string; code: string }[], cards: PlannedCard[]): string[] {
  const out: string[] = [];
  for (const it of items) {
    const held = cards.find((c) => c.dueKey === it.dueKey && holdsItem(c));
    if (held) out.push(`${it.code} is already planned in ${held.woNo} (task card ${held.seq}).`);
  }
  return out;
}

/** A due-list item as the package sees it (the due_item view, with its programme task where it has one). */
export interface DueCandidate {
  dueKey: string;
  kind: DueKind;
  code: string;
  description: string;
  aircraft: number;
  registration: string;
  inspectionGroup: number | null;
  /** The inspection group's sort order (daily 10, A-check 20, C-check 30) and name: the highest names the package. */
  groupSeq?: number | null;
  groupName?: string | null;
  /** A check package of the programme (task type PKG): choosing it brings its group's tasks. */
  isCheck: boolean;
  forecastDate: string | null;
  nextDueDate: string | null;
  /** From the programme task (inspections) or the service bulletin, where it has them. */
  estManhours: number | null;
  skill: string | null;
}

export interface PackageItem extends DueCandidate {
  /** The code of the chosen check that brought it; null for an item chosen itself. */
  broughtBy: string | null;
}

/** Why the chosen items make no package: a document expiry, or items of several aircraft. Null when they do. */
export function packageRefusal(chosen: DueCandidate[]): string | null {
  if (chosen.length === 0) return 'Tick one or more due items to plan.';
  const docs = chosen.filter((c) => cardSource(c.kind) === null);
  if (docs.length) return `${docs.map((d) => d.description).join(', ')}: a document is renewed, not accomplished in a work order.`;
  const regs = [...new Set(chosen.map((c) => c.registration))];
  if (regs.length > 1) return `The ticked items are on ${regs.length} aircraft (${regs.join(', ')}): a work package is for one aircraft.`;
  return null;
}

/**
 * The items of the package, in card order: each chosen item in the order given, and after a chosen
 * check the aircraft's other due items of its inspection group (programme tasks and component
 * limits, not the group's other check packages: choosing the weekly check does not bring the
 * daily), by code. An item appears once, where it first comes.
 */
export function packageItems(chosen: DueCandidate[], aircraftItems: DueCandidate[]): PackageItem[] {
  const out: PackageItem[] = [];
  const seen = new Set<string>();
  const chosenKeys = new Set(chosen.map((c) => c.dueKey));
  const add = (it: DueCandidate, broughtBy: string | null) => {
    if (seen.has(it.dueKey)) return;
    seen.add(it.dueKey);
    out.push({ ...it, broughtBy });
  };
  for (const c of chosen) {
    add(c, null);
    if (!(c.kind === 'INSPECTION' && c.isCheck && c.inspectionGroup !== null)) continue;
    const tasks = aircraftItems
      .filter((x) => x.aircraft === c.aircraft && x.inspectionGroup === c.inspectionGroup && !x.isCheck && (x.kind === 'INSPECTION' || x.kind === 'COMPONENT') && !chosenKeys.has(x.dueKey))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    for (const t of tasks) add(t, c.code);
  }
  return out;
}

/**
 * What the package takes and leaves: an item the planner chose that an open card already holds
 * refuses the whole package (`refusals`); an item a check would bring that is held elsewhere is
 * left there (`left`, named in the answer).
 */
export function splitPlanned(items: PackageItem[], cards: PlannedCard[]): { take: PackageItem[]; refusals: string[]; left: string[] } {
  const refusals = planningRefusals(items.filter((i) => i.broughtBy === null).map((i) => ({ dueKey: i.dueKey, code: i.code })), cards);
  const brought = items.filter((i) => i.broughtBy !== null);
  const heldBrought = planningRefusals(brought.map((i) => ({ dueKey: i.dueKey, code: i.code })), cards);
  const heldKeys = new Set(brought.filter((i) => cards.some((c) => c.dueKey === i.dueKey && holdsItem(c))).map((i) => i.dueKey));
  return { take: items.filter((i) => !heldKeys.has(i.dueKey)), refusals, left: heldBrought };
}

/** The certifying category a card needs, from the programme task's skill: B2 avionics, A minor tasks, otherwise B1. */
export function certCategory(skill: string | null | undefined): 'A' | 'B1' | 'B2' {
  const s = (skill ?? '').trim().toUpperCase();
  return s === 'B2' ? 'B2' : s === 'A' ? 'A' : 'B1';
}

/** The package's planned man-hours: the sum of the cards' that have them, to the hundredth (exact in hundredths). */
export function plannedManhours(items: Pick<DueCandidate, 'estManhours'>[]): number | null {
  const known = items.filter((i) => i.estManhours !== null && Number.isFinite(i.estManhours));
  if (known.length === 0) return null;
  return known.reduce((s, i) => s + Math.round((i.estManhours as number) * 100), 0) / 100;
}

/** The planned start: the earliest forecast (else next due) date of the items, never before the business date; that date when none has one. */
export function plannedStart(items: Pick<DueCandidate, 'forecastDate' | 'nextDueDate'>[], today: string): string {
  const dates = items.map((i) => i.forecastDate ?? i.nextDueDate).filter((d): d is string => Boolean(d)).map((d) => d.slice(0, 10));
  const first = dates.sort()[0];
  return first && first > today ? first : today;
}

/** The work order type: a programme inspection makes a scheduled check; one kind of item alone its own type; a mix, scheduled. */
export function workOrderType(kinds: DueKind[]): 'SCHED' | 'AD' | 'SB' | 'DEFECT' | 'COMPCHG' {
  const set = new Set(kinds.map((k) => (k === 'LLP' ? 'COMPONENT' : k)));
  if (set.size !== 1 || set.has('INSPECTION')) return 'SCHED';
  const [only] = [...set];
  return only === 'AD' ? 'AD' : only === 'SB' ? 'SB' : only === 'DEFECT' ? 'DEFECT' : only === 'COMPONENT' ? 'COMPCHG' : 'SCHED';
}

/** The work order's title: the chosen check and the aircraft, else the aircraft and the number of items. */
/**
 * The check that names the package: of the checks chosen (not brought), the one of the highest
 * inspection group (by the group's sort order: an A-check over a daily check); the first on a tie.
 */
export function highestCheck(items: PackageItem[]): PackageItem | undefined {
  let best: PackageItem | undefined;
  for (const i of items) {
    if (i.broughtBy !== null || i.kind !== 'INSPECTION' || !i.isCheck) continue;
    if (!best || (i.groupSeq ?? -1) > (best.groupSeq ?? -1)) best = i;
  }
  return best;
}

/**
 * The package's title from what it holds: its highest check and the registration ("A-check PK-GFA");
 * without a check, the highest inspection group of its cards ("A-check PK-GFA: 3 items"); else
 * "Work package PK-GFA: 3 items".
 */
export function packageTitle(items: PackageItem[]): string {
  const reg = items[0]?.registration ?? '';
  const count = `${items.length} item${items.length === 1 ? '' : 's'}`;
  const check = highestCheck(items);
  if (check) return `${check.description} ${reg}`.slice(0, 200);
  let group: PackageItem | undefined;
  for (const i of items) if (i.groupName && (!group || (i.groupSeq ?? -1) > (group.groupSeq ?? -1))) group = i;
  return (group ? `${group.groupName} ${reg}: ${count}` : `Work package ${reg}: ${count}`).slice(0, 200);
}
