import { useCallback, useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { fetchTaskDetail, type TaskDetailResponse } from '../../api/tasks';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';
import { ApprovalForm } from './ApprovalForm';
import { DetailFailure, wholeResponse } from './approvalErrors';
import { SAMPLE_ATTACHMENTS, SAMPLE_HEADER, SAMPLE_HISTORY } from './sample';
import { useCloseForm } from './useCloseForm';
import './approval.css';
import { t } from '../../i18n';

/** The spec's text, its typo kept (the key of its Indonesian). */
const loadingText = (): string => t('Loading Appoval/Task Detail, please wait');

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
    toast.info(loadingText());
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
          <h1>{header && Number(header.isTask) === 1 ? t('Task Form') : t('Approval/Task Form')}</h1>
          {header?.taskname ? <p className="muted">{header.taskname}</p> : null}
        </div>
        <div className="page-header-actions">
          <button type="button" className="btn btn-secondary" onClick={close}>
            {t('Close')}
          </button>
        </div>
      </div>
      {loading && !data ? <Spinner label={loadingText()} /> : null}
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
