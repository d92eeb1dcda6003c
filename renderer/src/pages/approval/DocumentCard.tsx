import type { ApprovalHeader } from "../../api/tasks";
import { t } from '../../i18n';
import { DocumentActions } from "./DocumentActions";
import { DocumentFields } from "./DocumentFields";
import { DocumentPills } from "./DocumentPills";

/**
 * The document the approval is about: its step and status, requestor, department (View Budget),
 * assignee and workflow; the project/production budget and, for a material request the user may
 * read, the requisition itself.
 */
export function DocumentCard({
  header,
  sample,
  onViewBudget,
}: {
  header: ApprovalHeader;
  sample: boolean;
  onViewBudget: () => void;
}) {
  // budget controls only for a document that has a budget (the server says; a sample shows them)
  const budget = header.hasBudget !== false;
  return (
    <section className="card" aria-labelledby="doc-title">
      <div className="card-header card-header-row">
        <h2 id="doc-title">{t("Document")}</h2>
        <DocumentPills header={header} />
      </div>
      <div className="card-body">
        <DocumentFields header={header} sample={sample} budget={budget} onViewBudget={onViewBudget} />
        <DocumentActions header={header} sample={sample} budget={budget} />
      </div>
    </section>
  );
}
