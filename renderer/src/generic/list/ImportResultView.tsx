import type { ImportResult } from './importStream';
import { t } from '../../i18n';

/** An import's (or dry run's) outcome: the counts, and each failed row's errors by field. */
export function ImportResultView({ dry, r }: { dry: boolean; r: ImportResult }) {
  const failed = r.rows.filter((row) => !row.ok);
  return (
    <div className="import-result" data-testid="import-result">
      <p>
        {dry ? `${t('Dry run: nothing was written.')} ` : ''}
        {t(dry ? '{total} rows read, {imported} would be imported, {failed} with errors' : '{total} rows read, {imported} imported, {failed} with errors', { total: r.total, imported: dry ? r.total - r.failed : r.imported, failed: r.failed })}
        {!dry && !r.committed && r.failed ? ` (${t('all or nothing: nothing was imported')})` : ''}.
      </p>
      {failed.length ? (
        <table className="data-table">
          <thead>
            <tr>
              <th>{t('Row')}</th>
              <th>{t('Field')}</th>
              <th>{t('Error')}</th>
            </tr>
          </thead>
          <tbody>
            {failed.flatMap((row) =>
              row.errors.map((e, i) => (
                <tr key={`${row.row}-${i}`}>
                  <td>{row.row}</td>
                  <td>{e.field}</td>
                  <td>{e.message}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
