import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/errors';
import { fetchTodo, type TodoRow } from '../../api/tasks';
import { useTaskListReload } from '../../realtime/useRealtime';
import { useSession } from '../../session/sessionContext';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { PageInfo } from '../../ui/PageInfo';
import { Pagination } from '../../ui/Pagination';
import { SearchBox } from '../../ui/SearchBox';
import { SortHeader, type SortDir } from '../../ui/SortHeader';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { useAsync } from '../../ui/useAsync';
import { dateValue, formatDate } from './format';
import { routePath } from './namedRoutes';
import './approval.css';

/** Spec §9: 10 rows per page on the home to-do list. */
const PAGE_SIZE = 10;

type SortField = 'taskname' | 'taskdetail' | 'createby' | 'createdate';

const COLUMNS: Array<{ field: SortField; label: string }> = [
  { field: 'taskname', label: 'Doc./Task Name' },
  { field: 'taskdetail', label: 'Doc./Task Description' },
  { field: 'createby', label: 'Created By' },
  { field: 'createdate', label: 'Created @' },
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
  const [sort, setSort] = useState<{ by: SortField; dir: SortDir }>({ by: 'createdate', dir: 'desc' });
  const [page, setPage] = useState(1);

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

  const total = rows.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

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
      <div className="list-toolbar">
        <SearchBox
          value={filter}
          name="todo-filter"
          placeholder="Filter…"
          label="Filter things to do"
          onSearch={(v) => {
            setFilter(v);
            setPage(1);
          }}
        />
      </div>
      {error ? <ErrorPanel message={errorMessage(error)} onRetry={reload} /> : null}
      <div className="table-wrap">
        <table className="data-table clickable" data-testid="todo-table">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
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
            {shown.map((row) => (
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
                <td>{row.createby ?? ''}</td>
                <td className="nowrap">{formatDate(row.createdate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {loading && !data ? <Spinner label="Loading things to do…" /> : null}
        {!loading && !error && total === 0 ? (
          <EmptyState text={filter ? 'No pending approval/task matches the filter.' : 'Nothing to do: no pending approval/task.'} />
        ) : null}
      </div>
      <div className="list-footer">
        <PageInfo page={current} limit={PAGE_SIZE} total={total} />
        {total > PAGE_SIZE ? <Pagination page={current} limit={PAGE_SIZE} total={total} onChange={setPage} /> : null}
      </div>
    </section>
  );
}

export default ThingsToDo;
