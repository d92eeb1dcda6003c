import { useCallback } from "react";
import { Link } from "react-router";
import type { ApprovalHeader } from "../../api/tasks";
import { useSession } from "../../session/sessionContext";
import { useToast } from "../../ui/toast/toastContext";
import { useAsync } from "../../ui/useAsync";
import { materialRequestAccess } from "./documentAccess";
import { t } from '../../i18n';

/**
 * Under the document: the project/production budget (a new tab; a warning when the document is
 * not related to one) and, for a material request the user may read, the requisition itself.
 */
export function DocumentActions({ header, sample, budget }: { header: ApprovalHeader; sample: boolean; budget: boolean }) {
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
    <div className="form-actions doc-actions">
      {budget ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={viewProjectBudget}
        >
          {t('View Project/Production Budget')}
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
  );
}
