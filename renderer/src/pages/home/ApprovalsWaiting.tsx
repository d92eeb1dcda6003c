/**
 * Home: the company's approvals waiting per workflow step, as the Approvals Waiting screen charts
 * them (metadata admin/approvals-waiting `chart`), for whoever may open that screen; nothing for
 * the others (the menu access check answers 0, no error).
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { listRows } from '../../api/data';
import { checkAccess, fetchScreen } from '../../api/meta';
import type { DataRow, ScreenMeta } from '../../api/types';

const ListChart = lazy(() => import('../../generic/charts/ListChart'));

export function ApprovalsWaiting() {
  const [shown, setShown] = useState<{ screen: ScreenMeta; rows: DataRow[] } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    void (async () => {
      try {
        if (!(await checkAccess('approvals-waiting', 'admin', ctl.signal)).success) return;
        const screen = await fetchScreen('admin', 'approvals-waiting', ctl.signal);
        const page = await listRows('wf_waiting_step', { route: 'admin/approvals-waiting', limit: 50, sortBy: 'waiting', sortDir: 'desc' }, ctl.signal);
        if (screen.chart && page.list.length) setShown({ screen, rows: page.list });
      } catch {
        // the chart is a convenience: without it the home page is complete
      }
    })();
    return () => ctl.abort();
  }, []);
  if (!shown?.screen.chart) return null;
  return (
    <div className="home-chart" data-slot="approvals-waiting">
      <Suspense fallback={null}>
        <ListChart chart={shown.screen.chart} rows={shown.rows} fields={shown.screen.entity?.fields ?? []} />
      </Suspense>
    </div>
  );
}
