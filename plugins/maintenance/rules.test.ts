/**
 * The maintenance-execution rules as plain functions: certifying staff authorisations, task-card
 * sign-off and the release gate, each against cases worked by hand (the working in the comments).
 */
import { describe, expect, it } from 'vitest';
import { ataChapters, authorisationFor, categoriesFor, validAtaScope, type Authorisation } from './rules/authorisation.ts';
import { signOffRefusal, statusAfter, type CardState } from './rules/sign-off.ts';
import { releaseRefusal } from './rules/release.ts';
import { cardSource, planningRefusals } from './rules/work-package.ts';

const ATR = 1;
const A320 = 2;
const b1: Authorisation = { authNo: 'CTA-B1-0107', category: 'B1', types: [ATR, A320], ataScope: null, validFrom: '2025-01-01', validTo: '2027-12-31' };
const need = (over: Partial<Parameters<typeof authorisationFor>[1]> = {}) => ({ signature: 'CERTIFY' as const, cardCategory: 'B1' as const, typeId: ATR, typeName: 'ATR 72-600', ata: '32-40', date: '2026-11-20', ...over });

describe('certifying staff authorisations', () => {
  it('who may give which signature', () => {
    expect(categoriesFor({ signature: 'CERTIFY', cardCategory: 'A' })).toEqual(['A', 'B1']); // B1 privileges include A's
    expect(categoriesFor({ signature: 'CERTIFY', cardCategory: 'B1' })).toEqual(['B1']);
    expect(categoriesFor({ signature: 'CERTIFY', cardCategory: 'B2' })).toEqual(['B2']);
    expect(categoriesFor({ signature: 'INSPECT' })).toEqual(['INSP']);
    expect(categoriesFor({ signature: 'RELEASE' })).toEqual(['C', 'B1', 'B2']);
  });

  it('a B1 for the ATR within its validity certifies a B1 card of the ATR', () => {
    expect(authorisationFor([b1], need())).toEqual({ ok: b1 });
    // the first and the last day of validity count (dates compared as whole days)
    expect(authorisationFor([b1], need({ date: '2025-01-01' }))).toEqual({ ok: b1 });
    expect(authorisationFor([b1], need({ date: '2027-12-31' }))).toEqual({ ok: b1 });
  });

  it('refuses the type, the category, the ATA scope, suspension, not yet valid and expiry, each with its message', () => {
    expect(authorisationFor([b1], need({ typeId: 3, typeName: 'Boeing 737-800' }))).toEqual({ refusal: 'Your authorisation CTA-B1-0107 does not cover the Boeing 737-800 type.' });
    expect(authorisationFor([b1], need({ cardCategory: 'B2' }))).toEqual({ refusal: 'Your authorisation CTA-B1-0107 (category B1) does not allow you to certify this task: it needs category B2.' });
    expect(authorisationFor([b1], need({ signature: 'INSPECT' }))).toEqual({ refusal: 'Your authorisation CTA-B1-0107 (category B1) does not allow you to sign the independent inspection: it needs category inspector.' });
    // scope 21-31, 71-80: chapter 32 is outside
    expect(authorisationFor([{ ...b1, ataScope: '21-31, 71-80' }], need())).toEqual({ refusal: 'Your authorisation CTA-B1-0107 does not cover ATA chapter 32-40 (scope 21-31, 71-80).' });
    expect(authorisationFor([{ ...b1, ataScope: '21-36' }], need())).toEqual({ ok: { ...b1, ataScope: '21-36' } });
    expect(authorisationFor([{ ...b1, suspended: true }], need())).toEqual({ refusal: 'Your authorisation CTA-B1-0107 is suspended.' });
    expect(authorisationFor([b1], need({ date: '2024-12-31' }))).toEqual({ refusal: 'Your authorisation CTA-B1-0107 is valid only from 2025-01-01.' });
    expect(authorisationFor([b1], need({ date: '2028-01-01' }))).toEqual({ refusal: 'Your authorisation CTA-B1-0107 expired on 2027-12-31.' });
    expect(authorisationFor([], need())).toEqual({ refusal: 'You hold no certifying staff authorisation in this company: you cannot certify this task.' });
  });

  it('among several, any one that covers is enough; otherwise the refusal of the one that came closest', () => {
    const oldA: Authorisation = { authNo: 'CTA-A-0031', category: 'A', types: [ATR], validFrom: '2022-01-01', validTo: '2024-12-31' };
    // an A card: the expired A fails on expiry (4 checks passed), the B1 covers it
    expect(authorisationFor([oldA, b1], need({ cardCategory: 'A' }))).toEqual({ ok: b1 });
    // a B1 card in 2028: the A fails on its category (0 passed), the B1 on expiry (4 passed): expiry is reported
    expect(authorisationFor([oldA, b1], need({ date: '2028-02-01' }))).toEqual({ refusal: 'Your authorisation CTA-B1-0107 expired on 2027-12-31.' });
  });

  it('reads ATA scopes: chapters and ranges', () => {
    expect([...(ataChapters('21-23, 5, 71-72') ?? [])]).toEqual([21, 22, 23, 5, 71, 72]);
    expect(ataChapters('  ')).toBeNull();
    expect(validAtaScope('21-36, 71-80')).toBe(true);
    expect(validAtaScope('chapter 32')).toBe(false);
  });
});

const card = (over: Partial<CardState> = {}): CardState => ({ seq: 2, code: 'AMM 27-10-01', status: 'OPEN', rii: false, ...over });
const DEWI = 11;
const YUSUF = 12;

