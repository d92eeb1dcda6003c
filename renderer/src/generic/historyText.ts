/**
 * A record's history as the History dialog words it: a value as the lists show it, what happened
 * in the reader's language, a line count of the server in the reader's language.
 *
 *   shown(true)   // 'Yes';  shown('2026-03-01')   // '01 Mar 2026'
 */
import { t } from '../i18n';
import { formatDate, formatDateTime } from './formatCell';

export interface HistoryChange {
  field: string;
  label: string;
  from: unknown;
  to: unknown;
}
export interface HistoryEvent {
  at: string;
  username: string;
  kind: string;
  title: string;
  note?: string;
  changes: HistoryChange[];
}

/** A value as the lists show it: Yes/No, dates DD MMM YYYY, instants DD MMM YYYY HH:MM (UTC). */
export const shown = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return t(v ? 'Yes' : 'No');
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return formatDateTime(v);
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};
export const when = (iso: string) => formatDateTime(iso);

/** What happened in the reader's language (issue 37 point 9): the server's fixed verbs by their kind. */
const VERBS: Record<string, string> = { created: 'Created', changed: 'Changed', deleted: 'Deleted' };
export const verb = (ev: { kind: string; title: string }): string => {
  if (VERBS[ev.kind] === ev.title || ev.title === 'Sent to workflow') return t(ev.title);
  const posted = /^Posted to (.+)$/.exec(ev.title);
  return posted ? `${t('Posted to')} ${posted[1]}` : ev.title;
};

/** A line count of the server ("2 added, 1 changed") in the reader's language. */
export const counts = (v: string): string => v.replace(/(\d+) (added|changed|removed)/g, (_, n: string, w: string) => `${n} ${t(w)}`);
