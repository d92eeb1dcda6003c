import { DateInput } from '../ui/DateInput';
import { t } from '../i18n';
import type { HistoryEvent } from './historyText';
import { RecordHistoryTable } from './RecordHistoryTable';
import { useCallback, useState } from 'react';
import { apiUrl, authFetch, request } from '../api/client';
import { errorMessage } from '../api/errors';
import { EmptyState } from '../ui/EmptyState';
import { ErrorPanel } from '../ui/ErrorPanel';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import { filenameFromDisposition, saveBlob } from '../ui/download';
import { useAsync } from '../ui/useAsync';

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
      {data && data.data.length ? <RecordHistoryTable events={data.data} /> : null}
    </Modal>
  );
}
