import { t } from '../../i18n';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parse(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  // a plain date (YYYY-MM-DD) is a calendar day, not midnight UTC
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const d = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Spec §2: dates as `DD MMM YYYY` (e.g. 05 Mar 2026); empty for no date, as sent if unreadable. */
export function formatDate(value: unknown): string {
  const d = parse(value);
  if (!d) return value === null || value === undefined ? '' : String(value);
  return `${String(d.getDate()).padStart(2, '0')} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** `DD MMM YYYY HH:mm` (history dates). */
export function formatDateTime(value: unknown): string {
  const d = parse(value);
  if (!d) return value === null || value === undefined ? '' : String(value);
  return `${formatDate(d.toISOString())} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** Milliseconds of a date for sorting (no date sorts first). */
export function dateValue(value: unknown): number {
  return parse(value)?.getTime() ?? Number.NEGATIVE_INFINITY;
}

/** Spec §4 approval status codes. */
export const STATUS_LABELS: Record<string, string> = {
  '000': 'DRAFT',
  '100': 'ON PROCESS',
  '111': 'APPROVED',
  '110': 'REJECTED',
};

/** A workflow status as a reader names it, without its code (issue 37 point 6): '100' → "On process". */
const STATUS_WORDS: Record<string, () => string> = {
  '000': () => t('Draft'),
  '100': () => t('On process'),
  '111': () => t('Approved'),
  '110': () => t('Rejected'),
};
export function statusWords(code: string | null | undefined): string {
  if (!code) return '';
  return STATUS_WORDS[code]?.() ?? code;
}

export function statusLabel(code: string | null | undefined): string {
  if (!code) return '';
  return STATUS_LABELS[code] ? `${code} ${STATUS_LABELS[code]}` : code;
}

/** An assignment's action as a reader names it, in their language (issue 37 points 6 and 9): 'APPROVED' → "Approved". */
const ACTION_WORDS: Record<string, () => string> = {
  APPROVED: () => t('Approved'),
  REVIEWED: () => t('Reviewed'),
  ROUTING: () => t('Routing'),
  COMPLETED: () => t('Completed'),
  REJECTED: () => t('Rejected'),
  PENDING: () => t('Queued'),
  EXPIRED: () => t('Expired'),
};
export function actionWord(code: string | null | undefined): string {
  if (!code) return '';
  return ACTION_WORDS[code.toUpperCase()]?.() ?? code;
}
