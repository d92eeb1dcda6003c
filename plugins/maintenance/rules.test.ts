/**
 * The maintenance-execution rules as plain functions: certifying staff authorisations, task-card
 * sign-off and the release gate, each against cases worked by hand (the working in the comments).
 */
import { describe, expect, it } from 'vitest';
import { ataChapters, authorisationFor, categoriesFor, validAtaScope, type Authorisation } from './rules/authorisation.ts';
import { signOffRefusal, statusAfter, type CardState } from './rules/sign-off.ts';
import { releaseRefusal } from './rules/release.ts';
import { cardSource, certCategory, highestCheck, packageItems, packageRefusal, packageTitle, plannedManhours, plannedStart, planningRefusals, splitPlanned, workOrderType, type DueCandidate } from './rules/work-package.ts';

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
  it('a blank card (no text, or only spaces) takes no signature of any kind; a card with text does', () => {
    for (const sig of ['PERFORM', 'CERTIFY', 'INSPECT'] as const) {
      expect(signOffRefusal(card({ text: '   ' }), sig, DEWI)).toBe('Task card 2 (AMM 27-10-01) has no text: a blank card is never signed; the planner writes what is to be done first.');
      expect(signOffRefusal(card({ text: null }), sig, DEWI)).toMatch(/has no text/);
    }
    expect(signOffRefusal(card({ text: 'Aileron cable tension check' }), 'PERFORM', DEWI)).toBeNull();
  });
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

/**
 * A package for PK-WFD (aircraft 7). The A-check ATR-A1 (a check package, group 2 = A-CHK) is
 * ticked with the AD 2024-0123 and the deferred defect DEF-2026-00004. Group 2 also holds the
 * programme task ATR-ENG-01 (borescope, 6 MH) and the component limit of the propeller (no MH);
 * the weekly check ATR-WY is a package of another group (1 = LINE); the A-check of PK-WFE
 * (aircraft 8) is in group 2 too.
 */
