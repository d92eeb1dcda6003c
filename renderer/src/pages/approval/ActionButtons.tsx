import type { ActionTake, ApprovalHeader } from '../../api/tasks';
import { t } from '../../i18n';

/** The buttons of the workflow actions, in the spec's order; PENDING (queuing) has none. */
const ACTION_BUTTONS: Array<{ action: ActionTake; label: () => string; className: string }> = [
  { action: 'APPROVED', label: () => t('Approve'), className: 'btn btn-primary' },
  { action: 'REVIEWED', label: () => t('Review'), className: 'btn btn-secondary' },
  { action: 'ROUTING', label: () => t('Routing'), className: 'btn btn-secondary' },
  { action: 'COMPLETED', label: () => t('Complete'), className: 'btn btn-primary' },
  { action: 'REJECTED', label: () => t('Reject'), className: 'btn btn-danger' },
];

const APPROVAL_ACTIONS: ActionTake[] = ['APPROVED', 'REVIEWED', 'ROUTING', 'REJECTED', 'PENDING'];
const TASK_ACTIONS: ActionTake[] = ['COMPLETED', 'REJECTED', 'PENDING'];

/** The buttons of the actions the server offers on this assignment (else those of an approval or a task). */
export function ActionButtons({ header, busy, onAct }: { header: ApprovalHeader; busy: boolean; onAct: (action: ActionTake) => void }) {
  const offered = header.actions?.length ? header.actions : Number(header.isTask) === 1 ? TASK_ACTIONS : APPROVAL_ACTIONS;
  const buttons = ACTION_BUTTONS.filter((b) => offered.includes(b.action));
  return (
    <div className="form-actions action-buttons" data-testid="action-buttons">
      {buttons.map((b) => (
        <button key={b.action} type="button" className={b.className} disabled={busy} onClick={() => onAct(b.action)}>
          {b.label()}
        </button>
      ))}
    </div>
  );
}
