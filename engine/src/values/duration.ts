/**
 * Durations (flight hours, APU hours, block times, intervals): stored as integer minutes, typed
 * and shown as H:MM, where hours may exceed 24 (`4875:27` is 292,527 minutes). Never decimal hours:
 * tenths added per leg drift. One implementation for the server (prints, exports), the renderer
 * (the duration widget, list cells) and the plugins.
 *
 *   formatDuration(292527)          // '4875:27'
 *   parseDuration('84:39')          // { ok: true, minutes: 5079 }
 *   parseDuration('50')             // { ok: true, minutes: 3000 }   (whole hours)
 */

export const DURATION_HINT = 'Type hours as H:MM (e.g. 4875:27) or whole hours';

/** Minutes as H:MM ('-0:30' for negative values); '' for null, undefined or a non-number. */
export function formatDuration(minutes: unknown): string {
  const n = typeof minutes === 'number' ? minutes : typeof minutes === 'string' && /^-?\d+(\.\d+)?$/.test(minutes.trim()) ? Number(minutes) : NaN;
  if (!Number.isFinite(n)) return minutes == null ? '' : String(minutes);
  const total = Math.round(Math.abs(n));
  const sign = n < 0 && total > 0 ? '-' : '';
  return `${sign}${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export type ParsedDuration = { ok: true; minutes: number } | { ok: false; message: string };

/**
 * Parses `H:MM` (minutes 00-59, hours any size, thousands separators allowed: `4,875:27`) or whole
 * hours (`50`). A leading minus is kept (callers check the field's bounds). Decimal hours are
 * refused: `1.30` could mean 1:30 or 1:18.
 */
export function parseDuration(text: string): ParsedDuration {
  const s = text.trim().replace(/[\s,]/g, '');
  const m = /^(-)?(\d{1,9})(?::([0-5]\d))?$/.exec(s);
  if (!m) return { ok: false, message: DURATION_HINT };
  const minutes = Number(m[2]) * 60 + (m[3] ? Number(m[3]) : 0);
  return { ok: true, minutes: m[1] && minutes > 0 ? -minutes : minutes };
}
