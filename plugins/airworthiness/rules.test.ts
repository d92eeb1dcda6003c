/**
 * The airworthiness rules as plain functions, each against cases worked by hand (the working is
 * in the comments). docs/domain-rules.md lists every rule with its source and the test below.
 */
import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../engine/src/values/duration.ts';
import { addMonths, endOfMonth } from './rules/dates.ts';
import { sectorTimes } from './rules/flight-times.ts';
import { aircraftUsage, operationCodes, partUsage, settle, type FactorRow, type LegReading } from './rules/usage.ts';
import { addInterval, adFirstDue, combineDates, firstDue, limitReached, nextDueAfter, remaining, resetPoint, toleranceOf } from './rules/due.ts';
import { melDue, melExtension } from './rules/mel.ts';
import { limiters, llpRemaining, proratedMilli, ratingFactor } from './rules/llp.ts';
import { addUsage, afterShopVisit, sinceInstallation, type PartTimes } from './rules/component-times.ts';
import { dueRows, type AircraftInput, type PartInput } from './schedule.ts';
import type { PartState } from './store.ts';

const hm = (text: string): number => {
  const p = parseDuration(text);
  if (!p.ok) throw new Error(text);
  return p.minutes;
};

describe('durations (H:MM, integer minutes)', () => {
  it('reads and writes hours beyond 24', () => {
    expect(parseDuration('4875:27')).toEqual({ ok: true, minutes: 4875 * 60 + 27 }); // 292,527
    expect(formatDuration(292527)).toBe('4875:27');
    expect(parseDuration('4,875:27')).toEqual({ ok: true, minutes: 292527 });
    expect(parseDuration('50')).toEqual({ ok: true, minutes: 3000 });
    expect(formatDuration(-30)).toBe('-0:30');
    expect(formatDuration(0)).toBe('0:00');
  });

  it('84:39 + 50 h = 134:39', () => {
    // 84 × 60 + 39 = 5,079; + 3,000 = 8,079 = 134 × 60 + 39
    expect(formatDuration(hm('84:39') + hm('50'))).toBe('134:39');
  });

  it('refuses minutes over 59 and decimal hours', () => {
    expect(parseDuration('4875:75').ok).toBe(false);
    expect(parseDuration('1.5').ok).toBe(false);
    expect(parseDuration('12:5').ok).toBe(false);
    expect(parseDuration('abc').ok).toBe(false);
  });
});

describe('sector times (UTC, across midnight)', () => {
  it('22:40 → 01:10 is 2:30 of block time', () => {
    const t = sectorTimes({ block_off: '2026-11-23T22:40:00Z', takeoff: '2026-11-23T22:52:00Z', landing: '2026-11-24T00:58:00Z', block_on: '2026-11-24T01:10:00Z' });
    // block: 20 min to midnight + 70 min = 150 = 2:30; flight: 8 + 58 = 66? no: 22:52 → 00:58 = 8 + 60 + 58 = 126 = 2:06
    expect(t).toEqual({ ok: true, blockMinutes: 150, flightMinutes: 126, date: '2026-11-23' });
  });

  it('refuses block on before block off, take-off before block off, landing after block on', () => {
    const a = sectorTimes({ block_off: '2026-11-23T10:00:00Z', takeoff: '2026-11-23T10:10:00Z', landing: '2026-11-23T11:00:00Z', block_on: '2026-11-23T09:50:00Z' });
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.errors.map((e) => e.path)).toContain('/block_on');
    const b = sectorTimes({ block_off: '2026-11-23T10:00:00Z', takeoff: '2026-11-23T09:55:00Z', landing: '2026-11-23T11:00:00Z', block_on: '2026-11-23T11:10:00Z' });
    expect(!b.ok && b.errors[0]).toEqual({ path: '/takeoff', message: 'Take-off cannot be before block off' });
    const c = sectorTimes({ block_off: '2026-11-23T10:00:00Z', takeoff: '2026-11-23T10:10:00Z', landing: '2026-11-23T11:20:00Z', block_on: '2026-11-23T11:10:00Z' });
    expect(!c.ok && c.errors[0]).toEqual({ path: '/block_on', message: 'Block on cannot be before landing' });
    const d = sectorTimes({ block_off: '2026-11-23T10:00:00Z', takeoff: null, landing: '2026-11-23T11:20:00Z', block_on: '2026-11-23T11:30:00Z' });
    expect(!d.ok && d.errors[0].path).toBe('/takeoff');
  });
});

