/**
 * One date format for display and entry (issue 37 point 3, decision 0281): `DD MMM YYYY` with the
 * month in the reader's language (08 Nov 2026, 12 Mei 2026), date-times `DD MMM YYYY HH:MM` in UTC
 * on a 24-hour clock. Typing takes that form, ISO (2026-11-08) and day-first numbers (8/11/2026,
 * 8.11.2026), the same everywhere: forms, filters, history.
 *
 *   readDateText('8 nov 2026')  → '2026-11-08'
 *   readDateText('31/02/2026')  → null (no such day)
 *   showDate('2026-11-08')      → '08 Nov 2026'
 */
import { shortMonths } from '../i18n';

const pad = (n: number): string => String(n).padStart(2, '0');
const EN = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A month number (1-12) from its name in the reader's language or in English (first 3 letters or more). */
function monthOf(name: string): number | null {
  const n = name.toLowerCase().replace(/\.$/, '');
  if (n.length < 3) return null;
  const own = shortMonths().map((m) => m.toLowerCase());
  for (const list of [own, EN]) {
    const i = list.findIndex((m) => n.startsWith(m.slice(0, 3)) && m.slice(0, 3) === n.slice(0, 3));
    if (i >= 0) return i + 1;
  }
  return null;
}

function iso(y: number, m: number, d: number): string | null {
  if (!(y >= 1000 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= 31)) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null; // 31 Feb and the like
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** A typed calendar date as `YYYY-MM-DD`; null when it is not one. */
export function readDateText(text: string): string | null {
  const s = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[\s\-/.]+([A-Za-z]{3,}\.?)[\s\-/.,]+(\d{4})$/.exec(s);
  if (m) {
    const month = monthOf(m[2]);
    return month ? iso(Number(m[3]), month, Number(m[1])) : null;
  }
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return iso(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

/** `YYYY-MM-DD` (or an ISO timestamp: its date) as `DD MMM YYYY` in the reader's language. */
export function showDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return `${m[3]} ${shortMonths()[Number(m[2]) - 1]} ${m[1]}`;
}

/** An ISO instant as `DD MMM YYYY HH:MM` in UTC. */
export function showDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getUTCDate())} ${shortMonths()[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A typed date and 24-hour UTC time (`20 Nov 2026 14:05`, `2026-11-20T14:05`, `2026-11-20 14:05`) as an ISO instant; null when it is not one. */
export function readDateTimeText(text: string): string | null {
  const m = /^\s*(.+?)[T\s]+(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const day = readDateText(m[1]);
  const h = Number(m[2]);
  const min = Number(m[3]);
  if (!day || h > 23 || min > 59) return null;
  const [y, mo, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, min)).toISOString();
}

export const DATE_HINT_EN = 'Type a date as DD MMM YYYY, e.g. 08 Nov 2026';
export const DATE_HINT_ID = 'Ketik tanggal sebagai DD MMM YYYY, mis. 08 Nov 2026';
export const DATETIME_HINT_EN = 'Type a date and UTC time as DD MMM YYYY HH:MM, e.g. 08 Nov 2026 14:05';
export const DATETIME_HINT_ID = 'Ketik tanggal dan jam UTC sebagai DD MMM YYYY HH:MM, mis. 08 Nov 2026 14:05';
