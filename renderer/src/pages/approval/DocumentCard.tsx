import { useCallback } from "react";
import { Link } from "react-router";
import type { ApprovalHeader } from "../../api/tasks";
import { useSession } from "../../session/sessionContext";
import { useToast } from "../../ui/toast/toastContext";
import { useAsync } from "../../ui/useAsync";
import { materialRequestAccess } from "./documentAccess";
import { formatDateTime, statusWords } from "./format";
import { ReadOnlyField } from "./ReadOnlyField";
import { t } from '../../i18n';

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
  const toast = useToast();
  const { session } = useSession();
  const accessKey = `${session?.username ?? ""}@${session?.compcode ?? ""}`;
  const loadAccess = useCallback(
    () => materialRequestAccess(accessKey),
    [accessKey],
  );
  const { data: mrAccess } = useAsync(
    header.entity_name === "material_request" && !sample ? accessKey : null,
    loadAccess,
  );

  // budget controls only for a document that has a budget (the server says; a sample shows them)
  const budget = header.hasBudget !== false;
  const viewProjectBudget = () => {
    if (
      header.pjxhdrkey === null ||
      header.pjxhdrkey === undefined ||
      header.pjxhdrkey === ""
    ) {
      toast.warning("it is not related to Budget Production/Project");
      return;
    }
    window.open(
      `/budget/progress-budget-production/${encodeURIComponent(String(header.pjxhdrkey))}`,
      "_blank",
      "noopener",
    );
  };

  return (
    <section className="card" aria-labelledby="doc-title">
      <div className="card-header card-header-row">
        <h2 id="doc-title">{t("Document")}</h2>
        <div className="header-pills">
          {header.step ? (
            <span className="pill">
              {t("Step {seq} of {of}: {name}").replace("{seq}", String(header.step.seq)).replace("{of}", String(header.step.of)).replace("{name}", header.step.name)}
            </span>
          ) : null}
          <span className="pill">
            {Number(header.isTask) === 1 ? t("Task") : t("Approval")}
          </span>
          {header.statuswf ? (
            <span className={`pill status-${header.statuswf}`}>
              {statusWords(header.statuswf)}
            </span>
          ) : null}
        </div>
      </div>
      <div className="card-body">
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
        <div className="form-actions doc-actions">
          {budget ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={viewProjectBudget}
            >
              View Project/Production Budget
            </button>
          ) : null}
          {header.entity_name === "material_request" &&
          header.record_key &&
          mrAccess?.read ? (
            <Link
              className="btn btn-link"
              to={`/requisition-view?key=${encodeURIComponent(header.record_key)}`}
            >
              {t("Open requisition")}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
