/**
 * The MRO rules as plain functions, each against cases worked by hand (the working is in the
 * comments): quotation pricing (decision 0171), invoicing from actuals, credit notes and the
 * customer's ageing (decision 0172). Amounts are minor units (cents).
 */
import { describe, expect, it } from 'vitest';
import { COST, MONEY, PCT, QTY, RATE, fixed } from '../../engine/src/values/money.ts';
import { PricingProblem, priceLine, totalsOf, type LineInput, type PricingRates } from './rules/pricing.ts';
import { billedNet, invoiceTotals, reverse } from './rules/invoice.ts';
import { ageing, bucketOf, creditHold, daysBetween, type AccountEntry } from './rules/ageing.ts';
import { answersOf, quoteStatusOf, skillOfFinding } from './rules/defects.ts';
import { answerRefusal, issueRefusal, quotationLineOf, quoteRefusal, requestStatus, workFromLines, workOrderRefusal } from './rules/commercial.ts';

const usd: PricingRates = { contractRate: null, skillRates: new Map([['B1', fixed(50, MONEY)], ['B2', fixed(45.25, MONEY)]]), rate: fixed(1, RATE) };
const line = (l: Partial<LineInput>): LineInput => ({ type: 'MAT', source: 'FIXED', skill: null, manhours: 0n, quantity: fixed(1, QTY), unitCost: null, markupPct: 0n, unitPrice: 0n, ...l });

