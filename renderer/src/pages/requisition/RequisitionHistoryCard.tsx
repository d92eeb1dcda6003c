import { errorMessage } from '../../api/errors';
import type { fetchRequisitionHistory } from '../../api/mrequest';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import type { useAsync } from '../../ui/useAsync';
import { HistoryTable } from '../approval/HistoryTable';
import { t } from '../../i18n';

type History = ReturnType<typeof useAsync<Awaited<ReturnType<typeof fetchRequisitionHistory>>>>;

/** The requisition's approval history (who was assigned, who acted, when, with what message). */
export function RequisitionHistoryCard({ history }: { history: History }) {
  return (
    <section className="card" aria-labelledby="req-history-title">
      <div className="card-header">
        <h2 id="req-history-title">{t('Approval History')}</h2>
      </div>
      {history.loading && !history.data ? <Spinner label={t('Loading history…')} /> : null}
      {history.error ? <ErrorPanel message={errorMessage(history.error)} onRetry={history.reload} /> : null}
      {history.data ? (
        <HistoryTable
          rows={(history.data.data ?? []).map((r) => ({
            taskassignkey: r.taskassignkey,
            assignstr: null,
            assigndate: r.assigndate,
            crewname: r.crewname,
            onBehalfOf: r.onBehalfOf,
            actiontake: r.actiontake,
            actionBy: r.actionBy,
            message: r.message,
            completeddate: r.completeddate,
            expired: r.expired,
          }))}
        />
      ) : null}
    </section>
  );
}
