/**
 * The reliability programme's arithmetic against cases worked by hand (the working in the comments).
 */
import { describe, expect, it } from 'vitest';
import { addMonths, alertLevel, chapterMonth, componentFigures, meanSd, monthBefore, monthsEnding, monthsNeeded, ratePer1000, round2, type FleetMonths } from './rules/reliability.ts';

/** 100 FH (6,000 minutes) flown in each month from 2025-10 to 2026-10. */
const months = monthsEnding('2026-10', 13);
const fleet = (perChapter: Record<number, number[]>, minutes: (m: string) => number = () => 6000): FleetMonths => ({
  minutes: new Map(months.map((m) => [m, minutes(m)])),
  reports: new Map(Object.entries(perChapter).map(([ch, counts]) => [Number(ch), new Map(months.map((m, i) => [m, { pirep: counts[i] ?? 0, marep: 0 }]))])),
});
// ATA 21: 1, 2, 1, 2 … reports in the 12 months 2025-10 … 2026-09, then 5 in 2026-10
const ata21 = [1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 5];
// ATA 32: one report every month
const ata32 = Array(13).fill(1) as number[];

describe('months', () => {
  it('counts months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-11', 14)).toBe('2027-01');
    expect(monthsEnding('2026-02', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(monthBefore('2026-11-25')).toBe('2026-10');
    expect(monthBefore('2026-01-01')).toBe('2025-12');
    // 12 trend months, each with 12 months before it: 23 months of totals
    expect(monthsNeeded(12)).toBe(23);
  });
});

describe('rates per 1,000 flight hours', () => {
  it('monthly rate = reports × 1,000 ÷ fleet hours', () => {
    // 5 reports in 100 FH: 5 × 1,000 ÷ 100 = 50
    expect(ratePer1000(5, 6000)).toBe(50);
    // 3 reports in 250:30 (15,030 minutes = 250.5 FH): 3,000 ÷ 250.5 = 11.976…
    expect(round2(ratePer1000(3, 15030))).toBe(11.98);
    // no hours flown: no rate (not 0, not infinity)
    expect(ratePer1000(2, 0)).toBeNull();
  });

  it('the month and its 3-month rolling rate', () => {
    const r = chapterMonth(fleet({ 21: ata21 }), 21, '2026-10', { k: 2, window: 12 });
    expect(r.reports).toBe(5);
    expect(r.rate).toBe(50);
    // Aug 1 + Sep 2 + Oct 5 = 8 reports in 300 FH: 8,000 ÷ 300 = 26.67
    expect(r.rollingReports).toBe(8);
    expect(r.rollingMinutes).toBe(18000);
    expect(round2(r.rollingRate)).toBe(26.67);
  });
});

describe('alert level: mean + k × sample SD of the W months before', () => {
  it('mean + 2 SD (n − 1)', () => {
    // rates 10, 20, 10, 20 … (12 months): mean 15, each 5 off it, Σ(d²) = 12 × 25 = 300,
    // SD = √(300 ÷ 11) = 5.22233, alert = 15 + 2 × 5.22233 = 25.44466
    const ms = meanSd([10, 20, 10, 20, 10, 20, 10, 20, 10, 20, 10, 20]);
    expect(ms?.mean).toBe(15);
    expect(ms?.sd).toBeCloseTo(5.2223, 3);
    expect(alertLevel([10, 20, 10, 20, 10, 20, 10, 20, 10, 20, 10, 20], 2)).toBeCloseTo(25.4447, 3);
    // a month without hours has no rate and is left out: mean of 10, 20 = 15, SD = √((25 + 25) ÷ 1) = 7.0711
    expect(alertLevel([10, null, 20], 2)).toBeCloseTo(15 + 2 * 7.0711, 3);
    // below two rates there is no SD, hence no alert level
    expect(alertLevel([10, null], 2)).toBeNull();
  });

  it('a chapter whose rolling rate exceeds its alert level is flagged; one at its level is not', () => {
    const data = fleet({ 21: ata21, 32: ata32 });
    const a21 = chapterMonth(data, 21, '2026-10', { k: 2, window: 12 });
    expect(a21.alertLevel).toBeCloseTo(25.4447, 3);
    expect(a21.flagged).toBe(true); // 26.67 > 25.44
    // ATA 32: every month 10 per 1,000 FH: SD 0, alert 10, rolling 3 × 1,000 ÷ 300 = 10, not above
    const a32 = chapterMonth(data, 32, '2026-10', { k: 2, window: 12 });
    expect(a32.alertLevel).toBe(10);
    expect(a32.rollingRate).toBe(10);
    expect(a32.flagged).toBe(false);
  });

  it('the multiplier and window are the programme’s', () => {
    const data = fleet({ 21: ata21 });
    // k = 3: 15 + 3 × 5.2223 = 30.667 — 26.67 is below, not flagged
    const k3 = chapterMonth(data, 21, '2026-10', { k: 3, window: 12 });
    expect(k3.alertLevel).toBeCloseTo(30.667, 3);
    expect(k3.flagged).toBe(false);
    // W = 3: the rates of Jul, Aug, Sep 2026 = 20, 10, 20: mean 16.667, Σd² = 11.11 + 44.44 + 11.11 = 66.67,
    // SD = √(66.67 ÷ 2) = 5.7735, alert = 16.667 + 2 × 5.7735 = 28.214 — 26.67 is below
    const w3 = chapterMonth(data, 21, '2026-10', { k: 2, window: 3 });
    expect(w3.alertLevel).toBeCloseTo(28.214, 3);
    expect(w3.flagged).toBe(false);
  });

  it('a chapter without reports in a month still counts that month as rate 0', () => {
    // ATA 36: one report in 2026-10 only: the 12 months before are all 0 (mean 0, SD 0, alert 0);
    // rolling 1 × 1,000 ÷ 300 = 3.33 > 0: flagged
    const r = chapterMonth(fleet({ 36: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1] }), 36, '2026-10', { k: 2, window: 12 });
    expect(r.alertLevel).toBe(0);
    expect(round2(r.rollingRate)).toBe(3.33);
    expect(r.flagged).toBe(true);
  });
});

describe('component reliability', () => {
  it('MTBUR and MTBF of a part with removals in two months', () => {
    // the period: 1,200 fleet FH (72,000 minutes); 2 installed per aircraft: 2,400 part hours.
    // Unscheduled removals: 2 in 2026-03, 1 in 2026-07 = 3; the shop confirmed 2 (one no fault found).
    // MTBUR = 2,400 ÷ 3 = 800 h; MTBF = 2,400 ÷ 2 = 1,200 h
    const f = componentFigures({ partnumber: '7023-1', fleetMinutes: 72000, qtyPerAircraft: 2, unscheduled: 2 + 1, confirmed: 2 });
    expect(f.mtbur).toBe(800);
    expect(f.mtbf).toBe(1200);
    // all no-fault-found: no MTBF; no removals: neither
    expect(componentFigures({ partnumber: 'X', fleetMinutes: 72000, qtyPerAircraft: 1, unscheduled: 1, confirmed: 0 })).toEqual({ partnumber: 'X', unscheduled: 1, confirmed: 0, mtbur: 1200, mtbf: null });
    expect(componentFigures({ partnumber: 'X', fleetMinutes: 72000, qtyPerAircraft: 1, unscheduled: 0, confirmed: 0 }).mtbur).toBeNull();
  });
});