describe('quotation pricing', () => {
  it('labour: man-hours × the customer contract rate, before any skill rate', () => {
    // 212 MH × 58.00 = 12,296.00
    const rates = { ...usd, contractRate: fixed(58, MONEY) };
    expect(priceLine(line({ type: 'LAB', skill: 'B1', manhours: fixed(212, QTY) }), rates)).toEqual({ unitPrice: 5800n, amount: 1229600n });
  });

  it("labour: else the company's rate for the skill, rounded half up", () => {
    // B2 at 45.25 × 0.5 MH = 22.625 → 22.63
    expect(priceLine(line({ type: 'LAB', skill: 'B2', manhours: fixed(0.5, QTY) }), usd)).toEqual({ unitPrice: 4525n, amount: 2263n });
    // B1 at 50.00 × 3.5 MH = 175.00
    expect(priceLine(line({ type: 'LAB', skill: 'B1', manhours: fixed(3.5, QTY) }), usd).amount).toBe(17500n);
  });

  it("labour in another currency: the company's rate at the day's rate", () => {
    // quotation in IDR, company in USD, 1 IDR = 0.000062 USD: 45.25 USD = 4,525 cents / 0.000062
    // = 72,983,870.97… → 72,983,871 IDR cents (729,838.71 IDR per hour);
    // × 1.5 MH = 109,475,806.5 → 109,475,807 (1,094,758.07 IDR)
    const idr = { ...usd, rate: fixed('0.000062', RATE) };
    expect(priceLine(line({ type: 'LAB', skill: 'B2', manhours: fixed(1.5, QTY) }), idr)).toEqual({ unitPrice: 72983871n, amount: 109475807n });
    // no rate on the day: refused on the currency
    expect(() => priceLine(line({ type: 'LAB', skill: 'B2', manhours: fixed(1, QTY) }), { ...usd, rate: null })).toThrow(PricingProblem);
  });

  it('labour without a contract rate or a rate for the skill is refused on the skill', () => {
    try {
      priceLine(line({ type: 'LAB', skill: 'NDT', manhours: fixed(2, QTY) }), usd);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PricingProblem);
      expect((e as PricingProblem).field).toBe('skill');
      expect((e as PricingProblem).message).toBe('has no labour rate for NDT: give the customer a contract rate or the company a rate for the skill');
    }
  });

  it("parts at the posted cost × markup, rounded once to the cent", () => {
    // 12.3456 × 1.15 = 14.19744 → 14.20; × 3 = 42.60
    const l = line({ type: 'MAT', source: 'COST', unitCost: fixed('12.3456', COST), markupPct: fixed(15, PCT), quantity: fixed(3, QTY) });
    expect(priceLine(l, usd)).toEqual({ unitPrice: 1420n, amount: 4260n });
    // no posted cost: refused on the unit cost
    expect(() => priceLine({ ...l, unitCost: null }, usd)).toThrow('has no posted cost for the part');
  });

  it('parts at a vendor price × markup, in the quotation currency', () => {
    // vendor price 200.00 USD × 1.10 = 220.00 USD; quotation in EUR at 1 EUR = 1.085 USD:
    // 22,000 cents / 1.085 = 20,276.497… → 20,276 (202.76 EUR); × 2 = 405.52 EUR
    const eur = { ...usd, rate: fixed('1.085', RATE) };
    expect(priceLine(line({ type: 'MAT', source: 'VENDOR', unitCost: fixed(200, COST), markupPct: fixed(10, PCT), quantity: fixed(2, QTY) }), eur)).toEqual({ unitPrice: 20276n, amount: 40552n });
  });

  it('parts at a fixed price and other charges: the typed unit price × quantity', () => {
    // 21.00 × 24 = 504.00; 1.60 × 40 = 64.00
    expect(priceLine(line({ source: 'FIXED', unitPrice: 2100n, quantity: fixed(24, QTY) }), usd).amount).toBe(50400n);
    expect(priceLine(line({ type: 'OTH', unitPrice: 160n, quantity: fixed(40, QTY) }), { ...usd, rate: null }).amount).toBe(6400n);
  });

  it('outside services: their cost × their own markup', () => {
    // 1,000.00 × 1.10 = 1,100.00; quantity 1
    expect(priceLine(line({ type: 'SVC', source: 'COST', unitCost: fixed(1000, COST), markupPct: fixed(10, PCT) }), usd)).toEqual({ unitPrice: 110000n, amount: 110000n });
    expect(() => priceLine(line({ type: 'SVC', source: 'COST', unitCost: null }), usd)).toThrow('is required for an outside service');
    // a service agreed at a fixed price: the typed price, 650.00 × 1
    expect(priceLine(line({ type: 'SVC', source: 'FIXED', unitPrice: 65000n }), usd).amount).toBe(65000n);
  });

  it('totals: discount, tax, exemption', () => {
    const lines = [
      { type: 'LAB' as const, manhours: fixed(212, QTY), amount: 1229600n }, // 12,296.00
      { type: 'LAB' as const, manhours: fixed(1.5, QTY), amount: 8700n }, //        87.00
      { type: 'MAT' as const, manhours: 0n, amount: 50400n }, //                   504.00
      { type: 'MAT' as const, manhours: 0n, amount: 6400n }, //                     64.00
      { type: 'SVC' as const, manhours: 0n, amount: 65000n }, //                   650.00
    ];
    // labour 12,383.00, material 568.00, services 650.00, subtotal 13,601.00;
    // discount 3 % = 408.03; net 13,192.97; tax 11 % = 1,451.2267 → 1,451.23; total 14,644.20
    expect(totalsOf(lines, fixed(3, PCT), fixed(11, PCT), false)).toEqual({
      manhours: fixed(213.5, QTY),
      labour: 1238300n,
      material: 56800n,
      services: 65000n,
      subtotal: 1360100n,
      discount: 40803n,
      net: 1319297n,
      tax: 145123n,
      total: 1464420n,
    });
    // a customer exempt from tax: no tax, total = net 13,192.97
    const exempt = totalsOf(lines, fixed(3, PCT), fixed(11, PCT), true);
    expect([exempt.tax, exempt.total]).toEqual([0n, 1319297n]);
  });
});

