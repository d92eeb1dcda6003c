import { useState } from 'react';
import type { ActionTake, ApprovalHeader } from '../../api/tasks';
import type { UserListRow } from '../../api/types';
import { COMMENT_MAX, ROUTING_COMMENT_MAX, decisionBody, queuingBody, routingBody } from './actionRequests';
import { ActionButtons } from './ActionButtons';
import { CommentField } from './CommentField';
import { QueuingPanel } from './QueuingPanel';
import { RoutingPanel } from './RoutingPanel';
import { UserPickModal } from './UserPickModal';
import { useSendAction } from './useSendAction';
import { t } from '../../i18n';
import { actionWord } from './format';

/** Why the user cannot act: a sample, acted on already, or someone else's. */
function whyNoAction(header: ApprovalHeader, sample: boolean): string {
  const acted = header.completeddate || header.actiontake;
  const task = Number(header.isTask) === 1;
  if (sample) return t('The sample document offers no action.');
  if (acted) {
    const text = task ? t('This task has been acted on.') : t('This approval has been acted on.');
    return header.actiontake ? `${text.replace(/\.$/, '')} (${actionWord(header.actiontake)}).` : text;
  }
  const someone = header.crewinfo ?? t('someone else');
  return task ? t('This task is assigned to {name}.', { name: someone }) : t('This approval is assigned to {name}.', { name: someone });
}

/**
 * The approval's or task's action: why the user cannot act (a sample, acted on, someone else's),
 * else the comment and the buttons the server offers; Routing opens the routing panel, a queued
 * assignment shows the queuing panel.
 */
export function ActionCard({ header, sample }: { header: ApprovalHeader; sample: boolean }) {
  // what an approval that is a signature signs: the document as the approval names it
  const { busy, send, dialogs } = useSendAction(() => [
    { label: t('Document'), value: String(header.taskname ?? '') },
    { label: t('Detail'), value: String(header.taskdetail ?? '') },
  ]);
  const [comment, setComment] = useState('');
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

  const act = (action: ActionTake) => {
    if (action === 'ROUTING') {
      setRouting(true);
      setRouteComment((c) => c || comment.slice(0, ROUTING_COMMENT_MAX));
      return;
    }
    send(decisionBody(header, action, comment));
  };

  return (
    <section className="card" aria-labelledby="action-title">
      <div className="card-header">
        <h2 id="action-title">{Number(header.isTask) === 1 ? t('Task Action') : t('Approval Action')}</h2>
      </div>
      <div className="card-body form-stack">
        {!canAct ? <p className="notice" data-testid="cannot-act">{whyNoAction(header, sample)}</p> : null}
        <CommentField
          id="appr-comment"
          name="comment"
          rows={4}
          max={COMMENT_MAX}
          value={comment}
          disabled={!canAct || routing || busy}
          placeholder={canAct ? t('Your comment (required)') : ''}
          onChange={setComment}
        />
        {canAct && !routing ? <ActionButtons header={header} busy={busy} onAct={act} /> : null}

        {canAct && routing ? (
          <RoutingPanel
            routeTo={routeTo}
            comment={routeComment}
            busy={busy}
            onPick={() => setPicking(true)}
            onComment={setRouteComment}
            onProceed={() => send(routingBody(header, routeTo, routeComment))}
            onCancel={() => setRouting(false)}
          />
        ) : null}

        <QueuingPanel
          hidden={!canAct || !queuing}
          date={queueDate}
          comment={queueComment}
          busy={busy}
          onDate={setQueueDate}
          onComment={setQueueComment}
          onProceed={() => send(queuingBody(header, queueDate, queueComment))}
          onCancel={() => setQueuing(false)}
        />
      </div>
      {picking ? (
        <UserPickModal
          onClose={() => setPicking(false)}
          onSelect={(row) => {
            setRouteTo(row);
            setPicking(false);
          }}
        />
      ) : null}
      {dialogs}
    </section>
  );
}
