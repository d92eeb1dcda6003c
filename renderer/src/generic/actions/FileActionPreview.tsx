import type { ActionResult } from '../../api/data';
import { t } from '../../i18n';

export interface Problem {
  kind?: string;
  path?: string;
  item?: string;
  message?: string;
}

/** A file action's dry run: its message and every problem with where it is in the file. */
export function FileActionPreview({ preview, problems }: { preview: ActionResult; problems: Problem[] }) {
  return (
    <section data-testid="file-action-result" aria-live="polite">
      <p>{String(preview.message ?? '')}</p>
      {problems.length ? (
        <table className="table table-sm">
          <thead>
            <tr>
              <th>{t('Item')}</th>
              <th>{t('Where in the file')}</th>
              <th>{t('Problem')}</th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p, i) => (
              <tr key={i}>
                <td>{p.item}</td>
                <td>
                  <code>{p.path}</code>
                </td>
                <td>{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