describe('invoice from actuals', () => {
  // authorised 11,500.00 (quotation net 10,000.00 + an approved defect line 1,500.00)
  const authorised = 1150000n;

  it('not to exceed: actuals, capped at the authorised amount', () => {
    // actuals 12,000.00 > 11,500.00: billed 11,500.00, adjustment −500.00
    expect(billedNet('NTE', authorised, 1200000n)).toEqual({ net: 1150000n, adjustment: -50000n });
    // actuals 9,000.00 below the cap: billed as they are
    expect(billedNet('NTE', authorised, 900000n)).toEqual({ net: 900000n, adjustment: 0n });
    // exactly at the cap: no adjustment
    expect(billedNet('NTE', authorised, authorised)).toEqual({ net: authorised, adjustment: 0n });
  });

  it('fixed price bills the authorised amount; time and materials the actuals', () => {
    expect(billedNet('FP', authorised, 900000n)).toEqual({ net: 1150000n, adjustment: 250000n });
    expect(billedNet('FP', authorised, 1200000n)).toEqual({ net: 1150000n, adjustment: -50000n });
    expect(billedNet('TM', authorised, 1200000n)).toEqual({ net: 1200000n, adjustment: 0n });
  });

  it('totals: discount on the actuals, the cap, then tax on what is billed', () => {
    // actual lines 8,000.00 + 4,633.33 + 100.01 = 12,733.34; discount 3 % = 382.0002 → 382.00;
    // actual net 12,351.34 > 11,500.00: adjustment −851.34; tax 11 % of 11,500.00 = 1,265.00;
    // total 12,765.00
    expect(invoiceTotals('NTE', [800000n, 463333n, 10001n], fixed(3, PCT), authorised, fixed(11, PCT), false)).toEqual({
      subtotal: 1273334n,
      discount: 38200n,
      adjustment: -85134n,
      net: 1150000n,
      tax: 126500n,
      total: 1276500n,
    });
    // time and materials, same lines: net 12,351.34; tax 1,358.6474 → 1,358.65; total 13,709.99
    const tm = invoiceTotals('TM', [800000n, 463333n, 10001n], fixed(3, PCT), authorised, fixed(11, PCT), false);
    expect([tm.net, tm.tax, tm.total]).toEqual([1235134n, 135865n, 1370999n]);
  });

  it('a credit note reverses the invoice: the two sum to zero', () => {
    const inv = invoiceTotals('TM', [10001n, 5n], 0n, 0n, fixed(11, PCT), false);
    // 100.06; tax 11.0066 → 11.01; total 111.07
    expect(inv.total).toBe(11107n);
    const cn = reverse({ ...inv });
    expect(cn).toEqual({ subtotal: -10006n, discount: -0n, adjustment: -0n, net: -10006n, tax: -1101n, total: -11107n });
    expect(inv.total + cn.total).toBe(0n);
  });
});

