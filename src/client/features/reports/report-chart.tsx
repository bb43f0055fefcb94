// The dashboard's charts (decision 230): uPlot (51 KB, 21 KB gzip, MIT, canvas), loaded by dynamic import only when
// a chart first mounts on the overview or the reports screen, so it never reaches the storefront's first load.
// Buckets on the x axis by index with Albanian short labels; counts on integer ticks; money through the money helper
// ("12,50 €").
// The canvas is a picture (role img with a label); each chart's numbers are also in a table (the reports' table view,
// the overview's bar titles).
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';

type UPlotClass = typeof uPlot;
let loading: Promise<UPlotClass> | null = null;

/** uPlot and its stylesheet, fetched once. */
function loadUPlot(): Promise<UPlotClass> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([m]) => m.default);
  return loading;
}

export type ChartAxis = 'count' | 'money';

export interface ChartSeries {
  label: string;
  values: Array<number | null>;
  kind: 'bars' | 'line';
  axis: ChartAxis;
  /** A CSS custom property of the theme (--accent) or a colour. */
  color: string;
  dashed?: boolean;
}

const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000];
const MONEY_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 500000];
const INDEX_STEPS = [1, 2, 3, 4, 5, 7, 10, 14, 15, 20, 30, 31, 50, 60, 100, 200];

const formatAxis = (axis: ChartAxis, v: number) => (axis === 'money' ? formatEuro(v) : String(v));
const themeColor = (c: string) =>
  c.startsWith('--') ? getComputedStyle(document.documentElement).getPropertyValue(c).trim() || '#b4475d' : c;
/** The scale from 0 to a bit above the highest value (at least one step, so an empty chart still has ticks). */
const fromZero = (_u: uPlot, _min: number | null, max: number | null): uPlot.Range.MinMax => [
  0,
  Math.max(1, (max ?? 0) * 1.1),
];

function valueAxis(axis: ChartAxis, side: 1 | 3, grid: boolean): uPlot.Axis {
  return {
    scale: axis,
    side,
    size: axis === 'money' ? 82 : 40,
    incrs: axis === 'money' ? MONEY_STEPS : COUNT_STEPS,
    values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? formatAxis(axis, v) : '')),
    grid: { show: grid, stroke: '#e7e3ee', width: 1 },
    ticks: { show: false },
    font: '11px system-ui, sans-serif',
    stroke: '#6f6a80',
  };
}

function chartOptions(U: UPlotClass, labels: string[], series: ChartSeries[], width: number, height: number) {
  const axes = [...new Set(series.map((s) => s.axis))];
  const bars = U.paths.bars?.({ size: [0.6, 48], align: 0 });
  const opts: uPlot.Options = {
    width,
    height,
    padding: [12, 8, 0, 4],
    cursor: { drag: { x: false, y: false }, points: { size: 6 } },
    legend: { show: true, live: true },
    // Half a bucket on each side, so the first and last bars are whole.
    scales: Object.fromEntries([
      ['x', { time: false, range: (): uPlot.Range.MinMax => [-0.5, labels.length - 0.5] }],
      ...axes.map((a) => [a, { range: fromZero }]),
    ]),
    axes: [
      {
        incrs: INDEX_STEPS,
        space: 56,
        values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')),
        grid: { show: false },
        font: '11px system-ui, sans-serif',
        stroke: '#6f6a80',
      },
      ...axes.map((a, i) => valueAxis(a, i === 0 ? 3 : 1, i === 0)),
    ],
    series: [
      { label: staffMessages.reports.bucket, value: (_u, i) => (i == null ? '' : (labels[i] ?? '')) },
      ...series.map<uPlot.Series>((s) => ({
        label: s.label,
        scale: s.axis,
        stroke: themeColor(s.color),
        width: s.kind === 'bars' ? 0 : 2,
        fill: s.kind === 'bars' ? themeColor(s.color) : undefined,
        dash: s.dashed ? [6, 4] : undefined,
        paths: s.kind === 'bars' ? bars : undefined,
        points: { show: s.kind === 'line' && labels.length <= 14, size: 5 },
        value: (_u, v) => (v == null ? '–' : formatAxis(s.axis, v)),
      })),
    ],
  };
  return opts;
}

/** A uPlot chart that follows its box's width. */
export function ReportChart({
  labels,
  series,
  title,
  height = 220,
  className = '',
}: {
  labels: string[];
  series: ChartSeries[];
  title: string;
  height?: number;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    let gone = false;
    const resize = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height }));
    loadUPlot()
      .then((U) => {
        if (gone) return;
        const data = [labels.map((_, i) => i), ...series.map((s) => s.values)] as uPlot.AlignedData;
        plot = new U(chartOptions(U, labels, series, el.clientWidth, height), data, el);
        resize.observe(el);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      resize.disconnect();
      plot?.destroy();
    };
  }, [labels, series, height]);
  if (failed) return <p className="dash-muted">{staffMessages.reports.chartFailed}</p>;
  return (
    <div
      ref={box}
      className={`report-chart ${className}`}
      role="img"
      aria-label={title}
      style={{ minHeight: height }}
    />
  );
}