const leg = (o: Partial<LegReading> = {}): LegReading => ({ flightMinutes: 60, cycles: 1, landings: 1, apuMinutes: null, apuStarts: null, rin: null, date: '2026-11-23', ...o });
const APU_EST: FactorRow[] = [
  { counter: 'APUH', basis: 'FH', factor: 0.5, applies: 'NO_READING' },
  { counter: 'APUS', basis: 'FC', factor: 1, applies: 'NO_READING' },
];

describe('counter advance with factors and penalties', () => {
  it('1:00 FH with no APU reading gives +0:30 APU (0.5 h per aircraft hour), and the APU itself follows', () => {
    const ac = aircraftUsage(leg(), { apu: true, rin: false }, APU_EST);
    // thousandths: 60 min × 0.5 = 30 min; 1 cycle × 1 = 1 start
    expect(ac).toEqual({ FH: 60000, FC: 1000, LDG: 1000, APUH: 30000, APUS: 1000, RIN: 0 });
    expect(settle(0, ac.APUH)).toEqual({ whole: 30, carry: 0 });
    const apu = partUsage(leg(), ac, { tracksApu: true }, []);
    expect(apu).toEqual({ hours: 30000, cycles: 1000, landings: 1000, rin: 0 });
  });

  it('an APU reading wins over the estimate; a type without APU tracking posts none', () => {
    expect(aircraftUsage(leg({ apuMinutes: 45, apuStarts: 2 }), { apu: true, rin: false }, APU_EST).APUH).toBe(45000);
    expect(aircraftUsage(leg({ apuMinutes: 45, apuStarts: 2 }), { apu: true, rin: false }, APU_EST).APUS).toBe(2000);
    expect(aircraftUsage(leg({ apuMinutes: 45 }), { apu: false, rin: false }, APU_EST).APUH).toBe(0);
  });

  it('carries fractions to the next posting: 0.5 × 55 min posts 28 then 27', () => {
    const first = settle(0, aircraftUsage(leg({ flightMinutes: 55 }), { apu: true, rin: false }, APU_EST).APUH); // 27.5
    expect(first).toEqual({ whole: 28, carry: -500 });
    const second = settle(first.carry, 27500);
    expect(second).toEqual({ whole: 27, carry: 0 });
  });

  it('a part penalty of 1.2 cycles per cycle adds a sixth cycle on the fifth single-cycle sector', () => {
    const rows: FactorRow[] = [{ counter: 'FC', basis: 'FC', factor: 1.2, applies: 'ALWAYS' }];
    const ac = aircraftUsage(leg(), { apu: false, rin: false }, []);
    const u = partUsage(leg(), ac, { tracksApu: false }, rows);
    expect(u.cycles).toBe(1200);
    let carry = 0;
    const wholes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = settle(carry, u.cycles);
      wholes.push(s.whole);
      carry = s.carry;
    }
    // 1.2, 2.4, 3.6, 4.8, 6.0 rounded: 1, 2, 4, 5, 6 → deltas 1, 1, 2, 1, 1
    expect(wholes).toEqual([1, 1, 2, 1, 1]);
    expect(carry).toBe(0);
  });

  it('counts RIN from the log, and a part can take cycles from landings (touch-and-go)', () => {
    const ac = aircraftUsage(leg({ landings: 3, rin: 4 }), { apu: false, rin: true }, []);
    expect(ac.RIN).toBe(4000);
    const gear = partUsage(leg({ landings: 3 }), ac, { tracksApu: false }, [{ counter: 'FC', basis: 'LDG', factor: 1, applies: 'ALWAYS' }]);
    expect(gear.cycles).toBe(3000);
    // the type's penalty factor multiplies the parts' hours and cycles (not their own rows)
    expect(partUsage(leg(), ac, { tracksApu: false }, [], 1.5)).toEqual({ hours: 90000, cycles: 1500, landings: 3000, rin: 4000 });
    // a row effective later does not apply yet
    expect(partUsage(leg(), ac, { tracksApu: false }, [{ counter: 'FC', basis: 'FC', factor: 2, applies: 'ALWAYS', effectiveFrom: '2027-01-01' }]).cycles).toBe(1000);
  });

  it('an operation penalty applies only on flights logging its code, and replaces the counter\'s other rows there', () => {
    // brakes: landings at 1.25 on short-runway flights; engine: cycles at 1.1 on every flight, 1.5 on full-rated take-offs
    const brake: FactorRow[] = [{ counter: 'LDG', basis: 'LDG', factor: 1.25, applies: 'OPERATION', operation: 'SHORT_RWY' }];
    const engine: FactorRow[] = [
      { counter: 'FC', basis: 'FC', factor: 1.1, applies: 'ALWAYS' },
      { counter: 'FC', basis: 'FC', factor: 1.5, applies: 'OPERATION', operation: 'TOGA' },
    ];
    const plain = leg({ cycles: 2, landings: 4 });
    const short = leg({ cycles: 2, landings: 4, operations: ['SHORT_RWY'] });
    const both = leg({ cycles: 2, landings: 4, operations: ['SHORT_RWY', 'TOGA'] });
    const ac = aircraftUsage(plain, { apu: false, rin: false }, []);
    // 4 landings: 4 without the operation, 4 × 1.25 = 5 with it
    expect(partUsage(plain, ac, { tracksApu: false }, brake).landings).toBe(4000);
    expect(partUsage(short, ac, { tracksApu: false }, brake).landings).toBe(5000);
    // 2 cycles: 2 × 1.1 = 2.2 normally; 2 × 1.5 = 3 on a full-rated take-off (not 2.2 + 3)
    expect(partUsage(short, ac, { tracksApu: false }, engine).cycles).toBe(2200);
    expect(partUsage(both, ac, { tracksApu: false }, engine).cycles).toBe(3000);
    // the aircraft's own counters follow only rows without a part
    expect(aircraftUsage(both, { apu: false, rin: false }, []).FC).toBe(2000);
    // codes as typed: upper case, spaces or commas, each once
    expect(operationCodes(' toga, short_rwy TOGA ')).toEqual(['TOGA', 'SHORT_RWY']);
    expect(operationCodes(null)).toEqual([]);
  });
});