describe("customer account and ageing", () => {
  const entries: AccountEntry[] = [
    { kind: 'INV', no: 'I1', date: '2026-01-10', amount: 100000n }, // 1,000.00
    { kind: 'INV', no: 'I2', date: '2026-02-20', amount: 50000n }, //    500.00
    { kind: 'INV', no: 'I3', date: '2026-03-25', amount: 30000n }, //    300.00
    { kind: 'INV', no: 'I4', date: '2026-04-10', amount: 20000n }, //    200.00
    { kind: 'PAY', no: 'P1', date: '2026-03-01', amount: 40000n, invoice: 'I1' }, // 400.00 on I1
    { kind: 'CN', no: 'C1', date: '2026-04-01', amount: 30000n, invoice: 'I3' }, //  I3 reversed
    { kind: 'INV', no: 'I5', date: '2026-05-01', amount: 99900n }, //   after the date: not counted
  ];

  it('counts days and buckets by the boundaries 30, 60, 90', () => {
    expect(daysBetween('2026-01-10', '2026-04-15')).toBe(95); // 21 + 28 + 31 + 15
    expect([30, 31, 60, 61, 90, 91].map(bucketOf)).toEqual(['d0_30', 'd31_60', 'd31_60', 'd61_90', 'd61_90', 'd90']);
  });

  it('ages the open invoices on the chosen date', () => {
    // on 2026-04-15: I1 1,000 − 400 = 600.00 open, 95 days → 90+; I2 500.00, 54 days → 31–60;
    // I3 300 − 300 credit note = 0; I4 200.00, 5 days → 0–30; I5 is later.
    // balance 1,000 + 500 + 300 + 200 − 400 − 300 = 1,300.00 = 600 + 500 + 200
    const a = ageing(entries, '2026-04-15');
    expect(a.buckets).toEqual({ d0_30: 20000n, d31_60: 50000n, d61_90: 0n, d90: 60000n });
    expect(a.balance).toBe(130000n);
    expect(a.open.map((o) => [o.no, o.days, o.open])).toEqual([['I1', 95, 60000n], ['I2', 54, 50000n], ['I4', 5, 20000n]]);
    // on 2026-02-28 only I1 (49 days) and I2 (8 days), nothing paid yet: 1,500.00
    const feb = ageing(entries, '2026-02-28');
    expect(feb.buckets).toEqual({ d0_30: 50000n, d31_60: 100000n, d61_90: 0n, d90: 0n });
    expect(feb.balance).toBe(150000n);
  });

  it('a payment naming no invoice settles the oldest first; an overpayment is a credit', () => {
    // 1,200.00 unapplied on 2026-04-15 (I1 600 after P1, I2 500, I4 200 open): I1 0, I2 0, I4 100.00 left
    // balance 1,300.00 − 1,200.00 = 100.00
    const a = ageing([...entries, { kind: 'PAY', no: 'P2', date: '2026-04-12', amount: 120000n }], '2026-04-15');
    expect(a.buckets).toEqual({ d0_30: 10000n, d31_60: 0n, d61_90: 0n, d90: 0n });
    expect(a.balance).toBe(10000n);
    // 1,500.00 unapplied: everything settled, 200.00 credit in the newest bucket; balance −200.00
    const over = ageing([...entries, { kind: 'PAY', no: 'P2', date: '2026-04-12', amount: 150000n }], '2026-04-15');
    expect(over.buckets.d0_30).toBe(-20000n);
    expect(over.balance).toBe(-20000n);
  });

  it('holds new work over the credit limit or with invoices over 90 days', () => {
    const a = ageing(entries, '2026-04-15'); // 600.00 over 90 days
    expect(creditHold(a, null, 0n)).toBe('has invoices open for more than 90 days');
    const b = ageing(entries, '2026-03-31'); // I1 600.00 at 80 days: no 90+; balance 1,400.00
    expect(b.balance).toBe(140000n);
    expect(creditHold(b, 200000n, 50000n)).toBeNull(); //            1,400 + 500 = 1,900 ≤ 2,000
    expect(creditHold(b, 200000n, 70000n)).toBe('would be over its credit limit'); // 2,100 > 2,000
    expect(creditHold(b, null, 10n ** 12n)).toBeNull();
  });
});

