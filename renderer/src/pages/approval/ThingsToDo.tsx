import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchTodoAllCompanies, type TodoRow } from '../../api/tasks';
import { errorMessage } from '../../api/errors';
import { t } from '../../i18n';
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

type SortField = 'taskname' | 'taskdetail' | 'createby' | 'createdate' | 'company';

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
 *
 * Every company the user belongs to (GET /tasktodo?companies=all, decision 0256): the tasks of the
 * other companies too, with a Company column, the active company's first; a row of another company
 * switches to it (the header's switch) and opens there with a notice naming it.
 */
export function ThingsToDo() {
  const navigate = useNavigate();
  const toast = useToast();
  const load = useCallback((signal: AbortSignal) => fetchTodoAllCompanies(signal), []);
  const { session, switchCompany } = useSession();
  // a company switch reorders the companies (the active one first)
  const { data, error, loading, reload } = useAsync(`todo:${session?.compcode ?? ''}`, load);
  useTaskListReload(reload, true);

  const [filter, setFilter] = useState('');
  const table = useTableState<SortField>({ limit: PAGE_SIZE, sort: { by: 'createdate', dir: 'desc' } });
  const sort = table.sort ?? { by: 'createdate', dir: 'desc' };

  const rows = useMemo(() => {
    const all = Array.isArray(data) ? data : [];
    const q = filter.trim().toLowerCase();
    const filtered = q
      ? all.filter((r) =>
          [r.taskname, r.taskdetail, r.createby, formatDate(r.createdate), r.company].some((v) => String(v ?? '').toLowerCase().includes(q)),
        )
      : all;
    const sign = sort.dir === 'asc' ? 1 : -1;
    // the active company's tasks first, then each other company's (by name), sorted within
    const activeFirst = (r: TodoRow) => (!r.compcode || r.compcode === session?.compcode ? 0 : 1);
    return [...filtered].sort(
      (a, b) =>
        activeFirst(a) - activeFirst(b) ||
        (sort.by === 'company' ? 0 : String(a.company ?? '').localeCompare(String(b.company ?? ''))) ||
        sign * compare(a, b, sort.by) ||
        b.taskassignkey - a.taskassignkey,
    );
  }, [data, filter, sort, session?.compcode]);
  const elsewhere = rows.some((r) => r.compcode && r.compcode !== session?.compcode);
  // the company column, shown when a task of another company is listed (decision 0256)
  const columns: Array<DataColumn<TodoRow> & { field: SortField }> = elsewhere ? [{ field: 'company', label: t('Company'), cell: (row) => row.company ?? '' }, ...COLUMNS] : COLUMNS;

  const shown = clientPage(rows, table.page, PAGE_SIZE);

  const open = (row: TodoRow) => {
    const to = routePath(row.routeName ?? 'app.approvalfrm', row.routeParam);
    if (!to) toast.warning(`Unknown route '${row.routeName ?? ''}' for this task.`);
    else if (row.compcode && row.compcode !== session?.compcode) {
      // another company's task: switch to it first, so it opens with that company's access
      switchCompany({ compcode: row.compcode, company: row.company ?? row.compcode }, { to }).catch((e: unknown) => toast.error(errorMessage(e)));
    } else navigate(to);
  };

  return (
    <section className="card todo-card" aria-labelledby="todo-title">
      <div className="card-header">
        <h2 id="todo-title">{t('Things to do (Pending Approval/Task)')}</h2>
      </div>
      <DataTable<TodoRow>
        {...table.table}
        columns={columns}
        rows={shown.rows}
        rowKey={(row) => row.taskassignkey}
        page={shown.page}
        total={rows.length}
        toolbar={
          <SearchBox
            value={filter}
            name="todo-filter"
            placeholder={t('Filter…')}
            label={t('Filter things to do')}
            onSearch={(v) => {
              setFilter(v);
              table.firstPage();
            }}
          />
        }
        onRowClick={open}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={filter ? 'No pending approval/task matches the filter.' : 'Nothing to do: no pending approval/task.'}
        loadingLabel={t('Loading things to do…')}
        testId="todo-table"
      />
    </section>
  );
}

export default ThingsToDo;
