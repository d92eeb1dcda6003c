import type { ApprovalHeader } from "../../api/tasks";
import { t } from '../../i18n';
import { formatDateTime } from "./format";
import { ReadOnlyField } from "./ReadOnlyField";

/**
 * The document's fields, read-only: name, detail, requestor, date, position, department (with
 * View Budget when the document has a budget), assignee and workflow.
 */
export function DocumentFields({ header, sample, budget, onViewBudget }: { header: ApprovalHeader; sample: boolean; budget: boolean; onViewBudget: () => void }) {
  return (
    <div className="form-grid">
      <ReadOnlyField
        id="appr-document-name"
        label={t("Document Name")}
        value={header.taskname ?? ""}
        wide
      />
      <div className="field span-2">
        <label htmlFor="appr-detail">{t("Detail")}</label>
        <textarea
          id="appr-detail"
          readOnly
          rows={2}
          value={header.taskdetail ?? ""}
        />
      </div>
      <ReadOnlyField id="appr-requested-by"
        label={t("Requested By")} value={header.createdby ?? ""} />
      <ReadOnlyField
        id="appr-request-date"
        label={t("Request Date")}
        value={formatDateTime(header.createdon)}
      />
      <ReadOnlyField
        id="appr-requestor-position"
        label={t("Requestor Position")}
        value={header.jabatan ?? ""}
      />
      <ReadOnlyField
        id="appr-department"
        label={t("Department")}
        value={header.departemen ?? header.departkd ?? ""}
      >
        {budget ? (
          <button
            type="button"
            className="input-btn"
            onClick={onViewBudget}
            disabled={sample || !header.departkd}
            title={
              header.departkd
                ? t("Annual budget of the department")
                : t("The requestor has no department")
            }
          >
            {t("View Budget")}
          </button>
        ) : null}
      </ReadOnlyField>
      <ReadOnlyField
        id="appr-assigned-to"
        label={t("Assigned To")}
        value={`${header.crewinfo ?? ""}${header.onBehalfOf ? ` (${t("on behalf of {name}").replace("{name}", header.onBehalfOf)})` : ""}`}
      />
      <ReadOnlyField
        id="appr-workflow"
        label={t("Workflow")}
        value={header.wftitle ?? header.wfname ?? ""}
      />
    </div>
  );
}
