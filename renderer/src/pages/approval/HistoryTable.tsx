import type { HistoryRow } from '../../api/tasks';
import { EmptyState } from '../../ui/EmptyState';
import { actionWord, formatDate, formatDateTime } from './format';
import { t } from '../../i18n';

export function isExpired(row: Pick<HistoryRow, 'actiontake' | 'expired'>): boolean {
  return Boolean(row.expired) || String(row.actiontake ?? '').toUpperCase() === 'EXPIRED';
}

/**
 * Workflow history: Assign Date, Assign To, Action Take (with the acting user when someone acted
 * for the assignee), Comment, Complete Date. Expired rows are highlighted.
 */
export function HistoryTable({ rows }: { rows: HistoryRow[] }) {
  if (rows.length === 0) return <EmptyState text={t('No workflow history yet.')} />;
  return (
    <div className="table-wrap history-wrap">
      <table className="data-table history-table" data-testid="history-table">
        <thead>
          <tr>
            <th scope="col">{t('Assign Date')}</th>
            <th scope="col">{t('Assign To')}</th>
            <th scope="col">{t('Action Take')}</th>
            <th scope="col">{t('Comment')}</th>
            <th scope="col">{t('Complete Date')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const expired = isExpired(row);
            return (
              <tr key={row.taskassignkey} className={expired ? 'row-expired' : undefined} data-expired={expired || undefined}>
                <td className="nowrap">{row.assignstr ?? formatDateTime(row.assigndate)}</td>
                <td>
                  {row.crewname ?? ''}
                  {row.onBehalfOf ? <span className="action-by"> {t('on behalf of {name}', { name: row.onBehalfOf })}</span> : null}
                </td>
                <td>
                  {row.actiontake ? (
                    <span className={`action-tag action-${row.actiontake.toLowerCase()}`}>{actionWord(row.actiontake)}</span>
                  ) : (
                    <span className="muted-text">{t('Waiting')}</span>
                  )}
                  {row.actionBy ? <span className="action-by"> {t('by {name}', { name: row.actionBy })}</span> : null}
                  {row.postponed && row.postuntil && !row.completeddate ? (
                    <span className="action-by"> {t('queued until {date}', { date: formatDate(row.postuntil.slice(0, 10)) })}</span>
                  ) : null}
                </td>
                <td className="cell-detail">{row.message ?? ''}</td>
                <td className="nowrap">{formatDateTime(row.completeddate)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