describe('the commercial chain (decision 0173)', () => {
  it("the request's status follows its documents", () => {
    expect(requestStatus([], [])).toBe('NEW');
    expect(requestStatus(['OPEN'], [])).toBe('REVIEW');
    // an issued revision counts over a draft one
    expect(requestStatus(['SUPERSEDED', 'SENT', 'OPEN'], [])).toBe('QUOTED');
    expect(requestStatus(['REJECTED', 'ACCEPTED'], [])).toBe('ACCEPTED');
    expect(requestStatus(['SUPERSEDED', 'REJECTED'], [])).toBe('DECLINED');
    // a superseded or expired quotation alone is no answer: the request is as received
    expect(requestStatus(['EXPIRED'], [])).toBe('NEW');
    // work orders decide once there is one; a cancelled one does not count
    expect(requestStatus(['ACCEPTED'], [{ status: 'CANCELLED', invoiced: false }])).toBe('ACCEPTED');
    expect(requestStatus(['ACCEPTED'], [{ status: 'HOLD', invoiced: false }])).toBe('INWORK');
    expect(requestStatus(['ACCEPTED'], [{ status: 'RELEASED', invoiced: false }])).toBe('RELEASED');
    expect(requestStatus(['ACCEPTED'], [{ status: 'RELEASED', invoiced: true }])).toBe('INVOICED');
    expect(requestStatus(['ACCEPTED'], [{ status: 'CLOSED', invoiced: true }])).toBe('CLOSED');
    // two orders: the request is as far as the least advanced one
    expect(requestStatus(['ACCEPTED'], [{ status: 'CLOSED', invoiced: true }, { status: 'INWORK', invoiced: false }])).toBe('INWORK');
  });

  const q = { number: 'QTN-1', statuswf: '111', quoteStatus: 'SENT', validUntil: '2026-03-31', sentDate: '2026-03-02' };

  it('issues only an approved quotation not yet issued, within its validity', () => {
    expect(issueRefusal({ ...q, quoteStatus: 'OPEN' }, '2026-03-31')).toBeNull();
    expect(issueRefusal({ ...q, quoteStatus: 'OPEN', statuswf: '100' }, '2026-03-02')).toBe('QTN-1 is not approved: it is issued to the customer once its approval workflow has approved it.');
    expect(issueRefusal({ ...q, quoteStatus: 'OPEN' }, '2026-04-01')).toBe('QTN-1 was valid until 2026-03-31: make a revision with a new validity.');
    expect(issueRefusal(q, '2026-03-02')).toBe('QTN-1 has already been issued to the customer.');
  });

  it("records the customer's answer to an issued quotation, dated between sending and today", () => {
    expect(answerRefusal(q, 'accept', '2026-03-31', '2026-04-02')).toBeNull();
    expect(answerRefusal(q, 'accept', '2026-04-01', '2026-04-02')).toBe('QTN-1 was valid until 2026-03-31: the customer accepts a revision with a new validity.');
    // a late refusal is still recorded
    expect(answerRefusal(q, 'refuse', '2026-04-01', '2026-04-02')).toBeNull();
    expect(answerRefusal(q, 'refuse', '2026-03-01', '2026-04-02')).toBe('The customer\'s answer cannot be dated before the quotation was sent (2026-03-02).');
    expect(answerRefusal(q, 'accept', '2026-04-03', '2026-04-02')).toBe("The customer's answer cannot be dated after today (2026-04-02).");
    expect(answerRefusal({ ...q, quoteStatus: 'OPEN' }, 'accept', '2026-03-05', '2026-04-02')).toBe("QTN-1 has not been issued to the customer: issue it before recording the customer's answer.");
    expect(answerRefusal({ ...q, quoteStatus: 'REJECTED' }, 'accept', '2026-03-05', '2026-04-02')).toBe("The customer's answer to QTN-1 is already recorded (refused).");
    expect(answerRefusal({ ...q, quoteStatus: 'SUPERSEDED' }, 'accept', '2026-03-05', '2026-04-02')).toBe('QTN-1 is superseded by a later revision: the customer answers the current revision.');
  });

  it('only an accepted quotation makes a work order, once', () => {
    expect(workOrderRefusal('QTN-1', 'ACCEPTED', null)).toBeNull();
    expect(workOrderRefusal('QTN-1', 'SENT', null)).toBe('QTN-1 is not accepted by the customer: only an accepted quotation makes a work order.');
    expect(workOrderRefusal('QTN-1', 'ACCEPTED', 'AWO-7')).toBe('Work order AWO-7 was already made from QTN-1.');
    expect(quoteRefusal('CRQ-1', 'DECLINED')).toBeNull();
    expect(quoteRefusal('CRQ-1', 'ACCEPTED')).toBe('CRQ-1 already has an accepted quotation: it takes no new quotation.');
  });

  it('carries requested items into quotation lines and quotation lines into task cards and parts', () => {
    const item = { id: 7, itemNo: 2, itemType: 'AD', ata: '27-50', taskRef: 'AD 2024-0187', description: 'Flap actuator inspection' };
    expect(quotationLineOf(item, 1, { manhours: 18 })).toEqual({ line_no: 1, request_item: 7, line_type: 'LAB', ata: '27-50', description: 'AD 2024-0187 - Flap actuator inspection', skill: 'B1', manhours: 18, quantity: 18, unit: 'MH' });
    const base = { ata: null, skill: null, manhours: 0, itemId: null, partnumber: null, quantity: 1, unit: 'PCS', requestItem: null };
    const { tasks, materials } = workFromLines(
      'QTN-9',
      [
        { ...base, id: 13, lineNo: 3, lineType: 'MAT', description: 'Seal kit', itemId: 5, quantity: 4 },
        { ...base, id: 12, lineNo: 2, lineType: 'SVC', description: 'NDT subcontract' },
        { ...base, id: 11, lineNo: 1, lineType: 'LAB', description: 'AD inspection', skill: 'STR', manhours: 18, requestItem: item },
        { ...base, id: 14, lineNo: 4, lineType: 'LAB', description: 'Paint touch-up', requestItem: { ...item, itemType: 'OTHER', taskRef: null } },
      ],
      () => 'PN-5',
    );
    // labour lines in line order become cards 10, 20 (an OTHER item is a scheduled card); the
    // service stays on the quotation; the part without a part number takes the item's
    expect(tasks.map((c) => [c.seq, c.task_card_no, c.quotation_line, c.task_type, c.task_ref, c.skill, c.est_manhours])).toEqual([
      [10, 'QTN-9/1', 11, 'AD', 'AD 2024-0187', 'STR', 18],
      [20, 'QTN-9/4', 14, 'SCHED', null, 'B1', 0],
    ]);
    expect(materials).toEqual([{ line_no: 1, quotation_line: 13, item: 5, partnumber: 'PN-5', itemname: 'Seal kit', quantity: 4, unit: 'PCS' }]);
  });
});