describe('limits: whichever first / later, per counter', () => {
  const today = '2026-11-24';
  it('adds an interval per counter and by calendar (months clamp to the month end; month-end items)', () => {
    expect(addInterval({ h: hm('100:00'), c: 80, date: '2026-01-31' }, { h: hm('600:00'), c: 500, months: 1 })).toEqual({ h: hm('700:00'), c: 580, l: null, r: null, date: '2026-02-28' });
    expect(addInterval({ h: 0, date: '2026-03-10' }, { days: 30 }, 'MONTH_END').date).toBe('2026-04-30');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(endOfMonth('2026-02-10')).toBe('2026-02-28');
  });

  it('whichever first: due when the first counter reaches its limit', () => {
    const due = { h: hm('1000:00'), c: 800, l: null, r: null, date: '2027-06-30' };
    expect(limitReached(due, { h: hm('999:59'), c: 500 }, today)).toBe(false);
    expect(limitReached(due, { h: hm('1000:00'), c: 500 }, today)).toBe(true);
    expect(limitReached(due, { h: hm('10:00'), c: 5 }, '2027-07-01')).toBe(true);
    // the due day itself is still within the limit (end of day)
    expect(limitReached(due, { h: hm('10:00'), c: 5 }, '2027-06-30')).toBe(false);
  });

  it('whichever later: due only once every counter has reached its limit', () => {
    const due = { h: hm('600:00'), c: null, l: null, r: null, date: '2027-05-01' };
    expect(limitReached(due, { h: hm('700:00') }, today, 'LATER')).toBe(false);
    expect(limitReached(due, { h: hm('700:00') }, '2027-05-02', 'LATER')).toBe(true);
    // a hard date ("not later than") holds whatever the rule
    expect(limitReached(due, { h: hm('100:00') }, '2027-04-02', 'LATER', '2027-04-01')).toBe(true);
    expect(combineDates(['2027-05-01', '2027-03-01'], 'LATER', '2027-04-01')).toBe('2027-04-01');
    expect(combineDates(['2027-05-01', '2027-03-01'], 'FIRST')).toBe('2027-03-01');
  });

  it('remaining per counter and in days', () => {
    expect(remaining({ h: 8079, c: 900, l: null, r: null, date: '2026-12-04' }, { h: 5079, c: 850 }, today)).toEqual({ h: 3000, c: 50, l: null, r: null, date: null, days: 10 });
  });

  it('first due from new: the threshold, else the interval', () => {
    expect(firstDue({ h: hm('5000:00') }, { h: hm('600:00') }, { h: 0, c: 0, date: '2020-01-01' })).toEqual({ h: hm('5000:00'), c: null, l: null, r: null, date: null });
    expect(firstDue(null, { h: hm('600:00'), days: 180 }, { h: 0, c: 0, date: '2020-01-01' })).toEqual({ h: hm('600:00'), c: null, l: null, r: null, date: '2020-06-29' });
  });
});

