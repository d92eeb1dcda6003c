import { useCallback } from 'react';
import { errorMessage } from '../../api/errors';
import { fetchBudgetView } from '../../api/tasks';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { useAsync } from '../../ui/useAsync';
import { t } from '../../i18n';

interface BudgetModalProps {
  departkd: string;
  departemen: string;
  layout: string;
  onClose: () => void;
}

/** 'View Budget': the department's annual budget report of the current year (server HTML). */
export function BudgetModal({ departkd, departemen, layout, onClose }: BudgetModalProps) {
  const tahun = new Date().getFullYear();
  const load = useCallback(
    (signal: AbortSignal) => fetchBudgetView({ departkd, departemen, tahun, layout }, signal),
    [departkd, departemen, tahun, layout],
  );
  const { data, error, loading, reload } = useAsync(JSON.stringify({ departkd, departemen, tahun, layout }), load);
  return (
    <Modal title={`${t('Annual Budget {year}', { year: tahun })} — ${departemen || departkd}`} onClose={onClose} size="lg">
      {loading ? <Spinner label={t('Loading budget…')} /> : null}
      {error ? <ErrorPanel message={errorMessage(error)} onRetry={reload} /> : null}
      {!loading && !error && typeof data === 'string' ? (
        // HTML built by our server (budgetdept/viewprint), every value escaped there
        <div className="budget-view" data-testid="budget-view" dangerouslySetInnerHTML={{ __html: data }} />
      ) : null}
    </Modal>
  );
}
