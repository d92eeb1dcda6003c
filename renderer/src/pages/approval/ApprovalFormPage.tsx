import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/errors';
import {
  doAction,
  fetchTaskDetail,
  type ActionTake,
  type ApprovalHeader,
  type Attachment,
  type DoActionBody,
  type HistoryRow,
  type TaskDetailResponse,
} from '../../api/tasks';
import type { UserListRow } from '../../api/types';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';
import { AttachmentsCard } from './AttachmentsCard';
import { BudgetModal } from './BudgetModal';
import { DocumentPreview } from './DocumentPreview';
import { materialRequestAccess } from './documentAccess';
import { useSession } from '../../session/sessionContext';
import { formatDateTime, statusLabel } from './format';
import { HistoryTable } from './HistoryTable';
import { previousLocation } from './navHistory';
import { SAMPLE_ATTACHMENTS, SAMPLE_HEADER, SAMPLE_HISTORY } from './sample';
import { UserPickModal } from './UserPickModal';
import './approval.css';

/** Spec §9 comment limits. */
export const COMMENT_MAX = 1000;
export const ROUTING_COMMENT_MAX = 900;

const LOADING_TEXT = 'Loading Appoval/Task Detail, please wait';
const VALIDATION_TEXT = 'Please fill the form correctly.';
const VALIDATION_TITLE = 'FORM ENTRY - VALIDATION';

/** The buttons of the workflow actions, in the spec's order; PENDING (queuing) has none. */
const ACTION_BUTTONS: Array<{ action: ActionTake; label: string; className: string }> = [
  { action: 'APPROVED', label: 'Approve', className: 'btn btn-primary' },
  { action: 'REVIEWED', label: 'Review', className: 'btn btn-secondary' },
  { action: 'ROUTING', label: 'Routing', className: 'btn btn-secondary' },
  { action: 'COMPLETED', label: 'Complete', className: 'btn btn-primary' },
  { action: 'REJECTED', label: 'Reject', className: 'btn btn-danger' },
];

const APPROVAL_ACTIONS: ActionTake[] = ['APPROVED', 'REVIEWED', 'ROUTING', 'REJECTED', 'PENDING'];
const TASK_ACTIONS: ActionTake[] = ['COMPLETED', 'REJECTED', 'PENDING'];

/** The detail answered without success: the whole response is the error. */
class DetailFailure extends Error {
  readonly response: unknown;
  constructor(response: unknown) {
    super('The approval/task detail could not be loaded.');
    this.response = response;
  }
}

/** Spec §8: a failed detail load shows the whole response. */
function wholeResponse(e: unknown): string {
  if (e instanceof DetailFailure) return JSON.stringify(e.response);
  if (e instanceof ApiError) return JSON.stringify(e.body);
  return errorMessage(e);
}

/** Spec §8: a failed action shows the response's message (with the field messages, if any). */
function actionErrorText(e: unknown): string {
  if (e instanceof ApiError) {
    const details = e.errors.map((x) => `${x.path.replace(/^\//, '')} ${x.message}`.trim());
    return details.length ? `${e.body.message}: ${details.join('; ')}` : e.body.message;
  }
  return errorMessage(e);
}

function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Close: back to the previous route, or to the approval list when that was this form (or none). */
function useCloseForm(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const { path, pushed } = previousLocation();
    if (!path || path.startsWith('/approval-form')) {
      navigate('/approval-list');
      return;
    }
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (pushed && idx > 0) navigate(-1);
    else navigate(path);
  }, [navigate]);
}

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span className={value.length > max ? 'char-counter over' : 'char-counter'} aria-live="polite">
      {value.length}/{max}
    </span>
  );
}

