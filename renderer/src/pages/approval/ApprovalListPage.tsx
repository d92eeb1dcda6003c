import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Query } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { fetchMyPending, fetchTeamPending, type PendingRow, type PendingSortField } from '../../api/tasks';
import type { PagedResponse } from '../../api/types';
import { useTaskListReload } from '../../realtime/useRealtime';
import { useSession } from '../../session/sessionContext';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { PageInfo } from '../../ui/PageInfo';
import { Pagination } from '../../ui/Pagination';
import { SortHeader, type SortDir } from '../../ui/SortHeader';
import { Spinner } from '../../ui/Spinner';
import { useAsync } from '../../ui/useAsync';
import { formatDate } from './format';
import './approval.css';

/** Spec §9: 20 rows per page on the approval lists. */
const PAGE_SIZE = 20;

interface Column {
  field: PendingSortField;
  label: string;
}

const COLUMNS: Column[] = [
  { field: 'taskname', label: 'Task/Approval Name' },
  { field: 'taskdetail', label: 'Task/Approval Description' },
  { field: 'creatorName', label: 'Created By' },
  { field: 'createdon', label: 'Created @' },
];

const TEAM_COLUMN: Column = { field: 'crewname', label: 'Team Name' };

interface PendingCardProps {
  title: string;
  testId: string;
  team?: boolean;
  emptyText: string;
  fetcher: (query: Query, signal?: AbortSignal) => Promise<PagedResponse<PendingRow>>;
}

/** One card of pending assignments: sorted and paged by the server (sortBy/sortDir/page/limit). */
function PendingCard({ title, testId, team = false, emptyText, fetcher }: PendingCardProps) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ by: PendingSortField; dir: SortDir }>({ by: 'createdon', dir: 'asc' });
  const { session } = useSession();
  const key = JSON.stringify({ testId, page, sort, compcode: session?.compcode });
  const load = useCallback(
    (signal: AbortSignal) => fetcher({ page, limit: PAGE_SIZE, sortBy: sort.by, sortDir: sort.dir }, signal),
    [fetcher, page, sort],
  );
  const { data, error, loading, reload } = useAsync(key, load);
  useTaskListReload(reload);

  const rows = Array.isArray(data?.list) ? data.list : [];
  const total = Number(data?.meta?.total ?? 0);
  const columns = team ? [...COLUMNS, TEAM_COLUMN] : COLUMNS;
  const open = (row: PendingRow) => navigate(`/approval-form/${row.taskassignkey}/${row.taskkey}`);

  return (
    <section className="card" aria-label={title} data-testid={testId}>
      <div className="card-header card-header-row">
        <h2>{title}</h2>
        {data ? <span className="pill">{total}</span> : null}
      </div>
      {error ? <ErrorPanel message={errorMessage(error)} onRetry={reload} /> : null}
      <div className="table-wrap">
        <table className="data-table clickable">
          <thead>
            <tr>
              {columns.map((c) => (
                <SortHeader
                  key={c.field}
                  label={c.label}
                  active={sort.by === c.field}
                  dir={sort.by === c.field ? sort.dir : undefined}
                  onSort={() => {
                    setSort((s) => ({ by: c.field, dir: s.by === c.field && s.dir === 'asc' ? 'desc' : 'asc' }));
                    setPage(1);
                  }}
                />
              ))}
            </tr>
          </thead>
          <tbody className={loading && data ? 'is-loading' : undefined}>
            {rows.map((row) => (
              <tr
                key={row.taskassignkey}
                tabIndex={0}
                onClick={() => open(row)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') open(row);
                }}
              >
                <td>{row.taskname ?? ''}</td>
                <td className="cell-detail">{row.taskdetail ?? ''}</td>
                <td>{row.creatorName ?? row.createdby ?? ''}</td>
                <td className="nowrap">{formatDate(row.createdon)}</td>
                {team ? <td>{row.crewname ?? ''}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
        {loading && !data ? <Spinner label="Loading…" /> : null}
        {!loading && !error && data && rows.length === 0 ? <EmptyState text={emptyText} /> : null}
      </div>
      <div className="list-footer">
        <PageInfo page={page} limit={PAGE_SIZE} total={total} />
        {total > PAGE_SIZE ? <Pagination page={page} limit={PAGE_SIZE} total={total} onChange={setPage} /> : null}
      </div>
    </section>
  );
}

/** Spec §2 Approval list: my pending approvals/tasks and my team's. */
export function ApprovalListPage() {
  return (
    <div className="page approval-list-page">
      <div className="page-header">
        <h1>Pending Approval/Task</h1>
        <p className="muted">Approvals and tasks waiting for you and for your team. Click a row to open it.</p>
      </div>
      <PendingCard
        title="My Pending Approval/Task"
        testId="my-pending"
        emptyText="You have no pending approval/task."
        fetcher={fetchMyPending}
      />
      <PendingCard
        title="My Team's Pending Approval/Task"
        testId="team-pending"
        team
        emptyText="Your team has no pending approval/task."
        fetcher={fetchTeamPending}
      />
    </div>
  );
}

export default ApprovalListPage;
