import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Query } from '../../api/client';
import { fetchMyPending, fetchTeamPending, type PendingRow, type PendingSortField } from '../../api/tasks';
import type { PagedResponse } from '../../api/types';
import { useTaskListReload } from '../../realtime/useRealtime';
import { useSession } from '../../session/sessionContext';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { useAsync } from '../../ui/useAsync';
import { useTableState } from '../../ui/useTableState';
import { formatDate } from './format';
import './approval.css';
import { t } from '../../i18n';

/** Spec §9: 20 rows per page on the approval lists. */
const PAGE_SIZE = 20;

type Column = DataColumn<PendingRow> & { field: PendingSortField };

const COLUMNS: Column[] = [
  { field: 'taskname', label: 'Task/Approval Name', cell: (row) => row.taskname ?? '' },
  { field: 'taskdetail', label: 'Task/Approval Description', className: 'cell-detail', cell: (row) => row.taskdetail ?? '' },
  { field: 'creatorName', label: 'Created By', cell: (row) => row.creatorName ?? row.createdby ?? '' },
  { field: 'createdon', label: 'Created @', className: 'nowrap', cell: (row) => formatDate(row.createdon) },
];

const TEAM_COLUMN: Column = { field: 'crewname', label: 'Team Name', cell: (row) => row.crewname ?? '' };

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
  const tableState = useTableState<PendingSortField>({ limit: PAGE_SIZE, sort: { by: 'createdon', dir: 'asc' } });
  const { page, sort } = tableState;
  const { session } = useSession();
  const key = JSON.stringify({ testId, page, sort, compcode: session?.compcode });
  const load = useCallback(
    (signal: AbortSignal) => fetcher({ page, limit: PAGE_SIZE, sortBy: sort?.by, sortDir: sort?.dir }, signal),
    [fetcher, page, sort],
  );
  const { data, error, loading, reload } = useAsync(key, load);
  useTaskListReload(reload);

  const rows = Array.isArray(data?.list) ? data.list : [];
  const total = Number(data?.meta?.total ?? 0);
  const open = (row: PendingRow) => navigate(`/approval-form/${row.taskassignkey}/${row.taskkey}`);

  return (
    <section className="card" aria-label={title} data-testid={testId}>
      <div className="card-header card-header-row">
        <h2>{title}</h2>
        {data ? <span className="pill">{total}</span> : null}
      </div>
      <DataTable<PendingRow>
        {...tableState.table}
        columns={team ? [...COLUMNS, TEAM_COLUMN] : COLUMNS}
        rows={rows}
        rowKey={(row) => row.taskassignkey}
        total={total}
        paginateOver={PAGE_SIZE}
        onRowClick={open}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={emptyText}
      />
    </section>
  );
}

/** Spec §2 Approval list: my pending approvals/tasks and my team's. */
export function ApprovalListPage() {
  return (
    <div className="page approval-list-page">
      <div className="page-header">
        <h1>{t('Pending Approval/Task')}</h1>
        <p className="muted">{t('Approvals and tasks waiting for you and for your team. Click a row to open it.')}</p>
      </div>
      <PendingCard
        title={t('My Pending Approval/Task')}
        testId="my-pending"
        emptyText={t('You have no pending approval/task.')}
        fetcher={fetchMyPending}
      />
      <PendingCard
        title={t('My Team\'s Pending Approval/Task')}
        testId="team-pending"
        team
        emptyText={t('Your team has no pending approval/task.')}
        fetcher={fetchTeamPending}
      />
    </div>
  );
}

export default ApprovalListPage;
