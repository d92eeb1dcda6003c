import { DateInput } from '../../ui/DateInput';
import { COMMENT_MAX } from './actionRequests';
import { CommentField, PanelButtons } from './CommentField';
import { t } from '../../i18n';

function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

interface QueuingPanelProps {
  hidden: boolean;
  date: string;
  comment: string;
  busy: boolean;
  onDate: (date: string) => void;
  onComment: (text: string) => void;
  onProceed: () => void;
  onCancel: () => void;
}

/**
 * Queuing panel (spec §2: "Queuing panel: Est. Start Date, comment, Proceed Queuing, Cancel
 * Queuing. No button opens it."). Kept in the page but hidden; it shows only for an assignment
 * that is itself queued (postponed = 1), and no button opens it.
 */
export function QueuingPanel({ hidden, date, comment, busy, onDate, onComment, onProceed, onCancel }: QueuingPanelProps) {
  return (
    <div className="workflow-panel queuing-panel" data-testid="queuing-panel" hidden={hidden}>
      <h3>{t('Queuing')}</h3>
      <div className="field">
        <label htmlFor="appr-queue-date">
          {t('Est. Start Date')} <span className="required">*</span>
        </label>
        <DateInput id="appr-queue-date" name="postuntil" min={tomorrow()} value={date} disabled={busy} onChange={onDate} />
      </div>
      <CommentField id="appr-queue-comment" name="queueComment" rows={3} max={COMMENT_MAX} value={comment} disabled={busy} onChange={onComment} />
      <PanelButtons what="Queuing" busy={busy} onProceed={onProceed} onCancel={onCancel} />
    </div>
  );
}
