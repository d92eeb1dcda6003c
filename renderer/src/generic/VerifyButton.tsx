import { useCallback, useState } from 'react';
import { t } from '../i18n';
import { formatDateTime } from './formatCell';
import { request } from '../api/client';
import { errorMessage } from '../api/errors';
import { EmptyState } from '../ui/EmptyState';
import { ErrorPanel } from '../ui/ErrorPanel';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import { useAsync } from '../ui/useAsync';

interface SealChange {
  field: string;
  signed: unknown;
  now: unknown;
}
interface SealVerdict {
  seal_id: number;
  entity: string;
  record_key: string;
  kind: string;
  title: string;
  record: string;
  signer_name: string;
  signed_at: string;
  hash: string;
  short: string;
  canon_version: string;
  status: 'intact' | 'changed' | 'seal_altered' | 'missing' | 'superseded';
  fields: string[];
  labels: string[];
  changes: SealChange[];
}
interface RecordVerification {
  entity: string;
  key: string;
  intact: boolean;
  seals: SealVerdict[];
}

const STATUS_TEXT: Record<SealVerdict['status'], string> = {
  intact: 'Intact',
  changed: 'Changed',
  seal_altered: 'Seal altered',
  missing: 'Record missing',
  superseded: 'Superseded',
};

const shown = (v: unknown): string => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * Verify (GET data/{entity}/{key}/verify, decision 0305): each seal of the record and of its
 * sealed lines recomputed by the server; intact, or the fields that no longer match with what was
 * signed and what is there now. Offered on the form of an entity that declares seals.
 */
export function VerifyButton({ entity, recordKey }: { entity: string; recordKey: string | number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-secondary" data-testid="verify-button" onClick={() => setOpen(true)}>
        {t('Verify')}
      </button>
      {open ? <VerifyModal entity={entity} recordKey={recordKey} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function VerifyModal({ entity, recordKey, onClose }: { entity: string; recordKey: string | number; onClose: () => void }) {
  const path = `data/${encodeURIComponent(entity)}/${encodeURIComponent(String(recordKey))}/verify`;
  const load = useCallback((signal: AbortSignal) => request<RecordVerification>('GET', path, { signal }), [path]);
  const { data, error, loading } = useAsync(path, load);
  return (
    <Modal title={t('Verify signatures')} onClose={onClose} size="lg">
      {loading && !data ? <Spinner /> : null}
      {error ? <ErrorPanel message={errorMessage(error)} /> : null}
      {data && data.seals.length === 0 ? <EmptyState text={t('Nothing is signed on this record yet.')} /> : null}
      {data && data.seals.length ? (
        <>
          <p className={data.intact ? 'verify-verdict verify-intact' : 'verify-verdict verify-broken'} data-testid="verify-verdict" role="status">
            <strong>{data.intact ? t('Every signature is intact: what was signed has not changed since.') : t('A signed record has changed since it was signed.')}</strong>
          </p>
          <div className="table-wrap">
            <table className="data-table" data-testid="verify-seals">
              <thead>
                <tr>
                  <th>{t('Record')}</th>
                  <th>{t('Signature')}</th>
                  <th>{t('Signed by')}</th>
                  <th>{t('Signed at')}</th>
                  <th>{t('Seal')}</th>
                  <th>{t('Status')}</th>
                  <th>{t('No longer matches')}</th>
                </tr>
              </thead>
              <tbody>
                {data.seals.map((s) => (
                  <tr key={s.seal_id} data-status={s.status}>
                    <td>{s.record}</td>
                    <td>{s.title}</td>
                    <td>{s.signer_name}</td>
                    <td>{formatDateTime(s.signed_at)}</td>
                    <td>
                      <code title={`${s.canon_version} ${s.hash}`}>{s.short}</code>
                    </td>
                    <td>{t(STATUS_TEXT[s.status])}</td>
                    <td>
                      {s.changes.length
                        ? s.changes.map((c, i) => (
                            <div key={c.field}>
                              <strong>{s.labels[i] ?? c.field}</strong>: {t('Signed')} {shown(c.signed)} · {t('Now')} {shown(c.now)}
                            </div>
                          ))
                        : s.labels.join(', ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
