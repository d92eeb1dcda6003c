/**
 * Deferred defects under the Minimum Equipment List. The rectification interval comes from the
 * category: A the interval written in the MEL item, B 3, C 10, D 120 consecutive calendar days,
 * the day of discovery excluded, in UTC; the defect must be rectified by the end of the last day
 * (so a category B defect found on a Monday is due at the end of Thursday). One extension may be
 * granted for B, C and D (never A), no longer than the original interval, with the name of who
 * approved it.
 */
import { addDays } from './dates.ts';

export interface MelCategory {
  category: string;
  /** Days; 0 means the interval is written in the MEL item (category A). */
  interval_days: number;
  excludes_discovery_day?: boolean | null;
  extension_allowed?: boolean | null;
  max_extension_days?: number | null;
}

export interface MelProblem {
  path: string;
  message: string;
}

export type MelDue = { ok: true; intervalDays: number | null; dueDate: string | null } | { ok: false; errors: MelProblem[] };

/**
 * The rectification due date of a defect found on `found` (UTC date). Category A takes the
 * item's interval in days (`itemDays`), or none when the item limits flight hours or cycles
 * only (`itemCounters`); one of them is required.
 */
export function melDue(found: string, cat: MelCategory, itemDays: number | null | undefined, itemCounters = false): MelDue {
  const isA = cat.category.toUpperCase() === 'A' || !cat.interval_days;
  let days: number | null;
  if (isA) {
    days = typeof itemDays === 'number' && itemDays > 0 ? itemDays : null;
    if (days === null && !itemCounters) {
      return { ok: false, errors: [{ path: '/interval_days', message: 'A category A deferral needs the interval written in the MEL item (days, or flight hours / cycles)' }] };
    }
  } else {
    days = cat.interval_days;
  }
  if (days === null) return { ok: true, intervalDays: null, dueDate: null };
  // excluding the day of discovery, N days end on found + N; including it, on found + N - 1
  const dueDate = addDays(found, cat.excludes_discovery_day === false ? days - 1 : days);
  return { ok: true, intervalDays: days, dueDate };
}

export type MelExtension = { ok: true; extendedDueDate: string } | { ok: false; errors: MelProblem[] };

/**
 * One extension of a deferral due on `dueDate` with an original interval of `intervalDays`:
 * B, C and D only, once, no longer than the original interval (nor the category's maximum).
 */
export function melExtension(cat: MelCategory, dueDate: string | null, intervalDays: number | null, alreadyExtended: boolean, days: number, approvedBy: string | null | undefined): MelExtension {
  const errors: MelProblem[] = [];
  const isA = cat.category.toUpperCase() === 'A' || !cat.interval_days;
  if (isA) errors.push({ path: '/extension_days', message: 'A category A deferral cannot be extended' });
  else if (cat.extension_allowed === false) errors.push({ path: '/extension_days', message: `Category ${cat.category} deferrals cannot be extended` });
  if (alreadyExtended) errors.push({ path: '/extension_days', message: 'This deferral has already been extended once' });
  if (!Number.isInteger(days) || days < 1) errors.push({ path: '/extension_days', message: 'Extension days must be a whole number of days, at least 1' });
  const max = Math.min(intervalDays ?? 0, cat.max_extension_days ?? Number.MAX_SAFE_INTEGER);
  if (!isA && Number.isInteger(days) && days > max) errors.push({ path: '/extension_days', message: `An extension cannot be longer than the original interval (${max} days)` });
  if (!approvedBy || !approvedBy.trim()) errors.push({ path: '/extension_approved_by', message: 'The extension must name who approved it' });
  if (!dueDate) errors.push({ path: '/due_date', message: 'The deferral has no due date to extend' });
  if (errors.length) return { ok: false, errors };
  return { ok: true, extendedDueDate: addDays(dueDate as string, days) };
}
