import { Suspense, lazy } from 'react';
import type { DataRow, ScreenMeta } from '../../api/types';
import { t } from '../../i18n';

// chart.js loads only with a screen that declares a chart (metadata `chart`)
const ListChart = lazy(() => import('../charts/ListChart'));

/** The screen's chart of the page's rows, once the filters it needs have values. */
export function ListChartPanel({ screen, rows, values }: { screen: ScreenMeta; rows: DataRow[]; values: Record<string, string> }) {
  if (!screen.chart || rows.length === 0 || !(screen.chart.needs ?? []).every((p) => Boolean(values[p]))) return null;
  return (
    <Suspense fallback={<div className="card list-chart muted">{t('Loading chart…')}</div>}>
      <ListChart chart={screen.chart} rows={rows} fields={screen.entity?.fields ?? []} />
    </Suspense>
  );
}