describe('tolerance', () => {
  const iv = { h: hm('100:00') };
  const tol = toleranceOf(iv, { h: hm('10:00') });
  const planned = { h: hm('100:00'), c: null, l: null, r: null, date: null };

  it('a 100 h ±10 h check done at 110 h is next due at 200 h (from the planned due)', () => {
    const { due, reset } = nextDueAfter(planned, { h: hm('110:00') }, iv, tol);
    expect(due.h).toBe(hm('200:00'));
    expect(reset.basis).toBe('PLANNED');
  });

  it('done early within tolerance (90 h) keeps 200 h; earlier than the tolerance (89 h) counts from the accomplishment (189 h)', () => {
    expect(nextDueAfter(planned, { h: hm('90:00') }, iv, tol).due.h).toBe(hm('200:00'));
    const early = nextDueAfter(planned, { h: hm('89:00') }, iv, tol);
    expect(early.due.h).toBe(hm('189:00'));
    expect(early.reset.basis).toBe('ACTUAL');
  });

  it('beyond the upper tolerance (111 h): from the accomplishment (211 h), or from the planned due when the item does not adjust above tolerance', () => {
    const late = nextDueAfter(planned, { h: hm('111:00') }, iv, tol);
    expect(late.due.h).toBe(hm('211:00'));
    expect(late.reset.overrun).toBe(true);
    expect(nextDueAfter(planned, { h: hm('111:00') }, iv, tol, 'DAY', { adjustAboveTolerance: false }).due.h).toBe(hm('200:00'));
  });

  it('percent of the interval with a cap; none for limitation items and directives', () => {
    // 10 % of 600 h = 60 h, capped at 50 h; 10 % of 365 days = 36 days; no cap on cycles: 10 % of 500 = 50
    expect(toleranceOf({ h: hm('600:00'), c: 500, days: 365 }, { pc: 10, h: hm('50:00') })).toEqual({ h: hm('50:00'), c: 50, days: 36 });
    expect(toleranceOf({ h: hm('600:00') }, { pc: 10 }, true)).toEqual({ h: null, c: null, days: null });
  });

  it('calendar tolerance per counter: a check due 1 Dec done 5 Dec with ±7 days keeps 1 Dec as its base', () => {
    const r = resetPoint({ h: null, c: null, l: null, r: null, date: '2026-12-01' }, { date: '2026-12-05' }, { h: null, c: null, days: 7 });
    expect(r.base.date).toBe('2026-12-01');
    const r2 = resetPoint({ h: null, c: null, l: null, r: null, date: '2026-12-01' }, { date: '2026-12-09' }, { h: null, c: null, days: 7 });
    expect(r2.base.date).toBe('2026-12-09');
  });
});

