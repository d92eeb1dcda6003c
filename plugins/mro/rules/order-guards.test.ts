/** The customer work order's own guards against rows worked by hand. */
import { describe, expect, it } from 'vitest';
import { approvedToRelease, approvedToStart, heldForApproval } from './order-guards.ts';

describe('customer work order guards', () => {
  it('held: on credit hold or amended, and not approved since', () => {
    expect(heldForApproval({ credit_hold: 'Over the credit limit', amendment: null, statuswf: '000' })).toBe(true);
    expect(heldForApproval({ credit_hold: null, amendment: 'card 2: B1 to B2 (wrong category)', statuswf: '100' })).toBe(true);
    // approved (111) since: no longer held
    expect(heldForApproval({ credit_hold: 'Over the credit limit', amendment: null, statuswf: '111' })).toBe(false);
    // made from an accepted quotation, never held: credit_hold and amendment empty
    expect(heldForApproval({ credit_hold: null, amendment: '', statuswf: '000' })).toBe(false);
  });

  it('start and CRS refused while held, with the step in words', () => {
    const held = { wo_no: 'AWO-2026-00003', credit_hold: 'Over the credit limit', statuswf: '110' };
    expect(approvedToStart(held)).toBe('Work order AWO-2026-00003 is not released for work yet: the work starts once it is approved.');
    expect(approvedToRelease(held)).toBe('Work order AWO-2026-00003 is not released for work yet: it is released to service once it is approved.');
    const free = { wo_no: 'AWO-2026-00004', credit_hold: null, amendment: null, statuswf: '000' };
    expect(approvedToStart(free)).toBeNull();
    expect(approvedToRelease(free)).toBeNull();
  });
});
