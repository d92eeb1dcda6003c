/** The work order's transition guards against rows worked by hand. */
import { describe, expect, it } from 'vitest';
import { notOnProcess } from './order-guards.ts';

describe('work order guards', () => {
  it('withdraw: refused while the order is on process, whatever its progress', () => {
    // statuswf '100' is ON PROCESS (engine/src/workflow/status.ts): the sending is cancelled first
    expect(notOnProcess({ wo_no: 'WO-2026-00012', statuswf: '100', wo_status: 'DRAFT' })).toBe('Work order WO-2026-00012 is on process: cancel the sending before withdrawing it.');
    // a draft (000), a rejected order (110) and an approved one (111) may be withdrawn
    expect(notOnProcess({ wo_no: 'WO-2026-00012', statuswf: '000', wo_status: 'DRAFT' })).toBeNull();
    expect(notOnProcess({ wo_no: 'WO-2026-00012', statuswf: '110', wo_status: 'DRAFT' })).toBeNull();
    expect(notOnProcess({ wo_no: 'WO-2026-00012', statuswf: '111', wo_status: 'RELEASED' })).toBeNull();
  });
});
