import type { UserListRow } from '../../api/types';
import { ROUTING_COMMENT_MAX } from './actionRequests';
import { CommentField, PanelButtons } from './CommentField';
import { t } from '../../i18n';

interface RoutingPanelProps {
  routeTo: UserListRow | null;
  comment: string;
  busy: boolean;
  onPick: () => void;
  onComment: (text: string) => void;
  onProceed: () => void;
  onCancel: () => void;
}

/** Spec §2 Routing panel: the user to route to (picked from a list), a comment, Proceed or Cancel Routing. */
export function RoutingPanel({ routeTo, comment, busy, onPick, onComment, onProceed, onCancel }: RoutingPanelProps) {
  return (
    <div className="workflow-panel routing-panel" data-testid="routing-panel">
      <h3>{t('Routing')}</h3>
      <div className="field">
        <label htmlFor="appr-route-to">
          {t('Route to')} <span className="required">*</span>
        </label>
        <div className="input-group lookup-input">
          <input
            id="appr-route-to"
            type="text"
            readOnly
            className="clickable-input"
            placeholder={t('Select a user/employee…')}
            value={routeTo ? `${routeTo.full_name ?? routeTo.username} (${routeTo.username})` : ''}
            onClick={onPick}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ' || e.key === 'F4') {
                e.preventDefault();
                onPick();
              }
            }}
          />
          <button type="button" className="input-btn" aria-label={t('Pick a user')} onClick={onPick}>
            …
          </button>
        </div>
      </div>
      <CommentField id="appr-route-comment" name="routeComment" rows={3} max={ROUTING_COMMENT_MAX} value={comment} disabled={busy} onChange={onComment} />
      <PanelButtons what="Routing" busy={busy} onProceed={onProceed} onCancel={onCancel} />
    </div>
  );
}