describe('AD thresholds and repeats', () => {
  it('within 600 FH after the effective date, not later than a date: the hours come first', () => {
    // aircraft at 10,000:00 FH on the effective date 2026-06-01; flies ~8 h a day, so 600 h take 75 days
    const { due, hardDate } = adFirstDue({ date: '2026-06-01', h: hm('10000:00'), c: 7000 }, { h: hm('600:00'), c: 500, notLaterThan: '2027-06-01' });
    expect(due.h).toBe(hm('10600:00'));
    expect(due.c).toBe(7500);
    expect(hardDate).toBe('2027-06-01');
    expect(limitReached(due, { h: hm('10600:00'), c: 7300 }, '2026-08-20', 'FIRST', hardDate)).toBe(true);
    expect(limitReached(due, { h: hm('10599:00'), c: 7300 }, '2026-08-20', 'FIRST', hardDate)).toBe(false);
  });

  it('within 90 days after the effective date: the days counted from the effective date', () => {
    expect(adFirstDue({ date: '2026-06-01' }, { days: 90 }).due.date).toBe('2026-08-30');
  });

  it('a repeat is re-armed from the compliance, without tolerance', () => {
    const tol = toleranceOf({ h: hm('500:00') }, null, true);
    expect(nextDueAfter({ h: hm('10600:00'), c: null, l: null, r: null, date: null }, { h: hm('10580:00') }, { h: hm('500:00') }, tol).due.h).toBe(hm('11080:00'));
  });
});

describe('MEL deferrals', () => {
  const B = { category: 'B', interval_days: 3, excludes_discovery_day: true, extension_allowed: true };
  it('a category B deferral found on a Monday is due at the end of Thursday', () => {
    // Monday 23 November 2026; Tuesday, Wednesday, Thursday are the three days
    expect(melDue('2026-11-23', B, null)).toEqual({ ok: true, intervalDays: 3, dueDate: '2026-11-26' });
  });
  it('C 10 days, D 120 days, A from the item', () => {
    expect(melDue('2026-11-23', { category: 'C', interval_days: 10 }, null)).toMatchObject({ dueDate: '2026-12-03' });
    expect(melDue('2026-11-23', { category: 'D', interval_days: 120 }, null)).toMatchObject({ dueDate: '2027-03-23' });
    expect(melDue('2026-11-23', { category: 'A', interval_days: 0 }, 2)).toMatchObject({ dueDate: '2026-11-25' });
    expect(melDue('2026-11-23', { category: 'A', interval_days: 0 }, null).ok).toBe(false);
    expect(melDue('2026-11-23', { category: 'A', interval_days: 0 }, null, true)).toEqual({ ok: true, intervalDays: null, dueDate: null });
  });
  it('one extension for B, C, D, no longer than the original interval, naming who approved it', () => {
    expect(melExtension(B, '2026-11-26', 3, false, 3, 'Ir. Bambang Wijaya')).toEqual({ ok: true, extendedDueDate: '2026-11-29' });
    const tooLong = melExtension(B, '2026-11-26', 3, false, 4, 'Ir. Bambang Wijaya');
    expect(!tooLong.ok && tooLong.errors[0].message).toBe('An extension cannot be longer than the original interval (3 days)');
    expect(melExtension(B, '2026-11-29', 3, true, 1, 'X').ok).toBe(false);
    expect(melExtension({ category: 'A', interval_days: 0 }, '2026-11-25', 2, false, 1, 'X').ok).toBe(false);
    expect(melExtension(B, '2026-11-26', 3, false, 2, ' ').ok).toBe(false);
  });
});

