import { useCallback } from 'react';
import { Link } from 'react-router';
import type { ApprovalHeader } from '../../api/tasks';
import { useSession } from '../../session/sessionContext';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';
import { materialRequestAccess } from './documentAccess';
import { formatDateTime, statusLabel } from './format';
import { ReadOnlyField } from './ReadOnlyField';

/**
 * The document the approval is about: its step and status, requestor, department (View Budget),
 * assignee and workflow; the project/production budget and, for a material request the user may
 * read, the requisition itself.
 */
export function DocumentCard({ header, sample, onViewBudget }: { header: ApprovalHeader; sample: boolean; onViewBudget: () => void }) {
  const toast = useToast();
  const { session } = useSession();
  const accessKey = `${session?.username ?? ''}@${session?.compcode ?? ''}`;
  const loadAccess = useCallback(() => materialRequestAccess(accessKey), [accessKey]);
  const { data: mrAccess } = useAsync(header.entity_name === 'material_request' && !sample ? accessKey : null, loadAccess);

  const viewProjectBudget = () => {
    if (header.pjxhdrkey === null || header.pjxhdrkey === undefined || header.pjxhdrkey === '') {
      toast.warning('it is not related to Budget Production/Project');
      return;
    }
    window.open(`/budget/progress-budget-production/${encodeURIComponent(String(header.pjxhdrkey))}`, '_blank', 'noopener');
  };

  return (
    <section className="card" aria-labelledby="doc-title">
      <div className="card-header card-header-row">
        <h2 id="doc-title">Document</h2>
        <div className="header-pills">
          {header.step ? (
            <span className="pill">
              Step {header.step.seq} of {header.step.of}: {header.step.name}
            </span>
          ) : null}
          <span className="pill">{Number(header.isTask) === 1 ? 'Task' : 'Approval'}</span>
          {header.statuswf ? <span className={`pill status-${header.statuswf}`}>{statusLabel(header.statuswf)}</span> : null}
        </div>
      </div>
      <div className="card-body">
        <div className="form-grid">
          <ReadOnlyField label="Document Name" value={header.taskname ?? ''} wide />
          <div className="field span-2">
            <label htmlFor="appr-detail">Detail</label>
            <textarea id="appr-detail" readOnly rows={2} value={header.taskdetail ?? ''} />
          </div>
          <ReadOnlyField label="Requested By" value={header.createdby ?? ''} />
          <ReadOnlyField label="Request Date" value={formatDateTime(header.createdon)} />
          <ReadOnlyField label="Requestor Position" value={header.jabatan ?? ''} />
          <ReadOnlyField label="Department" value={header.departemen ?? header.departkd ?? ''}>
            <button
              type="button"
              className="input-btn"
              onClick={onViewBudget}
              disabled={sample || !header.departkd}
              title={header.departkd ? 'Annual budget of the department' : 'The requestor has no department'}
            >
              View Budget
            </button>
          </ReadOnlyField>
          <ReadOnlyField label="Assigned To" value={`${header.crewinfo ?? ''}${header.onBehalfOf ? ` (on behalf of ${header.onBehalfOf})` : ''}`} />
          <ReadOnlyField label="Workflow" value={header.wfname ?? ''} />
        </div>
        <div className="form-actions doc-actions">
          <button type="button" className="btn btn-secondary" onClick={viewProjectBudget}>
            View Project/Production Budget
          </button>
          {header.entity_name === 'material_request' && header.record_key && mrAccess?.read ? (
            <Link className="btn btn-link" to={`/requisition-view?key=${encodeURIComponent(header.record_key)}`}>
              Open requisition
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
