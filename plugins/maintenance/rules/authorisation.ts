/**
 * Certifying staff: whether a person's authorisations let them sign a task card (perform, certify,
 * inspect) or issue a certificate of release to service for an aircraft type on a date.
 *
 * An authorisation (EASA Part-145.A.35, the organisation's own grant) has a number, a category,
 * the aircraft types it covers, an optional ATA scope, a validity period and a suspended flag.
 * What each signature needs:
 *
 * | signature | categories that may give it |
 * | --- | --- |
 * | certify a card needing A | A, B1 (B1 privileges include A's) |
 * | certify a card needing B1 | B1 |
 * | certify a card needing B2 | B2 |
 * | independent inspection (RII) | INSP (an inspector authorisation) |
 * | certificate of release to service | C (base maintenance), B1 or B2 (line maintenance) |
 * | release certificate of a component (EASA Form 1, decision 0385) | C, B1 or B2 for the type the component is of, its ATA chapter in scope |
 *
 * Pure functions of plain values; tested by hand-worked cases in rules.test.ts.
 */

export type Category = 'A' | 'B1' | 'B2' | 'C' | 'INSP';
/** Performing a card needs no authorisation (the work may be done under supervision); these do. */
export type Signature = 'CERTIFY' | 'INSPECT' | 'RELEASE' | 'COMPONENT';

export interface Authorisation {
  authNo: string;
  /** The approved version (decision 0220): a signature keeps it. */
  version?: number;
  category: Category;
  /** Aircraft type ids covered. */
  types: number[];
  /** ATA chapters covered ('21-36, 71-80, 05'); empty or null: every chapter. */
  ataScope?: string | null;
  validFrom: string;
  validTo: string;
  suspended?: boolean;
}

export interface SignatureNeed {
  signature: Signature;
  /** The category the card needs certified (CERTIFY only; default B1). */
  cardCategory?: 'A' | 'B1' | 'B2' | null;
  typeId: number;
  typeName: string;
  /** The card's ATA chapter ('32'), if any. */
  ata?: string | null;
  /** The date of the signature (YYYY-MM-DD). */
  date: string;
}

/** The categories that may give a signature. */
export function categoriesFor(need: Pick<SignatureNeed, 'signature' | 'cardCategory'>): Category[] {
  switch (need.signature) {
    case 'CERTIFY':
      return need.cardCategory === 'A' ? ['A', 'B1'] : need.cardCategory === 'B2' ? ['B2'] : ['B1'];
    case 'INSPECT':
      return ['INSP'];
    case 'RELEASE':
    case 'COMPONENT':
      return ['C', 'B1', 'B2'];
  }
}

const CATEGORY_LABEL: Record<Category, string> = { A: 'A', B1: 'B1', B2: 'B2', C: 'C', INSP: 'inspector' };
const WHAT: Record<Signature, string> = {
  CERTIFY: 'certify this task',
  INSPECT: 'sign the independent inspection',
  RELEASE: 'issue the certificate of release to service',
  COMPONENT: 'sign the release certificate of this component',
};

/** The ATA chapters of a scope ('21-36, 71-80, 05' → 21..36, 71..80, 5); null when it covers every chapter. */
export function ataChapters(scope: string | null | undefined): Set<number> | null {
  if (!scope || !scope.trim()) return null;
  const out = new Set<number>();
  for (const part of scope.split(/[,;\s]+/).filter(Boolean)) {
    const m = /^(\d{1,2})(?:-(\d{1,2}))?$/.exec(part);
    if (!m) continue;
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    for (let c = Math.min(from, to); c <= Math.max(from, to); c++) out.add(c);
  }
  return out;
}

/** Whether an ATA scope is well formed (chapters and ranges separated by commas). */
export function validAtaScope(scope: string | null | undefined): boolean {
  if (!scope || !scope.trim()) return true;
  return scope
    .split(/[,;\s]+/)
    .filter(Boolean)
    .every((p) => /^(\d{1,2})(?:-(\d{1,2}))?$/.test(p));
}

/**
 * Checks one authorisation, in the order a quality manager reads it: category, type, ATA scope,
 * suspension, validity. Returns how far it got (0..5, 5 = it covers the signature) and, when it
 * does not cover, why.
 */
function checkOne(a: Authorisation, need: SignatureNeed): { passed: number; refusal: string | null } {
  const who = `Your authorisation ${a.authNo}`;
  const cats = categoriesFor(need);
  if (!cats.includes(a.category)) {
    return { passed: 0, refusal: `${who} (category ${CATEGORY_LABEL[a.category]}) does not allow you to ${WHAT[need.signature]}: it needs category ${cats.map((c) => CATEGORY_LABEL[c]).join(' or ')}.` };
  }
  if (!a.types.includes(need.typeId)) return { passed: 1, refusal: `${who} does not cover the ${need.typeName} type.` };
  const chapters = ataChapters(a.ataScope);
  const chapter = need.ata ? Number(/^\d{1,2}/.exec(need.ata)?.[0]) : NaN;
  if (chapters && Number.isFinite(chapter) && !chapters.has(chapter)) return { passed: 2, refusal: `${who} does not cover ATA chapter ${need.ata} (scope ${a.ataScope}).` };
  if (a.suspended) return { passed: 3, refusal: `${who} is suspended.` };
  if (need.date < a.validFrom) return { passed: 4, refusal: `${who} is valid only from ${a.validFrom}.` };
  if (need.date > a.validTo) return { passed: 4, refusal: `${who} expired on ${a.validTo}.` };
  return { passed: 5, refusal: null };
}

/**
 * The authorisation that covers the signature, or the refusal of the one that came closest
 * (an expired B1 for the type says "expired", not "wrong category" from an unrelated B2).
 */
export function authorisationFor(auths: Authorisation[], need: SignatureNeed): { ok: Authorisation } | { refusal: string } {
  if (auths.length === 0) return { refusal: `You hold no certifying staff authorisation in this company: you cannot ${WHAT[need.signature]}.` };
  let best: { passed: number; refusal: string } | null = null;
  for (const a of auths) {
    const r = checkOne(a, need);
    if (r.refusal === null) return { ok: a };
    if (!best || r.passed > best.passed) best = { passed: r.passed, refusal: r.refusal };
  }
  return { refusal: (best as { refusal: string }).refusal };
}