describe('task card sign-off', () => {
  it('performed, then certified; RII cards inspected by a second person', () => {
    expect(signOffRefusal(card(), 'PERFORM', DEWI)).toBeNull();
    expect(signOffRefusal(card(), 'CERTIFY', DEWI)).toBe('Task card 2 (AMM 27-10-01) is not performed yet: it is certified once the work is signed as performed.');
    const performed = card({ performedBy: DEWI, performedName: 'Dewi Lestari', status: 'PERFORMED' });
    expect(signOffRefusal(performed, 'PERFORM', YUSUF)).toBe('Task card 2 (AMM 27-10-01) is already signed as performed by Dewi Lestari.');
    // the performer may certify their own work when authorised (the authorisation decides)
    expect(signOffRefusal(performed, 'CERTIFY', DEWI)).toBeNull();
    expect(signOffRefusal(performed, 'INSPECT', YUSUF)).toBe('Task card 2 (AMM 27-10-01) is not a required inspection item: it needs no independent inspection.');
    const rii = { ...performed, rii: true };
    expect(signOffRefusal(rii, 'INSPECT', DEWI)).toBe('The independent inspection of task card 2 (AMM 27-10-01) must be signed by someone who did not perform the task (performed by Dewi Lestari).');
    expect(signOffRefusal(rii, 'INSPECT', YUSUF)).toBeNull();
    expect(signOffRefusal(card({ rii: true }), 'INSPECT', YUSUF)).toBe('Task card 2 (AMM 27-10-01) is not performed yet: the independent inspection follows the work.');
    expect(signOffRefusal(card({ status: 'DEFERRED' }), 'PERFORM', DEWI)).toBe('Task card 2 (AMM 27-10-01) is deferred: it takes no signature.');
  });

  it('a card is DONE when performed, certified and, if RII, inspected', () => {
    expect(statusAfter({ rii: false, performedBy: null })).toBe('OPEN');
    expect(statusAfter({ rii: false, performedBy: DEWI })).toBe('PERFORMED');
    expect(statusAfter({ rii: false, performedBy: DEWI, certifiedBy: DEWI })).toBe('DONE');
    expect(statusAfter({ rii: true, performedBy: DEWI, certifiedBy: DEWI })).toBe('PERFORMED');
    expect(statusAfter({ rii: true, performedBy: DEWI, inspectedBy: YUSUF })).toBe('PERFORMED');
    expect(statusAfter({ rii: true, performedBy: DEWI, certifiedBy: DEWI, inspectedBy: YUSUF })).toBe('DONE');
  });
});

describe('release gate', () => {
  it('opens when every card is signed, MEL-deferred or carried with a reason', () => {
    expect(
      releaseRefusal([
        { seq: 1, status: 'DONE' },
        { seq: 2, status: 'DEFERRED', deferral: { status: 'DEFERRED', melCategory: 3, dueDate: '2026-12-02' } },
        { seq: 3, status: 'CARRIED', carriedTo: 44, carryReason: 'Awaiting tyre' },
      ]),
    ).toBeNull();
  });

  it('names every card that holds it', () => {
    expect(
      releaseRefusal([
        { seq: 1, code: '05-A1', status: 'DONE' },
        { seq: 2, status: 'OPEN' },
        { seq: 3, status: 'PERFORMED' },
        { seq: 4, status: 'DEFERRED', deferral: { status: 'OPEN', melCategory: null, dueDate: null } },
        { seq: 5, status: 'CARRIED', carriedTo: 44, carryReason: ' ' },
      ]),
    ).toBe(
      'The certificate of release to service cannot be issued: Task card 2 is not signed; Task card 3 is performed but not fully signed (certification or independent inspection missing); ' +
        'Task card 4 is deferred without a defect deferred under the MEL (category and expiry); Task card 5 is carried without the work order it went to and the reason. Every card must be signed or deferred.',
    );
    expect(releaseRefusal([])).toBe('The work order has no task card: there is nothing to release.');
  });
});

describe('work packages from the due list', () => {
  it('maps due items to card sources; a document expiry is no card', () => {
    expect(cardSource('INSPECTION')).toBe('INSPECTION');
    expect(cardSource('LLP')).toBe('COMPONENT'); // a life-limited part is replaced: a component card
    expect(cardSource('DEFECT')).toBe('DEFECT');
    expect(cardSource('DOCUMENT')).toBeNull();
  });

  it('refuses an item held by an open card, not one whose card was carried away or whose order is released', () => {
    const cards = [
      { dueKey: 'I7-12', woNo: 'WO-2026-00012', seq: 3, woStatus: 'INPROGRESS', taskStatus: 'OPEN' },
      { dueKey: 'I7-13', woNo: 'WO-2026-00013', seq: 1, woStatus: 'OPEN', taskStatus: 'CARRIED' },
      { dueKey: 'A44', woNo: 'WO-2026-00009', seq: 2, woStatus: 'CRS', taskStatus: 'DONE' },
    ];
    expect(
      planningRefusals(
        [
          { dueKey: 'I7-12', code: 'ATR-A1' },
          { dueKey: 'I7-13', code: 'ATR-WY' },
          { dueKey: 'A44', code: 'AD 2024-0123' },
        ],
        cards,
      ),
    ).toEqual(['ATR-A1 is already planned in WO-2026-00012 (task card 3).']);
  });
});