describe('life-limited parts', () => {
  it('prorates life by thrust rating: 100 cycles at a rating limited to 16,000 count 125 reference cycles of a 20,000 life', () => {
    const factor = ratingFactor('7B26', '7B27', [{ thrust_rating: '7B27', factor: 1.25 }]); // 20,000 / 16,000
    expect(factor).toBe(1.25);
    expect(proratedMilli(100, factor)).toBe(125000);
    expect(ratingFactor('7B26', '7B26', [{ thrust_rating: '7B27', factor: 1.25 }])).toBe(1);
    // 18,000 used + 125 = 18,125 of 20,000: 1,875 remaining, 90.6 % used
    expect(llpRemaining({ limitFc: 20000, usedFc: 18125 })).toEqual({ remainingFc: 1875, usedPc: 90.6 });
  });

  it('names the limiter per engine and per module', () => {
    const l = limiters([
      { id: 1, engine: 10, module: 'Fan', remainingFc: 4000 },
      { id: 2, engine: 10, module: 'HPT', remainingFc: 1200 },
      { id: 3, engine: 10, module: 'HPT', remainingFc: 2500 },
      { id: 4, engine: 11, module: 'Fan', remainingFc: 9000 },
    ]);
    expect(l.byEngine.get(10)).toBe(2);
    expect(l.byEngine.get(11)).toBe(4);
    expect(l.byModule.get('10|Fan')).toBe(1);
    expect(l.byModule.get('10|HPT')).toBe(2);
  });

  it('an overhaul never restores LLP life; for other parts it zeroes TSO/CSO, a repair TSR/CSR', () => {
    const t: PartTimes = { tsn: 1000, csn: 800, tso: 300, cso: 200, tsr: 100, csr: 50, lsn: 800, rsn: null, lifeMilli: 800000 };
    expect(afterShopVisit(t, { overhaul: true, repair: false }, true)).toEqual(t);
    expect(afterShopVisit(t, { overhaul: true, repair: false }, false)).toMatchObject({ tsn: 1000, csn: 800, tso: 0, cso: 0, tsr: 0, csr: 0 });
    expect(afterShopVisit(t, { overhaul: false, repair: true }, false)).toMatchObject({ tso: 300, tsr: 0, csr: 0 });
  });
});

describe('component times carried across aircraft', () => {
  it('TSI and TSN carried across two aircraft', () => {
    // part: TSN 1,000:00, CSN 500, TSO 200:00, CSO 150 at installation on PK-AAA (A/C 5,000:00 / 3,000)
    let t: PartTimes = { tsn: hm('1000:00'), csn: 500, tso: hm('200:00'), cso: 150, tsr: null, csr: null, lsn: null, rsn: null, lifeMilli: null };
    // PK-AAA flies 100:00 / 50 and the part is removed at 5,100:00 / 3,050
    t = addUsage(t, { hours: hm('100:00'), cycles: 50, landings: 50, rin: 0 });
    expect(sinceInstallation({ h: hm('5000:00'), c: 3000 }, { h: hm('5100:00'), c: 3050 })).toEqual({ tsi: hm('100:00'), csi: 50 });
    expect(t).toMatchObject({ tsn: hm('1100:00'), csn: 550, tso: hm('300:00'), cso: 200 });
    // installed on PK-BBB at 8,000:00 / 6,000; flies 20:00 / 10; removed at 8,020:00 / 6,010
    t = addUsage(t, { hours: hm('20:00'), cycles: 10, landings: 10, rin: 0 });
    expect(sinceInstallation({ h: hm('8000:00'), c: 6000 }, { h: hm('8020:00'), c: 6010 })).toEqual({ tsi: hm('20:00'), csi: 10 });
    expect(t).toMatchObject({ tsn: hm('1120:00'), csn: 560, tso: hm('320:00'), cso: 210 });
    // an unknown time stays unknown
    expect(addUsage({ ...t, tsn: null }, { hours: 60, cycles: 1, landings: 1, rin: 0 }).tsn).toBeNull();
  });
});

