import { DateInput } from '../ui/DateInput';
import { t } from '../i18n';
import { formatDate, formatDateTime } from './formatCell';
import { useCallback, useState } from 'react';
import { apiUrl, authFetch, request } from '../api/client';
import { errorMessage } from '../api/errors';
import { EmptyState } from '../ui/EmptyState';
import { ErrorPanel } from '../ui/ErrorPanel';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import { filenameFromDisposition, saveBlob } from '../ui/download';
import { useAsync } from '../ui/useAsync';

interface HistoryChange {
  field: string;
  label: string;
  from: unknown;
  to: unknown;
}
interface HistoryEvent {
  at: string;
  username: string;
  kind: string;
  title: string;
  note?: string;
  changes: HistoryChange[];
}

/** A value as the lists show it: Yes/No, dates DD MMM YYYY, instants DD MMM YYYY HH:MM (UTC). */
const shown = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return t(v ? 'Yes' : 'No');
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return formatDateTime(v);
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};
const when = (iso: string) => formatDateTime(iso);

/** What happened in the reader's language (issue 37 point 9): the server's fixed verbs by their kind. */
const VERBS: Record<string, string> = { created: 'Created', changed: 'Changed', deleted: 'Deleted' };
const verb = (ev: { kind: string; title: string }): string => {
  if (VERBS[ev.kind] === ev.title || ev.title === 'Sent to workflow') return t(ev.title);
  const posted = /^Posted to (.+)$/.exec(ev.title);
  return posted ? `${t('Posted to')} ${posted[1]}` : ev.title;
};

/** A line count of the server ("2 added, 1 changed") in the reader's language. */
const counts = (v: string): string => v.replace(/(\d+) (added|changed|removed)/g, (_, n: string, w: string) => `${n} ${t(w)}`);

/**
 * The History of a record (GET data/{entity}/{key}/history): who changed which field from what to
 * what, workflow actions and postings, newest first; filters by user and date; export to xlsx.
 */
export function HistoryButton({ entity, recordKey }: { entity: string; recordKey: string | number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-secondary" data-testid="history-button" onClick={() => setOpen(true)}>
        {t('History')}
      </button>
      {open ? <HistoryModal entity={entity} recordKey={recordKey} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function HistoryModal({ entity, recordKey, onClose }: { entity: string; recordKey: string | number; onClose: () => void }) {
  const [user, setUser] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [applied, setApplied] = useState({ user: '', from: '', to: '' });
  const path = `data/${encodeURIComponent(entity)}/${encodeURIComponent(String(recordKey))}/history`;
  const key = `${path}?${applied.user}|${applied.from}|${applied.to}`;
  const load = useCallback((signal: AbortSignal) => request<{ data: HistoryEvent[] }>('GET', path, { signal, query: applied }), [path, applied]);
  const { data, error, loading } = useAsync(key, load);
  const [exportError, setExportError] = useState('');

  const doExport = async () => {
    setExportError('');
    try {
      const res = await authFetch(apiUrl(`${path}/export`, applied));
      saveBlob(await res.blob(), filenameFromDisposition(res.headers.get('Content-Disposition'), 'history.xlsx'));
    } catch (e) {
      setExportError(errorMessage(e));
    }
  };

  return (
    <Modal title={t('History')} onClose={onClose} size="lg">
      <form
        className="history-filters"
        onSubmit={(ev) => {
          ev.preventDefault();
          setApplied({ user: user.trim(), from, to });
        }}
      >
        <input className="form-control" placeholder={t('User')} aria-label={t('User')} value={user} onChange={(e) => setUser(e.target.value)} />
        <DateInput className="form-control" ariaLabel={t('From')} value={from} onChange={setFrom} />
        <DateInput className="form-control" ariaLabel={t('To')} value={to} onChange={setTo} />
        <button type="submit" className="btn btn-primary">
          {t('Filter')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void doExport()}>
          {t('Export')}
        </button>
      </form>
      {exportError ? <p className="text-danger">{exportError}</p> : null}
      {loading && !data ? <Spinner /> : null}
      {error ? <ErrorPanel message={errorMessage(error)} /> : null}
      {data && data.data.length === 0 ? <EmptyState text={t('No history for these filters.')} /> : null}
      {data && data.data.length ? (
        <div className="table-wrap">
          <table className="data-table" data-testid="record-history">
            <thead>
              <tr>
                <th>{t('When')}</th>
                <th>{t('User')}</th>
                <th>{t('What')}</th>
                <th>{t('Field')}</th>
                <th>{t('From')}</th>
                <th>{t('To')}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.flatMap((ev, i) => {
                const rows = ev.changes.length ? ev.changes : [null];
                return rows.map((c, j) => (
                  <tr key={`${i}-${j}`} data-kind={ev.kind}>
                    {j === 0 ? (
                      <>
                        <td rowSpan={rows.length}>{when(ev.at)}</td>
                        <td rowSpan={rows.length}>{ev.username}</td>
                        <td rowSpan={rows.length}>
                          {verb(ev)}
                          {ev.note ? <div className="muted">{ev.note}</div> : null}
                        </td>
                      </>
                    ) : null}
                    <td>{c?.label ?? ''}</td>
                    <td>{c ? shown(c.from) : ''}</td>
                    <td>{c ? (typeof c.to === 'string' && c.from === null && c.field.indexOf('.') < 0 ? counts(shown(c.to)) : shown(c.to)) : ''}</td>
                  </tr>
                ));
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </Modal>
  );
}
