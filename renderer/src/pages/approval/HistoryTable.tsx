import type { HistoryRow } from '../../api/tasks';
import { EmptyState } from '../../ui/EmptyState';
import { formatDateTime } from './format';

export function isExpired(row: Pick<HistoryRow, 'actiontake' | 'expired'>): boolean {
  return Boolean(row.expired) || String(row.actiontake ?? '').toUpperCase() === 'EXPIRED';
}

/**
 * Workflow history: Assign Date, Assign To, Action Take (with the acting user when someone acted
 * for the assignee), Comment, Complete Date. Expired rows are highlighted.
 */
export function HistoryTable({ rows }: { rows: HistoryRow[] }) {
  if (rows.length === 0) return <EmptyState text="No workflow history yet." />;
  return (
    <div className="table-wrap history-wrap">
      <table className="data-table history-table" data-testid="history-table">
        <thead>
          <tr>
            <th scope="col">Assign Date</th>
            <th scope="col">Assign To</th>
            <th scope="col">Action Take</th>
            <th scope="col">Comment</th>
            <th scope="col">Complete Date</th>
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
                  {row.onBehalfOf ? <span className="action-by"> on behalf of {row.onBehalfOf}</span> : null}
                </td>
                <td>
                  {row.actiontake ? (
                    <span className={`action-tag action-${row.actiontake.toLowerCase()}`}>{row.actiontake}</span>
                  ) : (
                    <span className="muted-text">Waiting</span>
                  )}
                  {row.actionBy ? <span className="action-by"> by {row.actionBy}</span> : null}
                  {row.postponed && row.postuntil && !row.completeddate ? (
                    <span className="action-by"> queued until {row.postuntil.slice(0, 10)}</span>
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