function ReadOnlyField({ label, value, wide = false, children }: { label: string; value: string; wide?: boolean; children?: ReactNode }) {
  const id = `appr-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <div className={wide ? 'field span-2' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children ? (
        <div className="input-group">
          <input id={id} type="text" readOnly value={value} />
          {children}
        </div>
      ) : (
        <input id={id} type="text" readOnly value={value} />
      )}
    </div>
  );
}

interface FormProps {
  header: ApprovalHeader;
  history: HistoryRow[];
  attachments: Attachment[];
  sample: boolean;
}

/** The loaded form: document, attachments, comment and actions, routing/queuing, history, preview. */
function ApprovalForm({ header, history, attachments: initialAttachments, sample }: FormProps) {
  const toast = useToast();
  const close = useCloseForm();
  const [attachments, setAttachments] = useState<Attachment[]>(initialAttachments);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [showBudget, setShowBudget] = useState(false);
  // routing panel
  const [routing, setRouting] = useState(false);
  const [picking, setPicking] = useState(false);
  const [routeTo, setRouteTo] = useState<UserListRow | null>(null);
  const [routeComment, setRouteComment] = useState('');
  // queuing panel: no button opens it (spec §2); it shows only for a queued (postponed) assignment
  const [queuing, setQueuing] = useState(Number(header.postponed) === 1);
  const [queueDate, setQueueDate] = useState(header.postuntil ? String(header.postuntil).slice(0, 10) : '');
  const [queueComment, setQueueComment] = useState('');

  const canAct = !sample && (header.canAct === undefined || Number(header.canAct) === 1);
  const { session } = useSession();
  const accessKey = `${session?.username ?? ''}@${session?.compcode ?? ''}`;
  const loadAccess = useCallback(() => materialRequestAccess(accessKey), [accessKey]);
  const { data: mrAccess } = useAsync(header.entity_name === 'material_request' && !sample ? accessKey : null, loadAccess);
  const offered = header.actions?.length ? header.actions : Number(header.isTask) === 1 ? TASK_ACTIONS : APPROVAL_ACTIONS;
  const buttons = ACTION_BUTTONS.filter((b) => offered.includes(b.action));

  const invalid = () => toast.warning(VALIDATION_TEXT, VALIDATION_TITLE);

  const send = async (body: DoActionBody) => {
    setBusy(true);
    try {
      const res = await doAction(body);
      if (Number(res?.success) === 1) {
        toast.success(res.message || 'Saved');
        close();
        return;
      }
      toast.error(res?.message || JSON.stringify(res));
    } catch (e) {
      toast.error(actionErrorText(e));
    }
    setBusy(false);
  };

  const base = (): Pick<DoActionBody, 'taskassignkey' | 'isrouting' | 'routeToNik' | 'routeToUser' | 'postponed' | 'postuntil'> => ({
    taskassignkey: Number(header.taskassignkey),
    isrouting: 0,
    routeToNik: null,
    routeToUser: null,
    postponed: 0,
    postuntil: null,
  });

  const hasKey = () => Number.isSafeInteger(Number(header.taskassignkey)) && Number(header.taskassignkey) > 0;

  const act = (action: ActionTake) => {
    if (action === 'ROUTING') {
      setRouting(true);
      setRouteComment((c) => c || comment.slice(0, ROUTING_COMMENT_MAX));
      return;
    }
    const text = comment.trim();
    if (!hasKey() || !text || text.length > COMMENT_MAX) return invalid();
    void send({ ...base(), actionTake: action, comment: text });
  };

  const proceedRouting = () => {
    const text = routeComment.trim();
    if (!hasKey() || !text || text.length > ROUTING_COMMENT_MAX || !routeTo) return invalid();
    void send({
      ...base(),
      actionTake: 'ROUTING',
      comment: text,
      isrouting: 1,
      routeToUser: routeTo.username,
      routeToNik: routeTo.crewnik ?? null,
    });
  };

  const proceedQueuing = () => {
    const text = queueComment.trim();
    if (!hasKey() || !text || text.length > COMMENT_MAX || !queueDate) return invalid();
    void send({ ...base(), actionTake: 'PENDING', comment: text, postponed: 1, postuntil: queueDate });
  };

  const viewProjectBudget = () => {
    if (header.pjxhdrkey === null || header.pjxhdrkey === undefined || header.pjxhdrkey === '') {
      toast.warning('it is not related to Budget Production/Project');
      return;
    }
    window.open(`/budget/progress-budget-production/${encodeURIComponent(String(header.pjxhdrkey))}`, '_blank', 'noopener');
  };

  const acted = header.completeddate || header.actiontake;

  return (
    <div className="approval-layout">
      <div className="approval-main">
        {sample ? (
          <div className="sample-banner" role="note" data-testid="sample-banner">
            <strong>Sample document</strong> — no approval/task was chosen. This read-only sample shows what an approval looks
            like; open one from <Link to="/approval-list">Pending Approval/Task</Link> to act on it.
          </div>
        ) : null}

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
                  onClick={() => setShowBudget(true)}
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

        <AttachmentsCard attachments={attachments} taskkey={Number(header.taskkey)} readOnly={sample} onChange={setAttachments} />

        <section className="card" aria-labelledby="action-title">
          <div className="card-header">
            <h2 id="action-title">{Number(header.isTask) === 1 ? 'Task Action' : 'Approval Action'}</h2>
          </div>
          <div className="card-body form-stack">
            {!canAct ? (
              <p className="notice" data-testid="cannot-act">
                {sample
                  ? 'The sample document offers no action.'
                  : acted
                    ? `This ${Number(header.isTask) === 1 ? 'task' : 'approval'} has been acted on${header.actiontake ? ` (${header.actiontake})` : ''}.`
                    : `This ${Number(header.isTask) === 1 ? 'task' : 'approval'} is assigned to ${header.crewinfo ?? 'someone else'}.`}
              </p>
            ) : null}
            <div className="field">
              <label htmlFor="appr-comment">
                Comment <span className="required">*</span>
              </label>
              <textarea
                id="appr-comment"
                name="comment"
                rows={4}
                maxLength={COMMENT_MAX}
                value={comment}
                disabled={!canAct || routing || busy}
                placeholder={canAct ? 'Your comment (required)' : ''}
                onChange={(e) => setComment(e.target.value)}
              />
              <Counter value={comment} max={COMMENT_MAX} />
            </div>
            {canAct && !routing ? (
              <div className="form-actions action-buttons" data-testid="action-buttons">
                {buttons.map((b) => (
                  <button key={b.action} type="button" className={b.className} disabled={busy} onClick={() => act(b.action)}>
                    {b.label}
                  </button>
                ))}
              </div>
            ) : null}

            {canAct && routing ? (
              <div className="workflow-panel routing-panel" data-testid="routing-panel">
                <h3>Routing</h3>
                <div className="field">
                  <label htmlFor="appr-route-to">
                    Route to <span className="required">*</span>
                  </label>
                  <div className="input-group lookup-input">
                    <input
                      id="appr-route-to"
                      type="text"
                      readOnly
                      className="clickable-input"
                      placeholder="Select a user/employee…"
                      value={routeTo ? `${routeTo.full_name ?? routeTo.username} (${routeTo.username})` : ''}
                      onClick={() => setPicking(true)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter' || e.key === ' ' || e.key === 'F4') {
                          e.preventDefault();
                          setPicking(true);
                        }
                      }}
                    />
                    <button type="button" className="input-btn" aria-label="Pick a user" onClick={() => setPicking(true)}>
                      …
                    </button>
                  </div>
                </div>
                <div className="field">
                  <label htmlFor="appr-route-comment">
                    Comment <span className="required">*</span>
                  </label>
                  <textarea
                    id="appr-route-comment"
                    name="routeComment"
                    rows={3}
                    maxLength={ROUTING_COMMENT_MAX}
                    value={routeComment}
                    disabled={busy}
                    onChange={(e) => setRouteComment(e.target.value)}
                  />
                  <Counter value={routeComment} max={ROUTING_COMMENT_MAX} />
                </div>
                <div className="form-actions">
                  <button type="button" className="btn btn-primary" disabled={busy} onClick={proceedRouting}>
                    Proceed Routing
                  </button>
                  <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setRouting(false)}>
                    Cancel Routing
                  </button>
                </div>
              </div>
            ) : null}

            {/*
              Queuing panel (spec §2: "Queuing panel: Est. Start Date, comment, Proceed Queuing,
              Cancel Queuing. No button opens it."). Kept in the page but hidden; it shows only for
              an assignment that is itself queued (postponed = 1), and no button opens it.
            */}
            <div className="workflow-panel queuing-panel" data-testid="queuing-panel" hidden={!canAct || !queuing}>
              <h3>Queuing</h3>
              <div className="field">
                <label htmlFor="appr-queue-date">
                  Est. Start Date <span className="required">*</span>
                </label>
                <input
                  id="appr-queue-date"
                  type="date"
                  name="postuntil"
                  min={tomorrow()}
                  value={queueDate}
                  disabled={busy}
                  onChange={(e) => setQueueDate(e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor="appr-queue-comment">
                  Comment <span className="required">*</span>
                </label>
                <textarea
                  id="appr-queue-comment"
                  name="queueComment"
                  rows={3}
                  maxLength={COMMENT_MAX}
                  value={queueComment}
                  disabled={busy}
                  onChange={(e) => setQueueComment(e.target.value)}
                />
                <Counter value={queueComment} max={COMMENT_MAX} />
              </div>
              <div className="form-actions">
                <button type="button" className="btn btn-primary" disabled={busy} onClick={proceedQueuing}>
                  Proceed Queuing
                </button>
                <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setQueuing(false)}>
                  Cancel Queuing
                </button>
              </div>
            </div>
          </div>
        </section>

        <section className="card" aria-labelledby="history-title">
          <div className="card-header">
            <h2 id="history-title">Workflow History</h2>
          </div>
          <HistoryTable rows={history} />
        </section>
      </div>

      <aside className="approval-side" aria-label="Document preview">
        <DocumentPreview header={header} sample={sample} />
      </aside>

      {showBudget && header.departkd ? (
        <BudgetModal
          departkd={header.departkd}
          departemen={header.departemen ?? ''}
          layout={header.layout ?? ''}
          onClose={() => setShowBudget(false)}
        />
      ) : null}
      {picking ? (
        <UserPickModal
          onClose={() => setPicking(false)}
          onSelect={(row) => {
            setRouteTo(row);
            setPicking(false);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Spec §2 Approval/Task form (/approval-form/:key?/:taskkey?): key is the assignment
 * (taskassignkey), taskkey the task. Without a key, the built-in sample (see sample.ts).
 */
export function ApprovalFormPage() {
  const { key = '', taskkey = '' } = useParams();
  const toast = useToast();
  const close = useCloseForm();
  const sample = !key;

  const load = useCallback(
    async (signal: AbortSignal): Promise<TaskDetailResponse> => {
      const res = await fetchTaskDetail(key, signal);
      if (!res || Number(res.success) !== 1 || !Array.isArray(res.data) || !Array.isArray(res.data[0]) || !res.data[0][0]) {
        throw new DetailFailure(res);
      }
      return res;
    },
    [key],
  );
  const { data, error, loading, reload } = useAsync(sample ? null : `detail:${key}`, load);

  // the info toast while the detail loads, and the whole response when it fails (spec §8)
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (sample || toasted.current === key) return;
    toasted.current = key;
    toast.info(LOADING_TEXT);
  }, [key, sample, toast]);
  useEffect(() => {
    if (error) toast.error(wholeResponse(error));
  }, [error, toast]);

  const header = sample ? SAMPLE_HEADER : data?.data[0][0];
  const history = sample ? SAMPLE_HISTORY : (data?.data[1] ?? []);
  const attachments = sample ? SAMPLE_ATTACHMENTS : (data?.data[2] ?? []);

  return (
    <div className="page approval-form-page">
      <div className="page-header">
        <div>
          <h1>{header && Number(header.isTask) === 1 ? 'Task Form' : 'Approval/Task Form'}</h1>
          {header?.taskname ? <p className="muted">{header.taskname}</p> : null}
        </div>
        <div className="page-header-actions">
          <button type="button" className="btn btn-secondary" onClick={close}>
            Close
          </button>
        </div>
      </div>
      {loading && !data ? <Spinner label={LOADING_TEXT} /> : null}
      {error ? (
        <ErrorPanel message={error instanceof DetailFailure ? error.message : errorMessage(error)} onRetry={reload} />
      ) : null}
      {header && (sample || !loading || data) ? (
        <ApprovalForm
          key={sample ? 'sample' : `${key}/${taskkey}/${String(header.taskassignkey)}`}
          header={header}
          history={Array.isArray(history) ? history : []}
          attachments={Array.isArray(attachments) ? attachments : []}
          sample={sample}
        />
      ) : null}
    </div>
  );
}

export default ApprovalFormPage;