describe('work packages: which items, man-hours, dates', () => {
  const item = (over: Partial<DueCandidate> & Pick<DueCandidate, 'dueKey' | 'kind' | 'code'>): DueCandidate => ({
    description: over.code,
    aircraft: 7,
    registration: 'PK-WFD',
    inspectionGroup: null,
    isCheck: false,
    forecastDate: null,
    nextDueDate: null,
    estManhours: null,
    skill: null,
    ...over,
  });
  const aCheck = item({ dueKey: 'I7-3', kind: 'INSPECTION', code: 'ATR-A1', description: 'A-check (1A)', inspectionGroup: 2, isCheck: true, estManhours: 60, skill: 'B1', forecastDate: '2026-12-20' });
  const borescope = item({ dueKey: 'I7-6', kind: 'INSPECTION', code: 'ATR-ENG-01', inspectionGroup: 2, estManhours: 6, skill: 'B1', forecastDate: '2027-02-01' });
  const prop = item({ dueKey: 'C41-9', kind: 'COMPONENT', code: '568F-1 S/N FR123', inspectionGroup: 2, forecastDate: '2027-05-01' });
  const weekly = item({ dueKey: 'I7-2', kind: 'INSPECTION', code: 'ATR-WY', inspectionGroup: 1, isCheck: true, estManhours: 4 });
  const other = item({ dueKey: 'I8-3', kind: 'INSPECTION', code: 'ATR-A1', aircraft: 8, registration: 'PK-WFE', inspectionGroup: 2, isCheck: true });
  const ad = item({ dueKey: 'A44', kind: 'AD', code: 'AD 2024-0123', forecastDate: '2026-12-05' });
  const defect = item({ dueKey: 'D12', kind: 'DEFECT', code: 'DEF-2026-00004', nextDueDate: '2026-11-30' });
  const all = [aCheck, borescope, prop, weekly, other, ad, defect];

  it('a check brings the other due items of its group on its aircraft, by code, after it; the rest in the order ticked', () => {
    const p = packageItems([aCheck, ad, defect], all);
    // ATR-A1, then its group 2 on aircraft 7 without checks: '568F-1 S/N FR123' < 'ATR-ENG-01' (digits sort before letters)
    expect(p.map((i) => [i.code, i.broughtBy])).toEqual([
      ['ATR-A1', null],
      ['568F-1 S/N FR123', 'ATR-A1'],
      ['ATR-ENG-01', 'ATR-A1'],
      ['AD 2024-0123', null],
      ['DEF-2026-00004', null],
    ]);
    // the weekly check (group 1) brings nothing: the daily and weekly are both packages of their group
    expect(packageItems([weekly], all).map((i) => i.code)).toEqual(['ATR-WY']);
    // a task ticked with its check comes once, where it was ticked (not brought)
    expect(packageItems([borescope, aCheck], all).map((i) => [i.code, i.broughtBy])).toEqual([
      ['ATR-ENG-01', null],
      ['ATR-A1', null],
      ['568F-1 S/N FR123', 'ATR-A1'],
    ]);
  });

  it('refuses a document expiry and items of several aircraft', () => {
    expect(packageRefusal([aCheck, ad])).toBeNull();
    expect(packageRefusal([aCheck, other])).toBe('The ticked items are on 2 aircraft (PK-WFD, PK-WFE): a work package is for one aircraft.');
    expect(packageRefusal([item({ dueKey: 'O5', kind: 'DOCUMENT', code: 'COA-001', description: 'Certificate of Airworthiness expiry' })])).toBe(
      'Certificate of Airworthiness expiry: a document is renewed, not accomplished in a work order.',
    );
    expect(packageRefusal([])).toBe('Tick one or more due items to plan.');
  });

  it('refuses a ticked item held by an open card; leaves an item the check would bring where it is planned', () => {
    const p = packageItems([aCheck, ad], all);
    const cards = [
      { dueKey: 'I7-6', woNo: 'WO-2026-00031', seq: 2, woStatus: 'OPEN', taskStatus: 'OPEN' }, // the borescope, brought
      { dueKey: 'A44', woNo: 'WO-2026-00009', seq: 1, woStatus: 'CRS', taskStatus: 'DONE' }, // released: no longer holds
    ];
    const s = splitPlanned(p, cards);
    expect(s.refusals).toEqual([]);
    expect(s.left).toEqual(['ATR-ENG-01 is already planned in WO-2026-00031 (task card 2).']);
    expect(s.take.map((i) => i.code)).toEqual(['ATR-A1', '568F-1 S/N FR123', 'AD 2024-0123']);
    // the AD ticked while an in-work order holds it: the whole package is refused, naming the order
    const held = splitPlanned(p, [{ dueKey: 'A44', woNo: 'WO-2026-00012', seq: 3, woStatus: 'INPROGRESS', taskStatus: 'PERFORMED' }]);
    expect(held.refusals).toEqual(['AD 2024-0123 is already planned in WO-2026-00012 (task card 3).']);
  });

  it('planned man-hours: the sum of the cards that have them, exact in hundredths', () => {
    // A-check 60 + borescope 6 + component (none) = 66
    expect(plannedManhours([aCheck, prop, borescope])).toBe(66);
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; in hundredths 10 + 20 = 30 → 0.3
    expect(plannedManhours([{ estManhours: 0.1 }, { estManhours: 0.2 }])).toBe(0.3);
    expect(plannedManhours([prop, ad])).toBeNull();
  });

  it('planned start: the earliest forecast (else next due) date, not before the business date', () => {
    // AD forecast 2026-12-05, A-check 2026-12-20, defect due 2026-11-30: the defect's date
    expect(plannedStart([aCheck, ad, defect], '2026-11-25')).toBe('2026-11-30');
    // already past (overdue items): the business date
    expect(plannedStart([aCheck, ad, defect], '2026-12-01')).toBe('2026-12-01');
    expect(plannedStart([prop].map((x) => ({ ...x, forecastDate: null })), '2026-11-25')).toBe('2026-11-25');
  });

  it('certifying category from the skill, work order type and title', () => {
    expect([certCategory('B2'), certCategory('a'), certCategory('B1'), certCategory('STR'), certCategory(null)]).toEqual(['B2', 'A', 'B1', 'B1', 'B1']);
    expect(workOrderType(['INSPECTION', 'AD'])).toBe('SCHED');
    expect(workOrderType(['AD', 'AD'])).toBe('AD');
    expect(workOrderType(['LLP', 'COMPONENT'])).toBe('COMPCHG');
    expect(workOrderType(['DEFECT'])).toBe('DEFECT');
    expect(workOrderType(['SB', 'DEFECT'])).toBe('SCHED');
    expect(packageTitle(packageItems([aCheck, ad], all))).toBe('A-check (1A) PK-WFD');
    expect(packageTitle(packageItems([ad, defect], all))).toBe('Work package PK-WFD: 2 items');
  });

  it('the title names the highest check it holds, not the first ticked (issue 37 point 6)', () => {
    // the weekly check (line group, sort order 10) ticked before the A-check (group sort order 20)
    const wy = { ...weekly, description: 'Weekly check', groupSeq: 10, groupName: 'Line checks' };
    const a = { ...aCheck, groupSeq: 20, groupName: 'A-check' };
    expect(packageTitle(packageItems([wy, a], all))).toBe('A-check (1A) PK-WFD');
    expect(highestCheck(packageItems([wy, a], all))?.code).toBe('ATR-A1');
    // no check package ticked: the highest group of its cards names it, with the count
    const bore = { ...borescope, groupSeq: 20, groupName: 'A-check' };
    expect(packageTitle(packageItems([ad, bore], all))).toBe('A-check PK-WFD: 2 items');
  });
});
