import { t } from '../../i18n';
const TITLES: Record<string, string> = {
  'approval-list': 'Pending Approval/Task',
  'approval-form': 'Approval/Task Form',
  'requisition-view': 'Requisition View',
};

/** Screens delivered with the approval workflow; until then a plain notice, no data. */
export function WorkflowPlaceholder({ screen }: { screen: keyof typeof TITLES | string }) {
  return (
    <div className="page">
      <div className="page-header">
        <h1>{TITLES[screen] ?? screen}</h1>
      </div>
      <section className="card">
        <div className="card-body">
          <p>{t('This screen arrives with the approval workflow.')}</p>
        </div>
      </section>
    </div>
  );
}

export default WorkflowPlaceholder;
