/**
 * The chart a list declares (metadata `chart`), drawn with chart.js from the rows the list shows.
 * Loaded lazily (React.lazy in GenericList), so chart.js never weighs on the shell.
 *
 * timeline: one horizontal bar per row from today to its `date` (a date already past: from it to
 * today), coloured by its `status`, with a mark at its `limit` (the due date) — the due list's
 * forecast, each item against its limit, the driving counter ("whichever first") in the label.
 */
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, ScatterController, Tooltip } from 'chart.js';
import { alertPanels, chartConfig, type AlertPanel, type ListChartProps } from './chartConfig';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, ScatterController, Tooltip, Legend);

function AlertPanelChart({ panel }: { panel: AlertPanel }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const c = new Chart(canvas.current, panel.config);
    return () => c.destroy();
  });
  return (
    <div className={`alert-panel${panel.flagged ? ' alert-panel-flagged' : ''}`} data-testid="alert-panel" data-flagged={panel.flagged ? 'true' : 'false'} style={{ border: `1px solid ${panel.flagged ? '#dc2626' : '#e5e7eb'}`, borderRadius: 6, padding: 6 }}>
      <h3 style={{ margin: '0 0 4px', fontSize: 13, color: panel.flagged ? '#b91c1c' : undefined }}>{panel.label}</h3>
      <div style={{ position: 'relative', height: 180 }}>
        <canvas ref={canvas} role="img" aria-label={panel.label} />
      </div>
    </div>
  );
}

export default function ListChart(props: ListChartProps) {
  if (props.chart.kind === 'alert') {
    const panels = alertPanels(props);
    if (panels.length === 0) return null;
    return (
      <section className="card list-chart" data-testid="list-chart">
        {props.chart.title ? <h2 className="list-chart-title">{props.chart.title}</h2> : null}
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))', gap: 8 }}>
          {panels.map((p) => (
            <AlertPanelChart key={p.label} panel={p} />
          ))}
        </div>
      </section>
    );
  }
  return <SingleChart {...props} />;
}

function SingleChart(props: ListChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const config = chartConfig(props);
  const height = props.chart.kind === 'timeline' ? Math.min(900, 80 + props.rows.length * 22) : props.chart.kind === 'bar' ? Math.min(700, 60 + props.rows.length * 28) : 280;
  useEffect(() => {
    if (!canvas.current || !config) return;
    const c = new Chart(canvas.current, config);
    return () => c.destroy();
  });
  if (!config) return null;
  return (
    <section className="card list-chart" data-testid="list-chart">
      {props.chart.title ? <h2 className="list-chart-title">{props.chart.title}</h2> : null}
      <div style={{ position: 'relative', height }}>
        <canvas ref={canvas} role="img" aria-label={props.chart.title ?? 'Chart'} />
      </div>
    </section>
  );
}
