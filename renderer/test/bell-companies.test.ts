/**
 * The bell's pieces across companies (decision 0256): the server's answer read into one entry per
 * company, the active company first, and the number the bell shows (every company's items).
 */
import { describe, expect, it } from 'vitest';
import { normaliseCompanies, totalOfCompanies, ZERO_COUNTS } from '../src/shell/notificationKinds';

const active = { compcode: 'GAH', company: 'Garuda Aero Holding' };

describe('the bell across companies', () => {
  it('reads every company of the answer, the active one first, counts normalised', () => {
    const list = normaliseCompanies(
      {
        TaskCount: 0,
        companies: [
          { compcode: 'GAT', company: 'Garuda Aero Technics', active: false, counts: { TaskCount: 6, MrCount: '2', RcvCount: -1, PrCount: 'x' } },
          { compcode: 'GAH', company: 'Garuda Aero Holding', active: true, counts: {} },
          { compcode: 'CTA', company: '', counts: { TaskCount: 5 } },
          { company: 'no code' },
        ],
      },
      active,
    );
    expect(list.map((c) => [c.compcode, c.company, c.active])).toEqual([
      ['GAH', 'Garuda Aero Holding', true],
      ['GAT', 'Garuda Aero Technics', false],
      ['CTA', 'CTA', false],
    ]);
    // negative and non-numeric counts are 0, numeric text counts
    expect(list[1].counts).toEqual({ ...ZERO_COUNTS, TaskCount: 6, MrCount: 2 });
    // 0 + (6 + 2) + 5
    expect(totalOfCompanies(list)).toBe(13);
  });

  it('an answer without companies (an older server) is the active company alone', () => {
    const list = normaliseCompanies({ TaskCount: 3, RcvCount: 1 }, active);
    expect(list).toEqual([{ ...active, active: true, counts: { ...ZERO_COUNTS, TaskCount: 3, RcvCount: 1 } }]);
    expect(totalOfCompanies(list)).toBe(4);
    expect(totalOfCompanies([])).toBe(0);
  });
});