describe("the customer's answer to a defect quotation (decision 0175)", () => {
  it('takes the answer given in the body over the one typed on the line; a refusal needs its reason', () => {
    const lines = [
      { lineNo: 1, typed: 'APPROVE' },
      { lineNo: 2, typed: 'REFUSE', typedReason: ' Next C-check ' },
      { lineNo: 3, typed: null },
    ];
    expect(answersOf(lines, [{ line_no: 3, answer: 'REFUSE', reason: 'Customer supplies the part' }])).toEqual({
      answers: [
        { lineNo: 1, decision: 'APPROVED', reason: null },
        { lineNo: 2, decision: 'REFUSED', reason: 'Next C-check' },
        { lineNo: 3, decision: 'REFUSED', reason: 'Customer supplies the part' },
      ],
      problems: [],
    });
    // line 3 unanswered, line 2 refused in the body without a reason (the typed one is replaced), line 9 unknown
    const { problems } = answersOf(lines, [{ line_no: 2, answer: 'REFUSE', reason: '' }, { line_no: 9, answer: 'APPROVE' }]);
    expect(problems.map((p) => p.path)).toEqual(['/lines/1/line_no', '/lines/1/decision_reason', '/lines/2/customer_answer']);
  });

  it("the document's customer status follows its lines", () => {
    expect(quoteStatusOf(['APPROVED', 'APPROVED'])).toBe('ACCEPTED');
    expect(quoteStatusOf(['APPROVED', 'REFUSED'])).toBe('PARTIAL');
    expect(quoteStatusOf(['REFUSED', 'REFUSED'])).toBe('REJECTED');
  });

  it("a structural finding's labour is quoted at the structures skill", () => {
    expect(['CORROSION', 'CRACK', 'DAMAGE', 'LEAK', 'WEAR'].map(skillOfFinding)).toEqual(['STR', 'STR', 'STR', 'B1', 'B1']);
  });
});
