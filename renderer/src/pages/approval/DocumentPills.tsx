import type { ApprovalHeader } from "../../api/tasks";
import { t } from '../../i18n';
import { statusWords } from "./format";

/** The approval's step, its kind (task or approval) and the document's status. */
export function DocumentPills({ header }: { header: ApprovalHeader }) {
  return (
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
  );
}