describe('the one due computation (schedule.ts)', () => {
  const part = (o: Partial<PartState> = {}): PartState => ({
    id: 7, compcode: 'X', partnumber: 'PN', serial: 'SN1', aircraft: 1, parent: null, typeComponent: 3, status: 'INSTALLED', installDate: '2026-01-01',
    tracksApu: false, isLlp: false, ratingFactor: 1, timesKnown: true, carry: { h: 0, c: 0, l: 0, r: 0 }, row: {},
    times: { tsn: hm('1000:00'), csn: 800, tso: hm('400:00'), cso: 300, tsr: null, csr: null, lsn: 800, rsn: 0, lifeMilli: null },
    ...o,
  });
  const input = (p: PartInput): AircraftInput => ({ id: 1, manufactureDate: '2015-01-01', counters: { FH: hm('5000:00'), FC: 4000, LDG: 4000, RIN: 0, APUH: hm('2000:00'), APUS: 3000 }, inspections: [], parts: [p], ads: [], sbs: [] });
  const partInput = (p: PartState, o: Partial<PartInput> = {}): PartInput => ({
    part: p, partname: 'Starter', position: '1', ata: null, manufactureDate: '2015-01-01', lastOverhaulDate: '2025-01-01', installedTsn: hm('900:00'), installedCsn: 700,
    installedLsn: 700, installedRsn: 0, factorH: 1, factorC: 1, llp: null, engineSerial: null,
    limits: [{ id: 9, task_code: 'T', kind_name: 'Overhaul', basis: 'TSO', inspection_group: null, limit: { h: hm('500:00'), c: 1000 }, whichever: 'FIRST', calendar_rule: 'DAY', tolerance: { pc: null, h: null, c: null, days: null }, last: null }],
    ...o,
  });

  it("a part's limit is stored in the aircraft's counters: TSO 400 h of a 500 h overhaul at 5,000 h FH → due at 5,100 h", () => {
    // 100 h and 700 cycles remain to the part; one for one with the aircraft
    const [r] = dueRows(input(partInput(part())));
    expect(r).toMatchObject({ due_key: 'C7-9', item_kind: 'COMPONENT', measure: 'AIRCRAFT', due_h: hm('5100:00'), due_c: 4700, interval_h: hm('500:00') });
  });

  it('through its penalty factor (1.25 part hours per flight hour: 100 h remaining = 80 flight hours) and in APU counters for an APU', () => {
    const [r] = dueRows(input(partInput(part(), { factorH: 1.25 })));
    expect(r.due_h).toBe(hm('5080:00'));
    const [apu] = dueRows(input(partInput(part({ tracksApu: true }))));
    expect(apu).toMatchObject({ measure: 'APU', due_h: hm('2100:00'), due_c: 3700 });
  });

  it('an LLP: what remains of its life at its rating factor (1.2: 1,000 reference cycles left = 833 flights)', () => {
    const p = part({ isLlp: true, ratingFactor: 1.2, times: { ...part().times, csn: 19000, lifeMilli: 19000_000 } });
    const rows = dueRows(input(partInput(p, { limits: [], llp: { id: 5, module: 'Fan', life_limit_fc: 20000, life_limit_fh: null, life_limit_months: null } })));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ item_kind: 'LLP', due_c: 4000 + 833, due_h: null });
  });

  it('unknown part times: no due in that counter, flagged', () => {
    const [r] = dueRows(input(partInput(part({ timesKnown: false, times: { ...part().times, tsn: null } }))));
    expect(r).toMatchObject({ no_record: true, due_h: null });
  });
});
