import { MODES, type LogRow } from './importStream';
import { t } from '../../i18n';

/** The log of an entity's imports: when, who, which file, the mode and the counts. */
export function ImportLogTable({ log }: { log: LogRow[] }) {
  return (
    <table className="data-table" data-testid="import-log">
      <thead>
        <tr>
          <th>{t('When')}</th>
          <th>{t('User')}</th>
          <th>{t('File')}</th>
          <th>{t('Mode')}</th>
          <th>{t('Rows')}</th>
          <th>{t('Imported')}</th>
          <th>{t('Failed')}</th>
        </tr>
      </thead>
      <tbody>
        {log.map((l) => (
          <tr key={l.id}>
            <td>{new Date(l.created_at).toLocaleString()}</td>
            <td>{l.created_by}</td>
            <td>{l.filename}</td>
            <td>{MODES[l.mode] ?? l.mode}</td>
            <td>{l.total}</td>
            <td>{l.imported}</td>
            <td>{l.failed}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
