import { useState } from 'react';
import { Link } from 'react-router';
import type { ApprovalHeader, Attachment, HistoryRow } from '../../api/tasks';
import { ActionCard } from './ActionCard';
import { AttachmentsCard } from './AttachmentsCard';
import { BudgetModal } from './BudgetModal';
import { DocumentCard } from './DocumentCard';
import { DocumentPreview } from './DocumentPreview';
import { HistoryTable } from './HistoryTable';
import { t } from '../../i18n';

interface FormProps {
  header: ApprovalHeader;
  history: HistoryRow[];
  attachments: Attachment[];
  sample: boolean;
}

/** The loaded form: document, attachments, comment and actions, routing/queuing, history, preview. */
export function ApprovalForm({ header, history, attachments: initialAttachments, sample }: FormProps) {
  const [attachments, setAttachments] = useState<Attachment[]>(initialAttachments);
  const [showBudget, setShowBudget] = useState(false);

  return (
    <div className="approval-layout">
      <div className="approval-main">
        {sample ? (
          <div className="sample-banner" role="note" data-testid="sample-banner">
            <strong>{t('Sample document')}</strong> — {t('no approval/task was chosen. This read-only sample shows what an approval looks like; open one from')}{' '}
            <Link to="/approval-list">{t('Pending Approval/Task')}</Link> {t('to act on it.')}
          </div>
        ) : null}

        <DocumentCard header={header} sample={sample} onViewBudget={() => setShowBudget(true)} />

        <AttachmentsCard attachments={attachments} taskkey={Number(header.taskkey)} readOnly={sample} onChange={setAttachments} />

        <ActionCard header={header} sample={sample} />

        <section className="card" aria-labelledby="history-title">
          <div className="card-header">
            <h2 id="history-title">{t('Workflow History')}</h2>
          </div>
          <HistoryTable rows={history} />
        </section>
      </div>

      <aside className="approval-side" aria-label={t('Document preview')}>
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
    </div>
  );
}
