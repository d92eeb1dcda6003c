import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchTodo, type TodoRow } from '../../api/tasks';
import { useTaskListReload } from '../../realtime/useRealtime';
import { useSession } from '../../session/sessionContext';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { SearchBox } from '../../ui/SearchBox';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';
import { clientPage, useTableState } from '../../ui/useTableState';
import { dateValue, formatDate } from './format';
import { routePath } from './namedRoutes';
import './approval.css';

/** Spec §9: 10 rows per page on the home to-do list. */
const PAGE_SIZE = 10;

type SortField = 'taskname' | 'taskdetail' | 'createby' | 'createdate';

const COLUMNS: Array<DataColumn<TodoRow> & { field: SortField }> = [
  { field: 'taskname', label: 'Doc./Task Name', cell: (row) => row.taskname ?? '' },
  { field: 'taskdetail', label: 'Doc./Task Description', className: 'cell-detail', cell: (row) => row.taskdetail ?? '' },
  { field: 'createby', label: 'Created By', cell: (row) => row.createby ?? '' },
  { field: 'createdate', label: 'Created @', className: 'nowrap', cell: (row) => formatDate(row.createdate) },
];

function compare(a: TodoRow, b: TodoRow, field: SortField): number {
  if (field === 'createdate') return dateValue(a.createdate) - dateValue(b.createdate);
  return String(a[field] ?? '').localeCompare(String(b[field] ?? ''), undefined, { sensitivity: 'base', numeric: true });
}

/**
 * Home 'Things to do (Pending Approval/Task)': the user's open tasks (GET /tasktodo), filtered,
 * sorted and paged here; newest first. A row opens the route it names. Reloads on task events of
 * the session's company.
 */
export function ThingsToDo() {
  const navigate = useNavigate();
  const toast = useToast();
  const load = useCallback((signal: AbortSignal) => fetchTodo(signal), []);
  const { session } = useSession();
  // a company switch shows that company's tasks
  const { data, error, loading, reload } = useAsync(`todo:${session?.compcode ?? ''}`, load);
  useTaskListReload(reload);

  const [filter, setFilter] = useState('');
  const t = useTableState<SortField>({ limit: PAGE_SIZE, sort: { by: 'createdate', dir: 'desc' } });
  const sort = t.sort ?? { by: 'createdate', dir: 'desc' };

  const rows = useMemo(() => {
    const all = Array.isArray(data) ? data : [];
    const q = filter.trim().toLowerCase();
    const filtered = q
      ? all.filter((r) =>
          [r.taskname, r.taskdetail, r.createby, formatDate(r.createdate)].some((v) => String(v ?? '').toLowerCase().includes(q)),
        )
      : all;
    const sign = sort.dir === 'asc' ? 1 : -1;
    return [...filtered].sort((a, b) => sign * compare(a, b, sort.by) || b.taskassignkey - a.taskassignkey);
  }, [data, filter, sort]);

  const shown = clientPage(rows, t.page, PAGE_SIZE);

  const open = (row: TodoRow) => {
    const to = routePath(row.routeName ?? 'app.approvalfrm', row.routeParam);
    if (to) navigate(to);
    else toast.warning(`Unknown route '${row.routeName ?? ''}' for this task.`);
  };

  return (
    <section className="card todo-card" aria-labelledby="todo-title">
      <div className="card-header">
        <h2 id="todo-title">Things to do (Pending Approval/Task)</h2>
      </div>
      <DataTable<TodoRow>
        {...t.table}
        columns={COLUMNS}
        rows={shown.rows}
        rowKey={(row) => row.taskassignkey}
        page={shown.page}
        total={rows.length}
        toolbar={
          <SearchBox
            value={filter}
            name="todo-filter"
            placeholder="Filter…"
            label="Filter things to do"
            onSearch={(v) => {
              setFilter(v);
              t.firstPage();
            }}
          />
        }
        onRowClick={open}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={filter ? 'No pending approval/task matches the filter.' : 'Nothing to do: no pending approval/task.'}
        loadingLabel="Loading things to do…"
        testId="todo-table"
      />
    </section>
  );
}

export default ThingsToDo;
