/**
 * The chart.js configurations of the chart a list declares (metadata `chart`), pure functions of
 * the rows the list shows (tested without a canvas):
 *
 * - timeline: one horizontal bar per row from today to its `date` (a date already past: from it to
 *   today), coloured by its `status`, with a mark at its `limit` (the due date) — the due list's
 *   forecast, each item against its limit;
 * - bar: a row's `value` by its label; line: `value` against `date`, stepped;
 * - alert: one panel per `label`, `value` against `date` with the `limit` as a dashed line.
 *
 *   chartConfig({ chart: { kind: 'bar', label: 'step', value: 'open' }, rows, fields })?.type   // 'bar'
 */
import type { ChartConfiguration } from 'chart.js';
import type { DataRow, EntityField, ScreenChart } from '../../api/types';

export const DAY = 86_400_000;
export const PALETTE = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#64748b'];

const dayOf = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const t = Date.parse(`${String(v).slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(t) ? t : null;
};
/** A date axis from `min` to `max` (ms) with ticks on whole days, about six of them. */
const dateAxis = (min: number, max: number) => ({
  type: 'linear' as const,
  min,
  max,
  ticks: { stepSize: Math.max(DAY, Math.ceil((max - min) / 6 / DAY) * DAY), callback: (v: number | string) => shown(Number(v)) },
  grid: { color: '#e5e7eb' },
});
const shown = (t: number) => new Date(t).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

export interface ListChartProps {
  chart: ScreenChart;
  rows: DataRow[];
  fields: EntityField[];
}

/** How a chart shows its rows: a status's label and colour (declared, else the palette in the status's order), a row's label with its note. */
function chartStyle(chart: ScreenChart, fields: EntityField[]) {
  const statusField = fields.find((f) => f.name === chart.status);
  const statusLabel = (code: unknown) => statusField?.values?.find((v) => String(v.code) === String(code))?.label ?? String(code ?? '');
  const codes = statusField?.values?.map((v) => String(v.code)) ?? [];
  const colour = (code: unknown) => chart.colors?.[String(code)] ?? PALETTE[Math.max(0, codes.indexOf(String(code))) % PALETTE.length];
  const label = (r: DataRow) => `${String(r[chart.label ?? ''] ?? '')}${chart.note && r[chart.note] ? ` (${String(r[chart.note])})` : ''}`;
  return { statusLabel, codes, colour, label };
}

/**
 * timeline: one horizontal bar per row from today to its `date` (a date already past: from it to
 * today), coloured by its `status`, with a mark at its `limit`; null when no row has either date.
 */
function timelineConfig({ chart, rows, fields }: ListChartProps, today: number): ChartConfiguration | null {
  const { statusLabel, codes, colour, label } = chartStyle(chart, fields);
  const items = rows.map((r) => ({ r, end: dayOf(r[chart.date ?? '']), limit: dayOf(r[chart.limit ?? '']) })).filter((x) => x.end !== null || x.limit !== null);
  if (items.length === 0) return null;
  const labels = items.map((x) => label(x.r));
  const times = items.flatMap((x) => [x.end, x.limit].filter((v): v is number => v !== null)).concat(today);
  const [min, max] = [Math.min(...times) - 7 * DAY, Math.max(...times) + 7 * DAY];
  const present = [...new Set(items.map((x) => String(x.r[chart.status ?? ''] ?? '')))].sort((a, b) => codes.indexOf(a) - codes.indexOf(b));
  const bars = items.map((x) => {
    const end = x.end ?? x.limit ?? today;
    return end >= today ? [today, end] : [end, today];
  });
  return {
    type: 'bar',
    data: {
      labels,
      datasets: [
        {
          type: 'bar',
          label: 'Forecast from today',
          data: bars as unknown as number[],
          backgroundColor: items.map((x) => colour(x.r[chart.status ?? ''])),
          borderSkipped: false,
          barPercentage: 0.7,
        },
        {
          type: 'scatter',
          label: 'Due date (limit)',
          data: items.flatMap((x, i) => (x.limit === null ? [] : [{ x: x.limit, y: labels[i] as unknown as number }])),
          pointStyle: 'line',
          pointRotation: 90,
          pointRadius: 9,
          borderWidth: 3,
          borderColor: '#111827',
          backgroundColor: '#111827',
        },
      ],
    },
    options: {
      indexAxis: 'y',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: {
        x: dateAxis(min, max),
        y: { type: 'category', ticks: { autoSkip: false, font: { size: 11 } } },
      },
      plugins: {
        // one entry per status shown (its colour), and the due-date mark
        legend: {
          position: 'bottom',
          labels: {
            generateLabels: () => [
              ...present.map((code) => ({ text: statusLabel(code), fillStyle: colour(code), strokeStyle: colour(code), lineWidth: 0, hidden: false, datasetIndex: 0 })),
              { text: 'Due date', fillStyle: '#111827', strokeStyle: '#111827', lineWidth: 0, hidden: false, datasetIndex: 1 },
            ],
          },
        },
        tooltip: {
          callbacks: {
            label: (c) => {
              const x = items[c.dataIndex];
              if (!x) return '';
              if (c.datasetIndex === 1) return `Due ${x.limit !== null ? shown(x.limit) : '—'}`;
              const days = x.end === null ? null : Math.round((x.end - today) / DAY);
              return `${statusLabel(x.r[chart.status ?? ''])}: forecast ${x.end !== null ? shown(x.end) : '—'}${days === null ? '' : ` (${days >= 0 ? `in ${days}` : `${-days} overdue`} days)`}`;
            },
          },
        },
      },
    },
  };
}

/** The chart.js configuration of a declared chart over these rows (pure: tested without a canvas). */
export function chartConfig({ chart, rows, fields }: ListChartProps, today = Date.parse(new Date().toISOString().slice(0, 10) + 'T00:00:00Z')): ChartConfiguration | null {
  if (chart.kind === 'timeline') return timelineConfig({ chart, rows, fields }, today);
  const { colour, label } = chartStyle(chart, fields);
  const values = rows.map((r) => Number(r[chart.value ?? '']));
  if (chart.kind === 'bar') {
    return {
      type: 'bar',
      data: { labels: rows.map(label), datasets: [{ label: fields.find((f) => f.name === chart.value)?.label ?? chart.value ?? '', data: values, backgroundColor: rows.map((r) => colour(r[chart.status ?? ''])) }] },
      // horizontal: the labels (a workflow and its step) read in full
      options: { indexAxis: 'y', responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: { precision: 0 } }, y: { ticks: { autoSkip: false } } } },
    };
  }
  const points = rows.map((r, i) => ({ x: dayOf(r[chart.date ?? '']), y: values[i] })).filter((p): p is { x: number; y: number } => p.x !== null && Number.isFinite(p.y)).sort((a, b) => a.x - b.x);
  return {
    type: 'line',
    data: { datasets: [{ label: fields.find((f) => f.name === chart.value)?.label ?? chart.value ?? '', data: points, borderColor: PALETTE[0], backgroundColor: PALETTE[0], pointRadius: 3, stepped: true }] },
    options: { responsive: true, maintainAspectRatio: false, animation: false, scales: { x: dateAxis((points[0]?.x ?? today) - DAY, (points.at(-1)?.x ?? today) + DAY) } },
  };
}

/** One small chart of an `alert` chart: a label's value against the date, with its alert line. */
export interface AlertPanel {
  label: string;
  flagged: boolean;
  config: ChartConfiguration;
}

/**
 * alert: one panel per `label` (an ATA chapter): `value` (the 3-month rate) against `date` (the
 * month), the numeric `limit` (the alert level) as a dashed red line, points coloured by `status`
 * (a flagged month red); a panel whose last month is flagged says so in its title (pure: tested
 * without a canvas).
 */
export function alertPanels({ chart, rows }: ListChartProps): AlertPanel[] {
  const groups = new Map<string, DataRow[]>();
  for (const r of rows) {
    const k = String(r[chart.label ?? ''] ?? '');
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const colour = (code: unknown) => chart.colors?.[String(code)] ?? PALETTE[0];
  const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  return [...groups].map(([key, rs]) => {
    const sorted = [...rs].sort((a, b) => (dayOf(a[chart.date ?? '']) ?? 0) - (dayOf(b[chart.date ?? '']) ?? 0));
    const labels = sorted.map((r) => new Date(dayOf(r[chart.date ?? '']) ?? 0).toLocaleDateString('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' }));
    const last = sorted.at(-1);
    const flagged = last !== undefined && String(last[chart.status ?? '']) === 'ALERT';
    const note = chart.note && sorted[0]?.[chart.note] ? ` ${String(sorted[0][chart.note])}` : '';
    return {
      label: `ATA ${key}${note}${flagged ? ' — ABOVE ALERT LEVEL' : ''}`,
      flagged,
      config: {
        type: 'line',
        data: {
          labels,
          datasets: [
            { label: 'Rate', data: sorted.map((r) => num(r[chart.value ?? ''])), borderColor: PALETTE[0], backgroundColor: sorted.map((r) => colour(r[chart.status ?? ''])), pointBackgroundColor: sorted.map((r) => colour(r[chart.status ?? ''])), pointRadius: sorted.map((r) => (String(r[chart.status ?? '']) === 'ALERT' ? 6 : 3)), spanGaps: true },
            { label: 'Alert level', data: sorted.map((r) => num(r[chart.limit ?? ''])), borderColor: '#dc2626', borderDash: [6, 4], pointRadius: 0, borderWidth: 2, spanGaps: true },
          ],
        },
        options: { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { position: 'bottom' } }, scales: { y: { beginAtZero: true } } },
      } as ChartConfiguration,
    };
  });
}
