/**
 * Whether a tool may be used on a task card on a day (decision 0395): serviceable, and its
 * calibration not overdue. A tool is usable up to and including its calibration due date and
 * overdue from the day after; a tool of a catalogue entry that requires calibration and has no
 * due date is not usable (its calibration is unknown). Pure: the caller reads the tool.
 *
 *   toolRefusal({ serial: 'TW-0042', partNumber: 'TW-50', name: 'Torque wrench', status: 'SV', calibrationRequired: true, due: '2026-11-30' }, '2026-12-01')
 *     // 'Tool S/N TW-0042 (TW-50 Torque wrench) is overdue for calibration: it was due 30 Nov 2026.'
 */
export interface ToolState {
  serial: string;
  partNumber: string | null;
  name: string | null;
  /** tool_status: SV serviceable, CAL out for calibration, US, LOAN, LOST, SCRAP. */
  status: string;
  /** The status as the reader reads it (its label), for the refusal's words. */
  statusLabel?: string;
  calibrationRequired: boolean;
  /** The calibration due date (YYYY-MM-DD), or null. */
  due: string | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day as the product shows it (decision 0281): 30 Nov 2026. */
export function dayText(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

/** The tool as a refusal names it: S/N TW-0042 (TW-50 Torque wrench). */
export function toolName(t: Pick<ToolState, 'serial' | 'partNumber' | 'name'>): string {
  const what = [t.partNumber, t.name].filter((x) => x !== null && x !== undefined && x !== '').join(' ');
  return `Tool S/N ${t.serial}${what ? ` (${what})` : ''}`;
}

/** Why the tool may not be used on a card on `date` (YYYY-MM-DD), or null when it may. */
export function toolRefusal(t: ToolState, date: string): string | null {
  const name = toolName(t);
  if (t.status === 'CAL') return `${name} is out for calibration: it is used on a task card once it is back and serviceable.`;
  if (t.status !== 'SV') return `${name} is ${(t.statusLabel ?? t.status).toLowerCase()}: only a serviceable tool is used on a task card.`;
  const due = t.due ? t.due.slice(0, 10) : null;
  if (due === null) return t.calibrationRequired ? `${name} has no calibration due date: a tool that needs calibration is used on a task card only while its calibration is valid.` : null;
  if (due < date) return `${name} is overdue for calibration: it was due ${dayText(due)}.`;
  return null;
}
